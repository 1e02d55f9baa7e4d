// Information-set sampling: the pieces a side cannot see get identities
// drawn at random from those it cannot see, so a search that plays on the
// result never uses what its side does not know.
//
// What a side does not see of a hidden piece is what it is (its type, face,
// markers and counters); where it is and whose it is stay as they are. Two
// hidden pieces may trade identities when nothing the side sees tells them
// apart: types of the same owner, kind and deck (a hidden card of one deck
// never becomes one of another, a unit a card, nor one side's unit the
// other's; a card in a hand trades with those in the deck). The
// order of a face-down deck or cup is sampled the same way, since its
// pieces are all unseen. A piece the side saw and that was hidden again
// where it stood keeps its identity while it neither moves nor changes
// (PieceState::known): the side remembers it, as a player would. Past a
// move or a change the side forgets it, so it may know less than a player
// would (one who followed the counter with his eyes), never more.
#pragma once

#include <cstdint>

#include "core/game_def.h"
#include "core/rng.h"
#include "core/state.h"

namespace cardboard {

// Samples, in place, the identities of the pieces `side` does not see in `s`.
// Deterministic for a given generator state. Returns how many pieces it
// could change (those in a group of two or more).
int determinize(State& s, const GameDef& def, int side, Rng& rng);

// A hash of what `side` sees of `s`: the state with the identities of the
// pieces it does not see (and their ids, which tell types apart), and the
// generator (the dice to come), left out. A search seeded from it decides
// the same whatever the side cannot see, unless the rules keep it in vars;
// without `with_vars` the vars are left out too (where another side's
// secret choice may be held there).
uint64_t view_hash(const State& s, const GameDef& def, int side, bool with_vars = true);

}  // namespace cardboard
