// The base library functions the sandbox replaces (see sandbox_lib.h).
//
// pairs(t) and next(t, k) follow the sandbox's key order (numbers, strings,
// booleans) rather than the per-process hash order. A traversal costs
// O(n log n): pairs sorts the keys once into its iterator; next keeps the
// sorted keys of the table it last started (next(t, nil)) in a cache and
// moves along them while each call continues from the key the last one
// returned; any other next(t, k) scans the table.
//
// pcall and xpcall catch errors as Lua's own do, and yield across as they do
// (ask may be called inside a pcall), but once the call into the rules has
// hit a limit they re-raise it, and xpcall's handler is not called: no limit
// can be caught.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>

#include "script/freeze.h"
#include "script/proxy.h"
#include "script/sandbox.h"
#include "script/sandbox_lib.h"

namespace cardboard {

extern const lua_CFunction kGmatchStep;  // lua_patterns.cc

namespace {

// ---- the sandbox's key order ----

struct SortKey {
  int rank;  // 0 number, 1 string, 2 boolean, 3 any other (unordered)
  bool is_int;
  lua_Integer i;  // an integer key, a boolean (0, 1), or an unordered key's arrival
  double d;
  const char* s;
  size_t len;
  int slot;  // where the key waits in the holder array
};

bool key_less(const SortKey& a, const SortKey& b) {
  if (a.rank != b.rank) return a.rank < b.rank;
  switch (a.rank) {
    case 0:
      if (a.is_int && b.is_int) return a.i < b.i;
      if (!a.is_int && !b.is_int) return a.d < b.d;
      // A float key is never integral (Lua stores 2.0 as 2): no tie to break.
      return (a.is_int ? static_cast<double>(a.i) : a.d) < (b.is_int ? static_cast<double>(b.i) : b.d);
    case 1: {
      const int c = std::memcmp(a.s, b.s, std::min(a.len, b.len));
      return c != 0 ? c < 0 : a.len < b.len;
    }
    default: return a.i < b.i;
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

// Orders two keys on the stack as push_sorted_keys does.
bool key_before(lua_State* L, int a, int b) {
  const int ra = key_rank(L, a), rb = key_rank(L, b);
  if (ra != rb) return ra < rb;
  if (ra == 0) return lua_compare(L, a, b, LUA_OPLT);
  if (ra == 1) {
    size_t la = 0, lb = 0;
    const char* sa = lua_tolstring(L, a, &la);
    const char* sb = lua_tolstring(L, b, &lb);
    const int c = std::memcmp(sa, sb, std::min(la, lb));
    return c != 0 ? c < 0 : la < lb;
  }
  return !lua_toboolean(L, a) && lua_toboolean(L, b);
}

[[noreturn]] void unordered_key(lua_State* L, const char* who) {
  luaL_error(L, "%s: table keys must be numbers, strings or booleans to iterate in a fixed order", who);
  std::abort();
}

// ---- pairs ----

// The iterator of pairs: upvalue 1 the table, 2 its sorted keys, 3 the
// position, 4 the frozen tables by contents (show_frozen). Keys cleared
// during the loop are skipped, as Lua's own pairs never yields a nil value.
int sorted_step(lua_State* L) {
  for (lua_Integer i = lua_tointeger(L, lua_upvalueindex(3)) + 1;; ++i) {
    if (lua_rawgeti(L, lua_upvalueindex(2), i) == LUA_TNIL) return 0;
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushvalue(L, -1);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
      show_frozen(L, lua_upvalueindex(4));
      return 2;
    }
    lua_pop(L, 2);
  }
}

// pairs(t) -> iterator, t, nil: honors __pairs; a frozen table iterates its
// contents. upvalue 1: the frozen tables by contents.
int l_pairs(lua_State* L) {
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  push_raw_view(L, 1);
  push_sorted_keys(L, -1, "pairs", true);
  lua_pushinteger(L, 0);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushcclosure(L, sorted_step, 4);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// ---- next ----

// The key after the one at `k` in the sandbox's order, in the raw table at
// `t`, by a scan (a next that does not continue the cached traversal).
int scan_next(lua_State* L, int t, int k) {
  const bool from_start = lua_isnil(L, k);
  lua_pushnil(L);  // the best key so far
  const int best = lua_gettop(L);
  bool found = false;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    const int key = lua_gettop(L);
    if (key_rank(L, key) == 3) unordered_key(L, "next");
    if ((from_start || key_before(L, k, key)) && (!found || key_before(L, key, best))) {
      lua_pushvalue(L, key);
      lua_replace(L, best);
      found = true;
    }
  }
  sandbox_of(L).charge(L, static_cast<int64_t>(lua_rawlen(L, t)) + 1);
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, best);
  lua_pushvalue(L, best);
  lua_rawget(L, t);
  show_frozen(L, lua_upvalueindex(2));
  return 2;
}

// next(t [, k]) -> the key after k (or the first) and its value, or nil.
// upvalue 1: the cache, a weak-keyed table: a raw table -> its sorted keys,
// with at [0] the position of the key the last call returned; 2: the frozen
// tables by contents.
int l_next(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (proxy_kind(L, 1) == ProxyKind::kVars) {
    lua_getmetatable(L, 1);
    lua_rawgeti(L, -1, kProxyNextKey);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 2, 2);
    return 2;
  }
  push_raw_view(L, 1);  // 3: the raw table
  const int t = 3;
  lua_pushvalue(L, t);
  lua_rawget(L, lua_upvalueindex(1));  // 4: its cached keys, or nil
  const int keys = 4;
  lua_Integer pos = 0;
  if (lua_isnil(L, 2)) {
    lua_pop(L, 1);
    push_sorted_keys(L, t, "next", true);
    lua_pushvalue(L, t);
    lua_pushvalue(L, keys);
    lua_rawset(L, lua_upvalueindex(1));
  } else {
    bool continues = false;
    if (lua_istable(L, keys)) {
      lua_rawgeti(L, keys, 0);
      pos = lua_tointeger(L, -1);
      lua_pop(L, 1);
      lua_rawgeti(L, keys, pos);
      continues = pos > 0 && lua_rawequal(L, -1, 2);
      lua_pop(L, 1);
    }
    if (!continues) return scan_next(L, t, 2);
  }
  for (lua_Integer i = pos + 1;; ++i) {
    if (lua_rawgeti(L, keys, i) == LUA_TNIL) {
      lua_pushvalue(L, t);
      lua_pushnil(L);
      lua_rawset(L, lua_upvalueindex(1));  // the traversal is over
      return 1;
    }
    lua_pushvalue(L, -1);
    if (lua_rawget(L, t) != LUA_TNIL) {
      show_frozen(L, lua_upvalueindex(2));
      lua_pushinteger(L, i);
      lua_rawseti(L, keys, 0);
      return 2;
    }
    lua_pop(L, 2);
  }
}

// ---- pcall and xpcall ----

// After the protected call: its results after `extra` slots, or false and
// the error; a limit hit is raised again instead.
int finish_pcall(lua_State* L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    if (sandbox_of(L).limit_hit() != Sandbox::Limit::kNone) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - static_cast<int>(extra);
}

// pcall(f, ...) -> true, results | false, error
int l_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  Sandbox& sb = sandbox_of(L);
  if (sb.limit_hit() != Sandbox::Limit::kNone) sb.raise_limit(L);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  const int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
  return finish_pcall(L, status, 0);
}

// xpcall's handler stands between Lua and the rules' handler (upvalue 1):
// after a limit the error goes on unchanged, with no rules code run.
int guarded_handler(lua_State* L) {
  if (sandbox_of(L).limit_hit() != Sandbox::Limit::kNone) {
    lua_settop(L, 1);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// xpcall(f, handler, ...) -> true, results | false, handler's result
int l_xpcall(lua_State* L) {
  const int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  Sandbox& sb = sandbox_of(L);
  if (sb.limit_hit() != Sandbox::Limit::kNone) sb.raise_limit(L);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_replace(L, 2);       // f, guarded handler, args...
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2);     // f, guarded handler, true, f, args...
  const int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
  return finish_pcall(L, status, 2);
}

// ---- metatables ----

// setmetatable(t, mt) -> t. Refuses a frozen table or a vars view, a
// protected metatable, and a metatable with __gc or __mode. A frozen
// metatable is installed as its contents, so Lua finds its metamethods.
int l_setmetatable(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const int t2 = lua_type(L, 2);
  luaL_argexpected(L, t2 == LUA_TNIL || t2 == LUA_TTABLE, 2, "nil or table");
  switch (proxy_kind(L, 1)) {
    case ProxyKind::kFrozen: refuse_metatable_change(L, 1);
    case ProxyKind::kVars: return luaL_error(L, "cannot set the metatable of vars or of a table read from vars");
    case ProxyKind::kNone: break;
  }
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
  if (t2 == LUA_TTABLE) {
    switch (proxy_kind(L, 2)) {
      case ProxyKind::kFrozen:
        push_raw_view(L, 2);
        lua_replace(L, 2);
        break;
      case ProxyKind::kVars:
        return luaL_argerror(L, 2, "a table read from vars cannot be a metatable: copy it into a new table");
      case ProxyKind::kNone: break;
    }
    lua_pushliteral(L, "__gc");  // read raw, as Lua reads a metatable
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L, "setmetatable: __gc is not allowed in the rules: a finalizer runs whenever memory is "
                           "collected, outside any call and its limits");
    lua_pop(L, 1);
    lua_pushliteral(L, "__mode");
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L, "setmetatable: __mode is not allowed in the rules: what a weak table holds depends on "
                           "when memory is collected, which differs from one process to the next");
    lua_pop(L, 1);
  }
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

// getmetatable(v) -> its metatable, or its __metatable field. A frozen table
// shows its original metatable; a table whose metatable is a frozen table's
// contents shows the frozen table; the kernel's objects show none.
// upvalue 1: frozen contents -> frozen table (filled by freeze.cc).
int l_getmetatable(lua_State* L) {
  luaL_checkany(L, 1);
  if (lua_type(L, 1) == LUA_TUSERDATA || !lua_getmetatable(L, 1)) {
    lua_pushnil(L);
    return 1;
  }
  const int mt = lua_gettop(L);
  switch (proxy_kind(L, 1)) {
    case ProxyKind::kFrozen: lua_rawgeti(L, mt, kProxyShownKey); return 1;
    case ProxyKind::kVars: lua_pushnil(L); return 1;
    case ProxyKind::kNone: break;
  }
  lua_pushliteral(L, "__metatable");
  if (lua_rawget(L, mt) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  lua_pushvalue(L, mt);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  return 1;
}

// ---- raw access ----

// Calls metamethod `event` of the vars view at 1 with the arguments 1..n.
int call_view_metamethod(lua_State* L, const char* event, int n) {
  luaL_getmetafield(L, 1, event);
  for (int i = 1; i <= n; ++i) lua_pushvalue(L, i);
  lua_call(L, n, 1);
  return 1;
}

// rawget(t, k): a frozen table's contents; a vars view's value.
// upvalue 1: the frozen tables by contents.
int l_rawget(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  lua_settop(L, 2);
  if (proxy_kind(L, 1) == ProxyKind::kVars) return call_view_metamethod(L, "__index", 2);
  push_raw_view(L, 1);
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  show_frozen(L, lua_upvalueindex(1));
  return 1;
}

// rawset(t, k, v) -> t: refused on a frozen table; a vars view stores v.
int l_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  switch (proxy_kind(L, 1)) {
    case ProxyKind::kFrozen: refuse_change(L, 1, 2);
    case ProxyKind::kVars:
      call_view_metamethod(L, "__newindex", 3);
      lua_settop(L, 1);
      return 1;
    case ProxyKind::kNone: break;
  }
  lua_rawset(L, 1);
  return 1;
}

// rawlen(v): a frozen table's contents; a vars view's length.
int l_rawlen(lua_State* L) {
  const int t = lua_type(L, 1);
  luaL_argexpected(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string");
  if (proxy_kind(L, 1) == ProxyKind::kVars) return call_view_metamethod(L, "__len", 1);
  push_raw_view(L, 1);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

// ---- print ----

// print(...): "[lua] a\tb\n" to stderr, for debugging; not in the game's log.
// Each value is written as it is converted: no copy of the whole line.
int l_print(lua_State* L) {
  const int n = lua_gettop(L);
  std::fputs("[lua]", stderr);
  for (int i = 1; i <= n; ++i) {
    size_t len = 0;
    const char* s = luaL_tolstring(L, i, &len);
    std::fputc(i == 1 ? ' ' : '\t', stderr);
    std::fwrite(s, 1, len, stderr);
    lua_pop(L, 1);
  }
  std::fputc('\n', stderr);
  return 0;
}

}  // namespace

int push_sorted_keys(lua_State* L, int t, const char* who, bool strict) {
  t = lua_absindex(L, t);
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    ++n;
  }
  auto* keys = static_cast<SortKey*>(lua_newuserdatauv(L, static_cast<size_t>(n) * sizeof(SortKey) + 1, 0));
  lua_createtable(L, static_cast<int>(std::min<lua_Integer>(n, 1 << 26)), 0);
  const int holder = lua_gettop(L);
  int m = 0;
  lua_Integer unordered = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    SortKey k{};
    k.rank = key_rank(L, -1);
    switch (k.rank) {
      case 0:
        k.is_int = lua_isinteger(L, -1);
        if (k.is_int) k.i = lua_tointeger(L, -1);
        else k.d = lua_tonumber(L, -1);
        break;
      case 1: k.s = lua_tolstring(L, -1, &k.len); break;  // kept alive by the holder
      case 2: k.i = lua_toboolean(L, -1); break;
      default:
        if (strict) unordered_key(L, who);
        k.i = unordered++;
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, holder, ++m);
    k.slot = m;
    keys[m - 1] = k;
  }
  sandbox_of(L).charge(L, static_cast<int64_t>(m) * (std::bit_width(static_cast<uint64_t>(m)) + 1));
  std::sort(keys, keys + m, key_less);
  lua_createtable(L, m, 0);
  for (int j = 0; j < m; ++j) {
    lua_rawgeti(L, holder, keys[j].slot);
    lua_rawseti(L, -2, j + 1);
  }
  lua_replace(L, -3);  // over the sort buffer
  lua_pop(L, 1);       // the holder
  return m;
}

bool is_stateful_iterator(lua_CFunction f) { return f == sorted_step || f == kGmatchStep; }

void open_sandbox_base(lua_State* L) {
  lua_newtable(L);  // frozen contents -> frozen table, filled by freeze.cc
  const int proxies = lua_gettop(L);
  lua_pushvalue(L, proxies);
  lua_setfield(L, LUA_REGISTRYINDEX, "cardboard.proxy_of");
  lua_pushvalue(L, proxies);
  lua_pushcclosure(L, l_pairs, 1);
  lua_setglobal(L, "pairs");
  lua_newtable(L);  // next's cache: weak keys, so a table it walked can be collected
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, proxies);
  lua_pushcclosure(L, l_next, 2);
  lua_setglobal(L, "next");
  lua_register(L, "pcall", l_pcall);
  lua_register(L, "xpcall", l_xpcall);
  lua_register(L, "setmetatable", l_setmetatable);
  lua_pushvalue(L, proxies);
  lua_pushcclosure(L, l_getmetatable, 1);
  lua_setglobal(L, "getmetatable");
  lua_pushvalue(L, proxies);
  lua_pushcclosure(L, l_rawget, 1);
  lua_setglobal(L, "rawget");
  lua_register(L, "rawset", l_rawset);
  lua_register(L, "rawlen", l_rawlen);
  lua_register(L, "print", l_print);
  lua_pop(L, 1);
}

}  // namespace cardboard
