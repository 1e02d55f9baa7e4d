// Advance after combat ([advance]; docs/kit.md#retreat-and-advance): which
// pieces may advance, and the hexes a piece may advance to through the hex
// its attack emptied, found over its hex map without calling Lua.
//
// An advance enters the emptied hex first, from a hex next to it: not while
// an enemy unit holds it, nor across a hexside or into terrain the piece's
// movement class may not cross or enter (the kit's costs, kit/movement.h).
// With [advance] hexes above 1 it may go on, up to that many hexes in all,
// each step into a hex no enemy holds by a step its class may make. Zones
// of control do not touch an advance unless [advance] zones is true; then
// entering a hex in an enemy zone (the emptied hex included) ends it. It
// ends where the piece fits the stacking limit, never in the hex the piece
// stands in. Hostility is kit/zoc.h's `enemies`.
#pragma once

#include "core/error.h"
#include "core/game_def.h"
#include "core/state.h"
#include "kit/retreat.h"

namespace cardboard {

// Whether piece `p` may advance after combat: its type's kind is one of
// [advance] kinds and its [advance] without value is not true.
bool may_advance(const GameDef& def, const State& s, int p);

struct AdvanceOptions {
  int hexes = -1;  // the most hexes in all; -1: [advance] hexes
  int zones = -1;  // 1: entering an enemy zone ends the advance; 0: zones do not count; -1: [advance] zones
};

struct AdvanceSearch {
  int map = -1;
  std::vector<RouteEnd> ends;  // by location order, each with its lowest shortest path, the piece's hex first
  int64_t work = 0;
};

// The hexes `piece` may end an advance in through `hex` (a location), the
// hex it attacked: `hex` itself and, with more than one hex, those beyond.
// A piece already in `hex` (having advanced into it) gets the hexes beyond
// it, up to hexes - 1 away. None when the piece may not advance, stands
// neither next to `hex` nor in it, or an enemy holds `hex`. Needs def.kit.
// Errors: the piece is not on a hex map, or `hex` is not on the piece's map.
Result<AdvanceSearch> search_advances(const GameDef& def, const State& s, int piece, int hex,
                                      const AdvanceOptions& options);

}  // namespace cardboard
