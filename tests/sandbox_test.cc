// The Lua sandbox (script/sandbox.h): what rules cannot reach, how require
// loads, the sorted pairs and next, the instruction budget, the memory cap
// and the time limit that no script can catch, messages that survive a full
// heap, refused finalizers, and frozen globals. Each test builds its own
// Sandbox over a temporary folder; a test whose failure would hang or crash
// runs its sandbox in a forked child.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "data/game_loader.h"
#include "script/game.h"
#include "script/run_watch.h"
#include "script/sandbox.h"
#include "support.h"

using namespace cardboard;
using cardboard::testing::lua_error;
using cardboard::testing::lua_ok;
namespace fs = std::filesystem;

namespace {

// A temporary rules folder with a few module files, removed at the end.
struct RulesDir {
  fs::path dir;
  explicit RulesDir(const std::string& name) {
    dir = fs::temp_directory_path() / ("cardboard_sandbox_" + std::to_string(::getpid()) + "_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir / "lib");
    write("helper.lua", "return { answer = 42 }\n");
    write("lib/util.lua", "return { twice = function(x) return 2 * x end }\n");
    write("binary.lua", std::string("\x1bLua\x54\x00\x19\x93\r\n\x1a\n", 12) + std::string(32, '\0'));
  }
  ~RulesDir() { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
};

std::string run_error(Sandbox& sb, const std::string& code) {
  auto s = sb.run_string(code, "t");
  if (s.ok()) FAIL("expected an error from: " << code);
  CHECK(s.error().kind == ErrorKind::kScript);
  return s.error().message;
}

void run_ok(Sandbox& sb, const std::string& code) {
  auto s = sb.run_string(code, "t");
  if (!s.ok()) FAIL(s.error().message);
}

}  // namespace

TEST_CASE("sandbox: io, os, debug, package and coroutine are absent", "[kernel][sandbox]") {
  Sandbox sb({});
  for (const char* lib : {"io", "os", "debug", "package", "coroutine", "collectgarbage"}) {
    INFO(lib);
    CHECK(lua_ok(sb.L(), std::string("return type(") + lib + ")") == "nil");
  }
  CHECK_THAT(run_error(sb, "os.exit(1)"), Catch::Contains("attempt to index a nil value (global 'os')"));
  CHECK_THAT(run_error(sb, "io.open('/etc/passwd')"), Catch::Contains("attempt to index a nil value (global 'io')"));
  CHECK_THAT(run_error(sb, "debug.sethook()"), Catch::Contains("attempt to index a nil value (global 'debug')"));
}

TEST_CASE("sandbox: load, loadfile, dofile and string.dump are absent", "[kernel][sandbox]") {
  Sandbox sb({});
  CHECK_THAT(run_error(sb, "load('return 1')"), Catch::Contains("t:1: attempt to call a nil value (global 'load')"));
  CHECK_THAT(run_error(sb, "loadfile('x.lua')"),
             Catch::Contains("t:1: attempt to call a nil value (global 'loadfile')"));
  CHECK_THAT(run_error(sb, "dofile('x.lua')"), Catch::Contains("t:1: attempt to call a nil value (global 'dofile')"));
  CHECK_THAT(run_error(sb, "string.dump(print)"),
             Catch::Contains("t:1: attempt to call a nil value (field 'dump')"));
  CHECK(lua_ok(sb.L(), "return string.dump, ('').dump") == "nil,nil");
}

TEST_CASE("sandbox: math.random and math.randomseed are absent until a game binds them", "[kernel][sandbox]") {
  Sandbox sb({});
  CHECK(lua_ok(sb.L(), "return math.random, math.randomseed") == "nil,nil");
  CHECK(lua_ok(sb.L(), "return math.floor(2.5), string.format('%d', 3), table.concat({1, 2}, '-'), utf8.char(65)") ==
        "2,3,1-2,A");
}

TEST_CASE("sandbox: require loads text modules from the search folders once", "[kernel][sandbox]") {
  RulesDir d("require");
  Sandbox sb({d.dir.string()});
  CHECK(lua_ok(sb.L(), "return require('helper').answer") == "42");
  CHECK(lua_ok(sb.L(), "return require('lib.util').twice(21)") == "42");
  CHECK(lua_ok(sb.L(), "return require('helper') == require('helper')") == "true");
  // A later folder is searched after the first.
  RulesDir base("require_base");
  base.write("only_in_base.lua", "return 'base'\n");
  Sandbox modded({d.dir.string(), base.dir.string()});
  CHECK(lua_ok(modded.L(), "return require('only_in_base')") == "base");
}

TEST_CASE("sandbox: a binary chunk cannot be loaded through require", "[kernel][sandbox]") {
  RulesDir d("binary");
  Sandbox sb({d.dir.string()});
  const std::string msg = lua_error(sb.L(), "return require('binary')");
  CHECK_THAT(msg, Catch::Contains("attempt to load a binary chunk (mode is 't')"));
}

TEST_CASE("sandbox: require refuses names outside the search folders", "[kernel][sandbox]") {
  RulesDir d("names");
  Sandbox sb({d.dir.string()});
  CHECK_THAT(lua_error(sb.L(), "require('../x')"), Catch::Contains("require: bad module name '../x'"));
  CHECK_THAT(lua_error(sb.L(), "require('/etc/passwd')"), Catch::Contains("require: bad module name '/etc/passwd'"));
  CHECK_THAT(lua_error(sb.L(), "require('..helper')"), Catch::Contains("require: bad module name '..helper'"));
  CHECK_THAT(lua_error(sb.L(), "require('')"), Catch::Contains("require: bad module name ''"));
  CHECK_THAT(lua_error(sb.L(), "require('missing')"),
             Catch::Contains("require: no module 'missing' in the game's folder (looked for missing.lua)"));
  CHECK_THAT(lua_error(sb.L(), "require('lib.missing')"),
             Catch::Contains("require: no module 'lib.missing' in the game's folder (looked for lib/missing.lua)"));
}

TEST_CASE("sandbox: pairs iterates numbers ascending, then strings, whatever the insertion order", "[kernel][sandbox]") {
  Sandbox sb({});
  const std::string collect =
      "local function keys(t) local out = {} for k in pairs(t) do out[#out + 1] = tostring(k) end "
      "return table.concat(out, ' ') end ";
  CHECK(lua_ok(sb.L(), collect +
                           "local t = {} t.zulu = 1 t[10] = 1 t.alpha = 1 t[-2] = 1 t[2.5] = 1 t.Mike = 1 t[1] = 1 "
                           "t[true] = 1 t[false] = 1 return keys(t)") == "-2 1 2.5 10 Mike alpha zulu false true");
  CHECK(lua_ok(sb.L(), collect +
                           "local a, b = {}, {} "
                           "for i = 1, 50 do a['k' .. i] = i end "
                           "for i = 50, 1, -1 do b['k' .. i] = i end "
                           "return keys(a) == keys(b)") == "true");
  CHECK(lua_ok(sb.L(), "local s = 0 for k, v in pairs({10, 20, 30, x = 4}) do s = s * 10 + (type(k) == 'number' "
                       "and k or 9) end return s") == "1239");
  CHECK(lua_ok(sb.L(), collect + "return keys({})") == "");
  CHECK_THAT(lua_error(sb.L(), "for k in pairs({[{}] = 1}) do end"),
             Catch::Contains("pairs: table keys must be numbers, strings or booleans to iterate in a fixed order"));
}

TEST_CASE("sandbox: pairs honors __pairs", "[kernel][sandbox]") {
  Sandbox sb({});
  CHECK(lua_ok(sb.L(),
               "local proxy = setmetatable({}, { __pairs = function(t) "
               "  local i = 0 "
               "  return function() i = i + 1 if i <= 3 then return i, i * i end end, t, nil end }) "
               "local out = {} for k, v in pairs(proxy) do out[#out + 1] = k .. '=' .. v end "
               "return table.concat(out, ',')") == "1=1,2=4,3=9");
}

TEST_CASE("sandbox: pairs skips entries cleared during the iteration", "[kernel][sandbox]") {
  // Sorted pairs snapshots the keys when the loop starts; a key cleared
  // later is skipped, as Lua's own pairs never yields a nil value.
  Sandbox sb({});
  CHECK(lua_ok(sb.L(), "local t = { a = 1, b = 2, c = 3 } local seen = {} "
                       "for k, v in pairs(t) do seen[#seen + 1] = k .. '=' .. tostring(v) t.c = nil end "
                       "return table.concat(seen, ',')") == "a=1,b=2");
}

TEST_CASE("sandbox: next visits keys in the same order in every sandbox", "[kernel][sandbox]") {
  // Lua's raw `next` follows the string hash seed (addresses and time,
  // different in every state and process); the sandbox's next walks keys in
  // sorted order, so `next(t)` and `for k in next, t` are deterministic.
  const std::string code =
      "local t = {} for i = 1, 40 do t['key' .. i] = i end "
      "local out = {} local k = next(t) while k do out[#out + 1] = k k = next(t, k) end "
      "return table.concat(out, ',')";
  // All alive at once: a freed state's address would be reused, and its seed with it.
  std::vector<std::unique_ptr<Sandbox>> boxes;
  for (int i = 0; i < 8; ++i) boxes.push_back(std::make_unique<Sandbox>(std::vector<std::string>{}));
  const std::string first = lua_ok(boxes[0]->L(), code);
  for (auto& sb : boxes) CHECK(lua_ok(sb->L(), code) == first);
}

TEST_CASE("sandbox: the instruction budget stops an endless loop and the state stays usable", "[kernel][sandbox]") {
  SandboxLimits limits;
  limits.instructions = 1'000'000;
  limits.count_after = std::chrono::milliseconds(0);  // every instruction counts: the limit is exact
  Sandbox sb({}, limits);
  const std::string msg = run_error(sb, "while true do end");
  CHECK_THAT(msg, Catch::StartsWith("rules script exceeded the instruction budget (1000000 instructions): "
                                    "an endless loop? "));
  CHECK_THAT(msg, Catch::Contains("instruction budget exceeded"));
  CHECK(sb.over_budget());
  // The next chunk gets a fresh budget.
  run_ok(sb, "local s = 0 for i = 1, 10000 do s = s + i end assert(s == 50005000)");
  CHECK_FALSE(sb.over_budget());
  // A chunk just under the budget runs.
  run_ok(sb, "local s = 0 for i = 1, 100000 do s = s + i end");
}

TEST_CASE("sandbox: by default the budget counts once a call runs long, and still stops an endless loop",
          "[kernel][sandbox]") {
  SandboxLimits limits;
  limits.instructions = 1'000'000;
  limits.count_after = std::chrono::milliseconds(20);
  Sandbox sb({}, limits);
  CHECK_THAT(run_error(sb, "while true do end"),
             Catch::StartsWith("rules script exceeded the instruction budget (1000000 instructions): "));
  // A call that ends before it is watched is never counted, so it may run
  // more instructions than the budget holds (here about 2.4 million, some
  // 10 ms, under a second's grace).
  limits.count_after = std::chrono::milliseconds(1000);
  Sandbox patient({}, limits);
  run_ok(patient, "local s = 0 for i = 1, 600000 do s = s + i end");
}

TEST_CASE("run watch: a run is hooked only once it has run long, and unhooked when it ends", "[kernel][sandbox]") {
  Sandbox sb({});
  lua_State* L = sb.L();
  auto hook = [](lua_State*, lua_Debug*) {};
  run_watch::begin(L, hook, 1000, std::chrono::milliseconds(30), std::chrono::milliseconds(0));
  CHECK_FALSE(run_watch::armed());
  CHECK(lua_gethookmask(L) == 0);
  // The watchdog arms it from its own thread through a signal to this one.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!run_watch::armed() && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  REQUIRE(run_watch::armed());
  CHECK(lua_gethookmask(L) == LUA_MASKCOUNT);
  // A new decision inside the run: a fresh clock, no hook.
  run_watch::restart();
  CHECK_FALSE(run_watch::armed());
  CHECK(lua_gethookmask(L) == 0);
  run_watch::end();
  CHECK(lua_gethookmask(L) == 0);

  // With no delay the hook is set at once; a nested run on another Lua
  // thread is watched on its own, and the outer run keeps its hook.
  run_watch::begin(L, hook, 1000, std::chrono::milliseconds(0), std::chrono::milliseconds(0));
  CHECK(run_watch::armed());
  CHECK(lua_gethookmask(L) == LUA_MASKCOUNT);
  lua_State* co = lua_newthread(L);
  run_watch::begin(co, hook, 1000, std::chrono::milliseconds(60'000), std::chrono::milliseconds(0));
  CHECK_FALSE(run_watch::armed());
  run_watch::end();
  CHECK(run_watch::armed());
  CHECK(lua_gethookmask(L) == LUA_MASKCOUNT);
  run_watch::end();
  CHECK(lua_gethookmask(L) == 0);
  lua_pop(L, 1);
}

TEST_CASE("sandbox: the memory cap stops a chunk that grows without bound", "[kernel][sandbox]") {
  SandboxLimits limits;
  limits.memory_bytes = 16u << 20;
  Sandbox sb({}, limits);
  std::string msg = run_error(sb, "local t = {} for i = 1, 1e9 do t[i] = i end");
  CHECK_THAT(msg, Catch::StartsWith("rules script exceeded the memory cap (16 MiB): "));
  CHECK_THAT(msg, Catch::Contains("not enough memory"));
  msg = run_error(sb, "local s = string.rep('x', 64 * 1024 * 1024)");
  CHECK_THAT(msg, Catch::Contains("memory cap"));
  // The garbage is collected and the state goes on.
  run_ok(sb, "local t = {} for i = 1, 10000 do t[i] = tostring(i) end assert(#t == 10000)");
  CHECK_FALSE(sb.over_memory());
}

TEST_CASE("sandbox: frozen globals refuse reading an undeclared name and any assignment", "[kernel][sandbox]") {
  Sandbox sb({});
  run_ok(sb, "declared = 1 function helper() return declared end");
  REQUIRE(sb.freeze().ok());
  CHECK_THAT(run_error(sb, "x = 1"),
             Catch::Contains("attempt to change global 'x' after the rules loaded: keep game state in vars"));
  CHECK_THAT(run_error(sb, "declared = 2"),
             Catch::Contains("attempt to change global 'declared' after the rules loaded: keep game state in vars"));
  CHECK_THAT(run_error(sb, "local y = undeclared_name"), Catch::Contains("undeclared global 'undeclared_name'"));
  // Declared globals can still be read, and locals are free.
  run_ok(sb, "local z = helper() assert(z == 1) local w = 3 w = w + 1");
  CHECK(lua_ok(sb.L(), "return rawget(_G, 'x'), rawget(_G, 'declared')") == "nil,1");
}

TEST_CASE("sandbox: a syntax error names the chunk and the line", "[kernel][sandbox]") {
  Sandbox sb({});
  CHECK_THAT(run_error(sb, "local = 1"), Catch::StartsWith("t:1: "));
  RulesDir d("files");
  Sandbox files({d.dir.string()});
  auto s = files.run_file("absent.lua");
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message == "no rules file 'absent.lua' in " + d.dir.string());
}

// ---- limits no script can catch ----

namespace {

SandboxLimits small_limits() {
  SandboxLimits limits;
  limits.instructions = 5'000'000;
  limits.count_after = std::chrono::milliseconds(0);
  limits.memory_bytes = 32u << 20;
  return limits;
}

// Runs `code` in a fresh sandbox in a forked child (a hang or a crash fails
// the test, not the suite) and returns the error, or "finished".
std::string run_in_child(const std::string& code, SandboxLimits limits, int& status) {
  return testing::in_child(
      [&] {
        Sandbox sb({}, limits);
        auto s = sb.run_string(code, "t");
        return s.ok() ? std::string("finished") : s.error().message;
      },
      status);
}

// Runs `fn` in a forked child with its stderr going to a file, and returns
// what it wrote there; `status` gets the child's wait status.
std::string stderr_of_child(const std::function<void()>& fn, int& status) {
  const fs::path file = fs::temp_directory_path() / ("cardboard_stderr_" + std::to_string(::getpid()));
  testing::in_child(
      [&] {
        std::freopen(file.c_str(), "w", stderr);
        fn();
        return std::string();
      },
      status);
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove(file);
  return text;
}

}  // namespace

TEST_CASE("sandbox: no pcall or xpcall catches the instruction budget or the memory cap", "[kernel][sandbox]") {
  // Each loop would catch the limit and go on for ever: once a limit is
  // hit, every pcall re-raises it, xpcall's handler is not run, and a
  // __close handler cannot resume the script.
  const std::pair<const char*, const char*> cases[] = {
      {"while true do pcall(function() while true do end end) end", "instruction budget"},
      {"while true do xpcall(function() while true do end end, function(m) return m end) end", "instruction budget"},
      {"local function f() return f() + 1 end while true do pcall(f) end", ""},  // the stack or the budget
      {"while true do pcall(string.rep, 'x', 1e9) end", ""},  // its steps or its size
      {"while true do pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end) end", "memory cap"},
      {"xpcall(function() while true do end end, function() while true do end end)", "instruction budget"},
      {"while true do xpcall(function() while true do end end, function() return pcall(print) end) end",
       "instruction budget"},
      {"while true do pcall(function() "
       "local guard <close> = setmetatable({}, { __close = function() while true do pcall(error) end end }) "
       "while true do end end) end",
       "instruction budget"},
      {"local ok = pcall(function() while true do end end) "
       "if not ok then while true do local s = 0 for i = 1, 100 do s = s + i end end end",
       "instruction budget"},
  };
  for (const auto& [code, limit] : cases) {
    INFO(code);
    int status = -1;
    const std::string msg = run_in_child(code, small_limits(), status);
    CHECK(status == 0);
    CHECK_THAT(msg, Catch::StartsWith(std::string("rules script exceeded the ") + limit));
  }
}

TEST_CASE("sandbox: pcall and xpcall still catch ordinary errors and pass results", "[kernel][sandbox]") {
  Sandbox sb({}, small_limits());
  CHECK(lua_ok(sb.L(), "return pcall(function(a, b) return a + b, 'x' end, 2, 3)") == "true,5,x");
  CHECK(lua_ok(sb.L(), "return pcall(error, 'boom', 0)") == "false,boom");
  CHECK(lua_ok(sb.L(), "return select('#', pcall(function() end))") == "1");
  CHECK(lua_ok(sb.L(), "return xpcall(function() error('x', 0) end, function(m) return 'handled ' .. m end)") ==
        "false,handled x");
  CHECK(lua_ok(sb.L(), "return xpcall(function(...) return ... end, print, 1, nil, 3)") == "true,1,nil,3");
  CHECK_THAT(lua_error(sb.L(), "pcall()"), Catch::Contains("bad argument #1 to 'pcall' (value expected)"));
  CHECK_THAT(lua_error(sb.L(), "xpcall(print)"), Catch::Contains("bad argument #2 to 'xpcall'"));
  // An error the script caught does not count as a limit.
  run_ok(sb, "local ok, e = pcall(error, {}) assert(not ok and type(e) == 'table')");
}

TEST_CASE("sandbox: a limit hit while loading the rules cannot be caught either", "[kernel][sandbox]") {
  // `new` and `lint` load the rules with run_string: the same call limits.
  int status = -1;
  const std::string msg = testing::in_child(
      [] {
        Sandbox sb({}, small_limits());
        auto first = sb.run_string("x = 1", "rules.lua");
        auto s = sb.run_string("while true do pcall(function() while true do end end) end", "rules.lua");
        return first.ok() && !s.ok() ? s.error().message : std::string("finished");
      },
      status);
  CHECK(status == 0);
  CHECK_THAT(msg, Catch::StartsWith("rules script exceeded the instruction budget (5000000 instructions)"));
}

TEST_CASE("sandbox: a call slow in every instruction stops at its time limit", "[kernel][sandbox]") {
  // Comparing two 16 MiB strings is one instruction: the budget would take
  // hours. The time limit stops the call at its next instruction.
  SandboxLimits limits;
  limits.time_limit = std::chrono::milliseconds(300);
  int status = -1;
  const std::string msg =
      run_in_child("local a, b = string.rep('x', 2^24), string.rep('x', 2^24) "
                   "while true do pcall(function() while true do local same = a == b end end) end",
                   limits, status);
  CHECK(status == 0);
  CHECK_THAT(msg, Catch::StartsWith("rules script ran past its time limit (300 ms): "));
  CHECK_THAT(msg, Catch::Contains("time limit exceeded"));
}

TEST_CASE("sandbox: a call stuck inside a C function past its time limit ends the process with exit code 3",
          "[kernel][sandbox]") {
  // No library function the rules reach stays in C that long (each charges
  // its steps to the budget); a test function that spins stands for one.
  int status = -1;
  const std::string err = stderr_of_child(
      [] {
        SandboxLimits limits;
        limits.time_limit = std::chrono::milliseconds(200);
        Sandbox sb({}, limits);
        lua_register(sb.L(), "spin", [](lua_State*) -> int {
          volatile unsigned i = 0;
          for (;;) i = i + 1;
        });
        (void)sb.run_string("spin()", "t");
      },
      status);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 3);
  CHECK_THAT(err, Catch::StartsWith("rules script ran past its time limit (200 ms) and did not stop"));
}

TEST_CASE("sandbox: an error message too big for memory is cut and a full heap still gives a message",
          "[kernel][sandbox]") {
  // A 100 MB message: its traceback would need as much again, past the cap.
  int status = -1;
  std::string msg = run_in_child("error(string.rep('M', 1e8))", SandboxLimits{}, status);
  CHECK(status == 0);
  CHECK_THAT(msg, Catch::StartsWith("t:1: MMMMMMMM"));
  CHECK_THAT(msg, Catch::Contains("more bytes cut"));
  CHECK(msg.size() < 100'000);
  // With a smaller cap the message itself does not fit: the cap's error.
  SandboxLimits limits;
  limits.memory_bytes = 64u << 20;
  msg = run_in_child("error(string.rep('M', 5e7))", limits, status);
  CHECK(status == 0);
  CHECK(msg == "rules script exceeded the memory cap (64 MiB): not enough memory");
  msg = run_in_child("local t = {} for i = 1, 1e9 do t[i] = i end", limits, status);
  CHECK(status == 0);
  CHECK_THAT(msg, Catch::StartsWith("rules script exceeded the memory cap (64 MiB): "));
  msg = run_in_child("error(setmetatable({}, { __tostring = function() while true do end end }))", limits, status);
  CHECK(status == 0);
  CHECK_THAT(msg, Catch::StartsWith("(error object is a table value)\nstack traceback:"));
}

TEST_CASE("sandbox: an error outside any protected call ends the process with exit code 3 and a message",
          "[kernel][sandbox]") {
  // The last line of defence (every call into Lua is protected): Lua's panic.
  int status = -1;
  const std::string err = stderr_of_child(
      [] {
        Sandbox sb({});
        lua_pushliteral(sb.L(), "boom");
        lua_error(sb.L());
      },
      status);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 3);
  CHECK(err == "cardboard: a rules script failed outside any protected call: boom\n");
}

TEST_CASE("sandbox: finalizers and weak tables are refused", "[kernel][sandbox]") {
  Sandbox sb({});
  CHECK_THAT(run_error(sb, "setmetatable({}, { __gc = function() end })"),
             Catch::Contains("setmetatable: __gc is not allowed in the rules: a finalizer runs whenever memory is "
                             "collected, outside any call and its limits"));
  CHECK_THAT(run_error(sb, "setmetatable({}, { __mode = 'k' })"),
             Catch::Contains("setmetatable: __mode is not allowed in the rules: what a weak table holds depends on "
                             "when memory is collected, which differs from one process to the next"));
  // Other metamethods are as in Lua.
  CHECK(lua_ok(sb.L(), "local t = setmetatable({}, { __index = function(_, k) return k .. '!' end }) return t.x, "
                       "getmetatable(t).__index ~= nil") == "x!,true");
  CHECK_THAT(run_error(sb, "local t = setmetatable({}, { __metatable = 'locked' }) setmetatable(t, {})"),
             Catch::Contains("cannot change a protected metatable"));
  // The kernel's own objects show no metatable.
  CHECK(lua_ok(sb.L(), "return getmetatable('x') ~= nil") == "true");
}

TEST_CASE("sandbox: next walks 60000 keys in a fixed order without scanning the table at every step",
          "[kernel][sandbox]") {
  // Each call used to scan the whole table: 60,000 keys took minutes (the
  // child is killed after 20 seconds).
  int status = -1;
  const std::string out = testing::in_child(
      [] {
        Sandbox sb({});
        const auto run = testing::run_lua(sb.L(), "local t = {} for i = 1, 60000 do t['k' .. i] = i end "
                                                  "local n, last, sorted = 0, '', true "
                                                  "for k in next, t do n = n + 1 sorted = sorted and k > last "
                                                  "last = k end return n, sorted");
        return run.ok ? run.values : run.error;
      },
      status);
  CHECK(status == 0);
  CHECK(out == "60000,true");
  Sandbox sb({});
  // A key cleared during the walk is fine; next from any key finds the one after it.
  CHECK(lua_ok(sb.L(), "local t = { a = 1, b = 2, c = 3, d = 4 } local seen = {} "
                       "for k in next, t do seen[#seen + 1] = k t[k] = nil end "
                       "return table.concat(seen, ','), next(t)") == "a,b,c,d,nil");
  CHECK(lua_ok(sb.L(), "local t = { a = 1, b = 2, c = 3 } return next(t, 'a'), next(t, 'c'), next(t, 'bb')") ==
        "b,nil,c,3");
}

TEST_CASE("sandbox: library functions that work long in C charge the budget", "[kernel][sandbox]") {
  // Each would run for hours inside C, where the count hook does not run.
  const char* cases[] = {
      "table.move({}, 1, 1e12, 1)",
      "local t = {} for i = 1, 1e5 do t[i] = i end for i = 1, 1e6 do table.insert(t, 1, i) end",
      "local t = {} for i = 1, 1e5 do t[i] = i end for i = 1, 1e6 do table.remove(t, 1) t[#t + 1] = i end",
      "local t = {} for i = 1, 3e5 do t[i] = -i end while true do table.sort(t) end",
      // Lua compares strings piece by piece between NULs: a sort of
      // references to one long string of NULs ended the process, stuck.
      "local s = string.rep('\\0', 1 << 20) local t = {} for i = 1, 2000 do t[i] = s end table.sort(t)",
      "local s = string.rep('a', 1e6) while true do local n = utf8.len(s) end",
      "local s = string.rep('a', 1e6) while true do local _ = string.find(s, string.rep('a', 1e5) .. 'b', 1, true) end",
      "local t = {} for i = 1, 5e5 do t[i] = '' end while true do local _ = table.concat(t) end",
      // Charged all they could take at once: the count saturates rather than overflows.
      "string.rep('x', math.maxinteger)",
      "table.remove({}, math.mininteger)",
  };
  for (const char* code : cases) {
    INFO(code);
    int status = -1;
    const std::string msg = run_in_child(code, small_limits(), status);
    CHECK(status == 0);
    CHECK_THAT(msg, Catch::StartsWith("rules script exceeded the instruction budget"));
  }
  // string.rep of nothing, however many times, is the empty string at once.
  Sandbox sb({}, small_limits());
  CHECK(lua_ok(sb.L(), "return #string.rep('', 1e18), #string.rep('', 1e18, ''), string.rep('ab', 3, ',')") ==
        "0,0,ab,ab,ab");
  // Their results and errors are Lua's own.
  CHECK(lua_ok(sb.L(), "local t = {1, 2} table.insert(t, 1, 0) table.insert(t, 9) return table.concat(t, ' ')") ==
        "0 1 2 9");
  CHECK(lua_ok(sb.L(), "local t = {'b', 'a\\0b', 'a\\0a', 'c'} table.sort(t) "
                       "return (table.concat(t, ' '):gsub('%z', '0'))") == "a0a a0b b c");
  CHECK_THAT(lua_error(sb.L(), "table.insert({}, 5, 1)"),
             Catch::Contains("bad argument #2 to 'insert' (position out of bounds)"));
  CHECK_THAT(lua_error(sb.L(), "string.rep()"), Catch::Contains("bad argument #1 to 'rep'"));
}

TEST_CASE("sandbox: ask may be called inside pcall and xpcall", "[kernel][sandbox]") {
  // pcall and xpcall yield across (lua_pcallk), whether a person answers
  // later through act or a decider at once.
  testing::TempGame game("yields", "function work()\n"
                                   "  local ok, c, i = pcall(ask, 'solo', '1', { prompt = 'p', choices = { 'a', 'b' } })\n"
                                   "  local ok2, d = xpcall(function() return (ask('solo', '1', { prompt = 'q', choices = { 'c', 'd' } })) end, print)\n"
                                   "  vars.got = tostring(ok) .. c .. i .. tostring(ok2) .. d\n"
                                   "  return 'done'\n"
                                   "end");
  auto g = testing::make_game(game.def());
  testing::must_ok(g->start(1));
  REQUIRE(g->state().pending.open());
  testing::must_ok(g->act(1));
  testing::must_ok(g->act(0));
  REQUIRE(g->state().finished);
  CHECK(g->state().vars.find("got")->as_string() == "trueb2truec");
  auto bot = testing::make_game(game.def());
  bot->set_decider([](Game&) { return 0; });
  testing::must_ok(bot->start(1));
  CHECK(bot->state().vars.find("got")->as_string() == "truea1truec");
}

TEST_CASE("sandbox: the kernel's functions over a whole location charge the budget", "[kernel][sandbox]") {
  // Reshuffling a pile takes each piece out of the pile's list: with 200,000
  // pieces, hours in C. Counting a big location in a loop is charged too.
  const char* cases[] = {
      "for i = 1, 2e5 do pieces.create('tank', 'discard') end deck.reshuffle('discard', 'deck')",
      "for i = 1, 2e4 do pieces.create('tank', 'board') end while true do pieces.count('board') end",
      "for i = 1, 2e4 do pieces.create('tank', 'board') end while true do pieces.move(pieces.top('board'), 'board') end",
  };
  for (const char* code : cases) {
    INFO(code);
    int status = -1;
    const std::string msg = testing::in_child(
        [code] {
          SandboxLimits limits = small_limits();
          limits.memory_bytes = 64u << 20;
          // No Catch2 macro in a child: the game is made by hand.
          auto def = load_game("api/basic", testing::fixture_root("api"));
          if (!def.ok()) return def.error().message;
          auto g = Game::create(*def, limits);
          if (!g.ok() || !(*g)->start(1).ok()) return std::string("no game");
          // Not recording: the events of 200,000 placings would meet the memory cap first.
          (*g)->set_record_events(false);
          auto s = (*g)->sandbox().run_string(code, "t");
          return s.ok() ? std::string("finished") : s.error().message;
        },
        status);
    CHECK(status == 0);
    CHECK_THAT(msg, Catch::StartsWith("rules script exceeded the instruction budget"));
  }
}

TEST_CASE("sandbox: the rules' top level cannot read or change the game, which starts after they load",
          "[sandbox][hostile]") {
  // Each of these, at a file's top level, read a state that did not exist
  // yet and ended new, lint, test and sim with SIGSEGV (and serve with them).
  const std::string toml =
      "[game]\ntitle = \"Early\"\nscripts = [\"early.lua\"]\n\n[[sides]]\nid = \"solo\"\n\n"
      "[[locations]]\nid = \"box\"\n\n[[locations]]\nid = \"pile\"\nkind = \"deck\"\n\n"
      "[[tracks]]\nid = \"vp\"\nmin = 0\nmax = 5\nstart = 0\n\n"
      "[[piece_types]]\nname = \"Chit\"\ndeck = \"pile\"\n\n"
      "[sequence]\nmax_turns = 1\n\n[[sequence.phases]]\nid = \"work\"\ntitle = \"Work\"\nrun = \"work\"\n";
  const std::pair<const char*, const char*> calls[] = {
      {"pieces.count('box')", "pieces.count"},     {"pieces.at('box')", "pieces.at"},
      {"pieces.top('box')", "pieces.top"},         {"pieces.sum('box', 'x')", "pieces.sum"},
      {"pieces.create('chit', 'box')", "pieces.create"}, {"pieces.inside('box', 'x')", "pieces.inside"},
      {"pieces.vacant({'box'})", "pieces.vacant"}, {"pieces.holder('box', 'x')", "pieces.holder"},
      {"pieces.value(1, 'x')", "pieces.value"},   {"track.get('vp')", "track.get"},
      {"track.set('vp', 1)", "track.set"},         {"track.add('vp', 1)", "track.add"},
      {"deck.draw('pile', 'box')", "deck.draw"},   {"deck.shuffle('pile')", "deck.shuffle"},
      {"deck.reshuffle('box', 'pile')", "deck.reshuffle"}, {"cup.draw('pile', 'box')", "cup.draw"},
      {"game.turn()", "game.turn"},                {"roll('d6', '1')", "roll"},
      {"math.random(6)", "math.random"},           {"log('1', 'x')", "log"},
      {"vars.x", "vars"},                          {"(function() vars.x = 1 end)()", "vars"},
      {"stacking.points('box')", "stacking.points"}, {"map.pieces('solo')", "map.pieces"},
  };
  for (const auto& [call, name] : calls) {
    INFO(call);
    testing::TempProject p("cardboard-early", "early", toml, "", {{"early.lua", std::string("local _ = ") + call +
                                                                                 "\nfunction work() end\n"}});
    auto def = load_game("early/one", p.root.string());
    REQUIRE(def.ok());
    auto g = Game::create(*def);
    REQUIRE_FALSE(g.ok());
    CHECK_THAT(g.error().message, Catch::Contains("early.lua:1: " + std::string(name) +
                                                  " reads or changes the game, which does not exist while the rules "
                                                  "load"));
  }
  // What does not need the game still works at the top level: the map, the
  // tracks' bounds, the sides, a compiled filter.
  testing::TempProject p("cardboard-early", "early", toml, "",
                         {{"early.lua", "BOUNDS = { track.bounds('vp') }\nSIDES = game.sides()\n"
                                        "CHITS = pieces.filter { type = 'chit' }\nfunction work() end\n"}});
  auto def = load_game("early/one", p.root.string());
  REQUIRE(def.ok());
  CHECK(Game::create(*def).ok());
}
