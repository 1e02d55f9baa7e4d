#include "cli/save_args.h"

#include <filesystem>

#include "core/dice.h"
#include "data/game_loader.h"

namespace fs = std::filesystem;

namespace cardboard {

// The error_code forms throughout: a symlink loop or a name too long is
// for opening the save to report, not an exception.
std::string resolve_save(const std::string& name) {
  std::error_code ec;
  if (fs::exists(name, ec)) return name;
  const std::string saves = project_root() + "/saves/";
  for (const auto& candidate : {saves + name, saves + name + ".cbsave"})
    if (fs::exists(candidate, ec)) return candidate;
  return name;  // opening it reports "no such file"
}

std::string default_save_path(const std::string& scenario_id) {
  std::string base = scenario_id;
  for (auto& c : base)
    if (c == '/') c = '-';
  const std::string dir = project_root() + "/saves/";
  std::error_code ec;
  fs::create_directories(dir, ec);  // when it fails, creating the save says why
  for (int n = 1;; ++n) {
    const std::string path = dir + base + (n == 1 ? "" : "-" + std::to_string(n)) + ".cbsave";
    if (!fs::exists(path, ec)) return path;
  }
}

CLI::Option* add_seed_option(CLI::App* cmd, uint64_t& seed, const std::string& help) {
  const CLI::Validator digits(
      [](const std::string& text) -> std::string {
        const std::string why = "'" + text + "' is not a seed: a whole number from 0 to 18446744073709551615";
        if (text.empty() || text.size() > 20) return why;
        for (char c : text)
          if (c < '0' || c > '9') return why;
        if (text.size() == 20 && text > "18446744073709551615") return why;
        return {};
      },
      "SEED");
  return cmd->add_option("--seed", seed, help)->check(digits);
}

void ForcedArgs::add_to(CLI::App* cmd) {
  cmd->add_option("--dice", dice, "force the next die faces, in order: 6,1,4 (a d10 reads 0-9)");
  cmd->add_option("--draw", draws,
                  "force the next draws from a deck or cup: LOCATION=Card Name|Other Card (repeatable)");
}

Result<ForcedInput> ForcedArgs::parse() const {
  ForcedInput f;
  if (!dice.empty()) {
    auto faces = parse_face_list(dice);
    if (!faces.ok()) return faces.error();
    f.dice = *faces;
  }
  for (const auto& d : draws) {
    const auto eq = d.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == d.size())
      return Error{ErrorKind::kUsage, "bad --draw '" + d + "': expected LOCATION=Card Name|Other Card"};
    std::vector<std::string> names;
    size_t start = eq + 1;
    while (start <= d.size()) {
      size_t bar = d.find('|', start);
      if (bar == std::string::npos) bar = d.size();
      names.push_back(d.substr(start, bar - start));
      start = bar + 1;
    }
    f.draws.emplace_back(d.substr(0, eq), names);
  }
  return f;
}

}  // namespace cardboard
