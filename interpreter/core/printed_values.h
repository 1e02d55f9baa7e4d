// A piece's printed values as it shows them now: a face may print other
// values than the type's ([piece_types] on_face: a reduced side's lower
// attack), so every kernel reader of a piece's printed values asks here,
// never PieceTypeDef::values directly. The type's values alone say what a
// type prints at all (a filter's `has`, a label that fits the type).
#pragma once

#include <string_view>

#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

// The printed value `key` of piece `p` on its current face: the face's own
// (on_face) when it has one, else the type's; null when the type has none.
// The pointer lives as long as the GameDef.
const Value* printed_value(const GameDef& d, const PieceState& p, std::string_view key);

// The values face `face` (an index into the type's faces) prints in place of
// the type's, or null when it prints the type's own.
const Table* face_values(const PieceTypeDef& t, int face);

}  // namespace cardboard
