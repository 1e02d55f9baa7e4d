#include "bots/balance_analysis.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "bots/balance_stats.h"

namespace cardboard {

using nlohmann::json;

namespace {

constexpr const char* kReportFormat = "cardboard-balance-report";
constexpr const char* kComparisonFormat = "cardboard-balance-comparison";
constexpr int kReportVersion = 1;

json proportion_json(const Proportion& p) {
  json j = {{"count", p.k}, {"games", p.n}};
  if (p.defined) {
    j["rate"] = p.rate;
    j["low"] = p.low;
    j["high"] = p.high;
  } else {
    j["rate"] = nullptr;
    j["low"] = nullptr;
    j["high"] = nullptr;
  }
  return j;
}

json difference_json(const ProportionDifference& d) {
  if (!d.defined) return nullptr;
  return {{"difference", d.difference}, {"low", d.low},          {"high", d.high},
          {"z", d.z},                   {"p", d.p},              {"significant", d.significant}};
}

json summary_json(const Summary& s) {
  if (s.n == 0) return nullptr;
  return {{"n", s.n},           {"mean", s.mean}, {"sd", s.sd},   {"min", s.min},
          {"q1", s.q1},         {"median", s.median}, {"q3", s.q3}, {"max", s.max}};
}

// Bins of whole numbers: width 1 while at most 30 bins do, else the
// smallest of 2, 5, 10, 20, 50... that does. Each bin [low, high].
json histogram(const std::vector<int64_t>& values) {
  json bins = json::array();
  if (values.empty()) return bins;
  const auto [lo_it, hi_it] = std::minmax_element(values.begin(), values.end());
  const int64_t lo = *lo_it, hi = *hi_it;
  int64_t width = 0;
  for (int64_t magnitude = 1; width == 0; magnitude *= 10)
    for (int64_t m : {1, 2, 5})
      if (width == 0 && (hi - lo) / (m * magnitude) + 1 <= 30) width = m * magnitude;
  const auto floor_div = [](int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); };
  const int64_t start = floor_div(lo, width) * width;
  const size_t n = static_cast<size_t>((hi - start) / width + 1);
  std::vector<int64_t> counts(n, 0);
  for (int64_t v : values) ++counts[static_cast<size_t>((v - start) / width)];
  for (size_t i = 0; i < n; ++i) {
    const int64_t low = start + static_cast<int64_t>(i) * width;
    bins.push_back({{"low", low}, {"high", low + width - 1}, {"count", counts[i]}});
  }
  return bins;
}

json length_json(const std::vector<int64_t>& values) {
  json j = summary_json(summarize(values));
  if (!j.is_null()) j["histogram"] = histogram(values);
  return j;
}

std::string side_id(const ScenarioRun& s, int side) {
  return side >= 0 && side < static_cast<int>(s.sides.size()) ? s.sides[static_cast<size_t>(side)].id : "";
}

json side_or_null(const ScenarioRun& s, int side) {
  const std::string id = side_id(s, side);
  if (id.empty()) return nullptr;
  return id;
}

// The bot each side plays with: its --bot text's, or "random".
json players_json(const Run& run, const ScenarioRun& s) {
  json out = json::array();
  for (const auto& side : s.sides) {
    if (side.automatic) continue;
    std::string bot = "random";
    for (const auto& b : run.bots)
      if (b.size() > side.id.size() && b.compare(0, side.id.size(), side.id) == 0 && b[side.id.size()] == '=')
        bot = b.substr(side.id.size() + 1);
    out.push_back({{"side", side.id}, {"title", side.title}, {"bot", bot}});
  }
  return out;
}

json run_json(const Run& run) {
  const double games = static_cast<double>(run.games_per_shard) * static_cast<double>(run.scenarios.size());
  return {{"seconds", run.seconds},
          {"jobs", run.jobs},
          {"shards", run.shard.n},
          {"shard", run.shard.k},
          {"merged_from", run.merged_from},
          {"games_per_second", run.seconds > 0 ? json(games / run.seconds) : json(nullptr)}};
}

// What the report of a scenario and a comparison share: which games.
json games_json(const Run& run, const ScenarioRun& s) {
  int64_t errors = 0, samples_failed = 0, searches_failed = 0;
  std::string first_error;
  for (const auto& r : s.records) {
    if (r.error && errors++ == 0) first_error = r.result;
    samples_failed += r.samples_failed;
    searches_failed += r.searches_failed;
  }
  json j = {{"games", static_cast<int64_t>(s.records.size())},
            {"first_game", run.first_game()},
            {"finished", static_cast<int64_t>(s.records.size()) - errors},
            {"errors", errors},
            {"samples_failed", samples_failed},
            {"searches_failed", searches_failed}};
  j["first_error"] = errors ? json(first_error) : json(nullptr);
  return j;
}

json scenario_json(const ScenarioRun& s) {
  return {{"game", s.game},         {"game_title", s.game_title}, {"scenario", s.scenario},
          {"title", s.title},       {"rules_hash", s.rules_hash}, {"solitaire", s.solitaire()}};
}

// Each result's count (errors last, as "error"), most frequent first.
struct ResultCount {
  std::string result;
  int64_t count = 0;
  int winner = -1;
  bool error = false;
};
std::vector<ResultCount> result_counts(const ScenarioRun& s) {
  std::map<std::string, ResultCount> by_text;
  ResultCount errors{"error", 0, -1, true};
  for (const auto& r : s.records) {
    if (r.error) {
      ++errors.count;
      continue;
    }
    auto [it, added] = by_text.try_emplace(r.result, ResultCount{r.result, 0, r.winner, false});
    ++it->second.count;
  }
  std::vector<ResultCount> out;
  for (auto& [text, rc] : by_text) out.push_back(std::move(rc));
  std::stable_sort(out.begin(), out.end(), [](const ResultCount& a, const ResultCount& b) { return a.count > b.count; });
  if (errors.count) out.push_back(errors);
  return out;
}

json results_json(const ScenarioRun& s) {
  json out = json::array();
  const auto n = static_cast<int64_t>(s.records.size());
  for (const auto& rc : result_counts(s)) {
    json j = proportion_json(wilson(rc.count, n));
    j["result"] = rc.result;
    j["winner"] = side_or_null(s, rc.winner);
    if (rc.error) j["error"] = true;
    out.push_back(std::move(j));
  }
  return out;
}

// Each side's wins over every game, and the games no side won.
json sides_json(const ScenarioRun& s) {
  json out = json::array();
  const auto n = static_cast<int64_t>(s.records.size());
  std::vector<int64_t> wins(s.sides.size(), 0);
  int64_t none = 0;
  for (const auto& r : s.records) {
    if (r.error) continue;
    if (r.winner >= 0 && r.winner < static_cast<int>(wins.size())) ++wins[static_cast<size_t>(r.winner)];
    else ++none;
  }
  for (size_t i = 0; i < s.sides.size(); ++i) {
    json j = proportion_json(wilson(wins[i], n));
    j["side"] = s.sides[i].id;
    j["title"] = s.sides[i].title;
    out.push_back(std::move(j));
  }
  json j = proportion_json(wilson(none, n));
  j["side"] = nullptr;
  j["title"] = "no winner";
  out.push_back(std::move(j));
  return out;
}

json tracks_json(const ScenarioRun& s) {
  json out = json::array();
  for (size_t t = 0; t < s.tracks.size(); ++t) {
    size_t turns = 0;
    for (const auto& r : s.records)
      if (!r.error) turns = std::max(turns, r.turn_tracks.size());
    json by_turn = json::array();
    std::vector<int64_t> values;
    for (size_t k = 0; k < turns; ++k) {
      values.clear();
      for (const auto& r : s.records)
        if (!r.error && k < r.turn_tracks.size() && t < r.turn_tracks[k].size()) values.push_back(r.turn_tracks[k][t]);
      json j = summary_json(summarize(values));
      j["turn"] = static_cast<int64_t>(k + 1);
      by_turn.push_back(std::move(j));
    }
    values.clear();
    for (const auto& r : s.records)
      if (!r.error && t < r.end_tracks.size()) values.push_back(r.end_tracks[t]);
    out.push_back({{"track", s.tracks[t].id},
                   {"title", s.tracks[t].title},
                   {"min", s.tracks[t].min},
                   {"max", s.tracks[t].max},
                   {"turns", std::move(by_turn)},
                   {"end", summary_json(summarize(values))}});
  }
  return out;
}

json first_player_json(const ScenarioRun& s) {
  std::map<int, int64_t> games_by_first;
  for (const auto& r : s.records)
    if (!r.error) ++games_by_first[r.first_side];
  if (games_by_first.size() <= 1) {
    const int side = games_by_first.empty() ? -1 : games_by_first.begin()->first;
    return {{"fixed", true}, {"side", side_or_null(s, side)}};
  }
  json by_side = json::array();
  int64_t first_won = 0, all = 0;
  for (const auto& [first, n] : games_by_first) {
    std::vector<int64_t> wins(s.sides.size(), 0);
    for (const auto& r : s.records)
      if (!r.error && r.first_side == first && r.winner >= 0 && r.winner < static_cast<int>(wins.size()))
        ++wins[static_cast<size_t>(r.winner)];
    json each = json::object();
    for (size_t i = 0; i < s.sides.size(); ++i) each[s.sides[i].id] = proportion_json(wilson(wins[i], n));
    const int64_t own = first >= 0 ? wins[static_cast<size_t>(first)] : 0;
    if (first >= 0) {
      first_won += own;
      all += n;
    }
    by_side.push_back({{"side", side_or_null(s, first)},
                       {"games", n},
                       {"first_wins", proportion_json(wilson(own, n))},
                       {"wins", std::move(each)}});
  }
  return {{"fixed", false}, {"by_side", std::move(by_side)}, {"first_wins", proportion_json(wilson(first_won, all))}};
}

json decisions_json(const Run& run, const ScenarioRun& s, const AnalysisOptions& o) {
  json j = {{"recorded", run.decisions}, {"min_support", o.min_support}, {"labels", static_cast<int64_t>(s.labels.size())}};
  json top = json::array();
  if (!run.decisions) {
    j["top"] = std::move(top);
    return j;
  }
  struct Row {
    size_t side;
    uint32_t label;
    int64_t with, with_wins, without, without_wins;
    ProportionDifference d;
  };
  std::vector<Row> rows;
  const size_t labels = s.labels.size();
  for (size_t side = 0; side < s.sides.size(); ++side) {
    if (s.sides[side].automatic) continue;
    std::vector<int64_t> with(labels, 0), with_wins(labels, 0);
    int64_t games = 0, wins = 0;
    for (const auto& r : s.records) {
      if (r.error) continue;
      ++games;
      const bool won = r.winner == static_cast<int>(side);
      wins += won;
      if (side >= r.labels.size()) continue;
      for (uint32_t id : r.labels[side]) {
        if (id >= labels) continue;
        ++with[id];
        with_wins[id] += won;
      }
    }
    for (uint32_t id = 0; id < labels; ++id) {
      const int64_t without = games - with[id];
      if (with[id] < o.min_support || without < o.min_support) continue;
      rows.push_back({side, id, with[id], with_wins[id], without, wins - with_wins[id],
                      compare_proportions(with_wins[id], with[id], wins - with_wins[id], without)});
    }
  }
  // The largest differences first, either way; then the commoner decision.
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    const double da = std::fabs(a.d.difference), db = std::fabs(b.d.difference);
    if (da != db) return da > db;
    if (a.with != b.with) return a.with > b.with;
    return std::tie(a.side, a.label) < std::tie(b.side, b.label);
  });
  j["candidates"] = static_cast<int64_t>(rows.size());
  for (size_t i = 0; i < rows.size() && i < static_cast<size_t>(std::max(0, o.top)); ++i) {
    const Row& r = rows[i];
    top.push_back({{"side", s.sides[r.side].id},
                   {"label", s.labels[r.label]},
                   {"with", proportion_json(wilson(r.with_wins, r.with))},
                   {"without", proportion_json(wilson(r.without_wins, r.without))},
                   {"difference", difference_json(r.d)}});
  }
  j["top"] = std::move(top);
  return j;
}

std::vector<int64_t> lengths(const ScenarioRun& s, bool turns) {
  std::vector<int64_t> v;
  for (const auto& r : s.records)
    if (!r.error) v.push_back(turns ? r.turns : r.decisions);
  return v;
}

// Track `id`'s values at the end of the finished games (none where the
// scenario has no such track).
std::vector<int64_t> end_values(const ScenarioRun& s, const std::string& id) {
  std::vector<int64_t> v;
  size_t at = s.tracks.size();
  for (size_t i = 0; i < s.tracks.size(); ++i)
    if (s.tracks[i].id == id) at = i;
  if (at == s.tracks.size()) return v;
  for (const auto& r : s.records)
    if (!r.error && at < r.end_tracks.size()) v.push_back(r.end_tracks[at]);
  return v;
}

// Two samples' summaries and the difference of their means (A - B).
json means_json(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  const Summary sa = summarize(a), sb = summarize(b);
  const MeanDifference d = compare_means(sa, sb);
  json diff = nullptr;
  if (d.defined)
    diff = {{"difference", d.difference}, {"low", d.low}, {"high", d.high}, {"p", d.p}, {"significant", d.significant}};
  return {{"a", summary_json(sa)}, {"b", summary_json(sb)}, {"difference", diff}};
}

}  // namespace

json scenario_report(const Run& run, size_t index, const AnalysisOptions& o) {
  const ScenarioRun& s = run.scenarios.at(index);
  json j = {{"format", kReportFormat}, {"version", kReportVersion}};
  j.update(scenario_json(s));
  j["seed"] = run.seed;
  j["bots"] = run.bots;
  j["players"] = players_json(run, s);
  j.update(games_json(run, s));
  j["results"] = results_json(s);
  j["sides"] = s.solitaire() ? json::array() : sides_json(s);
  j["length"] = {{"turns", length_json(lengths(s, true))}, {"decisions", length_json(lengths(s, false))}};
  j["tracks"] = tracks_json(s);
  j["first_player"] = first_player_json(s);
  j["decisions"] = decisions_json(run, s, o);
  j["run"] = run_json(run);
  return j;
}

json comparison_report(const Run& run, const AnalysisOptions&) {
  const ScenarioRun& a = run.scenarios.at(0);
  const ScenarioRun& b = run.scenarios.at(1);
  json j = {{"format", kComparisonFormat}, {"version", kReportVersion}};
  json ja = scenario_json(a), jb = scenario_json(b);
  ja.update(games_json(run, a));
  jb.update(games_json(run, b));
  j["a"] = std::move(ja);
  j["b"] = std::move(jb);
  j["seed"] = run.seed;
  j["bots"] = run.bots;
  j["players"] = players_json(run, a);
  j["first_game"] = run.first_game();
  j["games"] = static_cast<int64_t>(a.records.size());
  const auto na = static_cast<int64_t>(a.records.size()), nb = static_cast<int64_t>(b.records.size());

  // Each result of either, most frequent (over both) first.
  std::map<std::string, std::pair<int64_t, int64_t>> counts;
  for (const auto& rc : result_counts(a)) counts[rc.result].first = rc.count;
  for (const auto& rc : result_counts(b)) counts[rc.result].second = rc.count;
  std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>> ordered(counts.begin(), counts.end());
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& x, const auto& y) {
    return x.second.first + x.second.second > y.second.first + y.second.second;
  });
  json results = json::array();
  for (const auto& [text, c] : ordered)
    results.push_back({{"result", text},
                       {"a", proportion_json(wilson(c.first, na))},
                       {"b", proportion_json(wilson(c.second, nb))},
                       {"difference", difference_json(compare_proportions(c.first, na, c.second, nb))}});
  j["results"] = std::move(results);

  // Each side's wins, by id, when either scenario is between people.
  json sides = json::array();
  if (!a.solitaire() || !b.solitaire()) {
    std::vector<std::string> ids;
    for (const auto& s : a.sides) ids.push_back(s.id);
    for (const auto& s : b.sides)
      if (a.find_side(s.id) < 0) ids.push_back(s.id);
    const auto wins = [](const ScenarioRun& s, const std::string& id) {
      const int side = s.find_side(id);
      int64_t w = 0;
      for (const auto& r : s.records) w += !r.error && side >= 0 && r.winner == side;
      return w;
    };
    for (const auto& id : ids) {
      const int64_t wa = wins(a, id), wb = wins(b, id);
      sides.push_back({{"side", id},
                       {"a", proportion_json(wilson(wa, na))},
                       {"b", proportion_json(wilson(wb, nb))},
                       {"difference", difference_json(compare_proportions(wa, na, wb, nb))}});
    }
  }
  j["sides"] = std::move(sides);

  json length = json::object();
  for (const bool turns : {true, false})
    length[turns ? "turns" : "decisions"] = means_json(lengths(a, turns), lengths(b, turns));
  j["length"] = std::move(length);

  // Each track of both at the games' end (A's order): how a rule moves the
  // points, the levels, the counts it scores, which a win rate can hide.
  json tracks = json::array();
  for (const auto& t : a.tracks) {
    bool shared = false;
    for (const auto& u : b.tracks) shared = shared || u.id == t.id;
    if (!shared) continue;
    json row = means_json(end_values(a, t.id), end_values(b, t.id));
    row["id"] = t.id;
    row["title"] = t.title;
    tracks.push_back(std::move(row));
  }
  j["tracks"] = std::move(tracks);
  j["run"] = run_json(run);
  return j;
}

}  // namespace cardboard
