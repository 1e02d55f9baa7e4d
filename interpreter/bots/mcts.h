// Monte Carlo tree search for any game, with no game code: UCT over the
// decisions the rules ask, random playouts to the end of the game (or to
// a depth where the game's own evaluation stops them), chance met as the
// game runs, and hidden information by sampling (information-set MCTS).
//
// Each iteration puts the bot's own game at the decision, without re-running
// the game from its start: it restores the live game's branch point (the
// state at the last phase start) and takes the choices made since
// (Game::BranchPoint). There it samples what its side cannot see
// (bots/determinize.h) and gives the dice a generator of the iteration's own,
// so the bot knows neither the hidden pieces nor the dice to come. From the
// decision on, the tree's nodes are the sequences of choices taken (an open
// loop: the same choices after other dice or other samples lead to the same
// node); each choice keeps how often it was open there, as information-set
// MCTS does, and UCB1 reads that count for the parent's.
//
// A choice's value is the share of the iteration's outcome that goes to the
// side that took it: 1 for a win, 0 for a loss, 1/2 for a game that ends
// with no winner, or what the game's `bot_eval(side, result)` says where
// the playout stops (at `depth`; at the end, where nil leaves it to the winner). A game may
// also give `bot_order(side, decision)`: the choice numbers worth trying at
// a decision, best first (the others are left out of the tree), and
// `bot_policy(side, name, decision)`: a scripted player that takes the
// playouts' choices instead of chance when the search is given
// `playout=NAME`, whose choice at each decision of the tree may start with
// `prior` iterations won. All are optional (docs/bots.md).
//
// Deterministic for a seed: the same position and seed give the same choice
// in every process, unless the search is limited by time (`ms`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bots/bot.h"
#include "core/rng.h"

namespace cardboard {

struct MctsOptions {
  int64_t iterations = 1000;  // a decision's iterations
  int64_t ms = 0;             // > 0: a decision's time instead, in milliseconds
  double c = 0.7;             // the exploration constant of UCB1
  uint64_t seed = 1;
  int64_t depth = 0;          // playout decisions before bot_eval ends it; 0: to the end
  int64_t max_decisions = 100000;  // a playout longer than this ends with no winner
  // The most nodes a decision's tree grows to (about 100 bytes each): past
  // it the iterations still run, playing out from the tree's leaves, so no
  // parameters (iterations=100000000) can take the machine's memory.
  int64_t max_nodes = 2000000;
  std::string playout;        // not empty: bot_policy(side, playout, decision) plays the playouts
  // > 0 (with a playout): at each decision of the tree, the playout's
  // scripted choice starts with this many iterations won, as prior
  // knowledge does in UCT (the search leaves it only on what it finds).
  int64_t prior = 0;
};

// Reads KEY=VALUE parameters: iterations, ms, c, seed, depth, playout, prior.
Result<MctsOptions> read_mcts_options(const std::vector<std::pair<std::string, std::string>>& params, uint64_t seed);

// What the last decision's search did, for benchmarks and reports.
struct MctsStats {
  int64_t iterations = 0;
  int64_t decisions = 0;       // taken by the tree and the playouts, all iterations
  int64_t nodes = 0;
  double seconds = 0;
  double branch_seconds = 0;   // of which putting the game at the decision (restore and the path)
  int64_t path_length = 0;     // the choices re-taken from the branch point
  // Iterations whose sampled world the rules could not play from the
  // decision (the decision's choices, and the rules' state in the middle of
  // a phase, come from the real position): left out of the tree.
  int64_t samples_failed = 0;
  std::string first_sample_error;
  // 1 when every iteration's sample failed: the decision was bot_order's
  // first choice, or one at random, rather than the search's.
  int64_t searches_failed = 0;
  // 1 when no draw of the other sides' secret choices of the phase led to
  // the decision its side sees, and the search took them as they were
  // (bots/secret_replay.h).
  int64_t secrets_shown = 0;
  // 1 when the position's `stop` (BotPosition) ended the search before its
  // iterations or time were spent.
  int64_t stopped = 0;
  // Each choice of the decision, in the rules' order: the iterations that
  // took it from the decision, and the mean outcome they gave the side (0
  // to 1; 0 where none did). What a hint shows (cardboard play).
  struct Choice {
    int64_t visits = 0;
    double mean = 0;
  };
  std::vector<Choice> choices;
  // The indices of the `n` most tried choices, most first (the rules'
  // order on a tie), none that no iteration took.
  std::vector<size_t> most_tried(size_t n) const;
};

class MctsBot : public Bot {
 public:
  MctsBot(std::shared_ptr<const GameDef> def, int side, MctsOptions options);
  ~MctsBot() override;
  bool needs_branch_point() const override { return true; }
  Result<int> choose(const BotPosition& position) override;
  void reseed(uint64_t seed) override {
    options_.seed = derive_seed(spec_seed_, seed);
    taken_.clear();
  }
  const MctsStats& last_stats() const { return stats_; }
  int64_t samples_failed() const override { return stats_.samples_failed; }
  int64_t searches_failed() const override { return stats_.searches_failed; }

 private:
  class Search;
  std::shared_ptr<const GameDef> def_;
  int side_;
  MctsOptions options_;
  uint64_t spec_seed_;
  std::unique_ptr<Game> game_;  // the search's own, made at the first decision
  MctsStats stats_;
  // The live states of this phase the bot chose at (by state hash), with
  // the choices it took there and how often: a state met again means its
  // choice led back to it, and the same search would take it again forever
  // (attack, then cancel). The choice taken fewest times there wins first.
  uint64_t phase_start_ = 0;  // the branch point's state hash
  std::unordered_map<uint64_t, std::vector<std::pair<uint64_t, int>>> taken_;
};

}  // namespace cardboard
