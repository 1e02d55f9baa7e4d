// The Lua API that rules use, and the argument helpers its binding files
// share. Each module has its own file (lua_dice, lua_pieces, lua_decks,
// lua_tracks, lua_vars, lua_game, lua_map); open_lua_api opens them all on a
// game's sandbox. Argument errors read like Lua's own:
// "bad argument #1 to 'move' (piece expected, got nil)".
#pragma once

#include <string>

#include <lua.hpp>

#include "core/value.h"

namespace cardboard {

class Game;

void open_lua_api(lua_State* L);

void open_lua_dice(lua_State* L);
void open_lua_pieces(lua_State* L);
void open_lua_decks(lua_State* L);
void open_lua_tracks(lua_State* L);
void open_lua_vars(lua_State* L);
void open_lua_game(lua_State* L);

// A location named by its id string; raises an argument error otherwise.
int check_location(lua_State* L, int arg);
// A piece id (as Lua sees it: the kernel index + 1).
int check_piece(lua_State* L, int arg);
void push_piece(lua_State* L, int piece);
// A side named by its id string.
int check_side(lua_State* L, int arg);
int find_side_arg(lua_State* L, int arg);  // -1 when the value names no side
int opt_side(lua_State* L, int arg);  // nil gives -1
void push_side(lua_State* L, int side);
// An optional rule reference (a string such as "9.2"), "" when absent.
std::string opt_rule(lua_State* L, int arg);
// The same for an event's rule: checked always (bots and players meet the
// same errors), read only when the game records events, else "".
std::string event_rule(lua_State* L, int arg);

void push_value(lua_State* L, const Value& v);
// Converts a Lua value to a plain value (a deep copy); tables must have
// integer or string keys, at most 32 levels. A frozen table gives its
// contents, a view of vars the value it shows. Raises past the memory cap:
// the copy's bytes count while it is built.
Value check_value(lua_State* L, int idx);
// The value a view of vars (lua_vars.cc) shows, copied; raises when it is stale.
Value vars_view_value(lua_State* L, int idx);

// Charges `n` steps of work on a location's pieces to the call's budget
// (sandbox.h): free below a small count, so the common calls cost nothing.
void charge_many_pieces(lua_State* L, size_t n);
inline void charge_pieces(lua_State* L, size_t n) {
  if (n > 64) charge_many_pieces(L, n);
}

// Registers `fns` as global table `name`.
void register_module(lua_State* L, const char* name, const luaL_Reg* fns);

}  // namespace cardboard
