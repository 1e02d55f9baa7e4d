#include "script/lua_api.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "script/game.h"
#include "script/lua_map.h"
#include "script/proxy.h"
#include "script/state_bytes.h"

namespace cardboard {

void open_lua_api(lua_State* L) {
  open_lua_dice(L);
  open_lua_pieces(L);
  open_lua_decks(L);
  open_lua_tracks(L);
  open_lua_vars(L);
  open_lua_game(L);
  open_lua_map(L, &game_of(L).def());
}

void charge_many_pieces(lua_State* L, size_t n) { sandbox_of(L).charge(L, static_cast<int64_t>(n)); }

void register_module(lua_State* L, const char* name, const luaL_Reg* fns) {
  lua_newtable(L);
  luaL_setfuncs(L, fns, 0);
  lua_setglobal(L, name);
}

namespace {

// A direct-mapped cache from the address of a Lua string to the index of the
// location or side it names. Lua interns short strings, so a name used by the
// rules is nearly always the same address; a hit is confirmed by comparing
// the text, so an address reused by another string after a collection only
// costs a miss.
template <typename Defs>
int cached_lookup(NameCache& cache, const char* s, size_t len, const Defs& defs, const GameDef::NameIndex& index) {
  NameCache::Slot& slot = cache.slots[(reinterpret_cast<uintptr_t>(s) >> 4) % cache.slots.size()];
  if (slot.text == s) {
    const std::string& id = defs[slot.index].id;
    if (id.size() == len && std::memcmp(id.data(), s, len) == 0) return slot.index;
  }
  const auto it = index.find(std::string_view(s, len));
  if (it == index.end()) return -1;
  slot = {s, it->second};
  return it->second;
}

}  // namespace

int check_location(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING) {
    luaL_typeerror(L, arg, "location");
    return -1;
  }
  size_t len = 0;
  const char* s = lua_tolstring(L, arg, &len);
  Game& g = game_of(L);
  const int loc = cached_lookup(g.location_cache(), s, len, g.def().locations, g.def().location_index);
  if (loc < 0) luaL_argerror(L, arg, lua_pushfstring(L, "no such location: '%s'", s));
  return loc;
}

int find_side_arg(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING) return -1;
  size_t len = 0;
  const char* s = lua_tolstring(L, arg, &len);
  Game& g = game_of(L);
  return cached_lookup(g.side_cache(), s, len, g.def().sides, g.def().side_index);
}

int check_piece(lua_State* L, int arg) {
  int isnum = 0;
  const lua_Integer id = lua_tointegerx(L, arg, &isnum);
  if (!isnum) {
    luaL_typeerror(L, arg, "piece");
    return -1;
  }
  const auto n = static_cast<lua_Integer>(game_of(L).state().pieces.size());
  if (id < 1 || id > n) luaL_argerror(L, arg, lua_pushfstring(L, "no such piece: %d", static_cast<int>(id)));
  return static_cast<int>(id - 1);
}

void push_piece(lua_State* L, int piece) {
  if (piece < 0) lua_pushnil(L);
  else lua_pushinteger(L, piece + 1);
}

int check_side(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING) {
    luaL_typeerror(L, arg, "side");
    return -1;
  }
  const int side = find_side_arg(L, arg);
  if (side < 0) luaL_argerror(L, arg, lua_pushfstring(L, "no such side: '%s'", lua_tostring(L, arg)));
  return side;
}

int opt_side(lua_State* L, int arg) { return lua_isnoneornil(L, arg) ? -1 : check_side(L, arg); }

void push_side(lua_State* L, int side) {
  if (side < 0) lua_pushnil(L);
  else lua_pushstring(L, game_of(L).def().sides[side].id.c_str());
}

std::string event_rule(lua_State* L, int arg) {
  // Events are kernel-side bytes too: past the memory cap, no more of them.
  Sandbox& sb = sandbox_of(L);
  if (sb.limit_hit() != Sandbox::Limit::kNone) sb.raise_limit(L);
  const int t = lua_type(L, arg);
  if (t != LUA_TNONE && t != LUA_TNIL && t != LUA_TSTRING) luaL_checklstring(L, arg, nullptr);  // a number passes
  return game_of(L).record_events() ? opt_rule(L, arg) : std::string();
}

std::string opt_rule(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return {};
  size_t len = 0;
  const char* s = luaL_checklstring(L, arg, &len);
  return std::string(s, len);
}

void push_value(lua_State* L, const Value& v) {
  if (v.is_bool()) lua_pushboolean(L, v.as_bool());
  else if (v.is_int()) lua_pushinteger(L, v.as_int());
  else if (v.is_number()) lua_pushnumber(L, v.as_number());
  else if (v.is_string()) lua_pushlstring(L, v.as_string().data(), v.as_string().size());
  else if (v.is_table()) {
    luaL_checkstack(L, 3, "value too deeply nested");
    const auto& t = v.as_table();
    lua_createtable(L, 0, static_cast<int>(t.entries.size()));
    for (const auto& [k, x] : t.entries) {
      if (k.index() == 0) lua_pushinteger(L, std::get<0>(k));
      else lua_pushlstring(L, std::get<1>(k).data(), std::get<1>(k).size());
      push_value(L, x);
      lua_rawset(L, -3);
    }
  } else lua_pushnil(L);
}

namespace {

// Builds a Value from Lua, charging its estimated kernel-side bytes to the
// memory cap as it grows (a value too big stops early, not after it was
// copied), and releasing that charge when done: the caller charges what it
// keeps.
class ValueBuilder {
 public:
  explicit ValueBuilder(lua_State* L) : L_(L), sandbox_(sandbox_of(L)) {}
  ~ValueBuilder() {
    if (charged_ > 0) sandbox_.charge_kernel(L_, -charged_);
  }
  ValueBuilder(const ValueBuilder&) = delete;
  ValueBuilder& operator=(const ValueBuilder&) = delete;

  Value build(int idx, int depth) {
    idx = lua_absindex(L_, idx);
    switch (lua_type(L_, idx)) {
      case LUA_TNIL: return Value();
      case LUA_TBOOLEAN: return Value(static_cast<bool>(lua_toboolean(L_, idx)));
      case LUA_TNUMBER:
        if (lua_isinteger(L_, idx)) return Value(static_cast<int64_t>(lua_tointeger(L_, idx)));
        return Value(lua_tonumber(L_, idx));
      case LUA_TSTRING: {
        size_t len = 0;
        const char* s = lua_tolstring(L_, idx, &len);
        account(len);
        return Value(std::string(s, len));
      }
      case LUA_TTABLE: return table(idx, depth);
      default:
        luaL_error(L_, "cannot store a %s in the game state: only nil, booleans, numbers, strings and tables",
                   luaL_typename(L_, idx));
        return Value();
    }
  }

 private:
  Value table(int idx, int depth) {
    if (depth > 32) luaL_error(L_, "value too deeply nested to store (more than 32 levels)");
    if (proxy_kind(L_, idx) == ProxyKind::kVars) {
      Value copy = vars_view_value(L_, idx);
      account(value_bytes(copy));
      return copy;
    }
    luaL_checkstack(L_, 4, "value too deeply nested");
    push_raw_view(L_, idx);  // a frozen table stores its contents
    const int t = lua_gettop(L_);
    Table out;
    lua_pushnil(L_);
    while (lua_next(L_, t)) {
      Value::Key key;
      if (lua_type(L_, -2) == LUA_TNUMBER && lua_isinteger(L_, -2)) {
        key = static_cast<int64_t>(lua_tointeger(L_, -2));
      } else if (lua_type(L_, -2) == LUA_TSTRING) {
        size_t len = 0;
        const char* s = lua_tolstring(L_, -2, &len);
        key = std::string(s, len);
        account(len);
      } else {
        luaL_error(L_, "cannot store a table with a %s key: use integer or string keys", luaL_typename(L_, -2));
      }
      Value v = build(-1, depth + 1);
      account(sizeof(Value::Key) + sizeof(Value));
      out.entries.emplace_back(std::move(key), std::move(v));
      lua_pop(L_, 1);
    }
    lua_pop(L_, 1);
    // Sorted once (Lua's order is its hash order): n log n, not an insertion each.
    const auto n = static_cast<int64_t>(out.entries.size());
    sandbox_.charge(L_, n * (std::bit_width(static_cast<uint64_t>(n)) + 1) / 8);
    std::sort(out.entries.begin(), out.entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return Value(std::move(out));
  }

  void account(size_t bytes) {
    pending_ += static_cast<int64_t>(bytes);
    if (pending_ < kChargeEvery) return;
    charged_ += pending_;
    const int64_t now = pending_;
    pending_ = 0;
    sandbox_.charge_kernel(L_, now);
  }

  static constexpr int64_t kChargeEvery = 64 << 10;
  lua_State* L_;
  Sandbox& sandbox_;
  int64_t pending_ = 0;
  int64_t charged_ = 0;
};

}  // namespace

Value check_value(lua_State* L, int idx) {
  ValueBuilder builder(L);
  return builder.build(idx, 0);
}

}  // namespace cardboard
