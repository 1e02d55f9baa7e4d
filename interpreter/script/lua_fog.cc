// The fog module (docs/kit.md#fog-of-war): which hidden pieces an enemy has
// come into contact with, and what the game declares reveals them. The
// reveals themselves are made by kit.reveal (kit/lua/fog.lua) through
// pieces.set_visibility, which logs them. Opened only for a game that
// declares the kit.
#include "kit/fog.h"
#include "kit/kit_def.h"
#include "script/lua_api.h"
#include "script/runtime.h"

namespace cardboard {

namespace {

// fog.contacts() -> the hidden pieces under the fog in or next to an enemy's hex, by id
int l_contacts(lua_State* L) {
  Runtime& rt = runtime_of(L);
  charge_many_pieces(L, rt.state().pieces.size());
  const std::vector<int> found = fog_contacts(rt.def(), rt.state());
  lua_createtable(L, static_cast<int>(found.size()), 0);
  for (size_t i = 0; i < found.size(); ++i) {
    push_piece(L, found[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// fog.reveals(event) -> whether the game's [fog] reveals on "contact" or in "combat"
int l_reveals(lua_State* L) {
  static const char* const events[] = {"contact", "combat", nullptr};
  const int e = luaL_checkoption(L, 1, nullptr, events);
  const FogDef& fog = runtime_of(L).def().kit->fog;
  lua_pushboolean(L, fog.declared && (e == 0 ? fog.reveal_on_contact : fog.reveal_in_combat));
  return 1;
}

// fog.under(p) -> whether the piece is of a kind under the fog
int l_under(lua_State* L) {
  Runtime& rt = runtime_of(L);
  lua_pushboolean(L, under_fog(rt.def(), rt.state(), check_piece(L, 1)));
  return 1;
}

// fog.rule() -> the section a reveal cites, or nil
int l_rule(lua_State* L) {
  const std::string& rule = runtime_of(L).def().kit->fog.rule;
  if (rule.empty()) lua_pushnil(L);
  else lua_pushlstring(L, rule.data(), rule.size());
  return 1;
}

}  // namespace

void open_lua_fog(lua_State* L) {
  if (!runtime_of(L).def().kit) return;
  static const luaL_Reg fns[] = {{"contacts", l_contacts}, {"reveals", l_reveals}, {"under", l_under},
                                 {"rule", l_rule},         {nullptr, nullptr}};
  register_module(L, "fog", fns);
}

}  // namespace cardboard
