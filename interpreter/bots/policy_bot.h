// A scripted player: the game's rules say what it takes. A designer writes
// a policy ("never attack", "strike the leadership first") as Lua, and the
// balance report measures it like any bot, so a rebalance can show that no
// simple plan wins by itself (docs/bots.md).
//
// At each decision the bot puts a game of its own at the live decision (the
// branch point and the choices since, as the search does, with the other
// sides' secret choices drawn: bots/secret_replay.h), samples what its
// side cannot see (bots/determinize.h), and calls the rules' global
// `bot_policy(side, name)`. It returns the number (1-based) of the choice to
// take, or nil for "any": the bot then takes one at random from a generator
// of its own. Like bot_eval, it reads the game and may not change it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bots/bot.h"
#include "core/rng.h"

namespace cardboard {

class SecretReplay;

struct PolicyOptions {
  std::string name;  // the policy the rules play
  uint64_t seed = 1;
};

// Checks the name of a policy of bot_policy given as `bot`'s parameter `key`.
Status check_policy_name(const std::string& bot, const std::string& key, const std::string& name);

// Reads KEY=VALUE parameters: name (required), seed.
Result<PolicyOptions> read_policy_options(const std::vector<std::pair<std::string, std::string>>& params, uint64_t seed);

class PolicyBot : public Bot {
 public:
  PolicyBot(std::shared_ptr<const GameDef> def, int side, PolicyOptions options);
  ~PolicyBot() override;

  bool needs_branch_point() const override { return true; }
  Result<int> choose(const BotPosition& position) override;
  void reseed(uint64_t seed) override { options_.seed = derive_seed(spec_seed_, seed); }

 private:
  bool draw_secrets(const State& quiet, SecretReplay& secret, Rng& rng);

  std::shared_ptr<const GameDef> def_;
  int side_;
  PolicyOptions options_;
  uint64_t spec_seed_;
  std::unique_ptr<Game> game_;  // its own, made at the first decision
};

}  // namespace cardboard
