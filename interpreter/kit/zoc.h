// Zones of control (kit/zoc_def.h): which pieces exert one and which hexes of
// a map lie in a zone an enemy of a side exerts, for movement and retreat.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

// Whether piece `p` exerts a zone of control (its kind, face and printed values).
bool exerts_zoc(const GameDef& def, const State& s, int p);

// Fills kit.zone_reach and kit.exerts from the maps, the piece types and
// [zoc], so that finding a side's enemy zones reads no string.
void build_zones(const GameDef& def, KitDef& kit);

// Whether pieces of side `a` and side `b` are enemies: both are sides, and
// neither is the other or its ally ([[sides]] allies).
inline bool enemies(const GameDef& def, int a, int b) { return def.hostile(a, b); }

// Per cell of map `map`: 1 where a zone of control of a piece hostile to
// `side` reaches, among the sides `side` does not ignore and, when `type` is
// a piece type (the piece moving or retreating), those its type does not
// ignore. Empty when the game declares no zones.
std::vector<uint8_t> enemy_zones(const GameDef& def, const State& s, int map, int side, int type = -1);
// The same into `out` (a search's reused buffer); `out` is left empty when
// the game declares no zones.
void enemy_zones(const GameDef& def, const State& s, int map, int side, std::vector<uint8_t>& out, int type = -1);

// Per cell of map `map`: 1 where a piece hostile to `side` stands that is
// not of a kind stacking leaves out (a marker does not hold a hex).
std::vector<uint8_t> enemy_occupied(const GameDef& def, const State& s, int map, int side);
void enemy_occupied(const GameDef& def, const State& s, int map, int side, std::vector<uint8_t>& out);
// The same for one location: whether such a piece stands there.
bool enemy_holds(const GameDef& def, const State& s, int location, int side);

}  // namespace cardboard
