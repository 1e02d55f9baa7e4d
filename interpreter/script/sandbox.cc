#include "script/sandbox.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/input_file.h"
#include "script/freeze.h"
#include "script/bytecode.h"
#include "script/rules_profile.h"
#include "script/run_watch.h"
#include "script/sandbox_lib.h"

namespace cardboard {

namespace {

constexpr int kHookEvery = 1000;
// Room above the cap for the kernel's own work after a call filled it: the
// traceback of the error, the coroutine the next step needs.
constexpr size_t kKernelReserve = 4u << 20;
// Error messages and tracebacks are cut to these lengths before any use.
constexpr size_t kMaxMessage = 4000;
constexpr size_t kMaxTraceback = 16000;
// Bytes allocated per step charged to the budget: work in C that produces
// data (string.rep, concatenation, table growth) is paid for by its size.
constexpr int kBytesPerStep = 64;

std::string cut(const char* s, size_t n, size_t max) {
  if (n <= max) return std::string(s, n);
  return std::string(s, max) + "... (" + std::to_string(n - max) + " more bytes cut)";
}

bool valid_module_name(const std::string& name) {
  if (name.empty() || name.find("..") != std::string::npos) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; });
}

// require(name): loads <dir>/<name with dots as slashes>.lua from the game's
// folders once. After the rules have loaded, a module not loaded with them is
// loaded and run at every require, never kept: kept, what it made during one
// call would outlive it.
int sandbox_require(lua_State* L) {
  const std::string name = luaL_checkstring(L, 1);
  if (!valid_module_name(name)) return luaL_error(L, "require: bad module name '%s'", name.c_str());
  lua_getfield(L, LUA_REGISTRYINDEX, "cardboard.loaded");
  if (lua_getfield(L, -1, name.c_str()) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  Sandbox& sb = sandbox_of(L);
  const bool keep = lua_getfield(L, LUA_REGISTRYINDEX, "cardboard.frozen") == LUA_TNIL;
  lua_pop(L, 1);
  std::string path, read, error;
  const std::string* code = sb.module_text(name, path, read, error);
  if (!code) return luaL_error(L, "require: %s", error.c_str());
  if (sb.load_chunk(L, *code, path) != LUA_OK) return lua_error(L);
  lua_call(L, 0, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  if (!keep) return 1;
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, name.c_str());
  return 1;
}

int dump_writer(lua_State*, const void* p, size_t sz, void* ud) {
  static_cast<std::string*>(ud)->append(static_cast<const char*>(p), sz);
  return 0;
}

struct TracebackJob {
  lua_State* of;
  const char* message;
  int level;
  std::string out;
};

int traceback_job(lua_State* L) {
  auto* job = static_cast<TracebackJob*>(lua_touserdata(L, 1));
  luaL_traceback(L, job->of, job->message, job->level);
  size_t n = 0;
  const char* s = lua_tolstring(L, -1, &n);
  job->out = cut(s, n, kMaxTraceback);
  return 0;
}

std::atomic<int64_t> g_default_time_limit_ms{10'000};

}  // namespace

std::chrono::milliseconds default_time_limit() { return std::chrono::milliseconds(g_default_time_limit_ms.load()); }

void set_default_time_limit(std::chrono::milliseconds limit) { g_default_time_limit_ms = limit.count(); }

void* Sandbox::allocate(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* self = static_cast<Sandbox*>(ud);
  // Without a block, osize is the kind of object Lua is making, not a size.
  const size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    self->used_bytes_ -= old;
    self->pool_.release(ptr, old);
    return nullptr;
  }
  if (nsize > old) {
    const size_t growth = nsize - old;
    self->count(static_cast<int64_t>(growth / kBytesPerStep));
    if (self->used_bytes_ + growth > self->room_) {
      // Once the cap is hit, nothing more in this call: not a handler, not
      // a message, not the rest of a loop that caught the error.
      if (self->in_call()) self->latch_memory();
      return nullptr;
    }
  }
  void* p = ptr ? self->pool_.resize(ptr, old, nsize) : self->pool_.allocate(nsize);
  if (p) {
    self->used_bytes_ = self->used_bytes_ - old + nsize;
  } else if (self->in_call() && self->limit_ == Limit::kNone) {
    self->latch_memory();  // the system is out of memory: the same for the call
  }
  return p;
}

void Sandbox::latch_memory() {
  if (limit_ == Limit::kNone) limit_ = Limit::kMemory;
  update_room();
}

void Sandbox::update_room() {
  const int64_t kernel = std::max<int64_t>(kernel_bytes(), 0);
  int64_t room;
  if (!in_call()) room = static_cast<int64_t>(limits_.memory_bytes + kKernelReserve) - kernel;
  else if (limit_ == Limit::kMemory) room = 0;
  else room = static_cast<int64_t>(limits_.memory_bytes) - kernel;
  room_ = static_cast<size_t>(std::max<int64_t>(room, 0));
}

void Sandbox::count_hook(lua_State* L, lua_Debug*) {
  Sandbox& sb = sandbox_of(L);
  if (rules_profile::on()) rules_profile::sample(L);
  sb.count(sb.hook_every_);
  if (sb.limit_ == Limit::kNone) {
    if (run_watch::overtime()) sb.limit_ = Limit::kTime;
    else if (sb.used_instructions_ > sb.limits_.instructions) sb.limit_ = Limit::kInstructions;
    else return;
  }
  sb.raise_limit(L);
}

int Sandbox::panic(lua_State* L) {
  // The last line of defence: every call into Lua is protected, so this is
  // never reached. Only async-signal-safe calls: the heap may be broken.
  static const char head[] = "cardboard: a rules script failed outside any protected call: ";
  ssize_t ignored = ::write(2, head, sizeof head - 1);
  if (lua_type(L, -1) == LUA_TSTRING) {
    size_t n = 0;
    const char* s = lua_tolstring(L, -1, &n);
    ignored = ::write(2, s, std::min<size_t>(n, kMaxMessage));
  }
  ignored = ::write(2, "\n", 1);
  (void)ignored;
  ::_exit(3);
}

Sandbox::Sandbox(std::vector<std::string> search_dirs, SandboxLimits limits)
    : search_dirs_(std::move(search_dirs)), limits_(limits) {
  update_room();
  L_ = lua_newstate(&Sandbox::allocate, this);
  if (!L_) {
    static const char msg[] = "cardboard: out of memory creating a Lua state\n";
    ssize_t ignored = ::write(2, msg, sizeof msg - 1);
    (void)ignored;
    ::_exit(3);
  }
  lua_atpanic(L_, &Sandbox::panic);
  // Rules make many short-lived tables (lists of pieces, choices): the
  // generational collector frees them young, for less work than a full sweep.
  lua_gc(L_, LUA_GCGEN, 0, 0);
  // The extra space points to the sandbox; every thread copies it.
  static_assert(LUA_EXTRASPACE >= sizeof(void*));
  Sandbox* self = this;
  std::memcpy(lua_getextraspace(L_), &self, sizeof self);
  lua_pushliteral(L_, "not enough memory");
  memory_message_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  open_libraries();
  lua_pushglobaltable(L_);
  globals_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
}

Sandbox::~Sandbox() {
  if (L_) lua_close(L_);
}

Sandbox::Run::Run(Sandbox& sandbox, lua_State* running) : sandbox_(sandbox) {
  // A run inside a run of the same sandbox shares its budget and limits.
  if (sandbox.run_depth_++ == 0) {
    sandbox.used_instructions_ = 0;
    sandbox.call_bytes_ = 0;
    sandbox.limit_ = Limit::kNone;
  }
  sandbox.update_room();
  // A profile samples every call from its first instruction, and often:
  // the hook's count starts again at each call, and most calls are short.
  const bool profiling = rules_profile::on();
  const auto count_after = profiling ? std::chrono::milliseconds(0) : sandbox.limits_.count_after;
  if (sandbox.run_depth_ == 1) sandbox.hook_every_ = profiling ? rules_profile::kEvery : kHookEvery;
  run_watch::begin(running, &Sandbox::count_hook, sandbox.hook_every_, count_after,
                   sandbox.limits_.time_limit);
}

Sandbox::Run::~Run() {
  --sandbox_.run_depth_;
  sandbox_.update_room();
  run_watch::end();
}

void Sandbox::reset_budget() {
  used_instructions_ = 0;
  run_watch::restart();
}

void Sandbox::raise_limit(lua_State* L) {
  switch (limit_) {
    case Limit::kInstructions: luaL_error(L, "instruction budget exceeded"); break;
    case Limit::kTime: luaL_error(L, "time limit exceeded"); break;
    default:
      // Made when the state was: raising it allocates nothing.
      lua_rawgeti(L, LUA_REGISTRYINDEX, memory_message_ref_);
      lua_error(L);
  }
  std::abort();  // not reached: luaL_error and lua_error raise
}

void Sandbox::count(int64_t steps) {
  // Saturating: a call may be charged all it could ever take
  // (string.rep(s, math.maxinteger) is INT64_MAX steps), and go on counting.
  used_instructions_ = steps > INT64_MAX - used_instructions_ ? INT64_MAX : used_instructions_ + steps;
}

void Sandbox::charge(lua_State* L, int64_t steps) {
  if (run_depth_ == 0) return;
  count(steps);
  if (limit_ == Limit::kNone) {
    if (run_watch::overtime()) limit_ = Limit::kTime;
    else if (used_instructions_ > limits_.instructions) limit_ = Limit::kInstructions;
    else return;
  }
  raise_limit(L);
}

void Sandbox::charge_kernel(lua_State* L, int64_t bytes) {
  state_bytes_ += bytes;
  update_room();
  if (bytes <= 0 || !in_call()) return;
  if (limit_ == Limit::kNone && static_cast<int64_t>(used_bytes_) + kernel_bytes() >
                                    static_cast<int64_t>(limits_.memory_bytes))
    latch_memory();
  if (limit_ == Limit::kMemory) raise_limit(L);
}

void Sandbox::note_kernel(int64_t bytes) {
  call_bytes_ += bytes;
  update_room();
  if (limit_ == Limit::kNone && in_call() &&
      static_cast<int64_t>(used_bytes_) + kernel_bytes() > static_cast<int64_t>(limits_.memory_bytes))
    latch_memory();
}

void Sandbox::set_state_bytes(size_t bytes) {
  state_bytes_ = static_cast<int64_t>(bytes);
  update_room();
}

void Sandbox::open_libraries() {
  static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},       {LUA_TABLIBNAME, luaopen_table},
                                  {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
                                  {LUA_UTF8LIBNAME, luaopen_utf8}};
  for (const auto& lib : libs) {
    luaL_requiref(L_, lib.name, lib.func, 1);
    lua_pop(L_, 1);
  }
  for (const char* name : {"dofile", "loadfile", "load", "collectgarbage"}) {
    lua_pushnil(L_);
    lua_setglobal(L_, name);
  }
  lua_getglobal(L_, "string");
  lua_pushnil(L_);
  lua_setfield(L_, -2, "dump");
  lua_pop(L_, 1);
  // math.random and math.randomseed belong to the game; until a game binds
  // them they are absent, so no rule can draw from an unseeded generator.
  lua_getglobal(L_, "math");
  lua_pushnil(L_);
  lua_setfield(L_, -2, "random");
  lua_pushnil(L_);
  lua_setfield(L_, -2, "randomseed");
  lua_pop(L_, 1);
  open_sandbox_base(L_);
  open_sandbox_patterns(L_);
  open_sandbox_bounds(L_);
  lua_register(L_, "require", sandbox_require);
  lua_newtable(L_);
  lua_setfield(L_, LUA_REGISTRYINDEX, "cardboard.loaded");
}

std::string Sandbox::find_file(const std::string& relative_path) const {
  // Only a regular file inside a search folder, once `..` and symlinks are
  // resolved: a link out of the game's folder, or a FIFO, is not a rules file.
  for (const auto& dir : search_dirs_) {
    auto path = path_inside(dir, relative_path);
    std::error_code ec;
    if (path.ok() && std::filesystem::is_regular_file(*path, ec)) return *path;
  }
  return {};
}

const std::string* Sandbox::module_text(const std::string& name, std::string& path, std::string& read,
                                        std::string& error) const {
  std::string relative_path = name;
  std::replace(relative_path.begin(), relative_path.end(), '.', '/');
  relative_path += ".lua";
  if (module_texts_) {
    for (const auto& dir : search_dirs_) {
      path = dir + "/" + relative_path;
      const auto it = module_texts_->find(std::filesystem::path(path).lexically_normal().string());
      if (it != module_texts_->end()) return &it->second;
    }
    error = "no module '" + name + "' among the rules files the game was loaded with (looked for " + relative_path + ")";
    return nullptr;
  }
  path = find_file(relative_path);
  if (path.empty()) {
    error = "no module '" + name + "' in the game's folder (looked for " + relative_path + ")";
    return nullptr;
  }
  auto text = read_input_file(path);
  if (!text.ok()) {
    error = text.error().message;
    return nullptr;
  }
  read = std::move(*text);
  return &read;
}

std::string Sandbox::describe_failure(const std::string& lua_message) const {
  switch (limit_) {
    case Limit::kInstructions:
      return "rules script exceeded the instruction budget (" + std::to_string(limits_.instructions) +
             " instructions): an endless loop? " + lua_message;
    case Limit::kMemory:
      return "rules script exceeded the memory cap (" + std::to_string(limits_.memory_bytes >> 20) + " MiB): " +
             lua_message;
    case Limit::kTime:
      return "rules script ran past its time limit (" + std::to_string(limits_.time_limit.count()) +
             " ms): " + lua_message;
    case Limit::kNone: break;
  }
  return lua_message;
}

std::string Sandbox::error_text(lua_State* L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, idx, &n);
      return cut(s, n, kMaxMessage);
    }
    case LUA_TNUMBER: {
      // lua_tostring would turn the number into a string in place: formatted here.
      if (lua_isinteger(L, idx)) return std::to_string(lua_tointeger(L, idx));
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.14g", lua_tonumber(L, idx));
      return buf;
    }
    case LUA_TNONE: return "(no error object)";
    default: return std::string("(error object is a ") + luaL_typename(L, idx) + " value)";
  }
}

std::string Sandbox::traceback(lua_State* L, lua_State* of, const std::string& message, int level) {
  const KernelReserve reserve(*this);
  TracebackJob job{of, message.c_str(), level, {}};
  if (!lua_checkstack(L, 3)) return message;
  lua_pushcfunction(L, traceback_job);
  lua_pushlightuserdata(L, &job);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    lua_pop(L, 1);
    return message;
  }
  return job.out;
}

int Sandbox::message_handler(lua_State* L) {
  Sandbox& sb = sandbox_of(L);
  const std::string text = sb.traceback(L, L, error_text(L, 1), 1);
  const KernelReserve reserve(sb);
  lua_pushlstring(L, text.data(), text.size());
  return 1;
}

int Sandbox::load_chunk(lua_State* L, const std::string& code, const std::string& chunk_name) {
  const int status = luaL_loadbufferx(L, code.data(), code.size(), ("@" + chunk_name).c_str(), "t");
  if (status != LUA_OK || frozen_) return status;
  // Its bytecode, for the check of the functions' writes when the rules are frozen.
  std::string dump;
  lua_dump(L, dump_writer, &dump, 0);
  chunks_.emplace_back(chunk_name, std::move(dump));
  return status;
}

Status Sandbox::run_string(const std::string& code, const std::string& chunk_name, int arg_ref) {
  if (run_depth_ == 0) {
    limit_ = Limit::kNone;
    update_room();
  }
  const int base = lua_gettop(L_);
  lua_pushcfunction(L_, &Sandbox::message_handler);
  if (load_chunk(L_, code, chunk_name) != LUA_OK) {
    std::string msg = error_text(L_, -1);
    lua_settop(L_, base);
    return script_error(describe_failure(msg));
  }
  int status;
  {
    const Run run(*this, L_);
    int nargs = 0;
    if (arg_ref != LUA_NOREF) {
      lua_rawgeti(L_, LUA_REGISTRYINDEX, arg_ref);
      nargs = 1;
    }
    status = lua_pcall(L_, nargs, 0, base + 1);
  }
  if (status != LUA_OK) {
    std::string msg = error_text(L_, -1);
    lua_settop(L_, base);
    return script_error(describe_failure(msg));
  }
  lua_settop(L_, base);
  return ok_status();
}

Status Sandbox::run_file(const std::string& relative_path) {
  const std::string path = find_file(relative_path);
  if (path.empty())
    return script_error("no rules file '" + relative_path + "' in " +
                        (search_dirs_.empty() ? std::string("(no folder)") : search_dirs_.front()));
  auto code = read_input_file(path);
  if (!code.ok()) return script_error(code.error().message);
  return run_string(*code, path);
}

Status Sandbox::freeze() {
  // Functions that assign a local of their file: refused by their bytecode,
  // whether or not they can be reached (the message names the line).
  std::string refused;
  int count = 0;
  for (const auto& [name, dump] : chunks_)
    for (const auto& w : file_local_writes(dump)) {
      if (++count <= 10) refused += (refused.empty() ? "" : "\n") + describe(w);
    }
  if (count > 10) refused += "\n(" + std::to_string(count - 10) + " more)";
  if (!refused.empty()) return script_error(refused);
  const int base = lua_gettop(L_);
  lua_pushcfunction(L_, freeze_rules);
  if (lua_pcall(L_, 0, 1, 0) != LUA_OK) {
    std::string msg = error_text(L_, -1);
    lua_settop(L_, base);
    return script_error(msg);
  }
  luaL_unref(L_, LUA_REGISTRYINDEX, globals_ref_);
  globals_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  lua_settop(L_, base);
  chunks_.clear();
  frozen_ = true;
  return ok_status();
}

void Sandbox::push_global(lua_State* L, const std::string& name) const {
  lua_rawgeti(L, LUA_REGISTRYINDEX, globals_ref_);
  lua_pushstring(L, name.c_str());
  lua_rawget(L, -2);
  lua_remove(L, -2);
}

void Sandbox::push_globals(lua_State* L) const { lua_rawgeti(L, LUA_REGISTRYINDEX, globals_ref_); }

}  // namespace cardboard
