// C functions that every game's sandbox made from now on gets as globals,
// before its rules load: how a test stands for what no library function of
// the sandbox does (a call that stays in C past its time limit). Only C++
// adds one: no rules script, data file or request reaches this list.
#pragma once

#include <lua.hpp>

namespace cardboard {

void add_test_global(const char* name, lua_CFunction f);
// Sets the globals added so far on L (Game::load_rules does).
void open_test_globals(lua_State* L);

}  // namespace cardboard
