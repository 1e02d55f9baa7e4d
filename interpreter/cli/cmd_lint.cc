// cardboard lint: checks a game or a scenario without playing it: every TOML
// file and reference, every Lua file's syntax, and that the rules load and
// define every function the sequence of play names, and that no function
// assigns or reads an undeclared global (script/global_check.h). Reports
// every problem found, each with file:line, and warns (without failing) of
// piece type keys that look like misspelt keys of the loader's own.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <vector>

#include <lua.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "data/game_loader.h"
#include "data/toml_file.h"
#include "script/game.h"
#include "script/global_check.h"

namespace fs = std::filesystem;

namespace cardboard {

namespace {

std::vector<std::string> lua_syntax_errors(const std::string& dir) {
  std::vector<std::string> out;
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".lua") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    lua_State* L = luaL_newstate();
    if (luaL_loadfilex(L, f.c_str(), "t") != LUA_OK) out.push_back(lua_tostring(L, -1));
    lua_close(L);
  }
  return out;
}

// A piece type's key that is not one of its own (id, name, kind, owner, deck,
// copies) is a printed value, so a misspelt one loads without complaint.
// Warns of each that is one edit from such a key, or two for keys of five
// letters or more ("copis", "onwer"), with its position.
std::vector<std::string> piece_type_typos(const std::string& dir) {
  static const std::vector<std::string> own = {"id", "name", "kind", "owner", "deck", "copies", "faces"};
  std::vector<std::string> out;
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".toml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    auto parsed = parse_toml_file(f);
    if (!parsed.ok()) continue;  // loading reports it
    const auto* types = (*parsed)["piece_types"].as_array();
    if (!types) continue;
    for (const auto& node : *types) {
      const auto* t = node.as_table();
      if (!t) continue;
      for (const auto& [k, v] : *t) {
        const std::string key(k.str());
        if (std::find(own.begin(), own.end(), key) != own.end()) continue;
        for (const auto& o : own) {
          const size_t d = edit_distance(key, o);
          if (d == 1 || (d == 2 && key.size() >= 5)) {
            const auto& b = k.source().begin;
            out.push_back(f + ":" + std::to_string(b.line) + ":" + std::to_string(b.column) + ": warning: '" + key +
                          "' is kept as a printed value of the piece type: did you mean '" + o + "'?");
            break;
          }
        }
      }
    }
  }
  return out;
}

// The scenarios to check for PATH, and the game folder.
Result<std::pair<std::string, std::vector<std::string>>> targets(const std::string& path, const std::string& root) {
  std::string dir;
  if (fs::is_directory(path) && fs::exists(path + "/game.toml")) dir = path;
  else if (fs::path(path).filename() == "game.toml") dir = fs::path(path).parent_path().string();
  else if (fs::is_directory(root + "/rules/" + path)) dir = root + "/rules/" + path;
  if (!dir.empty()) {
    dir = fs::absolute(dir).lexically_normal().string();
    while (!dir.empty() && dir.back() == '/') dir.pop_back();
    std::vector<std::string> scenarios;
    const std::string id = fs::path(dir).filename().string();
    const std::string sdir = root + "/scenarios/" + id;
    if (fs::is_directory(sdir))
      for (const auto& e : fs::directory_iterator(sdir))
        if (e.path().extension() == ".toml") scenarios.push_back(e.path().string());
    std::sort(scenarios.begin(), scenarios.end());
    if (scenarios.empty()) {
      // A game without scenarios is checked through a minimal one.
      const std::string tmp = (fs::temp_directory_path() / ("cardboard-lint-" + id + ".toml")).string();
      std::ofstream(tmp) << "[scenario]\ngame = \"" << dir << "\"\ntitle = \"lint\"\n";
      scenarios.push_back(tmp);
    }
    return std::make_pair(dir, scenarios);
  }
  auto scen = resolve_scenario(path, root);
  if (!scen.ok()) return scen.error();
  auto parsed = parse_toml_file(*scen);
  if (!parsed.ok()) return std::make_pair(std::string(), std::vector<std::string>{*scen});
  std::string game = (*parsed)["scenario"]["game"].value_or(std::string());
  std::string game_dir = game.find('/') != std::string::npos
                             ? (fs::path(*scen).parent_path() / game).lexically_normal().string()
                             : root + "/rules/" + game;
  return std::make_pair(fs::is_directory(game_dir) ? game_dir : std::string(), std::vector<std::string>{*scen});
}

}  // namespace

void add_lint_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("lint", "check a game or scenario: TOML, references, Lua syntax, sequence functions");
  static std::string path;
  static bool json = false;
  cmd->add_option("path", path, "a game (id or folder), its game.toml, GAME/SCENARIO or a scenario file")->required();
  cmd->add_flag("--json", json, "print JSON: {problems: [text], warnings: [text], checked: [files]}");
  cmd->callback([&code] {
    const std::string root = project_root();
    auto t = targets(path, root);
    if (!t.ok()) return void(code = report(t.error()));
    std::vector<std::string> problems;
    std::vector<std::string> checked;
    std::set<std::vector<std::string>> globals_checked;  // the rules files of each game, checked once
    std::vector<std::string> warnings;
    if (!t->first.empty()) {
      for (auto& e : lua_syntax_errors(t->first)) problems.push_back(e);
      warnings = piece_type_typos(t->first);
    }
    for (const auto& scenario : t->second) {
      checked.push_back(scenario);
      auto def = load_game(scenario, root);
      if (!def.ok()) {
        problems.push_back(def.error().message);
        continue;
      }
      auto game = Game::create(*def);
      if (!game.ok()) problems.push_back(game.error().message);
      if (globals_checked.insert(rules_files(**def)).second)
        for (const auto& p : check_game_globals(**def, game.ok() ? game->get() : nullptr))
          problems.push_back(describe(p));
    }
    // One syntax error is reported both by the syntax pass and by loading: keep one.
    std::sort(problems.begin(), problems.end());
    problems.erase(std::unique(problems.begin(), problems.end()), problems.end());
    if (json) {
      std::printf("%s\n",
                  nlohmann::json{{"problems", problems}, {"warnings", warnings}, {"checked", checked}}.dump(2).c_str());
    } else {
      for (const auto& p : problems) std::printf("%s\n", p.c_str());
      for (const auto& w : warnings) std::printf("%s\n", w.c_str());
      std::printf("%s: %zu problem%s", path.c_str(), problems.size(), problems.size() == 1 ? "" : "s");
      if (!warnings.empty()) std::printf(", %zu warning%s", warnings.size(), warnings.size() == 1 ? "" : "s");
      std::printf("\n");
    }
    code = problems.empty() ? 0 : 2;
  });
}

}  // namespace cardboard
