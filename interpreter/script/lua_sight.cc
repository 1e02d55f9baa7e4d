// The kit's line of sight for Lua (docs/kit.md#line-of-sight): map.sight
// over kit/sight. Opened after the `map` table, for every game; it says so
// when the game declares no [sight]. A line is charged to the call's budget
// by its hexes, and the pieces when pieces block.
#include <string>

#include "kit/kit_def.h"
#include "kit/sight.h"
#include "maps/hex_grid.h"
#include "script/lua_api.h"
#include "script/lua_hexes.h"
#include "script/lua_map.h"
#include "script/runtime.h"
#include "script/sandbox.h"

namespace cardboard {

namespace {

void push_cell(lua_State* L, int map, int cell) {
  const GameDef& def = runtime_of(L).def();
  const std::string& id = def.locations[def.maps[map].cell_location[cell]].id;
  lua_pushlstring(L, id.data(), id.size());
}

void set_string(lua_State* L, const char* key, const std::string& value) {
  lua_pushlstring(L, value.data(), value.size());
  lua_setfield(L, -2, key);
}

// map.sight(from, to [, {range =}]) -> true | false, blocker
// Whether the line between the centres of two hexes of one map is clear; when
// not, the first blocker from `from`: {hex =, terrain =}, {hex =, piece =},
// {hexside = {hex, hex}, feature =} or {distance =, range =}.
// Errors: not hexes, or not of one map; the game declares no [sight]; a bad option.
int l_sight(lua_State* L) {
  const int a = check_hex(L, 1), b = check_hex(L, 2);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  if (!def.kit || !def.kit->sight.declared) return luaL_error(L, "map.sight: the game declares no [sight] (docs/kit.md)");
  const int map = def.locations[a].map;
  if (def.locations[b].map != map) return luaL_argerror(L, 2, "not on the same map");
  SightOptions o;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    make_raw_readable(L, 3);
    if (lua_getfield(L, 3, "range") != LUA_TNIL) {
      int ok = 0;
      const lua_Integer r = lua_tointegerx(L, -1, &ok);
      if (!ok || r < 0 || r > 10'000) luaL_error(L, "bad option 'range': a whole number from 0 to 10000 expected");
      o.range = static_cast<int>(r);
    }
    lua_pop(L, 1);
  }
  const HexGrid& grid = *def.maps[map].hex;
  const int ca = def.locations[a].cell, cb = def.locations[b].cell;
  rt.sandbox().charge(L, grid.distance(ca, cb) + 1 +
                             (def.kit->sight.blocking_kinds.empty() ? 0 : static_cast<int64_t>(rt.state().pieces.size())));
  const Sight sight = line_of_sight(def, rt.state(), map, ca, cb, o);
  if (sight.clear()) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_createtable(L, 0, 2);
  switch (sight.blocker) {
    case Sight::Blocker::kRange:
      lua_pushinteger(L, sight.distance);
      lua_setfield(L, -2, "distance");
      lua_pushinteger(L, sight.range);
      lua_setfield(L, -2, "range");
      break;
    case Sight::Blocker::kTerrain:
      push_cell(L, map, sight.cell);
      lua_setfield(L, -2, "hex");
      set_string(L, "terrain", grid.terrain(sight.cell));
      break;
    case Sight::Blocker::kPiece:
      push_cell(L, map, sight.cell);
      lua_setfield(L, -2, "hex");
      push_piece(L, sight.piece);
      lua_setfield(L, -2, "piece");
      break;
    case Sight::Blocker::kHexside:
      lua_createtable(L, 2, 0);
      push_cell(L, map, sight.cell);
      lua_rawseti(L, -2, 1);
      push_cell(L, map, sight.other);
      lua_rawseti(L, -2, 2);
      lua_setfield(L, -2, "hexside");
      set_string(L, "feature", grid.hexside(sight.cell, sight.other));
      break;
    case Sight::Blocker::kNone:
      break;
  }
  return 2;
}

}  // namespace

void open_lua_sight(lua_State* L) {
  lua_getglobal(L, "map");
  static const luaL_Reg fns[] = {{"sight", l_sight}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  lua_pop(L, 1);
}

}  // namespace cardboard
