#include "script/sandbox.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/input_file.h"
#include "script/run_watch.h"

namespace cardboard {

namespace {

constexpr int kHookEvery = 1000;

// pairs(t): iterates t in sorted key order: numbers ascending, then strings
// ascending, then booleans (false first). Honors a __pairs metamethod.
int sorted_next(lua_State* L) {
  // upvalue 1: the table, upvalue 2: array of keys, upvalue 3: position.
  // Keys cleared during the loop are skipped, as Lua's own pairs does.
  for (lua_Integer i = lua_tointeger(L, lua_upvalueindex(3)) + 1;; ++i) {
    if (lua_rawgeti(L, lua_upvalueindex(2), i) == LUA_TNIL) return 0;
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushvalue(L, -1);
    if (lua_gettable(L, lua_upvalueindex(1)) != LUA_TNIL) return 2;
    lua_pop(L, 2);
  }
}

int key_rank(lua_State* L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER: return 0;
    case LUA_TSTRING: return 1;
    case LUA_TBOOLEAN: return 2;
    default: return 3;
  }
}

int sorted_pairs(lua_State* L) {
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  struct Key {
    int rank;
    double number;
    std::string text;
    int ref;
  };
  std::vector<Key> keys;
  lua_newtable(L);  // holds the keys during sorting
  const int holder = lua_gettop(L);
  lua_pushnil(L);
  int n = 0;
  while (lua_next(L, 1)) {
    lua_pop(L, 1);
    Key k{key_rank(L, -1), 0, {}, ++n};
    if (k.rank == 3) return luaL_error(L, "pairs: table keys must be numbers, strings or booleans to iterate in a fixed order");
    if (k.rank == 0) k.number = lua_tonumber(L, -1);
    if (k.rank == 1) k.text.assign(lua_tostring(L, -1), lua_rawlen(L, -1));
    if (k.rank == 2) k.number = lua_toboolean(L, -1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, holder, n);
    keys.push_back(std::move(k));
  }
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.rank == 1) return a.text < b.text;
    return a.number < b.number;
  });
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; ++i) {
    lua_rawgeti(L, holder, keys[i].ref);
    lua_rawseti(L, -2, i + 1);
  }
  lua_pushvalue(L, 1);
  lua_insert(L, -2);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, sorted_next, 3);
  lua_pushnil(L);
  lua_pushnil(L);
  return 3;
}

// Orders two keys as sorted pairs does: numbers, then strings, then booleans.
bool key_before(lua_State* L, int a, int b) {
  const int ra = key_rank(L, a), rb = key_rank(L, b);
  if (ra != rb) return ra < rb;
  if (ra == 0) return lua_tonumber(L, a) < lua_tonumber(L, b);
  if (ra == 1) return lua_compare(L, a, b, LUA_OPLT);
  return !lua_toboolean(L, a) && lua_toboolean(L, b);
}

// next(t [, k]): the key after k (or the first) in sorted order, and its
// value. Lua's own next follows the per-process hash order, so it is
// replaced; each call scans the table, so loops should use pairs.
int sorted_next_key(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  const bool from_start = lua_isnil(L, 2);
  lua_pushnil(L);  // 3: the best key so far
  bool found = false;
  lua_pushnil(L);  // 4: lua_next's key
  while (lua_next(L, 1)) {
    lua_pop(L, 1);
    if (key_rank(L, 4) == 3) return luaL_error(L, "next: table keys must be numbers, strings or booleans");
    if ((from_start || key_before(L, 2, 4)) && (!found || key_before(L, 4, 3))) {
      lua_pushvalue(L, 4);
      lua_replace(L, 3);
      found = true;
    }
  }
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 3);
  lua_rawget(L, 1);
  return 2;
}

bool valid_module_name(const std::string& name) {
  if (name.empty() || name.find("..") != std::string::npos) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; });
}

// Loads text only: a binary chunk is refused by the "t" mode.
int load_text(lua_State* L, const std::string& code, const std::string& chunk_name) {
  return luaL_loadbufferx(L, code.data(), code.size(), ("@" + chunk_name).c_str(), "t");
}

// require(name): loads <dir>/<name with dots as slashes>.lua from the game's folders once.
int sandbox_require(lua_State* L) {
  const std::string name = luaL_checkstring(L, 1);
  if (!valid_module_name(name)) return luaL_error(L, "require: bad module name '%s'", name.c_str());
  lua_getfield(L, LUA_REGISTRYINDEX, "cardboard.loaded");
  if (lua_getfield(L, -1, name.c_str()) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  std::string rel = name;
  std::replace(rel.begin(), rel.end(), '.', '/');
  rel += ".lua";
  Sandbox& sb = sandbox_of(L);
  const std::string path = sb.find_file(rel);
  if (path.empty())
    return luaL_error(L, "require: no module '%s' in the game's folder (looked for %s)", name.c_str(), rel.c_str());
  auto code = read_input_file(path);
  if (!code.ok()) return luaL_error(L, "require: %s", code.error().message.c_str());
  if (load_text(L, *code, path) != LUA_OK) return lua_error(L);
  lua_call(L, 0, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, name.c_str());
  return 1;
}

int print_to_stderr(lua_State* L) {
  const int n = lua_gettop(L);
  std::string line = "[lua]";
  for (int i = 1; i <= n; ++i) {
    line += i == 1 ? " " : "\t";
    line += luaL_tolstring(L, i, nullptr);
    lua_pop(L, 1);
  }
  line += "\n";
  std::fwrite(line.data(), 1, line.size(), stderr);
  return 0;
}

int strict_index(lua_State* L) {
  return luaL_error(L, "undeclared global '%s'", lua_tostring(L, 2) ? lua_tostring(L, 2) : "?");
}

int strict_newindex(lua_State* L) {
  return luaL_error(L, "assignment to undeclared global '%s': declare it with 'local', or keep game state in vars",
                    lua_tostring(L, 2) ? lua_tostring(L, 2) : "?");
}

}  // namespace

Sandbox& sandbox_of(lua_State* L) { return **static_cast<Sandbox**>(lua_getextraspace(L)); }

void* Sandbox::allocate(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* self = static_cast<Sandbox*>(ud);
  // Without a block, osize is the kind of object Lua is making, not a size.
  const size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    self->used_bytes_ -= old;
    self->pool_.release(ptr, old);
    return nullptr;
  }
  if (nsize > old && self->used_bytes_ + (nsize - old) > self->limits_.memory_bytes) {
    self->over_memory_ = true;
    return nullptr;
  }
  void* p = ptr ? self->pool_.resize(ptr, old, nsize) : self->pool_.allocate(nsize);
  if (p) self->used_bytes_ = self->used_bytes_ - old + nsize;
  return p;
}

void Sandbox::count_hook(lua_State* L, lua_Debug*) {
  Sandbox& sb = sandbox_of(L);
  sb.used_instructions_ += kHookEvery;
  if (sb.used_instructions_ > sb.limits_.instructions) {
    sb.over_budget_ = true;
    luaL_error(L, "instruction budget exceeded");
  }
}

Sandbox::Sandbox(std::vector<std::string> search_dirs, SandboxLimits limits)
    : search_dirs_(std::move(search_dirs)), limits_(limits) {
  L_ = lua_newstate(&Sandbox::allocate, this);
  // Rules make many short-lived tables (lists of pieces, choices): the
  // generational collector frees them young, for less work than a full sweep.
  lua_gc(L_, LUA_GCGEN, 0, 0);
  // The extra space points to the sandbox; every thread copies it.
  static_assert(LUA_EXTRASPACE >= sizeof(void*));
  Sandbox* self = this;
  std::memcpy(lua_getextraspace(L_), &self, sizeof self);
  open_libraries();
}

Sandbox::Run::Run(Sandbox& sandbox, lua_State* running) {
  sandbox.used_instructions_ = 0;
  sandbox.clear_flags();
  run_watch::begin(running, &Sandbox::count_hook, kHookEvery, sandbox.limits_.count_after);
}

Sandbox::Run::~Run() { run_watch::end(); }

void Sandbox::reset_budget() {
  used_instructions_ = 0;
  run_watch::restart();
}

Sandbox::~Sandbox() {
  if (L_) lua_close(L_);
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
  lua_register(L_, "pairs", sorted_pairs);
  lua_register(L_, "next", sorted_next_key);
  lua_register(L_, "require", sandbox_require);
  lua_register(L_, "print", print_to_stderr);
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

std::string Sandbox::describe_failure(const std::string& lua_message) const {
  if (over_budget_)
    return "rules script exceeded the instruction budget (" + std::to_string(limits_.instructions) +
           " instructions): an endless loop? " + lua_message;
  if (over_memory_)
    return "rules script exceeded the memory cap (" + std::to_string(limits_.memory_bytes >> 20) + " MiB): " +
           lua_message;
  return lua_message;
}

Status Sandbox::run_string(const std::string& code, const std::string& chunk_name) {
  clear_flags();
  if (load_text(L_, code, chunk_name) != LUA_OK) {
    std::string msg = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "?";
    lua_pop(L_, 1);
    return script_error(describe_failure(msg));
  }
  lua_pushcfunction(L_, [](lua_State* L) -> int {
    luaL_traceback(L, L, lua_tostring(L, 1), 1);
    return 1;
  });
  lua_insert(L_, -2);
  int status;
  {
    const Run run(*this, L_);
    status = lua_pcall(L_, 0, 0, -2);
  }
  if (status != LUA_OK) {
    std::string msg = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "?";
    lua_pop(L_, 2);
    return script_error(describe_failure(msg));
  }
  lua_pop(L_, 1);
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

void Sandbox::freeze_globals() {
  lua_pushglobaltable(L_);
  lua_newtable(L_);
  lua_pushcfunction(L_, strict_index);
  lua_setfield(L_, -2, "__index");
  lua_pushcfunction(L_, strict_newindex);
  lua_setfield(L_, -2, "__newindex");
  lua_setmetatable(L_, -2);
  lua_pop(L_, 1);
}

}  // namespace cardboard
