#include "authoring/identity_check.h"

#include <algorithm>
#include <map>
#include <utility>

#include "core/bytes.h"
#include "core/decision.h"

namespace cardboard {

namespace {

// Up to `n` distinct indices below `count`, picked by `rng`.
std::vector<int> sample(uint64_t count, int n, Rng& rng) {
  std::vector<int> all(count);
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  for (size_t i = 0; i < all.size() && i < static_cast<size_t>(n); ++i)
    std::swap(all[i], all[i + rng.below(all.size() - i)]);
  all.resize(std::min(all.size(), static_cast<size_t>(n)));
  return all;
}

std::string open_choices(const Game& g) {
  const State& s = g.state();
  if (s.finished) return "the end (" + s.result + ")";
  std::string out = g.def().sides[s.pending.side].id + " deciding among";
  for (const Choice& c : s.pending.choices) out += " " + choice_value(c, g.def());
  return out;
}

}  // namespace

IdentityCheck::IdentityCheck(std::shared_ptr<const GameDef> def, Options options)
    : def_(std::move(def)), options_(options) {}

void IdentityCheck::start(uint64_t seed) {
  seed_ = seed;
  snapshot_.reset();
  snapshot_decisions_ = 0;
}

void IdentityCheck::snapshot(const State& s, size_t decisions) {
  snapshot_ = s;
  snapshot_decisions_ = decisions;
}

Status IdentityCheck::reach(Game& g, const std::vector<int>& taken, const std::vector<int>& extra) {
  const size_t from = snapshot_ ? snapshot_decisions_ : 0;
  size_t next = from;
  g.set_decider([&](Game&) {
    if (next < taken.size()) return taken[next++];
    const size_t k = next++ - taken.size();
    return k < extra.size() ? extra[k] : -1;
  });
  Status st = snapshot_ ? g.restore(*snapshot_) : g.start(seed_);
  g.set_decider(nullptr);
  if (!st.ok()) return st;
  if (next < taken.size() + extra.size() && !g.state().finished)
    return script_error("replaying " + std::to_string(taken.size() + extra.size() - from) +
                        " decisions from the last snapshot stopped early");
  return ok_status();
}

std::optional<std::string> IdentityCheck::first_difference(Game& a, Game& b, Rng& rng) {
  for (int k = 0;; ++k) {
    const State& x = a.state();
    const State& y = b.state();
    const std::string later = k == 0 ? "at once" : std::to_string(k) + (k == 1 ? " decision later" : " decisions later");
    if (x.hash() != y.hash()) return later + ": the state hashes differ";
    std::string cx = open_choices(a), cy = open_choices(b);
    if (cx != cy) return later + ": one has " + cx + ", the other " + cy;
    if (x.finished || k == options_.horizon) return std::nullopt;
    const int c = static_cast<int>(rng.below(x.pending.choices.size()));
    const Status sa = a.act(c), sb = b.act(c);
    if (sa.ok() != sb.ok())
      return later + ": choice " + std::to_string(c + 1) + " is " + (sa.ok() ? "refused" : "taken") + " in one (" +
             (sa.ok() ? sb : sa).error().message + ")";
    if (!sa.ok()) return std::nullopt;
  }
}

Status IdentityCheck::check(const std::vector<int>& taken, Rng& rng) {
  if (!a_) {
    for (auto* g : {&a_, &b_}) {
      auto made = Game::create(def_);
      if (!made.ok()) return made.error();
      *g = std::move(*made);
      (*g)->set_record_events(false);
    }
  }
  // The positions P (no extra choice), one and two decisions past it, by hash.
  std::map<uint64_t, std::vector<std::vector<int>>> by_hash;
  CB_TRY(reach(*a_, taken, {}));
  if (a_->state().finished) return ok_status();
  by_hash[a_->state().hash()].push_back({});
  for (int first : sample(a_->state().pending.choices.size(), options_.width, rng)) {
    CB_TRY(reach(*b_, taken, {first}));
    by_hash[b_->state().hash()].push_back({first});
    if (b_->state().finished) continue;
    for (int second : sample(b_->state().pending.choices.size(), options_.width, rng)) {
      CB_TRY(reach(*a_, taken, {first, second}));
      by_hash[a_->state().hash()].push_back({first, second});
    }
  }
  for (const auto& [hash, paths] : by_hash) {
    for (size_t i = 1; i < paths.size(); ++i) {
      CB_TRY(reach(*a_, taken, paths[0]));
      CB_TRY(reach(*b_, taken, paths[i]));
      const auto locals_a = a_->suspended_locals(), locals_b = b_->suspended_locals();
      Rng future(rng.next());
      const auto diff = first_difference(*a_, *b_, future);
      if (!diff) continue;
      auto path_text = [](const std::vector<int>& p) {
        if (p.empty()) return std::string("the position itself");
        std::string out = p.size() == 1 ? "the one after choice" : "the one after choices";
        for (size_t k = 0; k < p.size(); ++k) out += (k ? " then " : " ") + std::to_string(p[k] + 1);
        return out;
      };
      std::string msg = "after decision " + std::to_string(taken.size()) + ", " + path_text(paths[0]) + " and " +
                        path_text(paths[i]) + " share state hash " + hash_hex(hash) + " but not their future: " +
                        *diff;
      std::string differing;
      for (const auto& la : locals_a)
        for (const auto& lb : locals_b)
          if (la.where.substr(0, la.where.find(':')) == lb.where.substr(0, lb.where.find(':')) &&
              la.name == lb.name && la.value != lb.value)
            differing += "\n    " + la.name + " = " + la.value + " / " + lb.value + " (" + la.where + ")";
      msg += differing.empty() ? "\n  no local of the suspended step differs; look for state kept outside vars"
                               : "\n  locals of the suspended step that differ (keep such state in vars, which the "
                                 "hash covers):" + differing;
      return script_error(msg);
    }
  }
  return ok_status();
}

}  // namespace cardboard
