// The state hash as a position's identity, checked: two positions with the
// same hash must have the same future. The hash covers the kernel's state,
// not the Lua locals of a step suspended in `ask`, so rules that keep in a
// local something a later decision depends on (the transfers left this
// phase) make positions that look alike and are not: a save would replay,
// but a bot's search would merge them.
//
// The check works around one position P of a game being played: it reaches
// the positions one and two decisions past P by a few choices each (from the
// game's last snapshot, re-applying the choices since), and wherever two of
// them (or one and P) share a hash, it plays both on by the same random
// choices for a while; the first difference (the open choices, the state
// hash, the end) fails the check, naming the two paths and the locals of
// the suspended step that differ.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "core/rng.h"
#include "core/state.h"
#include "script/game.h"

namespace cardboard {

struct IdentityCheckOptions {
  int width = 3;     // choices tried at each of the two decisions past P
  int horizon = 24;  // decisions played on from two positions that share a hash
};

class IdentityCheck {
 public:
  using Options = IdentityCheckOptions;
  explicit IdentityCheck(std::shared_ptr<const GameDef> def, Options options = {});

  // A new game with `seed` is being played; its snapshots must come through
  // snapshot() (Game::set_snapshot_hook).
  void start(uint64_t seed);
  // A snapshot of the game being played, taken after `decisions` decisions.
  void snapshot(const State& s, size_t decisions);
  // Checks around the position the game reached by `taken` (all its
  // choices so far, by index); `rng` picks the choices tried. An error
  // describes the two positions that share a hash but not their future.
  Status check(const std::vector<int>& taken, Rng& rng);

 private:
  // Brings `g` to the position after taken + extra.
  Status reach(Game& g, const std::vector<int>& taken, const std::vector<int>& extra);
  // Plays both games on by the same random choices; the first difference.
  std::optional<std::string> first_difference(Game& a, Game& b, Rng& rng);

  std::shared_ptr<const GameDef> def_;
  Options options_;
  uint64_t seed_ = 0;
  std::optional<State> snapshot_;
  size_t snapshot_decisions_ = 0;
  std::unique_ptr<Game> a_, b_;
};

}  // namespace cardboard
