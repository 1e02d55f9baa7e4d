// vars: the game's tree of plain values, seen from Lua as a table. Reading
// vars.x returns a copy (a table value is a fresh Lua table each time);
// assigning vars.x = v stores a deep copy, and nil deletes. To change a
// nested value, read it, change it and assign it back.
#include <string>

#include "script/lua_api.h"
#include "script/runtime.h"

namespace cardboard {

namespace {

int l_index(lua_State* L) {
  const char* key = luaL_checkstring(L, 2);
  const Value* v = runtime_of(L).state().vars.find(std::string_view(key));
  if (v) push_value(L, *v);
  else lua_pushnil(L);
  return 1;
}

int l_newindex(lua_State* L) {
  const char* key = luaL_checkstring(L, 2);
  Value v = check_value(L, 3);
  runtime_of(L).state().vars.set(std::string(key), std::move(v));
  return 0;
}

int l_pairs(lua_State* L) {
  // A snapshot of the vars as a plain table, iterated in sorted order.
  push_value(L, Value(runtime_of(L).state().vars));
  lua_getglobal(L, "pairs");
  lua_insert(L, -2);
  lua_call(L, 1, 3);
  return 3;
}

}  // namespace

void open_lua_vars(lua_State* L) {
  lua_newtable(L);
  lua_newtable(L);
  lua_pushcfunction(L, l_index);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, l_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, l_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_setmetatable(L, -2);
  lua_setglobal(L, "vars");
}

}  // namespace cardboard
