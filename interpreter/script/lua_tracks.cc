// Tracks: named bounded integers (turn, diplomacy, victory points). Setting
// a value outside the track's bounds clamps it to the nearest end.
#include <algorithm>
#include <string>

#include "script/lua_api.h"
#include "script/runtime.h"
#include "script/sandbox.h"

namespace cardboard {

namespace {

int check_track(lua_State* L, int arg) {
  const char* s = luaL_checkstring(L, arg);
  const int t = runtime_of(L).def().find_track(s);
  if (t < 0) luaL_argerror(L, arg, lua_pushfstring(L, "no such track: '%s'", s));
  return t;
}

int set_track(lua_State* L, int t, lua_Integer v, const std::string& rule) {
  Runtime& g = runtime_of(L);
  const TrackDef& def = g.def().tracks[t];
  const int64_t clamped = std::clamp<int64_t>(v, def.min, def.max);
  int64_t& cur = g.state().tracks[t];
  if (clamped != cur && g.recording()) {
    LazyText text;
    text.format = "%s %d -> %d";
    text.args.resize(3);
    text.args[0].kind = TextArg::Kind::kString;
    text.args[0].text = def.title;
    text.args[1].kind = text.args[2].kind = TextArg::Kind::kInteger;
    text.args[1].integer = cur;
    text.args[2].integer = clamped;
    g.emit(Event::Kind::kMove, rule, std::move(text));
  }
  cur = clamped;
  lua_pushinteger(L, clamped);
  return 1;
}

// A track's value, which exists once the game has started.
int check_live_track(lua_State* L, int arg) {
  refuse_while_loading(L);
  return check_track(L, arg);
}

// track.get(name) -> integer
int l_get(lua_State* L) {
  lua_pushinteger(L, runtime_of(L).state().tracks[check_live_track(L, 1)]);
  return 1;
}

// track.set(name, value [, rule]) -> the value after clamping
int l_set(lua_State* L) {
  const int t = check_live_track(L, 1);
  return set_track(L, t, luaL_checkinteger(L, 2), event_rule(L, 3));
}

// track.add(name, delta [, rule]) -> the value after clamping
int l_add(lua_State* L) {
  const int t = check_live_track(L, 1);
  return set_track(L, t, runtime_of(L).state().tracks[t] + luaL_checkinteger(L, 2), event_rule(L, 3));
}

// track.bounds(name) -> min, max
int l_bounds(lua_State* L) {
  const TrackDef& d = runtime_of(L).def().tracks[check_track(L, 1)];
  lua_pushinteger(L, d.min);
  lua_pushinteger(L, d.max);
  return 2;
}

}  // namespace

void open_lua_tracks(lua_State* L) {
  static const luaL_Reg fns[] = {
      {"get", l_get}, {"set", l_set}, {"add", l_add}, {"bounds", l_bounds}, {nullptr, nullptr}};
  register_module(L, "track", fns);
}

}  // namespace cardboard
