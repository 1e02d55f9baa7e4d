// cardboard merge: joins the record files of a run's shards (sim --out,
// balance's records.json) into the run they are shards of and writes its
// report, the same report one machine playing every game would write.
// Every file is checked before anything is merged (bots/balance_run.h).
#include <cstdio>

#include "bots/balance_analysis.h"
#include "bots/balance_report.h"
#include "bots/balance_run.h"
#include "cli/commands.h"
#include "data/game_loader.h"

namespace cardboard {

void add_merge_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("merge", "join the record files of a run's shards into one balance report");
  struct Args {
    std::vector<std::string> files;
    std::string out;
    bool json = false;
    int64_t min_support = 10;
    int top = 10;
  };
  static Args a;
  cmd->add_option("files", a.files, "FILE.json...: every shard's records (sim --out, balance's records.json)")
      ->required();
  cmd->add_option("--out", a.out,
                  "DIR: the report's folder (default reports/GAME-SCENARIO under the project; "
                  "a comparison's reports/A-vs-B)");
  cmd->add_option("--min-support", a.min_support,
                  "games a decision needs, taken and not taken, to be ranked among those that mattered")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40))
      ->capture_default_str();
  cmd->add_option("--top", a.top, "how many decisions the report lists")->check(CLI::Range(0, 1000))->capture_default_str();
  cmd->add_flag("--json", a.json, "print the report's JSON (report.json) instead of its summary");
  cmd->callback([&code] {
    std::vector<std::pair<std::string, Run>> runs;
    for (const auto& f : a.files) {
      auto r = read_run_file(f);
      if (!r.ok()) return void(code = report(r.error()));
      runs.emplace_back(f, std::move(*r));
    }
    auto merged = merge_runs(std::move(runs));
    if (!merged.ok()) return void(code = report(merged.error()));
    const std::string dir = a.out.empty() ? default_report_dir(project_root(), *merged) : a.out;
    AnalysisOptions options;
    options.min_support = a.min_support;
    options.top = a.top;
    code = write_run_report(*merged, dir, options, a.json);
  });
}

}  // namespace cardboard
