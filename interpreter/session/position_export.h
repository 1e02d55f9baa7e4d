// A save's position as a scenario (docs/toml.md, [position]): what
// `cardboard export` writes. The kernel stands at a decision in the middle
// of a step's procedure, which no file can hold, so the position is the
// state at the last quiet point before it (the last phase start, or the
// start) and the decisions taken since; the file loads to the same state.
//
// For one side (`as` >= 0) the file holds what that side knows: the pieces
// it does not see get identities drawn among those they could be
// (bots/determinize.h, from a seed of what the side sees), the dice are the
// seed's rather than the game's, and the decisions since the quiet point are
// left out (they were rolled with the game's dice): the position is the one
// at the quiet point.
#pragma once

#include <cstdint>
#include <string>

#include "core/error.h"
#include "session/history.h"

namespace cardboard {

struct PositionExport {
  std::string toml;
  int64_t action = 0;        // the save's action the export was asked at
  int64_t quiet_action = 0;  // the action the quiet point follows (0: the start)
  int64_t decisions = 0;     // those taken since it, in the file
  int drawn = 0;             // pieces given drawn identities (for a side)
  std::string where;         // "turn 3, Combat Phase" at the quiet point
};

// The position of `h`'s save after action `at` (0: the start), for every
// side (`as` < 0) or as side `as` sees it. `source` names the save in the
// file's first lines. `root` is the project the file is for: its game is
// named by id when it lies in root/rules, else by its folder's path.
// Refused where the decisions since the quiet point were taken with forced
// dice or draws, which a position does not carry.
Result<PositionExport> export_position(History& h, int64_t at, int as, const std::string& source,
                                       const std::string& root);

// Makes `s` what `side` knows of it: the pieces it does not see given drawn
// identities (from a seed of what it sees), a piece alone of its kind among
// them a type of that kind, and the sides' memory its own. Returns how many
// pieces were drawn.
int as_side_knows(const GameDef& def, State& s, int side);
// The position TOML of quiet state `quiet` as `side` knows it (without the
// header lines): the same whatever the side does not see.
Result<std::string> side_position_toml(const GameDef& def, const State& quiet, int side, const std::string& root);

// Whether the scenario file at `path` starts at the state `h`'s game is in
// now (its hash, which holds the pending decision and its choices): an
// export checks its own file so. `seed`: the game's seed.
Status check_position_file(const std::string& path, const std::string& root, uint64_t seed, const Game& expected);

}  // namespace cardboard
