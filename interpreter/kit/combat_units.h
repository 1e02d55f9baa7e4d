// What combat reads of its units (kit/combat_def.h): their strength as they
// show it now (a reduced face prints a lower attack), how many steps each
// has left, and where an eliminated one goes.
//
// Steps: a type of N steps ([combat] steps, 1 without it) shows them on its
// first N faces, full strength first; on its Nth face, or any later one (a
// mode such as "dispersed" on a one-step unit), it has one step left.
#pragma once

#include <cstdint>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "core/state.h"
#include "core/value.h"
#include "kit/combat_def.h"

namespace cardboard {

enum class CombatRole { kAttack, kDefence };

// The sum of the attack or defence strength the pieces print on their
// current faces: an integer when every value is one, else a number; a piece
// that prints none counts 0. Errors: a piece whose value is not a number
// ("Tank prints a string as its 'attack': a number expected"), a sum too
// large for an integer.
Result<Value> combat_strength(const GameDef& d, const CombatDef& c, const State& s, const std::vector<int>& pieces,
                              CombatRole role);

// The steps piece `p` has left: at least 1.
int64_t steps_left(const GameDef& d, const CombatDef& c, const PieceState& p);

// The face (an index into its type's faces) losing a step turns piece `p`
// to, or -1 when losing a step eliminates it (its last step).
int reduced_face(const GameDef& d, const CombatDef& c, const PieceState& p);

// The location an eliminated piece of side `owner` (-1: none) goes to, or
// -1 when the game declares none for it.
int eliminated_location(const CombatDef& c, int owner);

}  // namespace cardboard
