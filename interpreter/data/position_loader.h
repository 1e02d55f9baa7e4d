// Reading a scenario's [position] (core/position.h; docs/toml.md): every
// piece, the order of the locations' contents, where the sequence of play
// starts, the generator and the decisions taken from there. Every reference
// and range is checked against the game, each problem with its
// file:line:column, and a position that breaks the game's stacking limits
// ([stacking], kit/stacking.h) names the rule and the hex.
#pragma once

#include <memory>
#include <string>
#include <toml++/toml.h>

#include "core/game_def.h"
#include "core/position.h"
#include "data/toml_file.h"

namespace cardboard {

// `def` is the loaded game and its scenario's other tables; every problem
// goes to `problems`. Null when there was one.
std::shared_ptr<const ScenarioPosition> load_position(const std::string& file, const toml::table& position,
                                                      const GameDef& def, Problems& problems);

// The generator's state as [position]'s `generator` writes it: 64 hex
// digits, its four words in order.
std::string generator_text(const std::array<uint64_t, 4>& words);

// The key that stands for an integer key of a vars table in TOML, whose
// keys are all strings: "[12]" for 12 (docs/toml.md, [vars]).
std::string integer_key_text(int64_t key);
// Reads such a key; false when `text` is not one.
bool read_integer_key(std::string_view text, int64_t& key);

}  // namespace cardboard
