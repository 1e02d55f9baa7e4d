// vars (script/lua_vars.cc): tables read from vars are views of the
// kernel's state, so nested writes are recorded; #, ipairs, pairs and next
// work on them in sorted order; a view whose table was replaced says so.
// And the kernel-side bytes the rules cause (vars, created pieces, markers,
// counters) count against the memory cap with Lua's own.
#include <catch2/catch.hpp>

#include <string>

#include "script/game.h"
#include "script/lua_api.h"
#include "support.h"

using namespace cardboard;
using cardboard::testing::lua_error;
using cardboard::testing::lua_ok;

namespace {

std::unique_ptr<Game> api_game(SandboxLimits limits = {}) {
  auto g = testing::make_game(testing::load_fixture("api", "basic"), limits);
  testing::must_ok(g->start(1));
  return g;
}

const Value* var(const Game& g, const char* name) { return g.state().vars.find(name); }

}  // namespace

TEST_CASE("lua vars: a nested write reaches the kernel's state and changes its hash", "[kernel][lua][vars]") {
  auto g = api_game();
  lua_State* L = g->sandbox().L();
  lua_ok(L, "vars.a = { b = { c = 1 }, list = { 'x' } }");
  const uint64_t before = g->state().hash();
  CHECK(lua_ok(L, "vars.a.b.c = 2 vars.a.b.d = 'new' table.insert(vars.a.list, 'y') vars.a.list[3] = 'z' "
                  "return vars.a.b.c, vars.a.b.d, #vars.a.list") == "2,new,3");
  CHECK(g->state().hash() != before);
  const Table& a = var(*g, "a")->as_table();
  CHECK(a.find("b")->as_table().find("c")->as_int() == 2);
  CHECK(a.find("b")->as_table().find("d")->as_string() == "new");
  CHECK(a.find("list")->as_table().entries.size() == 3);
  // nil deletes a nested key; a view assigned elsewhere is copied.
  CHECK(lua_ok(L, "vars.a.b.d = nil vars.copy = vars.a.b vars.copy.c = 9 return vars.a.b.d, vars.a.b.c, vars.copy.c") ==
        "nil,2,9");
}

TEST_CASE("lua vars: #, ipairs, pairs and next work on views, in sorted order", "[kernel][lua][vars]") {
  auto g = api_game();
  lua_State* L = g->sandbox().L();
  lua_ok(L, "vars.t = { 10, 20, 30, zulu = 1, alpha = { 1 }, mike = true }");
  CHECK(lua_ok(L, "local out = {} for k, v in pairs(vars.t) do out[#out + 1] = k .. '=' .. type(v) end "
                  "return table.concat(out, ' ')") ==
        "1=number 2=number 3=number alpha=table mike=boolean zulu=number");
  CHECK(lua_ok(L, "local s = 0 for i, v in ipairs(vars.t) do s = s + i * v end return s, #vars.t") == "140,3");
  CHECK(lua_ok(L, "local out = {} local k, v = next(vars.t) while k do out[#out + 1] = tostring(k) "
                  "k, v = next(vars.t, k) end return table.concat(out, ',')") == "1,2,3,alpha,mike,zulu");
  CHECK(lua_ok(L, "return rawget(vars.t, 2), rawlen(vars.t), table.concat(vars.t, '+'), type(vars.t), "
                  "select('#', table.unpack(vars.t))") == "20,3,10+20+30,table,3");
  CHECK(lua_ok(L, "local keys = {} for k in pairs(vars) do keys[#keys + 1] = k end return table.concat(keys, ',')") ==
        "t");
  // A key cleared during a loop is skipped, not a reason to stop.
  CHECK(lua_ok(L, "local seen = {} for k in pairs(vars.t) do seen[#seen + 1] = tostring(k) vars.t.mike = nil end "
                  "return table.concat(seen, ',')") == "1,2,3,alpha,zulu");
}

TEST_CASE("lua vars: a view of a table that was replaced or removed says so", "[kernel][lua][vars]") {
  auto g = api_game();
  lua_State* L = g->sandbox().L();
  CHECK_THAT(lua_error(L, "vars.s = { phase = 1 } local old = vars.s vars.s = { phase = 2 } return old.phase"),
             Catch::Contains("vars.s is no longer the table it was read from: it was replaced or removed since; read "
                             "vars.s again"));
  CHECK_THAT(lua_error(L, "vars.s = { inner = { x = 1 } } local inner = vars.s.inner vars.s = nil inner.x = 2"),
             Catch::Contains("vars.s is no longer the table it was read from"));
  // Assigning a view to its own place keeps it the same table.
  CHECK(lua_ok(L, "vars.l = { 1 } local l = vars.l l[2] = 2 vars.l = l l[3] = 3 return #vars.l") == "3");
  CHECK_THAT(lua_error(L, "vars[true] = 1"), Catch::Contains("cannot store a value in vars under a boolean key"));
  CHECK_THAT(lua_error(L, "vars.t = {} vars.t[1.5] = 1"),
             Catch::Contains("cannot store a value in vars under a number key: use an integer or a string"));
  CHECK_THAT(lua_error(L, "setmetatable(vars.t, {})"),
             Catch::Contains("cannot set the metatable of vars or of a table read from vars"));
}

TEST_CASE("lua vars: frozen tables and views are stored by value", "[kernel][lua][vars]") {
  auto g = api_game();
  lua_State* L = g->sandbox().L();
  // Read by the kernel from any C function (the test API's g:run reads its result so).
  lua_ok(L, "vars.v = { 1, 2, x = { 3 } }");
  auto stored = [L](const char* expr) {
    lua_pushcfunction(L, [](lua_State* S) -> int {
      const Value v = check_value(S, 1);
      lua_pushinteger(S, static_cast<lua_Integer>(v.is_table() ? v.as_table().entries.size() : -1));
      return 1;
    });
    REQUIRE(luaL_dostring(L, (std::string("return ") + expr).c_str()) == LUA_OK);
    REQUIRE(lua_pcall(L, 1, 1, 0) == LUA_OK);
    const auto n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return n;
  };
  CHECK(stored("vars") == 1);
  CHECK(stored("vars.v") == 3);
  CHECK(stored("vars.v.x") == 1);
  CHECK(lua_ok(L, "vars.crt = tables.crt vars.nested = { t = tables.terrain } return vars.crt[2], "
                  "vars.nested.t.forest, #vars.crt") == "2,2,3");
  CHECK(var(*g, "crt")->as_table().entries.size() == 3);
  CHECK(var(*g, "nested")->as_table().find("t")->as_table().find("forest")->as_int() == 2);
}

TEST_CASE("lua vars: what the rules make the kernel keep counts against the memory cap", "[kernel][lua][vars]") {
  SandboxLimits limits;
  limits.memory_bytes = 16u << 20;
  limits.time_limit = std::chrono::milliseconds(0);  // the memory cap must come first, even in a slow build
  auto g = api_game(limits);
  Sandbox& sb = g->sandbox();
  // Millions of vars entries, a big array, pieces, markers and counters: a
  // memory-cap error, not gigabytes outside Lua.
  const char* cases[] = {
      "for i = 1, 5e6 do vars[string.format('k%09d', i)] = i end",
      "local t = {} for i = 1, 1e6 do t[i] = i end vars.big = t",
      "vars.list = {} for i = 1, 1e7 do vars.list[i] = i end",
      "for i = 1, 1e6 do pieces.create('tank', 'board') end",
      "local p = pieces.create('tank', 'board') for i = 1, 1e6 do pieces.mark(p, string.format('m%09d', i)) end",
      "local p = pieces.create('tank', 'board') for i = 1, 1e6 do pieces.set_counter(p, string.format('c%09d', i), 1) end",
  };
  for (const char* code : cases) {
    INFO(code);
    auto s = sb.run_string(code, "t");
    REQUIRE_FALSE(s.ok());
    CHECK_THAT(s.error().message, Catch::StartsWith("rules script exceeded the memory cap (16 MiB)"));
    CHECK(sb.kernel_bytes() + static_cast<int64_t>(sb.lua_bytes()) < (20 << 20));
    testing::must_ok(g->start(1));  // a fresh state for the next case
  }
  // Keys in no order move the kernel's sorted entries at each insertion:
  // that work counts against the budget (whichever limit comes first). A
  // tenth of the default budget is spent ten times as soon (these moves
  // took most of the test's time, and ten times that under the sanitizers).
  SandboxLimits small_budget = limits;
  small_budget.instructions = 20'000'000;
  auto g2 = api_game(small_budget);
  for (const char* code : {"for i = 1, 5e6 do vars['k' .. i] = i end",
                           "local p = pieces.create('tank', 'board') for i = 1, 1e6 do "
                           "pieces.set_counter(p, 'counter number ' .. i, 1) end"}) {
    INFO(code);
    auto s = g2->sandbox().run_string(code, "t");
    REQUIRE_FALSE(s.ok());
    CHECK_THAT(s.error().message, Catch::StartsWith("rules script exceeded the "));
    testing::must_ok(g2->start(1));
  }
  // What is freed is given back.
  auto s = sb.run_string("for round = 1, 20 do vars.blob = string.rep('x', 1e6) vars.blob = nil end", "t");
  CHECK(s.ok());
}

TEST_CASE("lua vars: a view kept across a decision still shows the state", "[kernel][lua][vars]") {
  testing::TempGame game("views", "function work()\n"
                                  "  vars.list = { 'a' }\n"
                                  "  local list = vars.list\n"
                                  "  ask('solo', '1', { prompt = 'p', choices = { 'x', 'y' } })\n"
                                  "  list[#list + 1] = 'b'\n"
                                  "  return 'done'\n"
                                  "end");
  auto g = testing::make_game(game.def());
  testing::must_ok(g->start(1));
  testing::must_ok(g->act(0));
  const Value* list = g->state().vars.find("list");
  REQUIRE(list);
  CHECK(list->as_table().entries.size() == 2);
}
