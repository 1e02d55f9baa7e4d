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
    ReportArgs report;
  };
  static Args a;
  cmd->add_option("files", a.files, "FILE.json...: every shard's records (sim --out, balance's records.json)")
      ->required();
  add_report_options(cmd, a.report);
  cmd->callback([&code] {
    std::vector<std::pair<std::string, Run>> runs;
    for (const auto& f : a.files) {
      auto r = read_run_file(f);
      if (!r.ok()) return void(code = report(r.error()));
      runs.emplace_back(f, std::move(*r));
    }
    auto merged = merge_runs(std::move(runs));
    if (!merged.ok()) return void(code = report(merged.error()));
    code = write_run_report(*merged, a.report);
  });
}

}  // namespace cardboard
