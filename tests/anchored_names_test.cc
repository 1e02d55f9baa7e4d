// Names found by the identity of an anchored Lua string (script/anchored_names.h):
// a string made anywhere in the state with a short name's text is the
// anchored one; a name too long to be interned, and any other string, is
// not found by address (callers look those up by text).
#include <catch2/catch.hpp>

#include <string>

#include <lua.hpp>

#include "script/anchored_names.h"

using cardboard::AnchoredNames;

namespace {

struct LuaState {
  lua_State* L = luaL_newstate();
  ~LuaState() { lua_close(L); }
};

}  // namespace

TEST_CASE("anchored names: Lua's interning limit is found by trying", "[kernel][sandbox]") {
  LuaState s;
  // Lua 5.4's default LUAI_MAXSHORTLEN; a build may change it, never to nothing.
  CHECK(cardboard::short_string_limit(s.L) == 40);
  CHECK(lua_gettop(s.L) == 0);
}

TEST_CASE("anchored names: a string with a short name's text is found by its address", "[kernel][sandbox]") {
  LuaState s;
  lua_State* L = s.L;
  const size_t limit = cardboard::short_string_limit(L);
  lua_newtable(L);
  AnchoredNames names;
  // Enough names to grow the map several times.
  for (int i = 0; i < 100; ++i) names.add(L, 1, "loc" + std::to_string(i), i, limit);
  CHECK(lua_rawlen(L, 1) == 100);
  for (int i = 0; i < 100; ++i) {
    const std::string text = "loc" + std::to_string(i);
    lua_pushlstring(L, text.data(), text.size());  // made anew: the same object
    CHECK(names.find(L, -1) == i);
    lua_pop(L, 1);
  }
  // A string with another text, or any other value, is not found.
  lua_pushliteral(L, "loc100");
  CHECK(names.find(L, -1) == -1);
  lua_pushinteger(L, 7);
  CHECK(names.find(L, -1) == -1);
  lua_newtable(L);
  CHECK(names.find(L, -1) == -1);
  const std::string copy = "loc7";
  CHECK(names.find(copy.c_str()) == -1);  // its text, not the object
  // A name added twice keeps its first index.
  names.add(L, 1, "loc7", 500, limit);
  lua_pushliteral(L, "loc7");
  CHECK(names.find(L, -1) == 7);
}

TEST_CASE("anchored names: a name too long to be interned is not mapped", "[kernel][sandbox]") {
  LuaState s;
  lua_State* L = s.L;
  const size_t limit = cardboard::short_string_limit(L);
  lua_newtable(L);
  AnchoredNames names;
  const std::string long_name(limit + 1, 'x');
  names.add(L, 1, long_name, 0, limit);
  CHECK(lua_rawlen(L, 1) == 1);  // anchored all the same
  lua_rawgeti(L, 1, 1);
  CHECK(names.find(L, -1) == -1);
}
