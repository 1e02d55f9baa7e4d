#include "bots/simulate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "script/game.h"

namespace cardboard {

namespace {

struct GameOutcome {
  std::string result;
  int32_t turns = 0;
  int64_t decisions = 0;
  bool error = false;
};

// The bots of one thread, by side (null: the random default), made once
// and reseeded for each game.
using SideBots = std::vector<std::unique_ptr<Bot>>;

GameOutcome play_one(Game& game, SideBots& bots, uint64_t seed, uint64_t index, int64_t max_decisions) {
  GameOutcome out;
  const uint64_t game_seed = derive_seed(seed, index);
  // The sides no bot is named for share one random generator, as `sim`
  // always had: a run with no --bot plays as it did.
  RandomBot bot(derive_seed(game_seed, 0xb07));
  for (size_t s = 0; s < bots.size(); ++s)
    if (bots[s]) bots[s]->reseed(derive_seed(game_seed, 0xb08 + s));
  bool stuck = false;
  game.set_decider([&](Game& g) {
    const auto side = static_cast<size_t>(g.state().pending.side);
    // A search is asked below, at the suspended decision (counted there).
    if (side < bots.size() && bots[side] && !bots[side]->decides_inline()) return -1;
    if (++out.decisions > max_decisions) {
      stuck = true;
      return -1;
    }
    if (side < bots.size() && bots[side]) {
      auto c = bots[side]->choose(BotPosition::of(g));
      return c.ok() ? *c : -1;
    }
    return bot.choose(static_cast<int>(g.state().pending.choices.size()));
  });
  auto status = game.start(game_seed);
  // A search decides at a suspended decision: it runs games of its own.
  while (status.ok() && !stuck && !game.state().finished) {
    const auto side = static_cast<size_t>(game.state().pending.side);
    if (side >= bots.size() || !bots[side]) {
      status = rejected("the game stopped at a decision no bot takes");
      break;
    }
    if (++out.decisions > max_decisions) {
      stuck = true;
      break;
    }
    auto c = bots[side]->choose(BotPosition::of(game));
    if (!c.ok()) {
      status = c.error();
      break;
    }
    status = game.act(*c);
  }
  game.set_decider(nullptr);
  if (stuck) {
    out.error = true;
    out.result = "error: game " + std::to_string(index) + " is stuck past " + std::to_string(max_decisions) +
                 " decisions";
    return out;
  }
  out.turns = game.state().position.turn;
  if (!status.ok()) {
    out.error = true;
    out.result = "error: game " + std::to_string(index) + " (seed " + std::to_string(game_seed) +
                 "): " + status.error().message;
  } else {
    out.result = game.state().result;
  }
  return out;
}

}  // namespace

Result<SimReport> simulate(std::shared_ptr<const GameDef> def, const SimOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const int jobs = std::max(1, options.jobs);
  std::vector<GameOutcome> outcomes(static_cast<size_t>(std::max<int64_t>(0, options.games)));
  std::vector<std::unique_ptr<Game>> games;
  std::vector<SideBots> bots(static_cast<size_t>(jobs));
  for (int j = 0; j < jobs; ++j) {
    auto g = Game::create(def);
    if (!g.ok()) return g.error();
    (*g)->set_record_events(false);
    bots[j].resize(def->sides.size());
    for (const auto& spec : options.bots) {
      auto b = make_bot(spec, def, options.seed);
      if (!b.ok()) return b.error();
      if ((*b)->needs_branch_point()) (*g)->set_branch_tracking(true);
      bots[j][static_cast<size_t>(spec.side)] = std::move(*b);
    }
    games.push_back(std::move(*g));
  }
  std::atomic<int64_t> next{0}, done{0};
  auto worker = [&](int j) {
    Game& game = *games[j];
    // Games are handed out in small chunks so threads stay busy to the end.
    constexpr int64_t kChunk = 64;
    for (;;) {
      const int64_t first = next.fetch_add(kChunk);
      if (first >= options.games) break;
      const int64_t last = std::min(options.games, first + kChunk);
      for (int64_t i = first; i < last; ++i)
        outcomes[static_cast<size_t>(i)] = play_one(game, bots[j], options.seed, static_cast<uint64_t>(i), options.max_decisions);
      const int64_t d = done.fetch_add(last - first) + (last - first);
      if (j == 0 && options.progress) options.progress(d, options.games);
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker, j);
  worker(0);
  for (auto& t : threads) t.join();
  if (options.progress) options.progress(options.games, options.games);

  SimReport r;
  r.games = options.games;
  for (const auto& o : outcomes) {
    if (o.error) {
      if (r.errors++ == 0) r.first_error = o.result;
      ++r.outcomes["error"];
    } else {
      ++r.outcomes[o.result];
    }
    r.turns += o.turns;
    r.decisions += o.decisions;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace cardboard
