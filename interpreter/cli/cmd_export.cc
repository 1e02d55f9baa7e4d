// cardboard export: a save's position as a scenario file (session/position_export.h).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/save_args.h"
#include "data/game_loader.h"
#include "session/json_text.h"
#include "session/position_export.h"
#include "session/readers.h"

namespace cardboard {

namespace {

namespace fs = std::filesystem;

Status write_text(const fs::path& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
  f.close();
  if (!f) return rejected("cannot write " + path.string());
  return ok_status();
}

// The position is written beside where it goes, checked to load to the
// save's state, and only then moved there: a file that would not give the
// position back is never left behind.
Status write_checked(const PositionExport& e, bool whole, const std::string& out, const std::string& root,
                     uint64_t seed, const Game& game) {
  const fs::path final_path = out.empty() ? fs::path() : fs::path(out);
  const fs::path dir = out.empty() ? fs::temp_directory_path() : final_path.parent_path().empty() ? fs::path(".")
                                                                                                  : final_path.parent_path();
  const fs::path temp = dir / (".cardboard-export-" + std::to_string(getpid()) + ".toml");
  CB_TRY(write_text(temp, e.toml));
  struct Remove {
    fs::path p;
    ~Remove() {
      std::error_code ec;
      if (!p.empty()) fs::remove(p, ec);
    }
  } remove{temp};
  // The whole position is checked against the save; one side's is another
  // position by design, and only checked to load.
  Status checked = ok_status();
  if (whole) checked = check_position_file(temp.string(), root, seed, game);
  else if (auto def = load_game(temp.string(), root); !def.ok())
    checked = rejected("the exported position does not load: " + def.error().message);
  CB_TRY(checked);
  if (out.empty()) {
    std::fwrite(e.toml.data(), 1, e.toml.size(), stdout);
    return ok_status();
  }
  std::error_code ec;
  fs::rename(temp, final_path, ec);
  if (ec) return rejected("cannot write " + out + ": " + ec.message());
  remove.p.clear();
  return ok_status();
}

}  // namespace

void add_export_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand(
      "export", "write a save's position as a scenario file that starts there (docs/toml.md, [position])");
  struct Args {
    std::string save, out, as;
    int64_t at = -1;
    bool force = false, json = false;
  };
  static Args a;
  cmd->add_option("save", a.save, "the save file, or its name under saves/")->required();
  cmd->add_option("--at", a.at, "the position after action N (default: the last; 0 is the start)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--out", a.out, "the scenario file to write (default: standard output)");
  cmd->add_option("--as", a.as,
                  "the position as this side knows it: the pieces it does not see drawn among what they could be, "
                  "the dice left to the seed (default: the whole position, every secret and the dice included)");
  cmd->add_flag("--force", a.force, "overwrite --out if it exists");
  cmd->add_flag("--json", a.json, "print what was written as JSON (with --out)");
  cmd->callback([&code] {
    if (a.json && a.out.empty())
      return void(code = report(Error{ErrorKind::kUsage, "--json needs --out: the position itself goes to standard output"}));
    std::error_code ec;
    if (!a.out.empty() && !a.force && fs::exists(a.out, ec))
      return void(code = report(rejected(a.out + " exists: choose another name or overwrite it with --force")));
    const std::string path = resolve_save(a.save);
    const std::string root = project_root();
    auto h = History::open(path, root, History::Access::kReadOnly);
    if (!h.ok()) return void(code = report(h.error()));
    if (!(*h)->warning().empty()) std::fprintf(stderr, "cardboard: warning: %s\n", (*h)->warning().c_str());
    auto side = side_arg((*h)->game().def(), a.as);
    if (!side.ok()) return void(code = report(side.error()));
    const int64_t at = a.at < 0 ? (*h)->action_count() : a.at;
    auto e = export_position(**h, at, *side, path, root);
    if (!e.ok()) return void(code = report(e.error()));
    if (auto w = write_checked(*e, *side < 0, a.out, root, (*h)->meta().seed, (*h)->game()); !w.ok())
      return void(code = report(w.error()));
    if (a.json) {
      nlohmann::json j = {{"out", a.out},         {"action", e->action},     {"quiet_action", e->quiet_action},
                          {"where", e->where},    {"decisions", e->decisions}, {"drawn", e->drawn},
                          {"as", a.as}};
      std::printf("%s\n", json_text(j, 2).c_str());
    } else if (!a.out.empty()) {
      std::fprintf(stderr, "cardboard: wrote %s: %s%s\n", a.out.c_str(), e->where.c_str(),
                   e->decisions ? (" and " + std::to_string(e->decisions) + " decisions").c_str() : "");
    }
    code = 0;
  });
}

}  // namespace cardboard
