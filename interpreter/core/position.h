// A scenario's position ([position] in its TOML; docs/toml.md): a game that
// starts in mid-war rather than from its set-up. It gives every piece (its
// place, face, markers, counters, visibility), the order of the locations'
// contents, where in the sequence of play the game starts, and optionally
// the generator's state and the decisions taken from there, which is how an
// exported position (session/position_export.h) reaches a decision in the
// middle of a step: the kernel has no other way to stand there, since a
// step's procedure is a running coroutine.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/state.h"

namespace cardboard {

struct ScenarioPosition {
  // The pieces and the locations' contents, bottom to top; the rest of the
  // state (tracks, vars) comes from the scenario's [tracks] and [vars].
  State pieces;
  SequencePosition at;  // a step's start (in_setup for the set-up)
  bool has_generator = false;
  std::array<uint64_t, 4> generator{};
  // The seed of the game the generator came from: a game of another seed
  // plays other dice once the position is reached (Game::run_from_position).
  bool has_seed = false;
  uint64_t seed = 0;
  std::vector<int> shuffled;  // locations shuffled once the pieces are placed
  // The pieces given no `visibility`: the fog of war hides them where a
  // normal set-up would (kit/fog.h).
  std::vector<int> fog_default;
  // Choices taken once the game stands at `at`, as `act` names them.
  struct Decision {
    std::string choice;
    std::string where;  // file:line:column, for messages
  };
  std::vector<Decision> decisions;
  std::string where;  // of the [position] table
};

}  // namespace cardboard
