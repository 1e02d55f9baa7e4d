#include "core/visibility.h"

#include <algorithm>

namespace cardboard {

namespace {

bool sees(Visibility v, int owner, int side) {
  switch (v) {
    case Visibility::kPublic: return true;
    case Visibility::kOwner: return side < 0 || side == owner;
    case Visibility::kNobody: return false;
  }
  return false;
}

}  // namespace

Visibility visibility_at(const GameDef& d, const PieceState& p, int loc, int& owner) {
  if (p.visibility >= 0) {
    owner = p.owner;
    return static_cast<Visibility>(p.visibility);
  }
  if (loc < 0) {
    owner = -1;
    return Visibility::kPublic;
  }
  owner = d.locations[loc].owner;
  return d.locations[loc].visibility;
}

bool sees_at(const GameDef& d, const PieceState& p, int loc, int side) {
  int owner = -1;
  const Visibility v = visibility_at(d, p, loc, owner);
  return sees(v, owner, side);
}

bool sees_location(const GameDef& d, int loc, int side) {
  return sees(d.locations[loc].visibility, d.locations[loc].owner, side);
}

bool sees_piece(const GameDef& d, const State& s, int piece, int side) {
  const PieceState& p = s.pieces[piece];
  return sees_at(d, p, p.location, side);
}

bool knows_piece(const GameDef& d, const State& s, int piece, int side) {
  if (sees_piece(d, s, piece, side)) return true;
  return side >= 0 && side < 32 && (s.pieces[piece].known >> side & 1u) != 0;
}

void remember_hidden(const GameDef& d, const PieceState& before, PieceState& after) {
  const int sides = std::min(static_cast<int>(d.sides.size()), 32);
  for (int side = 0; side < sides; ++side) {
    const uint32_t bit = uint32_t{1} << side;
    if (sees_at(d, after, after.location, side)) after.known &= ~bit;
    else if (sees_at(d, before, before.location, side)) after.known |= bit;
  }
}

}  // namespace cardboard
