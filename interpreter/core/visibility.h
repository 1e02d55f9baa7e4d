// Who sees what. A location is public, seen by its owner only, or seen by
// nobody (a face-down deck, a cup). A piece may carry a visibility of its
// own, which overrides its location's: a face-down counter on an open map
// (its owner's only), a card shown from a hand (public). Side -1 is the
// view of no side in particular: it sees what is public or owner-only.
#pragma once

#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

// What decides whether a piece at `loc` is seen: the piece's own visibility
// when it has one, else the location's (off the map: public). `owner` gets
// the side that sees it when the result is kOwner.
Visibility visibility_at(const GameDef& d, const PieceState& p, int loc, int& owner);

// Whether `side` sees piece `p` were it at `loc` (its own visibility, if
// any, standing for the location's).
bool sees_at(const GameDef& d, const PieceState& p, int loc, int side);
bool sees_location(const GameDef& d, int loc, int side);
bool sees_piece(const GameDef& d, const State& s, int piece, int side);
// Whether `side` knows what piece `p` is: it sees it, or saw it and it has
// neither moved nor changed since (PieceState::known).
bool knows_piece(const GameDef& d, const State& s, int piece, int side);
// Updates the sides' memory of a piece whose own visibility changed where it
// stands, from `before`: a side that saw it and no longer does knows it
// still; one that sees it needs no memory.
void remember_hidden(const GameDef& d, const PieceState& before, PieceState& after);

}  // namespace cardboard
