// A static check of the globals that rules code uses, for `cardboard lint`.
// After a game's rules are loaded the sandbox freezes its globals: assigning
// a new global, or reading one that does not exist, raises an error at play
// time. This check finds those mistakes before play, in every branch,
// including the ones that run only once in a hundred games.
//
// It needs no Lua parser: each file is compiled (text only) and its bytecode
// walked, as lua_dump writes it (Lua 5.4's binary chunk format, ldump.c). An
// access to a global is an access to a string key of the `_ENV` upvalue
// (OP_GETTABUP / OP_SETTABUP, or OP_GETUPVAL of `_ENV` followed by a field
// access when the function has more than 256 constants).
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

#include <map>
#include <memory>
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

// A function that assigns a variable which outlives the call into the rules
// that runs it: a local of its file (or the file's _ENV), or a variable it
// captured while the rules loaded. Such a variable is state the kernel does
// not save, undo or replay, and the sandbox refuses the rules that have one.
struct UpvalueWrite {
  std::string file;
  int line = 0;
  std::string where;  // "function 'bump'", or "a function at line 14 in 'play'"
  std::string name;   // the variable
  bool file_local = false;
};

// Every function of the chunk whose bytecode is `dump` (lua_dump of a main
// chunk) that assigns a local of the file, nested functions included.
std::vector<UpvalueWrite> file_local_writes(const std::string& dump);
//   FILE:LINE: function 'bump' assigns 'counter', a local of the file: it would outlive the call and not be saved; keep it in vars
std::string describe(const UpvalueWrite& w);

// The bytecode of one function (lua_dump), read once for the checks that
// freezing the rules makes (freeze.cc).
class Bytecode {
 public:
  explicit Bytecode(const std::string& dump);
  ~Bytecode();
  Bytecode(Bytecode&&) noexcept;
  Bytecode& operator=(Bytecode&&) noexcept;
  bool ok() const;

  // Every assignment of the function (alive after loading, named `name`),
  // or of a function nested in it, to one of its upvalues (through the
  // nested function's upvalues).
  std::vector<UpvalueWrite> captured_writes(const std::string& name) const;
  // Whether every use of upvalue `index` (0-based), in the function and in
  // those nested in it, reads from the table it holds and nothing else:
  // t.k (GETTABUP), or t[k], t.k, t[1], #t right after the table is loaded
  // into a register; never an assignment to t or to a key of t, never t
  // itself passed on, stored, compared or returned. Such an upvalue may
  // hold a frozen table's contents (freeze.cc).
  bool upvalue_only_read(int index) const;
  // The globals read through upvalue `env` (the function's _ENV), in the
  // function and in those nested in it: `indexed[name]` stays true while
  // every read of the name is indexed at once (name.k, name[k], #name);
  // `dynamic` is set when _ENV itself is loaded (_ENV[k], or a function with
  // more constants than an instruction can name).
  void global_reads(int env, std::map<std::string, bool>& indexed, bool& dynamic) const;

 private:
  struct Parsed;
  std::unique_ptr<Parsed> parsed_;
};

// The lint line for `p`:
//   FILE:LINE: assignment to undeclared global 'cuont' (inside function 'play'): declare it with 'local', or keep game state in vars
//   FILE:LINE: use of undeclared global 'pices' (inside function 'play'): did you mean 'pieces'?
std::string describe(const GlobalProblem& p);

}  // namespace cardboard
