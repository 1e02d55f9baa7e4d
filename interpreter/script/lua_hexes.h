// What the kit's Lua functions share to read and give hexes: a hex argument,
// a location id, a cost (whole costs as integers), a list of locations.
#pragma once

#include <vector>

#include <lua.hpp>

namespace cardboard {

// The location index of the hex named at `arg`; an argument error otherwise.
int check_hex(lua_State* L, int arg);
// Pushes location `loc`'s id.
void push_location(lua_State* L, int loc);
// Pushes a cost: an integer when it is whole, so logs print "3", not "3.0".
void push_cost(lua_State* L, double cost);
// Pushes an array of the ids of `locs`, in the order given.
void push_locations(lua_State* L, const std::vector<int>& locs);

}  // namespace cardboard
