// A sandboxed Lua 5.4 state for one game's rules. Rules get the base, table,
// string, math and utf8 libraries and nothing that reaches outside the game:
// no io, os, debug, package, coroutine, load, dofile or binary chunks;
// `require` loads only Lua text files from the game's own folders. `pairs`
// and `next` iterate in sorted key order, so no game outcome can depend on
// Lua's per-process hash order (sandbox_base.cc).
//
// Limits. A call into the rules (a Run) has an instruction budget, counted by
// a hook armed once the call has run for a while (run_watch.h), to which
// library functions whose work Lua's hook does not see (pattern matching,
// sorting, growing the kernel's state) charge their steps; a memory cap over
// Lua's bytes plus the kernel-side bytes the rules caused; and a wall-clock
// limit. Once a limit is hit it latches for the rest of the call: pcall and
// xpcall re-raise, the memory cap refuses every allocation, and the count
// hook raises again wherever the script runs, so no handler can resume it.
// Outside a call, the kernel's own work may use a small reserve above the cap
// (to build the error message of a call that filled it).
//
// After the rules have loaded, freeze() makes every table they can reach
// read-only (freeze.h): nothing but the kernel's state survives a call.
//
// The state lives as long as the Sandbox; Lua is built as C++, so a Lua error
// unwinds C++ destructors. No C++ exception may cross a Lua call. An error
// outside any protected call (never expected) ends the process with exit
// code 3 and a message, through Lua's panic function.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <lua.hpp>

#include "core/error.h"
#include "script/block_pool.h"

namespace cardboard {

// The time limit a SandboxLimits starts with: 10 s, unless this process
// set another (tests of what a stuck call does keep the wait short).
std::chrono::milliseconds default_time_limit();
void set_default_time_limit(std::chrono::milliseconds limit);

struct SandboxLimits {
  size_t memory_bytes = 256u << 20;          // 256 MiB: Lua's bytes plus the kernel-side bytes of the rules
  int64_t instructions = 200'000'000;        // per call into the rules
  // Instructions are counted once a call has run this long (0: from its
  // first instruction, at a cost to every call).
  std::chrono::milliseconds count_after{50};
  // A call still running after this long stops at its next instruction; one
  // that stays inside a single library function half as long again (at
  // least 2 s) ends the process (exit code 3). 0: no limit.
  std::chrono::milliseconds time_limit = default_time_limit();
};

class Sandbox {
 public:
  enum class Limit { kNone, kInstructions, kMemory, kTime };

  // `search_dirs` are the folders `require` may load from, in order (a mod's
  // folder before its base's).
  Sandbox(std::vector<std::string> search_dirs, SandboxLimits limits = {});
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  lua_State* L() const { return L_; }
  const SandboxLimits& limits() const { return limits_; }

  // Loads and runs a rules file (text only) found in the search folders.
  Status run_file(const std::string& relative_path);
  // Runs a chunk of Lua text (for tests and the command line's own snippets);
  // with `arg_ref`, the value that registry reference holds is the chunk's `...`.
  Status run_string(const std::string& code, const std::string& chunk_name, int arg_ref = LUA_NOREF);

  // Ends the loading of the rules: refuses a function loaded so far that
  // assigns a variable that would outlive the call (a local of a file, or
  // one captured at load time), then freezes every table reachable from the
  // globals, the loaded modules and the upvalues of the functions they hold
  // (freeze.h). Reading an undeclared global then raises, and so does any
  // change to a global, a library or a rules table.
  Status freeze();
  // The value of global `name` (raw, no metamethod, never raises), pushed on `L`.
  void push_global(lua_State* L, const std::string& name) const;
  // The table holding the globals' values (after freeze(), not the global table itself).
  void push_globals(lua_State* L) const;

  // One call into the rules, on the Lua thread `running`: a fresh budget and
  // time limit, no limit hit, and the call watched for as long as the object lives.
  class Run {
   public:
    Run(Sandbox& sandbox, lua_State* running);
    ~Run();
    Run(const Run&) = delete;
    Run& operator=(const Run&) = delete;

   private:
    Sandbox& sandbox_;
  };
  // A fresh budget and time limit inside the current call (a decision answered inline).
  void reset_budget();
  // The limit the current (or last) call hit, if any.
  Limit limit_hit() const { return limit_; }
  bool over_memory() const { return limit_ == Limit::kMemory; }
  bool over_budget() const { return limit_ == Limit::kInstructions; }
  // Raises the error of the limit hit (which must be one), allocating nothing.
  [[noreturn]] void raise_limit(lua_State* L);
  // Charges `steps` of work done in a library function to the budget;
  // raises when it is spent or the call is past its time limit.
  void charge(lua_State* L, int64_t steps);
  // Adds `bytes` (negative: frees) to the kernel-side bytes the rules
  // caused; raises the memory cap's error when Lua's bytes and the kernel's
  // pass the cap (only when growing).
  void charge_kernel(lua_State* L, int64_t bytes);
  // The same without raising (for code that may not raise): the limit
  // latches and the next allocation or hook of the call raises it.
  void note_kernel(int64_t bytes);
  // The kernel-side bytes of the game's state, as estimated when it was
  // reset or restored; the bytes of the current call's events start at 0 with each call.
  void set_state_bytes(size_t bytes);
  int64_t kernel_bytes() const { return state_bytes_ + call_bytes_; }
  size_t lua_bytes() const { return used_bytes_; }

  // A message for a failed call: the error text, or the limit that stopped it.
  std::string describe_failure(const std::string& lua_message) const;
  // The error object at `idx` as text, without calling metamethods or
  // allocating in Lua, cut to a sane length.
  static std::string error_text(lua_State* L, int idx);
  // `message` and a traceback of thread `of`, built on `L` in a protected
  // call with the kernel's reserve; the message alone if even that fails.
  std::string traceback(lua_State* L, lua_State* of, const std::string& message, int level);
  // A message handler for lua_pcall: the error's text (error_text) and a traceback.
  static int message_handler(lua_State* L);

  // The layer above (the running game) keeps its pointer here.
  void set_host(void* host) { host_ = host; }
  void* host() const { return host_; }

  // The texts `require` reads, by normal path (GameDef::lua_texts), which
  // must outlive the sandbox; with them no module is read from disk, and one
  // not among them is refused. Without them (a test file's sandbox), the
  // module's file is read.
  void set_module_texts(const std::map<std::string, std::string>* texts) { module_texts_ = texts; }
  // The text of module `name` (a file of the search folders, dots as
  // slashes): from the texts set, or read from disk; `path` gets the file's
  // path (the chunk's name). Null with `error` set (the message after
  // "require: ") when there is none.
  const std::string* module_text(const std::string& name, std::string& path, std::string& read,
                                 std::string& error) const;

  // The full path of a rules file in the search folders, or "" if absent.
  std::string find_file(const std::string& relative_path) const;
  // Loads a rules file's text as a chunk (text only) on `L` and keeps its
  // bytecode for the check freeze() makes; pushes the chunk or the error
  // message, and returns the status of luaL_loadbufferx.
  int load_chunk(lua_State* L, const std::string& code, const std::string& chunk_name);

 private:
  friend class KernelReserve;
  static void* allocate(void* ud, void* ptr, size_t osize, size_t nsize);
  static void count_hook(lua_State* L, lua_Debug* ar);
  static int panic(lua_State* L);
  // Adds `steps` to the instructions used, saturating.
  void count(int64_t steps);
  void open_libraries();
  bool in_call() const { return run_depth_ > 0 && reserve_depth_ == 0; }
  void latch_memory();
  // How far Lua's bytes may grow now: the cap less the kernel's bytes in a
  // call (nothing once the cap was hit), the reserve above it outside.
  void update_room();

  BlockPool pool_;  // declared before L_: the state is closed first
  lua_State* L_ = nullptr;
  void* host_ = nullptr;
  std::vector<std::string> search_dirs_;
  const std::map<std::string, std::string>* module_texts_ = nullptr;
  SandboxLimits limits_;
  size_t used_bytes_ = 0;
  size_t room_ = 0;
  int64_t state_bytes_ = 0;
  int64_t call_bytes_ = 0;
  int64_t used_instructions_ = 0;  // counted by count(), never past INT64_MAX
  int hook_every_ = 0;             // the count hook's interval in the current run
  Limit limit_ = Limit::kNone;
  int run_depth_ = 0;
  int reserve_depth_ = 0;
  bool frozen_ = false;
  int memory_message_ref_ = LUA_NOREF;  // "not enough memory", made before any limit can be hit
  int globals_ref_ = LUA_NOREF;         // the globals' values (the global table until freeze())
  std::vector<std::pair<std::string, std::string>> chunks_;  // chunk name, bytecode of each rules file loaded
};

// While alive, the kernel's own work on `sandbox` may use the reserve above
// the cap even inside a call (no rules code may run meanwhile).
class KernelReserve {
 public:
  explicit KernelReserve(Sandbox& sandbox) : sandbox_(sandbox) {
    ++sandbox_.reserve_depth_;
    sandbox_.update_room();
  }
  ~KernelReserve() {
    --sandbox_.reserve_depth_;
    sandbox_.update_room();
  }
  KernelReserve(const KernelReserve&) = delete;
  KernelReserve& operator=(const KernelReserve&) = delete;

 private:
  Sandbox& sandbox_;
};

// The Sandbox that owns `L` (any thread of it): the pointer every thread
// copies in its extra space. Inline: the bindings ask at every call.
inline Sandbox& sandbox_of(lua_State* L) { return **static_cast<Sandbox**>(lua_getextraspace(L)); }

}  // namespace cardboard
