#include "script/lua_map.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "data/toml_file.h"
#include "maps/area_graph.h"
#include "maps/hex_grid.h"
#include "script/anchored_names.h"
#include "script/lua_api.h"
#include "script/lua_hexes.h"

namespace cardboard {

namespace {

constexpr const char* kBindingMeta = "cardboard.map";

// The state every function shares, kept as a full userdata in upvalue 1:
// the definition, the inverse of every MapDef::cell_location, and the
// location ids as anchored names (their strings held by the userdata's user
// value, a table), so that a rules literal is found by its address.
struct Binding {
  const GameDef* def = nullptr;
  std::vector<int> location_cell;  // location index -> cell on its map, or -1
  AnchoredNames location_names;
  // map.attr's answers made once: the areas' attribute keys by address, and
  // the binding's user value 2, a table of each plain (not table) attribute
  // value at location * attr_keys + key + 1, and a light userdata marking a
  // table value (copied at each call). Attributes never change.
  AnchoredNames attr_keys;
  size_t attr_key_count = 0;
};

Binding& binding(lua_State* L) { return *static_cast<Binding*>(lua_touserdata(L, lua_upvalueindex(1))); }

int binding_gc(lua_State* L) {
  static_cast<Binding*>(lua_touserdata(L, 1))->~Binding();
  return 0;
}


// A location on a map: its location index, map index and cell.
struct Loc {
  int location = -1;
  int map = -1;
  int cell = -1;
};

// The map location of the value at `idx`, or nullptr with why not: not a
// string ("location expected, got nil"), no location's id, or a location
// that is on no map.
const char* find_loc(lua_State* L, int idx, Loc& loc) {
  const Binding& b = binding(L);
  loc.location = b.location_names.find(L, idx);  // nearly always: rules name locations with literals
  if (loc.location < 0) {
    if (lua_type(L, idx) != LUA_TSTRING) return lua_pushfstring(L, "location expected, got %s", luaL_typename(L, idx));
    size_t len = 0;
    const char* id = lua_tolstring(L, idx, &len);
    loc.location = b.def->find_location(std::string_view(id, len));
    if (loc.location < 0) return lua_pushfstring(L, "no such location: '%s'", id);
  }
  loc.map = b.def->locations[loc.location].map;
  loc.cell = b.location_cell[loc.location];
  if (loc.map < 0 || loc.cell < 0) return lua_pushfstring(L, "not a map location: '%s'", lua_tostring(L, idx));
  return nullptr;
}

// Reads argument `arg` as the id of a map location, or raises the argument
// error "location expected, got nil" / "no such location: '4021'".
Loc check_loc(lua_State* L, int arg) {
  Loc loc;
  if (const char* why = find_loc(L, arg, loc)) {
    if (lua_type(L, arg) != LUA_TSTRING) luaL_typeerror(L, arg, "location");  // Lua's own words
    luaL_argerror(L, arg, why);
  }
  return loc;
}

// Reads argument `arg` as a location on the same map as `first`.
Loc check_same_map(lua_State* L, int arg, const Loc& first) {
  Loc loc = check_loc(L, arg);
  if (loc.map != first.map) {
    const auto& maps = binding(L).def->maps;
    luaL_argerror(L, arg,
                  (std::string(lua_tostring(L, arg)).insert(0, 1, '\'') + "' is on map '" + maps[loc.map].id +  // not "'" + ...: a GCC 12 false -Wrestrict
                   "', not on map '" + maps[first.map].id + "'")
                      .c_str());
  }
  return loc;
}

const MapDef& map_of(lua_State* L, const Loc& loc) { return binding(L).def->maps[loc.map]; }

const std::string& cell_id(lua_State* L, int map, int cell) {
  const GameDef& def = *binding(L).def;
  return def.locations[def.maps[map].cell_location[cell]].id;
}

// A location id is pushed from the binding's anchors (user value 1, where
// location i's id is element i + 1): no hashing of its text, no new string.
void push_cell(lua_State* L, int map, int cell) {
  lua_getiuservalue(L, lua_upvalueindex(1), 1);
  lua_rawgeti(L, -1, binding(L).def->maps[map].cell_location[cell] + 1);
  lua_remove(L, -2);
}

// An array of location ids, in the given order.
void push_cells(lua_State* L, int map, const std::vector<int>& cells) {
  const auto& cell_location = binding(L).def->maps[map].cell_location;
  lua_createtable(L, static_cast<int>(cells.size()), 0);
  lua_getiuservalue(L, lua_upvalueindex(1), 1);
  for (size_t i = 0; i < cells.size(); ++i) {
    lua_rawgeti(L, -1, cell_location[cells[i]] + 1);
    lua_rawseti(L, -3, static_cast<lua_Integer>(i + 1));
  }
  lua_pop(L, 1);
}

// Cells reordered by location index, so lists read the same as the game's
// own location order even if a loader numbered them differently.
std::vector<int> by_location(lua_State* L, int map, std::vector<int> cells) {
  const auto& cl = binding(L).def->maps[map].cell_location;
  std::stable_sort(cells.begin(), cells.end(), [&](int a, int b) { return cl[a] < cl[b]; });
  return cells;
}

void push_attributes(lua_State* L, const Attributes& attributes) {
  lua_createtable(L, 0, static_cast<int>(attributes.size()));
  for (const auto& [k, v] : attributes) {
    push_value(L, v);
    lua_setfield(L, -2, k.c_str());
  }
}

// A cost function over cells that calls the Lua function at stack index
// `fn` with (from_id, to_id). A number is the step's cost; false, nil or a
// negative number make the step impossible. Errors in the function propagate
// as Lua errors (Lua is built as C++, so they unwind the search cleanly).
std::function<double(int, int)> lua_cost(lua_State* L, int fn, int map) {
  return [L, fn, map](int from, int to) -> double {
    lua_pushvalue(L, fn);
    push_cell(L, map, from);
    push_cell(L, map, to);
    lua_call(L, 2, 1);
    double cost = -1;
    if (lua_type(L, -1) == LUA_TNUMBER) {
      cost = lua_tonumber(L, -1);
      if (std::isnan(cost)) luaL_error(L, "cost function returned nan for '%s' to '%s'",
                                       cell_id(L, map, from).c_str(), cell_id(L, map, to).c_str());
    } else if (lua_toboolean(L, -1)) {
      luaL_error(L, "cost function returned a %s for '%s' to '%s': expected a number, or false or nil "
                    "for impassable",
                 luaL_typename(L, -1), cell_id(L, map, from).c_str(), cell_id(L, map, to).c_str());
    }
    lua_pop(L, 1);
    return cost;
  };
}

// map.neighbours(loc) -> {id...}
// The locations adjacent to loc: for a hex in direction order (clockwise from
// north on flat grids, from north-east on pointy ones), for an area by area
// order, out-connections only. Errors: loc is not a map location.
int map_neighbours(lua_State* L) {
  return guarded(L, "map", "neighbours", [&] {
    const Loc a = check_loc(L, 1);
    const MapDef& m = map_of(L, a);
    push_cells(L, a.map, m.hex ? m.hex->neighbours(a.cell) : m.area->neighbours(a.cell));
    return 1;
  });
}

// map.adjacent(a, b) -> boolean
// True when b is one step from a (for areas: a connection usable from a to b).
// Locations on different maps are never adjacent. Errors: either is not a map
// location.
int map_adjacent(lua_State* L) {
  return guarded(L, "map", "adjacent", [&] {
    const Loc a = check_loc(L, 1);
    const Loc b = check_loc(L, 2);
    const MapDef& m = map_of(L, a);
    bool adjacent = false;
    if (a.map == b.map) adjacent = m.hex ? m.hex->adjacent(a.cell, b.cell) : m.area->is_adjacent(a.cell, b.cell);
    lua_pushboolean(L, adjacent);
    return 1;
  });
}

// map.distance(a, b) -> integer | nil
// Hexes: the hex distance, counted straight through any hex. Areas: the fewest
// connections from a to b, or nil when b cannot be reached. Errors: either is
// not a map location, or they are on different maps.
int map_distance(lua_State* L) {
  return guarded(L, "map", "distance", [&] {
    const Loc a = check_loc(L, 1);
    const Loc b = check_same_map(L, 2, a);
    const MapDef& m = map_of(L, a);
    const int d = m.hex ? m.hex->distance(a.cell, b.cell) : m.area->distance(a.cell, b.cell);
    if (d < 0) {
      lua_pushnil(L);
    } else {
      lua_pushinteger(L, d);
    }
    return 1;
  });
}

// map.nearest(loc, locs) -> integer, id | nil
// The distance from loc to the nearest location of the array locs, and that
// location (the first in the array on a tie); nil when the array is empty or,
// on an area map, none can be reached. What a loop of map.distance gives, in
// one call (an area map is searched once). Errors: loc or an element is not a
// map location, or an element is on another map than loc.
int map_nearest(lua_State* L) {
  return guarded(L, "map", "nearest", [&] {
    const Loc a = check_loc(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    make_raw_readable(L, 2);  // a constant list of the rules is frozen: read its contents
    const MapDef& m = map_of(L, a);
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, 2));
    std::vector<int> steps;
    if (!m.hex && n > 0) steps = m.area->distances_from(a.cell);
    int best = -1;
    lua_Integer nearest = 0;
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, 2, i);
      Loc b;
      if (const char* why = find_loc(L, -1, b))
        luaL_argerror(L, 2, lua_pushfstring(L, "element %I: %s", static_cast<LUAI_UACINT>(i), why));
      if (b.map != a.map) {
        const auto& maps = binding(L).def->maps;
        luaL_argerror(L, 2, lua_pushfstring(L, "element %I: '%s' is on map '%s', not on map '%s'", static_cast<LUAI_UACINT>(i),
                                            lua_tostring(L, -1), maps[b.map].id.c_str(), maps[a.map].id.c_str()));
      }
      lua_pop(L, 1);
      const int d = m.hex ? m.hex->distance(a.cell, b.cell) : steps[b.cell];
      if (d >= 0 && (best < 0 || d < best)) {
        best = d;
        nearest = i;
      }
    }
    if (best < 0) {
      lua_pushnil(L);
      return 1;
    }
    lua_pushinteger(L, best);
    lua_rawgeti(L, 2, nearest);
    return 2;
  });
}

// map.within(loc, n) -> {id...}
// Every location at distance <= n from loc, loc included, by location index.
// Errors: loc is not a map location; n is not a non-negative integer.
int map_within(lua_State* L) {
  return guarded(L, "map", "within", [&] {
    const Loc a = check_loc(L, 1);
    const lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 0, 2, "distance must not be negative");
    const int steps = static_cast<int>(std::min<lua_Integer>(n, 1 << 30));  // both maps clamp further
    const MapDef& m = map_of(L, a);
    push_cells(L, a.map, by_location(L, a.map, m.hex ? m.hex->within(a.cell, steps) : m.area->within(a.cell, steps)));
    return 1;
  });
}

// map.line(a, b) -> {id...}
// The hexes crossed by the straight line between the centres of a and b, from
// a to b, both included (see docs/maps.md for the tie rule). Hex maps only.
// Errors: not map locations, different maps, or an area map.
int map_line(lua_State* L) {
  return guarded(L, "map", "line", [&] {
    const Loc a = check_loc(L, 1);
    const Loc b = check_same_map(L, 2, a);
    const MapDef& m = map_of(L, a);
    if (!m.hex) luaL_argerror(L, 1, ("line needs a hex map, and '" + m.id + "' is an area map").c_str());
    push_cells(L, a.map, m.hex->line(a.cell, b.cell));
    return 1;
  });
}

// map.hexside(a, b) -> string | nil
// The feature on the hexside between adjacent hexes a and b ("river"), or nil
// when there is none, they are not adjacent, or the map is an area map.
// Errors: not map locations, or different maps.
int map_hexside(lua_State* L) {
  return guarded(L, "map", "hexside", [&] {
    const Loc a = check_loc(L, 1);
    const Loc b = check_same_map(L, 2, a);
    const MapDef& m = map_of(L, a);
    const std::string* feature = m.hex ? &m.hex->hexside(a.cell, b.cell) : nullptr;
    if (feature && !feature->empty()) {
      lua_pushlstring(L, feature->data(), feature->size());
    } else {
      lua_pushnil(L);
    }
    return 1;
  });
}

// map.terrain(loc) -> string | nil
// A hex's terrain from the map's legend, or an area's string attribute
// `terrain`; nil when there is none. Errors: loc is not a map location.
int map_terrain(lua_State* L) {
  return guarded(L, "map", "terrain", [&] {
    const Loc a = check_loc(L, 1);
    const MapDef& m = map_of(L, a);
    if (m.hex) {
      const std::string& t = m.hex->terrain(a.cell);
      if (t.empty()) {
        lua_pushnil(L);
      } else {
        lua_pushlstring(L, t.data(), t.size());
      }
      return 1;
    }
    const auto& attributes = m.area->area(a.cell).attributes;
    auto it = attributes.find("terrain");
    if (it != attributes.end() && it->second.is_string()) {
      push_value(L, it->second);
    } else {
      lua_pushnil(L);
    }
    return 1;
  });
}

// map.attr(loc, key) -> value | nil
// An area's attribute (integer, number, boolean or string), or nil when the
// area does not have it. Hexes have no attributes: always nil.
// Errors: loc is not a map location; key is not a string.
int map_attr(lua_State* L) {
  // A rules literal for the key: the answer is one array read.
  const Binding& b = binding(L);
  if (const int key = b.attr_keys.find(L, 2); key >= 0) {
    const Loc a = check_loc(L, 1);
    lua_getiuservalue(L, lua_upvalueindex(1), 2);
    if (lua_rawgeti(L, -1, static_cast<lua_Integer>(a.location) * static_cast<lua_Integer>(b.attr_key_count) + key + 1) !=
        LUA_TLIGHTUSERDATA)
      return 1;
    lua_settop(L, 2);  // a table value (its mark): a fresh copy each time, below
  }
  return guarded(L, "map", "attr", [&] {
    const Loc a = check_loc(L, 1);
    const std::string key = luaL_checkstring(L, 2);
    const MapDef& m = map_of(L, a);
    if (m.area) {
      const auto& attributes = m.area->area(a.cell).attributes;
      auto it = attributes.find(key);
      if (it != attributes.end()) {
        push_value(L, it->second);
        return 1;
      }
    }
    lua_pushnil(L);
    return 1;
  });
}

// map.connection(a, b) -> table | nil
// Areas: a new table of the attributes of the connection usable from a to b.
// Hexes: for adjacent hexes a table with `hexside` set to the hexside's
// feature, if any. nil when a and b are not adjacent. Errors: not map
// locations, or different maps.
int map_connection(lua_State* L) {
  return guarded(L, "map", "connection", [&] {
    const Loc a = check_loc(L, 1);
    const Loc b = check_same_map(L, 2, a);
    const MapDef& m = map_of(L, a);
    if (m.hex) {
      if (!m.hex->adjacent(a.cell, b.cell)) {
        lua_pushnil(L);
        return 1;
      }
      lua_createtable(L, 0, 1);
      const std::string& feature = m.hex->hexside(a.cell, b.cell);
      if (!feature.empty()) {
        lua_pushlstring(L, feature.data(), feature.size());
        lua_setfield(L, -2, "hexside");
      }
      return 1;
    }
    const Connection* c = m.area->connection(a.cell, b.cell);
    if (c) {
      push_attributes(L, c->attributes);
    } else {
      lua_pushnil(L);
    }
    return 1;
  });
}

// map.path(a, b, cost) -> {id...}, total | nil
// The cheapest path from a to b, both included, and its total cost.
// cost(from_id, to_id) is called for each step considered and returns a
// number, or false or nil when the step is impossible. Ties go to the lower
// location, so the path is deterministic. nil when b cannot be reached.
// Errors: not map locations, different maps, cost not a function, cost
// returned something else; errors raised by cost propagate.
int map_path(lua_State* L) {
  if (lua_type(L, 1) == LUA_TNUMBER) return kit_path(L);
  return guarded(L, "map", "path", [&] {
    const Loc a = check_loc(L, 1);
    const Loc b = check_same_map(L, 2, a);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    const MapDef& m = map_of(L, a);
    const auto cost = lua_cost(L, 3, a.map);
    std::vector<int> cells;
    double total = 0;
    if (m.hex) {
      auto p = m.hex->cheapest_path(a.cell, b.cell, cost);
      cells = std::move(p.cells);
      total = p.cost;
    } else {
      auto p = m.area->cheapest_path(a.cell, b.cell, cost);
      cells = std::move(p.areas);
      total = p.cost;
    }
    if (cells.empty()) {
      lua_pushnil(L);
      return 1;
    }
    push_cells(L, a.map, cells);
    push_cost(L, total);
    return 2;
  });
}

// map.reachable(loc, budget, cost) -> {{id=, cost=}...}
// Every location reachable from loc for a total cost <= budget, loc itself
// included at cost 0, as an array sorted by location index. cost is as for
// map.path. Errors: loc is not a map location, budget not a number, cost not
// a function; errors raised by cost propagate.
int map_reachable(lua_State* L) {
  if (lua_type(L, 1) == LUA_TNUMBER) return kit_reachable(L);
  return guarded(L, "map", "reachable", [&] {
    const Loc a = check_loc(L, 1);
    const double budget = luaL_checknumber(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    const MapDef& m = map_of(L, a);
    const auto cost = lua_cost(L, 3, a.map);
    auto found = m.hex ? m.hex->reachable(a.cell, budget, cost) : m.area->reachable(a.cell, budget, cost);
    std::stable_sort(found.begin(), found.end(),
                     [&](const auto& x, const auto& y) { return m.cell_location[x.first] < m.cell_location[y.first]; });
    lua_createtable(L, static_cast<int>(found.size()), 0);
    for (size_t i = 0; i < found.size(); ++i) {
      lua_createtable(L, 0, 2);
      push_cell(L, a.map, found[i].first);
      lua_setfield(L, -2, "id");
      push_cost(L, found[i].second);
      lua_setfield(L, -2, "cost");
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

// map.place(name) -> id
// The location of a named place: a hex's place name from the map's [places],
// or an area's title. Maps are searched in the game's order.
// Errors: name is not a string; no place has that name (with a suggestion).
int map_place(lua_State* L) {
  return guarded(L, "map", "place", [&] {
    const std::string name = luaL_checkstring(L, 1);
    const GameDef& def = *binding(L).def;
    std::vector<std::string> known;
    for (size_t mi = 0; mi < def.maps.size(); ++mi) {
      const MapDef& m = def.maps[mi];
      if (m.cell_location.empty() || (!m.hex && !m.area)) continue;
      int cell = -1;
      if (m.hex) {
        cell = m.hex->place(name);
        for (const auto& [n, c] : m.hex->places()) known.push_back(n);
      } else {
        for (int i = 0; i < m.area->size() && cell < 0; ++i)
          if (m.area->area(i).title == name) cell = i;
        for (int i = 0; i < m.area->size(); ++i) known.push_back(m.area->area(i).title);
      }
      if (cell >= 0) {
        push_cell(L, static_cast<int>(mi), cell);
        return 1;
      }
    }
    std::string msg = "no such place: '" + name + "'";
    const std::string near = closest(name, known);
    if (!near.empty()) msg += ": did you mean '" + near + "'?";
    return luaL_argerror(L, 1, msg.c_str());
  });
}

// Anchors every area attribute key in the table on the top of the stack and
// pushes the table of map.attr's plain answers (Binding::attr_keys).
void add_attributes(lua_State* L, Binding& b, size_t limit) {
  const GameDef& def = *b.def;
  std::vector<std::string_view> keys;
  for (const MapDef& m : def.maps)
    if (m.area)
      for (int i = 0; i < m.area->size(); ++i)
        for (const auto& [k, v] : m.area->area(i).attributes) keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  b.attr_key_count = keys.size();
  for (size_t k = 0; k < keys.size(); ++k) b.attr_keys.add(L, -1, keys[k], static_cast<int>(k), limit);
  lua_createtable(L, 0, 0);
  for (size_t loc = 0; loc < def.locations.size(); ++loc) {
    const int map = def.locations[loc].map;
    const int cell = b.location_cell[loc];
    if (map < 0 || cell < 0 || !def.maps[static_cast<size_t>(map)].area) continue;
    const Attributes& attributes = def.maps[static_cast<size_t>(map)].area->area(cell).attributes;
    for (size_t k = 0; k < keys.size(); ++k) {
      auto it = attributes.find(std::string(keys[k]));
      if (it == attributes.end()) continue;
      if (it->second.is_table()) lua_pushlightuserdata(L, &b);
      else push_value(L, it->second);
      lua_rawseti(L, -2, static_cast<lua_Integer>(loc * keys.size() + k + 1));
    }
  }
}

const luaL_Reg kFunctions[] = {
    {"neighbours", map_neighbours}, {"adjacent", map_adjacent},     {"distance", map_distance},
    {"nearest", map_nearest},       {"within", map_within},         {"line", map_line},
    {"hexside", map_hexside},       {"terrain", map_terrain},       {"attr", map_attr},
    {"connection", map_connection}, {"path", map_path},             {"reachable", map_reachable},
    {"place", map_place},
    {nullptr, nullptr},
};

}  // namespace

void open_lua_map(lua_State* L, const GameDef* def) {
  lua_createtable(L, 0, static_cast<int>(sizeof(kFunctions) / sizeof(kFunctions[0]) - 1));
  auto* b = new (lua_newuserdatauv(L, sizeof(Binding), 2)) Binding;
  b->def = def;
  b->location_cell.assign(def->locations.size(), -1);
  for (const MapDef& m : def->maps)
    for (size_t c = 0; c < m.cell_location.size(); ++c)
      if (m.cell_location[c] >= 0 && static_cast<size_t>(m.cell_location[c]) < b->location_cell.size())
        b->location_cell[m.cell_location[c]] = static_cast<int>(c);
  lua_createtable(L, static_cast<int>(def->locations.size()), 0);
  const size_t limit = short_string_limit(L);
  for (size_t i = 0; i < def->locations.size(); ++i)
    b->location_names.add(L, -1, def->locations[i].id, static_cast<int>(i), limit);
  add_attributes(L, *b, limit);  // anchors the keys in the same table, then makes user value 2
  lua_setiuservalue(L, -3, 2);
  lua_setiuservalue(L, -2, 1);
  if (luaL_newmetatable(L, kBindingMeta)) {
    lua_pushcfunction(L, binding_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_setmetatable(L, -2);
  luaL_setfuncs(L, kFunctions, 1);
  lua_setglobal(L, "map");
}

}  // namespace cardboard
