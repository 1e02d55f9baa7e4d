#include "bots/secret_replay.h"

#include "bots/determinize.h"

namespace cardboard {

SecretReplay::SecretReplay(const std::vector<PathStep>& path, int side, const State& live, const GameDef& def)
    : path_(path), side_(side), def_(def) {
  for (const PathStep& step : path_) needed_ = needed_ || unseen(step);
  if (needed_) live_view_ = view_hash(live, def, side, false);
}

int SecretReplay::step(const Game& g, Rng& rng) {
  const Decision& d = g.state().pending;
  const bool secret = g.pending_is_secret();
  while (next_ < path_.size() && unseen(path_[next_])) ++next_;
  if (secret && d.side != side_) return static_cast<int>(rng.below(d.choices.size()));
  if (next_ < path_.size()) {
    const PathStep& step = path_[next_++];
    const bool same = step.side == d.side && step.secret == secret && step.choice < static_cast<int>(d.choices.size());
    return same ? step.choice : kElsewhere;
  }
  if (d.side == side_ && view_hash(g.state(), def_, side_, false) == live_view_) return kArrived;
  return kElsewhere;
}

}  // namespace cardboard
