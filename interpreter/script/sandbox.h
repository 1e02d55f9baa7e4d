// A sandboxed Lua 5.4 state for one game's rules. Rules get the base, table,
// string, math and utf8 libraries and nothing that reaches outside the game:
// no io, os, debug, package, coroutine, load, dofile or binary chunks;
// `require` loads only Lua text files from the game's own folders. `pairs`
// iterates in sorted key order, so no game outcome can depend on Lua's
// per-process hash order. A memory cap (a counting allocator) and an
// instruction budget (a count hook, armed only when a call runs long: see
// run_watch.h) stop runaway scripts with a clear error.
//
// The state lives as long as the Sandbox; Lua is built as C++, so a Lua error
// unwinds C++ destructors. No C++ exception may cross a Lua call.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <lua.hpp>

#include "core/error.h"
#include "script/block_pool.h"

namespace cardboard {

struct SandboxLimits {
  size_t memory_bytes = 256u << 20;          // 256 MiB
  int64_t instructions = 200'000'000;        // per call into the rules
  // Instructions are counted once a call has run this long (0: from its
  // first instruction, at a cost to every call).
  std::chrono::milliseconds count_after{50};
};

class Sandbox {
 public:
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
  // Runs a chunk of Lua text (for tests and the command line's own snippets).
  Status run_string(const std::string& code, const std::string& chunk_name);

  // After the rules are loaded, reading or assigning an undeclared global is an error.
  void freeze_globals();

  // One call into the rules, on the Lua thread `running`: a fresh budget,
  // cleared flags, and the call watched for as long as the object lives.
  class Run {
   public:
    Run(Sandbox& sandbox, lua_State* running);
    ~Run();
    Run(const Run&) = delete;
    Run& operator=(const Run&) = delete;
  };
  // A fresh budget inside the current call (a decision answered inline).
  void reset_budget();
  bool over_memory() const { return over_memory_; }
  bool over_budget() const { return over_budget_; }
  void clear_flags() { over_memory_ = over_budget_ = false; }
  // A message for a failed call: the error text, or the limit that stopped it.
  std::string describe_failure(const std::string& lua_message) const;

  // The layer above (the running game) keeps its pointer here.
  void set_host(void* host) { host_ = host; }
  void* host() const { return host_; }

  // The full path of a rules file in the search folders, or "" if absent.
  std::string find_file(const std::string& relative_path) const;

 private:
  static void* allocate(void* ud, void* ptr, size_t osize, size_t nsize);
  static void count_hook(lua_State* L, lua_Debug* ar);
  void open_libraries();

  BlockPool pool_;  // declared before L_: the state is closed first
  lua_State* L_ = nullptr;
  void* host_ = nullptr;
  std::vector<std::string> search_dirs_;
  SandboxLimits limits_;
  size_t used_bytes_ = 0;
  int64_t used_instructions_ = 0;
  bool over_memory_ = false;
  bool over_budget_ = false;
};

// The Sandbox that owns `L` (any thread of it).
Sandbox& sandbox_of(lua_State* L);

}  // namespace cardboard
