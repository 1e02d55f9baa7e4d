// The standard library as the sandbox changes it, in three parts opened on
// every sandbox's state by Sandbox:
//  - sandbox_base.cc: pairs and next in sorted order, pcall and xpcall that
//    no limit can be caught by, setmetatable without finalizers or weak
//    tables, getmetatable, rawget, rawset and rawlen that see through the
//    kernel's proxies (proxy.h), print to stderr;
//  - lua_patterns.cc: string.find, match, gmatch and gsub, the sandbox's own
//    implementation of Lua 5.4's patterns, whose steps count against the
//    instruction budget;
//  - sandbox_bounds.cc: the library functions that could work long inside
//    C without Lua's hook seeing it, made to charge their steps.
#pragma once

#include <lua.hpp>

namespace cardboard {

void open_sandbox_base(lua_State* L);
void open_sandbox_patterns(lua_State* L);
void open_sandbox_bounds(lua_State* L);

// Pushes an array of the keys of the raw table at `t` in the sandbox's order:
// numbers ascending, then strings (byte order), then false and true. Returns
// their number. Other keys raise "WHO: table keys must be numbers, strings or
// booleans ..." when `strict`, else follow in the order lua_next gives.
// Charges the sort to the budget.
int push_sorted_keys(lua_State* L, int t, const char* who, bool strict);

// Whether `f` is an iterator function of the sandbox that keeps its place in
// its upvalues (pairs, gmatch): one made while the rules load would carry
// that place from one call into the next.
bool is_stateful_iterator(lua_CFunction f);

}  // namespace cardboard
