// Forced input: dice faces and draws queued for what happens next, so a test
// or a tutorial can reproduce any situation. Faces are used in order by the
// next rolls; per deck or cup, the cards its next draws take, by type id or
// printed name. A save records the forced input given with each action.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace cardboard {

struct ForcedInput {
  std::vector<int> dice;
  std::vector<std::pair<std::string, std::vector<std::string>>> draws;  // location id -> cards, in order
  bool empty() const { return dice.empty() && draws.empty(); }
};

}  // namespace cardboard
