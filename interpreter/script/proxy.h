// Tables that stand for something else. The kernel hands the rules two kinds
// of empty tables whose metatables do the work: frozen tables (freeze.h),
// which show the contents of a hidden table and refuse every change, and
// views of the game's vars (lua_vars.cc), which read and write the kernel's
// state. Their metatables, which no Lua code can reach (getmetatable shows
// something else), carry under integer keys (the array part: the fastest
// look-up) what the sandbox's raw functions (rawget, rawset, rawlen, next)
// and the kernel's own readers need to see through them.
#pragma once

#include <lua.hpp>

namespace cardboard {

enum class ProxyKind { kNone = 0, kFrozen = 1, kVars = 2 };

// The keys of a proxy's metatable.
constexpr int kProxyKindKey = 1;      // the mark of its kind (push_proxy_mark): no Lua code can make one
constexpr int kProxyContentsKey = 2;  // frozen: the table of its contents
constexpr int kProxyShownKey = 3;     // frozen: what getmetatable shows (absent: nil)
constexpr int kProxyPathKey = 4;      // frozen: its name in messages ("string", "tables.crt")
constexpr int kProxyNextKey = 5;      // vars: next(view, key) as a C function

// The kind of the value at `idx` (kNone for anything but a proxy table).
ProxyKind proxy_kind(lua_State* L, int idx);
// The kind a mark (the light userdata at kProxyKindKey) stands for: kNone
// for any pointer but a mark.
ProxyKind proxy_mark_kind(const void* mark);
// Pushes the mark of `kind` to store in a proxy's metatable at kProxyKindKey:
// a light userdata, which a rules table cannot hold.
void push_proxy_mark(lua_State* L, ProxyKind kind);

// Pushes what a raw read of the value at `idx` sees: a frozen table's
// contents, any other value itself. (A vars view has no Lua contents: read
// it through its metamethods.)
void push_raw_view(lua_State* L, int idx);

// Replaces the value on top of the stack, read raw from a frozen table's
// contents, with the frozen table it is the contents of, if it is one (a
// global the rules only index holds its table's contents: freeze.cc).
// `proxies` indexes the registry's "cardboard.proxy_of" (contents -> frozen table).
void show_frozen(lua_State* L, int proxies);

}  // namespace cardboard
