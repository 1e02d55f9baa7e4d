#include "session/hint.h"

#include <cstdio>

#include "bots/mcts.h"
#include "session/view_format.h"

namespace cardboard {

Result<std::unique_ptr<Bot>> hint_bot(const Game& g, const std::string& spec, const std::string& option) {
  const int side = g.state().pending.side;
  if (g.state().finished || side < 0) return rejected("no side decides now: there is nothing to hint at");
  auto parsed = parse_bot_spec(g.def().sides[static_cast<size_t>(side)].id + "=" + spec, g.def(), option);
  if (!parsed.ok()) return parsed.error();
  return make_bot(*parsed, g.def_ptr(), g.seed());
}

Status check_hint(const GameDef& def, const std::string& spec, const std::string& option) {
  for (const auto& side : def.sides) {
    if (side.automatic) continue;
    auto parsed = parse_bot_spec(side.id + "=" + spec, def, option);
    if (!parsed.ok()) return Error{ErrorKind::kUsage, parsed.error().message};
    break;
  }
  return ok_status();
}

nlohmann::json hint_json(const View& view, const Bot& bot, int choice, const std::string& spec) {
  const auto& choices = view.decision.choices;
  const auto at = [&](size_t i) {
    nlohmann::json c = {{"n", i + 1}};
    if (i < choices.size()) c["value"] = choices[i].value, c["text"] = choices[i].text;
    return c;
  };
  nlohmann::json out = at(static_cast<size_t>(choice));
  out["choice"] = out["n"];
  out.erase("n");
  out["bot"] = spec;
  nlohmann::json tried = nlohmann::json::array();
  if (const auto* search = dynamic_cast<const MctsBot*>(&bot)) {
    const MctsStats& st = search->last_stats();
    out["iterations"] = st.iterations;
    if (st.stopped) out["stopped"] = true;
    for (const size_t i : st.most_tried(3)) {
      nlohmann::json c = at(i);
      c["visits"] = st.choices[i].visits;
      c["mean"] = st.choices[i].mean;
      tried.push_back(std::move(c));
    }
  }
  out["tried"] = std::move(tried);
  return out;
}

std::string hint_text(const nlohmann::json& hint, const std::string& side_title) {
  const auto words = [](const nlohmann::json& c) {
    const int64_t n = c.contains("n") ? c["n"].get<int64_t>() : c["choice"].get<int64_t>();
    return std::to_string(n) + ". " + (c.contains("text") ? c["text"].get<std::string>() : std::string());
  };
  std::string out = hint["bot"].get<std::string>() + " would take " + words(hint) + "\n";
  if (hint.value("stopped", false))
    out += "  (its time ran out after " + std::to_string(hint["iterations"].get<int64_t>()) + " iterations)\n";
  if (hint["tried"].empty()) return terminal_text(out);
  out += "  its most tried choices: iterations, and the mean outcome of their playouts for " + side_title +
         " (a win 100%):\n";
  for (const auto& c : hint["tried"]) {
    char line[64];
    std::snprintf(line, sizeof line, ": %lld of %lld, %.0f%%\n", static_cast<long long>(c["visits"].get<int64_t>()),
                  static_cast<long long>(hint["iterations"].get<int64_t>()), 100 * c["mean"].get<double>());
    out += "  " + words(c) + line;
  }
  return terminal_text(out);
}

}  // namespace cardboard
