// The pieces module: what a piece is (its type's printed values) and where it
// is, sums and counts over a location, and moving pieces. Pieces are named in
// Lua by integer ids; locations and sides by their id strings.
#include <algorithm>
#include <cmath>
#include <array>
#include <bit>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "core/printed_values.h"
#include "core/visibility.h"
#include "core/decision.h"
#include "script/anchored_names.h"
#include "script/lua_api.h"
#include "script/runtime.h"
#include "script/sandbox.h"
#include "script/proxy.h"
#include "script/state_bytes.h"

namespace cardboard {

namespace {

// A value a filter asks for: a boolean, a number or a text (pointing into
// the filter's table, alive on the Lua stack during the call).
struct Wanted {
  enum class Kind : uint8_t { kBool, kNumber, kText } kind = Kind::kBool;
  bool boolean = false;
  double number = 0;
  std::string_view text;
};

// A test of a printed value (the filter fields values, not_values and
// at_least): the value of key number `key` (-1: no type prints it) on the
// piece's face is one of `values`, none of them, or a number at least `min`.
struct ValueTest {
  enum class Op : uint8_t { kOneOf, kNoneOf, kAtLeast };
  int key = -1;
  Op op = Op::kOneOf;
  std::vector<Wanted> values;
  double min = 0;
};

// A filter {owner=, type=, kind=, has=, lacks=, marked=, unmarked=, face=,
// not_face=, values=, not_values=, at_least=}: a table read at each call, or
// a compiled filter (pieces.filter) read once. Strings point into the table
// or the compiled filter, both alive on the Lua stack during the call.
struct Filter {
  int owner = -2;  // -2: any
  int type = -1;
  const char* kind = nullptr;
  const char* has = nullptr;
  const char* lacks = nullptr;
  const char* marked = nullptr;
  const char* unmarked = nullptr;
  // face: the piece shows one of these faces; not_face: none of these.
  std::vector<std::string_view> faces, not_faces;
  bool by_face = false;                              // face or not_face given
  const std::vector<int8_t>* type_passes = nullptr;  // compiled: kind, has and lacks decided per piece type
  bool every_type_passes = false;                    // compiled: type_passes holds no 0
  const std::vector<int8_t>* face_passes = nullptr;  // compiled: face and not_face decided per type and face
  const std::vector<int>* face_rows = nullptr;       // compiled: per type, its first face's place in face_passes
  std::vector<ValueTest> value_tests;                // a table filter's printed-value tests
  const std::vector<int8_t>* row_passes = nullptr;   // compiled: the value tests decided per PrintedValues row
  bool by_value() const { return !value_tests.empty() || row_passes; }
  // Whether it asks only what every side sees of any piece: where it is and
  // whose it is (a hidden piece shows its owner).
  bool public_only() const {
    return type < 0 && !kind && !has && !lacks && !marked && !unmarked && !by_face && !type_passes && !by_value();
  }
};

constexpr const char* kCompiledFilter = "cardboard.filter";

// The upvalues every function of the module shares (see open_lua_pieces):
// the compiled filters' metatable (upvalue 1, which keeps it), and the ids
// and names of piece types and the ids of locations as Lua strings made
// once, so pushing one is an array read rather than hashing the text again.
const int kTypeIds = lua_upvalueindex(2);
const int kTypeNames = lua_upvalueindex(3);
const int kLocationIds = lua_upvalueindex(4);
const int kValueKeys = lua_upvalueindex(5);   // printed value key -> its number in PrintedValues
// (upvalue 6: the userdata that owns the PrintedValues, which the runtime points to)
const int kValueCells = lua_upvalueindex(7);  // the printed strings as Lua strings, by cell + 1

}  // namespace

// The printed values of every piece type by key number, and the number of a
// key by the address of the Lua string that names it (anchored_names.h:
// rules name a key with a literal, the very string anchored for it): a
// look-up from Lua is an address comparison and one array read, not a
// search by text. A userdata of the module owns it (upvalue 6); the
// runtime points to it.
// A row of cells per piece type, or per face of a type whose faces print
// values of their own (on_face), so a look-up is one index either way.
struct PrintedValues {
  size_t keys = 0;
  size_t rows = 0;
  AnchoredNames by_address;         // key number by the address of its anchored string
  std::vector<const Value*> cells;  // [row * keys + key], nullptr where the row has no such value
  std::vector<int> first_row;       // per type: its row, or its first face's row
  std::vector<uint8_t> by_face;     // per type: 1 when its faces have rows of their own
  // Per key, per row: the location the row's string value names, or -1;
  // made for a key at the first pieces.inside or pieces.holder that asks.
  std::vector<std::vector<int>> named_location;
  size_t row(const PieceState& p) const {
    return static_cast<size_t>(first_row[p.type]) + (by_face[p.type] ? static_cast<size_t>(p.face) : 0);
  }
  size_t cell(const PieceState& p, int key) const { return row(p) * keys + static_cast<size_t>(key); }
};

namespace {

// The number of the key at `arg` (a string), or -1 when no type has it.
int value_key(lua_State* L, int arg, PrintedValues& index) {
  if (const int key = index.by_address.find(L, arg); key >= 0) return key;
  if (lua_type(L, arg) != LUA_TSTRING) luaL_checklstring(L, arg, nullptr);  // a number becomes its text
  // A key too long to be interned, or no key: by its text.
  lua_pushvalue(L, arg);
  const int found = lua_rawget(L, kValueKeys) == LUA_TNUMBER ? static_cast<int>(lua_tointeger(L, -1)) : -1;
  lua_pop(L, 1);
  return found;
}

// The module's PrintedValues (its upvalue 6) through the runtime, which is
// cheaper than reading the upvalue: pieces.value runs a hundred times a game.
PrintedValues& printed_values(lua_State* L) { return *runtime_of(L).printed_values(); }

int printed_values_gc(lua_State* L) {
  static_cast<PrintedValues*>(lua_touserdata(L, 1))->~PrintedValues();
  return 0;
}

// Pushes the key table, the PrintedValues of `d` and the cells' Lua strings
// (the upvalues 5, 6 and 7). Only the strings are made in advance: other
// values cost nothing to push, and a table is copied at each read.
void push_printed_values(lua_State* L, const GameDef& d) {
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
  auto* index = static_cast<PrintedValues*>(lua_newuserdatauv(L, sizeof(PrintedValues), 0));
  new (index) PrintedValues();
  runtime_of(L).set_printed_values(index);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, printed_values_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  index->keys = keys.size();
  Runtime& rt = runtime_of(L);
  lua_getfield(L, LUA_REGISTRYINDEX, kNameAnchors);
  for (size_t k = 0; k < keys.size(); ++k)
    index->by_address.add(L, -1, keys[k], static_cast<int>(k), rt.short_string_limit());
  lua_pop(L, 1);
  int rows = 0;
  for (const auto& t : d.types) {
    index->first_row.push_back(rows);
    index->by_face.push_back(t.on_face.empty() ? 0 : 1);
    rows += t.on_face.empty() ? 1 : static_cast<int>(t.faces.size());
  }
  index->rows = static_cast<size_t>(rows);
  index->cells.assign(static_cast<size_t>(rows) * keys.size(), nullptr);
  for (size_t t = 0; t < d.types.size(); ++t) {
    const PieceTypeDef& type = d.types[t];
    const int faces = index->by_face[t] ? static_cast<int>(type.faces.size()) : 1;
    for (int f = 0; f < faces; ++f) {
      const Table* own = index->by_face[t] ? face_values(type, f) : nullptr;
      const size_t row = static_cast<size_t>(index->first_row[t] + f);
      for (size_t k = 0; k < keys.size(); ++k) {
        const Value* v = own ? own->find(keys[k]) : nullptr;
        index->cells[row * keys.size() + k] = v ? v : type.values.find(keys[k]);
      }
    }
  }
  lua_createtable(L, static_cast<int>(index->cells.size()), 0);
  for (size_t c = 0; c < index->cells.size(); ++c) {
    const Value* v = index->cells[c];
    if (!v || !v->is_string()) continue;
    push_value(L, *v);
    lua_rawseti(L, -2, static_cast<lua_Integer>(c + 1));
  }
}

// A compiled filter: the fields of its table, and for every piece type
// whether it passes the type-level fields (kind, has, lacks).
struct CompiledFilter {
  int owner = -2;
  int type = -1;
  std::string marked, unmarked;
  bool has_marked = false, has_unmarked = false;
  std::vector<int8_t> type_passes;
  bool every_type_passes = false;  // no type-level field rules a type out: no test a piece
  std::vector<int8_t> face_passes;  // empty without face or not_face
  std::vector<int> face_rows;
  std::vector<int8_t> row_passes;   // per PrintedValues row; empty without values, not_values or at_least
};

// Whether printed value `v` (nullptr: none) passes test `t`. Numbers compare
// by value, an integer with a float alike.
bool value_passes(const ValueTest& t, const Value* v) {
  const bool numeric = v && (v->is_int() || v->is_number());
  const double n = !numeric ? 0 : v->is_int() ? static_cast<double>(v->as_int()) : v->as_number();
  if (t.op == ValueTest::Op::kAtLeast) return numeric && n >= t.min;
  bool listed = false;
  for (const Wanted& want : t.values) {
    switch (want.kind) {
      case Wanted::Kind::kBool: listed = listed || (v && v->is_bool() && v->as_bool() == want.boolean); break;
      case Wanted::Kind::kNumber: listed = listed || (numeric && n == want.number); break;
      case Wanted::Kind::kText: listed = listed || (v && v->is_string() && v->as_string() == want.text); break;
    }
  }
  return t.op == ValueTest::Op::kOneOf ? listed : !listed;
}

// Whether a piece whose printed values are row `row` of `values` passes every test.
bool row_passes(const PrintedValues& values, size_t row, const std::vector<ValueTest>& tests) {
  for (const ValueTest& t : tests) {
    const Value* v = t.key >= 0 ? values.cells[row * values.keys + static_cast<size_t>(t.key)] : nullptr;
    if (!value_passes(t, v)) return false;
  }
  return true;
}

// Reads filter field `field` (at the top of the stack), a table of printed
// value keys, into tests: `{key = value or {values}}` for values and
// not_values, `{key = number}` for at_least.
void read_value_tests(lua_State* L, int arg, const char* field, ValueTest::Op op, std::vector<ValueTest>& out) {
  const bool at_least = op == ValueTest::Op::kAtLeast;
  const auto bad = [&] {
    luaL_argerror(L, arg, lua_pushfstring(L, at_least ? "filter field '%s' must be a table {key = number}"
                                                      : "filter field '%s' must be a table {key = value or {values}}",
                                          field));
  };
  if (lua_type(L, -1) != LUA_TTABLE) bad();
  push_raw_view(L, lua_gettop(L));
  const int t = lua_gettop(L);
  PrintedValues& index = printed_values(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) != LUA_TSTRING) bad();
    ValueTest test;
    test.op = op;
    test.key = value_key(L, lua_gettop(L) - 1, index);
    // The text stays alive in the filter's table.
    const auto scalar = [&](int idx) {
      Wanted w;
      switch (lua_type(L, idx)) {
        case LUA_TBOOLEAN: w.boolean = lua_toboolean(L, idx); break;
        case LUA_TNUMBER:
          w.kind = Wanted::Kind::kNumber;
          w.number = lua_tonumber(L, idx);
          if (std::isnan(w.number)) bad();
          break;
        case LUA_TSTRING: {
          size_t len = 0;
          const char* text = lua_tolstring(L, idx, &len);
          w.kind = Wanted::Kind::kText;
          w.text = std::string_view(text, len);
          break;
        }
        default: bad();
      }
      return w;
    };
    if (at_least) {
      if (lua_type(L, -1) != LUA_TNUMBER || std::isnan(lua_tonumber(L, -1))) bad();
      test.min = lua_tonumber(L, -1);
    } else if (lua_type(L, -1) == LUA_TTABLE) {
      push_raw_view(L, lua_gettop(L));
      const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
      if (n == 0 || n > 64) bad();
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, -1, i);
        test.values.push_back(scalar(lua_gettop(L)));
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    } else {
      test.values.push_back(scalar(lua_gettop(L)));
    }
    if (out.size() >= 64) bad();
    out.push_back(std::move(test));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

// The name of face `face` of `t`, or "" for a face it does not name.
std::string_view face_name(const PieceTypeDef& t, int face) {
  return face >= 0 && face < static_cast<int>(t.faces.size()) ? std::string_view(t.faces[face]) : std::string_view();
}

bool face_passes(const Filter& f, std::string_view face) {
  const auto named = [face](const std::vector<std::string_view>& list) {
    return std::find(list.begin(), list.end(), face) != list.end();
  };
  return (f.faces.empty() || named(f.faces)) && !named(f.not_faces);
}

// Reads the value of filter field `key` (at the top of the stack): a face's
// name or an array of names.
void read_face_names(lua_State* L, int arg, const char* key, std::vector<std::string_view>& out) {
  const auto bad = [&] {
    luaL_argerror(L, arg, lua_pushfstring(L, "filter field '%s' must be a face's name or an array of them", key));
  };
  if (lua_type(L, -1) == LUA_TSTRING) {
    size_t len = 0;
    const char* name = lua_tolstring(L, -1, &len);
    out.emplace_back(name, len);
    return;
  }
  if (lua_type(L, -1) != LUA_TTABLE) bad();
  push_raw_view(L, lua_gettop(L));
  const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  if (n == 0 || n > 64) bad();
  for (lua_Integer i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, -1, i) != LUA_TSTRING) bad();
    size_t len = 0;
    const char* name = lua_tolstring(L, -1, &len);
    out.emplace_back(name, len);  // the string stays alive in the table
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

Filter read_filter_table(lua_State* L, int arg) {
  Filter f;
  const GameDef& d = runtime_of(L).def();
  // Walk the (small) filter table once rather than looking up every key; a
  // frozen filter (a constant of the rules) through its contents. The
  // strings stay alive in the contents, which the frozen table keeps.
  push_raw_view(L, arg);
  const int t = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    size_t klen = 0;
    const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &klen) : "";
    const std::string_view k(key, klen);
    if (k == "face" || k == "not_face") {
      read_face_names(L, arg, key, k == "face" ? f.faces : f.not_faces);
      f.by_face = true;
      lua_pop(L, 1);
      continue;
    }
    if (k == "values" || k == "not_values" || k == "at_least") {
      read_value_tests(L, arg, key,
                       k == "values"       ? ValueTest::Op::kOneOf
                       : k == "not_values" ? ValueTest::Op::kNoneOf
                                           : ValueTest::Op::kAtLeast,
                       f.value_tests);
      lua_pop(L, 1);
      continue;
    }
    const char* val = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
    if (!val) luaL_argerror(L, arg, lua_pushfstring(L, "filter field '%s' must be a string", key));
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
    } else if (k == "lacks") {
      f.lacks = val;
    } else if (k == "marked") {
      f.marked = val;
    } else if (k == "unmarked") {
      f.unmarked = val;
    } else {
      luaL_argerror(L, arg,
                    lua_pushfstring(L, "unknown filter field '%s' (owner, type, kind, has, lacks, marked, unmarked, face, not_face, "
                                      "values, not_values, at_least)", key));
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return f;
}

Filter check_filter(lua_State* L, int arg) {
  // A compiled filter is known by its address among those alive (the
  // runtime's set, which pieces.filter and the filters' __gc keep): no
  // metatable to read. Only the kernel makes userdata or light userdata.
  const void* block = lua_touserdata(L, arg);
  const bool compiled = block && runtime_of(L).compiled_filters().contains(block);
  if (!compiled) {
    if (lua_isnoneornil(L, arg)) return {};
    if (lua_type(L, arg) == LUA_TUSERDATA) luaL_typeerror(L, arg, "filter");
    luaL_checktype(L, arg, LUA_TTABLE);
    return read_filter_table(L, arg);
  }
  const auto* c = static_cast<const CompiledFilter*>(block);
  Filter f;
  f.owner = c->owner;
  f.type = c->type;
  f.marked = c->has_marked ? c->marked.c_str() : nullptr;
  f.unmarked = c->has_unmarked ? c->unmarked.c_str() : nullptr;
  f.type_passes = &c->type_passes;
  f.every_type_passes = c->every_type_passes;
  if (!c->face_passes.empty()) {
    f.by_face = true;
    f.face_passes = &c->face_passes;
    f.face_rows = &c->face_rows;
  }
  if (!c->row_passes.empty()) f.row_passes = &c->row_passes;
  return f;
}

bool truthy(const Value* v) { return v && !(v->is_bool() && !v->as_bool()); }

bool type_fields_pass(const PieceTypeDef& t, const Filter& f) {
  return !(f.kind && t.kind != f.kind) && !(f.has && !truthy(t.values.find(std::string_view(f.has)))) &&
         !(f.lacks && truthy(t.values.find(std::string_view(f.lacks))));
}

// Applies a filter to the pieces of one call. The type-level fields (kind,
// has) are decided once per piece type: by a compiled filter once and for
// all, else once per call and remembered for it, so a location of many
// pieces costs an array look-up a piece. The common filters (none, or an
// owner, outside a view) are told apart when the matcher is made, so that a
// piece costs a comparison or nothing.
class Matcher {
 public:
  // `counting`: only how many match is wanted, so in a view a piece its side
  // does not see still counts when the filter asks only what is public.
  Matcher(const Runtime& g, const Filter& f, bool counting = false)
      : g_(g),
        f_(f),
        by_type_(!f.type_passes && (f.kind || f.has || f.lacks)),
        sees_(counting && f.public_only() ? nullptr : g.view_sees()),
        pieces_(g.state().pieces.data()),
        values_(f.by_value() ? g.printed_values() : nullptr),
        owner_only_(!sees_ && f.type < 0 && (!f.type_passes || f.every_type_passes) && !by_type_ && !f.marked &&
                    !f.unmarked && !f.by_face && !f.by_value()) {
    if (by_type_ && memo_.size() < g.def().types.size()) memo_.resize(g.def().types.size(), -1);
  }
  ~Matcher() {
    if (!by_type_) return;  // nothing remembered
    for (int t : touched_) memo_[t] = -1;
    touched_.clear();
  }
  Matcher(const Matcher&) = delete;
  Matcher& operator=(const Matcher&) = delete;

  // Whether every piece matches: no field to test and nothing hidden.
  bool all() const { return owner_only_ && f_.owner == -2; }

  bool operator()(int piece) {
    if (f_.owner != -2 && pieces_[piece].owner != f_.owner) return false;
    return owner_only_ || other_fields(piece);
  }

 private:
  bool other_fields(int piece) {
    if (sees_ && !(*sees_)[piece]) return false;  // in a view, a piece its side does not see is not there
    const PieceState& p = pieces_[piece];
    if (f_.type >= 0 && p.type != f_.type) return false;
    if (f_.type_passes && !(*f_.type_passes)[p.type]) return false;
    if (by_type_ && !type_passes(p.type)) return false;
    if (f_.marked && !has_marker(p, f_.marked)) return false;
    if (f_.unmarked && has_marker(p, f_.unmarked)) return false;
    if (f_.by_face && !shows_face(p)) return false;
    if (values_) {
      const size_t row = values_->row(p);
      if (f_.row_passes ? !(*f_.row_passes)[row] : !row_passes(*values_, row, f_.value_tests)) return false;
    }
    return true;
  }

  bool shows_face(const PieceState& p) const {
    if (f_.face_passes) return (*f_.face_passes)[static_cast<size_t>((*f_.face_rows)[p.type] + p.face)] != 0;
    return face_passes(f_, face_name(g_.def().types[p.type], p.face));
  }

  bool type_passes(int type) {
    int8_t& known = memo_[type];
    if (known < 0) {
      known = type_fields_pass(g_.def().types[type], f_);
      touched_.push_back(type);
    }
    return known != 0;
  }

  const Runtime& g_;
  const Filter& f_;
  const bool by_type_;
  const std::vector<uint8_t>* sees_;
  const PieceState* pieces_;
  const PrintedValues* values_;  // set when the filter tests printed values
  const bool owner_only_;  // the owner is the only field to test
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
  const GameDef& d = runtime_of(L).def();
  auto* c = static_cast<CompiledFilter*>(lua_newuserdatauv(L, sizeof(CompiledFilter), 0));
  new (c) CompiledFilter();
  luaL_setmetatable(L, kCompiledFilter);
  runtime_of(L).compiled_filters().insert(c);
  c->owner = f.owner;
  c->type = f.type;
  if (f.marked) c->marked = f.marked, c->has_marked = true;
  if (f.unmarked) c->unmarked = f.unmarked, c->has_unmarked = true;
  c->type_passes.resize(d.types.size());
  for (size_t t = 0; t < d.types.size(); ++t) c->type_passes[t] = type_fields_pass(d.types[t], f);
  c->every_type_passes = std::find(c->type_passes.begin(), c->type_passes.end(), 0) == c->type_passes.end();
  if (f.by_face) {
    // A row per face of each type, and one more for a face it does not
    // name (a piece's face is always one it names, but a row costs nothing).
    for (const auto& t : d.types) {
      c->face_rows.push_back(static_cast<int>(c->face_passes.size()));
      for (int face = 0; face <= static_cast<int>(t.faces.size()); ++face)
        c->face_passes.push_back(face_passes(f, face_name(t, face)));
    }
  }
  if (!f.value_tests.empty()) {
    // Printed values never change: each row's answer is decided now.
    const PrintedValues& values = printed_values(L);
    c->row_passes.resize(values.rows);
    for (size_t row = 0; row < c->row_passes.size(); ++row) c->row_passes[row] = row_passes(values, row, f.value_tests);
  }
  return 1;
}

int filter_gc(lua_State* L) {
  auto* c = static_cast<CompiledFilter*>(luaL_checkudata(L, 1, kCompiledFilter));
  runtime_of(L).compiled_filters().erase(c);  // before its block can be another's
  c->~CompiledFilter();
  return 0;
}

}  // namespace

void keep_matching(lua_State* L, int arg, std::vector<int>& ids) {
  const Filter f = check_filter(L, arg);
  Matcher matches(runtime_of(L), f);
  if (matches.all()) return;
  ids.erase(std::remove_if(ids.begin(), ids.end(), [&](int id) { return !matches(id); }), ids.end());
}

namespace {

// The location at `arg`, or each location of the array at `arg`, in order.
void check_locations(lua_State* L, int arg, std::vector<int>& out) {
  out.clear();
  refuse_while_loading(L);
  if (lua_type(L, arg) != LUA_TTABLE) {
    out.push_back(check_location(L, arg));
    return;
  }
  push_raw_view(L, arg);  // a frozen list (a constant of the rules) through its contents
  const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  charge_pieces(L, static_cast<size_t>(n));
  Runtime& g = runtime_of(L);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, -1, i);
    int loc = g.location_names().find(L, -1);
    if (loc < 0 && lua_type(L, -1) == LUA_TSTRING) loc = g.def().find_location(lua_tostring(L, -1));
    if (loc < 0) {
      const char* what = luaL_tolstring(L, -1, nullptr);
      luaL_argerror(L, arg, lua_pushfstring(L, "element %d: no such location: '%s'", static_cast<int>(i), what));
    }
    out.push_back(loc);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

// pieces.at(loc or locs [, filter]) -> array of piece ids, bottom to top
// (each location's in turn)
int l_at(lua_State* L) {
  static thread_local std::vector<int> locations;
  check_locations(L, 1, locations);
  const Filter f = check_filter(L, 2);
  Runtime& g = runtime_of(L);
  Matcher matches(g, f);
  // Sized to the matches, not to the location: a pool of hundreds of pieces
  // asked for its few of one kind would otherwise cost a large block a call.
  static thread_local std::vector<int> found;
  found.clear();
  for (int loc : locations) {
    const auto& c = g.state().contents[loc];
    charge_pieces(L, c.size());
    for (int id : c)
      if (matches(id)) found.push_back(id);
  }
  push_pieces(L, found);
  return 1;
}

// pieces.top(loc [, filter]) -> the topmost matching piece, or nil
int l_top(lua_State* L) {
  const int loc = check_location(L, 1);
  const Filter f = check_filter(L, 2);
  Runtime& g = runtime_of(L);
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
  Runtime& g = runtime_of(L);
  const auto& c = g.state().contents[loc];
  charge_pieces(L, c.size());
  Matcher matches(g, f, true);
  auto n = static_cast<lua_Integer>(c.size());
  if (!matches.all()) {
    n = 0;
    for (int id : c) n += matches(id);
  }
  lua_pushinteger(L, n);
  return 1;
}

// pieces.sum(loc, key [, filter]) -> number, count: the sum of a printed
// value over the matching pieces (missing or non-numeric values count 0), and
// how many pieces match.
int l_sum(lua_State* L) {
  const int loc = check_location(L, 1);
  const int key = value_key(L, 2, printed_values(L));
  const Filter f = check_filter(L, 3);
  Runtime& g = runtime_of(L);
  int64_t isum = 0;
  double dsum = 0;
  bool real = false;
  lua_Integer n = 0;
  const PrintedValues& values = printed_values(L);
  charge_pieces(L, g.state().contents[loc].size());
  Matcher matches(g, f);
  for (int id : g.state().contents[loc]) {
    if (!matches(id)) continue;
    ++n;
    const Value* v = key < 0 ? nullptr : values.cells[values.cell(g.state().pieces[id], key)];
    if (!v) continue;
    if (v->is_int()) isum += v->as_int();
    else if (v->is_number()) dsum += v->as_number(), real = true;
  }
  if (real) lua_pushnumber(L, dsum + static_cast<double>(isum));
  else lua_pushinteger(L, isum);
  lua_pushinteger(L, n);
  return 2;
}

// The location the printed value `key` names, by row (PrintedValues), or -1.
const std::vector<int>& named_locations(const GameDef& d, PrintedValues& values, int key) {
  if (values.named_location.empty()) values.named_location.resize(values.keys);
  auto& rows = values.named_location[static_cast<size_t>(key)];
  if (rows.empty()) {
    rows.assign(values.cells.size() / values.keys, -1);
    for (size_t r = 0; r < rows.size(); ++r)
      if (const Value* v = values.cells[r * values.keys + static_cast<size_t>(key)]; v && v->is_string())
        rows[r] = d.find_location(v->as_string());
  }
  return rows;
}

// The pieces pieces.inside(loc or locs, key [, filter]) finds (its
// arguments at 1-3), into `found`: for each location its matching pieces,
// then, for each of its pieces whose printed value `key` names a location
// (a holding box, a transport's hold), the matching pieces there: one level
// deep.
void find_inside(lua_State* L, std::vector<int>& found) {
  static thread_local std::vector<int> locations;
  check_locations(L, 1, locations);
  PrintedValues& values = printed_values(L);
  const int key = value_key(L, 2, values);
  const Filter f = check_filter(L, 3);
  Runtime& g = runtime_of(L);
  const auto& state = g.state();
  Matcher matches(g, f);
  found.clear();
  const auto* names = key >= 0 ? &named_locations(g.def(), values, key) : nullptr;
  const auto* sees = g.view_sees();
  for (int loc : locations) {
    const auto& here = state.contents[loc];
    charge_pieces(L, here.size());
    for (int id : here)
      if (matches(id)) found.push_back(id);
    if (!names) continue;
    for (int holder : here) {
      // A piece its side does not see names no box to a view.
      if (sees && !(*sees)[holder]) continue;
      const int box = (*names)[values.row(state.pieces[holder])];
      if (box < 0) continue;
      charge_pieces(L, state.contents[box].size());
      for (int id : state.contents[box])
        if (matches(id)) found.push_back(id);
    }
  }
}

// pieces.inside(loc or locs, key [, filter]) -> those pieces, in that order.
int l_inside(lua_State* L) {
  static thread_local std::vector<int> found;
  find_inside(L, found);
  push_pieces(L, found);
  return 1;
}

// pieces.count_inside(loc or locs, key [, filter]) -> how many: "does the
// side hold the zone" asks a number, and gets no table.
int l_count_inside(lua_State* L) {
  static thread_local std::vector<int> found;
  find_inside(L, found);
  lua_pushinteger(L, static_cast<lua_Integer>(found.size()));
  return 1;
}

// pieces.vacant(locs [, filter]) -> the locations of the array `locs`, in
// order, where no piece matches: the empty hexes among a set-up's.
int l_vacant(lua_State* L) {
  static thread_local std::vector<int> locations;
  luaL_checktype(L, 1, LUA_TTABLE);
  check_locations(L, 1, locations);
  const Filter f = check_filter(L, 2);
  Runtime& g = runtime_of(L);
  Matcher matches(g, f, true);
  lua_createtable(L, 0, 0);
  lua_Integer n = 0;
  for (int loc : locations) {
    const auto& here = g.state().contents[loc];
    charge_pieces(L, here.size());
    bool taken = false;
    for (size_t i = 0; i < here.size() && !taken; ++i) taken = matches(here[i]);
    if (taken) continue;
    lua_rawgeti(L, kLocationIds, loc + 1);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

// pieces.holder(loc, key) -> the piece (the lowest id) whose printed value
// `key` names loc, or nil: the TF HQ of a holding box, wherever it is.
int l_holder(lua_State* L) {
  const int loc = check_location(L, 1);
  PrintedValues& values = printed_values(L);
  const int key = value_key(L, 2, values);
  Runtime& g = runtime_of(L);
  if (key >= 0) {
    const auto& names = named_locations(g.def(), values, key);
    const auto& all = g.state().pieces;
    const auto* sees = g.view_sees();
    charge_pieces(L, all.size());
    for (size_t id = 0; id < all.size(); ++id) {
      if (sees && !(*sees)[id]) continue;
      if (names[values.row(all[id])] == loc) {
        lua_pushinteger(L, static_cast<lua_Integer>(id + 1));
        return 1;
      }
    }
  }
  lua_pushnil(L);
  return 1;
}

// pieces.type(p) -> type id
int l_type(lua_State* L) {
  lua_rawgeti(L, kTypeIds, runtime_of(L).state().pieces[check_piece(L, 1)].type + 1);
  return 1;
}

// pieces.name(p) -> the printed name of its type
int l_name(lua_State* L) {
  lua_rawgeti(L, kTypeNames, runtime_of(L).state().pieces[check_piece(L, 1)].type + 1);
  return 1;
}

// pieces.kind(p) -> the type's kind (unit, card, marker ...)
int l_kind(lua_State* L) {
  Runtime& g = runtime_of(L);
  lua_pushstring(L, g.def().types[g.state().pieces[check_piece(L, 1)].type].kind.c_str());
  return 1;
}

// pieces.value(p, key) -> the printed value, or nil
int l_value(lua_State* L) {
  const int p = check_piece(L, 1);
  Runtime& rt = runtime_of(L);
  PrintedValues& index = *rt.printed_values();
  const int key = value_key(L, 2, index);
  const size_t cell = key < 0 ? 0 : index.cell(rt.state().pieces[p], key);
  const Value* v = key < 0 ? nullptr : index.cells[cell];
  // A number or a boolean is pushed as it is, a string from the cells made
  // once (no hashing of its text), a table as a fresh copy.
  if (!v) lua_pushnil(L);
  else if (v->is_int()) lua_pushinteger(L, v->as_int());
  else if (v->is_bool()) lua_pushboolean(L, v->as_bool());
  else if (v->is_string()) lua_rawgeti(L, kValueCells, static_cast<lua_Integer>(cell + 1));
  else push_value(L, *v);
  return 1;
}

// pieces.owner(p) -> side id or nil
int l_owner(lua_State* L) {
  push_side(L, runtime_of(L).state().pieces[check_piece(L, 1)].owner);
  return 1;
}

// Who reads of a change to a piece that the sides in `seen_by` (a bit a side)
// see: a side that does not see the piece does not see its face, markers or
// counters (session/view.cc), so it reads nothing of their change either;
// "a hidden chit no longer marked drawn" would tell it which chit was played.
// A change seen by some sides but not one alone goes to the host's log only.
int change_readers(size_t sides, uint32_t seen_by) {
  const uint32_t all = sides >= 32 ? ~uint32_t{0} : (uint32_t{1} << sides) - 1;
  if ((seen_by & all) == all) return Event::kEverySide;
  if (seen_by != 0 && (seen_by & (seen_by - 1)) == 0) return std::countr_zero(seen_by);
  return Event::kNoSide;
}

// The event of a piece that changed: "%P <what>" with the values given,
// read by those who see the piece unless `to_all` (its owner, which a
// hidden piece shows).
void emit_change(Runtime& g, int piece, const std::string& rule, const char* format,
                 std::initializer_list<TextArg> values, bool to_all = false) {
  if (!g.recording()) return;
  LazyText t;
  t.format = format;
  t.args.push_back(piece_arg(g.def(), g.state(), piece));
  t.args.insert(t.args.end(), values);
  const int readers = to_all ? Event::kEverySide : change_readers(g.def().sides.size(), t.args.front().seen_by);
  g.emit(Event::Kind::kChange, rule, std::move(t), readers);
}

// pieces.set_owner(p, side [, rule]): gives the piece to `side` (nil: to none)
int l_set_owner(lua_State* L) {
  const int p = check_piece(L, 1);
  const int side = opt_side(L, 2);
  Runtime& g = runtime_of(L);
  std::string rule = event_rule(L, 3);
  if (g.state().pieces[p].owner != side) g.state().pieces[p].known = 0;
  g.state().pieces[p].owner = side;
  TextArg s;
  s.kind = TextArg::Kind::kSide;
  s.integer = side;
  if (side >= 0) emit_change(g, p, rule, "%P now belongs to %S", {s}, true);
  else emit_change(g, p, rule, "%P now belongs to no side", {}, true);
  return 0;
}

// pieces.location(p) -> location id, or nil when removed from play
int l_location(lua_State* L) {
  const int loc = runtime_of(L).state().pieces[check_piece(L, 1)].location;
  if (loc < 0) lua_pushnil(L);
  else lua_rawgeti(L, kLocationIds, loc + 1);
  return 1;
}

// The faces of a piece's type.
const std::vector<std::string>& faces_of(const Runtime& g, int piece) {
  return g.def().types[g.state().pieces[piece].type].faces;
}

// pieces.face(p) -> the name of the face it shows ("front", "back", or its type's own)
int l_face(lua_State* L) {
  const int p = check_piece(L, 1);
  Runtime& g = runtime_of(L);
  const auto& faces = faces_of(g, p);
  const int f = g.state().pieces[p].face;
  lua_pushstring(L, f >= 0 && f < static_cast<int>(faces.size()) ? faces[f].c_str() : "?");
  return 1;
}

int set_face(lua_State* L, Runtime& g, int p, int face, const std::string& rule) {
  auto& piece = g.state().pieces[p];
  const auto& faces = faces_of(g, p);
  if (piece.face != face) {
    piece.face = face;
    piece.known = 0;
    emit_change(g, p, rule, "%P turned to its %s side", {string_arg(faces[face])});
  }
  lua_pushstring(L, faces[face].c_str());
  return 1;
}

// pieces.set_face(p, face [, rule]) -> the face: shows the named face
int l_set_face(lua_State* L) {
  const int p = check_piece(L, 1);
  const char* name = luaL_checkstring(L, 2);
  Runtime& g = runtime_of(L);
  std::string rule = event_rule(L, 3);
  const auto& faces = faces_of(g, p);
  const auto it = std::find(faces.begin(), faces.end(), name);
  if (it == faces.end()) {
    std::string list;
    for (const auto& f : faces) list += (list.empty() ? "" : ", ") + f;
    return luaL_argerror(L, 2, lua_pushfstring(L, "no face '%s' (the faces of %s are %s)", name,
                                               g.def().types[g.state().pieces[p].type].name.c_str(), list.c_str()));
  }
  return set_face(L, g, p, static_cast<int>(it - faces.begin()), rule);
}

// pieces.flip(p [, rule]) -> the face it shows now: turns a two-faced piece over
int l_flip(lua_State* L) {
  const int p = check_piece(L, 1);
  Runtime& g = runtime_of(L);
  std::string rule = event_rule(L, 2);
  const auto& faces = faces_of(g, p);
  if (faces.size() != 2)
    return luaL_argerror(L, 1, lua_pushfstring(L, "%s has %d faces: name the one to show with pieces.set_face",
                                               g.def().types[g.state().pieces[p].type].name.c_str(),
                                               static_cast<int>(faces.size())));
  return set_face(L, g, p, 1 - g.state().pieces[p].face, rule);
}

// pieces.visibility(p) -> "public", "owner" or "nobody" when the piece has a
// visibility of its own, nil when it is seen as its location is
int l_visibility(lua_State* L) {
  const int v = runtime_of(L).state().pieces[check_piece(L, 1)].visibility;
  if (v < 0) lua_pushnil(L);
  else lua_pushstring(L, visibility_name(static_cast<Visibility>(v)));
  return 1;
}

// pieces.known(p, side) -> whether `side` knows what the piece is: it sees
// it, or saw it and the piece has neither moved nor changed since it was
// hidden where it stands (a player's memory; core/visibility.h)
int l_known(lua_State* L) {
  const int p = check_piece(L, 1);
  const int side = check_side(L, 2);
  Runtime& g = runtime_of(L);
  lua_pushboolean(L, knows_piece(g.def(), g.state(), p, side));
  return 1;
}

// Sets piece `p`'s visibility to `v` (-1: as its location). Showing the
// piece to a side that did not see it is a reveal event; a piece already so
// is left as it is.
// `arg`: the argument that named the visibility, for an error.
void set_visibility_of(lua_State* L, Runtime& g, int p, int v, const std::string& rule, int arg) {
  PieceState& piece = g.state().pieces[p];
  if (v == static_cast<int>(Visibility::kOwner) && piece.owner < 0)
    luaL_argerror(L, arg, lua_pushfstring(L, "piece %d has no owner, so it cannot be seen by its owner only", p + 1));
  if (piece.visibility == v) return;
  const PieceState before = piece;
  piece.visibility = v;
  remember_hidden(g.def(), before, piece);
  if (!g.recording()) return;
  const auto& d = g.def();
  bool shown = false;
  for (int side = 0; side < static_cast<int>(d.sides.size()); ++side)
    shown = shown || (sees_at(d, piece, piece.location, side) && !sees_at(d, before, piece.location, side));
  if (shown) {
    LazyText t;
    t.format = "%P revealed at %L";
    t.args = {piece_arg(d, g.state(), p), location_arg(piece.location)};
    g.emit(Event::Kind::kReveal, std::string(rule), std::move(t));
  }
}

// The visibility named at `arg`: -1 for nil (as its location).
int check_visibility(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return -1;
  static const char* const names[] = {"public", "owner", "nobody", nullptr};
  return luaL_checkoption(L, arg, nullptr, names);
}

// Calls `each(piece)` for the pieces of the array at `arg`, in order,
// checking each as check_piece does (an id of a piece this view's side sees).
template <typename Each>
void for_each_listed_piece(lua_State* L, int arg, Each each) {
  refuse_while_loading(L);
  Runtime& g = runtime_of(L);
  push_raw_view(L, arg);
  const int list = lua_gettop(L);
  const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, list));
  charge_pieces(L, static_cast<size_t>(n));
  const auto count = static_cast<lua_Integer>(g.state().pieces.size());
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, list, i);
    int isnum = 0;
    const lua_Integer id = lua_tointegerx(L, -1, &isnum);
    if (!isnum || id < 1 || id > count) {
      const char* what = luaL_tolstring(L, -1, nullptr);
      luaL_argerror(L, arg, lua_pushfstring(L, "element %d: no such piece: %s", static_cast<int>(i), what));
    }
    if (g.view_sees() && !(*g.view_sees())[id - 1])
      luaL_argerror(L, arg, lua_pushfstring(L, "element %d: piece %d is hidden from this view's side",
                                            static_cast<int>(i), static_cast<int>(id)));
    lua_pop(L, 1);
    each(static_cast<int>(id - 1));
  }
  lua_pop(L, 1);
}

// pieces.set_visibility(p or pieces, visibility [, rule]): "public", "owner"
// (the piece's owner sees it) or "nobody"; nil: seen as its location is
// again. An array of pieces sets each in turn (as pieces.at gives them), so
// that a rule hiding every piece a filter finds takes one call.
int l_set_visibility(lua_State* L) {
  const bool many = lua_type(L, 1) == LUA_TTABLE;
  const int single = many ? -1 : check_piece(L, 1);
  const int v = check_visibility(L, 2);
  Runtime& g = runtime_of(L);
  const std::string rule = event_rule(L, 3);
  if (!many) set_visibility_of(L, g, single, v, rule, 2);
  else for_each_listed_piece(L, 1, [&](int p) { set_visibility_of(L, g, p, v, rule, 2); });
  return 0;
}

// pieces.set_stack_visibility(loc or locs, filter, per_stack, top, rest
// [, rule]): in each location, the pieces that match `filter` (bottom to
// top) stand in stacks of `per_stack`, the bottom stack first; the top piece
// of each stack, and the last piece, are set to visibility `top`, the others
// to `rest`: the stacking convention where the enemy sees each stack's top.
int l_set_stack_visibility(lua_State* L) {
  static thread_local std::vector<int> locations;
  check_locations(L, 1, locations);
  const Filter f = check_filter(L, 2);
  const lua_Integer per_stack = luaL_checkinteger(L, 3);
  if (per_stack < 1) luaL_argerror(L, 3, "a stack holds at least one piece");
  const int top = check_visibility(L, 4);
  const int rest = check_visibility(L, 5);
  Runtime& g = runtime_of(L);
  const std::string rule = event_rule(L, 6);
  Matcher matches(g, f);
  static thread_local std::vector<int> found;
  for (int loc : locations) {
    const auto& c = g.state().contents[loc];
    charge_pieces(L, c.size());
    found.clear();
    for (int id : c)
      if (matches(id)) found.push_back(id);
    const auto n = static_cast<lua_Integer>(found.size());
    for (lua_Integer i = 1; i <= n; ++i) {
      const bool on_top = i % per_stack == 0 || i == n;
      set_visibility_of(L, g, found[static_cast<size_t>(i - 1)], on_top ? top : rest, rule, on_top ? 4 : 5);
    }
  }
  return 0;
}

// Charges the budget and the memory cap for setting marker `m` of `piece`
// on or off: the markers are a sorted list, and adding or removing one moves
// those after it.
void charge_marker(lua_State* L, const PieceState& piece, const std::string& m, bool on) {
  const auto& markers = piece.markers;
  const auto at = std::lower_bound(markers.begin(), markers.end(), m);
  const bool had = at != markers.end() && *at == m;
  if (on == had) return;
  Sandbox& sb = sandbox_of(L);
  sb.charge(L, markers.end() - at);
  sb.charge_kernel(L, (on ? 1 : -1) * static_cast<int64_t>(marker_bytes(m)));
}

// pieces.mark(p, marker [, rule]) -> whether it had the marker before
int l_mark(lua_State* L) {
  const int p = check_piece(L, 1);
  const std::string marker = luaL_checkstring(L, 2);
  Runtime& g = runtime_of(L);
  std::string rule = event_rule(L, 3);
  charge_marker(L, g.state().pieces[p], marker, true);
  const bool had = set_marker(g.state().pieces[p], marker, true);
  if (!had) emit_change(g, p, rule, "%P marked %s", {string_arg(marker)});
  lua_pushboolean(L, had);
  return 1;
}

// pieces.unmark(p, marker [, rule]) -> whether it had the marker before
int l_unmark(lua_State* L) {
  const int p = check_piece(L, 1);
  const std::string marker = luaL_checkstring(L, 2);
  Runtime& g = runtime_of(L);
  std::string rule = event_rule(L, 3);
  charge_marker(L, g.state().pieces[p], marker, false);
  const bool had = set_marker(g.state().pieces[p], marker, false);
  if (had) emit_change(g, p, rule, "%P no longer marked %s", {string_arg(marker)});
  lua_pushboolean(L, had);
  return 1;
}

// pieces.marked(p, marker) -> boolean
int l_marked(lua_State* L) {
  const int p = check_piece(L, 1);
  lua_pushboolean(L, has_marker(runtime_of(L).state().pieces[p], luaL_checkstring(L, 2)));
  return 1;
}

// pieces.counter(p, name) -> integer (0 when unset)
int l_counter(lua_State* L) {
  const int p = check_piece(L, 1);
  Runtime& g = runtime_of(L);
  g.sandbox().charge(L, static_cast<int64_t>(g.state().pieces[p].counters.size()));  // a scan
  lua_pushinteger(L, counter(g.state().pieces[p], luaL_checkstring(L, 2)));
  return 1;
}

// pieces.set_counter(p, name, value [, rule])
int l_set_counter(lua_State* L) {
  const int p = check_piece(L, 1);
  const std::string name = luaL_checkstring(L, 2);
  const lua_Integer value = luaL_checkinteger(L, 3);
  Runtime& g = runtime_of(L);
  std::string rule = event_rule(L, 4);
  PieceState& piece = g.state().pieces[p];
  // The counters are a list sorted by name, as the markers.
  const auto& counters = piece.counters;
  const auto at = std::lower_bound(counters.begin(), counters.end(), name,
                                   [](const auto& e, const std::string& n) { return e.first < n; });
  const bool had = at != counters.end() && at->first == name;
  if ((value != 0) != had) {
    g.sandbox().charge(L, counters.end() - at);
    g.sandbox().charge_kernel(L, (value != 0 ? 1 : -1) * static_cast<int64_t>(counter_bytes(name)));
  }
  const int64_t before = counter(piece, name);
  set_counter(piece, name, value);
  if (before != value) emit_change(g, p, rule, "%P %s %d -> %d", {string_arg(name), integer_arg(before), integer_arg(value)});
  return 0;
}

// A move's event names the piece to each side that saw it at either end
// ("a hidden Syrian unit" to the others). A move that shows the piece to a
// side that did not see it is a reveal (a chit from a hidden box to the
// map, a card played from a hand).
void emit_move(Runtime& g, int piece, int from, int to, const std::string& rule, const char* verb,
               Event::Kind kind = Event::Kind::kMove) {
  if (!g.recording()) return;
  const auto& d = g.def();
  const PieceState& p = g.state().pieces[piece];
  TextArg a = piece_arg(d, g.state(), piece);
  for (int side = 0; side < static_cast<int>(d.sides.size()) && side < 32; ++side) {
    const bool at_from = sees_at(d, p, from, side);
    if (at_from) a.seen_by |= uint32_t{1} << side;
    if (kind == Event::Kind::kMove && !at_from && sees_at(d, p, to, side)) kind = Event::Kind::kReveal;
  }
  LazyText t;
  t.format = std::string("%P ") + verb + " from %L to %L";
  t.args = {std::move(a), location_arg(from), location_arg(to)};
  g.emit(kind, rule, std::move(t));
}

// pieces.create(type, loc [, rule [, {owner = side, visibility = v}]]) ->
// piece id: a new piece at the top of loc, owned by `owner` or else by the
// type's owner, seen as `visibility` says from the start (a unit set up face
// down is never named to the enemy, not even by its placing)
int l_create(lua_State* L) {
  Runtime& g = runtime_of(L);
  const char* type_id = luaL_checkstring(L, 1);
  const int type = g.def().find_type(type_id);
  if (type < 0) return luaL_argerror(L, 1, lua_pushfstring(L, "no such piece type: '%s'", type_id));
  const int loc = check_location(L, 2);
  std::string rule = event_rule(L, 3);
  int owner = g.def().types[type].owner;
  int visibility = -1;
  if (!lua_isnoneornil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_getfield(L, 4, "owner");
    if (!lua_isnil(L, -1)) owner = check_side(L, lua_gettop(L));
    lua_getfield(L, 4, "visibility");
    if (!lua_isnil(L, -1)) {
      static const char* const names[] = {"public", "owner", "nobody", nullptr};
      visibility = luaL_checkoption(L, lua_gettop(L), nullptr, names);
    }
    lua_pop(L, 2);
  }
  if (visibility == static_cast<int>(Visibility::kOwner) && owner < 0)
    return luaL_argerror(L, 4, "a piece with no owner cannot be seen by its owner only");
  g.sandbox().charge_kernel(L, static_cast<int64_t>(piece_bytes(PieceState{})));
  const int p = g.state().create_piece(type, owner, loc);
  g.state().pieces[p].visibility = visibility;
  emit_move(g, p, -1, loc, rule, "placed");
  push_piece(L, p);
  return 1;
}

// Refuses the move of piece p from `from` to `to` when p is the piece a
// secret choice took and another side watches it go: a side that sees
// `from` piece by piece, and saw or knew p there, learns what the choice was
// when p leaves for where that side cannot see it (as a support marker
// committed face down from an open pool tells its value by what is left).
// The rules must keep such a source hidden from the other sides, or ask
// openly.
void refuse_watched_secret(lua_State* L, Runtime& g, int p, int from, int to) {
  const int chooser = g.secret_chooser();
  if (chooser < 0 || from < 0 || p != g.secret_piece()) return;
  const GameDef& d = g.def();
  const PieceState& ps = g.state().pieces[p];
  for (int side = 0; side < static_cast<int>(d.sides.size()); ++side) {
    if (side == chooser || !sees_location(d, from, side) || sees_at(d, ps, to, side)) continue;
    if (!sees_at(d, ps, from, side) && !(side < 32 && (ps.known >> side & 1u))) continue;
    luaL_error(L,
               "a secret choice of %s moves a piece out of '%s', where %s sees every piece, to '%s', where it "
               "does not: %s would see which piece the choice took. Keep '%s' hidden from %s (visibility = "
               "\"owner\"), or ask openly",
               d.sides[chooser].id.c_str(), d.locations[from].id.c_str(), d.sides[side].id.c_str(),
               to >= 0 ? d.locations[to].id.c_str() : "out of play", d.sides[side].id.c_str(),
               d.locations[from].id.c_str(), d.sides[side].id.c_str());
  }
}

// pieces.move(p, to [, rule [, {bottom = true}]]): to the top of `to` (its
// bottom with bottom = true: a card returned under a deck); to = nil takes
// the piece out of play.
int l_move(lua_State* L) {
  Runtime& g = runtime_of(L);
  const int p = check_piece(L, 1);
  const int to = lua_isnil(L, 2) ? -1 : check_location(L, 2);
  std::string rule = event_rule(L, 3);
  bool bottom = false;
  if (!lua_isnoneornil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_getfield(L, 4, "bottom");
    bottom = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  const int from = g.state().pieces[p].location;
  refuse_watched_secret(L, g, p, from, to);
  if (from >= 0) charge_pieces(L, g.state().contents[from].size());  // taken out of its list
  if (bottom) {
    charge_pieces(L, g.state().contents[to].size());  // put under the others
    g.state().move_to_bottom(p, to);
  } else {
    g.state().move(p, to);
  }
  emit_move(g, p, from, to, rule, "moved");
  return 0;
}

}  // namespace

// Shared with the decks module: a draw is a move with its own verb.
void emit_draw(Runtime& g, int piece, int from, int to, const std::string& rule) {
  emit_move(g, piece, from, to, rule, "drawn", Event::Kind::kDraw);
}

void open_lua_pieces(lua_State* L) {
  const GameDef& d = runtime_of(L).def();
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
  push_printed_values(L, d);
  static const luaL_Reg fns[] = {
      {"at", l_at},         {"top", l_top},           {"filter", l_filter},   {"count", l_count},       {"sum", l_sum},
      {"inside", l_inside}, {"count_inside", l_count_inside}, {"holder", l_holder},     {"vacant", l_vacant},   {"type", l_type},
      {"name", l_name},     {"kind", l_kind},         {"value", l_value},     {"owner", l_owner},
      {"set_owner", l_set_owner}, {"location", l_location}, {"face", l_face},   {"set_face", l_set_face},
      {"flip", l_flip},     {"visibility", l_visibility}, {"set_visibility", l_set_visibility},
      {"set_stack_visibility", l_set_stack_visibility},
      {"known", l_known},
      {"mark", l_mark},     {"unmark", l_unmark},     {"marked", l_marked},   {"counter", l_counter},
      {"set_counter", l_set_counter}, {"create", l_create}, {"move", l_move}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 7);
  lua_setglobal(L, "pieces");
}

}  // namespace cardboard
