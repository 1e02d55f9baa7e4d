#include "bots/random_bot.h"

#include "core/rng.h"
#include "core/state.h"

namespace cardboard {

__extension__ typedef unsigned __int128 u128;

RandomBot::RandomBot(uint64_t seed) : state_(seed ^ 0x5bd1e9955bd1e995ULL) {}

int RandomBot::choose(int n) {
  const uint64_t r = splitmix64(state_);
  return static_cast<int>((static_cast<u128>(r) * static_cast<uint64_t>(n)) >> 64);
}

Result<int> RandomBot::choose(const BotPosition& position) {
  const auto n = static_cast<int>(position.now->pending.choices.size());
  if (n <= 0) return rejected("the random bot was asked with no choice open");
  return choose(n);
}

}  // namespace cardboard
