// The legal retreats of a piece after combat ([retreat] and [zoc]; docs/kit.md
// #retreat-and-advance): every hex a retreat of N hexes may end in, each with
// one path to it, found over the piece's hex map without calling Lua.
//
// A step of a retreat goes to an adjacent hex of the same map (never off it)
// that holds no enemy unit, that the piece's movement class may enter across
// that hexside (the kit's costs, kit/movement.h: "prohibited" terrain or
// hexside stops it, a road crosses by its bridge), that lies in no enemy zone
// of control unless a friendly unit stands there and [zoc]
// retreat_into_friendly allows it (the sides a side ignores exert none for
// it), and that is farther from the start than the hex before ([retreat]
// farther; without it, a hex the retreat has not entered yet, the start
// included). The end must fit the stacking limit as [retreat] stacking says.
// Hostility is kit/zoc.h's `enemies`.
#pragma once

#include <cstdint>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

// Without `farther`, a retreat is any path that enters no hex twice, and
// the number of such paths grows as 5^N (6 hexes in the open: 18,750; 8:
// 468,750): the search gives up past this many hexes entered on its paths,
// with an error saying so. It keeps 16 bytes a hex entered.
inline constexpr int64_t kMaxRetreatSteps = 250'000;

// One end of a retreat (or an advance, kit/advance.h): a cell of the map
// and the cells of one path to it, the start first.
struct RouteEnd {
  int cell = -1;
  std::vector<int> path;
};

struct RetreatOptions {
  int from = -1;       // the start (a hex location); -1: where the piece is
  bool zones = true;   // false: enemy zones of control do not stop the retreat
  // When no retreat of the length asked exists, the ends of the longest
  // shorter one ([retreat] blocked = "steps": the unit loses a step for each
  // hex short).
  bool fewer = false;
};

struct RetreatSearch {
  int map = -1;
  // The hexes each end's retreat covers: the length asked; more when
  // [retreat] stacking = "continue" took it on to a hex where it fits;
  // fewer with `fewer`. 0 when there are no ends.
  int length = 0;
  std::vector<RouteEnd> ends;  // by location order, each with the lowest path by location order
  int64_t work = 0;            // hexes looked at: what the caller charges the rules for
};

// The ends of the legal retreats of `hexes` hexes (0 or more) for `piece`.
// Deterministic: ends by location index, and of the paths to an end the
// lowest, comparing their hexes' location indexes from the start. Needs
// def.kit. Errors: the piece (or `from`) is not on a hex map; a search
// without `farther` that passed kMaxRetreatSteps.
Result<RetreatSearch> search_retreats(const GameDef& def, const State& s, int piece, int hexes,
                                      const RetreatOptions& options);

}  // namespace cardboard
