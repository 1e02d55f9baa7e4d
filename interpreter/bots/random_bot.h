// The random bot: each choice equally likely, from a generator of its own,
// so it never changes the game's dice. It decides inline (script/game.h).
#pragma once

#include <cstdint>

#include "bots/bot.h"

namespace cardboard {

class RandomBot : public Bot {
 public:
  explicit RandomBot(uint64_t seed);
  // A choice among n > 0.
  int choose(int n);

  bool decides_inline() const override { return true; }
  Result<int> choose(const BotPosition& position) override;
  void reseed(uint64_t seed) override { *this = RandomBot(seed); }

 private:
  uint64_t state_;
};

}  // namespace cardboard
