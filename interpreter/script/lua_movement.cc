// The kit's movement, zones of control and stacking for Lua (docs/kit.md):
// map.reachable and map.path given a piece (lua_map.cc hands them over),
// map.move_cost, map.zoc, map.hexes, map.pieces, and the `stacking` table.
// Opened after the `map` table, for every game; the functions that need the
// kit's data say so when the game declares none.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kit/kit_def.h"
#include "kit/movement.h"
#include "kit/stacking.h"
#include "kit/zoc.h"
#include "maps/hex_grid.h"
#include "script/lua_api.h"
#include "script/lua_hexes.h"
#include "script/lua_map.h"
#include "script/runtime.h"
#include "script/sandbox.h"

namespace cardboard {

namespace {

const KitDef& need_movement(lua_State* L, const char* fn) {
  const GameDef& def = runtime_of(L).def();
  if (!def.kit || !def.kit->movement.declared)
    luaL_error(L, "%s: the game declares no [movement] (docs/kit.md); give a cost function instead", fn);
  return *def.kit;
}

// The registry's array of location ids as Lua strings, made once: a search's
// result pushes a hundred of them, each then a table read, not a hashing.
constexpr const char* kLocationIdsKey = "cardboard.kit_location_ids";

// Pushes that array.
void push_location_ids(lua_State* L) { lua_getfield(L, LUA_REGISTRYINDEX, kLocationIdsKey); }


// The options table at `arg` ({from =, mp =, zones =, cost =}); the cost
// hook, when given, is left at stack index `hook`.
MoveOptions read_options(lua_State* L, int arg, int map_of_piece, int& hook) {
  MoveOptions o;
  hook = 0;
  if (lua_isnoneornil(L, arg)) return o;
  luaL_checktype(L, arg, LUA_TTABLE);
  make_raw_readable(L, arg);
  const GameDef& def = runtime_of(L).def();
  if (lua_getfield(L, arg, "from") != LUA_TNIL) {
    o.from = check_hex(L, lua_gettop(L));
    if (def.locations[o.from].map != map_of_piece && map_of_piece >= 0)
      luaL_error(L, "bad option 'from': '%s' is not on the piece's map", def.locations[o.from].id.c_str());
  }
  lua_pop(L, 1);
  if (lua_getfield(L, arg, "mp") != LUA_TNIL) {
    int ok = 0;
    o.budget = lua_tonumberx(L, -1, &ok);
    if (!ok || o.budget < 0 || std::isnan(o.budget)) luaL_error(L, "bad option 'mp': a number from 0 up expected");
  }
  lua_pop(L, 1);
  lua_getfield(L, arg, "zones");
  if (!lua_isnil(L, -1)) {
    if (!lua_isboolean(L, -1)) luaL_error(L, "bad option 'zones': true or false expected");
    o.zones = lua_toboolean(L, -1);
  }
  lua_pop(L, 1);
  if (lua_getfield(L, arg, "cost") != LUA_TNIL) {
    if (lua_type(L, -1) != LUA_TFUNCTION) luaL_error(L, "bad option 'cost': a function (from, to, cost) expected");
    hook = lua_gettop(L);
  } else {
    lua_pop(L, 1);
  }
  return o;
}

// The game's exception hook: (from_id, to_id, kit_cost or false) -> a cost,
// nil to keep the kit's, or false to forbid.
std::function<double(int, int, double)> lua_hook(lua_State* L, int fn, int map) {
  return [L, fn, map](int from, int to, double cost) -> double {
    const GameDef& def = runtime_of(L).def();
    const auto& cells = def.maps[map].cell_location;
    lua_pushvalue(L, fn);
    push_location(L, cells[from]);
    push_location(L, cells[to]);
    if (cost < 0) lua_pushboolean(L, 0);
    else push_cost(L, cost);
    lua_call(L, 3, 1);
    double out = cost;
    if (lua_type(L, -1) == LUA_TNUMBER) {
      out = lua_tonumber(L, -1);
      if (std::isnan(out) || out < 0)
        luaL_error(L, "the cost hook returned %f for '%s' to '%s': a cost from 0 up, nil or false expected", out,
                   def.locations[cells[from]].id.c_str(), def.locations[cells[to]].id.c_str());
    } else if (lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1)) {
      out = kProhibited;
    } else if (!lua_isnil(L, -1)) {
      luaL_error(L, "the cost hook returned a %s for '%s' to '%s': a number, nil or false expected",
                 luaL_typename(L, -1), def.locations[cells[from]].id.c_str(), def.locations[cells[to]].id.c_str());
    }
    lua_pop(L, 1);
    return out;
  };
}

MoveSearch search(lua_State* L, const char* fn, int piece, int options_arg,
                  std::function<bool(int location)> stop_at = {}) {
  need_movement(L, fn);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  const int at = rt.state().pieces[piece].location;
  const int map = at >= 0 ? def.locations[at].map : -1;
  int hook = 0;
  MoveOptions o = read_options(L, options_arg, map, hook);
  const int search_map = o.from >= 0 ? def.locations[o.from].map : map;
  if (hook) o.exception = lua_hook(L, hook, search_map);
  o.stop_at = std::move(stop_at);
  // A search looks at every piece (zones, enemy hexes) and may settle every cell.
  if (search_map >= 0)
    rt.sandbox().charge(L, static_cast<int64_t>(def.maps[search_map].cell_location.size() + rt.state().pieces.size()));
  auto found = search_moves(def, rt.state(), piece, o);
  if (!found.ok()) luaL_error(L, "%s: piece %d: %s", fn, piece + 1, found.error().message.c_str());
  return std::move(*found);
}

}  // namespace

// map.reachable(piece [, options]) -> {[hex] = cost}: every hex the piece
// can reach, its own at 0. A table by hex rather than a list of entries:
// the rules ask "can it get to X, and at what cost", and one table with a
// key a hex costs a tenth of a table a hex.
int kit_reachable(lua_State* L) {
  const int piece = check_piece(L, 1);
  MoveSearch s = search(L, "map.reachable", piece, 2);
  const GameDef& def = runtime_of(L).def();
  const auto& cells = def.maps[s.map].cell_location;
  push_location_ids(L);
  const int ids = lua_gettop(L);
  lua_createtable(L, 0, static_cast<int>(s.reached.size()));
  for (int cell : s.reached) {
    lua_rawgeti(L, ids, cells[cell] + 1);
    push_cost(L, s.best[cell]);
    lua_rawset(L, -3);
  }
  return 1;
}

namespace {

// map.destinations(piece [, options [, costs]]) -> {id...} [, {[id] = cost}]:
// the hexes the piece may end its move in (reachable, not where it starts,
// within the stacking limit with what stands there), by location order;
// with `costs`, also what each costs.
int l_destinations(lua_State* L) {
  const int piece = check_piece(L, 1);
  MoveSearch s = search(L, "map.destinations", piece, 2);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  const State& state = rt.state();
  const auto& cells = def.maps[s.map].cell_location;
  const int64_t points = stacking_points(def, state, piece);
  std::vector<std::pair<int, int>> ends;  // location, cell
  for (size_t i = 1; i < s.reached.size(); ++i) {  // the first is the start
    const int loc = cells[s.reached[i]];
    const int64_t limit = stacking_limit(def, loc);
    if (limit < 0 || stacking_total(def, state, loc) + points <= limit) ends.emplace_back(loc, s.reached[i]);
  }
  std::sort(ends.begin(), ends.end());
  push_location_ids(L);
  const int ids = lua_gettop(L);
  lua_createtable(L, static_cast<int>(ends.size()), 0);
  for (size_t i = 0; i < ends.size(); ++i) {
    lua_rawgeti(L, ids, ends[i].first + 1);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  if (!lua_toboolean(L, 3)) return 1;
  // With costs: what each costs, from the same search (a menu that prices
  // its moves needs no second one).
  lua_createtable(L, 0, static_cast<int>(ends.size()));
  for (const auto& [loc, cell] : ends) {
    lua_rawgeti(L, ids, loc + 1);
    push_cost(L, s.best[cell]);
    lua_rawset(L, -3);
  }
  return 2;
}

// map.can_move(piece [, options]) -> boolean: whether map.destinations
// would give any hex, by a search that stops at the first it finds. A
// movement phase asks it of every unit at every step, and searches in full
// only for the unit that moves.
int l_can_move(lua_State* L) {
  const int piece = check_piece(L, 1);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  const State& state = rt.state();
  const int64_t points = stacking_points(def, state, piece);
  const MoveSearch s = search(L, "map.can_move", piece, 2, [&](int loc) {
    const int64_t limit = stacking_limit(def, loc);
    return limit < 0 || stacking_total(def, state, loc) + points <= limit;
  });
  lua_pushboolean(L, s.stopped);
  return 1;
}

}  // namespace

// map.path(piece, to [, options]) -> {id...}, cost | nil
int kit_path(lua_State* L) {
  const int piece = check_piece(L, 1);
  const int to = check_hex(L, 2);
  MoveSearch s = search(L, "map.path", piece, 3);
  const GameDef& def = runtime_of(L).def();
  if (def.locations[to].map != s.map) return luaL_argerror(L, 2, "not on the piece's map");
  const std::vector<int> cells = path_to(s, def.locations[to].cell);
  if (cells.empty()) {
    lua_pushnil(L);
    return 1;
  }
  lua_createtable(L, static_cast<int>(cells.size()), 0);
  for (size_t i = 0; i < cells.size(); ++i) {
    push_location(L, def.maps[s.map].cell_location[cells[i]]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  push_cost(L, s.best[def.locations[to].cell]);
  return 2;
}

namespace {

// map.move_cost(piece, from, to) -> cost | nil: one step by the kit's costs,
// other pieces and zones left aside; nil when the step cannot be made.
int l_move_cost(lua_State* L) {
  const int piece = check_piece(L, 1);
  const int a = check_hex(L, 2), b = check_hex(L, 3);
  need_movement(L, "map.move_cost");
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  if (def.locations[a].map != def.locations[b].map) return luaL_argerror(L, 3, "not on the same map");
  const double c = step_cost(def, def.locations[a].map, movement_class(def, rt.state(), piece),
                             def.locations[a].cell, def.locations[b].cell);
  if (c < 0) lua_pushnil(L);
  else push_cost(L, c);
  return 1;
}

// map.adjacent_moves(piece) -> {id...}: the adjacent hexes the piece could
// enter in one step whatever the step costs (the minimum move many games
// grant): a step the kit's costs allow, into no hex an enemy holds where the
// kit closes them, and where it fits the stacking limit; in direction order
// (as map.neighbours). Zones of control are left to the rules. One call
// rather than four a neighbour: a movement phase asks it of every unit at
// every step.
int l_adjacent_moves(lua_State* L) {
  const int piece = check_piece(L, 1);
  need_movement(L, "map.adjacent_moves");
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  const State& s = rt.state();
  const int at = s.pieces[piece].location;
  const int map = at >= 0 ? def.locations[at].map : -1;
  if (map < 0 || !def.maps[map].hex) return luaL_error(L, "map.adjacent_moves: piece %d: the piece is not on a hex map", piece + 1);
  const HexGrid& grid = *def.maps[map].hex;
  const auto& cells = def.maps[map].cell_location;
  const int cell = def.locations[at].cell;
  const int cls = movement_class(def, s, piece);
  const int owner = s.pieces[piece].owner;
  const int64_t points = stacking_points(def, s, piece);
  int found[6];
  int n = 0;
  for (int d = 0; d < 6; ++d) {
    const int next = grid.neighbour(cell, d);
    if (next < 0 || step_cost(def, map, cls, cell, next) < 0) continue;
    const int loc = cells[next];
    rt.sandbox().charge(L, static_cast<int64_t>(s.contents[loc].size()));
    if (def.kit->movement.enemy_closed && enemy_holds(def, s, loc, owner)) continue;
    const int64_t limit = stacking_limit(def, loc);
    if (limit >= 0 && stacking_total(def, s, loc) + points > limit) continue;
    found[n++] = loc;
  }
  push_location_ids(L);
  const int ids = lua_gettop(L);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; ++i) {
    lua_rawgeti(L, ids, found[i] + 1);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

// map.zoc(hex, side) -> boolean: whether a zone of control of a piece
// hostile to `side` reaches the hex (sides `side` ignores left out).
int l_zoc(lua_State* L) {
  const int loc = check_hex(L, 1);
  const int side = check_side(L, 2);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  if (!def.kit || !def.kit->zoc.declared) return luaL_error(L, "map.zoc: the game declares no [zoc] (docs/kit.md)");
  rt.sandbox().charge(L, static_cast<int64_t>(rt.state().pieces.size()));
  const auto zones = enemy_zones(def, rt.state(), def.locations[loc].map, side);
  lua_pushboolean(L, !zones.empty() && zones[def.locations[loc].cell]);
  return 1;
}

// map.hexes([map_id]) -> {id...}: every hex of the map (the game's first hex
// map when none is named), by location index.
int l_hexes(lua_State* L) {
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  int map = -1;
  if (lua_isnoneornil(L, 1)) {
    for (size_t m = 0; m < def.maps.size() && map < 0; ++m)
      if (def.maps[m].hex) map = static_cast<int>(m);
    if (map < 0) return luaL_error(L, "map.hexes: the game has no hex map");
  } else {
    const std::string id = luaL_checkstring(L, 1);
    for (size_t m = 0; m < def.maps.size(); ++m)
      if (def.maps[m].id == id) map = static_cast<int>(m);
    if (map < 0 || !def.maps[map].hex) return luaL_argerror(L, 1, lua_pushfstring(L, "no hex map '%s'", id.c_str()));
  }
  std::vector<int> locs = def.maps[map].cell_location;
  std::sort(locs.begin(), locs.end());
  rt.sandbox().charge(L, static_cast<int64_t>(locs.size()));
  push_locations(L, locs);
  return 1;
}

// map.pieces(side [, filter]) -> {piece...}: the side's pieces on any map (hexes and
// areas), by piece id, that the reading side sees.
int l_map_pieces(lua_State* L) {
  refuse_while_loading(L);
  const int side = check_side(L, 1);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  const State& s = rt.state();
  rt.sandbox().charge(L, static_cast<int64_t>(s.pieces.size()));
  static thread_local std::vector<int> found;
  found.clear();
  for (size_t p = 0; p < s.pieces.size(); ++p) {
    const PieceState& piece = s.pieces[p];
    if (piece.owner != side || piece.location < 0 || def.locations[piece.location].map < 0) continue;
    if (rt.view_sees() && !(*rt.view_sees())[p]) continue;
    found.push_back(static_cast<int>(p));
  }
  if (!lua_isnoneornil(L, 2)) keep_matching(L, 2, found);
  push_pieces(L, found);
  return 1;
}

// stacking.points(loc [, side]) -> the stacking points there (of that side alone).
int l_points(lua_State* L) {
  const int loc = check_location(L, 1);
  const int side = lua_isnoneornil(L, 2) ? -1 : check_side(L, 2);
  Runtime& rt = runtime_of(L);
  rt.sandbox().charge(L, static_cast<int64_t>(rt.state().contents[loc].size()));
  lua_pushinteger(L, stacking_total(rt.def(), rt.state(), loc, side));
  return 1;
}

// stacking.limit(loc) -> what it holds, or nil when the game sets no limit.
int l_limit(lua_State* L) {
  const int loc = check_location(L, 1);
  const int64_t limit = stacking_limit(runtime_of(L).def(), loc);
  if (limit < 0) lua_pushnil(L);
  else lua_pushinteger(L, limit);
  return 1;
}

// stacking.fits(loc, piece or {pieces}) -> boolean, points over: whether the
// pieces would fit at loc with what is there now (those already there count once).
int l_fits(lua_State* L) {
  const int loc = check_location(L, 1);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  const State& s = rt.state();
  rt.sandbox().charge(L, static_cast<int64_t>(s.contents[loc].size()));
  int64_t adding = 0;
  if (lua_type(L, 2) == LUA_TNUMBER) {
    const int p = check_piece(L, 2);
    if (s.pieces[p].location != loc) adding = stacking_points(def, s, p);
  } else {
    luaL_checktype(L, 2, LUA_TTABLE);
    make_raw_readable(L, 2);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 2));
    rt.sandbox().charge(L, static_cast<int64_t>(n));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, 2, i);
      const int p = check_piece(L, lua_gettop(L));
      if (s.pieces[p].location != loc) adding += stacking_points(def, s, p);
      lua_pop(L, 1);
    }
  }
  const int64_t limit = stacking_limit(def, loc);
  const int64_t over = limit < 0 ? 0 : stacking_total(def, s, loc) + adding - limit;
  lua_pushboolean(L, over <= 0);
  lua_pushinteger(L, over > 0 ? over : 0);
  return 2;
}

// stacking.check(loc [, rule]): raises an error citing the rule when loc
// holds more than its limit.
int l_check(lua_State* L) {
  const int loc = check_location(L, 1);
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  const int64_t limit = stacking_limit(def, loc);
  if (limit < 0) return 0;
  rt.sandbox().charge(L, static_cast<int64_t>(rt.state().contents[loc].size()));
  const int64_t total = stacking_total(def, rt.state(), loc);
  if (total <= limit) return 0;
  const std::string rule = lua_isnoneornil(L, 2) ? def.kit->stacking.rule : std::string(luaL_checkstring(L, 2));
  return luaL_error(L, "stacking%s%s%s: %s holds %I points, over its limit of %I", rule.empty() ? "" : " (rule ",
                    rule.c_str(), rule.empty() ? "" : ")", def.locations[loc].title.c_str(),
                    static_cast<lua_Integer>(total), static_cast<lua_Integer>(limit));
}

}  // namespace

void open_lua_movement(lua_State* L) {
  const auto& locations = runtime_of(L).def().locations;
  if (runtime_of(L).def().kit) {
    lua_createtable(L, static_cast<int>(locations.size()), 0);
    for (size_t i = 0; i < locations.size(); ++i) {
      lua_pushlstring(L, locations[i].id.data(), locations[i].id.size());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setfield(L, LUA_REGISTRYINDEX, kLocationIdsKey);
  }
  lua_getglobal(L, "map");
  static const luaL_Reg map_fns[] = {{"move_cost", l_move_cost}, {"zoc", l_zoc},           {"hexes", l_hexes},
                                     {"pieces", l_map_pieces},   {"destinations", l_destinations}, {"adjacent_moves", l_adjacent_moves}, {"can_move", l_can_move},
                                     {nullptr, nullptr}};
  luaL_setfuncs(L, map_fns, 0);
  lua_pop(L, 1);
  static const luaL_Reg stacking_fns[] = {{"points", l_points}, {"limit", l_limit}, {"fits", l_fits},
                                          {"check", l_check},   {nullptr, nullptr}};
  register_module(L, "stacking", stacking_fns);
}

}  // namespace cardboard
