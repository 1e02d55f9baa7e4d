// Lint's warnings: what loads without an error but is most likely a slip of
// the author's, each as "file:line:column: warning: what". A piece type takes
// any key as a printed value, and a printed value no piece type has reads as
// nil, so a misspelt key is silent everywhere else. Warnings never fail lint.
#pragma once

#include <string>
#include <vector>

#include <toml++/toml.h>

#include "core/game_def.h"

namespace cardboard {

// A TOML file of a game, parsed (one that does not parse is left out:
// loading reports it).
struct DataFile {
  std::string path;
  toml::table table;
};

// The files that define a game's piece types: the game.toml in `dir` and
// the data files its [game] `files` lists.
std::vector<DataFile> game_data_files(const std::string& dir);

// [[piece_types]] keys one slip from the loader's own keys of a piece type
// (`copis`, `onwer`): they are kept as printed values.
std::vector<std::string> own_key_slips(const std::vector<DataFile>& files);

// Printed-value keys one slip from a key that more of the game's piece
// types have (`defense` beside `defence`, `atack` beside `attack`). The piece
// types of `base_files` (a mod's bases) count, but only `files` are warned of.
std::vector<std::string> printed_value_slips(const std::vector<DataFile>& files,
                                             const std::vector<DataFile>& base_files);

// The string literal keys of `pieces.value(p, "key")` and
// `pieces.sum(loc, "key" ...)` in the Lua files under `dir` (its tests/
// aside) that no piece type of `def` has.
std::vector<std::string> unknown_value_keys(const GameDef& def, const std::string& dir);

// The [[piece_types]] entries of `files` whose units (the kinds [zoc]
// exerts zones with, "unit" by default) lack a printed value the game's kit
// reads: the movement allowance once [movement] is declared, attack and
// defence once combat tables are. Such a unit would move 0 or fight at 0.
std::vector<std::string> kit_value_gaps(const GameDef& def, const std::vector<DataFile>& files);

}  // namespace cardboard
