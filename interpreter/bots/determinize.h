// Information-set sampling: the pieces a side cannot see get identities
// drawn at random from those it cannot see, so a search that plays on the
// result never uses what its side does not know.
//
// What a side does not see of a hidden piece is what it is (its type, face,
// markers and counters); where it is and whose it is stay as they are. Two
// hidden pieces may trade identities when nothing the side sees tells them
// apart: the same owner, and a type of the same kind and deck (a hidden
// card of one deck never becomes one of another, nor a unit a card). The
// order of a face-down deck or cup is sampled the same way, since its
// pieces are all unseen. What the side saw of a piece that is hidden again
// is forgotten: the sample is consistent with what it sees now, not with
// all it ever saw, so it may know less than a player would, never more.
#pragma once

#include "core/game_def.h"
#include "core/rng.h"
#include "core/state.h"

namespace cardboard {

// Samples, in place, the identities of the pieces `side` does not see in `s`.
// Deterministic for a given generator state. Returns how many pieces it
// could change (those in a group of two or more).
int determinize(State& s, const GameDef& def, int side, Rng& rng);

}  // namespace cardboard
