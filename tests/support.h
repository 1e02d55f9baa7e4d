// Shared helpers for the kernel tests: loading a fixture game from
// tests/games, unwrapping results (a failed one fails the test with its
// message), and running Lua snippets in a game's sandbox.
#pragma once

#include <cstdio>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <lua.hpp>

#include "core/error.h"
#include "core/game_def.h"
#include "data/game_loader.h"
#include "script/game.h"

namespace cardboard::testing {

// The folder of fixture game `name`: tests/games/<name> under the source tree.
std::string fixture_root(const std::string& name);

// A project in the temporary folder, removed when it goes: rules/GAME with
// its game.toml and any other `files` (name = text), scenarios/GAME/one.toml
// (`scenario`, or a bare one), and, when `mod` is given, rules/mod with that
// game.toml (it extends GAME) and scenarios/mod/one.toml. For the loaders'
// tests: every problem of a game.toml, with its position.
struct TempProject {
  std::filesystem::path root;
  std::string game;
  TempProject(const std::string& folder, const std::string& game, const std::string& toml, const std::string& mod = "",
              const std::map<std::string, std::string>& files = {}, const std::string& scenario = "");
  ~TempProject();
  TempProject(const TempProject&) = delete;
  TempProject& operator=(const TempProject&) = delete;
  // The path of a game's game.toml (GAME's by default).
  std::string file(const std::string& id = "") const;
  // Every problem of loading scenario ID/one, one a line.
  std::string problems(const std::string& id = "") const;
  // The loaded definition; fails the test when it does not load.
  std::shared_ptr<GameDef> def(const std::string& id = "") const;
};

// `s` with the first `from` replaced by `to`; fails the test when `from` is not in it.
std::string replace_once(std::string s, const std::string& from, const std::string& to);

// Loads scenario GAME/SCENARIO of the fixture under tests/games/<root>
// (root defaults to the game's own name). Fails the test on error.
std::shared_ptr<const GameDef> load_fixture(const std::string& game, const std::string& scenario,
                                            const std::string& root = "");

// Creates the game and fails the test on error.
std::unique_ptr<Game> make_game(std::shared_ptr<const GameDef> def, SandboxLimits limits = {});

// Fails the test with the error's message when `s` is not ok.
void must_ok(const Status& s);

// The outcome of a snippet: ok, its results (luaL_tolstring of each, joined
// by ","), or the error message.
struct LuaRun {
  bool ok = false;
  std::string values;
  std::string error;
};

// Runs `code` on the main thread of `L` with lua_pcall (not yieldable, so
// `ask` and `game.finish` refuse). The stack is left as it was.
LuaRun run_lua(lua_State* L, const std::string& code);

// Runs `code` and fails the test unless it succeeds; returns its values.
std::string lua_ok(lua_State* L, const std::string& code);
// Runs `code` and fails the test unless it raises; returns the message.
std::string lua_error(lua_State* L, const std::string& code);

// The same in a game's sandbox, with the rules API (Game::run_lua): the
// values come through tostring.
LuaRun run_lua(Game& g, const std::string& code);
std::string lua_ok(Game& g, const std::string& code);
std::string lua_error(Game& g, const std::string& code);

// Runs `fn` in a forked child process (for code that may crash or corrupt
// memory) and returns what it returned; `exit_status` gets the child's wait
// status (0 when it returned normally; a child still running after 20
// seconds is killed by SIGALRM). No Catch2 macro may run in `fn`.
std::string in_child(const std::function<std::string()>& fn, int& exit_status);

// What a run of the real `cardboard` binary printed (stderr joined to
// stdout) and its exit code.
struct CommandRun {
  int code = -1;
  std::string out;
};

// Runs `cardboard ARGS` with CARDBOARD_ROOT=root; with a timeout, a command
// still running after it is killed (code 137) instead of hanging the test.
CommandRun run_cardboard(const std::string& root, const std::string& args, int timeout_seconds = 0);
// Runs a shell command line with CARDBOARD_ROOT=root.
CommandRun run_shell(const std::string& root, const std::string& command);
// Runs SQL on a file (a save) through a connection of its own, outside any
// SaveFile or History: to damage a save behind the game's back.
void sql(const std::string& path, const std::string& statement);
// Replaces the first `from` in the file with `to`; the test fails when the
// file does not hold it.
void replace_in(const std::string& file, const std::string& from, const std::string& to);
// Reads all a process started by popen writes, then waits for it: its
// output and exit code (-1 when a signal ended it).
CommandRun finish_command(FILE* p);

// A game written for one test under a fresh temporary root, removed at the
// end: rules/NAME/game.toml (one side "solo"; one phase "work" whose step
// runs the Lua function `work`; at most 2 turns), rules/NAME/NAME.lua with
// `lua`, and the scenario NAME/s.
struct TempGame {
  TempGame(const std::string& name, const std::string& lua);
  ~TempGame();
  TempGame(const TempGame&) = delete;
  TempGame& operator=(const TempGame&) = delete;
  std::string scenario() const { return name + "/s"; }
  // The loaded definition; fails the test on error.
  std::shared_ptr<const GameDef> def() const;
  std::string root;
  std::string name;
};

}  // namespace cardboard::testing
