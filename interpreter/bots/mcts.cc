#include "bots/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string_view>

#include "bots/determinize.h"
#include "bots/policy_bot.h"
#include "bots/secret_replay.h"

namespace cardboard {

namespace {

using Clock = std::chrono::steady_clock;

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

// A choice's key in the tree: the deciding side and the choice's typed
// fields, which name it whatever the order of the choices.
uint64_t choice_key(int side, const Choice& c) {
  uint64_t h = mix(0x243f6a8885a308d3ULL, static_cast<uint64_t>(side));
  for (char ch : c.option) h = mix(h, static_cast<unsigned char>(ch));
  h = mix(h, static_cast<uint64_t>(c.piece) + 7);
  h = mix(h, static_cast<uint64_t>(c.location) + 11);
  h = mix(h, c.has_number ? static_cast<uint64_t>(c.number) * 2 + 1 : 0);
  return h;
}

struct Edge {
  uint64_t key = 0;
  int32_t side = -1;
  int32_t child = -1;
  uint32_t visits = 0;
  uint32_t available = 0;
  double reward = 0;
};

struct Node {
  std::vector<Edge> edges;  // sorted by key
  bool hinted = false;      // bot_order (and for a prior, bot_policy) was asked here
  std::vector<uint64_t> order;  // the keys bot_order listed, best first; empty: every choice
  std::optional<uint64_t> scripted;  // the key of bot_policy's choice, given a head start

  Edge* find(uint64_t key) {
    auto it = std::lower_bound(edges.begin(), edges.end(), key, [](const Edge& e, uint64_t k) { return e.key < k; });
    return it != edges.end() && it->key == key ? &*it : nullptr;
  }
};

Result<int64_t> read_int(const std::string& key, const std::string& v, int64_t lo, int64_t hi) {
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end || errno || n < lo || n > hi)
    return rejected("mcts parameter " + key + "=" + v + ": a whole number from " + std::to_string(lo) + " to " +
                    std::to_string(hi) + " expected");
  return static_cast<int64_t>(n);
}

}  // namespace

Result<MctsOptions> read_mcts_options(const std::vector<std::pair<std::string, std::string>>& params, uint64_t seed) {
  MctsOptions o;
  o.seed = seed;
  for (const auto& [k, v] : params) {
    if (k == "iterations") {
      auto n = read_int(k, v, 1, 100000000);
      if (!n.ok()) return n.error();
      o.iterations = *n;
    } else if (k == "ms") {
      auto n = read_int(k, v, 1, 3600000);
      if (!n.ok()) return n.error();
      o.ms = *n;
    } else if (k == "depth") {
      auto n = read_int(k, v, 0, 100000000);
      if (!n.ok()) return n.error();
      o.depth = *n;
    } else if (k == "seed") {
      auto n = read_int(k, v, 0, INT64_MAX);
      if (!n.ok()) return n.error();
      o.seed = static_cast<uint64_t>(*n);
    } else if (k == "playout") {
      if (auto s = check_policy_name("mcts", k, v); !s.ok()) return s.error();
      o.playout = v;
    } else if (k == "prior") {
      auto n = read_int(k, v, 0, 1000000);
      if (!n.ok()) return n.error();
      o.prior = *n;
    } else if (k == "c") {
      char* end = nullptr;
      const double c = std::strtod(v.c_str(), &end);
      if (v.empty() || *end || !(c >= 0 && c <= 100))
        return rejected("mcts parameter c=" + v + ": a number from 0 to 100 expected");
      o.c = c;
    } else {
      return rejected("mcts has no parameter '" + k + "' (iterations, ms, c, seed, depth, playout, prior)");
    }
  }
  if (o.prior > 0 && o.playout.empty())
    return rejected("mcts parameter prior=" + std::to_string(o.prior) +
                    " gives the playout's scripted choice a head start: it needs playout=NAME");
  return o;
}

std::vector<size_t> MctsStats::most_tried(size_t n) const {
  std::vector<size_t> order;
  for (size_t i = 0; i < choices.size(); ++i)
    if (choices[i].visits > 0) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return choices[a].visits > choices[b].visits; });
  if (order.size() > n) order.resize(n);
  return order;
}

// One decision's search: the tree, and the state of the iteration in
// progress, which the game's decider (called inside the rules' ask) moves on.
class MctsBot::Search {
 public:
  Search(MctsBot& bot, const BotPosition& pos)
      : bot_(bot),
        game_(*bot.game_),
        pos_(pos),
        path_(pos.branch->path),
        sides_(pos.def->sides.size()),
        secret_(path_, bot.side_, *pos.now, *pos.def) {
    have_eval_ = game_.has_function("bot_eval");
    have_order_ = game_.has_function("bot_order");
    have_policy_ = !bot.options_.playout.empty();
    nodes_.emplace_back();
  }

  Result<int> run() {
    const MctsOptions& o = bot_.options_;
    MctsStats& st = bot_.stats_;
    st = MctsStats{};
    st.path_length = static_cast<int64_t>(path_.size());
    // Seeded from what the side sees: the search is the same whatever it
    // cannot see (bots/determinize.h). Where another side chose in secret
    // this phase, the vars may hold its choice, and are left out.
    const bool secrets = secret_.needed();
    rng_.reseed(derive_seed(o.seed, secrets ? secret_.live_view() : view_hash(*pos_.now, *pos_.def, bot_.side_)));
    if (have_policy_ && !game_.has_function("bot_policy"))
      return rejected("mcts playout=" + o.playout +
                      " needs the game's rules to define bot_policy(side, name, decision) (docs/bots.md)");
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::milliseconds(o.ms);
    game_.set_decider([this](Game& g) { return decide(g); });
    struct Unset {
      Game& g;
      ~Unset() { g.set_decider(nullptr); }
    } unset{game_};
    // The live game's choices taken again must lead to its decision: a
    // first pass checks it (forced dice or draws in this phase, or changed
    // rules, would not), before any other side's secret is sampled.
    if (secrets) {
      replay_ = Replay::kCheck;
      if (auto s = iterate(true); !s.ok()) return s.error();
      replay_ = Replay::kDrawn;
    }
    for (int64_t it = 0; o.ms > 0 ? Clock::now() < deadline || it == 0 : it < o.iterations; ++it) {
      if (it > 0 && pos_.stop && (*pos_.stop)()) {
        st.stopped = 1;
        break;
      }
      if (auto s = sampled_iteration(it == 0 && !secrets); !s.ok()) return s.error();
      ++st.iterations;
    }
    st.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    st.nodes = static_cast<int64_t>(nodes_.size());
    // Every sampled world broke the rules, so the tree holds nothing: a
    // secret the samples cannot keep (the rules' locals or vars hold what a
    // hidden piece was), or rules broken after the decision. Rather than
    // stop the game, bot_order's choices stand in for the visits, best
    // first, and chance for the means (the search's seed); rules that are
    // truly broken then fail in the live game, which names them.
    const bool unsearched = st.samples_failed == st.iterations;
    if (unsearched) ++st.searches_failed;
    const std::vector<uint64_t>& order = nodes_[0].order;
    // The most visited of the choices open at the decision, among those
    // taken fewest times before at this very state (MctsBot::taken_).
    const Decision& root = pos_.now->pending;
    auto& before = bot_.taken_[secret_.needed() ? secret_.live_view() : pos_.now->hash()];
    const auto times_taken = [&](uint64_t key) {
      for (const auto& [k, n] : before)
        if (k == key) return n;
      return 0;
    };
    int best = 0;
    uint64_t best_key = 0;
    int best_taken = INT32_MAX;
    int64_t best_visits = -1;
    double best_mean = -1;
    st.choices.assign(root.choices.size(), {});
    for (size_t i = 0; i < root.choices.size(); ++i) {
      const uint64_t key = choice_key(root.side, root.choices[i]);
      const Edge* e = nodes_[0].find(key);
      const int taken = times_taken(key);
      int64_t v = e ? e->visits : 0;
      double mean = e && e->visits ? e->reward / e->visits : 0;
      st.choices[i] = {v, mean};
      if (unsearched) {
        const auto at = std::find(order.begin(), order.end(), key);
        v = order.end() - at;
        mean = static_cast<double>(rng_.below(uint64_t{1} << 30));
      }
      const bool better = taken != best_taken ? taken < best_taken
                          : v != best_visits  ? v > best_visits
                                              : mean > best_mean;
      if (better) {
        best = static_cast<int>(i);
        best_key = key;
        best_taken = taken;
        best_visits = v;
        best_mean = mean;
      }
    }
    if (best_taken == 0) before.emplace_back(best_key, 1);
    else
      for (auto& [k, n] : before)
        if (k == best_key) ++n;
    return best;
  }

 private:
  enum class Phase { kReplay, kTree, kPlayout };
  enum class Stop { kNone, kHints, kPolicy, kCutoff, kTooLong, kLost, kChecked, kUnseen };

  // How the replay takes the branch path: as it was, as it was to check
  // that it leads to the live decision, or with the other sides' secret
  // choices drawn (bots/secret_replay.h).
  enum class Replay { kAsTaken, kCheck, kDrawn };

  // An iteration, drawing the other sides' secret choices again where
  // those drawn lead to a position its side would not see (Stop::kUnseen):
  // rejection sampling. Where none of SecretReplay::kMaxSamples does, what
  // the side sees all but tells it what they were, and this search takes
  // them as they were from then on, rather than pay for every draw again.
  Status sampled_iteration(bool first) {
    for (int tries = 1;; ++tries) {
      if (auto s = iterate(first); !s.ok() || stop_ != Stop::kUnseen) return s;
      if (tries == SecretReplay::kMaxSamples) {
        bot_.stats_.secrets_shown = 1;
        replay_ = Replay::kAsTaken;
      }
    }
  }

  Status iterate(bool first) {
    phase_ = Phase::kReplay;
    next_ = 0;
    node_ = 0;
    visited_.clear();
    stop_ = Stop::kNone;
    playout_ = 0;
    check_root_ = first;
    iteration_seed_ = rng_.next();
    branch_start_ = Clock::now();
    Status s = game_.restore(pos_.branch->quiet);
    // In the replay, with other sides' secret choices sampled, a game that
    // breaks or ends belongs to the sample: its side knows it cannot be.
    const bool sampling = replay_ == Replay::kDrawn;
    secret_.restart();
    for (;;) {
      if (!s.ok() && phase_ != Phase::kReplay) return drop_sample(s.error());
      if (!s.ok() && sampling) stop_ = Stop::kUnseen;
      if (!s.ok() && !sampling) return failed(s.error());
      if (stop_ == Stop::kLost) return lost_;
      if (stop_ == Stop::kChecked || stop_ == Stop::kUnseen) return ok_status();
      const State& st = game_.state();
      if (st.finished && phase_ == Phase::kReplay && sampling) {
        stop_ = Stop::kUnseen;
        return ok_status();
      }
      if (st.finished) {
        if (auto r = outcome(); !r.ok()) return r;
        break;
      }
      if (stop_ == Stop::kHints) {
        if (auto r = ask_hints(); !r.ok()) return r;
        stop_ = Stop::kNone;
        s = game_.act(tree_step(game_));
        continue;
      }
      if (stop_ == Stop::kPolicy) {
        auto i = ask_policy();
        if (!i.ok()) return i.error();
        stop_ = Stop::kNone;
        s = game_.act(*i);
        continue;
      }
      if (stop_ == Stop::kCutoff) {
        if (auto r = outcome(); !r.ok()) return r;
        break;
      }
      if (stop_ == Stop::kTooLong) {
        rewards_.assign(sides_, 0.5);
        break;
      }
      return rejected("the search's game stopped at a decision no one took (" + game_.where() + ")");
    }
    if (phase_ == Phase::kReplay)
      return rejected("the search could not rebuild the position from the last phase start: its game ended before it (" +
                      game_.where() + ")");
    for (const auto& [node, key] : visited_) {
      Edge* e = nodes_[node].find(key);
      ++e->visits;
      e->reward += rewards_[static_cast<size_t>(e->side)];
    }
    return ok_status();
  }

  // A rules error after the sample belongs to the sample, not to the game:
  // the decision's choices, and the rules' locals in the middle of a phase,
  // were computed on the real position, and a sampled world may not allow
  // them (a raid offered for a zone whose control the sample changed). The
  // iteration is left out, as a sample the side knows cannot be; its new
  // edge stays unvisited, so the next iteration tries it again.
  Status drop_sample(const Error& e) {
    MctsStats& st = bot_.stats_;
    if (st.samples_failed++ == 0) {
      st.first_sample_error = failed(e).message;
    }
    return ok_status();
  }

  Error failed(const Error& e) {
    Error out = e;
    out.message = "the search's game failed at " + game_.where() + ": " + e.message;
    return out;
  }

  // The decider: re-takes the path, then the tree's choices, then plays out.
  int decide(Game& g) {
    switch (phase_) {
      case Phase::kReplay:
        if (replay_ != Replay::kDrawn) {
          if (next_ < path_.size()) return path_[next_++].choice;
          return at_root(g);
        }
        return sampled_replay_step(g);
      case Phase::kTree:
        return tree_step(g);
      case Phase::kPlayout:
        return playout_step(g);
    }
    return -1;
  }

  // The phase so far taken again as the side saw it (bots/secret_replay.h).
  int sampled_replay_step(Game& g) {
    const int c = secret_.step(g, rng_);
    if (c == SecretReplay::kArrived) return at_root(g);
    if (c != SecretReplay::kElsewhere) return c;
    stop_ = Stop::kUnseen;
    return -1;
  }

  int at_root(Game& g) {
    bot_.stats_.branch_seconds += std::chrono::duration<double>(Clock::now() - branch_start_).count();
    if (check_root_ && g.state().hash() != pos_.now->hash()) {
      lost_ = rejected("the search could not rebuild the position from the last phase start (" + g.where() +
                       "): forced dice or draws in this phase, or rules that changed since the game loaded");
      stop_ = Stop::kLost;
      return -1;
    }
    if (replay_ == Replay::kCheck) {
      stop_ = Stop::kChecked;
      return -1;
    }
    State& s = g.state_for_search();
    determinize(s, *pos_.def, bot_.side_, rng_);
    s.rng.reseed(iteration_seed_);
    phase_ = Phase::kTree;
    return tree_step(g);
  }

  int tree_step(Game& g) {
    const Decision& d = g.state().pending;
    const int n = static_cast<int>(d.choices.size());
    if (n == 1) return ++bot_.stats_.decisions, 0;
    // bot_order, and bot_policy for a prior, are asked where the game is
    // suspended (iterate), once a node.
    if ((have_order_ || bot_.options_.prior > 0) && !nodes_[node_].hinted) {
      stop_ = Stop::kHints;
      return -1;
    }
    ++bot_.stats_.decisions;
    keys_.resize(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) keys_[i] = choice_key(d.side, d.choices[i]);
    allowed_.clear();
    const std::vector<uint64_t>& order = nodes_[node_].order;
    if (!order.empty()) {
      // In bot_order's order; the choices it left out are not tried.
      for (uint64_t k : order)
        for (int i = 0; i < n; ++i)
          if (keys_[i] == k) allowed_.push_back(i);
    }
    // The scripted choice is tried too, if bot_order left it out.
    const std::optional<uint64_t> scripted = nodes_[node_].scripted;
    if (!allowed_.empty() && scripted)
      for (int i = 0; i < n; ++i)
        if (keys_[i] == *scripted && std::find(allowed_.begin(), allowed_.end(), i) == allowed_.end())
          allowed_.push_back(i);
    if (allowed_.empty())
      for (int i = 0; i < n; ++i) allowed_.push_back(i);
    // A choice not tried yet here: the scripted one, else bot_order's
    // first, else one at random.
    untried_.clear();
    for (int i : allowed_)
      if (!nodes_[node_].find(keys_[i])) untried_.push_back(i);
    if (!untried_.empty()) {
      int i = order.empty() ? untried_[rng_.below(untried_.size())] : untried_.front();
      for (int u : untried_)
        if (scripted == keys_[u]) i = u;
      if (static_cast<int64_t>(nodes_.size()) >= bot_.options_.max_nodes) {
        // The tree is full: this choice is played out, and not kept.
        phase_ = Phase::kPlayout;
        return i;
      }
      const auto child = static_cast<int32_t>(nodes_.size());
      nodes_.emplace_back();
      Node& node = nodes_[node_];
      Edge e;
      e.key = keys_[i];
      e.side = d.side;
      e.child = child;
      e.available = 1;
      if (scripted == e.key) {
        e.visits = static_cast<uint32_t>(bot_.options_.prior);
        e.reward = static_cast<double>(bot_.options_.prior);
      }
      node.edges.insert(std::lower_bound(node.edges.begin(), node.edges.end(), e.key,
                                         [](const Edge& x, uint64_t k) { return x.key < k; }),
                        e);
      visited_.emplace_back(node_, e.key);
      node_ = child;
      phase_ = Phase::kPlayout;
      return i;
    }
    Node& node = nodes_[node_];
    int best = allowed_.front();
    double best_score = -1;
    Edge* best_edge = nullptr;
    for (int i : allowed_) {
      Edge* e = node.find(keys_[i]);
      ++e->available;
      // An edge with no visit was tried only by iterations whose sample failed.
      const double score = e->visits == 0 ? std::numeric_limits<double>::infinity()
                                          : e->reward / e->visits +
                                                bot_.options_.c * std::sqrt(std::log(static_cast<double>(e->available)) /
                                                                            e->visits);
      if (score > best_score) {
        best_score = score;
        best = i;
        best_edge = e;
      }
    }
    visited_.emplace_back(node_, best_edge->key);
    node_ = best_edge->child;
    return best;
  }

  int playout_step(Game& g) {
    ++bot_.stats_.decisions;
    ++playout_;
    const MctsOptions& o = bot_.options_;
    if (o.depth > 0 && have_eval_ && playout_ > o.depth) {
      stop_ = Stop::kCutoff;
      return -1;
    }
    if (playout_ > o.max_decisions) {
      stop_ = Stop::kTooLong;
      return -1;
    }
    const auto n = g.state().pending.choices.size();
    if (n == 1) return 0;
    // The scripted player is asked where the game is suspended (iterate).
    if (have_policy_) {
      stop_ = Stop::kPolicy;
      return -1;
    }
    return static_cast<int>(rng_.below(n));
  }

  // bot_policy(side, playout, decision) at a playout's decision: its
  // choice, or one at random where it returns nil.
  Result<int> ask_policy() {
    const Decision& d = game_.state().pending;
    const std::string& name = bot_.options_.playout;
    auto v = game_.call_reader("bot_policy", d.side, &name, true);
    if (!v.ok()) return failed(v.error());
    auto i = policy_choice(*v);
    if (!i.ok() || *i >= 0) return i;
    return static_cast<int>(rng_.below(d.choices.size()));
  }

  // bot_policy's answer at the pending decision: the choice's index, or -1
  // for nil.
  Result<int> policy_choice(const Value& v) {
    const Decision& d = game_.state().pending;
    const auto n = static_cast<int64_t>(d.choices.size());
    if (v.is_nil()) return -1;
    if (!v.is_int() || v.as_int() < 1 || v.as_int() > n)
      return script_error("bot_policy(\"" + pos_.def->sides[static_cast<size_t>(d.side)].id + "\", \"" +
                          bot_.options_.playout + "\") must return a choice number from 1 to " + std::to_string(n) +
                          " or nil (" + game_.where() + ")");
    return static_cast<int>(v.as_int() - 1);
  }

  // At a node, where the game is suspended: bot_order(side, decision), and
  // for a prior, the scripted choice, bot_policy(side, playout, decision).
  Status ask_hints() {
    nodes_[node_].hinted = true;
    const Decision& d = game_.state().pending;
    if (bot_.options_.prior > 0) {
      auto v = game_.call_reader("bot_policy", d.side, &bot_.options_.playout, true);
      if (!v.ok()) return failed(v.error());
      if (auto i = policy_choice(*v); !i.ok()) return i.error();
      else if (*i >= 0) nodes_[node_].scripted = choice_key(d.side, d.choices[static_cast<size_t>(*i)]);
    }
    return have_order_ ? ask_order() : ok_status();
  }

  // bot_order(side, decision).
  Status ask_order() {
    Node& node = nodes_[node_];
    const Decision& d = game_.state().pending;
    auto v = game_.call_reader("bot_order", d.side, nullptr, true);
    if (!v.ok()) return failed(v.error());
    if (v->is_nil()) return ok_status();
    if (!v->is_table()) return script_error("bot_order returned a " + kind_of(*v) + ": a list of choice numbers expected");
    const auto n = static_cast<int64_t>(d.choices.size());
    int64_t expect = 1;
    for (const auto& [k, x] : v->as_table().entries) {
      const int64_t* i = std::get_if<int64_t>(&k);
      if (!i || *i != expect++ || !x.is_int() || x.as_int() < 1 || x.as_int() > n)
        return script_error("bot_order must return a list of choice numbers from 1 to " + std::to_string(n) +
                            " (" + game_.where() + ")");
      node.order.push_back(choice_key(d.side, d.choices[static_cast<size_t>(x.as_int() - 1)]));
    }
    return ok_status();
  }

  static std::string kind_of(const Value& v) {
    if (v.is_bool()) return "boolean";
    if (v.is_int() || v.is_number()) return "number";
    if (v.is_string()) return "string";
    return "value";
  }

  // The iteration's value for each side: bot_eval's where a playout
  // stops, and at the end of the game its result's (1 to the winner, 0 to
  // the others, 1/2 each with no winner) unless bot_eval grades it.
  Status outcome() {
    const State& st = game_.state();
    rewards_.assign(sides_, 0.5);
    if (st.finished && st.winner >= 0)
      for (size_t s = 0; s < sides_; ++s) rewards_[s] = static_cast<int>(s) == st.winner ? 1 : 0;
    if (!have_eval_) return ok_status();
    for (size_t s = 0; s < sides_; ++s) {
      if (pos_.def->sides[s].automatic) continue;
      auto v = game_.call_reader("bot_eval", static_cast<int>(s), st.finished ? &st.result : nullptr);
      if (!v.ok()) return failed(v.error());
      if (st.finished && v->is_nil()) continue;
      const double x = v->is_int() ? static_cast<double>(v->as_int()) : v->is_number() ? v->as_number() : -1;
      if (!(x >= 0 && x <= 1))
        return script_error("bot_eval(\"" + pos_.def->sides[s].id + "\") must return a number from 0 to 1" +
                            (st.finished ? " or nil" : "") + " (" + game_.where() + ")");
      rewards_[s] = x;
    }
    return ok_status();
  }

  MctsBot& bot_;
  Game& game_;
  const BotPosition& pos_;
  const std::vector<PathStep>& path_;
  size_t sides_;
  SecretReplay secret_;
  Replay replay_ = Replay::kAsTaken;
  bool have_eval_ = false, have_order_ = false, have_policy_ = false;
  std::vector<Node> nodes_;
  Rng rng_;
  // The iteration in progress.
  Phase phase_ = Phase::kReplay;
  Stop stop_ = Stop::kNone;
  Error lost_{};
  size_t next_ = 0;
  int32_t node_ = 0;
  int64_t playout_ = 0;
  bool check_root_ = false;
  uint64_t iteration_seed_ = 0;
  Clock::time_point branch_start_;
  std::vector<std::pair<int32_t, uint64_t>> visited_;  // (node, the key of the choice taken there)
  std::vector<double> rewards_;
  std::vector<uint64_t> keys_;
  std::vector<int> allowed_, untried_;
};

MctsBot::MctsBot(std::shared_ptr<const GameDef> def, int side, MctsOptions options)
    : def_(std::move(def)), side_(side), options_(options), spec_seed_(options.seed) {}

MctsBot::~MctsBot() = default;

Result<int> MctsBot::choose(const BotPosition& position) {
  stats_ = MctsStats{};  // a decision taken without a search did none
  const Decision& d = position.now->pending;
  if (d.choices.empty()) return rejected("the search was asked with no choice open");
  if (d.choices.size() == 1) return 0;
  if (!position.branch || !position.branch->set)
    return rejected("the search needs the game's branch point (Game::set_branch_tracking, on before the game starts)");
  if (!game_) {
    auto g = Game::create(def_);
    if (!g.ok()) return g.error();
    game_ = std::move(*g);
    game_->set_record_events(false);
  }
  // A state of another phase cannot come back: what was taken before it is forgotten.
  if (const uint64_t start = position.branch->quiet.hash(); start != phase_start_) {
    phase_start_ = start;
    taken_.clear();
  }
  Search search(*this, position);
  return search.run();
}

}  // namespace cardboard
