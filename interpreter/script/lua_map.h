// The Lua `map` module: geometry of the game's maps for the rules. Lua names
// a map location by its location id: a hex's four-digit label ("2925") or an
// area's id. Results that list locations are deterministic: neighbours in
// direction order (hexes) or area order, every other list by location index.
// The functions and their errors are documented for authors in docs/maps.md.
#pragma once

#include <lua.hpp>

#include "core/game_def.h"

namespace cardboard {

// Sets the global table `map` in L. `def` must outlive L and be fully loaded:
// locations indexed (GameDef::index) and every MapDef's cell_location filled.
// The bound functions never let a C++ exception out: failures are Lua errors.
void open_lua_map(lua_State* L, const GameDef* def);

// The kit's movement, zones and stacking (script/lua_movement.cc): adds
// map.move_cost, map.zoc, map.hexes and map.pieces to `map`, and sets the
// global table `stacking`. Needs the runtime (script/runtime.h).
void open_lua_movement(lua_State* L);
// The kit's supply (script/lua_supply.cc): adds map.supplied and
// map.in_supply to `map`. Needs the runtime.
void open_lua_supply(lua_State* L);
// The kit's line of sight (script/lua_sight.cc): adds map.sight to `map`.
// Needs the runtime.
void open_lua_sight(lua_State* L);
// The kit's retreat and advance (script/lua_retreat.cc): adds map.retreats
// and map.advances to `map`. Needs the runtime.
void open_lua_retreat(lua_State* L);
// map.reachable and map.path given a piece rather than a location.
int kit_reachable(lua_State* L);
int kit_path(lua_State* L);

}  // namespace cardboard
