// Fuzzes the record files of `sim --out`, `balance` and `cardboard merge`
// (records.json): a shard's file may come from another machine of a
// cluster, damaged or written by someone else.
//
// An input is one or more files, each after the first begun by a line
// "#--". Each is read as `merge` reads it (parse_run); a file that reads
// must write back to the same JSON, and its report is made (report_run:
// the Markdown, HTML, SVG and JSON). Two or more that read are merged, and
// a merged run's report is made too. Whatever the bytes, reading, merging
// and reporting succeed or fail with an error naming the file.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bots/balance_report.h"
#include "bots/balance_run.h"
#include "fuzz_support.h"
#include "session/json_text.h"

using namespace cardboard;

namespace {

constexpr std::string_view kSeparator = "\n#--\n";
constexpr size_t kMaxFiles = 8;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::pair<std::string, Run>> runs;
  size_t start = 0;
  for (size_t k = 0; k < kMaxFiles && start <= input.size(); ++k) {
    size_t end = input.find(kSeparator, start);
    if (end == std::string_view::npos) end = input.size();
    const std::string name = "shard-" + std::to_string(k) + ".json";
    auto run = parse_run(input.substr(start, end - start), name);
    start = end + kSeparator.size();
    if (!run.ok()) {
      fuzz::check(run.error().message.starts_with(name), "a refused record file is named in its error");
      continue;
    }
    const std::string written = json_text(run_to_json(*run));
    auto again = parse_run(written, name);
    fuzz::check(again.ok() && json_text(run_to_json(*again)) == written, "a record file read writes back the same");
    (void)report_run(*run, {});
    runs.emplace_back(name, std::move(*run));
  }
  if (runs.size() < 2) return 0;
  auto merged = merge_runs(std::move(runs));
  if (!merged.ok()) {
    fuzz::check(!merged.error().message.empty(), "a refused merge says why");
    return 0;
  }
  (void)report_run(*merged, {});
  return 0;
}
