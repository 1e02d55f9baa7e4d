// Frozen tables: read-only for the rules, for good. Lua 5.4 has no read-only
// table, and assigning a key a table already holds reaches no metamethod, so
// a table is frozen in place: its contents move to a hidden table, and it
// keeps, empty, a metatable (a proxy's, proxy.h) whose __index is that
// hidden table (the VM's fast path for a table __index), whose __newindex
// refuses every assignment with an error naming the table, and whose __len
// counts the contents. Every reference to the table, whoever holds it, sees
// the frozen one. A table that had a metatable keeps its metamethods (the
// metatable is frozen too; __index then runs with the frozen table as self).
//
// Invariant: no Lua code can reach a frozen table's contents as a value.
// getmetatable shows the frozen table where its contents serve as a
// metatable; the sandbox's rawget, rawset, rawlen, next and pairs see
// through to the contents for reading and refuse writing (sandbox_base.cc).
//
// Reads cost a metamethod hop, so two kinds of reference skip it: an
// upvalue (shared by every function that captured the variable, _ENV
// included) whose every use, by the bytecode, only indexes the table at once
// (t.k, t[k], #t: global_check.h's Bytecode) holds the contents instead; and
// so does a global that every such function only indexes (pieces.at,
// FRONTS[i]), in the globals' contents, whose other readers are shown the
// frozen table (proxy.h's show_frozen). No instruction can write through
// such a reference or pass the table on, so the invariant holds. A table
// with a metatable of its own is always read through it.
#pragma once

#include <lua.hpp>

namespace cardboard {

// Freezes, in place, the table at `idx` and every table reachable from it
// through keys and values: the game's data (`tables`), read-only from the
// start. `path` names it in messages ("tables").
void freeze_data(lua_State* L, int idx, const char* path);

// A lua_CFunction, run protected when the rules have loaded: freezes every
// table the rules can reach (the globals, whose contents then raise on an
// undeclared name; the modules `require` loaded; the tables reachable from
// them, from their metatables and from the upvalues of the Lua functions
// they hold; the string metatable, which getmetatable("") then shows as a
// frozen copy) and returns the table of the globals' values. Raises, before
// changing anything, for a function it reaches that assigns a variable it
// captured while the rules loaded (file:line), a metatable with __gc or
// __mode, or an iterator of pairs or gmatch made while loading.
int freeze_rules(lua_State* L);

// Raise "attempt to change NAME ..." for assigning key `key` (a stack index)
// of the frozen table at `frozen`, and for changing its metatable.
[[noreturn]] void refuse_change(lua_State* L, int frozen, int key);
[[noreturn]] void refuse_metatable_change(lua_State* L, int frozen);

}  // namespace cardboard
