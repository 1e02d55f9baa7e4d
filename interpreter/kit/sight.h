// Line of sight over a hex map (kit/sight_def.h), along the line map.line
// draws between hex centres (maps/hex_grid.h): blocked by declared terrain,
// or a piece of a declared kind, in a hex between the two ends (the ends
// themselves never block), by a declared hexside feature the line crosses,
// or by its length. Where the line runs exactly along a hexside, [sight]
// along_hexside says whether the hex on one side counts (the side map.line
// falls on), either, or only both; a blocking feature on that hexside itself
// then blocks too. The first blocker from the viewer's end is reported.
#pragma once

#include <optional>

#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

struct SightOptions {
  std::optional<int> range;  // instead of [sight] range (below 0: no limit)
};

struct Sight {
  enum class Blocker { kNone, kRange, kTerrain, kPiece, kHexside };
  Blocker blocker = Blocker::kNone;
  int cell = -1;      // kTerrain, kPiece: the hex; kHexside: the hex on the viewer's side (or the side map.line takes)
  int other = -1;     // kHexside: the hex on its other side
  int piece = -1;     // kPiece: the lowest piece of a blocking kind there
  int distance = 0;   // kRange: the line's length in hexes
  int range = 0;      // kRange: the longest line
  bool clear() const { return blocker == Blocker::kNone; }
};

// Whether the line from cell a to cell b of hex map `map` is clear, or its
// first blocker from a. Preconditions: def.kit declares [sight]; `map` is a
// hex map and a, b are its cells.
Sight line_of_sight(const GameDef& def, const State& s, int map, int a, int b, const SightOptions& options = {});

}  // namespace cardboard
