#include "script/lua_hexes.h"

#include <cmath>
#include <string>

#include "script/lua_api.h"
#include "script/runtime.h"

namespace cardboard {

int check_hex(lua_State* L, int arg) {
  const int loc = check_location(L, arg);
  const GameDef& def = runtime_of(L).def();
  const LocationDef& l = def.locations[loc];
  if (l.map < 0 || !def.maps[l.map].hex) luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is not a hex", l.id.c_str()));
  return loc;
}

void push_location(lua_State* L, int loc) {
  const std::string& id = runtime_of(L).def().locations[loc].id;
  lua_pushlstring(L, id.data(), id.size());
}

void push_cost(lua_State* L, double cost) {
  lua_Integer i;
  if (std::floor(cost) == cost && lua_numbertointeger(cost, &i)) lua_pushinteger(L, i);
  else lua_pushnumber(L, cost);
}

void push_locations(lua_State* L, const std::vector<int>& locs) {
  lua_createtable(L, static_cast<int>(locs.size()), 0);
  for (size_t i = 0; i < locs.size(); ++i) {
    push_location(L, locs[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

}  // namespace cardboard
