// Shared helpers for the tests: see support.h.
#include "support.h"

#include <catch2/catch.hpp>

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

}  // namespace cardboard::testing
