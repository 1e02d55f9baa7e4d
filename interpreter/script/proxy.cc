#include "script/proxy.h"

namespace cardboard {

namespace {

const char kFrozenMark = 0;
const char kVarsMark = 0;

}  // namespace

ProxyKind proxy_mark_kind(const void* mark) {
  if (mark == &kFrozenMark) return ProxyKind::kFrozen;
  if (mark == &kVarsMark) return ProxyKind::kVars;
  return ProxyKind::kNone;
}

ProxyKind proxy_kind(lua_State* L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return ProxyKind::kNone;
  ProxyKind kind = ProxyKind::kNone;
  if (lua_rawgeti(L, -1, kProxyKindKey) == LUA_TLIGHTUSERDATA) kind = proxy_mark_kind(lua_touserdata(L, -1));
  lua_settop(L, -3);
  return kind;
}

void push_proxy_mark(lua_State* L, ProxyKind kind) {
  lua_pushlightuserdata(L, const_cast<char*>(kind == ProxyKind::kFrozen ? &kFrozenMark : &kVarsMark));
}

void push_raw_view(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  // One metatable read and one mark read: this runs on every filter table.
  if (lua_type(L, idx) == LUA_TTABLE && lua_getmetatable(L, idx)) {
    if (lua_rawgeti(L, -1, kProxyKindKey) == LUA_TLIGHTUSERDATA && lua_touserdata(L, -1) == &kFrozenMark) {
      lua_rawgeti(L, -2, kProxyContentsKey);
      lua_replace(L, -3);
      lua_settop(L, -2);
      return;
    }
    lua_settop(L, -3);
  }
  lua_pushvalue(L, idx);
}

void show_frozen(lua_State* L, int proxies) {
  if (lua_type(L, -1) != LUA_TTABLE) return;
  lua_pushvalue(L, -1);
  if (lua_rawget(L, proxies) != LUA_TNIL) lua_replace(L, -2);
  else lua_pop(L, 1);
}

}  // namespace cardboard
