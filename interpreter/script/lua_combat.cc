// The combat module (docs/kit.md#combat): a game's combat tables and
// results for its rules, over kit/combat_table and kit/combat_units. Opened
// only for a game that declares the kit; the procedures built on it
// (combat.resolve, combat.apply ...) are Lua, in kit/lua/combat.lua.
// Tables are named by id, results by their printed code.
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/toml_file.h"
#include "kit/combat_table.h"
#include "kit/combat_units.h"
#include "kit/kit_def.h"
#include "script/lua_api.h"
#include "script/runtime.h"

namespace cardboard {

namespace {

const CombatDef& combat_def(lua_State* L) { return runtime_of(L).def().kit->combat; }


template <typename Map>
std::vector<std::string> keys_of(const Map& m) {
  std::vector<std::string> out;
  for (const auto& [k, v] : m) out.push_back(k);
  return out;
}

std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// "no combat table 'crtt': did you mean 'crt'?"
std::string unknown(const char* what, const std::string& name, const std::vector<std::string>& known) {
  std::string msg = std::string("no ") + what + " '" + name + "'";
  if (const std::string near = closest(name, known); !near.empty()) msg += ": did you mean '" + near + "'?";
  return msg;
}

// Argument `arg` as the id of a combat table of the game.
const CombatTableDef& check_table(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING) luaL_typeerror(L, arg, "combat table id");
  const std::string id = lua_tostring(L, arg);
  const CombatDef& c = combat_def(L);
  const auto it = c.tables.find(id);
  if (it == c.tables.end()) luaL_argerror(L, arg, unknown("combat table", id, keys_of(c.tables)).c_str());
  return it->second;
}

// Argument `arg` as a strength: a number from 0 to kMaxStrength.
double check_strength(lua_State* L, int arg) {
  const lua_Number s = luaL_checknumber(L, arg);
  if (!(s >= 0 && s <= kMaxStrength))
    luaL_argerror(L, arg, lua_pushfstring(L, "a strength from 0 to 1000000000 expected, got %s",
                                          luaL_tolstring(L, arg, nullptr)));
  return s;
}

// The options {row = key, shift = n} of combat.column at `arg` (nil: none),
// checked against the table. The row key's text lives in the options table,
// which stays on the stack while the column is found.
struct ColumnOptions {
  std::optional<std::string_view> row;
  lua_Integer shift = 0;
};

ColumnOptions check_options(lua_State* L, int arg, const CombatTableDef& t) {
  ColumnOptions o;
  if (!lua_isnoneornil(L, arg)) {
    luaL_checktype(L, arg, LUA_TTABLE);
    make_raw_readable(L, arg);
    lua_pushnil(L);
    while (lua_next(L, arg)) {
      const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : nullptr;
      const std::string_view k = key ? key : "";
      if (k == "row") {
        if (lua_type(L, -1) != LUA_TSTRING)
          luaL_argerror(L, arg, lua_pushfstring(L, "row: a row key (a string) expected, got %s", luaL_typename(L, -1)));
        size_t len = 0;
        const char* s = lua_tolstring(L, -1, &len);
        o.row = std::string_view(s, len);  // the string stays alive in the table
      } else if (k == "shift") {
        int isnum = 0;
        o.shift = lua_tointegerx(L, -1, &isnum);
        if (!isnum || lua_type(L, -1) != LUA_TNUMBER)
          luaL_argerror(L, arg, lua_pushfstring(L, "shift: a whole number of columns expected, got %s",
                                                luaL_typename(L, -1)));
      } else {
        luaL_argerror(L, arg, lua_pushfstring(L, "unknown option '%s' (row, shift)",
                                              key ? key : luaL_typename(L, -2)));
      }
      lua_pop(L, 1);
    }
  }
  // The row key must fit the table: by-row tables need one, others none.
  if (!combat_headers(t, o.row)) {
    const std::string rows = listed(keys_of(t.by_row));
    if (!o.row)
      luaL_argerror(L, arg, ("table '" + t.id + "' has its columns by row: give {row = ...}, one of " + rows).c_str());
    if (t.by_row.empty())
      luaL_argerror(L, arg, ("table '" + t.id + "' has one row of columns: 'row' does not apply").c_str());
    const std::string row(*o.row);
    luaL_argerror(L, arg, (unknown("row", row, keys_of(t.by_row)) + " (the rows of table '" + t.id + "': " + rows + ")").c_str());
  }
  return o;
}

// combat.column(table, attack, defence [, {row = key, shift = n}])
//   -> column, header, odds | nil, reason
// The column of an attack of `attack` against `defence` strength on the
// table: its number (1 ...), its header as printed, and the odds or the
// difference as the table reads them ("2.4:1", "+7"); nil and why when the
// attack falls beyond a table whose `beyond` is "none", or both strengths
// are 0 on an odds table. Errors: an unknown table, a strength not from 0 to
// 1000000000, an unknown option, a row key missing, unknown or not
// applicable, a shift that is not a whole number.
int l_column(lua_State* L) {
  return guarded(L, "combat", "column", [&] {
    const CombatTableDef& t = check_table(L, 1);
    const double attack = check_strength(L, 2);
    const double defence = check_strength(L, 3);
    const ColumnOptions o = check_options(L, 4, t);
    auto found = combat_column(t, attack, defence, o.row, o.shift);
    if (!found.ok()) return luaL_error(L, "%s", found.error().message.c_str());  // checked above: not reached
    if (found->column == 0) {
      lua_pushnil(L);
      lua_pushstring(L, found->reason.c_str());
      return 2;
    }
    lua_pushinteger(L, found->column);
    lua_pushstring(L, found->header.c_str());
    lua_pushstring(L, found->odds.c_str());
    return 3;
  });
}

// combat.lookup(table, column, roll) -> result code
// The code printed where the column (1 ...) and the row of `roll` (the
// roll already modified) cross; a roll beyond the rows reads the end row,
// unless the table says roll_beyond = "error". Errors: an unknown table, a
// column the table does not have, a roll that is not a whole number or is
// beyond the rows of such a table.
int l_lookup(lua_State* L) {
  return guarded(L, "combat", "lookup", [&] {
    const CombatTableDef& t = check_table(L, 1);
    const lua_Integer column = luaL_checkinteger(L, 2);
    if (column < 1 || column > t.columns)
      luaL_argerror(L, 2, lua_pushfstring(L, "no column %I in table '%s': its columns are 1 to %d",
                                          static_cast<LUAI_UACINT>(column), t.id.c_str(), t.columns));
    const lua_Integer roll = luaL_checkinteger(L, 3);
    auto row = combat_row(t, roll);
    if (!row.ok()) luaL_argerror(L, 3, row.error().message.c_str());
    const std::string& code = combat_result_at(t, *row, static_cast<int>(column));
    lua_pushlstring(L, code.data(), code.size());
    return 1;
  });
}

void push_effect(lua_State* L, const CombatEffect& e) {
  lua_createtable(L, 0, 4);
  lua_pushboolean(L, e.eliminate);
  lua_setfield(L, -2, "eliminate");
  lua_pushinteger(L, e.steps);
  lua_setfield(L, -2, "steps");
  lua_pushinteger(L, e.retreat);
  lua_setfield(L, -2, "retreat");
  lua_pushinteger(L, e.instead_steps);
  lua_setfield(L, -2, "instead_steps");
}

// combat.result(code) -> {code =, exchange =, attacker = {...}, defender = {...}}
// A fresh table of what the result does; each side's table has eliminate
// (boolean), steps, retreat and instead_steps (integers, 0 for none).
// Errors: a code [combat_results] does not declare.
int l_result(lua_State* L) {
  return guarded(L, "combat", "result", [&] {
    size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    const std::string code(s, len);
    const CombatDef& c = combat_def(L);
    const auto it = c.results.find(code);
    if (it == c.results.end()) luaL_argerror(L, 1, unknown("combat result", code, keys_of(c.results)).c_str());
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "code");
    lua_pushboolean(L, it->second.exchange);
    lua_setfield(L, -2, "exchange");
    push_effect(L, it->second.attacker);
    lua_setfield(L, -2, "attacker");
    push_effect(L, it->second.defender);
    lua_setfield(L, -2, "defender");
    return 1;
  });
}

// combat.strength(pieces, "attack" | "defence") -> number
// The sum of the pieces' attack or defence strength ([combat] attack and
// defence name the printed values) as their current faces print them (a
// face's on_face values in place of the type's); a piece printing none
// counts 0. An integer when every value is one. Errors: not an array of
// pieces, a role other than "attack" or "defence".
int l_strength(lua_State* L) {
  return guarded(L, "combat", "strength", [&] {
    luaL_checktype(L, 1, LUA_TTABLE);
    static const char* const roles[] = {"attack", "defence", nullptr};
    const auto role = static_cast<CombatRole>(luaL_checkoption(L, 2, nullptr, roles));
    make_raw_readable(L, 1);
    Runtime& rt = runtime_of(L);
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, 1));
    charge_pieces(L, static_cast<size_t>(n));
    std::vector<int> list;
    list.reserve(static_cast<size_t>(n));
    const auto count = static_cast<lua_Integer>(rt.state().pieces.size());
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, 1, i);
      int isnum = 0;
      const lua_Integer id = lua_tointegerx(L, -1, &isnum);
      if (!isnum)
        luaL_argerror(L, 1, lua_pushfstring(L, "piece expected at index %I, got %s", static_cast<LUAI_UACINT>(i),
                                            luaL_typename(L, -1)));
      if (id < 1 || id > count)
        luaL_argerror(L, 1, lua_pushfstring(L, "no such piece: %I (at index %I)", static_cast<LUAI_UACINT>(id),
                                            static_cast<LUAI_UACINT>(i)));
      if (rt.view_sees() && !(*rt.view_sees())[id - 1])
        luaL_argerror(L, 1, lua_pushfstring(L, "piece %I is hidden from this view's side (a view reads what its side "
                                               "sees)", static_cast<LUAI_UACINT>(id)));
      list.push_back(static_cast<int>(id - 1));
      lua_pop(L, 1);
    }
    auto sum = combat_strength(rt.def(), combat_def(L), rt.state(), list, role);
    if (!sum.ok()) return luaL_error(L, "%s", sum.error().message.c_str());
    push_value(L, *sum);
    return 1;
  });
}

// combat.table(table) -> {id =, kind =, dice =, columns =, lowest_roll =,
// highest_roll =, rows = {key...} | nil}
// A fresh description of a combat table: "odds" or "differential", the
// dice it rolls, its number of columns, the rolls of its first and last
// rows, and its row keys in sorted order when it has its columns by row.
// Errors: an unknown table.
int l_table(lua_State* L) {
  return guarded(L, "combat", "table", [&] {
    const CombatTableDef& t = check_table(L, 1);
    lua_createtable(L, 0, 7);
    lua_pushstring(L, t.id.c_str());
    lua_setfield(L, -2, "id");
    lua_pushstring(L, t.kind == CombatKind::kOdds ? "odds" : "differential");
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, t.dice.c_str());
    lua_setfield(L, -2, "dice");
    lua_pushinteger(L, t.columns);
    lua_setfield(L, -2, "columns");
    lua_pushinteger(L, t.lowest_roll);
    lua_setfield(L, -2, "lowest_roll");
    lua_pushinteger(L, t.highest_roll());
    lua_setfield(L, -2, "highest_roll");
    if (!t.by_row.empty()) {
      lua_createtable(L, static_cast<int>(t.by_row.size()), 0);
      lua_Integer i = 0;
      for (const auto& [key, h] : t.by_row) {
        lua_pushlstring(L, key.data(), key.size());
        lua_rawseti(L, -2, ++i);
      }
      lua_setfield(L, -2, "rows");
    }
    return 1;
  });
}

// combat.steps(p) -> integer
// The steps the piece has left: its type's [combat] steps (1 without), less
// the faces it has turned through; at least 1. Errors: not a piece.
int l_steps(lua_State* L) {
  const int p = check_piece(L, 1);
  Runtime& rt = runtime_of(L);
  lua_pushinteger(L, steps_left(rt.def(), combat_def(L), rt.state().pieces[p]));
  return 1;
}

// combat.reduced_face(p) -> face | nil
// The face a step loss turns the piece to (its next face), or nil when the
// step lost is its last and eliminates it. Errors: not a piece.
int l_reduced_face(lua_State* L) {
  const int p = check_piece(L, 1);
  Runtime& rt = runtime_of(L);
  const PieceState& piece = rt.state().pieces[p];
  const int face = reduced_face(rt.def(), combat_def(L), piece);
  if (face < 0) lua_pushnil(L);
  else lua_pushstring(L, rt.def().types[piece.type].faces[face].c_str());
  return 1;
}

// combat.eliminated_box(p) -> location id | nil
// Where the piece goes when eliminated: [combat] eliminated for its owner;
// nil when the game declares none for it. Errors: not a piece.
int l_eliminated_box(lua_State* L) {
  const int p = check_piece(L, 1);
  Runtime& rt = runtime_of(L);
  const int loc = eliminated_location(combat_def(L), rt.state().pieces[p].owner);
  if (loc < 0) lua_pushnil(L);
  else lua_pushstring(L, rt.def().locations[loc].id.c_str());
  return 1;
}

// combat.retreat_rules() -> {blocked =, stacking =, farther =}
// A fresh table of the game's [retreat] (its defaults where it gives none):
// what the kit's retreat does with a unit that cannot retreat ("eliminate"
// or "steps"), where a retreat may end ("continue", "end" or "ignore"), and
// whether each hex must be farther from the start.
int l_retreat_rules(lua_State* L) {
  const RetreatDef& r = runtime_of(L).def().kit->retreat;
  lua_createtable(L, 0, 3);
  lua_pushstring(L, r.blocked == RetreatDef::Blocked::kSteps ? "steps" : "eliminate");
  lua_setfield(L, -2, "blocked");
  static const char* const kStacking[] = {"continue", "end", "ignore"};
  lua_pushstring(L, kStacking[static_cast<int>(r.stacking)]);
  lua_setfield(L, -2, "stacking");
  lua_pushboolean(L, r.farther);
  lua_setfield(L, -2, "farther");
  return 1;
}

const luaL_Reg kFunctions[] = {
    {"column", l_column}, {"lookup", l_lookup}, {"result", l_result},
    {"strength", l_strength}, {"table", l_table}, {"steps", l_steps},
    {"reduced_face", l_reduced_face}, {"eliminated_box", l_eliminated_box}, {"retreat_rules", l_retreat_rules},
    {nullptr, nullptr},
};

}  // namespace

void open_lua_combat(lua_State* L) {
  if (!runtime_of(L).def().kit) return;
  register_module(L, "combat", kFunctions);
}

}  // namespace cardboard
