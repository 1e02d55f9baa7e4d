// The kit's supply for Lua (docs/kit.md#supply): map.supplied and
// map.in_supply over kit/supply. Opened after the `map` table, for every
// game; both say so when the game declares no [supply]. Each search of a map
// is charged to the call's budget: its hexes and the pieces it looks at.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kit/kit_def.h"
#include "kit/supply.h"
#include "maps/hex_grid.h"
#include "script/lua_api.h"
#include "script/lua_hexes.h"
#include "script/lua_map.h"
#include "script/runtime.h"
#include "script/sandbox.h"

namespace cardboard {

namespace {

void need_supply(lua_State* L, const char* fn) {
  const GameDef& def = runtime_of(L).def();
  if (!def.kit || !def.kit->supply.declared) luaL_error(L, "%s: the game declares no [supply] (docs/kit.md)", fn);
}

void push_amount(lua_State* L, double x) {
  lua_Integer i;
  if (std::floor(x) == x && lua_numbertointeger(x, &i)) lua_pushinteger(L, i);
  else lua_pushnumber(L, x);
}

// The work of one search of map `map`: its hexes and every piece.
void charge_search(lua_State* L, int map, int searches = 1) {
  Runtime& rt = runtime_of(L);
  const int64_t one = static_cast<int64_t>(rt.def().maps[map].cell_location.size() + rt.state().pieces.size());
  rt.sandbox().charge(L, one * searches);
}

// The options table at `arg` ({range =} and, when `from` is given, {from =}).
SupplyOptions read_options(lua_State* L, int arg, int* from) {
  SupplyOptions o;
  if (lua_isnoneornil(L, arg)) return o;
  luaL_checktype(L, arg, LUA_TTABLE);
  make_raw_readable(L, arg);
  if (lua_getfield(L, arg, "range") != LUA_TNIL) {
    int ok = 0;
    const double r = lua_tonumberx(L, -1, &ok);
    if (!ok || !(r >= 0 && r <= 1'000'000)) luaL_error(L, "bad option 'range': a number from 0 to 1000000 expected");
    o.range = r;
  }
  lua_pop(L, 1);
  if (from) {
    if (lua_getfield(L, arg, "from") != LUA_TNIL) {
      const int loc = check_location(L, lua_gettop(L));
      const GameDef& def = runtime_of(L).def();
      const LocationDef& l = def.locations[loc];
      if (l.map < 0 || !def.maps[l.map].hex) luaL_error(L, "bad option 'from': '%s' is not a hex", l.id.c_str());
      *from = loc;
    }
    lua_pop(L, 1);
  }
  return o;
}

// map.supplied(side [, {range =}]) -> {hex...}: every hex of every hex map
// from which a unit of `side` traces supply, by location order.
// Errors: not a side; the game declares no [supply]; a bad option.
int l_supplied(lua_State* L) {
  const int side = check_side(L, 1);
  need_supply(L, "map.supplied");
  const SupplyOptions o = read_options(L, 2, nullptr);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  std::vector<int> locs;
  for (size_t m = 0; m < def.maps.size(); ++m) {
    if (!def.maps[m].hex) continue;
    charge_search(L, static_cast<int>(m));
    const SupplySearch found = search_supply(def, rt.state(), side, static_cast<int>(m), o);
    for (int cell : found.supplied) locs.push_back(def.maps[m].cell_location[cell]);
  }
  std::sort(locs.begin(), locs.end());
  push_locations(L, locs);
  return 1;
}

// map.in_supply(piece [, {from =, range =}]) -> true, {hex...}, length | false, why
// Whether the piece (at its hex, or at `from`) traces supply for its owner:
// the path, its hex first and the source's last, and its length in hexes or
// MP; or false and why not.
// Errors: not a piece; the game declares no [supply]; the piece belongs to
// no side or is not on a hex map; a bad option.
int l_in_supply(lua_State* L) {
  const int piece = check_piece(L, 1);
  need_supply(L, "map.in_supply");
  int at = -1;
  const SupplyOptions o = read_options(L, 2, &at);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  const PieceState& p = rt.state().pieces[piece];
  if (p.owner < 0) return luaL_error(L, "map.in_supply: piece %d belongs to no side", piece + 1);
  if (at < 0) at = p.location;
  const int map = at >= 0 ? def.locations[at].map : -1;
  if (map < 0 || !def.maps[map].hex) return luaL_error(L, "map.in_supply: piece %d is not on a hex map", piece + 1);
  charge_search(L, map);
  const SupplyTrace t = trace_supply(def, rt.state(), p.owner, map, def.locations[at].cell, o);
  if (!t.supplied) {
    charge_search(L, map, 4);  // the searches that found why
    lua_pushboolean(L, 0);
    lua_pushlstring(L, t.why.data(), t.why.size());
    return 2;
  }
  lua_pushboolean(L, 1);
  lua_createtable(L, static_cast<int>(t.path.size()), 0);
  for (size_t i = 0; i < t.path.size(); ++i) {
    push_location(L, def.maps[map].cell_location[t.path[i]]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  push_amount(L, t.length);
  return 3;
}

}  // namespace

void open_lua_supply(lua_State* L) {
  lua_getglobal(L, "map");
  static const luaL_Reg fns[] = {{"supplied", l_supplied}, {"in_supply", l_in_supply}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  lua_pop(L, 1);
}

}  // namespace cardboard
