// Frozen state (script/freeze.h): once the rules have loaded, nothing the
// rules can reach may change any more, so nothing but the kernel's state
// survives a call. Each test loads "rules" into a Sandbox with run_string,
// freezes it as a game does, and runs "steps" with run_string (a call, with
// its limits) or test snippets with lua_ok and lua_error.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "script/game.h"
#include "script/sandbox.h"
#include "support.h"

using namespace cardboard;
using cardboard::testing::lua_error;
using cardboard::testing::lua_ok;

namespace {

// A sandbox with `rules` loaded and frozen.
struct Rules {
  Sandbox sb{{}};
  explicit Rules(const std::string& rules) {
    auto s = sb.run_string(rules, "rules.lua");
    if (!s.ok()) FAIL(s.error().message);
    auto f = sb.freeze();
    if (!f.ok()) FAIL(f.error().message);
  }
  std::string step_error(const std::string& code) {
    auto s = sb.run_string(code, "step");
    if (s.ok()) FAIL("expected an error from: " << code);
    return s.error().message;
  }
  void step(const std::string& code) {
    auto s = sb.run_string(code, "step");
    if (!s.ok()) FAIL(s.error().message);
  }
};

// The error of freezing `rules`, which must fail.
std::string freeze_error(const std::string& rules) {
  Sandbox sb({});
  auto s = sb.run_string(rules, "rules.lua");
  if (!s.ok()) FAIL(s.error().message);
  auto f = sb.freeze();
  if (f.ok()) FAIL("freezing did not fail: " << rules);
  CHECK(f.error().kind == ErrorKind::kScript);
  return f.error().message;
}

}  // namespace

TEST_CASE("freeze: no raw function, metatable swap or library change gets past the frozen state",
          "[kernel][sandbox][freeze]") {
  auto g = testing::make_game(testing::load_fixture("api", "basic"));
  lua_State* L = g->sandbox().L();
  const std::pair<const char*, const char*> attacks[] = {
      {"rawset(_G, 'x', 1)", "attempt to change global 'x' after the rules loaded: keep game state in vars"},
      {"setmetatable(_G, nil)", "attempt to change the metatable of '_G' after the rules loaded"},
      {"_G.print = nil", "attempt to change global 'print' after the rules loaded: keep game state in vars"},
      {"rawset(tables, 'to_hit', 0)", "attempt to change 'tables.to_hit': the game's data tables are read-only"},
      {"setmetatable(vars, nil)", "cannot set the metatable of vars or of a table read from vars"},
      {"getmetatable('').__index = {}", "attempt to change 'getmetatable('').__index' after the rules loaded"},
      {"string.rep = function() end", "attempt to change 'string.rep' after the rules loaded"},
      {"rawset(string, 'rep', nil)", "attempt to change 'string.rep' after the rules loaded"},
      {"table.insert(math, 1)", "attempt to change 'math[1]' after the rules loaded"},
      {"pieces.at = nil", "attempt to change 'pieces.at' after the rules loaded"},
      {"setmetatable(pieces, {})", "attempt to change the metatable of 'pieces' after the rules loaded"},
      {"getmetatable('').__index.rep = nil", "attempt to change 'string.rep' after the rules loaded"},
  };
  for (const auto& [code, message] : attacks) {
    INFO(code);
    CHECK_THAT(lua_error(L, code), Catch::Contains(message));
  }
  // Reading goes on as before, through the raw functions too.
  CHECK(lua_ok(L, "return ('abc'):upper(), string.rep('x', 2), rawget(string, 'rep') == string.rep, "
                  "rawget(_G, 'pieces') == pieces, getmetatable('').__index == string, rawlen(tables.crt)") ==
        "ABC,xx,true,true,true,3");
}

TEST_CASE("freeze: a counter kept in a global, rawset or not, fails the call that changes it",
          "[kernel][sandbox][freeze]") {
  // With `act` alone such a counter made a save that replay --verify refused.
  testing::TempGame game("counter", "n = 0\n"
                                    "function work()\n"
                                    "  rawset(_G, 'n', rawget(_G, 'n') + 1)\n"
                                    "  ask('solo', '1', { prompt = 'go', choices = { 'go ' .. n } })\n"
                                    "end");
  auto g = testing::make_game(game.def());
  auto s = g->start(1);
  REQUIRE_FALSE(s.ok());
  CHECK_THAT(s.error().message,
             Catch::Contains("attempt to change global 'n' after the rules loaded: keep game state in vars"));
}

TEST_CASE("freeze: tables made while loading are read-only for good, reached by any path",
          "[kernel][sandbox][freeze]") {
  Rules r("CONST = { list = { 1, 2, 3 }, name = 'x' }\n"
          "local SCRATCH, MEMO = {}, {}\n"
          "local function make() local cache = {} return function(k) cache[k] = true end end\n"
          "remember = make()\n"
          "function scratch(v) SCRATCH[1] = v end\n"
          "function memo(k) MEMO[k] = k * 2 end\n"
          "function nested() CONST.list[4] = 4 end\n"
          "function reads() return CONST.list[2] + #CONST.list end\n");
  CHECK_THAT(r.step_error("scratch(1)"), Catch::Contains("attempt to change 'SCRATCH[1]' after the rules loaded"));
  CHECK_THAT(r.step_error("memo(3)"), Catch::Contains("attempt to change 'MEMO[3]' after the rules loaded"));
  CHECK_THAT(r.step_error("remember('k')"), Catch::Contains("attempt to change 'cache.k' after the rules loaded"));
  CHECK_THAT(r.step_error("nested()"), Catch::Contains("attempt to change 'CONST.list[4]' after the rules loaded"));
  CHECK_THAT(r.step_error("CONST.name = 'y'"), Catch::Contains("attempt to change 'CONST.name' after the rules loaded"));
  CHECK_THAT(r.step_error("table.sort(CONST.list, function(a, b) return a > b end)"),
             Catch::Contains("attempt to change 'CONST.list"));
  r.step("assert(reads() == 5)");
  // Everything that reads a table works on a frozen one.
  CHECK(lua_ok(r.sb.L(), "local l = CONST.list local s = 0 for i, v in ipairs(l) do s = s + i * v end "
                         "local keys = {} for k in pairs(CONST) do keys[#keys + 1] = k end "
                         "return s, #l, rawlen(l), rawget(l, 3), next(l), table.concat(l, '-'), "
                         "select('#', table.unpack(l)), table.concat(keys, ',')") == "14,3,3,3,1,1-2-3,3,list,name");
}

TEST_CASE("freeze: metatables of frozen tables keep working and cannot be reached to change",
          "[kernel][sandbox][freeze]") {
  Rules r("Vec = {} Vec.__index = Vec\n"
          "function Vec.new(x) return setmetatable({ x = x }, Vec) end\n"
          "function Vec:double() return self.x * 2 end\n"
          "Vec.__add = function(a, b) return Vec.new(a.x + b.x) end\n"
          "ORIGIN = Vec.new(0)\n"
          "Named = setmetatable({}, { __index = function(_, k) return 'named ' .. k end })\n");
  r.step("local v = Vec.new(3) assert(v:double() == 6) assert((v + Vec.new(4)).x == 7) "
         "assert(getmetatable(v) == Vec) assert(ORIGIN:double() == 0) assert(Named.x == 'named x') "
         "assert(getmetatable(ORIGIN) == Vec)");
  // An object made in a call is the call's own; its class is not.
  r.step("local v = Vec.new(1) v.x = 5 assert(v:double() == 10)");
  CHECK_THAT(r.step_error("Vec.new(1).__index.double = nil"), Catch::Contains("attempt to change 'Vec.double'"));
  CHECK_THAT(r.step_error("getmetatable(Vec.new(1)).extra = 1"), Catch::Contains("attempt to change 'Vec.extra'"));
  CHECK_THAT(r.step_error("ORIGIN.x = 1"), Catch::Contains("attempt to change 'ORIGIN.x'"));
  CHECK_THAT(r.step_error("setmetatable(Vec.new(1), nil) setmetatable(ORIGIN, nil)"),
             Catch::Contains("attempt to change the metatable of 'ORIGIN'"));
}

TEST_CASE("freeze: a function that assigns a local of its file is refused when the rules load",
          "[kernel][sandbox][freeze]") {
  CHECK(freeze_error("local counter = 0\n"
                     "\n"
                     "function bump()\n"
                     "  counter = counter + 1\n"
                     "end\n") ==
        "rules.lua:4: function 'bump' assigns 'counter', a local of the file: it would outlive the call and not be "
        "saved; keep it in vars");
  // Through a closure nested in a function, and whether or not it can be reached.
  CHECK_THAT(freeze_error("local seen\nlocal function helper()\n  return function() seen = true end\nend\n"),
             Catch::Contains("rules.lua:3: a function at line 3 in 'helper' assigns 'seen', a local of the file"));
  CHECK_THAT(freeze_error("function reset() _ENV = {} end"),
             Catch::Contains("rules.lua:1: function 'reset' assigns '_ENV', the environment of the file"));
  // A variable captured while loading, not of the file, is refused too.
  CHECK_THAT(freeze_error("local function counter() local n = 0 return function() n = n + 1 return n end end\n"
                          "next_id = counter()\n"),
             Catch::Contains("rules.lua:1: function 'next_id' assigns 'n', a variable it captured while the rules "
                             "loaded: it would outlive the call and not be saved; keep it in vars"));
  // A local of a function, assigned by a closure made in the call, is the call's own.
  Rules r("function work() local n = 0 local function inc() n = n + 1 end inc() inc() return n end");
  r.step("assert(work() == 2)");
}

TEST_CASE("freeze: finalizers, weak tables and iterators made while loading are refused",
          "[kernel][sandbox][freeze]") {
  CHECK_THAT(freeze_error("local mt = {} T = setmetatable({}, mt) mt.__mode = 'k'"),
             Catch::Contains("'T' has a metatable with __mode: weak tables are not allowed in the rules"));
  CHECK_THAT(freeze_error("local mt = {} T = setmetatable({}, mt) mt.__gc = print"),
             Catch::Contains("'T' has a metatable with __gc: finalizers are not allowed in the rules"));
  CHECK_THAT(freeze_error("ITER = pairs({ 1, 2 })"),
             Catch::Contains("'ITER' is an iterator made while the rules loaded: it would carry its place"));
  CHECK_THAT(freeze_error("WORDS = string.gmatch('a b', '%a')"),
             Catch::Contains("'WORDS' is an iterator made while the rules loaded"));
}

TEST_CASE("freeze: tables only read through an upvalue or a global read their contents directly, and stay frozen",
          "[kernel][sandbox][freeze]") {
  // freeze.cc lets an upvalue or a global that the code only indexes hold
  // the frozen table's contents. A function that passes the table on, or
  // writes to it, keeps the frozen table: writes are still refused.
  Rules r("local COLOUR = { a = 'red', b = 'blue' }\n"
          "local LIST = { 1, 2, 3 }\n"
          "KINDS = { x = 1 }\n"
          "SHARED = { y = 2 }\n"
          "function colour(k) return COLOUR[k] end\n"
          "function last() return LIST[#LIST] end\n"
          "function kind(k) return KINDS[k] end\n"
          "function list() return LIST end\n"
          "function shared() return SHARED end\n"
          "function poke() LIST[1] = 0 end\n");
  r.step("assert(colour('a') == 'red' and last() == 3 and kind('x') == 1)");
  CHECK_THAT(r.step_error("poke()"), Catch::Contains("attempt to change 'LIST[1]' after the rules loaded"));
  CHECK_THAT(r.step_error("list()[2] = 0"), Catch::Contains("attempt to change 'LIST[2]' after the rules loaded"));
  CHECK_THAT(r.step_error("shared().y = 0"), Catch::Contains("attempt to change 'SHARED.y' after the rules loaded"));
  // Whatever reads the globals as values sees the frozen tables.
  CHECK_THAT(r.step_error("rawget(_G, 'KINDS').x = 2"), Catch::Contains("attempt to change 'KINDS.x'"));
  CHECK_THAT(r.step_error("_G.KINDS.x = 2"), Catch::Contains("attempt to change 'KINDS.x'"));
  CHECK_THAT(r.step_error("for k, v in pairs(_G) do if k == 'KINDS' then v.x = 2 end end"),
             Catch::Contains("attempt to change 'KINDS.x'"));
  CHECK_THAT(r.step_error("local _, v = next(_G, 'KIND') v.x = 2"), Catch::Contains("attempt to change 'KINDS.x'"));
  CHECK(lua_ok(r.sb.L(), "return KINDS.x, rawget(_G, 'KINDS') == KINDS, getmetatable(KINDS)") == "1,true,nil");
  // A table with a metatable is read through it, however it is reached.
  Rules m("local DEFAULTS = setmetatable({ a = 1 }, { __index = function() return 0 end, __len = function() return 7 end })\n"
          "SIZES = setmetatable({}, { __index = function(_, k) return #k end })\n"
          "function default(k) return DEFAULTS[k] end\n"
          "function count() return #DEFAULTS end\n"
          "function size(k) return SIZES[k] end\n");
  m.step("assert(default('a') == 1 and default('b') == 0 and count() == 7 and size('abc') == 3)");
}

TEST_CASE("freeze: a module loaded after the rules is run at each require and kept by nobody",
          "[kernel][sandbox][freeze]") {
  testing::TempGame game("late", "function work() end");
  {
    std::ofstream(game.root + "/rules/late/counter.lua") << "local n = 0\nreturn { t = {} }\n";
  }
  auto g = testing::make_game(game.def());
  CHECK(lua_ok(g->sandbox().L(), "local a, b = require('counter'), require('counter') a.t.x = 1 "
                                 "return a ~= b, b.t.x") == "true,nil");
}

TEST_CASE("freeze: a kernel function given a constant list of the rules reads its contents", "[kernel][freeze]") {
  // A frozen table is empty to a raw read: map.nearest found nothing in one.
  auto game = cardboard::testing::make_game(cardboard::testing::load_fixture("supply", "empty"));
  cardboard::testing::must_ok(game->start(1));
  CHECK(lua_ok(*game, "return map.nearest('0106', tables.hexes)") == "2,0104");
  CHECK(lua_ok(*game, "return map.nearest('0106', { '0103', '0104' })") == "2,0104");
}
