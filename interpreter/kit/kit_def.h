// What a game declares of the hex-and-counter kit (docs/kit.md): movement,
// zones of control, stacking, supply, line of sight, combat, retreat and
// advance and fog of war, as data read from game.toml by data/kit_loader.
// The kit's algorithms (kit/*.cc) read it with the map and the state; they
// know no game. A game that declares none of it has no KitDef (GameDef::kit
// is null) and runs no kit Lua.
#pragma once

#include <vector>

#include "kit/combat_def.h"
#include "kit/fog_def.h"
#include "kit/movement.h"
#include "kit/movement_def.h"
#include "kit/retreat_def.h"
#include "kit/sight_def.h"
#include "kit/stacking_def.h"
#include "kit/supply_def.h"
#include "kit/zoc_def.h"

namespace cardboard {

struct KitDef {
  MovementDef movement;
  ZocDef zoc;
  StackingDef stacking;
  SupplyDef supply;
  SightDef sight;
  CombatDef combat;
  FogDef fog;
  RetreatDef retreat;
  AdvanceDef advance;
  // Derived at load: what each movement class pays on each hex map, [map][class].
  std::vector<std::vector<MoveGrid>> grids;
  // Derived at load (kit/zoc.h build_zones): [map][cell], bit d set where a
  // zone reaches from the cell to its neighbour in direction d; and
  // [type][face], whether a piece of the type showing the face exerts one.
  std::vector<std::vector<uint8_t>> zone_reach;
  std::vector<std::vector<uint8_t>> exerts;
};

}  // namespace cardboard
