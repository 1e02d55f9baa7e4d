// Shared helpers for the tests: see support.h.
#include "support.h"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "data/game_loader.h"

namespace cardboard::testing {

std::string fixture_root(const std::string& name) {
  return std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/" + name;
}

std::shared_ptr<const GameDef> load_fixture(const std::string& game, const std::string& scenario,
                                            const std::string& root) {
  auto def = load_game(game + "/" + scenario, fixture_root(root.empty() ? game : root));
  if (!def.ok()) FAIL(def.error().message);
  return *def;
}

std::unique_ptr<Game> make_game(std::shared_ptr<const GameDef> def, SandboxLimits limits) {
  auto g = Game::create(std::move(def), limits);
  if (!g.ok()) FAIL(g.error().message);
  return std::move(*g);
}

void must_ok(const Status& s) {
  if (!s.ok()) FAIL(s.error().message);
}

LuaRun run_lua(lua_State* L, const std::string& code) {
  LuaRun out;
  const int top = lua_gettop(L);
  int status = luaL_loadbuffer(L, code.data(), code.size(), "=test");
  if (status == LUA_OK) status = lua_pcall(L, 0, LUA_MULTRET, 0);
  if (status != LUA_OK) {
    const char* msg = lua_tostring(L, -1);
    out.error = msg ? msg : "(error object is not a string)";
    lua_settop(L, top);
    return out;
  }
  out.ok = true;
  for (int i = top + 1; i <= lua_gettop(L); ++i) {
    if (i > top + 1) out.values += ",";
    out.values += luaL_tolstring(L, i, nullptr);
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  return out;
}

std::string lua_ok(lua_State* L, const std::string& code) {
  LuaRun r = run_lua(L, code);
  if (!r.ok) FAIL("Lua failed: " << r.error << "\n  in: " << code);
  return r.values;
}

std::string lua_error(lua_State* L, const std::string& code) {
  LuaRun r = run_lua(L, code);
  if (r.ok) FAIL("Lua succeeded with (" << r.values << ") but an error was expected\n  in: " << code);
  return r.error;
}

LuaRun run_lua(Game& g, const std::string& code) {
  // The snippet runs as a function, so `return a, b` gives its values.
  const std::string wrapped = "local r = table.pack((function() " + code +
                              "\nend)()) local out = {} for i = 1, r.n do out[i] = tostring(r[i]) end "
                              "return table.concat(out, ',')";
  LuaRun out;
  auto v = g.run_lua(wrapped, "test");
  if (!v.ok()) {
    out.error = v.error().message;
    return out;
  }
  out.ok = true;
  out.values = v->is_string() ? v->as_string() : "";
  return out;
}

std::string lua_ok(Game& g, const std::string& code) {
  LuaRun r = run_lua(g, code);
  if (!r.ok) FAIL("Lua failed: " << r.error << "\n  in: " << code);
  return r.values;
}

std::string lua_error(Game& g, const std::string& code) {
  LuaRun r = run_lua(g, code);
  if (r.ok) FAIL("Lua succeeded with (" << r.values << ") but an error was expected\n  in: " << code);
  return r.error;
}

std::string in_child(const std::function<std::string()>& fn, int& exit_status) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(fds[0]);
    // Catch2's fatal-signal handlers were inherited: a crash here must end
    // the child, not report as the parent's test.
    for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGALRM}) ::signal(sig, SIG_DFL);
    ::alarm(20);  // a hang (a corrupted heap can loop) ends the child
    const std::string out = fn();
    size_t done = 0;
    while (done < out.size()) {
      const ssize_t n = ::write(fds[1], out.data() + done, out.size() - done);
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    ::close(fds[1]);
    ::_exit(0);
  }
  ::close(fds[1]);
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  ::close(fds[0]);
  ::waitpid(pid, &exit_status, 0);
  return out;
}

CommandRun run_cardboard(const std::string& root, const std::string& args, int timeout_seconds) {
  const std::string limit = timeout_seconds > 0 ? "timeout -s KILL " + std::to_string(timeout_seconds) + " " : "";
  return run_shell(root, limit + "'" + std::string(CARDBOARD_BINARY) + "' " + args);
}

CommandRun run_shell(const std::string& root, const std::string& command) {
  const std::string cmd = "CARDBOARD_ROOT='" + root + "' " + command + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  return finish_command(p);
}

void replace_in(const std::string& file, const std::string& from, const std::string& to) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  const auto at = s.find(from);
  INFO("replacing in " << file);
  REQUIRE(at != std::string::npos);
  s.replace(at, from.size(), to);
  std::ofstream(file) << s;
}

void sql(const std::string& path, const std::string& statement) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, statement.c_str(), nullptr, nullptr, &err);
  const std::string msg = err ? err : "";
  sqlite3_free(err);
  sqlite3_close(db);
  INFO(msg);
  REQUIRE(rc == SQLITE_OK);
}

CommandRun finish_command(FILE* p) {
  CommandRun run;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) run.out.append(buf, n);
  const int status = pclose(p);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

TempGame::TempGame(const std::string& game, const std::string& lua) : name(game) {
  namespace fs = std::filesystem;
  root = (fs::temp_directory_path() / ("cardboard_game_" + std::to_string(::getpid()) + "_" + game)).string();
  fs::remove_all(root);
  fs::create_directories(root + "/rules/" + name);
  fs::create_directories(root + "/scenarios/" + name);
  std::ofstream(root + "/rules/" + name + "/game.toml")
      << "[game]\ntitle = \"Temporary\"\nscripts = [\"" << name << ".lua\"]\n\n[[sides]]\nid = \"solo\"\n\n"
      << "[sequence]\nmax_turns = 2\n\n[[sequence.phases]]\nid = \"work\"\ntitle = \"Work\"\nrun = \"work\"\n";
  std::ofstream(root + "/rules/" + name + "/" + name + ".lua") << lua << "\n";
  std::ofstream(root + "/scenarios/" + name + "/s.toml") << "[scenario]\ngame = \"" << name << "\"\ntitle = \"S\"\n";
}

TempGame::~TempGame() { std::filesystem::remove_all(root); }

std::shared_ptr<const GameDef> TempGame::def() const {
  auto d = load_game(scenario(), root);
  if (!d.ok()) FAIL(d.error().message);
  return *d;
}

TempProject::TempProject(const std::string& folder, const std::string& id, const std::string& toml,
                         const std::string& mod, const std::map<std::string, std::string>& files,
                         const std::string& scenario)
    : root(std::filesystem::temp_directory_path() / folder), game(id) {
  namespace fs = std::filesystem;
  fs::remove_all(root);
  fs::create_directories(root / "rules" / game);
  fs::create_directories(root / "scenarios" / game);
  std::ofstream(root / "rules" / game / "game.toml") << toml;
  for (const auto& [name, text] : files) std::ofstream(root / "rules" / game / name) << text;
  std::ofstream(root / "scenarios" / game / "one.toml")
      << (scenario.empty() ? "[scenario]\ngame = \"" + game + "\"\n" : scenario);
  if (!mod.empty()) {
    fs::create_directories(root / "rules/mod");
    fs::create_directories(root / "scenarios/mod");
    std::ofstream(root / "rules/mod/game.toml") << mod;
    std::ofstream(root / "scenarios/mod/one.toml") << "[scenario]\ngame = \"mod\"\n";
  }
}

TempProject::~TempProject() {
  std::error_code ec;
  std::filesystem::remove_all(root, ec);
}

std::string TempProject::file(const std::string& id) const {
  return (root / "rules" / (id.empty() ? game : id) / "game.toml").string();
}

std::string TempProject::problems(const std::string& id) const {
  GameCheck check = check_game((id.empty() ? game : id) + "/one", root.string());
  std::string out;
  for (const auto& e : check.problems.list()) out += e.message + "\n";
  return out;
}

std::shared_ptr<GameDef> TempProject::def(const std::string& id) const {
  GameCheck check = check_game((id.empty() ? game : id) + "/one", root.string());
  INFO((check.problems.empty() ? std::string() : check.problems.first().message));
  REQUIRE(check.def);
  return check.def;
}

std::string replace_once(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace cardboard::testing
