// A balance report's files, from its JSON (bots/balance_analysis.h):
// report.md (Markdown, the plots beside it as SVG files), report.html
// (self-contained: the same text with the plots inline), report.json, and
// the plots: outcomes.svg, length-turns.svg, length-decisions.svg,
// track-ID.svg for each track, first-player.svg where the first side
// varies, decisions.svg when decisions were recorded. A comparison's
// folder holds report.md, report.html, report.json and comparison.svg, and
// the two scenarios' own reports in a/ and b/. docs/balance.md reads one.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bots/balance_analysis.h"
#include "bots/balance_run.h"
#include "core/error.h"

namespace cardboard {

// A file of a report: its name in the report's folder ("a/report.md") and its text.
using ReportFile = std::pair<std::string, std::string>;

std::vector<ReportFile> scenario_report_files(const nlohmann::json& report);
// The comparison's files and, in a/ and b/, its scenarios' reports.
std::vector<ReportFile> comparison_report_files(const nlohmann::json& comparison, const nlohmann::json& report_a,
                                                const nlohmann::json& report_b);

// The report of a run: a comparison's when the run holds two scenarios.
struct RunReport {
  nlohmann::json report;          // what report.json holds
  std::vector<ReportFile> files;  // every file of the folder
};
RunReport report_run(const Run& run, const AnalysisOptions& options);

// Where a run's report goes by default: ROOT/reports/GAME-SCENARIO, or
// ROOT/reports/GAME-SCENARIO-vs-GAME-SCENARIO for a comparison.
std::string default_report_dir(const std::string& root, const Run& run);

// Writes the files into `dir`, making the folders it needs. Files a former
// report left there that this one does not write (a track's plot of
// another game) are left alone.
Status write_report_files(const std::string& dir, const std::vector<ReportFile>& files);

}  // namespace cardboard
