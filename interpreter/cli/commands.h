// The subcommands of `cardboard`. Each add_*_command registers one
// subcommand on the app; its callback stores the exit code in `code`:
// 0 done, 1 usage, 2 rejected input, 3 error in a rules script.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "core/error.h"

namespace cardboard {

struct Run;              // bots/balance_run.h
struct AnalysisOptions;  // bots/balance_analysis.h
struct Shard;            // bots/balance_run.h

void add_list_command(CLI::App& app, int& code);
void add_sim_command(CLI::App& app, int& code);
void add_balance_command(CLI::App& app, int& code);  // bot games and their balance report
void add_merge_command(CLI::App& app, int& code);    // a run's shards joined into one report
void add_test_command(CLI::App& app, int& code);
void add_lint_command(CLI::App& app, int& code);
void add_save_commands(CLI::App& app, int& code);  // new, status, act, hint, undo, log, replay
void add_play_command(CLI::App& app, int& code);
void add_init_command(CLI::App& app, int& code);  // writes a new game's skeleton
void add_serve_command(CLI::App& app, int& code);  // the browser's server
void add_export_command(CLI::App& app, int& code);  // a save's position as a scenario

// For balance and merge (cmd_balance.cc): the options of a report's
// output that both take (--out, --min-support, --top, --json).
struct ReportArgs {
  std::string out;
  bool json = false;
  int64_t min_support = 10;
  int top = 10;
  AnalysisOptions analysis() const;
};
void add_report_options(CLI::App* cmd, ReportArgs& a);
// Writes a run's records (DIR/records.json) and its report into --out's
// folder (default reports/GAME-SCENARIO), prints the report's summary or,
// with --json, its JSON, and returns the exit code: 3 when some games
// stopped on an error, 2 when a file cannot be written.
int write_run_report(const Run& run, const ReportArgs& args);
// Reads --shard K/N for a run of `games` games a shard (sim, balance);
// an error's exit code goes to `code`, and the result is false.
bool read_shard_option(const std::string& text, int64_t games, Shard& shard, int& code);

// Prints "cardboard: message" on stderr and returns the exit code of its kind.
int report(const Error& e);
int exit_code(ErrorKind kind);
// Says on stderr which project a command reads its rules and scenarios from
// ("cardboard: using the project at DIR"), when a path given on the command
// line (a scenario, a game's folder) lies in another project than the
// current one (project_root()). Says nothing otherwise.
void note_project(const std::string& path);
bool stdout_is_terminal();
bool stdin_is_terminal();
bool stderr_is_terminal();

}  // namespace cardboard
