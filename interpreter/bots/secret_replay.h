// Taking the phase so far again as one side saw it. Rules often ask two
// sides in turn for what the game has them decide at once (a commitment
// "made simultaneously"), and keep the first answer where no piece shows
// it (vars, a local variable) until the second is given. A bot that took
// the branch path again as it was would play on that answer. This takes
// the side's own choices and the others' open ones as they were, and draws
// the others' secret choices (ask's `secret`) at random; a sample counts
// only if it leads to the decision the side sees (docs/bots.md, "Secret
// choices"): rejection sampling of what the others chose in secret.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game_def.h"
#include "core/rng.h"
#include "core/state.h"
#include "script/game.h"

namespace cardboard {

class SecretReplay {
 public:
  // `live` is the live game's state at the side's decision.
  SecretReplay(const std::vector<PathStep>& path, int side, const State& live, const GameDef& def);

  // Whether another side chose in secret since the branch point: only then
  // is there anything to draw (else take the path as it is).
  bool needed() const { return needed_; }
  // The live decision's view_hash with the vars left out: what the side
  // sees of it, whatever the others chose in secret.
  uint64_t live_view() const { return live_view_; }

  // A new sample: from the branch point again.
  void restart() { next_ = 0; }
  // At the pending decision of `g`, on its way from the branch point: the
  // choice to take, kArrived where it is the side's decision and looks as
  // the live one does, or kElsewhere where the sample led where the side
  // knows the game is not.
  static constexpr int kArrived = -1;
  static constexpr int kElsewhere = -2;
  int step(const Game& g, Rng& rng);

  // How many samples a bot draws before it gives up: each is a replay of
  // the phase so far.
  static constexpr int kMaxSamples = 32;

 private:
  bool unseen(const PathStep& step) const { return step.secret && step.side != side_; }

  const std::vector<PathStep>& path_;
  int side_;
  const GameDef& def_;
  bool needed_ = false;
  uint64_t live_view_ = 0;
  size_t next_ = 0;
};

}  // namespace cardboard
