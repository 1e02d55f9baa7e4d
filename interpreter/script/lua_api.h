// The Lua API that rules use, and the argument helpers its binding files
// share. Each module has its own file (lua_dice, lua_pieces, lua_decks,
// lua_tracks, lua_vars, lua_game, lua_map, and lua_combat for a game with
// the kit); open_lua_api opens them all on a game's sandbox. Argument errors
// read like Lua's own: "bad argument #1 to 'move' (piece expected, got nil)".
#pragma once

#include <exception>
#include <string>
#include <vector>

#include <lua.hpp>

#include "core/lazy_text.h"
#include "core/value.h"
#include "script/proxy.h"
#include "script/runtime.h"

namespace cardboard {

void open_lua_api(lua_State* L);

void open_lua_dice(lua_State* L);
void open_lua_pieces(lua_State* L);
void open_lua_decks(lua_State* L);
void open_lua_tracks(lua_State* L);
void open_lua_vars(lua_State* L);
void open_lua_game(lua_State* L);
void open_lua_combat(lua_State* L);  // only for a game that declares the kit
void open_lua_fog(lua_State* L);     // the same

// The registry's table anchoring the strings of the AnchoredNames maps
// (anchored_names.h) of the game's state: made by open_lua_api first.
constexpr const char* kNameAnchors = "cardboard.names";

// Runs a binding's body, turning a C++ exception (say std::bad_alloc) into
// the Lua error "MODULE.NAME failed: what" once the handler has finished
// (no C++ object is alive when luaL_error unwinds). Lua's own errors are
// not std::exceptions, so they pass through untouched.
template <typename F>
int guarded(lua_State* L, const char* module, const char* name, F&& body) {
  std::string failure;
  try {
    return body();
  } catch (const std::exception& e) {
    failure = e.what();
  }
  return luaL_error(L, "%s.%s failed: %s", module, name, failure.c_str());
}

// A location named by its id string; raises an argument error otherwise.
int check_location(lua_State* L, int arg);
// Raises "pieces.count reads or changes the game, which does not exist while
// the rules load ..." when the rules' top level calls a function of the
// game's state: the state is made when the game starts, after the rules
// loaded. check_location, check_piece and check_track call it, so every
// function that reads the state through a location, a piece or a track does.
// Inline: the common case, a game running, is one test.
[[noreturn]] void refuse_loading(lua_State* L, const char* name);
inline void refuse_while_loading(lua_State* L, const char* name = nullptr) {
  if (runtime_of(L).rules_loading()) refuse_loading(L, name);
}
// A piece id (as Lua sees it: the kernel index + 1).
int check_piece(lua_State* L, int arg);
void push_piece(lua_State* L, int piece);
// An array of the pieces `ids` (kernel indices), in their order.
void push_pieces(lua_State* L, const std::vector<int>& ids);
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

// Makes the table at `idx` readable raw: a frozen table (a constant of the
// rules) becomes its contents, a view of vars a plain copy (script/proxy.h);
// any other value is left alone, after one look at its metatable. Returns
// what the value was.
ProxyKind make_raw_readable(lua_State* L, int idx);

// A lazy text (core/lazy_text.h) from Lua: the format at index `fmt` and its
// arguments at fmt + 1 .. `last`. Every directive is checked against its
// argument whether or not the text is kept (a bot meets the errors a player
// meets); `out`, when not null, gets the format and the arguments. Errors
// read as Lua's: "bad argument #3 to 'log' (piece expected, got nil)".
void read_lazy_text(lua_State* L, int fmt, int last, const char* fn, LazyText* out);
// The same for a text whose format and values are the elements of a table
// given as field `field` of `fn`'s arguments: errors name the field and the
// value's place ("bad prompt to 'ask' (value #1 of the text: number
// expected, got string)").
void read_lazy_text_at(lua_State* L, int fmt, int last, const char* fn, const char* field, LazyText* out);
// The directives of the format string at `fmt`, parsed once and cached by
// the string's address; a bad format raises an argument error.
const std::vector<ArgClass>& format_classes(lua_State* L, int fmt, const char* fn, const char* field = nullptr);
// The same for a text given as a string or as a table {format, args...}
// (a prompt, a choice's text or note); `what` names it in messages.
void read_text_field(lua_State* L, int idx, const char* fn, const char* what, LazyText* out);
// Pushes the value a decision returns for its choice `choice` (0-based):
// the element of the ask's choices, or the piece, location, option or
// number of a compact list; `spec` is the ask's table. Then its index.
void push_choice_result(lua_State* L, int spec, int choice);

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

// Keeps those of `ids` that match the filter at `arg` (a table or a
// compiled filter, as pieces.at takes; none keeps all), in a view only those
// its side sees (lua_pieces.cc).
void keep_matching(lua_State* L, int arg, std::vector<int>& ids);

// Registers `fns` as global table `name`.
void register_module(lua_State* L, const char* name, const luaL_Reg* fns);

}  // namespace cardboard
