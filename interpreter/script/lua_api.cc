#include "script/lua_api.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/decision.h"
#include "script/lua_map.h"
#include "script/runtime.h"
#include "script/sandbox.h"
#include "script/proxy.h"
#include "script/state_bytes.h"

namespace cardboard {

namespace {

// The registry's table anchoring the strings of the format cache (runtime.h).
constexpr const char* kFormatAnchors = "cardboard.formats";

}  // namespace

void open_lua_api(lua_State* L) {
  // The ids of locations and sides, anchored for the state's life in a
  // table of the registry, are found by the address of their strings.
  Runtime& rt = runtime_of(L);
  const GameDef& d = rt.def();
  rt.set_short_string_limit(short_string_limit(L));
  lua_createtable(L, static_cast<int>(d.locations.size() + d.sides.size()), 0);
  for (size_t i = 0; i < d.locations.size(); ++i)
    rt.location_names().add(L, -1, d.locations[i].id, static_cast<int>(i), rt.short_string_limit());
  for (size_t i = 0; i < d.sides.size(); ++i)
    rt.side_names().add(L, -1, d.sides[i].id, static_cast<int>(i), rt.short_string_limit());
  lua_setfield(L, LUA_REGISTRYINDEX, kNameAnchors);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kFormatAnchors);
  open_lua_dice(L);
  open_lua_pieces(L);
  open_lua_decks(L);
  open_lua_tracks(L);
  open_lua_vars(L);
  open_lua_game(L);
  open_lua_map(L, &runtime_of(L).def());
  open_lua_movement(L);
  open_lua_supply(L);
  open_lua_sight(L);
  open_lua_retreat(L);
  open_lua_combat(L);
  open_lua_fog(L);
}

void charge_many_pieces(lua_State* L, size_t n) { sandbox_of(L).charge(L, static_cast<int64_t>(n)); }

void register_module(lua_State* L, const char* name, const luaL_Reg* fns) {
  lua_newtable(L);
  luaL_setfuncs(L, fns, 0);
  lua_setglobal(L, name);
}

namespace {

// The index of the location or side named by the string at `idx` (of
// `len` bytes at `s`), by its text: an id too long to be interned, or no id.
int find_by_text(const char* s, size_t len, const GameDef::NameIndex& index) {
  const auto it = index.find(std::string_view(s, len));
  return it == index.end() ? -1 : it->second;
}

}  // namespace

namespace {

// "pieces.count": the kernel module holding the running C function, by a
// walk of the modules (an error's words only), else Lua's name for it.
std::string running_function(lua_State* L) {
  lua_Debug ar;
  if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "nf", &ar)) return "this function";
  const int fn = lua_gettop(L);
  std::string found = ar.name ? ar.name : "this function";
  for (const char* module : {"pieces", "track", "deck", "cup", "stacking", "map", "combat", "game", "supply", "sight",
                             "fog", "retreat", "kit", "math"}) {
    if (lua_getglobal(L, module) != LUA_TNIL) {
      push_raw_view(L, -1);
      if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
          const bool same = lua_rawequal(L, -1, fn) && lua_type(L, -2) == LUA_TSTRING;
          if (same) found = std::string(module) + "." + lua_tostring(L, -2);
          lua_pop(L, 1);
          if (same) {
            lua_pop(L, 1);
            break;
          }
        }
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (found.find('.') != std::string::npos) break;
  }
  lua_settop(L, fn - 1);
  return found;
}

}  // namespace

void refuse_loading(lua_State* L, const char* name_given) {
  const std::string name = name_given ? name_given : running_function(L);
  luaL_error(L, "%s reads or changes the game, which does not exist while the rules load: call it from a function "
                "the sequence of play runs (a step, setup), not from a file's top level",
             name.c_str());
  std::abort();  // not reached: luaL_error raises
}

int check_location(lua_State* L, int arg) {
  // Nearly always an anchored id (rules name locations with literals).
  Runtime& g = runtime_of(L);
  if (g.rules_loading()) refuse_loading(L, nullptr);
  if (const int loc = g.location_names().find(L, arg); loc >= 0) return loc;
  if (lua_type(L, arg) != LUA_TSTRING) {
    luaL_typeerror(L, arg, "location");
    return -1;
  }
  size_t len = 0;
  const char* s = lua_tolstring(L, arg, &len);
  const int loc = find_by_text(s, len, g.def().location_index);
  if (loc < 0) luaL_argerror(L, arg, lua_pushfstring(L, "no such location: '%s'", s));
  return loc;
}

int find_side_arg(lua_State* L, int arg) {
  Runtime& g = runtime_of(L);
  if (const int side = g.side_names().find(L, arg); side >= 0) return side;
  if (lua_type(L, arg) != LUA_TSTRING) return -1;
  size_t len = 0;
  const char* s = lua_tolstring(L, arg, &len);
  return find_by_text(s, len, g.def().side_index);
}

int check_piece(lua_State* L, int arg) {
  int isnum = 0;
  const lua_Integer id = lua_tointegerx(L, arg, &isnum);
  if (!isnum) {
    luaL_typeerror(L, arg, "piece");
    return -1;
  }
  const Runtime& rt = runtime_of(L);
  if (rt.rules_loading()) refuse_loading(L, nullptr);
  const auto n = static_cast<lua_Integer>(rt.state().pieces.size());
  if (id < 1 || id > n) luaL_argerror(L, arg, lua_pushfstring(L, "no such piece: %d", static_cast<int>(id)));
  if (rt.view_sees() && !(*rt.view_sees())[id - 1])
    luaL_argerror(L, arg, lua_pushfstring(L, "piece %d is hidden from this view's side (a view reads what its side sees)",
                                          static_cast<int>(id)));
  return static_cast<int>(id - 1);
}

void push_piece(lua_State* L, int piece) {
  if (piece < 0) lua_pushnil(L);
  else lua_pushinteger(L, piece + 1);
}

void push_pieces(lua_State* L, const std::vector<int>& ids) {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  for (size_t i = 0; i < ids.size(); ++i) {
    lua_pushinteger(L, ids[i] + 1);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

int check_side(lua_State* L, int arg) {
  // Nearly always an anchored id (rules name sides with literals).
  if (const int side = runtime_of(L).side_names().find(L, arg); side >= 0) return side;
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
  else lua_pushstring(L, runtime_of(L).def().sides[side].id.c_str());
}

std::string event_rule(lua_State* L, int arg) {
  // Events are kernel-side bytes too: past the memory cap, no more of them.
  Sandbox& sb = sandbox_of(L);
  if (sb.limit_hit() != Sandbox::Limit::kNone) sb.raise_limit(L);
  const int t = lua_type(L, arg);
  if (t != LUA_TNONE && t != LUA_TNIL && t != LUA_TSTRING) luaL_checklstring(L, arg, nullptr);  // a number passes
  return runtime_of(L).recording() ? opt_rule(L, arg) : std::string();
}

std::string opt_rule(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return {};
  size_t len = 0;
  const char* s = luaL_checklstring(L, arg, &len);
  return std::string(s, len);
}

namespace {

// The directives of the format string at `fmt`: kept in the format cache
// (runtime.h), or parsed into `local` when the cache keeps no more.
const FormatCache::Format& format_of(lua_State* L, int fmt, const char* fn, const char* field,
                                     FormatCache::Format& local) {
  FormatCache& cache = runtime_of(L).format_cache();
  if (const int i = cache.ids.find(L, fmt); i >= 0) return cache.kept[static_cast<size_t>(i)];
  size_t len = 0;
  const char* s = lua_tolstring(L, fmt, &len);
  auto parsed = parse_text_format(std::string_view(s, len), fn);
  if (!parsed.ok()) {
    if (field) luaL_error(L, "bad %s to '%s' (%s)", field, fn, parsed.error().message.c_str());
    luaL_argerror(L, fmt, parsed.error().message.c_str());
  }
  const bool keep = cache.kept.size() < FormatCache::kMaxKept && len <= FormatCache::kMaxKeptBytes;
  FormatCache::Format& f = keep ? cache.kept.emplace_back() : local;
  f.classes = std::move(*parsed);
  f.nests = std::find(f.classes.begin(), f.classes.end(), ArgClass::kText) != f.classes.end();
  if (keep) {
    lua_getfield(L, LUA_REGISTRYINDEX, kFormatAnchors);
    cache.ids.add_object(L, -1, fmt, static_cast<int>(cache.kept.size() - 1));
    lua_pop(L, 1);
  }
  return f;
}

}  // namespace

const std::vector<ArgClass>& format_classes(lua_State* L, int fmt, const char* fn, const char* field) {
  return format_of(L, fmt, fn, field, runtime_of(L).format_cache().scratch).classes;
}

namespace {

TextArg any_arg(lua_State* L, int idx) {
  TextArg a;
  switch (lua_type(L, idx)) {
    case LUA_TNIL: break;
    case LUA_TBOOLEAN:
      a.kind = TextArg::Kind::kBool;
      a.integer = lua_toboolean(L, idx);
      break;
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx)) {
        a.kind = TextArg::Kind::kInteger;
        a.integer = lua_tointeger(L, idx);
      } else {
        a.kind = TextArg::Kind::kNumber;
        a.number = lua_tonumber(L, idx);
      }
      break;
    default: {
      // A string as it is; anything else as tostring makes it, now.
      size_t len = 0;
      const char* s = luaL_tolstring(L, idx, &len);
      a.kind = TextArg::Kind::kString;
      a.text.assign(s, len);
      lua_pop(L, 1);
    }
  }
  return a;
}

}  // namespace

namespace {

// Where a text's values are, for messages: arguments of the function
// (`field` null: "bad argument #3 to 'log'"), or the elements of a table
// given as field `field` ("bad prompt to 'ask' (value #2 of the text: ...)").
struct TextPlace {
  lua_State* L;
  const char* fn;
  const char* field;
  int fmt;  // the format's stack index; value k is at fmt + k

  [[noreturn]] void error(int idx, const char* msg) const {
    if (!field) luaL_argerror(L, idx, msg);
    luaL_error(L, "bad %s to '%s' (value #%d of the text: %s)", field, fn, idx - fmt, msg);
    __builtin_unreachable();
  }
  [[noreturn]] void type_error(int idx, const char* expected) const {
    error(idx, lua_pushfstring(L, "%s expected, got %s", expected, luaL_typename(L, idx)));
  }
};

}  // namespace

void read_lazy_text(lua_State* L, int fmt, int last, const char* fn, LazyText* out) {
  read_lazy_text_at(L, fmt, last, fn, nullptr, out);
}

void read_lazy_text_at(lua_State* L, int fmt, int last, const char* fn, const char* field, LazyText* out) {
  fmt = lua_absindex(L, fmt);
  const TextPlace place{L, fn, field, fmt};
  if (lua_type(L, fmt) != LUA_TSTRING) {
    if (field) luaL_error(L, "bad %s to '%s' (its format first: a string expected, got %s)", field, fn, luaL_typename(L, fmt));
    luaL_typeerror(L, fmt, "format string");
  }
  // A format kept in the cache never changes, and one that is not is parsed
  // into this call's own: rules code run meanwhile (a nested text's format,
  // a __tostring that logs) cannot change the directives being read.
  FormatCache::Format own;
  const std::vector<ArgClass>& classes = format_of(L, fmt, fn, field, own).classes;
  const int given = last - fmt;
  if (given < static_cast<int>(classes.size()))
    place.error(last + 1, lua_pushfstring(L, "no value for directive #%d of the format", given + 1));
  if (given > static_cast<int>(classes.size()))
    place.error(fmt + static_cast<int>(classes.size()) + 1,
                lua_pushfstring(L, "the format takes %d value%s", static_cast<int>(classes.size()),
                                classes.size() == 1 ? "" : "s"));
  Runtime& rt = runtime_of(L);
  size_t len = 0;
  const char* f = out ? lua_tolstring(L, fmt, &len) : "";  // the format's text is copied only when kept
  const std::string_view format(f, len);
  // The format is copied directive by directive, so that a %t's own format
  // takes its place.
  size_t copied = 0;
  auto next_directive = [&](size_t from) {
    for (size_t i = from; i < format.size(); ++i) {
      if (format[i] != '%') continue;
      if (i + 1 < format.size() && format[i + 1] == '%') {
        ++i;
        continue;
      }
      return i;
    }
    return format.size();
  };
  size_t at = 0;
  if (out) {
    out->format.clear();
    out->args.clear();
  }
  for (size_t k = 0; k < classes.size(); ++k) {
    const int idx = fmt + 1 + static_cast<int>(k);
    if (out) at = next_directive(k == 0 ? 0 : at + 1);  // where a %t's text goes
    TextArg a;
    switch (classes[k]) {
      case ArgClass::kInteger: {
        int isnum = 0;
        const lua_Integer v = lua_tointegerx(L, idx, &isnum);
        if (!isnum) {
          if (lua_type(L, idx) == LUA_TNUMBER) place.error(idx, "number has no integer representation");
          place.type_error(idx, "number");
        }
        a.kind = TextArg::Kind::kInteger;
        a.integer = v;
        break;
      }
      case ArgClass::kNumber:
        a.kind = TextArg::Kind::kNumber;
        if (lua_type(L, idx) != LUA_TNUMBER) place.type_error(idx, "number");
        a.number = lua_tonumber(L, idx);
        break;
      case ArgClass::kAny:
        if (out) a = any_arg(L, idx);
        break;
      case ArgClass::kPiece: {
        int isnum = 0;
        const lua_Integer id = lua_tointegerx(L, idx, &isnum);
        if (!isnum) place.type_error(idx, "piece");
        if (id < 1 || id > static_cast<lua_Integer>(rt.state().pieces.size()))
          place.error(idx, lua_pushfstring(L, "no such piece: %d", static_cast<int>(id)));
        if (out) a = piece_arg(rt.def(), rt.state(), static_cast<int>(id - 1));
        break;
      }
      case ArgClass::kLocation: {
        int loc = -1;
        if (!lua_isnil(L, idx) && (loc = rt.location_names().find(L, idx)) < 0) {
          if (lua_type(L, idx) != LUA_TSTRING) place.type_error(idx, "location");
          size_t n = 0;
          const char* id = lua_tolstring(L, idx, &n);
          loc = find_by_text(id, n, rt.def().location_index);
          if (loc < 0) place.error(idx, lua_pushfstring(L, "no such location: '%s'", id));
        }
        a = location_arg(loc);
        break;
      }
      case ArgClass::kSide: {
        if (lua_type(L, idx) != LUA_TSTRING) place.type_error(idx, "side");
        const int side = find_side_arg(L, idx);
        if (side < 0) place.error(idx, lua_pushfstring(L, "no such side: '%s'", lua_tostring(L, idx)));
        a.kind = TextArg::Kind::kSide;
        a.integer = side;
        break;
      }
      case ArgClass::kType: {
        const char* id = lua_type(L, idx) == LUA_TSTRING ? lua_tostring(L, idx) : nullptr;
        const int t = id ? rt.def().find_type(id) : -1;
        if (!id) place.type_error(idx, "piece type");
        if (t < 0) place.error(idx, lua_pushfstring(L, "no such piece type: '%s'", id));
        a.kind = TextArg::Kind::kType;
        a.integer = t;
        break;
      }
      case ArgClass::kText: {
        if (lua_type(L, idx) != LUA_TTABLE) place.type_error(idx, "text {format, values...}");
        LazyText nested;
        read_text_field(L, idx, fn, "text", out ? &nested : nullptr);
        if (out) {
          out->format.append(format.substr(copied, at - copied));
          out->format += nested.format;
          out->args.insert(out->args.end(), nested.args.begin(), nested.args.end());
          copied = at + 2;
        }
        continue;
      }
    }
    if (out) out->args.push_back(std::move(a));
  }
  if (out) out->format.append(format.substr(copied));
}

// Makes the table at `idx` readable raw, as the kernel reads the tables it is given: a frozen
// table (a constant of the rules) becomes its contents, a view of vars a
// plain copy (script/proxy.h). A table of the step's own is left alone,
// after one look at its metatable.
ProxyKind make_raw_readable(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  // One look at the metatable and its mark (proxy.h): this runs on every
  // list the kernel is given.
  if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return ProxyKind::kNone;
  const ProxyKind kind = lua_rawgeti(L, -1, kProxyKindKey) == LUA_TLIGHTUSERDATA ? proxy_mark_kind(lua_touserdata(L, -1))
                                                                                 : ProxyKind::kNone;
  switch (kind) {
    case ProxyKind::kNone: lua_pop(L, 2); break;
    case ProxyKind::kFrozen:
      lua_rawgeti(L, -2, kProxyContentsKey);
      lua_replace(L, idx);
      lua_pop(L, 2);
      break;
    case ProxyKind::kVars:
      lua_pop(L, 2);
      push_value(L, check_value(L, idx));
      lua_replace(L, idx);
      break;
  }
  return kind;
}

void read_text_field(lua_State* L, int idx, const char* fn, const char* what, LazyText* out) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TSTRING) {
    read_lazy_text(L, idx, idx, fn, out);
    return;
  }
  if (lua_type(L, idx) != LUA_TTABLE)
    luaL_error(L, "bad %s to '%s' (a string or a table {format, values...} expected, got %s)", what, fn,
               luaL_typename(L, idx));
  make_raw_readable(L, idx);
  const int n = static_cast<int>(lua_rawlen(L, idx));
  if (n < 1) luaL_error(L, "bad %s to '%s' (a table {format, values...} needs its format first)", what, fn);
  luaL_checkstack(L, n + 2, "too many values in a text");
  const int first = lua_gettop(L) + 1;
  for (int i = 1; i <= n; ++i) lua_rawgeti(L, idx, i);
  read_lazy_text_at(L, first, first + n - 1, fn, what, out);
  lua_settop(L, first - 1);
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
  // A scalar needs no builder: nothing is charged while it is read.
  switch (lua_type(L, idx)) {
    case LUA_TNIL: return Value();
    case LUA_TBOOLEAN: return Value(static_cast<bool>(lua_toboolean(L, idx)));
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx)) return Value(static_cast<int64_t>(lua_tointeger(L, idx)));
      return Value(lua_tonumber(L, idx));
    default: break;
  }
  ValueBuilder builder(L);
  return builder.build(idx, 0);
}

}  // namespace cardboard
