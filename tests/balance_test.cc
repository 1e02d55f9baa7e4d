// Balance reports (issue: balance reports, shards, merge): the statistics
// against published values, the games' records and their labels, shards
// whose union is one run, merging and its refusals of damaged or hostile
// files, the report's numbers for a run worked out by hand, `balance
// --compare`, and the command line's exit codes. The Slurm array job has
// its own test (tests/slurm/run).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "bots/balance_analysis.h"
#include "bots/balance_report.h"
#include "bots/balance_run.h"
#include "bots/balance_stats.h"
#include "bots/simulate.h"
#include "support.h"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace cardboard;

namespace {

const std::string kRoot = CARDBOARD_SOURCE_ROOT;

std::shared_ptr<const GameDef> load(const std::string& scenario, const std::string& root = kRoot) {
  auto d = load_game(scenario, root);
  if (!d.ok()) FAIL(d.error().message);
  return *d;
}

SimReport sim(std::shared_ptr<const GameDef> def, int64_t games, int64_t first, int jobs, bool decisions,
              std::vector<BotSpec> bots = {}) {
  SimOptions o;
  o.games = games;
  o.first_game = first;
  o.seed = 7;
  o.jobs = jobs;
  o.bots = std::move(bots);
  o.keep_records = true;
  o.record_decisions = decisions;
  auto r = simulate(std::move(def), o);
  if (!r.ok()) FAIL(r.error().message);
  return std::move(*r);
}

Run make_run(const GameDef& def, SimReport&& r, int64_t per_shard, Shard shard, bool decisions) {
  Run run;
  run.seed = 7;
  run.games_per_shard = per_shard;
  run.shard = shard;
  run.decisions = decisions;
  run.seconds = r.seconds;
  run.scenarios.push_back(scenario_run(def, std::move(r)));
  return run;
}

// The records of a run as JSON, for comparing two runs whole.
json records_of(const Run& run) { return run_to_json(run)["scenarios"][0]["records"]; }

// A report without its "run" object (seconds, jobs, shards): what must
// not depend on how the games were played.
json results_of(json report) {
  report.erase("run");
  return report;
}

std::string temp_dir(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("cardboard-balance-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p.string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

testing::CommandRun cli(const std::string& args, const std::string& root = kRoot) {
  return testing::run_cardboard(root, args, 300);
}

// A two-sided game whose first player is drawn by a die each game, and
// who moves first reaches three points first more often: a first
// player's advantage to measure.
constexpr const char* kDuelToml = R"([game]
title = "Duel"
scripts = ["duel.lua"]

[[sides]]
id = "left"
title = "Left"

[[sides]]
id = "right"
title = "Right"

[[tracks]]
id = "left_score"
title = "Left's score"
min = 0
max = 3

[[tracks]]
id = "right_score"
title = "Right's score"
min = 0
max = 3

[sequence]
max_turns = 30
turn_limit_result = "Nobody wins"

[[sequence.phases]]
id = "play"
title = "Play"
run = "play"
)";

constexpr const char* kDuelLua = R"(-- Each turn the first side, then the other, pushes or holds; a push
-- scores on 3-6. The first to 3 wins.
function play()
  if vars.first == "" then vars.first = roll("d6", "1") <= 3 and "left" or "right" end
  local first = vars.first
  local second = first == "left" and "right" or "left"
  for _, side in ipairs({ first, second }) do
    local c = ask(side, "2", { prompt = "Push or hold?", choices = { "push", "hold" } })
    if c == "push" and roll("d6", "2") >= 3 then
      if track.add(side .. "_score", 1, "2") >= 3 then return game.title(side) .. " wins", side end
    end
  end
end
)";

struct Duel : testing::TempProject {
  Duel()
      : TempProject("cardboard-balance-duel-" + std::to_string(::getpid()), "duel", kDuelToml, "",
                    {{"duel.lua", kDuelLua}}, "[scenario]\ngame = \"duel\"\ntitle = \"A duel\"\n\n[vars]\nfirst = \"\"\n") {}
  std::string root_dir() const { return root.string(); }
};

}  // namespace

// ---- statistics --------------------------------------------------------------

TEST_CASE("balance stats: Wilson's interval gives Newcombe's published values", "[balance][stats]") {
  // Newcombe (1998), "Two-sided confidence intervals for the single
  // proportion", Table I, method 3 (score interval without correction).
  struct Case {
    int64_t k, n;
    double low, high;
  };
  for (const Case c : {Case{81, 263, 0.2553, 0.3662}, Case{15, 148, 0.0624, 0.1605}, Case{0, 20, 0.0, 0.1611},
                       Case{1, 29, 0.0061, 0.1718}, Case{0, 10, 0.0, 0.2775}, Case{10, 10, 0.7225, 1.0}}) {
    INFO(c.k << "/" << c.n);
    const Proportion p = wilson(c.k, c.n);
    CHECK(p.defined);
    CHECK(p.rate == Approx(static_cast<double>(c.k) / static_cast<double>(c.n)));
    CHECK(p.low == Approx(c.low).margin(5e-5));
    CHECK(p.high == Approx(c.high).margin(5e-5));
  }
  CHECK(wilson(0, 10).low == 0.0);
  CHECK(wilson(10, 10).high == 1.0);
  CHECK_FALSE(wilson(0, 0).defined);
  CHECK(normal_cdf(kZ95) == Approx(0.975).epsilon(1e-12));
  CHECK(normal_cdf(0) == 0.5);
}

TEST_CASE("balance stats: the difference of two proportions, Newcombe's interval and the z-test", "[balance][stats]") {
  // Newcombe (1998), "Interval estimation for the difference between
  // independent proportions", Table II, method 10; the z statistics and p
  // values are the pooled two-proportion test's.
  struct Case {
    int64_t k1, n1, k2, n2;
    double low, high, z, p;
  };
  for (const Case c : {Case{56, 70, 48, 80, 0.0524, 0.3339, 2.6502, 0.0080},
                       Case{9, 10, 3, 10, 0.1705, 0.8090, 2.7386, 0.0062},
                       Case{6, 7, 2, 7, 0.0582, 0.8062, 2.1602, 0.0308},
                       Case{5, 56, 0, 29, -0.0381, 0.1926, 1.6586, 0.0972}}) {
    INFO(c.k1 << "/" << c.n1 << " - " << c.k2 << "/" << c.n2);
    const ProportionDifference d = compare_proportions(c.k1, c.n1, c.k2, c.n2);
    CHECK(d.defined);
    CHECK(d.low == Approx(c.low).margin(5e-5));
    CHECK(d.high == Approx(c.high).margin(5e-5));
    CHECK(d.z == Approx(c.z).margin(5e-5));
    CHECK(d.p == Approx(c.p).margin(5e-5));
    CHECK(d.significant == (c.p < 0.05));
  }
  // Nothing to test when both are all wins.
  const ProportionDifference same = compare_proportions(10, 10, 20, 20);
  CHECK(same.difference == 0);
  CHECK(same.p == 1);
  CHECK_FALSE(same.significant);
  CHECK_FALSE(compare_proportions(1, 0, 1, 2).defined);
}

TEST_CASE("balance stats: a sample's summary and the difference of two means", "[balance][stats]") {
  // numpy.percentile's default (R's type 7) on 1..4 and on 1..10.
  const Summary s = summarize({4, 1, 3, 2});
  CHECK(s.n == 4);
  CHECK(s.mean == 2.5);
  CHECK(s.sd == Approx(1.2909944487));
  CHECK(s.q1 == 1.75);
  CHECK(s.median == 2.5);
  CHECK(s.q3 == 3.25);
  CHECK(s.min == 1);
  CHECK(s.max == 4);
  const Summary t = summarize({10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
  CHECK(t.q1 == 3.25);
  CHECK(t.median == 5.5);
  CHECK(t.q3 == 7.75);
  CHECK(t.sd == Approx(3.0276503541));
  CHECK(summarize({}).n == 0);
  // Welch: se = sqrt(3.02765^2/10 + 1.29099^2/4) = sqrt(4/3) = 1.15470,
  // z = 3 / 1.15470 = 2.59808, p = 0.0093748.
  const MeanDifference d = compare_means(t, s);
  CHECK(d.defined);
  CHECK(d.difference == 3.0);
  CHECK(d.p == Approx(0.0093748).margin(5e-7));
  CHECK(d.low == Approx(3.0 - kZ95 * 1.1547005).margin(1e-6));
  CHECK(d.high == Approx(3.0 + kZ95 * 1.1547005).margin(1e-6));
  CHECK(d.significant);
  CHECK_FALSE(compare_means(summarize({1}), s).defined);
}

// ---- records -----------------------------------------------------------------

TEST_CASE("balance: sim without --bot plays the games it always played", "[balance][sim]") {
  // The outcomes of `sim arab_israeli_wars/1948 --games 2000` before
  // records, bots and shards: the unnamed sides share one random generator.
  auto def = load("arab_israeli_wars/1948");
  SimOptions o;
  o.games = 2000;
  auto plain = simulate(def, o);
  REQUIRE(plain.ok());
  CHECK(plain->outcomes == std::map<std::string, int64_t>{{"Arab victory: complete loss", 1977},
                                                          {"Israeli decisive victory", 23}});
  CHECK(plain->turns == 7395);
  CHECK(plain->decisions == 33511);
  o.keep_records = true;
  o.record_decisions = true;
  o.jobs = 2;
  auto recorded = simulate(def, o);
  REQUIRE(recorded.ok());
  CHECK(recorded->outcomes == plain->outcomes);
  CHECK(recorded->decisions == plain->decisions);
  CHECK(recorded->records.size() == 2000);
}

TEST_CASE("balance: a game's record holds its tracks at each turn, its first side and its decisions' labels",
          "[balance][records]") {
  auto def = load("arab_israeli_wars/1948");
  SimReport r = sim(def, 50, 0, 1, true);
  REQUIRE(r.records.size() == 50);
  CHECK_FALSE(r.labels.empty());
  CHECK(std::is_sorted(r.labels.begin(), r.labels.end()));
  for (const auto& rec : r.records) {
    INFO("game " << rec.game);
    CHECK_FALSE(rec.error);
    CHECK(rec.first_side == def->find_side("israel"));
    CHECK((rec.winner == def->find_side("israel") || rec.winner == def->find_side("arab")));
    REQUIRE_FALSE(rec.turn_tracks.empty());
    CHECK(static_cast<int32_t>(rec.turn_tracks.size()) <= rec.turns);
    // The scenario starts every front at 3 Arab TT.
    CHECK(rec.turn_tracks[0] == std::vector<int64_t>{3, 3, 3});
    CHECK(rec.end_tracks.size() == 3);
    // Only the player decides; its labels ascend, each once.
    REQUIRE(rec.labels.size() == 2);
    CHECK(rec.labels[static_cast<size_t>(def->find_side("arab"))].empty());
    const auto& own = rec.labels[static_cast<size_t>(def->find_side("israel"))];
    CHECK_FALSE(own.empty());
    CHECK(std::adjacent_find(own.begin(), own.end(), std::greater_equal<uint32_t>()) == own.end());
  }
  // Labels name the phase and the choice, a piece by its type.
  for (const auto& l : r.labels) {
    INFO(l);
    CHECK(l.find(": ") != std::string::npos);
  }
  const auto has = [&](const std::string& prefix) {
    for (const auto& l : r.labels)
      if (l.rfind(prefix, 0) == 0) return true;
    return false;
  };
  CHECK(has("transfer: piece=palmach_air_squad"));
  CHECK(has("transfer: option=no_transfer"));

  // decision_label on the race fixture's first decision.
  auto race = testing::load_fixture("race", "short");
  auto g = testing::make_game(race);
  testing::must_ok(g->start(5));
  CHECK(decision_label(*race, g->state(), g->state().pending.choices[0]) == "play: option=roll");
}

TEST_CASE("balance: shards' records are the one run's, whatever the threads", "[balance][shards]") {
  auto def = load("arab_israeli_wars/1948");
  const auto whole = make_run(*def, sim(def, 90, 0, 2, true), 90, {1, 1}, true);
  std::vector<std::pair<std::string, Run>> shards;
  for (int64_t k = 1; k <= 3; ++k)
    shards.emplace_back("shard" + std::to_string(k),
                        make_run(*def, sim(def, 30, (k - 1) * 30, static_cast<int>(k % 2) + 1, true), 30, {k, 3}, true));
  // Each shard holds its games, seeded as the whole run's.
  const json second = records_of(shards[1].second)[0], thirtieth = records_of(whole)[30];
  CHECK(second["game"] == 30);
  for (const char* k : {"result", "winner", "turns", "decisions", "first", "tracks", "end"}) CHECK(second[k] == thirtieth[k]);
  auto merged = merge_runs(shards);
  REQUIRE(merged.ok());
  CHECK(merged->games_per_shard == 90);
  CHECK(merged->shard.n == 1);
  CHECK(merged->merged_from == 3);
  CHECK(merged->scenarios[0].labels == whole.scenarios[0].labels);
  CHECK(records_of(*merged) == records_of(whole));
  const AnalysisOptions o;
  CHECK(results_of(scenario_report(*merged, 0, o)) == results_of(scenario_report(whole, 0, o)));
  // A mcts bot's games too (iterations=20: cheap).
  auto bots = parse_bot_specs({"israel=mcts:iterations=20"}, *def);
  REQUIRE(bots.ok());
  const auto one = make_run(*def, sim(def, 4, 0, 1, true, *bots), 4, {1, 1}, true);
  std::vector<std::pair<std::string, Run>> two;
  for (int64_t k = 1; k <= 2; ++k)
    two.emplace_back("m" + std::to_string(k), make_run(*def, sim(def, 2, (k - 1) * 2, 2, true, *bots), 2, {k, 2}, true));
  auto m = merge_runs(two);
  REQUIRE(m.ok());
  CHECK(records_of(*m) == records_of(one));
}

TEST_CASE("balance: a run file reads back as it was written", "[balance][files]") {
  auto def = load("arab_israeli_wars/1948");
  auto run = make_run(*def, sim(def, 20, 40, 1, true), 20, {3, 5}, true);
  run.scenarios[0].records[2].samples_failed = 7;  // written only where not 0
  run.scenarios[0].records[3].searches_failed = 2;  // likewise
  const std::string dir = temp_dir("roundtrip");
  REQUIRE(write_run_file(dir + "/run.json", run).ok());
  auto back = read_run_file(dir + "/run.json");
  REQUIRE(back.ok());
  CHECK(run_to_json(*back) == run_to_json(run));
  CHECK(back->first_game() == 40);
  CHECK(back->scenarios[0].records[2].samples_failed == 7);
  CHECK(back->scenarios[0].records[3].searches_failed == 2);
  fs::remove_all(dir);
}

// ---- merge's refusals --------------------------------------------------------

namespace {

// Three shard files of a small run of the race fixture, as JSON to edit.
struct ShardFiles {
  std::shared_ptr<const GameDef> def = testing::load_fixture("race", "short");
  std::vector<json> files;
  ShardFiles() {
    for (int64_t k = 1; k <= 3; ++k)
      files.push_back(run_to_json(make_run(*def, sim(def, 10, (k - 1) * 10, 1, true), 10, {k, 3}, true)));
  }
  // Parses the files (edited or not) and merges them.
  Result<Run> merge(const std::vector<json>& js) const {
    std::vector<std::pair<std::string, Run>> runs;
    for (size_t i = 0; i < js.size(); ++i) {
      const std::string name = std::string("s").append(std::to_string(i + 1)).append(".json");  // a GCC 12 false -Wrestrict
      auto r = parse_run(js[i].dump(), name);
      if (!r.ok()) return r.error();
      runs.emplace_back(name, std::move(*r));
    }
    return merge_runs(std::move(runs));
  }
};

std::string refusal(const Result<Run>& r) {
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().kind == ErrorKind::kRejected);
  return r.error().message;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("balance merge: shards of different runs are refused, naming the file", "[balance][merge]") {
  ShardFiles s;
  REQUIRE(s.merge(s.files).ok());
  struct Edit {
    const char* field;
    json value;
    const char* words;
  };
  for (const Edit& e : {Edit{"seed", 8, "s2.json: seed 8 differs from s1.json's 7"},
                        Edit{"bots", json::array({"red=random"}), "s2.json: bots red=random differs"},
                        Edit{"decisions", false, "s2.json: decisions recorded no differs"}}) {
    auto files = s.files;
    files[1][e.field] = e.value;
    if (std::string(e.field) == "decisions") {
      files[1]["scenarios"][0]["labels"] = json::array();
      for (auto& r : files[1]["scenarios"][0]["records"]) r.erase("labels");
    }
    const std::string m = refusal(s.merge(files));
    INFO(m);
    CHECK(has(m, e.words));
    CHECK(has(m, "merge only the shards of one run"));
  }
  auto other_game = s.files;
  other_game[2]["scenarios"][0]["scenario"] = "race/long";
  CHECK(has(refusal(s.merge(other_game)), "s3.json: scenario race/long differs from s1.json's race/short"));
  auto other_rules = s.files;
  other_rules[2]["scenarios"][0]["rules_hash"] = "0000000000000000";
  CHECK(has(refusal(s.merge(other_rules)), "s3.json: rules hash 0000000000000000 differs"));
  // Another shard size: a shard of 5 games of a run of 3 shards.
  auto five = run_to_json(make_run(*s.def, sim(s.def, 5, 5, 1, true), 5, {2, 3}, true));
  CHECK(has(refusal(s.merge({s.files[0], five, s.files[2]})), "s2.json: games a shard 5 differs from s1.json's 10"));
  auto four = s.files;
  four[1]["shards"] = 4;
  CHECK(has(refusal(s.merge(four)), "s2.json: shard count 4 differs"));
}

TEST_CASE("balance merge: overlapping and missing shards are refused", "[balance][merge]") {
  ShardFiles s;
  CHECK(refusal(s.merge({s.files[0], s.files[1], s.files[1]})) ==
        "s2.json and s3.json are both shard 2/3: give each shard once");
  CHECK(refusal(s.merge({s.files[0], s.files[2]})) ==
        "shard 2 of 3 missing (given 2 files, from s1.json): merge every shard of the run");
  CHECK(refusal(s.merge({s.files[1]})) ==
        "shards 1, 3 of 3 missing (given 1 file, from s1.json): merge every shard of the run");
  // A run of a million shards, one given: the message stays short.
  auto many = s.files[0];
  many["shards"] = 1000000;
  const std::string m = refusal(s.merge({many}));
  CHECK(has(m, "shards 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 999989 more of 1000000 missing"));
  // One whole run alone is a run: merge re-renders it.
  auto whole = run_to_json(make_run(*s.def, sim(s.def, 30, 0, 1, true), 30, {1, 1}, true));
  REQUIRE(s.merge({whole}).ok());
  CHECK(records_of(*s.merge({whole})) == records_of(*s.merge(s.files)));
}

TEST_CASE("balance merge: damaged and hostile files are refused without a crash", "[balance][merge][hostile]") {
  ShardFiles s;
  const std::string text = s.files[0].dump();
  const auto parse = [](const std::string& t) { return parse_run(t, "bad.json"); };
  const auto refused = [&](const std::string& t, const std::string& words) {
    auto r = parse(t);
    REQUIRE_FALSE(r.ok());
    INFO(r.error().message);
    CHECK(r.error().kind == ErrorKind::kRejected);
    CHECK(r.error().message.rfind("bad.json: ", 0) == 0);
    CHECK(has(r.error().message, words));
  };
  // Truncated anywhere.
  for (size_t cut : {size_t{0}, size_t{1}, text.size() / 3, text.size() / 2, text.size() - 1})
    refused(text.substr(0, cut), "not valid JSON");
  refused("[]", "an object expected, got an array");
  refused("{\"format\": \"cardboard-save\"}", "format: 'cardboard-run' expected");
  // Wrong types.
  const auto edited = [&](const std::function<void(json&)>& edit) {
    json j = s.files[0];
    edit(j);
    return j.dump();
  };
  refused(edited([](json& j) { j["seed"] = "seven"; }), "seed: a whole number");
  refused(edited([](json& j) { j["shard"] = 1.5; }), "shard: a whole number from 1 to 3 expected, got 1.5");
  refused(edited([](json& j) { j["scenarios"][0]["records"][3]["turns"] = "many"; }),
          "scenarios[0].records[3].turns: a whole number from 0 to 10000000 expected, got a string");
  refused(edited([](json& j) { j["scenarios"][0]["records"][3]["winner"] = "green"; }),
          "scenarios[0].records[3].winner: no side 'green'");
  refused(edited([](json& j) { j["scenarios"][0]["records"][3]["tracks"][0] = {1}; }),
          "records[3].tracks[0]: 1 values: one a track (2) expected");
  refused(edited([](json& j) { j["scenarios"][0]["records"][3]["labels"]["red"] = {999999}; }),
          "records[3].labels.red[0]: a whole number from 0 to");
  refused(edited([](json& j) { j["scenarios"][0]["records"][3]["game"] = 4; }),
          "records[3].game: a whole number from 3 to 3 expected");
  refused(edited([](json& j) { j["scenarios"][0].erase("sides"); }), "scenarios[0]: no field 'sides'");
  refused(edited([](json& j) { j["scenarios"] = json::array(); }), "one scenario (two for a comparison) expected");
  // Huge numbers.
  refused(edited([](json& j) { j["scenarios"][0]["records"][0]["decisions"] = 1e300; }),
          "records[0].decisions: a whole number from 0 to");
  std::string huge = text;
  const std::string key = "\"turns\":";
  huge.insert(huge.find(key) + key.size(), "99999999999999999999999999999");
  refused(huge, "turns: a whole number from 0 to 10000000 expected");
  refused(edited([](json& j) { j["scenarios"][0]["records"][0]["tracks"] = json::array(); j["scenarios"][0]["records"][0]["turns"] = 100000000; }),
          "records[0].turns: a whole number from 0 to 10000000 expected");
  // Claims of 10^12 games: refused before anything is sized by them.
  refused(edited([](json& j) { j["games_per_shard"] = 1000000000000; }), "games_per_shard: a whole number from 1 to");
  refused(edited([](json& j) {
            j["games_per_shard"] = 1000000000;
            j["shards"] = 10000;
          }),
          "games_per_shard: a whole number from 1 to 109951162 expected, got 1000000000");
  refused(edited([](json& j) { j["games_per_shard"] = 100000; }),
          "scenarios[0].records: the run says 100000 games a shard, the file holds 10");
  refused(edited([](json& j) { j["shards"] = 1000000000000; }), "shards: a whole number from 1 to 1000000 expected");
  // Nesting that a recursive parser would follow down.
  refused(std::string(100000, '['), "nested deeper than 32 levels");
  refused("{\"format\": \"cardboard-run\", \"x\": " + std::string(50, '[') + std::string(50, ']') + "}",
          "nested deeper");
  // Text that is not UTF-8, and a NUL.
  refused(std::string("{\"format\": \"\xff\xfe\"}"), "not valid JSON");
  refused(std::string("{\"format\"\0: 1}", 14), "not valid JSON");
}

// ---- the report --------------------------------------------------------------

namespace {

// Ten games of a two-sided game worked out by hand: left wins games 0-6,
// right 7-8, nobody 9; game i lasts i+1 turns and 2(i+1) decisions; left
// decides first in the even games; the score is t-1 at turn t's start and
// the turns at the end; left pushed in games 0-5 and held in 4-9.
Run hand_run() {
  Run run;
  run.seed = 3;
  run.games_per_shard = 10;
  run.decisions = true;
  run.bots = {"left=random"};
  ScenarioRun s;
  s.game = "duel";
  s.game_title = "Duel";
  s.scenario = "duel/one";
  s.title = "A duel";
  s.rules_hash = "0123456789abcdef";
  s.sides = {{"left", "Left", false}, {"right", "Right", false}};
  s.tracks = {{"score", "Score", 0, 10}};
  s.labels = {"play: option=hold", "play: option=push"};
  for (int i = 0; i < 10; ++i) {
    GameRecord r;
    r.game = i;
    r.winner = i <= 6 ? 0 : i <= 8 ? 1 : -1;
    r.result = i <= 6 ? "Left wins" : i <= 8 ? "Right wins" : "Draw";
    r.turns = i + 1;
    r.decisions = 2 * (i + 1);
    r.first_side = i % 2;
    for (int t = 1; t <= r.turns; ++t) r.turn_tracks.push_back({t - 1});
    r.end_tracks = {r.turns};
    r.labels.assign(2, {});
    if (i >= 4) r.labels[0].push_back(0);
    if (i <= 5) r.labels[0].push_back(1);
    s.records.push_back(std::move(r));
  }
  run.scenarios.push_back(std::move(s));
  return run;
}

}  // namespace

TEST_CASE("balance report: the numbers of a run worked out by hand", "[balance][report]") {
  AnalysisOptions o;
  o.min_support = 2;
  const json r = scenario_report(hand_run(), 0, o);
  INFO(r.dump(2));
  CHECK(r["games"] == 10);
  CHECK(r["finished"] == 10);
  CHECK(r["errors"] == 0);
  CHECK(r["solitaire"] == false);
  CHECK(r["players"] == json::parse(R"([{"side":"left","title":"Left","bot":"random"},
                                       {"side":"right","title":"Right","bot":"random"}])"));
  // Results, most frequent first, with Wilson's intervals.
  REQUIRE(r["results"].size() == 3);
  CHECK(r["results"][0]["result"] == "Left wins");
  CHECK(r["results"][0]["count"] == 7);
  CHECK(r["results"][0]["winner"] == "left");
  CHECK(r["results"][0]["rate"].get<double>() == Approx(0.7));
  CHECK(r["results"][0]["low"].get<double>() == Approx(wilson(7, 10).low));
  CHECK(r["results"][1]["result"] == "Right wins");
  CHECK(r["results"][2]["result"] == "Draw");
  CHECK(r["results"][2]["winner"].is_null());
  // Sides, and the games nobody won.
  REQUIRE(r["sides"].size() == 3);
  CHECK(r["sides"][0]["side"] == "left");
  CHECK(r["sides"][0]["count"] == 7);
  CHECK(r["sides"][1]["count"] == 2);
  CHECK(r["sides"][2]["side"].is_null());
  CHECK(r["sides"][2]["count"] == 1);
  // Length: 1..10 turns, 2..20 decisions.
  const json& turns = r["length"]["turns"];
  CHECK(turns["mean"] == 5.5);
  CHECK(turns["q1"] == 3.25);
  CHECK(turns["median"] == 5.5);
  CHECK(turns["q3"] == 7.75);
  CHECK(turns["min"] == 1);
  CHECK(turns["max"] == 10);
  CHECK(turns["histogram"].size() == 10);
  CHECK(turns["histogram"][4] == json::parse(R"({"low":5,"high":5,"count":1})"));
  CHECK(r["length"]["decisions"]["mean"] == 11.0);
  // The track: turn t is reached by the games of t turns or more.
  const json& track = r["tracks"][0];
  CHECK(track["track"] == "score");
  REQUIRE(track["turns"].size() == 10);
  CHECK(track["turns"][0]["n"] == 10);
  CHECK(track["turns"][0]["mean"] == 0.0);
  CHECK(track["turns"][4]["n"] == 6);
  CHECK(track["turns"][4]["median"] == 4.0);
  CHECK(track["turns"][9]["n"] == 1);
  CHECK(track["turns"][9]["max"] == 9.0);
  CHECK(track["end"]["mean"] == 5.5);
  // The first player varies: left first in 0,2,4,6,8 (won 4), right in 1,3,5,7,9 (won 1).
  const json& fp = r["first_player"];
  CHECK(fp["fixed"] == false);
  REQUIRE(fp["by_side"].size() == 2);
  CHECK(fp["by_side"][0]["side"] == "left");
  CHECK(fp["by_side"][0]["games"] == 5);
  CHECK(fp["by_side"][0]["first_wins"]["count"] == 4);
  CHECK(fp["by_side"][0]["wins"]["right"]["count"] == 1);
  CHECK(fp["by_side"][1]["first_wins"]["count"] == 1);
  CHECK(fp["first_wins"]["count"] == 5);
  CHECK(fp["first_wins"]["games"] == 10);
  // Decisions: left's push went with winning (6/6 against 1/4), its hold
  // with losing (3/6 against 4/4).
  const json& top = r["decisions"]["top"];
  REQUIRE(top.size() == 2);
  CHECK(top[0]["side"] == "left");
  CHECK(top[0]["label"] == "play: option=push");
  CHECK(top[0]["with"]["count"] == 6);
  CHECK(top[0]["with"]["games"] == 6);
  CHECK(top[0]["without"]["count"] == 1);
  CHECK(top[0]["without"]["games"] == 4);
  CHECK(top[0]["difference"]["difference"].get<double>() == Approx(0.75));
  CHECK(top[1]["label"] == "play: option=hold");
  CHECK(top[1]["difference"]["difference"].get<double>() == Approx(-0.5));
  // A higher bar for support leaves them out.
  o.min_support = 5;
  CHECK(scenario_report(hand_run(), 0, o)["decisions"]["top"].empty());
  // The files: Markdown, HTML with its plots inline, JSON, the plots.
  const auto files = scenario_report_files(r);
  std::map<std::string, std::string> by_name(files.begin(), files.end());
  for (const char* f : {"report.md", "report.html", "report.json", "outcomes.svg", "length-turns.svg",
                        "length-decisions.svg", "track-score.svg", "first-player.svg", "decisions.svg"})
    CHECK(by_name.count(f) == 1);
  CHECK(json::parse(by_name["report.json"]) == r);
  CHECK(has(by_name["report.md"], "| Left wins | left | 7 | 70.0% | 39.7% to 89.2% |"));
  CHECK(has(by_name["report.md"], "![each rate with its 95% interval](outcomes.svg)"));
  CHECK(has(by_name["report.md"], "| left | play: option=push | 6/6 | 100.0% | 1/4 | 25.0% |"));
  CHECK(has(by_name["report.html"], "<svg xmlns=\"http://www.w3.org/2000/svg\""));
  CHECK_FALSE(has(by_name["report.html"], "src="));  // self-contained: nothing to fetch
  CHECK(has(by_name["outcomes.svg"], "<?xml version=\"1.0\""));
}

TEST_CASE("balance report: a solitaire game reports results, not sides; errors are counted", "[balance][report]") {
  Run run = hand_run();
  ScenarioRun& s = run.scenarios[0];
  s.sides[1].automatic = true;
  s.records[9].error = true;
  s.records[9].result = "error: game 9 (seed 1): rules error";
  s.records[9].turn_tracks.clear();
  s.records[9].end_tracks.clear();
  const json r = scenario_report(run, 0, {});
  CHECK(r["solitaire"] == true);
  CHECK(r["sides"].empty());
  CHECK(r["errors"] == 1);
  CHECK(r["finished"] == 9);
  CHECK(r["first_error"] == "error: game 9 (seed 1): rules error");
  CHECK(r["results"].back()["result"] == "error");
  CHECK(r["results"].back()["error"] == true);
  CHECK(r["length"]["turns"]["n"] == 9);
  const auto files = scenario_report_files(r);
  std::map<std::string, std::string> by_name(files.begin(), files.end());
  CHECK(has(by_name["report.md"], "A solitaire game"));
  CHECK_FALSE(has(by_name["report.md"], "## Sides"));
  // A run with no decisions recorded says so.
  run.decisions = false;
  for (auto& rec : s.records) rec.labels.clear();
  const json plain = scenario_report(run, 0, {});
  CHECK(plain["decisions"]["recorded"] == false);
  const auto pf = scenario_report_files(plain);
  std::map<std::string, std::string> pn(pf.begin(), pf.end());
  CHECK(has(pn["report.md"], "Not recorded in this run"));
  CHECK(pn.count("decisions.svg") == 0);
}

// ---- the command line ----------------------------------------------------------

TEST_CASE("balance cli: --help, and exit codes 0, 1 and 2", "[balance][cli]") {
  for (const char* cmd : {"balance", "merge", "sim"}) {
    auto r = cli(std::string(cmd) + " --help");
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(has(r.out, "--out"));
  }
  CHECK(has(cli("balance --help").out, "--compare"));
  CHECK(has(cli("balance --help").out, "--shard"));
  CHECK(has(cli("sim --help").out, "--decisions"));
  const std::string dir = temp_dir("cli");
  // Usage.
  CHECK(cli("balance").code == 1);
  CHECK(cli("merge").code == 1);
  CHECK(cli("balance arab_israeli_wars/1948 --games 0").code == 1);
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/2000000", "-1/3"}) {
    auto r = cli(std::string("balance arab_israeli_wars/1948 --games 5 --shard ") + bad + " --out " + dir);
    INFO(bad << ": " << r.out);
    CHECK(r.code == 1);
    CHECK(has(r.out, "--shard"));
    CHECK(cli(std::string("sim arab_israeli_wars/1948 --games 5 --shard ") + bad).code == 1);
  }
  CHECK(cli("sim arab_israeli_wars/1948 --games 5 --decisions").code == 1);  // --decisions needs --out
  CHECK(cli("balance arab_israeli_wars/1948 --games 2000000 --shard 1/1000000").code == 1);
  // Rejected input.
  auto nobody = cli("balance arab_israeli_wars/1948 --games 5 --bot arab=random --out " + dir);
  CHECK(nobody.code == 2);
  CHECK(has(nobody.out, "the rules play side 'arab' themselves"));
  CHECK(cli("balance no_such_game/1948 --games 5 --out " + dir).code == 2);
  // An empty name is no game either (it once made a run of no scenario, and
  // the report of it stopped the command with an internal error).
  for (const char* cmd : {"balance", "sim"}) {
    auto empty = cli(std::string(cmd) + " '' --games 2 --out " + dir + "/empty.json");
    INFO(cmd << ": " << empty.out);
    CHECK(empty.code == 2);
    CHECK(has(empty.out, "no such game or scenario: ''"));
  }
  auto missing = cli("merge " + dir + "/none.json --out " + dir);
  CHECK(missing.code == 2);
  CHECK(has(missing.out, "cardboard: " + dir + "/none.json: cannot read it"));
  spit(dir + "/bad.json", "{\"format\": \"cardboard-run\", \"version\": 1, \"seed\": ");
  auto bad = cli("merge " + dir + "/bad.json --out " + dir + "/r");
  CHECK(bad.code == 2);
  CHECK(has(bad.out, "cardboard: " + dir + "/bad.json: not valid JSON"));
  CHECK_FALSE(fs::exists(dir + "/r/report.json"));
  // Done.
  auto ok = cli("balance arab_israeli_wars/1948 --games 30 --out " + dir + "/ok");
  INFO(ok.out);
  CHECK(ok.code == 0);
  CHECK(has(ok.out, "report: " + dir + "/ok/report.md"));
  for (const char* f : {"report.md", "report.html", "report.json", "records.json", "outcomes.svg"})
    CHECK(fs::exists(dir + "/ok/" + f));
  fs::remove_all(dir);
}

TEST_CASE("balance cli: --json prints report.json, the same whatever the jobs", "[balance][cli]") {
  const std::string dir = temp_dir("json");
  auto one = cli("balance arab_israeli_wars/1948 --games 200 --seed 4 --jobs 1 --json --out " + dir + "/one");
  auto two = cli("balance arab_israeli_wars/1948 --games 200 --seed 4 --jobs 2 --json --out " + dir + "/two");
  REQUIRE(one.code == 0);
  REQUIRE(two.code == 0);
  const json a = json::parse(one.out), b = json::parse(two.out);
  CHECK(a == json::parse(slurp(dir + "/one/report.json")));
  CHECK(a["run"]["jobs"] == 1);
  CHECK(b["run"]["jobs"] == 2);
  CHECK(results_of(a) == results_of(b));
  CHECK(a["scenario"] == "arab_israeli_wars/1948");
  CHECK(a["games"] == 200);
  CHECK(a["seed"] == 4);
  CHECK(a["solitaire"] == true);
  CHECK(a["first_player"]["fixed"] == true);
  CHECK(a["first_player"]["side"] == "israel");
  CHECK(a["decisions"]["recorded"] == true);
  CHECK(a["decisions"]["top"].size() == 10);
  fs::remove_all(dir);
}

TEST_CASE("balance cli: shards by sim and balance merge into the one-machine report", "[balance][cli][shards]") {
  const std::string dir = temp_dir("merge");
  const std::string bot = " --bot israel=mcts:iterations=20";
  auto whole = cli("balance arab_israeli_wars/1948 --games 12 --seed 9 --jobs 2" + bot + " --out " + dir + "/whole");
  REQUIRE(whole.code == 0);
  // Shards 1 and 3 by balance (their records.json), shard 2 by sim.
  REQUIRE(cli("balance arab_israeli_wars/1948 --games 4 --seed 9 --shard 1/3" + bot + " --out " + dir + "/s1").code == 0);
  REQUIRE(cli("sim arab_israeli_wars/1948 --games 4 --seed 9 --shard 2/3 --decisions" + bot + " --out " + dir +
              "/s2.json")
              .code == 0);
  REQUIRE(cli("balance arab_israeli_wars/1948 --games 4 --seed 9 --shard 3/3 --jobs 2" + bot + " --out " + dir + "/s3")
              .code == 0);
  auto merged = cli("merge " + dir + "/s3/records.json " + dir + "/s1/records.json " + dir + "/s2.json --out " + dir +
                    "/merged");
  INFO(merged.out);
  REQUIRE(merged.code == 0);
  const json a = json::parse(slurp(dir + "/whole/report.json")), b = json::parse(slurp(dir + "/merged/report.json"));
  CHECK(results_of(a) == results_of(b));
  CHECK(b["run"]["merged_from"] == 3);
  // The merged records are the whole run's, but for how they were played.
  json ra = json::parse(slurp(dir + "/whole/records.json")), rb = json::parse(slurp(dir + "/merged/records.json"));
  for (json* r : {&ra, &rb})
    for (const char* k : {"seconds", "jobs"}) r->erase(k);
  CHECK(ra == rb);
  // A shard of another seed is refused, by name.
  REQUIRE(cli("sim arab_israeli_wars/1948 --games 4 --seed 10 --shard 2/3 --decisions" + bot + " --out " + dir +
              "/other.json")
              .code == 0);
  auto refused = cli("merge " + dir + "/s1/records.json " + dir + "/other.json " + dir + "/s3/records.json --out " +
                     dir + "/no");
  CHECK(refused.code == 2);
  CHECK(has(refused.out, "cardboard: " + dir + "/other.json: seed 10 differs from " + dir + "/s1/records.json's 9"));
  // Two copies of a shard.
  auto twice = cli("merge " + dir + "/s1/records.json " + dir + "/s2.json " + dir + "/s2.json " + dir +
                   "/s3/records.json --out " + dir + "/no");
  CHECK(twice.code == 2);
  CHECK(has(twice.out, "are both shard 2/3"));
  CHECK_FALSE(fs::exists(dir + "/no"));
  fs::remove_all(dir);
}

TEST_CASE("balance cli: --compare plays the base game and its mod with the same seeds", "[balance][cli][compare]") {
  const std::string dir = temp_dir("compare");
  auto r = cli("balance arab_israeli_wars/1948 --compare aiw_house_rules/1948 --games 400 --jobs 2 --json --out " +
               dir);
  INFO(r.out);
  REQUIRE(r.code == 0);
  const json c = json::parse(r.out);
  CHECK(c["format"] == "cardboard-balance-comparison");
  CHECK(c["a"]["scenario"] == "arab_israeli_wars/1948");
  CHECK(c["b"]["scenario"] == "aiw_house_rules/1948");
  CHECK(c["a"]["rules_hash"] != c["b"]["rules_hash"]);
  CHECK(c["games"] == 400);
  CHECK(c["sides"].empty());  // solitaire: results only
  REQUIRE(c["results"].size() >= 2);
  int64_t a_total = 0, b_total = 0;
  for (const auto& x : c["results"]) {
    a_total += x["a"]["count"].get<int64_t>();
    b_total += x["b"]["count"].get<int64_t>();
    const json& d = x["difference"];
    CHECK(d["difference"].get<double>() ==
          Approx(x["a"]["rate"].get<double>() - x["b"]["rate"].get<double>()).margin(1e-12));
    CHECK(d["low"].get<double>() <= d["difference"].get<double>());
    CHECK(d["high"].get<double>() >= d["difference"].get<double>());
    CHECK(d["significant"].get<bool>() == (d["p"].get<double>() < 0.05));
  }
  CHECK(a_total == 400);
  CHECK(b_total == 400);
  // The house rules make games longer (rule b): the difference is clear at 400 games.
  const json& turns = c["length"]["turns"];
  CHECK(turns["difference"]["difference"].get<double>() ==
        Approx(turns["a"]["mean"].get<double>() - turns["b"]["mean"].get<double>()));
  CHECK(turns["difference"]["significant"] == true);
  // Each track of both at the end: the means of A's own report's last row,
  // and their difference.
  REQUIRE(c["tracks"].size() == 3);
  for (const auto& t : c["tracks"]) {
    INFO(t.dump());
    CHECK(t["id"].get<std::string>().rfind("arab_tt_", 0) == 0);
    CHECK(t["a"]["n"] == c["a"]["finished"]);
    CHECK(t["difference"]["difference"].get<double>() ==
          Approx(t["a"]["mean"].get<double>() - t["b"]["mean"].get<double>()));
  }
  // Game i of each scenario starts from the same seed: A's report is the
  // plain run's.
  auto alone = cli("balance arab_israeli_wars/1948 --games 400 --json --out " + dir + "/alone");
  REQUIRE(alone.code == 0);
  CHECK(results_of(json::parse(slurp(dir + "/a/report.json"))) == results_of(json::parse(alone.out)));
  for (const char* f : {"report.md", "report.html", "report.json", "comparison.svg", "records.json", "a/report.md",
                        "b/report.html", "b/outcomes.svg"})
    CHECK(fs::exists(dir + "/" + f));
  const std::string md = slurp(dir + "/report.md");
  CHECK(has(md, "# Balance: arab_israeli_wars/1948 against aiw_house_rules/1948"));
  CHECK(has(md, "[A's own report](a/report.md)"));
  CHECK(has(md, "## Tracks at the end"));
  CHECK(has(md, "| Arab TT at the North Front (arab_tt_north) |"));
  // A comparison's shards merge too.
  for (int k = 1; k <= 2; ++k)
    REQUIRE(cli("balance arab_israeli_wars/1948 --compare aiw_house_rules/1948 --games 200 --shard " +
                std::to_string(k) + "/2 --out " + dir + "/s" + std::to_string(k))
                .code == 0);
  auto merged = cli("merge " + dir + "/s1/records.json " + dir + "/s2/records.json --json --out " + dir + "/m");
  REQUIRE(merged.code == 0);
  CHECK(results_of(json::parse(merged.out)) == results_of(c));
  fs::remove_all(dir);
}

TEST_CASE("balance cli: a game whose first player varies reports the first player's advantage", "[balance][cli]") {
  Duel duel;
  const std::string dir = temp_dir("duel");
  auto r = cli("balance duel/one --games 400 --json --out " + dir, duel.root_dir());
  INFO(r.out);
  REQUIRE(r.code == 0);
  const json j = json::parse(r.out);
  CHECK(j["solitaire"] == false);
  CHECK(j["sides"].size() == 3);
  const json& fp = j["first_player"];
  CHECK(fp["fixed"] == false);
  REQUIRE(fp["by_side"].size() == 2);
  CHECK(fp["by_side"][0]["games"].get<int64_t>() + fp["by_side"][1]["games"].get<int64_t>() == 400);
  // Moving first is worth something in this game.
  CHECK(fp["first_wins"]["rate"].get<double>() > 0.5);
  CHECK(j["tracks"].size() == 2);
  CHECK(j["tracks"][0]["turns"][0]["max"] == 0.0);
  CHECK(fs::exists(dir + "/first-player.svg"));
  CHECK(has(slurp(dir + "/report.md"), "The side that takes the first decision varies"));
  fs::remove_all(dir);
}

TEST_CASE("balance: a result that is long or not UTF-8 is cut, written and merged", "[balance][hostile]") {
  // The rules' result: a byte that is not UTF-8, then 10,000 more.
  testing::TempGame game("oddresult", "function work() return '\\xff' .. string.rep('x', 10000), 'solo' end");
  const std::string dir = temp_dir("oddresult");
  for (int k = 1; k <= 2; ++k) {
    auto r = cli("sim oddresult/s --games 3 --shard " + std::to_string(k) + "/2 --out " + dir + "/s" +
                     std::to_string(k) + ".json",
                 game.root);
    INFO(r.out);
    REQUIRE(r.code == 0);
  }
  auto merged = cli("merge " + dir + "/s1.json " + dir + "/s2.json --json --out " + dir + "/m", game.root);
  INFO(merged.out);
  REQUIRE(merged.code == 0);
  const json j = json::parse(merged.out);
  REQUIRE(j["results"].size() == 1);
  // Cut to 4,096 bytes, and the stray byte written as U+FFFD (3 bytes).
  const std::string result = j["results"][0]["result"];
  CHECK(result.size() == kMaxResultBytes + 2);
  CHECK(result.substr(0, 4) == "\xEF\xBF\xBDx");
  CHECK(result.substr(result.size() - 4) == "x...");
  CHECK(j["results"][0]["count"] == 6);
  fs::remove_all(dir);
}

TEST_CASE("balance cli: games stopped by a rules error exit 3 with the report written", "[balance][cli]") {
  testing::TempGame game("failing", "function work() if math.random(2) == 1 then error('boom') end return 'done', 'solo' end");
  const std::string dir = temp_dir("failing");
  auto r = cli("balance failing/s --games 40 --json --out " + dir, game.root);
  INFO(r.out);
  CHECK(r.code == 3);
  const json j = json::parse(slurp(dir + "/report.json"));
  CHECK(j["errors"].get<int64_t>() > 0);
  CHECK(j["finished"].get<int64_t>() + j["errors"].get<int64_t>() == 40);
  CHECK(has(j["first_error"].get<std::string>(), "boom"));
  CHECK(j["results"].back()["result"] == "error");
  CHECK(has(slurp(dir + "/report.md"), "First error: error: game "));
  fs::remove_all(dir);
}

TEST_CASE("balance cli: the search's iterations left out for a broken sampled world are reported", "[balance][cli]") {
  // The oracle's stale scenario breaks its rules in two samples of three
  // (tests/bot_test.cc): the games finish, and the report counts them.
  const std::string dir = temp_dir("stale");
  auto r = cli("balance oracle/stale --games 6 --bot seeker=mcts:iterations=20 --json --out " + dir,
               kRoot + "/tests/games/oracle");
  INFO(r.out);
  CHECK(r.code == 0);
  const json j = json::parse(slurp(dir + "/report.json"));
  CHECK(j["errors"] == 0);
  CHECK(j["samples_failed"].get<int64_t>() > 0);
  CHECK(has(slurp(dir + "/report.md"), "iterations whose sampled world the rules could not play on"));
  auto s = cli("sim oracle/stale --games 6 --bot seeker=mcts:iterations=20 --json", kRoot + "/tests/games/oracle");
  CHECK(json::parse(s.out)["samples_failed"] == j["samples_failed"]);
  fs::remove_all(dir);
}

TEST_CASE("balance cli: a decision where every sample broke is taken without a search, and the game plays on",
          "[balance][cli]") {
  // One iteration a decision: in the stale scenario two of three fail, so
  // some decisions learn nothing; the live game is sound and finishes.
  const std::string dir = temp_dir("stale_all");
  auto r = cli("balance oracle/stale --games 12 --bot seeker=mcts:iterations=1 --json --out " + dir,
               kRoot + "/tests/games/oracle");
  INFO(r.out);
  CHECK(r.code == 0);
  const json j = json::parse(slurp(dir + "/report.json"));
  CHECK(j["errors"] == 0);
  CHECK(j["searches_failed"].get<int64_t>() > 0);
  CHECK(j["searches_failed"].get<int64_t>() < 12);
  CHECK(has(slurp(dir + "/report.md"), "without a search"));
  auto s = cli("sim oracle/stale --games 12 --bot seeker=mcts:iterations=1 --json", kRoot + "/tests/games/oracle");
  CHECK(json::parse(s.out)["searches_failed"] == j["searches_failed"]);
  fs::remove_all(dir);
}
