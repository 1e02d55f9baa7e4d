// A static check of the globals that rules code uses, for `cardboard lint`.
// After a game's rules are loaded the sandbox freezes its globals: assigning
// a new global, or reading one that does not exist, raises an error at play
// time. This check finds those mistakes before play, in every branch,
// including the ones that run only once in a hundred games.
//
// It needs no Lua parser: each file is compiled (text only) and its bytecode
// walked (script/bytecode.h). An access to a global is an access to a string
// key of the `_ENV` upvalue (OP_GETTABUP / OP_SETTABUP, or OP_GETUPVAL of
// `_ENV` followed by a field access when the function has more than 256
// constants).
//
// Declared globals are the names that the main chunk of any of the files
// assigns (not to a constant nil: such a global does not exist after
// loading), plus the names the caller passes (the kernel's API, Lua's own
// libraries, anything the rules defined while loading). Reported:
//  - an assignment, inside a function, to a name that is not declared;
//  - a read, inside a function, of a name that is not declared.
// Code at the main chunk level runs before the globals are frozen, so it is
// not reported.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace cardboard {

struct GameDef;
class Game;

struct GlobalProblem {
  enum class Kind { kAssignment, kUse };
  std::string file;      // as passed to check_globals
  int line = 0;
  std::string name;      // the global
  Kind kind = Kind::kAssignment;
  std::string function;  // the enclosing function's name ("play", "M.f", "M:f"), "" when anonymous
  std::string where;     // "function 'play'", or "a function at line 14 in 'play'" for an anonymous one
  std::string suggestion;  // the closest declared name, "" when none is close (reads only)
};

// Checks `files` (the rules files of one game, a mod's bases' included: the
// globals of one file are visible to the others) against `predeclared`.
// Problems are ordered by file (as given), then line. A file that cannot be
// read or compiled is skipped: the syntax check reports it.
std::vector<GlobalProblem> check_globals(const std::vector<std::string>& files,
                                         const std::set<std::string>& predeclared);

// The globals that the main chunks of `files` declare.
std::set<std::string> declared_globals(const std::vector<std::string>& files);

// The rules files of `def` (full paths), its bases' first.
std::vector<std::string> rules_files(const GameDef& def);

// Every global the rules of `def` may use without declaring it: the kernel's
// API and Lua's libraries (the globals of the game with no rules loaded),
// and, when `loaded` is the game with its rules loaded, whatever they defined
// while loading.
std::set<std::string> predeclared_globals(const GameDef& def, Game* loaded = nullptr);

// check_globals on the rules files of `def`, with predeclared_globals.
std::vector<GlobalProblem> check_game_globals(const GameDef& def, Game* loaded = nullptr);

// The lint line for `p`:
//   FILE:LINE: assignment to undeclared global 'cuont' (inside function 'play'): declare it with 'local', or keep game state in vars
//   FILE:LINE: use of undeclared global 'pices' (inside function 'play'): did you mean 'pieces'?
std::string describe(const GlobalProblem& p);

}  // namespace cardboard
