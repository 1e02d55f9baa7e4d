// Stacking (kit/stacking_def.h): what a piece counts, what a hex holds.
#pragma once

#include <cstdint>

#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

// A piece counts at most this many points (a hex's limit is at most as much).
inline constexpr int64_t kMaxStackingPoints = 1'000'000;

// The stacking points of piece `p`: 0 when its kind or printed values say it
// does not count, else its printed points (1 when the game names none),
// clamped to 0..kMaxStackingPoints.
int64_t stacking_points(const GameDef& def, const State& s, int p);

// The points of the pieces at `location` (of side `side` alone when >= 0).
int64_t stacking_total(const GameDef& def, const State& s, int location, int side = -1);

// What `location` holds: its terrain's own limit, else the game's; -1 when
// the game declares no stacking (no limit).
int64_t stacking_limit(const GameDef& def, int location);

// Whether `piece` would fit in `location` with what is there now (a piece
// already there counts once); always true without [stacking].
bool fits_stacking(const GameDef& def, const State& s, int piece, int location);

}  // namespace cardboard
