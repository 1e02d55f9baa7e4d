// cardboard lint: checks a game or a scenario without playing it: every TOML
// file and reference, every Lua file's syntax, and that the rules load and
// define every function the sequence of play names, and that no function
// assigns or reads an undeclared global (authoring/global_check.h). Reports
// every problem found, not only the first (the loader goes on past a problem
// where it can), each with file:line:column, and warns (without failing) of
// slips that load silently (cli/lint_warnings.h).
//
// A path means that path: a game folder or scenario file is checked in the
// project it lies in, whatever the current project is.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>
#include <vector>

#include <lua.hpp>
#include <nlohmann/json.hpp>

#include "authoring/global_check.h"
#include "cli/commands.h"
#include "cli/lint_warnings.h"
#include "core/input_file.h"
#include "data/game_loader.h"
#include "data/toml_file.h"
#include "script/game.h"
#include "session/json_text.h"
#include "session/view_format.h"

namespace fs = std::filesystem;

namespace cardboard {

namespace {

std::vector<std::string> lua_syntax_errors(const std::string& dir) {
  std::vector<std::string> out;
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::error_code entry_ec;
    if (it->path().extension() == ".lua" && it->is_regular_file(entry_ec)) files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    auto code = read_input_file(f);
    if (!code.ok()) {
      out.push_back(code.error().message);
      continue;
    }
    lua_State* L = luaL_newstate();
    if (luaL_loadbufferx(L, code->data(), code->size(), ("@" + f).c_str(), "t") != LUA_OK)
      out.push_back(lua_tostring(L, -1));
    lua_close(L);
  }
  return out;
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A problem or warning in its parts, for --json: the file, line and column
// it names (null when it names none) and what it says. Messages come in
// three forms: "what (file:line:column)" from the loaders,
// "file:line:column: what" from the TOML parser and lint's warnings, and
// "file:line: what" from Lua.
nlohmann::json located(const std::string& text) {
  nlohmann::json j = {{"text", text}, {"file", nullptr}, {"line", nullptr}, {"column", nullptr}, {"message", text}};
  // "file:line[:column]" split from the right.
  const auto split = [&](const std::string& pos, std::string& file, std::string& line, std::string& column) {
    const size_t b = pos.rfind(':');
    if (b == std::string::npos) return false;
    const size_t a = b > 0 ? pos.rfind(':', b - 1) : std::string::npos;
    if (a != std::string::npos && all_digits(pos.substr(a + 1, b - a - 1)) && all_digits(pos.substr(b + 1))) {
      file = pos.substr(0, a);
      line = pos.substr(a + 1, b - a - 1);
      column = pos.substr(b + 1);
    } else if (all_digits(pos.substr(b + 1))) {
      file = pos.substr(0, b);
      line = pos.substr(b + 1);
    } else {
      return false;
    }
    return !file.empty();
  };
  std::string file, line, column, message;
  const size_t open = text.rfind(" (");
  if (!text.empty() && text.back() == ')' && open != std::string::npos &&
      split(text.substr(open + 2, text.size() - open - 3), file, line, column)) {
    message = text.substr(0, open);
  } else {
    // The position ends at the first ": " after a line number.
    for (size_t at = text.find(": "); at != std::string::npos; at = text.find(": ", at + 1))
      if (split(text.substr(0, at), file, line, column)) {
        message = text.substr(at + 2);
        break;
      }
    if (message.empty()) return j;
  }
  j["file"] = file;
  j["line"] = std::stoi(line);
  if (!column.empty()) j["column"] = std::stoi(column);
  j["message"] = message;
  return j;
}

// What to check for PATH: the game's folder, its scenarios (none: the game
// alone), and the project they lie in.
struct Targets {
  std::string game_dir;
  std::vector<std::string> scenarios;
  std::string root;
};

Result<Targets> targets(const std::string& path, const std::string& root) {
  Targets t;
  t.root = root;
  std::error_code ec;
  std::string dir;
  if (fs::is_directory(path, ec) && fs::is_regular_file(path + "/game.toml", ec)) dir = path;
  else if (fs::path(path).filename() == "game.toml")
    dir = fs::path(path).has_parent_path() ? fs::path(path).parent_path().string() : ".";
  else if (valid_id(path) && fs::is_directory(root + "/rules/" + path, ec)) dir = root + "/rules/" + path;
  if (!dir.empty()) {
    dir = fs::absolute(dir, ec).lexically_normal().string();
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    if (const std::string tree = root_of(dir); !tree.empty()) t.root = tree;
    t.game_dir = dir;
    const std::string sdir = t.root + "/scenarios/" + fs::path(dir).filename().string();
    for (auto e = fs::directory_iterator(sdir, ec); !ec && e != fs::directory_iterator(); e.increment(ec))
      if (e->path().extension() == ".toml") t.scenarios.push_back(e->path().string());
    std::sort(t.scenarios.begin(), t.scenarios.end());
    return t;
  }
  auto scen = resolve_scenario(path, root);
  if (!scen.ok()) return scen.error();
  if (const std::string tree = root_of(*scen); !tree.empty()) t.root = tree;
  t.scenarios.push_back(*scen);
  auto parsed = parse_toml_file(*scen);
  if (!parsed.ok()) return t;
  const std::string game = (*parsed)["scenario"]["game"].value_or(std::string());
  const std::string game_dir = game.find('/') != std::string::npos
                                   ? (fs::path(*scen).parent_path() / game).lexically_normal().string()
                                   : valid_id(game) ? t.root + "/rules/" + game
                                                    : std::string();
  if (!game_dir.empty() && fs::is_directory(game_dir, ec)) t.game_dir = game_dir;
  return t;
}

}  // namespace

void add_lint_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("lint", "check a game or scenario: TOML, references, Lua syntax, sequence functions");
  static std::string path;
  static bool json = false;
  cmd->add_option("path", path, "a game (id or folder), its game.toml, GAME/SCENARIO or a scenario file")->required();
  cmd->add_flag("--json", json,
                "print JSON: {root, problems: [{text, file, line, column, message}], warnings: [the same], "
                "checked: [files]}");
  cmd->callback([&code] {
    auto t = targets(path, project_root());
    if (!t.ok()) return void(code = report(t.error()));
    note_project(t->game_dir.empty() ? t->scenarios.front() : t->game_dir);
    // Each problem once, in the order found: every scenario of a game
    // reports the game's own problems again.
    std::vector<std::string> problems;
    std::set<std::string> seen;
    const auto add = [&](const std::string& p) {
      if (seen.insert(p).second) problems.push_back(p);
    };
    std::vector<std::string> checked;
    std::set<std::vector<std::string>> globals_checked;  // the rules files of each game, checked once
    std::shared_ptr<const GameDef> loaded;               // the first game that loaded, for the warnings
    if (!t->game_dir.empty())
      for (const auto& e : lua_syntax_errors(t->game_dir)) add(e);
    std::vector<std::string> runs = t->scenarios;
    if (runs.empty()) runs.push_back("");  // a game without scenarios is checked alone
    for (const auto& scenario : runs) {
      checked.push_back(scenario.empty() ? t->game_dir : scenario);
      GameCheck check = scenario.empty() ? check_game_folder(t->game_dir, t->root) : check_game(scenario, t->root);
      for (const auto& p : check.problems.list()) add(p.message);
      if (!check.def) continue;
      if (!loaded) loaded = check.def;
      auto game = Game::create(check.def);
      if (!game.ok()) add(game.error().message);
      if (globals_checked.insert(rules_files(*check.def)).second)
        for (const auto& p : check_game_globals(*check.def, game.ok() ? game->get() : nullptr)) add(describe(p));
    }
    std::vector<std::string> warnings;
    if (!t->game_dir.empty()) {
      const std::vector<DataFile> files = game_data_files(t->game_dir);
      std::vector<DataFile> base_files;
      if (loaded)
        for (const auto& d : loaded->base_dirs)
          for (auto& f : game_data_files(d)) base_files.push_back(std::move(f));
      const auto append = [&](const std::vector<std::string>& more) {
        warnings.insert(warnings.end(), more.begin(), more.end());
      };
      append(own_key_slips(files));
      append(printed_value_slips(files, base_files));
      if (loaded) append(unknown_value_keys(*loaded, t->game_dir));
      if (loaded) append(kit_value_gaps(*loaded, files));
    }
    if (json) {
      nlohmann::json jp = nlohmann::json::array(), jw = nlohmann::json::array();
      for (const auto& p : problems) jp.push_back(located(p));
      for (const auto& w : warnings) jw.push_back(located(w));
      // Paths and messages are bytes, not always UTF-8: a bad byte is replaced, not an exception.
      const nlohmann::json out = {{"root", t->root}, {"problems", jp}, {"warnings", jw}, {"checked", checked}};
      std::printf("%s\n", json_text(out, 2).c_str());
    } else {
      for (const auto& p : problems) std::printf("%s\n", terminal_text(p).c_str());
      for (const auto& w : warnings) std::printf("%s\n", terminal_text(w).c_str());
      std::printf("%s: %zu problem%s", path.c_str(), problems.size(), problems.size() == 1 ? "" : "s");
      if (!warnings.empty()) std::printf(", %zu warning%s", warnings.size(), warnings.size() == 1 ? "" : "s");
      std::printf("\n");
    }
    code = problems.empty() ? 0 : 2;
  });
}

}  // namespace cardboard
