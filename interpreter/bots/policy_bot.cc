#include "bots/policy_bot.h"

#include <cerrno>
#include <cstdlib>

#include "bots/determinize.h"
#include "bots/secret_replay.h"

namespace cardboard {

Status check_policy_name(const std::string& bot, const std::string& key, const std::string& name) {
  for (char c : name)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
      return rejected(bot + " parameter " + key + "=" + name + ": a name of a-z, 0-9 and _ expected");
  return ok_status();
}

Result<PolicyOptions> read_policy_options(const std::vector<std::pair<std::string, std::string>>& params, uint64_t seed) {
  PolicyOptions o;
  o.seed = seed;
  for (const auto& [k, v] : params) {
    if (k == "name") {
      if (auto s = check_policy_name("policy", k, v); !s.ok()) return s.error();
      o.name = v;
    } else if (k == "seed") {
      char* end = nullptr;
      errno = 0;
      const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
      if (v.empty() || v[0] == '-' || *end || errno) return rejected("policy parameter seed=" + v + ": a whole number expected");
      o.seed = n;
    } else {
      return rejected("policy has no parameter '" + k + "' (name, seed)");
    }
  }
  if (o.name.empty()) return rejected("policy needs name=NAME: the policy of the game's bot_policy to play");
  return o;
}

PolicyBot::PolicyBot(std::shared_ptr<const GameDef> def, int side, PolicyOptions options)
    : def_(std::move(def)), side_(side), options_(std::move(options)), spec_seed_(options_.seed) {}

PolicyBot::~PolicyBot() = default;

Result<int> PolicyBot::choose(const BotPosition& position) {
  const Decision& d = position.now->pending;
  const auto n = static_cast<int64_t>(d.choices.size());
  if (n == 0) return rejected("the policy bot was asked with no choice open");
  if (!position.branch || !position.branch->set)
    return rejected("the policy bot needs the game's branch point (Game::set_branch_tracking, on before the game starts)");
  if (!game_) {
    auto g = Game::create(def_);
    if (!g.ok()) return g.error();
    game_ = std::move(*g);
    game_->set_record_events(false);
    if (!game_->has_function("bot_policy"))
      return rejected("the policy bot needs the game's rules to define bot_policy(side, name) (docs/bots.md)");
  }
  // Its own game at the live decision: the branch point, then the choices since.
  const auto as_taken = [&]() {
    Status s = game_->restore(position.branch->quiet);
    for (const PathStep& step : position.branch->path)
      if (s.ok()) s = game_->act(step.choice);
    return s;
  };
  if (Status s = as_taken(); !s.ok()) return s.error();
  if (game_->state().hash() != position.now->hash())
    return rejected("the policy bot's game did not reach the live decision (" + game_->where() + ")");
  // Seeded from what the side sees, as the search is: the same position
  // plays the same whatever the side cannot see, the other sides' secret
  // choices of this phase included (bots/secret_replay.h).
  SecretReplay secret(position.branch->path, side_, *position.now, *def_);
  Rng rng(derive_seed(options_.seed, secret.needed() ? secret.live_view() : view_hash(*position.now, *def_, side_)));
  // Where no draw leads to the decision, what the side sees all but tells
  // it what they were, and it takes them as they were, as the search does.
  if (secret.needed() && !draw_secrets(position.branch->quiet, secret, rng))
    if (Status s = as_taken(); !s.ok()) return s.error();
  determinize(game_->state_for_search(), *def_, side_, rng);
  auto v = game_->call_reader("bot_policy", side_, &options_.name, true);
  if (!v.ok()) return v.error();
  if (v->is_nil()) return static_cast<int>(rng.below(static_cast<uint64_t>(n)));
  if (!v->is_int() || v->as_int() < 1 || v->as_int() > n)
    return script_error("bot_policy(\"" + def_->sides[side_].id + "\", \"" + options_.name +
                        "\") must return a choice number from 1 to " + std::to_string(n) + " or nil (" + game_->where() + ")");
  return static_cast<int>(v->as_int() - 1);
}

// Puts its game at the decision with the other sides' secret choices of
// the phase drawn at random, until a sample leads to the decision its side
// sees; false when none of SecretReplay::kMaxSamples does.
bool PolicyBot::draw_secrets(const State& quiet, SecretReplay& secret, Rng& rng) {
  for (int tries = 0; tries < SecretReplay::kMaxSamples; ++tries) {
    secret.restart();
    Status s = game_->restore(quiet);
    while (s.ok() && !game_->state().finished) {
      const int c = secret.step(*game_, rng);
      if (c == SecretReplay::kArrived) return true;
      if (c == SecretReplay::kElsewhere) break;
      s = game_->act(c);
    }
  }
  return false;
}

}  // namespace cardboard
