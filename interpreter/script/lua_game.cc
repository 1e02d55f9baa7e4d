// The game module and the calls that talk to players: ask suspends the rules
// until the side decides, log writes an event, game.* tells where the
// sequence of play stands and ends the game, tables holds the game's data
// tables, frozen (freeze.h) from the start.
#include <algorithm>
#include <string>
#include <vector>

#include "script/freeze.h"
#include "script/game.h"
#include "script/lua_api.h"
#include "script/proxy.h"

namespace cardboard {

namespace {

// ask's upvalues: its field names as Lua strings made once.
const int kPromptKey = lua_upvalueindex(1);
const int kRuleKey = lua_upvalueindex(2);
const int kChoicesKey = lua_upvalueindex(3);
const int kTextKey = lua_upvalueindex(4);

// Copies the string at `idx` into `out`, reusing out's room; false when it
// is not a string.
bool copy_string(lua_State* L, int idx, std::string& out) {
  if (lua_type(L, idx) != LUA_TSTRING) return false;
  size_t len = 0;
  const char* s = lua_tolstring(L, idx, &len);
  out.assign(s, len);
  return true;
}

// The field `key` (an upvalue index) of the table at `t`, or "" when it is
// not a string.
void copy_field(lua_State* L, int t, int key, std::string& out) {
  lua_pushvalue(L, key);
  if (lua_gettable(L, t) != LUA_TSTRING || !copy_string(L, -1, out)) out.clear();
  lua_pop(L, 1);
}

// The text a choice shows: a string itself, or a table's `text` field.
bool choice_text(lua_State* L, int idx, std::string& out) {
  if (copy_string(L, idx, out)) return true;
  if (lua_type(L, idx) != LUA_TTABLE) return false;
  lua_pushvalue(L, kTextKey);
  const bool ok = lua_gettable(L, idx < 0 ? idx - 1 : idx) == LUA_TSTRING && copy_string(L, -1, out);
  lua_pop(L, 1);
  return ok;
}

// ask(side, {prompt = text, choices = {...}, rule = ref}) -> choice, index
// Suspends the rules until `side` takes one of the choices; returns the chosen
// element (a string, or a table with a `text` field) and its 1-based index.
// Raises when the choice list is empty, a choice has no text, two choices
// have the same text, or ask is called outside a step of the sequence.
int l_ask(lua_State* L) {
  Game& g = game_of(L);
  const int side = check_side(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  if (!lua_isyieldable(L)) return luaL_error(L, "ask can only be called from a step of the sequence of play");
  // The decision is written into the game's spare one, whose strings keep
  // their room from the last decision, then swapped in.
  Decision& d = g.spare_decision();
  d.side = side;
  d.prompt.clear();  // read only if the decision waits for a player (below)
  copy_field(L, 2, kRuleKey, d.rule);
  lua_pushvalue(L, kChoicesKey);
  if (lua_gettable(L, 2) != LUA_TTABLE) return luaL_argerror(L, 2, "'choices' must be a list");
  // A frozen list, or one read from vars, is read through its metamethods
  // into a plain list: the choices are read raw from here on.
  if (proxy_kind(L, -1) != ProxyKind::kNone) {
    const auto len = luaL_len(L, -1);
    lua_createtable(L, static_cast<int>(std::clamp<lua_Integer>(len, 0, 1 << 20)), 0);
    for (lua_Integer i = 1; i <= len; ++i) {
      lua_geti(L, -2, i);
      lua_rawseti(L, -2, i);
    }
    lua_remove(L, -2);
  }
  const auto n = static_cast<int>(luaL_len(L, -1));
  if (n == 0) return luaL_argerror(L, 2, "'choices' is empty: a decision needs at least one choice");
  d.choices.resize(n);
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, -1, i);
    if (!choice_text(L, -1, d.choices[i - 1]))
      return luaL_error(L, "bad choice #%d to 'ask' (a string or a table with a 'text' field expected)", i);
    lua_pop(L, 1);
  }
  // A choice is named by its text, so texts must differ. Lists are short;
  // a long one is checked through a sorted copy.
  const std::string* twice = nullptr;
  if (n <= 32) {
    for (int i = 1; i < n && !twice; ++i)
      for (int j = 0; j < i; ++j)
        if (d.choices[i] == d.choices[j]) {
          twice = &d.choices[i];
          break;
        }
  } else {
    std::vector<const std::string*> sorted;
    for (const auto& c : d.choices) sorted.push_back(&c);
    std::sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) { return *a < *b; });
    for (size_t i = 1; i < sorted.size() && !twice; ++i)
      if (*sorted[i] == *sorted[i - 1]) twice = sorted[i];
  }
  if (twice)
    return luaL_error(L, "bad choices to 'ask': '%s' appears twice; choice texts must differ", twice->c_str());
  std::swap(g.mutable_state().pending, d);
  if (g.has_decider()) {
    const int i = g.decide();
    if (i >= 0) {
      if (g.take_choice(i) < 0) return luaL_error(L, "the decider chose %d of %d choices", i + 1, n);
      // Each decision starts a fresh budget, as a resume by act() does, so a
      // game replayed by a decider meets the same limits as when it was played.
      g.sandbox().reset_budget();
      lua_rawgeti(L, -1, i + 1);
      lua_pushinteger(L, i + 1);
      return 2;
    }
  }
  // The prompt is for whoever reads the decision; a decider answers from the
  // side and the choices, so it is copied only now.
  copy_field(L, 2, kPromptKey, g.mutable_state().pending.prompt);
  g.set_choices(luaL_ref(L, LUA_REGISTRYINDEX));  // pops the choices table
  return lua_yield(L, 0);
}

// log(rule, format, ...): an event "format" filled as string.format does.
// Formatting is skipped entirely when the game records no events (bots).
int l_log(lua_State* L) {
  Game& g = game_of(L);
  if (!g.record_events()) return 0;
  std::string rule = opt_rule(L, 1);
  std::string text;
  if (lua_gettop(L) > 2) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 2, 1);
    lua_call(L, lua_gettop(L) - 2, 1);
    text = lua_tostring(L, -1);
  } else {
    text = luaL_checkstring(L, 2);
  }
  g.emit(Event::Kind::kLog, std::move(rule), std::move(text));
  return 0;
}

// game.turn() -> the turn number (0 during set-up)
int l_turn(lua_State* L) {
  lua_pushinteger(L, game_of(L).state().position.turn);
  return 1;
}

// game.phase() -> the current phase's id, or nil during set-up and the end
int l_phase(lua_State* L) {
  Game& g = game_of(L);
  const auto& pos = g.state().position;
  if (pos.in_setup || pos.phase < 0) lua_pushnil(L);
  else lua_pushstring(L, g.def().sequence.phases[pos.phase].id.c_str());
  return 1;
}

// game.active() -> the side of a phase repeated per side, else nil
int l_active(lua_State* L) {
  Game& g = game_of(L);
  const auto& pos = g.state().position;
  if (pos.in_setup || pos.phase < 0 ||
      g.def().sequence.phases[pos.phase].repeat != PhaseDef::Repeat::kEachSide)
    lua_pushnil(L);
  else push_side(L, pos.repeat);
  return 1;
}

// game.impulse() -> the 1-based repeat of the current phase
int l_impulse(lua_State* L) {
  lua_pushinteger(L, game_of(L).state().position.repeat + 1);
  return 1;
}

// game.finish(result [, winner]): ends the game at once. The result is a short
// text ("Israeli decisive victory"); winner a side id or nil.
int l_finish(lua_State* L) {
  Game& g = game_of(L);
  size_t len = 0;
  const char* result = luaL_checklstring(L, 1, &len);
  const int winner = opt_side(L, 2);
  if (!lua_isyieldable(L)) return luaL_error(L, "game.finish can only be called from a step of the sequence of play");
  g.finish(std::string(result, len), winner);
  // No object with a destructor is alive here: the yield is a C++ exception,
  // and a frame with one to run costs the unwinder a second pass.
  return lua_yield(L, 0);
}

// game.sides() -> array of side ids in their declared order
int l_sides(lua_State* L) {
  const auto& sides = game_of(L).def().sides;
  lua_createtable(L, static_cast<int>(sides.size()), 0);
  for (size_t i = 0; i < sides.size(); ++i) {
    lua_pushstring(L, sides[i].id.c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// game.title(id) -> the title of a side, location or track, or the printed name of a piece type
int l_title(lua_State* L) {
  const GameDef& d = game_of(L).def();
  const std::string id = luaL_checkstring(L, 1);
  int i;
  if ((i = d.find_location(id)) >= 0) lua_pushstring(L, d.locations[i].title.c_str());
  else if ((i = d.find_side(id)) >= 0) lua_pushstring(L, d.sides[i].title.c_str());
  else if ((i = d.find_type(id)) >= 0) lua_pushstring(L, d.types[i].name.c_str());
  else if ((i = d.find_track(id)) >= 0) lua_pushstring(L, d.tracks[i].title.c_str());
  else return luaL_argerror(L, 1, lua_pushfstring(L, "nothing is named '%s'", id.c_str()));
  return 1;
}

// game.scenario() -> the scenario's id
int l_scenario(lua_State* L) {
  lua_pushstring(L, game_of(L).def().scenario_id.c_str());
  return 1;
}

// game.last_turn() -> the scenario's printed length, or nil when it has none
int l_last_turn(lua_State* L) {
  const int n = game_of(L).def().last_turn;
  if (n > 0) lua_pushinteger(L, n);
  else lua_pushnil(L);
  return 1;
}

// game.recording() -> whether events are recorded (false for bots: skip costly text)
int l_recording(lua_State* L) {
  lua_pushboolean(L, game_of(L).record_events());
  return 1;
}

}  // namespace

void open_lua_game(lua_State* L) {
  for (const char* key : {"prompt", "rule", "choices", "text"}) lua_pushstring(L, key);
  lua_pushcclosure(L, l_ask, 4);
  lua_setglobal(L, "ask");
  lua_getglobal(L, "string");
  lua_getfield(L, -1, "format");
  lua_pushcclosure(L, l_log, 1);
  lua_setglobal(L, "log");
  lua_pop(L, 1);
  static const luaL_Reg fns[] = {{"turn", l_turn},           {"phase", l_phase},     {"active", l_active},
                                 {"impulse", l_impulse},     {"finish", l_finish},   {"sides", l_sides},
                                 {"title", l_title},         {"scenario", l_scenario}, {"last_turn", l_last_turn},
                                 {"recording", l_recording}, {nullptr, nullptr}};
  register_module(L, "game", fns);
  push_value(L, game_of(L).def().tables.is_table() ? game_of(L).def().tables : Value(Table{}));
  freeze_data(L, -1, "tables");
  lua_setglobal(L, "tables");
}

}  // namespace cardboard
