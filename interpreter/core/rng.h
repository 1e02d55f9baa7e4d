// The game's pseudo-random generator: xoshiro256** seeded through splitmix64.
// Its whole state is four words, saved with the game state, so a restored game
// draws the same numbers as the original.
#pragma once

#include <array>
#include <cstdint>

namespace cardboard {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed);
  uint64_t next();
  // A uniform integer in [0, n), n > 0, without modulo bias.
  uint64_t below(uint64_t n);
  // A uniform double in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  const std::array<uint64_t, 4>& words() const { return s_; }
  void set_words(const std::array<uint64_t, 4>& s) { s_ = s; }

 private:
  std::array<uint64_t, 4> s_{};
};

// Mixes a 64-bit value; used to derive independent seeds (game i of a run).
uint64_t splitmix64(uint64_t& x);
uint64_t derive_seed(uint64_t base, uint64_t index);

}  // namespace cardboard
