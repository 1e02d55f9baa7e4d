// Fog of war (kit/fog_def.h): hiding the pieces under the fog at the start
// and finding those an enemy has come into contact with.
#pragma once

#include <vector>

#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

// Whether piece `p` is of a kind under the fog.
bool under_fog(const GameDef& def, const State& s, int p);

// Gives every piece under the fog that stands on a hex map, has an owner and
// no visibility of its own the visibility "owner": the enemy sees only that
// a piece is there. Run once, when a game starts; with `only`, for those
// pieces alone (a position's pieces given no visibility of their own).
void hide_at_start(const GameDef& def, State& s, const std::vector<int>* only = nullptr);

// The pieces under the fog, hidden from an enemy (visibility "owner"), that
// stand in or next to the hex of a piece under the fog of a side hostile to
// theirs: by piece id.
std::vector<int> fog_contacts(const GameDef& def, const State& s);

}  // namespace cardboard
