#include "script/freeze.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "script/bytecode.h"
#include "script/proxy.h"
#include "script/sandbox_lib.h"

namespace cardboard {

namespace {

// Whose table a frozen one is, for its messages.
enum class Owner { kGlobals = 0, kRules = 1, kData = 2 };
constexpr int kOwnerKey = 6;  // in a frozen table's metatable: its Owner (after proxy.h's slots)

constexpr size_t kMaxPath = 80;  // past this, a path stops growing in messages

bool identifier(const char* s, size_t n) {
  if (n == 0 || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (size_t i = 0; i < n; ++i)
    if (!std::isalnum(static_cast<unsigned char>(s[i])) && s[i] != '_') return false;
  return true;
}

// How key `k` reads after a table's name: ".name", "[3]", "['a b']".
std::string key_text(lua_State* L, int k) {
  switch (lua_type(L, k)) {
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, k, &n);
      if (identifier(s, n)) return "." + std::string(s, n);
      return "['" + std::string(s, std::min<size_t>(n, 24)) + (n > 24 ? "...']" : "']");
    }
    case LUA_TNUMBER: {
      if (lua_isinteger(L, k)) return "[" + std::to_string(lua_tointeger(L, k)) + "]";
      char buf[48];
      std::snprintf(buf, sizeof buf, "[%.14g]", lua_tonumber(L, k));
      return buf;
    }
    case LUA_TBOOLEAN: return lua_toboolean(L, k) ? "[true]" : "[false]";
    default: return "[?]";
  }
}

// The name of the value at key `k` of a table named `parent` ("" for the globals).
std::string child_path(lua_State* L, const std::string& parent, int k) {
  if (parent.size() > kMaxPath) return parent;
  const std::string key = key_text(L, k);
  if (parent.empty()) return key[0] == '.' ? key.substr(1) : "_G" + key;
  return parent + key;
}

std::string path_of(lua_State* L, int frozen_metatable) {
  lua_rawgeti(L, frozen_metatable, kProxyPathKey);
  std::string path = lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
  lua_pop(L, 1);
  return path;
}

Owner owner_of(lua_State* L, int frozen_metatable) {
  lua_rawgeti(L, frozen_metatable, kOwnerKey);
  const auto owner = static_cast<Owner>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  return owner;
}

const char* why(Owner owner) {
  return owner == Owner::kData ? ": the game's data tables are read-only"
                               : " after the rules loaded: keep game state in vars";
}

// __newindex of a frozen table: (t, k, v).
int frozen_newindex(lua_State* L) { refuse_change(L, 1, 2); }

// __len of a frozen table: the length of its contents, which never changes
// (upvalue 1, counted when it was frozen).
int frozen_len(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  return 1;
}

// Pushes the __len of a frozen table whose contents are at `c`.
void push_frozen_len(lua_State* L, int c) {
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, c)));
  lua_pushcclosure(L, frozen_len, 1);
}

// __index of a frozen table whose metatable had one: (t, k). upvalue 1: the
// contents, 2: the original __index, applied with the frozen table as self.
int frozen_index(lua_State* L) {
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  if (lua_type(L, lua_upvalueindex(2)) == LUA_TFUNCTION) {
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
  }
  lua_gettable(L, lua_upvalueindex(2));
  return 1;
}

// __index of the globals' contents: a name the rules never declared.
int undeclared_global(lua_State* L) {
  return luaL_error(L, "undeclared global '%s'", lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?");
}

// __index of the frozen global table once some globals hold contents
// (Freezer::index_globals_directly): (t, k). upvalue 1: the globals'
// contents, 2: contents -> frozen table.
int globals_index(lua_State* L) {
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  const int type = lua_rawget(L, lua_upvalueindex(1));
  if (type == LUA_TNIL) return undeclared_global(L);
  if (type == LUA_TTABLE) show_frozen(L, lua_upvalueindex(2));
  return 1;
}

// Whether the frozen table at `idx` had a metatable of its own.
bool has_shown_metatable(lua_State* L, int idx) {
  lua_getmetatable(L, idx);
  const bool shown = lua_rawgeti(L, -1, kProxyShownKey) != LUA_TNIL;
  lua_pop(L, 2);
  return shown;
}

// The working tables of one freeze, on the stack.
struct Freezer {
  lua_State* L;
  int seen;      // value -> its path: every table and function found
  int queue;     // values to walk, in the order found
  int tables;    // the tables to freeze, in order
  int functions; // the Lua functions found
  int contents;  // table -> its contents table (filled by move_contents)
  int metas;     // table -> its original metatable
  int proxy_of;  // the registry's contents -> frozen table
  lua_Integer queued = 0, walked = 0, ntables = 0, nfunctions = 0;
  std::vector<Bytecode> bytecode;  // of functions[i + 1]
  struct SharedUpvalue {
    lua_Integer function;  // one function that has it, and its index there
    int index;
    bool only_read;
  };
  std::map<const void*, SharedUpvalue> read_only;  // by lua_upvalueid
  struct EnvReads {
    std::map<std::string, bool> indexed;  // global -> read only to be indexed at once
    bool dynamic = false;
  };
  std::map<const void*, EnvReads> env_reads;  // the _ENV upvalues, by lua_upvalueid
  int globals = 0;  // the global table's index, when freezing the rules

  explicit Freezer(lua_State* state) : L(state) {
    luaL_checkstack(L, 16, "freezing the rules");
    for (int* t : {&seen, &queue, &tables, &functions, &contents, &metas}) {
      lua_newtable(L);
      *t = lua_gettop(L);
    }
    lua_getfield(L, LUA_REGISTRYINDEX, "cardboard.proxy_of");
    proxy_of = lua_gettop(L);
  }

  // Queues the value at `v` under `path` if it is a table or a function not
  // seen yet (not a proxy: those are frozen already, or the kernel's).
  void visit(int v, const std::string& path) {
    v = lua_absindex(L, v);
    const int type = lua_type(L, v);
    if (type != LUA_TTABLE && type != LUA_TFUNCTION) return;
    if (type == LUA_TTABLE) {
      if (proxy_kind(L, v) != ProxyKind::kNone) return;
      lua_pushvalue(L, v);
      const bool hidden = lua_rawget(L, proxy_of) != LUA_TNIL;  // a frozen table's contents
      lua_pop(L, 1);
      if (hidden) return;
    }
    lua_pushvalue(L, v);
    const bool known = lua_rawget(L, seen) != LUA_TNIL;
    lua_pop(L, 1);
    if (known) return;
    lua_pushvalue(L, v);
    lua_pushlstring(L, path.data(), path.size());
    lua_rawset(L, seen);
    lua_pushvalue(L, v);
    lua_rawseti(L, queue, ++queued);
  }

  std::string path(int v) {
    lua_pushvalue(L, v);
    lua_rawget(L, seen);
    std::string p = lua_tostring(L, -1) ? lua_tostring(L, -1) : "";
    lua_pop(L, 1);
    return p;
  }

  // Walks everything queued, breadth first (the shortest path names a table).
  void walk() {
    while (walked < queued) {
      lua_rawgeti(L, queue, ++walked);
      const int v = lua_gettop(L);
      const std::string p = path(v);
      if (lua_type(L, v) == LUA_TTABLE) walk_table(v, p);
      else walk_function(v, p);
      lua_settop(L, v - 1);
    }
  }

  void walk_table(int t, const std::string& p) {
    lua_pushvalue(L, t);
    lua_rawseti(L, tables, ++ntables);
    if (lua_getmetatable(L, t)) {
      visit(-1, "getmetatable(" + (p.empty() ? std::string("_G") : p) + ")");
      lua_pop(L, 1);
    }
    const int n = push_sorted_keys(L, t, "freeze", false);
    const int keys = lua_gettop(L);
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, keys, i);
      const int k = lua_gettop(L);
      const std::string child = child_path(L, p, k);
      visit(k, child);
      lua_pushvalue(L, k);
      lua_rawget(L, t);
      visit(-1, child);
      lua_settop(L, keys);
    }
    lua_pop(L, 1);
  }

  void walk_function(int f, const std::string& p) {
    if (lua_iscfunction(L, f)) {
      // The kernel's C functions keep their own upvalues; an iterator keeps its place.
      if (is_stateful_iterator(lua_tocfunction(L, f)))
        luaL_error(L, "'%s' is an iterator made while the rules loaded: it would carry its place from one call "
                      "into the next; call pairs or gmatch where you loop",
                   p.c_str());
      return;
    }
    lua_pushvalue(L, f);
    lua_rawseti(L, functions, ++nfunctions);
    for (int i = 1;; ++i) {
      const char* name = lua_getupvalue(L, f, i);
      if (!name) break;
      visit(-1, *name ? name : "?");
      lua_pop(L, 1);
    }
  }

  // Refuses what must not be frozen: finalizers and weak tables, and
  // functions that would keep state in their upvalues.
  void check() {
    for (lua_Integer i = 1; i <= ntables; ++i) {
      lua_rawgeti(L, tables, i);
      const int t = lua_gettop(L);
      if (lua_getmetatable(L, t)) {
        for (const char* field : {"__gc", "__mode"}) {
          lua_pushstring(L, field);
          if (lua_rawget(L, -2) != LUA_TNIL) {
            const std::string p = path(t);
            luaL_error(L, "'%s' has a metatable with %s: %s", p.empty() ? "_G" : p.c_str(), field,
                       field[2] == 'g' ? "finalizers are not allowed in the rules (they run outside any call)"
                                       : "weak tables are not allowed in the rules (what they hold depends on "
                                         "when memory is collected)");
          }
          lua_pop(L, 1);
        }
      }
      lua_settop(L, t - 1);
    }
    for (lua_Integer i = 1; i <= nfunctions; ++i) {
      lua_rawgeti(L, functions, i);
      std::string dump;
      lua_dump(L, [](lua_State*, const void* p, size_t sz, void* ud) -> int {
        static_cast<std::string*>(ud)->append(static_cast<const char*>(p), sz);
        return 0;
      }, &dump, 0);
      Bytecode code(dump);
      const auto writes = code.captured_writes(path(lua_gettop(L)));
      if (!writes.empty()) luaL_error(L, "%s", describe(writes.front()).c_str());
      bytecode.push_back(std::move(code));
      lua_pop(L, 1);
    }
  }

  // The upvalues (shared by every function that captured the variable) that
  // hold a table being frozen, or frozen before, and that every function
  // only reads from (upvalue_only_read).
  void find_read_only_upvalues() {
    for (lua_Integer fi = 1; fi <= nfunctions; ++fi) {
      lua_rawgeti(L, functions, fi);
      const int f = lua_gettop(L);
      for (int u = 1; lua_getupvalue(L, f, u); ++u) {
        // A table frozen now or before; one with a metatable must be read
        // through it (its __index, its __len), not through its contents.
        bool frozen = false, plain = false;
        if (lua_type(L, -1) == LUA_TTABLE) {
          if (proxy_kind(L, -1) == ProxyKind::kFrozen) {
            frozen = true;
            plain = !has_shown_metatable(L, -1);
          } else {
            lua_pushvalue(L, -1);
            frozen = lua_rawget(L, seen) != LUA_TNIL;
            lua_pop(L, 1);
            plain = !lua_getmetatable(L, -1);
            if (!plain) lua_pop(L, 1);
          }
        }
        lua_pop(L, 1);
        if (!frozen) continue;
        const Bytecode& code = bytecode[static_cast<size_t>(fi - 1)];
        const void* id = lua_upvalueid(L, f, u);
        const bool only_read = plain && code.upvalue_only_read(u - 1);
        auto [it, fresh] = read_only.try_emplace(id, SharedUpvalue{fi, u, only_read});
        if (!fresh) it->second.only_read = it->second.only_read && only_read;
        // An _ENV: which globals its functions only index.
        lua_getupvalue(L, f, u);
        const bool env = globals > 0 && lua_rawequal(L, -1, globals);
        lua_pop(L, 1);
        if (env) {
          EnvReads& reads = env_reads[id];
          code.global_reads(u - 1, reads.indexed, reads.dynamic);
        }
      }
      lua_settop(L, f - 1);
    }
    // An _ENV whose functions load _ENV itself (_ENV[k]) could read any
    // global as a value: it keeps the frozen global table.
    for (auto& [id, reads] : env_reads)
      if (reads.dynamic) read_only[id].only_read = false;
  }

  // Those upvalues now hold the frozen table's contents: reading through
  // them costs no metamethod, and nothing can write through them.
  void read_contents_directly() {
    for (const auto& [id, u] : read_only) {
      if (!u.only_read) continue;
      lua_rawgeti(L, functions, u.function);
      lua_getupvalue(L, -1, u.index);
      push_raw_view(L, -1);
      lua_setupvalue(L, -3, u.index);
      lua_pop(L, 2);
    }
  }

  // The same one level down, for the globals: a global holding a frozen
  // table that every function reading globals directly only indexes
  // (pieces.at, FRONTS[i]) holds its contents in the globals' contents.
  // Whatever else reads the globals' contents raw (the frozen global
  // table's __index, rawget, next, pairs) shows the frozen table instead
  // (show_frozen, proxy.h). Returns whether any global was changed so.
  bool index_globals_directly(int contents_of_globals) {
    std::map<std::string, bool> indexed;
    for (const auto& [id, reads] : env_reads) {
      if (!read_only[id].only_read) continue;
      for (const auto& [name, at_once] : reads.indexed) {
        auto [it, fresh] = indexed.try_emplace(name, at_once);
        if (!fresh) it->second = it->second && at_once;
      }
    }
    bool any = false;
    for (const auto& [name, at_once] : indexed) {
      if (!at_once) continue;
      lua_pushlstring(L, name.data(), name.size());
      lua_pushvalue(L, -1);
      lua_rawget(L, contents_of_globals);
      if (proxy_kind(L, -1) == ProxyKind::kFrozen && !has_shown_metatable(L, -1)) {
        push_raw_view(L, -1);
        lua_replace(L, -2);
        lua_rawset(L, contents_of_globals);
        any = true;
      } else {
        lua_pop(L, 2);
      }
    }
    return any;
  }

  // Moves the contents of every table found into a hidden table.
  void move_contents() {
    for (lua_Integer i = 1; i <= ntables; ++i) {
      lua_rawgeti(L, tables, i);
      const int t = lua_gettop(L);
      if (lua_getmetatable(L, t)) {
        lua_pushvalue(L, t);
        lua_insert(L, -2);
        lua_rawset(L, metas);
      }
      lua_createtable(L, static_cast<int>(std::min<size_t>(lua_rawlen(L, t), 1u << 26)), 0);
      const int c = lua_gettop(L);
      lua_pushnil(L);
      while (lua_next(L, t)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, c);
      }
      lua_pushnil(L);
      while (lua_next(L, c)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
      }
      lua_pushvalue(L, t);
      lua_pushvalue(L, c);
      lua_rawset(L, contents);
      lua_pushvalue(L, c);
      lua_pushvalue(L, t);
      lua_rawset(L, proxy_of);
      lua_settop(L, t - 1);
    }
  }

  // Pushes the table holding the fields of metatable `m`: its contents if
  // it was frozen with the rest, else itself (the contents of a table frozen before).
  void push_fields(int m) {
    lua_pushvalue(L, m);
    if (lua_rawget(L, contents) == LUA_TNIL) {
      lua_pop(L, 1);
      lua_pushvalue(L, m);
    }
  }

  // Pushes what getmetatable shows for metatable `m`: its __metatable field,
  // or the frozen table it is (or is the contents of).
  void push_shown(int m, int fields) {
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, fields) != LUA_TNIL) return;
    lua_pop(L, 1);
    lua_pushvalue(L, m);
    if (lua_rawget(L, proxy_of) != LUA_TNIL) return;  // m is a frozen table's contents
    lua_pop(L, 1);
    lua_pushvalue(L, m);
  }

  // Gives every table found its frozen metatable.
  void seal(Owner owner) {
    for (lua_Integer i = 1; i <= ntables; ++i) {
      lua_rawgeti(L, tables, i);
      const int t = lua_gettop(L);
      const Owner o = owner == Owner::kRules && i == 1 && path(t).empty() ? Owner::kGlobals : owner;
      lua_pushvalue(L, t);
      lua_rawget(L, contents);
      const int c = lua_gettop(L);
      lua_newtable(L);
      const int fm = lua_gettop(L);
      lua_pushvalue(L, t);
      if (lua_rawget(L, metas) != LUA_TNIL) {
        const int m = lua_gettop(L);
        push_fields(m);
        const int fields = lua_gettop(L);
        // Every metamethod but those a frozen table answers itself.
        lua_pushnil(L);
        while (lua_next(L, fields)) {
          bool own = false;
          if (lua_type(L, -2) == LUA_TSTRING)
            for (const char* e : {"__index", "__newindex", "__len", "__metatable"})
              own = own || std::string(lua_tostring(L, -2)) == e;
          if (own) {
            lua_pop(L, 1);
            continue;
          }
          lua_pushvalue(L, -2);
          lua_insert(L, -2);
          lua_rawset(L, fm);
        }
        push_shown(m, fields);
        lua_rawseti(L, fm, kProxyShownKey);
        lua_pushliteral(L, "__index");
        if (lua_rawget(L, fields) != LUA_TNIL) {
          lua_pushvalue(L, c);
          lua_insert(L, -2);
          lua_pushcclosure(L, frozen_index, 2);
        } else {
          lua_pop(L, 1);
          lua_pushvalue(L, c);
        }
        lua_setfield(L, fm, "__index");
        lua_pushliteral(L, "__newindex");
        if (lua_rawget(L, fields) == LUA_TNIL) {
          lua_pop(L, 1);
          lua_pushcfunction(L, frozen_newindex);
        }
        lua_setfield(L, fm, "__newindex");
        lua_pushliteral(L, "__len");
        if (lua_rawget(L, fields) == LUA_TNIL) {
          lua_pop(L, 1);
          push_frozen_len(L, c);
        }
        lua_setfield(L, fm, "__len");
        lua_settop(L, fm);
      } else {
        lua_pop(L, 1);
        lua_pushvalue(L, c);
        lua_setfield(L, fm, "__index");
        lua_pushcfunction(L, frozen_newindex);
        lua_setfield(L, fm, "__newindex");
        push_frozen_len(L, c);
        lua_setfield(L, fm, "__len");
        if (o == Owner::kGlobals) {
          // A name the rules never declared raises when read.
          lua_createtable(L, 0, 1);
          lua_pushcfunction(L, undeclared_global);
          lua_setfield(L, -2, "__index");
          lua_setmetatable(L, c);
        }
      }
      lua_pushboolean(L, 0);
      lua_setfield(L, fm, "__metatable");
      push_proxy_mark(L, ProxyKind::kFrozen);
      lua_rawseti(L, fm, kProxyKindKey);
      lua_pushvalue(L, c);
      lua_rawseti(L, fm, kProxyContentsKey);
      const std::string p = path(t);
      lua_pushlstring(L, p.data(), p.size());
      lua_rawseti(L, fm, kProxyPathKey);
      lua_pushinteger(L, static_cast<lua_Integer>(o));
      lua_rawseti(L, fm, kOwnerKey);
      lua_setmetatable(L, t);
      lua_settop(L, t - 1);
    }
  }
};

}  // namespace

void freeze_data(lua_State* L, int idx, const char* path) {
  idx = lua_absindex(L, idx);
  Freezer f(L);
  f.visit(idx, path);
  f.walk();
  f.move_contents();
  f.seal(Owner::kData);
  lua_settop(L, f.seen - 1);
}

int freeze_rules(lua_State* L) {
  Freezer f(L);
  lua_pushglobaltable(L);
  const int globals = lua_gettop(L);
  f.visit(globals, "");
  lua_getfield(L, LUA_REGISTRYINDEX, "cardboard.loaded");
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    f.visit(-1, lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  // The string metatable is shown as a frozen copy of itself.
  lua_pushliteral(L, "");
  const bool has_string_meta = lua_getmetatable(L, -1);
  int string_meta = 0, shown = 0;
  if (has_string_meta) {
    string_meta = lua_gettop(L);
    lua_newtable(L);
    shown = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, string_meta)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, shown);
    }
    f.visit(shown, "getmetatable('')");
  }
  f.globals = globals;
  f.walk();
  f.check();
  f.find_read_only_upvalues();
  f.move_contents();
  f.seal(Owner::kRules);
  f.read_contents_directly();
  push_raw_view(L, globals);
  const int contents_of_globals = lua_gettop(L);
  if (f.index_globals_directly(contents_of_globals)) {
    // The frozen global table reads through a function that shows those
    // globals' frozen tables, not their contents.
    lua_getmetatable(L, globals);
    lua_pushvalue(L, contents_of_globals);
    lua_pushvalue(L, f.proxy_of);
    lua_pushcclosure(L, globals_index, 2);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
  }
  if (has_string_meta) {
    // Methods of strings are looked up in the string library's contents directly.
    lua_getfield(L, string_meta, "__index");
    push_raw_view(L, -1);
    lua_setfield(L, string_meta, "__index");
    lua_pop(L, 1);
    lua_pushvalue(L, shown);
    lua_setfield(L, string_meta, "__metatable");
  }
  lua_pushboolean(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, "cardboard.frozen");
  lua_pushvalue(L, contents_of_globals);
  return 1;
}

void refuse_change(lua_State* L, int frozen, int key) {
  frozen = lua_absindex(L, frozen);
  key = lua_absindex(L, key);
  std::string what = "?";
  Owner owner = Owner::kRules;
  if (lua_getmetatable(L, frozen)) {
    const int fm = lua_gettop(L);
    owner = owner_of(L, fm);
    const std::string p = path_of(L, fm);
    if (owner == Owner::kGlobals)
      what = "global '" + (lua_type(L, key) == LUA_TSTRING ? std::string(lua_tostring(L, key)) : key_text(L, key)) + "'";
    else
      what = "'" + p + key_text(L, key) + "'";
  }
  luaL_error(L, "attempt to change %s%s", what.c_str(), why(owner));
  std::abort();
}

void refuse_metatable_change(lua_State* L, int frozen) {
  std::string p = "?";
  Owner owner = Owner::kRules;
  if (lua_getmetatable(L, frozen)) {
    owner = owner_of(L, lua_gettop(L));
    p = owner == Owner::kGlobals ? "_G" : path_of(L, lua_gettop(L));
  }
  luaL_error(L, "attempt to change the metatable of '%s'%s", p.c_str(), why(owner));
  std::abort();
}

}  // namespace cardboard
