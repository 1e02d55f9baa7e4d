// How a piece reads in a compact view: a label pattern of literal text and
// {key} placeholders, filled from the piece's printed values ("{name}
// {force}" reads "Arab Legion 5"; "{name} ({attack}-{defense}-{move})"
// reads "8th Armd (8-7-7)"). {name} is the type's printed name, {face} the
// piece's face; `{{` and `}}` are braces. A game gives one pattern for all
// its piece types ([view] label) and a type may give its own (its `label`);
// a type that lacks a key of the game's pattern reads as its name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

// The parts of `pattern`, or an error naming what is wrong ("unclosed '{'").
Result<std::vector<LabelPart>> parse_label(std::string_view pattern);

// Whether piece type `t` has every key `parts` names.
bool label_fits(const std::vector<LabelPart>& parts, const PieceTypeDef& t);

// The label of piece `p` in state `s`.
std::string piece_label(const GameDef& d, const State& s, int p);

// A printed value as the views write it: integers and strings as they are,
// numbers as Lua writes them, booleans as true or false.
std::string value_text(const Value& v);

}  // namespace cardboard
