// Dice and random choices for rules: roll, pick and math.random. Every roll
// goes through the game's generator and the forced-dice queue, and is an
// event with its rule reference.
#include <string>
#include <vector>

#include "script/lua_api.h"
#include "script/runtime.h"
#include "script/sandbox.h"

namespace cardboard {

namespace {

// The words of a roll or a pick: `head` (a format with `head_args`), then
// ": " and the rules' reason, a lazy text from the Lua values at why..top.
LazyText roll_text(lua_State* L, int why, std::string head, std::vector<TextArg> head_args, const char* fn,
                   bool keep) {
  LazyText reason;
  if (!lua_isnoneornil(L, why)) read_lazy_text(L, why, lua_gettop(L), fn, keep ? &reason : nullptr);
  LazyText t;
  if (!keep) return t;
  t.format = std::move(head);
  t.args = std::move(head_args);
  if (!reason.empty()) {
    t.format += ": " + reason.format;
    t.args.insert(t.args.end(), reason.args.begin(), reason.args.end());
  }
  return t;
}

// roll(dice, rule [, why, ...]) -> total, face1, face2 ...
// dice: "d6", "2d6", "d10" (read 0-9); why: a format and its values (the
// reason, in the log). Raises on a bad spec or a forced face out of range
// (rejected input: the forced die does not fit the roll).
int l_roll(lua_State* L) {
  refuse_while_loading(L);
  Runtime& g = runtime_of(L);
  size_t len = 0;
  const char* spec_text = luaL_checklstring(L, 1, &len);
  auto spec = parse_dice(std::string_view(spec_text, len));
  if (!spec.ok()) return luaL_argerror(L, 1, spec.error().message.c_str());
  std::string rule = event_rule(L, 2);
  std::vector<int> faces;  // its own: the reason's words may run a __tostring that rolls
  auto total = g.roll(*spec, faces);
  if (!total.ok()) return luaL_error(L, "%s", total.error().message.c_str());
  std::string head;
  std::vector<TextArg> args;
  if (g.recording()) {
    for (size_t i = 0; i < len; ++i) head += spec_text[i] == '%' ? "%%" : std::string(1, spec_text[i]);
    head += " rolled %d";
    args.push_back(integer_arg(*total));
    if (faces.size() > 1) {
      head += " (";
      for (size_t i = 0; i < faces.size(); ++i) {
        head += i ? "+%d" : "%d";
        args.push_back(integer_arg(faces[i]));
      }
      head += ")";
    }
  }
  LazyText text = roll_text(L, 3, std::move(head), std::move(args), "roll", g.recording());
  g.emit(Event::Kind::kRoll, std::move(rule), std::move(text));
  lua_pushinteger(L, *total);
  luaL_checkstack(L, static_cast<int>(faces.size()), "too many dice");
  for (int f : faces) lua_pushinteger(L, f);
  return 1 + static_cast<int>(faces.size());
}

// pick(list, rule [, why, ...]) -> element, index
// A uniform random element of a non-empty array, rolled as a die with #list
// faces (so forced dice pick element i with face i).
int l_pick(lua_State* L) {
  refuse_while_loading(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  const auto n = static_cast<int>(luaL_len(L, 1));
  if (n < 1) return luaL_argerror(L, 1, "non-empty list expected");
  Runtime& g = runtime_of(L);
  std::string rule = event_rule(L, 2);
  int index = 1;
  if (n > 1) {
    DiceSpec spec{1, n, 1};
    auto total = g.roll(spec, g.dice_faces());  // only the total is read
    if (!total.ok()) return luaL_error(L, "%s", total.error().message.c_str());
    index = *total;
  }
  std::string head;
  std::vector<TextArg> args;
  if (g.recording()) {
    head = "picked %d of %d";
    args = {integer_arg(index), integer_arg(n)};
    lua_geti(L, 1, index);
    if (lua_type(L, -1) == LUA_TSTRING) {
      TextArg e;
      e.kind = TextArg::Kind::kString;
      e.text = lua_tostring(L, -1);
      head += " (%s)";
      args.push_back(std::move(e));
    }
    lua_pop(L, 1);
  }
  LazyText text = roll_text(L, 3, std::move(head), std::move(args), "pick", g.recording());
  g.emit(Event::Kind::kRoll, std::move(rule), std::move(text));
  lua_geti(L, 1, index);
  lua_pushinteger(L, index);
  return 2;
}

// math.random([m [, n]]): as Lua's own, drawn from the game's generator.
int l_random(lua_State* L) {
  refuse_while_loading(L);
  auto& rng = runtime_of(L).state().rng;
  lua_Integer low = 1, up = 0;
  switch (lua_gettop(L)) {
    case 0: lua_pushnumber(L, rng.unit()); return 1;
    case 1: up = luaL_checkinteger(L, 1); break;
    case 2: low = luaL_checkinteger(L, 1); up = luaL_checkinteger(L, 2); break;
    default: return luaL_error(L, "wrong number of arguments to 'random'");
  }
  luaL_argcheck(L, low <= up, lua_gettop(L), "interval is empty");
  const auto span = static_cast<uint64_t>(up) - static_cast<uint64_t>(low) + 1;
  lua_pushinteger(L, low + static_cast<lua_Integer>(span == 0 ? rng.next() : rng.below(span)));
  return 1;
}

int l_randomseed(lua_State* L) {
  return luaL_error(L, "math.randomseed is not available: the game's generator is seeded when the game starts");
}

}  // namespace

void open_lua_dice(lua_State* L) {
  lua_register(L, "roll", l_roll);
  lua_register(L, "pick", l_pick);
  lua_getglobal(L, "math");
  lua_pushcfunction(L, l_random);
  lua_setfield(L, -2, "random");
  lua_pushcfunction(L, l_randomseed);
  lua_setfield(L, -2, "randomseed");
  lua_pop(L, 1);
}

}  // namespace cardboard
