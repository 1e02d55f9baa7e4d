#include "bots/bot.h"

#include "bots/mcts.h"
#include "bots/policy_bot.h"
#include "bots/random_bot.h"

namespace cardboard {

namespace {

std::string side_list(const GameDef& def) {
  std::string out;
  for (const auto& s : def.sides)
    if (!s.automatic) out += (out.empty() ? "" : ", ") + s.id;
  return out;
}

}  // namespace

std::string bot_help() {
  return "random: each choice equally likely (no parameters)\n"
         "mcts: Monte Carlo tree search: iterations=N (1000) a decision, or ms=N a decision's time; "
         "c=X (0.7) exploration; depth=N (0: to the end) playout decisions before the game's bot_eval; "
         "playout=NAME: the rules' bot_policy plays the playouts (default: at random); "
         "prior=N: with playout, its choice at each decision of the tree starts with N iterations won; seed=N\n"
         "policy: the game's scripted player: name=NAME (required) of the rules' bot_policy; seed=N";
}

Result<BotSpec> parse_bot_spec(std::string_view text, const GameDef& def, std::string_view option) {
  BotSpec spec;
  spec.text = std::string(text);
  const auto usage = [&](const std::string& why) {
    return rejected(std::string(option) + " '" + spec.text + "': " + why + " (SIDE=NAME[:KEY=VALUE,...], sides " +
                    side_list(def) + ", bots random, mcts and policy)");
  };
  const size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) return usage("no side");
  const std::string side(text.substr(0, eq));
  spec.side = def.find_side(side);
  if (spec.side < 0) return usage("the game has no side '" + side + "'");
  if (def.sides[spec.side].automatic) return usage("the rules play side '" + side + "' themselves");
  std::string_view rest = text.substr(eq + 1);
  const size_t colon = rest.find(':');
  spec.name = std::string(rest.substr(0, colon));
  if (spec.name != "random" && spec.name != "mcts" && spec.name != "policy") return usage("no bot '" + spec.name + "'");
  if (colon != std::string_view::npos) {
    std::string_view params = rest.substr(colon + 1);
    while (!params.empty()) {
      const size_t comma = params.find(',');
      const std::string_view kv = params.substr(0, comma);
      const size_t e = kv.find('=');
      if (e == std::string_view::npos || e == 0 || e + 1 == kv.size())
        return usage(std::string(kv).insert(0, 1, '\'') + "' is not KEY=VALUE");  // not "'" + ...: a GCC 12 false -Wrestrict
      const std::string key(kv.substr(0, e));
      for (const auto& [k, v] : spec.params)
        if (k == key) return usage("parameter '" + key + "' given twice");
      spec.params.emplace_back(key, std::string(kv.substr(e + 1)));
      params = comma == std::string_view::npos ? std::string_view{} : params.substr(comma + 1);
    }
  }
  if (spec.name == "random" && !spec.params.empty()) return usage("the random bot takes no parameters");
  if (spec.name == "mcts") {
    auto o = read_mcts_options(spec.params, 1);
    if (!o.ok()) return usage(o.error().message);
  }
  if (spec.name == "policy") {
    auto o = read_policy_options(spec.params, 1);
    if (!o.ok()) return usage(o.error().message);
  }
  return spec;
}

std::string spec_side(std::string_view text) {
  const size_t eq = text.find('='), colon = text.find(':');
  return eq != std::string_view::npos && (colon == std::string_view::npos || eq < colon) ? std::string(text.substr(0, eq))
                                                                                          : std::string();
}

Status check_bot_text(std::string_view text, std::string_view option) {
  GameDef any;
  any.sides.push_back(SideDef{});
  any.sides[0].id = "side";
  any.side_index["side"] = 0;
  auto s = parse_bot_spec("side=" + std::string(text), any);
  if (!s.ok())
    return rejected(std::string(option) + " '" + std::string(text) +
                    "': a bot NAME[:KEY=VALUE,...] or SIDE=NAME[:KEY=VALUE,...] expected (" + bot_help() + ")");
  return ok_status();
}

Result<std::vector<BotSpec>> parse_bot_specs(const std::vector<std::string>& texts, const GameDef& def) {
  std::vector<BotSpec> out;
  for (const auto& t : texts) {
    auto s = parse_bot_spec(t, def);
    if (!s.ok()) return s.error();
    for (const auto& o : out)
      if (o.side == s->side) return rejected("--bot names side '" + def.sides[s->side].id + "' twice");
    out.push_back(std::move(*s));
  }
  return out;
}

Result<std::unique_ptr<Bot>> make_bot(const BotSpec& spec, std::shared_ptr<const GameDef> def, uint64_t seed) {
  if (spec.name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  if (spec.name == "mcts") {
    auto o = read_mcts_options(spec.params, seed);
    if (!o.ok()) return o.error();
    return std::unique_ptr<Bot>(std::make_unique<MctsBot>(std::move(def), spec.side, *o));
  }
  if (spec.name == "policy") {
    auto o = read_policy_options(spec.params, seed);
    if (!o.ok()) return o.error();
    return std::unique_ptr<Bot>(std::make_unique<PolicyBot>(std::move(def), spec.side, std::move(*o)));
  }
  return rejected("no bot '" + spec.name + "' (random, mcts, policy)");
}

}  // namespace cardboard
