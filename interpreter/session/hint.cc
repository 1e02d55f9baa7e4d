#include "session/hint.h"

#include <cmath>
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

namespace {

// How sure the search is of its most tried choice against the next: the
// difference of their playouts' means and twice its standard error (each
// outcome lies between 0 and 1, so a mean m of n playouts varies by at
// most m(1-m)/n), and whether the first is ahead by more than that.
nlohmann::json sure_of(const MctsStats::Choice& first, const MctsStats::Choice& next) {
  const auto variance = [](const MctsStats::Choice& c) {
    return c.visits > 0 ? c.mean * (1 - c.mean) / static_cast<double>(c.visits) : 0.25;
  };
  const double margin = first.mean - next.mean;
  const double noise = 2 * std::sqrt(variance(first) + variance(next));
  return {{"apart", margin > noise && margin > 0}, {"margin", margin}, {"noise", noise}};
}

}  // namespace

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
    const std::vector<size_t> most = st.most_tried(3);
    for (const size_t i : most) {
      nlohmann::json c = at(i);
      c["visits"] = st.choices[i].visits;
      c["mean"] = st.choices[i].mean;
      tried.push_back(std::move(c));
    }
    if (most.size() >= 2) out["sure"] = sure_of(st.choices[most[0]], st.choices[most[1]]);
  }
  out["tried"] = std::move(tried);
  if (out.contains("sure")) out["sure"]["text"] = sure_text(out);
  return out;
}

std::string sure_text(const nlohmann::json& hint) {
  const nlohmann::json& sure = hint["sure"];
  const auto pct = [](double x) { return std::to_string(static_cast<int>(std::lround(100 * x))) + "%"; };
  const std::string numbers = "its playouts gave it " + pct(hint["tried"][0]["mean"].get<double>()) + " against " +
                              pct(hint["tried"][1]["mean"].get<double>()) + " for the next, noise ±" +
                              pct(sure["noise"].get<double>());
  if (sure["apart"].get<bool>()) return "a clear preference: " + numbers;
  return "a guess: the bot cannot tell its two most tried choices apart at this budget (" + numbers + ")";
}

std::string hint_text(const nlohmann::json& hint, const std::string& side_title) {
  const auto words = [](const nlohmann::json& c) {
    const int64_t n = c.contains("n") ? c["n"].get<int64_t>() : c["choice"].get<int64_t>();
    return std::to_string(n) + ". " + (c.contains("text") ? c["text"].get<std::string>() : std::string());
  };
  std::string out = hint["bot"].get<std::string>() + " would take " + words(hint) + "\n";
  if (hint.value("stopped", false))
    out += "  (its time ran out after " + std::to_string(hint["iterations"].get<int64_t>()) + " iterations)\n";
  if (hint.contains("sure")) out += "  " + sure_text(hint) + "\n";
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
