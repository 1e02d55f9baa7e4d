// The kit's retreat and advance after combat for Lua (docs/kit.md
// #retreat-and-advance): map.retreats and map.advances, over kit/retreat and
// kit/advance. Opened after the `map` table, for every game; they say so
// when the game declares none of the kit. The procedures that ask players
// (kit.retreat, kit.advance) are Lua, in kit/lua/retreat.lua.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "kit/advance.h"
#include "kit/kit_def.h"
#include "kit/retreat.h"
#include "script/lua_api.h"
#include "script/lua_hexes.h"
#include "script/lua_map.h"
#include "script/runtime.h"
#include "script/sandbox.h"

namespace cardboard {

namespace {

// The most hexes a retreat or an advance may be asked for (as [combat_results]
// and [advance] allow).
constexpr lua_Integer kMaxHexes = 1000;

void need_kit(lua_State* L, const char* fn) {
  if (!runtime_of(L).def().kit) luaL_error(L, "%s: the game declares none of the kit (docs/kit.md)", fn);
}

// A whole number of hexes at `arg`, from `low` to kMaxHexes.
int check_hexes(lua_State* L, int arg, lua_Integer low) {
  int isnum = 0;
  const lua_Integer n = lua_tointegerx(L, arg, &isnum);
  if (!isnum || lua_type(L, arg) != LUA_TNUMBER)
    luaL_typeerror(L, arg, "number of hexes");
  if (n < low || n > kMaxHexes)
    luaL_argerror(L, arg, lua_pushfstring(L, "a number of hexes from %d to %d expected, got %d",
                                          static_cast<int>(low), static_cast<int>(kMaxHexes), static_cast<int>(n)));
  return static_cast<int>(n);
}

// A hex location of the game at the top of the stack, as option `name` of argument `arg`.
int option_hex(lua_State* L, int arg, const char* name) {
  const GameDef& def = runtime_of(L).def();
  const int loc = lua_type(L, -1) == LUA_TSTRING ? def.find_location(lua_tostring(L, -1)) : -1;
  if (loc < 0 || def.locations[loc].map < 0 || !def.maps[def.locations[loc].map].hex)
    luaL_argerror(L, arg, lua_pushfstring(L, "%s: a hex expected, got %s", name,
                                          lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1)));
  return loc;
}

bool option_boolean(lua_State* L, int arg, const char* name) {
  if (!lua_isboolean(L, -1))
    luaL_argerror(L, arg, lua_pushfstring(L, "%s: true or false expected, got %s", name, luaL_typename(L, -1)));
  return lua_toboolean(L, -1);
}

// Raises an argument error naming the first (by name) key of the options
// table at `arg` that is not one of `known`.
void check_option_names(lua_State* L, int arg, std::initializer_list<std::string_view> known) {
  std::vector<std::string> unknown;
  lua_pushnil(L);
  while (lua_next(L, arg)) {
    lua_pop(L, 1);
    const std::string name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1);
    if (std::find(known.begin(), known.end(), name) == known.end()) unknown.push_back(name);
  }
  if (unknown.empty()) return;
  std::string list;
  for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
  const std::string name = *std::min_element(unknown.begin(), unknown.end());
  luaL_argerror(L, arg, lua_pushfstring(L, "unknown option '%s' (%s)", name.c_str(), list.c_str()));
}

// {{id =, path = {id...}}...}: the ends, each with its path.
void push_ends(lua_State* L, const std::vector<int>& cells, const std::vector<RouteEnd>& ends) {
  lua_createtable(L, static_cast<int>(ends.size()), 0);
  for (size_t i = 0; i < ends.size(); ++i) {
    lua_createtable(L, 0, 2);
    push_location(L, cells[ends[i].cell]);
    lua_setfield(L, -2, "id");
    lua_createtable(L, static_cast<int>(ends[i].path.size()), 0);
    for (size_t j = 0; j < ends[i].path.size(); ++j) {
      push_location(L, cells[ends[i].path[j]]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(j + 1));
    }
    lua_setfield(L, -2, "path");
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

// Charges a search that looks at every piece and may look at every cell of `map`.
void charge_search(lua_State* L, int map) {
  Runtime& rt = runtime_of(L);
  rt.sandbox().charge(L, static_cast<int64_t>(rt.def().maps[map].cell_location.size() + rt.state().pieces.size()));
}

// map.retreats(piece, hexes [, {from =, zones =, fewer =}]) -> {{id =, path =}...}, length
// The hexes a retreat of `hexes` (0 to 1000) may end in, by location order,
// each with the lowest of its legal paths (its hexes, the start first), and
// the hexes those retreats cover (more than `hexes` when [retreat] stacking
// = "continue" took them on; 0 when there are none). Options: `from` a hex
// to start from instead of the piece's; `zones` false to ignore zones of
// control; `fewer` true for the ends of the longest shorter retreat when
// there is none of `hexes`. Errors: not a piece, a bad number of hexes, a
// bad or unknown option, the game declares no kit, the piece not on a hex
// map, a search without [retreat] farther past its bound.
int l_retreats(lua_State* L) {
  need_kit(L, "map.retreats");
  const int piece = check_piece(L, 1);
  const int hexes = check_hexes(L, 2, 0);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  RetreatOptions o;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    make_raw_readable(L, 3);
    check_option_names(L, 3, {"from", "zones", "fewer"});
    if (lua_getfield(L, 3, "from") != LUA_TNIL) o.from = option_hex(L, 3, "from");
    lua_pop(L, 1);
    if (lua_getfield(L, 3, "zones") != LUA_TNIL) o.zones = option_boolean(L, 3, "zones");
    lua_pop(L, 1);
    if (lua_getfield(L, 3, "fewer") != LUA_TNIL) o.fewer = option_boolean(L, 3, "fewer");
    lua_pop(L, 1);
  }
  const int at = o.from >= 0 ? o.from : rt.state().pieces[piece].location;
  if (at >= 0 && def.locations[at].map >= 0) charge_search(L, def.locations[at].map);
  auto found = search_retreats(def, rt.state(), piece, hexes, o);
  if (!found.ok()) return luaL_error(L, "map.retreats: piece %d: %s", piece + 1, found.error().message.c_str());
  rt.sandbox().charge(L, found->work);
  push_ends(L, def.maps[found->map].cell_location, found->ends);
  lua_pushinteger(L, found->length);
  return 2;
}

// map.advances(piece, hex [, {hexes =, zones =}]) -> {{id =, path =}...}
// The hexes `piece` may end an advance in through `hex`, the hex its attack
// emptied (kit/advance.h): `hex` itself when the piece stands next to it,
// and with more than one hex those beyond; the hexes beyond alone when the
// piece is in `hex`. By location order, each with its path (the piece's hex
// first). Empty when the piece may not advance or an enemy holds `hex`.
// Options: `hexes` (1 to 1000) and `zones` in place of [advance]'s. Errors:
// not a piece, not a hex of the piece's map, a bad or unknown option, the
// game declares no kit, the piece not on a hex map.
int l_advances(lua_State* L) {
  need_kit(L, "map.advances");
  const int piece = check_piece(L, 1);
  const int hex = check_location(L, 2);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  AdvanceOptions o;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    make_raw_readable(L, 3);
    check_option_names(L, 3, {"hexes", "zones"});
    if (lua_getfield(L, 3, "hexes") != LUA_TNIL) {
      int isnum = 0;
      const lua_Integer n = lua_tointegerx(L, -1, &isnum);
      if (!isnum || lua_type(L, -1) != LUA_TNUMBER || n < 1 || n > kMaxHexes)
        luaL_argerror(L, 3, lua_pushfstring(L, "hexes: a whole number from 1 to 1000 expected, got %s",
                                            luaL_tolstring(L, -1, nullptr)));
      o.hexes = static_cast<int>(n);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 3, "zones") != LUA_TNIL) o.zones = option_boolean(L, 3, "zones") ? 1 : 0;
    lua_pop(L, 1);
  }
  const int at = rt.state().pieces[piece].location;
  const int map = at >= 0 ? def.locations[at].map : -1;
  if (map < 0 || !def.maps[map].hex) return luaL_error(L, "map.advances: piece %d: the piece is not on a hex map", piece + 1);
  if (def.locations[hex].map != map)
    return luaL_argerror(L, 2, lua_pushfstring(L, "'%s' is not a hex of the piece's map", def.locations[hex].id.c_str()));
  charge_search(L, map);
  auto found = search_advances(def, rt.state(), piece, hex, o);
  if (!found.ok()) return luaL_error(L, "map.advances: piece %d: %s", piece + 1, found.error().message.c_str());
  rt.sandbox().charge(L, found->work);
  push_ends(L, def.maps[found->map].cell_location, found->ends);
  return 1;
}

}  // namespace

void open_lua_retreat(lua_State* L) {
  lua_getglobal(L, "map");
  static const luaL_Reg fns[] = {{"retreats", l_retreats}, {"advances", l_advances}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  lua_pop(L, 1);
}

}  // namespace cardboard
