// Many complete games with the random bot on every side that the rules ask,
// spread over threads. Game i is seeded from (seed, i) and its bot likewise,
// so the outcomes are the same whatever the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "bots/bot.h"
#include "bots/random_bot.h"

namespace cardboard {

struct SimOptions {
  int64_t games = 100;
  uint64_t seed = 1;
  int jobs = 1;
  int64_t max_decisions = 100000;  // per game: a game past it is reported as stuck
  std::vector<BotSpec> bots;       // the sides they name; the others play at random
  std::function<void(int64_t done, int64_t total)> progress;  // called from one thread now and then
};

struct SimReport {
  int64_t games = 0;
  std::map<std::string, int64_t> outcomes;  // result text -> count
  int64_t turns = 0;                         // summed over games
  int64_t decisions = 0;
  int64_t errors = 0;
  std::string first_error;                   // the error of the lowest-numbered failing game
  double seconds = 0;
};


Result<SimReport> simulate(std::shared_ptr<const GameDef> def, const SimOptions& options);

}  // namespace cardboard
