// cardboard balance: plays many games with bots and writes a balance report
// (bots/balance_report.h) to a folder, with the run's records beside it
// (records.json, which `merge` reads); `--compare` plays a second scenario
// with the same seeds and bots and reports the two side by side.
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "bots/balance_analysis.h"
#include "bots/balance_report.h"
#include "bots/balance_run.h"
#include "bots/simulate.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/save_args.h"
#include "data/game_loader.h"
#include "session/json_text.h"
#include "session/view_format.h"

namespace cardboard {

namespace {

// The summary `balance` and `merge` print when not asked for JSON: where
// the report is, and its first lines of numbers.
void print_summary(const nlohmann::json& r, const std::string& dir) {
  const auto pct = [](const nlohmann::json& p) {
    char buf[64];
    if (!p["rate"].is_number()) return std::string("-");
    std::snprintf(buf, sizeof buf, "%5.1f%% [%4.1f-%4.1f]", 100 * p["rate"].get<double>(), 100 * p["low"].get<double>(),
                  100 * p["high"].get<double>());
    return std::string(buf);
  };
  if (r.contains("a")) {
    std::printf("%s against %s: %lld games each\n", r["a"]["scenario"].get<std::string>().c_str(),
                r["b"]["scenario"].get<std::string>().c_str(), static_cast<long long>(r["games"].get<int64_t>()));
    for (const auto& x : r["results"]) {
      const auto& d = x["difference"];
      std::printf("  A %s  B %s  %s%s\n", pct(x["a"]).c_str(), pct(x["b"]).c_str(),
                  terminal_text(x["result"].get<std::string>()).c_str(),
                  d.is_object() && d["significant"].get<bool>() ? "  (differs, p < 0.05)" : "");
    }
  } else {
    std::printf("%s: %lld games, %lld errors\n", r["scenario"].get<std::string>().c_str(),
                static_cast<long long>(r["games"].get<int64_t>()), static_cast<long long>(r["errors"].get<int64_t>()));
    for (const auto& x : r["results"])
      std::printf("  %s  %s\n", pct(x).c_str(), terminal_text(x["result"].get<std::string>()).c_str());
    for (const auto& x : r["sides"])
      std::printf("  %s  %s\n", pct(x).c_str(),
                  x["side"].is_null() ? "no winner" : ("side " + x["side"].get<std::string>() + " wins").c_str());
  }
  std::printf("report: %s/report.md (and report.html, report.json; the run's records in records.json)\n", dir.c_str());
}

}  // namespace

// Writes a run's records and report into `dir` and prints the summary or
// the report's JSON; the exit code (3 when games stopped on an error).
int write_run_report(const Run& run, const ReportArgs& args) {
  const std::string dir = args.out.empty() ? default_report_dir(project_root(), run) : args.out;
  const AnalysisOptions options = args.analysis();
  const bool json = args.json;
  auto w = write_run_file((std::filesystem::path(dir) / "records.json").string(), run);
  if (!w.ok()) return report(w.error());
  const RunReport rr = report_run(run, options);
  auto f = write_report_files(dir, rr.files);
  if (!f.ok()) return report(f.error());
  if (json) std::printf("%s\n", json_text(rr.report, 2).c_str());
  else print_summary(rr.report, dir);
  int64_t errors = 0;
  for (const auto& s : run.scenarios)
    for (const auto& r : s.records) errors += r.error;
  return errors ? exit_code(ErrorKind::kScript) : 0;
}

AnalysisOptions ReportArgs::analysis() const {
  AnalysisOptions o;
  o.min_support = min_support;
  o.top = top;
  return o;
}

void add_report_options(CLI::App* cmd, ReportArgs& a) {
  cmd->add_option("--out", a.out,
                  "DIR: the report's folder (default reports/GAME-SCENARIO under the project; "
                  "a comparison's reports/A-vs-B)");
  cmd->add_option("--min-support", a.min_support,
                  "games a decision needs, taken and not taken, to be ranked among those that mattered")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40))
      ->capture_default_str();
  cmd->add_option("--top", a.top, "how many decisions the report lists")->check(CLI::Range(0, 1000))->capture_default_str();
  cmd->add_flag("--json", a.json, "print the report's JSON (report.json) instead of its summary");
}

bool read_shard_option(const std::string& text, int64_t games, Shard& shard, int& code) {
  if (!text.empty()) {
    auto s = parse_shard(text);
    if (!s.ok()) return code = report(s.error()), false;
    shard = *s;
  }
  if (games > kMaxRunGames / shard.n) {
    code = report({ErrorKind::kUsage, "--games " + std::to_string(games) + " with " + std::to_string(shard.n) +
                                          " shards: more than " + std::to_string(kMaxRunGames) + " games in all"});
    return false;
  }
  return true;
}

void add_balance_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("balance", "play many games with bots and write a balance report");
  struct Args {
    std::string game, compare, shard;
    int64_t games = 100;
    uint64_t seed = 1;
    int jobs = 1;
    std::vector<std::string> bots;
    ReportArgs report;
  };
  static Args a;
  cmd->add_option("game", a.game, "GAME/SCENARIO or a scenario file")->required();
  cmd->add_option("--games,-n", a.games, "how many games (with --shard: a shard's)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  add_seed_option(cmd, a.seed, "base seed: game i is seeded from (seed, i)")->capture_default_str();
  cmd->add_option("--jobs,-j", a.jobs, "threads; the report does not depend on it")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--bot", a.bots,
                  "SIDE=NAME[:KEY=VALUE,...]: a bot for a side (the others play at random):\n" + bot_help());
  cmd->add_option("--compare", a.compare,
                  "GAME/SCENARIO: play it too, with the same seeds and bots, and compare the two");
  cmd->add_option("--shard", a.shard,
                  "K/N: play shard K of a run of N shards of --games games each (games (K-1)*G to K*G-1); "
                  "`cardboard merge` joins the shards' records.json");
  add_report_options(cmd, a.report);
  cmd->callback([&code] {
    std::vector<std::shared_ptr<const GameDef>> defs;
    for (const std::string* name : {&a.game, &a.compare}) {
      if (name == &a.compare && name->empty()) continue;  // no comparison
      auto def = load_game(*name, project_root());
      if (!def.ok()) return void(code = report(def.error()));
      note_project((*def)->scenario_file);
      defs.push_back(*def);
    }
    Shard shard;
    if (!read_shard_option(a.shard, a.games, shard, code)) return;
    Run run;
    run.seed = a.seed;
    run.games_per_shard = a.games;
    run.shard = shard;
    run.decisions = true;
    run.jobs = a.jobs;
    for (size_t i = 0; i < defs.size(); ++i) {
      const GameDef& def = *defs[i];
      auto specs = parse_bot_specs(a.bots, def);
      if (!specs.ok()) {
        Error e = specs.error();
        if (i > 0) e.message = "--compare " + def.scenario_id + ": " + e.message;
        return void(code = report(e));
      }
      if (i == 0) run.bots = bot_texts(*specs);
      SimOptions opt;
      opt.bots = std::move(*specs);
      opt.games = a.games;
      opt.first_game = run.first_game();
      opt.seed = a.seed;
      opt.jobs = a.jobs;
      opt.keep_records = true;
      opt.record_decisions = true;
      opt.progress = games_progress(def.scenario_id);
      auto r = simulate(defs[i], opt);
      if (!r.ok()) return void(code = report(r.error()));
      run.seconds += r->seconds;
      run.scenarios.push_back(scenario_run(def, std::move(*r)));
    }
    code = write_run_report(run, a.report);
  });
}

}  // namespace cardboard
