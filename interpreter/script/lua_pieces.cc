// The pieces module: what a piece is (its type's printed values) and where it
// is, sums and counts over a location, and moving pieces. Pieces are named in
// Lua by integer ids; locations and sides by their id strings.
#include <algorithm>
#include <new>
#include <string>
#include <vector>

#include "core/visibility.h"
#include "script/game.h"
#include "script/lua_api.h"
#include "script/proxy.h"
#include "script/state_bytes.h"

namespace cardboard {

namespace {

// A filter {owner=, type=, kind=, has=, marked=}: a table read at each call,
// or a compiled filter (pieces.filter) read once. Strings point into the
// table or the compiled filter, both alive on the Lua stack during the call.
struct Filter {
  int owner = -2;  // -2: any
  int type = -1;
  const char* kind = nullptr;
  const char* has = nullptr;
  const char* marked = nullptr;
  const std::vector<int8_t>* type_passes = nullptr;  // compiled: kind and has decided per piece type
};

constexpr const char* kCompiledFilter = "cardboard.filter";

// The upvalues every function of the module shares (see open_lua_pieces):
// the compiled filters' metatable, and the ids and names of piece types and
// the ids of locations as Lua strings made once, so pushing one is an array
// read rather than hashing the text again.
const int kFilterMetatable = lua_upvalueindex(1);
const int kTypeIds = lua_upvalueindex(2);
const int kTypeNames = lua_upvalueindex(3);
const int kLocationIds = lua_upvalueindex(4);
const int kValueKeys = lua_upvalueindex(5);   // printed value key -> its number in ValueIndex
const int kValueIndex = lua_upvalueindex(6);  // the ValueIndex

// The printed values of every piece type by key number: a look-up from Lua
// is one read of kValueKeys and one of this array, not a search by text.
struct ValueIndex {
  size_t keys = 0;
  std::vector<const Value*> cells;  // [type * keys + key], nullptr where the type has no such value
  const Value* at(int type, int key) const { return cells[static_cast<size_t>(type) * keys + key]; }
};

// The number of the key at `arg` (a string), or -1 when no type has it.
int value_key(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING) luaL_checklstring(L, arg, nullptr);  // a number becomes its text
  lua_pushvalue(L, arg);
  const int key = lua_rawget(L, kValueKeys) == LUA_TNUMBER ? static_cast<int>(lua_tointeger(L, -1)) : -1;
  lua_pop(L, 1);
  return key;
}

const ValueIndex& value_index(lua_State* L) { return *static_cast<const ValueIndex*>(lua_touserdata(L, kValueIndex)); }

int value_index_gc(lua_State* L) {
  static_cast<ValueIndex*>(lua_touserdata(L, 1))->~ValueIndex();
  return 0;
}

// Pushes the key table and the ValueIndex of `d` (the upvalues 5 and 6).
void push_value_index(lua_State* L, const GameDef& d) {
  std::vector<std::string_view> keys;
  for (const auto& t : d.types)
    for (const auto& [k, v] : t.values.entries)
      if (k.index() == 1) keys.push_back(std::get<1>(k));
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  lua_createtable(L, 0, static_cast<int>(keys.size()));
  for (size_t i = 0; i < keys.size(); ++i) {
    lua_pushlstring(L, keys[i].data(), keys[i].size());
    lua_pushinteger(L, static_cast<lua_Integer>(i));
    lua_rawset(L, -3);
  }
  auto* index = static_cast<ValueIndex*>(lua_newuserdatauv(L, sizeof(ValueIndex), 0));
  new (index) ValueIndex();
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, value_index_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  index->keys = keys.size();
  index->cells.assign(d.types.size() * keys.size(), nullptr);
  for (size_t t = 0; t < d.types.size(); ++t)
    for (size_t k = 0; k < keys.size(); ++k) index->cells[t * keys.size() + k] = d.types[t].values.find(keys[k]);
}

// A compiled filter: the fields of its table, and for every piece type
// whether it passes the type-level fields (kind, has).
struct CompiledFilter {
  int owner = -2;
  int type = -1;
  std::string marked;
  bool has_marked = false;
  std::vector<int8_t> type_passes;
};

Filter read_filter_table(lua_State* L, int arg) {
  Filter f;
  const GameDef& d = game_of(L).def();
  // Walk the (small) filter table once rather than looking up every key; a
  // frozen filter (a constant of the rules) through its contents. The
  // strings stay alive in the contents, which the frozen table keeps.
  push_raw_view(L, arg);
  const int t = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    size_t klen = 0;
    const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &klen) : "";
    const char* val = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
    if (!val) luaL_argerror(L, arg, lua_pushfstring(L, "filter field '%s' must be a string", key));
    const std::string_view k(key, klen);
    if (k == "owner") {
      f.owner = find_side_arg(L, lua_gettop(L));
      if (f.owner < 0) luaL_argerror(L, arg, lua_pushfstring(L, "no such side: '%s'", val));
    } else if (k == "type") {
      f.type = d.find_type(val);
      if (f.type < 0) luaL_argerror(L, arg, lua_pushfstring(L, "no such piece type: '%s'", val));
    } else if (k == "kind") {
      f.kind = val;
    } else if (k == "has") {
      f.has = val;
    } else if (k == "marked") {
      f.marked = val;
    } else {
      luaL_argerror(L, arg, lua_pushfstring(L, "unknown filter field '%s' (owner, type, kind, has, marked)", key));
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return f;
}

Filter check_filter(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return {};
  if (lua_type(L, arg) == LUA_TUSERDATA) {
    // The metatable is this module's first upvalue: an identity test, no
    // look-up by name.
    const bool compiled = lua_getmetatable(L, arg) && lua_rawequal(L, -1, kFilterMetatable);
    if (!compiled) luaL_typeerror(L, arg, "filter");
    lua_pop(L, 1);
    const auto* c = static_cast<const CompiledFilter*>(lua_touserdata(L, arg));
    Filter f;
    f.owner = c->owner;
    f.type = c->type;
    f.marked = c->has_marked ? c->marked.c_str() : nullptr;
    f.type_passes = &c->type_passes;
    return f;
  }
  luaL_checktype(L, arg, LUA_TTABLE);
  return read_filter_table(L, arg);
}

bool truthy(const Value* v) { return v && !(v->is_bool() && !v->as_bool()); }

bool type_fields_pass(const PieceTypeDef& t, const Filter& f) {
  return !(f.kind && t.kind != f.kind) && !(f.has && !truthy(t.values.find(std::string_view(f.has))));
}

// Applies a filter to the pieces of one call. The type-level fields (kind,
// has) are decided once per piece type: by a compiled filter once and for
// all, else once per call and remembered for it, so a location of many
// pieces costs an array look-up a piece.
class Matcher {
 public:
  Matcher(const Game& g, const Filter& f) : g_(g), f_(f), by_type_(!f.type_passes && (f.kind || f.has)) {
    if (by_type_ && memo_.size() < g.def().types.size()) memo_.resize(g.def().types.size(), -1);
  }
  ~Matcher() {
    for (int t : touched_) memo_[t] = -1;
    touched_.clear();
  }
  Matcher(const Matcher&) = delete;
  Matcher& operator=(const Matcher&) = delete;

  bool operator()(int piece) {
    const PieceState& p = g_.state().pieces[piece];
    if (f_.owner != -2 && p.owner != f_.owner) return false;
    if (f_.type >= 0 && p.type != f_.type) return false;
    if (f_.type_passes && !(*f_.type_passes)[p.type]) return false;
    if (by_type_ && !type_passes(p.type)) return false;
    if (f_.marked && !has_marker(p, f_.marked)) return false;
    return true;
  }

 private:
  bool type_passes(int type) {
    int8_t& known = memo_[type];
    if (known < 0) {
      known = type_fields_pass(g_.def().types[type], f_);
      touched_.push_back(type);
    }
    return known != 0;
  }

  const Game& g_;
  const Filter& f_;
  const bool by_type_;
  static thread_local std::vector<int8_t> memo_;  // per piece type: -1 unknown, 0 fails, 1 passes
  static thread_local std::vector<int> touched_;
};

thread_local std::vector<int8_t> Matcher::memo_;
thread_local std::vector<int> Matcher::touched_;

// pieces.filter(table) -> a compiled filter, accepted wherever a filter
// table is, and read once rather than at every call.
int l_filter(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const Filter f = read_filter_table(L, 1);
  const GameDef& d = game_of(L).def();
  auto* c = static_cast<CompiledFilter*>(lua_newuserdatauv(L, sizeof(CompiledFilter), 0));
  new (c) CompiledFilter();
  luaL_setmetatable(L, kCompiledFilter);
  c->owner = f.owner;
  c->type = f.type;
  if (f.marked) c->marked = f.marked, c->has_marked = true;
  c->type_passes.resize(d.types.size());
  for (size_t t = 0; t < d.types.size(); ++t) c->type_passes[t] = type_fields_pass(d.types[t], f);
  return 1;
}

int filter_gc(lua_State* L) {
  static_cast<CompiledFilter*>(luaL_checkudata(L, 1, kCompiledFilter))->~CompiledFilter();
  return 0;
}

// pieces.at(loc [, filter]) -> array of piece ids, bottom to top
int l_at(lua_State* L) {
  const int loc = check_location(L, 1);
  const Filter f = check_filter(L, 2);
  Game& g = game_of(L);
  const auto& c = g.state().contents[loc];
  charge_pieces(L, c.size());
  Matcher matches(g, f);
  lua_createtable(L, static_cast<int>(c.size()), 0);
  int n = 0;
  for (int id : c)
    if (matches(id)) {
      lua_pushinteger(L, id + 1);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

// pieces.top(loc [, filter]) -> the topmost matching piece, or nil
int l_top(lua_State* L) {
  const int loc = check_location(L, 1);
  const Filter f = check_filter(L, 2);
  Game& g = game_of(L);
  const auto& c = g.state().contents[loc];
  charge_pieces(L, c.size());
  Matcher matches(g, f);
  for (auto it = c.rbegin(); it != c.rend(); ++it)
    if (matches(*it)) {
      lua_pushinteger(L, *it + 1);
      return 1;
    }
  lua_pushnil(L);
  return 1;
}

// pieces.count(loc [, filter]) -> integer
int l_count(lua_State* L) {
  const int loc = check_location(L, 1);
  const Filter f = check_filter(L, 2);
  Game& g = game_of(L);
  lua_Integer n = 0;
  charge_pieces(L, g.state().contents[loc].size());
  Matcher matches(g, f);
  for (int id : g.state().contents[loc]) n += matches(id);
  lua_pushinteger(L, n);
  return 1;
}

// pieces.sum(loc, key [, filter]) -> number, count: the sum of a printed
// value over the matching pieces (missing or non-numeric values count 0), and
// how many pieces match.
int l_sum(lua_State* L) {
  const int loc = check_location(L, 1);
  const int key = value_key(L, 2);
  const Filter f = check_filter(L, 3);
  Game& g = game_of(L);
  int64_t isum = 0;
  double dsum = 0;
  bool real = false;
  lua_Integer n = 0;
  const ValueIndex& values = value_index(L);
  charge_pieces(L, g.state().contents[loc].size());
  Matcher matches(g, f);
  for (int id : g.state().contents[loc]) {
    if (!matches(id)) continue;
    ++n;
    const Value* v = key < 0 ? nullptr : values.at(g.state().pieces[id].type, key);
    if (!v) continue;
    if (v->is_int()) isum += v->as_int();
    else if (v->is_number()) dsum += v->as_number(), real = true;
  }
  if (real) lua_pushnumber(L, dsum + static_cast<double>(isum));
  else lua_pushinteger(L, isum);
  lua_pushinteger(L, n);
  return 2;
}

// pieces.type(p) -> type id
int l_type(lua_State* L) {
  lua_rawgeti(L, kTypeIds, game_of(L).state().pieces[check_piece(L, 1)].type + 1);
  return 1;
}

// pieces.name(p) -> the printed name of its type
int l_name(lua_State* L) {
  lua_rawgeti(L, kTypeNames, game_of(L).state().pieces[check_piece(L, 1)].type + 1);
  return 1;
}

// pieces.kind(p) -> the type's kind (unit, card, marker ...)
int l_kind(lua_State* L) {
  Game& g = game_of(L);
  lua_pushstring(L, g.def().types[g.state().pieces[check_piece(L, 1)].type].kind.c_str());
  return 1;
}

// pieces.value(p, key) -> the printed value, or nil
int l_value(lua_State* L) {
  const int p = check_piece(L, 1);
  const int key = value_key(L, 2);
  const Value* v = key < 0 ? nullptr : value_index(L).at(game_of(L).state().pieces[p].type, key);
  if (v) push_value(L, *v);
  else lua_pushnil(L);
  return 1;
}

// pieces.owner(p) -> side id or nil
int l_owner(lua_State* L) {
  push_side(L, game_of(L).state().pieces[check_piece(L, 1)].owner);
  return 1;
}

// pieces.set_owner(p, side)
int l_set_owner(lua_State* L) {
  const int p = check_piece(L, 1);
  game_of(L).mutable_state().pieces[p].owner = opt_side(L, 2);
  return 0;
}

// pieces.location(p) -> location id, or nil when removed from play
int l_location(lua_State* L) {
  const int loc = game_of(L).state().pieces[check_piece(L, 1)].location;
  if (loc < 0) lua_pushnil(L);
  else lua_rawgeti(L, kLocationIds, loc + 1);
  return 1;
}

// pieces.face(p) -> 0 (front) or 1 (back)
int l_face(lua_State* L) {
  lua_pushinteger(L, game_of(L).state().pieces[check_piece(L, 1)].face);
  return 1;
}

// pieces.flip(p [, face]) -> the new face
int l_flip(lua_State* L) {
  const int p = check_piece(L, 1);
  auto& piece = game_of(L).mutable_state().pieces[p];
  piece.face = lua_isnoneornil(L, 2) ? 1 - piece.face : static_cast<int32_t>(luaL_checkinteger(L, 2) != 0);
  lua_pushinteger(L, piece.face);
  return 1;
}

std::string where_name(const Game& g, int loc) { return loc < 0 ? "play" : g.def().locations[loc].title; }

// pieces.visibility(p) -> "public", "owner" or "nobody" when the piece has a
// visibility of its own, nil when it is seen as its location is
int l_visibility(lua_State* L) {
  const int v = game_of(L).state().pieces[check_piece(L, 1)].visibility;
  if (v < 0) lua_pushnil(L);
  else lua_pushstring(L, visibility_name(static_cast<Visibility>(v)));
  return 1;
}

// pieces.set_visibility(p, visibility [, rule]): "public", "owner" (the
// piece's owner sees it) or "nobody"; nil: seen as its location is again.
// Showing the piece to a side that did not see it is a reveal event.
int l_set_visibility(lua_State* L) {
  const int p = check_piece(L, 1);
  int v = -1;
  if (!lua_isnoneornil(L, 2)) {
    static const char* const names[] = {"public", "owner", "nobody", nullptr};
    v = luaL_checkoption(L, 2, nullptr, names);
  }
  Game& g = game_of(L);
  std::string rule = event_rule(L, 3);
  PieceState& piece = g.mutable_state().pieces[p];
  if (v == static_cast<int>(Visibility::kOwner) && piece.owner < 0)
    return luaL_argerror(L, 2, "a piece with no owner cannot be seen by its owner only");
  const PieceState before = piece;
  piece.visibility = v;
  if (!g.record_events()) return 0;
  // Shown to every side that did not see it: one event, seen by all when
  // everyone sees the piece now, else by the one side it was shown to.
  const auto& d = g.def();
  int shown = 0, to = -1;
  bool all = true;
  for (int side = 0; side < static_cast<int>(d.sides.size()); ++side) {
    const bool now = sees_at(d, piece, piece.location, side);
    all = all && now;
    if (now && !sees_at(d, before, piece.location, side)) ++shown, to = side;
  }
  if (shown > 0)
    g.emit(Event::Kind::kReveal, std::move(rule),
           d.types[piece.type].name + " revealed at " + where_name(g, piece.location), all || shown > 1 ? -1 : to);
  return 0;
}

// pieces.mark(p, marker [, on]) -> whether it had the marker before
int l_mark(lua_State* L) {
  const int p = check_piece(L, 1);
  const bool on = lua_isnone(L, 3) ? true : lua_toboolean(L, 3);
  const std::string marker = luaL_checkstring(L, 2);
  Game& g = game_of(L);
  // The markers are a sorted list: adding or removing one moves those after it.
  const auto& markers = g.state().pieces[p].markers;
  const auto at = std::lower_bound(markers.begin(), markers.end(), marker);
  const bool had = at != markers.end() && *at == marker;
  if (on != had) {
    g.sandbox().charge(L, markers.end() - at);
    g.sandbox().charge_kernel(L, (on ? 1 : -1) * static_cast<int64_t>(marker_bytes(marker)));
  }
  lua_pushboolean(L, set_marker(g.mutable_state().pieces[p], marker, on));
  return 1;
}

// pieces.marked(p, marker) -> boolean
int l_marked(lua_State* L) {
  const int p = check_piece(L, 1);
  lua_pushboolean(L, has_marker(game_of(L).state().pieces[p], luaL_checkstring(L, 2)));
  return 1;
}

// pieces.counter(p, name) -> integer (0 when unset)
int l_counter(lua_State* L) {
  const int p = check_piece(L, 1);
  Game& g = game_of(L);
  g.sandbox().charge(L, static_cast<int64_t>(g.state().pieces[p].counters.size()));  // a scan
  lua_pushinteger(L, counter(g.state().pieces[p], luaL_checkstring(L, 2)));
  return 1;
}

// pieces.set_counter(p, name, value)
int l_set_counter(lua_State* L) {
  const int p = check_piece(L, 1);
  const std::string name = luaL_checkstring(L, 2);
  const lua_Integer value = luaL_checkinteger(L, 3);
  Game& g = game_of(L);
  // The counters are a list sorted by name, as the markers.
  const auto& counters = g.state().pieces[p].counters;
  const auto at = std::lower_bound(counters.begin(), counters.end(), name,
                                   [](const auto& e, const std::string& n) { return e.first < n; });
  const bool had = at != counters.end() && at->first == name;
  if ((value != 0) != had) {
    g.sandbox().charge(L, counters.end() - at);
    g.sandbox().charge_kernel(L, (value != 0 ? 1 : -1) * static_cast<int64_t>(counter_bytes(name)));
  }
  set_counter(g.mutable_state().pieces[p], name, value);
  return 0;
}

// pieces.create(type, loc [, owner]) -> piece id
int l_create(lua_State* L) {
  Game& g = game_of(L);
  const char* type_id = luaL_checkstring(L, 1);
  const int type = g.def().find_type(type_id);
  if (type < 0) return luaL_argerror(L, 1, lua_pushfstring(L, "no such piece type: '%s'", type_id));
  const int loc = check_location(L, 2);
  const int owner = lua_isnoneornil(L, 3) ? g.def().types[type].owner : check_side(L, 3);
  g.sandbox().charge_kernel(L, static_cast<int64_t>(piece_bytes(PieceState{})));
  push_piece(L, g.mutable_state().create_piece(type, owner, loc));
  return 1;
}

// A move's event is seen by everyone when the piece is public at either end,
// by one side when it is that side's to see at either end (an owner-only
// place, or a piece of its own visibility), and names no piece when it is
// hidden from everyone at both ends.
void emit_move(Game& g, int piece, int from, int to, const std::string& rule, const char* verb,
               Event::Kind kind = Event::Kind::kMove) {
  if (!g.record_events()) return;
  const auto& d = g.def();
  const PieceState& p = g.state().pieces[piece];
  int from_owner = -1, to_owner = -1;
  const Visibility at_from = visibility_at(d, p, from, from_owner);
  const Visibility at_to = visibility_at(d, p, to, to_owner);
  int visible_to = -1;
  std::string name = d.types[p.type].name;
  if (at_from != Visibility::kPublic && at_to != Visibility::kPublic) {
    if (at_to == Visibility::kOwner) visible_to = to_owner;
    else if (at_from == Visibility::kOwner) visible_to = from_owner;
    else name = "a piece";
  }
  // A move that shows the piece to a side that did not see it is a reveal
  // (a chit from a hidden box to the map, a card played from a hand).
  if (kind == Event::Kind::kMove)
    for (int side = 0; side < static_cast<int>(d.sides.size()); ++side)
      if (!sees_at(d, p, from, side) && sees_at(d, p, to, side)) kind = Event::Kind::kReveal;
  g.emit(kind, rule, name + " " + verb + " from " + where_name(g, from) + " to " + where_name(g, to),
         visible_to);
}

// move(p, loc [, rule]): to the top of loc. move(p, nil) removes it from play.
int l_move(lua_State* L) {
  Game& g = game_of(L);
  const int p = check_piece(L, 1);
  const int to = lua_isnil(L, 2) ? -1 : check_location(L, 2);
  const int from = g.state().pieces[p].location;
  if (from >= 0) charge_pieces(L, g.state().contents[from].size());  // taken out of its list
  g.mutable_state().move(p, to);
  emit_move(g, p, from, to, event_rule(L, 3), "moved");
  return 0;
}

}  // namespace

// Shared with the decks module: a draw is a move with its own verb.
void emit_draw(Game& g, int piece, int from, int to, const std::string& rule) {
  emit_move(g, piece, from, to, rule, "drawn", Event::Kind::kDraw);
}

void open_lua_pieces(lua_State* L) {
  const GameDef& d = game_of(L).def();
  auto push_texts = [L](size_t n, auto text_of) {
    lua_createtable(L, static_cast<int>(n), 0);
    for (size_t i = 0; i < n; ++i) {
      const std::string& t = text_of(i);
      lua_pushlstring(L, t.data(), t.size());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
  };
  lua_newtable(L);  // the module
  luaL_newmetatable(L, kCompiledFilter);
  lua_pushcfunction(L, filter_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushliteral(L, "filter");
  lua_setfield(L, -2, "__name");
  push_texts(d.types.size(), [&](size_t i) -> const std::string& { return d.types[i].id; });
  push_texts(d.types.size(), [&](size_t i) -> const std::string& { return d.types[i].name; });
  push_texts(d.locations.size(), [&](size_t i) -> const std::string& { return d.locations[i].id; });
  push_value_index(L, d);
  static const luaL_Reg fns[] = {
      {"at", l_at},         {"top", l_top},           {"filter", l_filter},   {"count", l_count},       {"sum", l_sum},         {"type", l_type},
      {"name", l_name},     {"kind", l_kind},         {"value", l_value},     {"owner", l_owner},
      {"set_owner", l_set_owner}, {"location", l_location}, {"face", l_face},   {"flip", l_flip},
      {"visibility", l_visibility}, {"set_visibility", l_set_visibility},
      {"mark", l_mark},     {"marked", l_marked},     {"counter", l_counter}, {"set_counter", l_set_counter},
      {"create", l_create}, {"move", l_move},         {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 6);
  lua_setglobal(L, "pieces");
  lua_register(L, "move", l_move);
}

}  // namespace cardboard
