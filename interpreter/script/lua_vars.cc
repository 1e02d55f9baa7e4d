// vars: the game's tree of plain values, seen from Lua as tables. `vars` and
// every table read from it are views (proxies, proxy.h) of the kernel's own
// tables: reading vars.a.b reads the kernel's state, and vars.a.b = 1 writes
// it, so a nested change is recorded like any other. Assigning stores a deep
// copy of the value (a Lua table, a view, a frozen table); nil deletes. #,
// ipairs, pairs and next work on views, in the sorted order of the kernel's
// tables (integer keys ascending, then string keys).
//
// A view names its table by the path from vars and by the serial the kernel
// table got when first viewed (Table::view_serial, which a copy does not
// keep): a view whose table was replaced or removed is stale, and using it
// raises an error that says so rather than reading whatever now sits at its
// path. Assigning a view to the place it shows is nothing to do.
//
// Kernel-side bytes: each assignment charges the difference in the estimated
// size of the state to the memory cap (state_bytes.h), before storing.
#include <algorithm>
#include <atomic>
#include <string>

#include "script/lua_api.h"
#include "script/runtime.h"
#include "script/sandbox.h"
#include "script/proxy.h"
#include "script/state_bytes.h"

namespace cardboard {

namespace {

const char kViewKey = 0;  // in a view: its ViewData

struct ViewData {
  bool root;
  uint64_t serial;  // the serial of the table it shows (the root: unused)
};

// Serials are unique in the process; a table has 0 until first viewed.
uint64_t next_serial() {
  static std::atomic<uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

// Every function's upvalues: the views' metatable, and vars (the root view,
// kept alive by them).
const int kViewMeta = lua_upvalueindex(1);

// The root is told by its address (lua_topointer; it lives as long as the
// state), which is cheaper than lua_rawequal with the upvalue: this runs on
// every read and write.
bool is_root(lua_State* L, int view) { return lua_topointer(L, view) == runtime_of(L).vars_root(); }

// The path of a view for messages: vars.a[3].b
std::string view_path(lua_State* L, int view) {
  view = lua_absindex(L, view);
  lua_rawgetp(L, view, &kViewKey);
  const int ud = lua_gettop(L);
  const auto* d = static_cast<const ViewData*>(lua_touserdata(L, ud));
  if (!d || d->root) {
    lua_pop(L, 1);
    return "vars";
  }
  lua_getiuservalue(L, ud, 1);
  std::string path = view_path(L, -1);
  lua_getiuservalue(L, ud, 2);
  if (lua_type(L, -1) == LUA_TNUMBER) path += "[" + std::to_string(lua_tointeger(L, -1)) + "]";
  else path += "." + std::string(lua_tostring(L, -1));
  lua_pop(L, 3);
  return path;
}

// The key at `k` as the kernel's, or false: strings; integers (and floats
// with an integer value) inside a table; at the root a number names the
// string of its digits, as vars has always read it.
bool to_key(lua_State* L, int k, bool root, Value::Key& key) {
  switch (lua_type(L, k)) {
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, k, &n);
      key = std::string(s, n);
      return true;
    }
    case LUA_TNUMBER: {
      if (root) {
        lua_pushvalue(L, k);
        key = std::string(lua_tostring(L, -1));
        lua_pop(L, 1);
        return true;
      }
      int isint = 0;
      const lua_Integer i = lua_tointegerx(L, k, &isint);
      if (!isint) return false;
      key = static_cast<int64_t>(i);
      return true;
    }
    default: return false;
  }
}

// The value at key `k` of table `t`, or nullptr (no allocation for a string key).
Value* find(lua_State* L, Table& t, int k, bool root) {
  if (lua_type(L, k) == LUA_TSTRING) {
    size_t n = 0;
    const char* s = lua_tolstring(L, k, &n);
    return const_cast<Value*>(t.find(std::string_view(s, n)));
  }
  Value::Key key;
  if (!to_key(L, k, root, key)) return nullptr;
  return const_cast<Value*>(t.find_key(key));
}

// The kernel table the view at `view` shows; raises when it is stale.
Table& resolve(lua_State* L, int view) {
  if (is_root(L, view)) return runtime_of(L).state().vars;
  view = lua_absindex(L, view);
  lua_rawgetp(L, view, &kViewKey);
  const auto* d = static_cast<const ViewData*>(lua_touserdata(L, -1));
  if (d->root) {  // reached from a function that does not hold vars (check_value)
    lua_pop(L, 1);
    return runtime_of(L).state().vars;
  }
  lua_getiuservalue(L, -1, 1);
  Table& parent = resolve(L, -1);
  bool root_parent = is_root(L, -1);
  if (!root_parent) {
    lua_rawgetp(L, -1, &kViewKey);
    root_parent = static_cast<const ViewData*>(lua_touserdata(L, -1))->root;
    lua_pop(L, 1);
  }
  lua_getiuservalue(L, -2, 2);
  Value* v = find(L, parent, -1, root_parent);
  lua_pop(L, 3);
  if (!v || !v->is_table() || v->as_table().view_serial != d->serial) {
    const std::string path = view_path(L, view);
    luaL_error(L, "%s is no longer the table it was read from: it was replaced or removed since; read %s again",
               path.c_str(), path.c_str());
  }
  return v->as_table();
}

// Pushes a view of table `t`, the value at key `k` of the view at `parent`.
void push_view(lua_State* L, int parent, int k, Table& t, bool root_parent) {
  parent = lua_absindex(L, parent);
  k = lua_absindex(L, k);
  if (t.view_serial == 0) t.view_serial = next_serial();
  lua_createtable(L, 0, 1);
  auto* d = static_cast<ViewData*>(lua_newuserdatauv(L, sizeof(ViewData), 2));
  *d = {false, t.view_serial};
  lua_pushvalue(L, parent);
  lua_setiuservalue(L, -2, 1);
  if (root_parent && lua_type(L, k) == LUA_TNUMBER) {
    lua_pushvalue(L, k);
    lua_tostring(L, -1);  // the root's keys are strings
  } else {
    lua_pushvalue(L, k);
  }
  lua_setiuservalue(L, -2, 2);
  lua_rawsetp(L, -2, &kViewKey);
  lua_pushvalue(L, kViewMeta);
  lua_setmetatable(L, -2);
}

// Pushes value `v`, found at key `k` of the view at `view`.
void push_found(lua_State* L, int view, int k, Value& v) {
  if (v.is_table()) push_view(L, view, k, v.as_table(), is_root(L, view));
  else push_value(L, v);
}

// view[k]
int l_index(lua_State* L) {
  refuse_while_loading(L, "vars");
  const bool root = is_root(L, 1);
  Table& t = root ? runtime_of(L).state().vars : resolve(L, 1);
  Value* v = find(L, t, 2, root);
  if (!v) lua_pushnil(L);
  else push_found(L, 1, 2, *v);
  return 1;
}

// view[k] = v
int l_newindex(lua_State* L) {
  refuse_while_loading(L, "vars");
  const bool root = is_root(L, 1);
  Table& t = root ? runtime_of(L).state().vars : resolve(L, 1);
  Value::Key key;
  if (!to_key(L, 2, root, key))
    return luaL_error(L, "cannot store a value in vars under a %s key: use %s", luaL_typename(L, 2),
                      root ? "a string" : "an integer or a string");
  // The key's place is found once; nothing below changes the table before
  // the value is stored there (reading the value only reads the state).
  const size_t at = t.place(key);
  const Value* old = t.has_at(at, key) ? &t.entries[at].second : nullptr;
  // A view assigned to the place it shows: the table is already there.
  if (old && old->is_table() && proxy_kind(L, 3) == ProxyKind::kVars && &resolve(L, 3) == &old->as_table())
    return 0;
  Value v = check_value(L, 3);
  Sandbox& sb = runtime_of(L).sandbox();
  // A new key moves the entries after it in the kernel's sorted table.
  if (!old && !v.is_nil()) sb.charge(L, static_cast<int64_t>(t.entries.size() - at) + 1);
  sb.charge_kernel(L, static_cast<int64_t>(entry_bytes(key, v)) - (old ? static_cast<int64_t>(entry_bytes(key, *old)) : 0));
  const auto it = t.entries.begin() + static_cast<std::ptrdiff_t>(at);
  if (v.is_nil()) {
    if (old) t.entries.erase(it);
  } else if (old) {
    it->second = std::move(v);
  } else {
    t.entries.emplace(it, std::move(key), std::move(v));
  }
  return 0;
}

// #view: the border from 1 (n such that keys 1..n are all present).
int l_len(lua_State* L) {
  refuse_while_loading(L, "vars");
  const Table& t = resolve(L, 1);
  const auto one = std::lower_bound(t.entries.begin(), t.entries.end(), Value::Key(int64_t{1}),
                                    [](const auto& e, const Value::Key& k) { return e.first < k; });
  // Keys are distinct integers in order: entry one + m has key 1 + m while there is no gap.
  ptrdiff_t lo = 0, hi = std::partition_point(one, t.entries.end(), [](const auto& e) { return e.first.index() == 0; }) - one;
  while (lo < hi) {
    const ptrdiff_t mid = (lo + hi + 1) / 2;
    if (std::get<0>(one[mid - 1].first) == mid) lo = mid;
    else hi = mid - 1;
  }
  lua_pushinteger(L, static_cast<lua_Integer>(lo));
  return 1;
}

// next(view, k): the entry after k in the kernel's order.
int l_next(lua_State* L) {
  lua_settop(L, 2);
  const bool root = is_root(L, 1);
  Table& t = resolve(L, 1);
  auto it = t.entries.begin();
  if (!lua_isnil(L, 2)) {
    Value::Key key;
    if (lua_type(L, 2) == LUA_TNUMBER && !root && !lua_isinteger(L, 2)) {
      // A float key sorts among the integers.
      const double d = lua_tonumber(L, 2);
      it = std::partition_point(t.entries.begin(), t.entries.end(), [d](const auto& e) {
        return e.first.index() == 0 && static_cast<double>(std::get<0>(e.first)) <= d;
      });
    } else if (to_key(L, 2, root, key)) {
      it = std::upper_bound(t.entries.begin(), t.entries.end(), key,
                            [](const Value::Key& k, const auto& e) { return k < e.first; });
    } else {
      return luaL_error(L, "invalid key to 'next'");
    }
  }
  if (it == t.entries.end()) {
    lua_pushnil(L);
    return 1;
  }
  if (it->first.index() == 0) lua_pushinteger(L, std::get<0>(it->first));
  else lua_pushlstring(L, std::get<1>(it->first).data(), std::get<1>(it->first).size());
  push_found(L, 1, 3, it->second);
  return 2;
}

// pairs(view) -> next, view, nil
int l_pairs(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(3));
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

}  // namespace

Value vars_view_value(lua_State* L, int idx) { return Value(Table(resolve(L, idx))); }

void open_lua_vars(lua_State* L) {
  lua_newtable(L);  // the views' metatable
  const int meta = lua_gettop(L);
  push_proxy_mark(L, ProxyKind::kVars);
  lua_rawseti(L, meta, kProxyKindKey);
  lua_pushboolean(L, 0);
  lua_setfield(L, meta, "__metatable");
  lua_newtable(L);  // vars, the root view
  const int root = lua_gettop(L);
  auto* d = static_cast<ViewData*>(lua_newuserdatauv(L, sizeof(ViewData), 2));
  *d = {true, 0};
  lua_rawsetp(L, root, &kViewKey);
  // Each function has the metatable and the root as upvalues 1 and 2.
  lua_pushvalue(L, meta);
  lua_pushvalue(L, root);
  lua_pushcclosure(L, l_next, 2);
  const int next = lua_gettop(L);
  lua_pushvalue(L, next);
  lua_rawseti(L, meta, kProxyNextKey);
  lua_pushvalue(L, meta);
  lua_pushvalue(L, root);
  lua_pushvalue(L, next);
  lua_pushcclosure(L, l_pairs, 3);
  lua_setfield(L, meta, "__pairs");
  const luaL_Reg fns[] = {{"__index", l_index}, {"__newindex", l_newindex}, {"__len", l_len}, {nullptr, nullptr}};
  lua_pushvalue(L, meta);
  lua_pushvalue(L, meta);
  lua_pushvalue(L, root);
  luaL_setfuncs(L, fns, 2);
  lua_pop(L, 1);
  lua_pushvalue(L, meta);
  lua_setmetatable(L, root);
  runtime_of(L).set_vars_root(lua_topointer(L, root));
  lua_pushvalue(L, root);
  lua_setglobal(L, "vars");
  lua_settop(L, meta - 1);
}

}  // namespace cardboard
