// Tracks: named bounded integers (turn, diplomacy, victory points). Setting
// a value outside the track's bounds clamps it to the nearest end.
#include <algorithm>
#include <string>

#include "script/game.h"
#include "script/lua_api.h"

namespace cardboard {

namespace {

int check_track(lua_State* L, int arg) {
  const char* s = luaL_checkstring(L, arg);
  const int t = game_of(L).def().find_track(s);
  if (t < 0) luaL_argerror(L, arg, lua_pushfstring(L, "no such track: '%s'", s));
  return t;
}

int set_track(lua_State* L, int t, lua_Integer v, const std::string& rule) {
  Game& g = game_of(L);
  const TrackDef& def = g.def().tracks[t];
  const int64_t clamped = std::clamp<int64_t>(v, def.min, def.max);
  int64_t& cur = g.mutable_state().tracks[t];
  if (clamped != cur && g.record_events())
    g.emit(Event::Kind::kMove, rule, def.title + " " + std::to_string(cur) + " -> " + std::to_string(clamped));
  cur = clamped;
  lua_pushinteger(L, clamped);
  return 1;
}

// track.get(name) -> integer
int l_get(lua_State* L) {
  lua_pushinteger(L, game_of(L).state().tracks[check_track(L, 1)]);
  return 1;
}

// track.set(name, value [, rule]) -> the value after clamping
int l_set(lua_State* L) {
  const int t = check_track(L, 1);
  return set_track(L, t, luaL_checkinteger(L, 2), event_rule(L, 3));
}

// track.add(name, delta [, rule]) -> the value after clamping
int l_add(lua_State* L) {
  const int t = check_track(L, 1);
  return set_track(L, t, game_of(L).state().tracks[t] + luaL_checkinteger(L, 2), event_rule(L, 3));
}

// track.bounds(name) -> min, max
int l_bounds(lua_State* L) {
  const TrackDef& d = game_of(L).def().tracks[check_track(L, 1)];
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
