// Lua 5.4 bytecode, read as lua_dump writes it (the binary chunk format of
// ldump.c): what the sandbox checks when the rules load (a function that
// assigns a variable outliving the call, freeze.cc's reads of frozen
// tables) and what lint's globals check walks (authoring/global_check.h).
// No Lua parser is needed: a file is compiled as text and its chunk read.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cardboard {

namespace bytecode {

// ---- a function's prototype, as lundump.c reads it ----

struct Constant {
  int tag = 0;  // ttypetag: type | variant << 4
  std::string text;  // strings only
};

struct LocVar {
  std::string name;
  int startpc = 0;
  int endpc = 0;
};

struct UpvalDesc {
  int instack = 0;
  int idx = 0;
  std::string name;
};

struct Proto {
  std::string source;  // "@file" in a main chunk; "" in a nested function (its parent's)
  int linedefined = 0;
  int lastlinedefined = 0;
  int numparams = 0;
  std::vector<uint32_t> code;
  std::vector<Constant> k;
  std::vector<UpvalDesc> upvalues;
  std::vector<Proto> protos;
  std::vector<int8_t> lineinfo;
  std::vector<std::pair<int, int>> abslineinfo;  // pc, line
  std::vector<LocVar> locvars;
};

// One access to a global: an instruction that reads or writes _ENV[name].
struct Access {
  int pc = 0;
  std::string name;
  bool write = false;
  bool nil_value = false;  // a write of the constant nil
  int value_reg = -1;      // a write of register value_reg (k = 0), else -1
};

// Compiles the file at `path` (text only) and reads its main chunk.
bool compile(const std::string& path, Proto& main);
// The source line of instruction `pc` of `f`.
int line_of(const Proto& f, int pc);
// Every access of `f` to the _ENV upvalue `env` (-1: none), and the names of
// the functions it creates (by proto index).
void scan(const Proto& f, int env, std::vector<Access>& accesses, std::vector<std::string>& names);
// The index of f's _ENV upvalue (a main chunk's is its first upvalue): one
// that captures the parent's, not a local named _ENV; -1 when none.
int env_upvalue(const Proto& f, int parent_env, bool main);

}  // namespace bytecode

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

}  // namespace cardboard
