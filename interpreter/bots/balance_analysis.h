// What a balance report says, as JSON: the numbers of a run's games
// (bots/balance_run.h), which bots/balance_report.h renders as Markdown,
// HTML and SVG and `balance --json` prints. The report of a scenario: the
// win rate of each side and of each result with its 95% interval (Wilson),
// the games' lengths (turns, decisions), each track turn by turn (mean and
// quartiles), the first player's advantage where the side that decides
// first varies, and the decisions that went with winning (the win rate of
// the games where a side took one against the games where it did not). The
// comparison of two scenarios played with the same seeds and bots: each
// rate in A and B and their difference, its interval and its z-test, and
// the difference of the mean lengths.
//
// A report is a pure function of the run's records, in game order: the
// same games give the same report, byte for byte, whether one process
// played them or shards on a cluster did and `merge` joined them. Only its
// "run" object (seconds, jobs, shards) says how they were played.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "bots/balance_run.h"

namespace cardboard {

struct AnalysisOptions {
  // A decision is ranked only when at least this many finished games took
  // it and as many did not: rarer ones give rates that mean nothing.
  int64_t min_support = 10;
  int top = 10;  // how many decisions the report lists
};

// The report of scenario `index` of `run` (its first unless a comparison).
nlohmann::json scenario_report(const Run& run, size_t index, const AnalysisOptions& options);

// The comparison of a run's two scenarios, A then B.
nlohmann::json comparison_report(const Run& run, const AnalysisOptions& options);

}  // namespace cardboard
