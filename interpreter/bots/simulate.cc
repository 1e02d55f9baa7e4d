#include "bots/simulate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/rng.h"
#include "core/sequence.h"
#include "script/game.h"

namespace cardboard {

namespace {

// The labels of a run, shared by the threads. A label's number here is the
// order in which some thread met it first, which depends on the threads;
// simulate() renumbers them in sorted order at the end, so the records do
// not.
class LabelTable {
 public:
  uint32_t intern(const std::string& label) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto [it, added] = ids_.try_emplace(label, static_cast<uint32_t>(names_.size()));
    if (added) names_.push_back(label);
    return it->second;
  }
  // The labels sorted, and each arrival number's place among them.
  std::vector<std::string> sorted(std::vector<uint32_t>& rank) const {
    std::vector<uint32_t> order(names_.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return names_[a] < names_[b]; });
    rank.assign(names_.size(), 0);
    std::vector<std::string> out;
    out.reserve(names_.size());
    for (uint32_t i = 0; i < order.size(); ++i) {
      rank[order[i]] = i;
      out.push_back(names_[order[i]]);
    }
    return out;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, uint32_t> ids_;
  std::vector<std::string> names_;
};

// What one thread needs to record a game: its labels by side while the
// game runs (distinct texts, then interned when it ends).
struct Recorder {
  const SimOptions* options = nullptr;
  LabelTable* table = nullptr;
  GameRecord* record = nullptr;                        // the game being played
  std::vector<std::vector<std::string>> side_labels;   // by side, this game's

  void decided(const Game& g, int choice) {
    GameRecord& r = *record;
    const int side = g.state().pending.side;
    if (r.first_side < 0) r.first_side = side;
    if (!options->record_decisions || side < 0 || choice < 0 ||
        choice >= static_cast<int>(g.state().pending.choices.size()))
      return;
    side_labels[static_cast<size_t>(side)].push_back(
        decision_label(g.def(), g.state(), g.state().pending.choices[static_cast<size_t>(choice)]));
  }
  void finish() {
    if (!options->record_decisions) return;
    GameRecord& r = *record;
    r.labels.assign(side_labels.size(), {});
    for (size_t s = 0; s < side_labels.size(); ++s) {
      auto& texts = side_labels[s];
      std::sort(texts.begin(), texts.end());
      texts.erase(std::unique(texts.begin(), texts.end()), texts.end());
      for (const auto& t : texts) r.labels[s].push_back(table->intern(t));
      texts.clear();
    }
  }
};

// The bots of one thread, by side (null: the random default), made once
// and reseeded for each game.
using SideBots = std::vector<std::unique_ptr<Bot>>;

GameRecord play_one(Game& game, SideBots& bots, Recorder& rec, uint64_t index) {
  const SimOptions& options = *rec.options;
  GameRecord out;
  out.game = static_cast<int64_t>(index);
  rec.record = &out;
  const uint64_t game_seed = derive_seed(options.seed, index);
  // The sides no bot is named for share one random generator, as `sim`
  // always had: a run with no --bot plays as it did.
  RandomBot bot(derive_seed(game_seed, 0xb07));
  for (size_t s = 0; s < bots.size(); ++s)
    if (bots[s]) bots[s]->reseed(derive_seed(game_seed, 0xb08 + s));
  bool stuck = false;
  const bool recording = options.keep_records;
  game.set_decider([&](Game& g) {
    const auto side = static_cast<size_t>(g.state().pending.side);
    // A search is asked below, at the suspended decision (counted there).
    if (side < bots.size() && bots[side] && !bots[side]->decides_inline()) return -1;
    if (++out.decisions > options.max_decisions) {
      stuck = true;
      return -1;
    }
    int choice;
    if (side < bots.size() && bots[side]) {
      auto c = bots[side]->choose(BotPosition::of(g));
      choice = c.ok() ? *c : -1;
    } else {
      choice = bot.choose(static_cast<int>(g.state().pending.choices.size()));
    }
    if (recording) rec.decided(g, choice);
    return choice;
  });
  auto status = game.start(game_seed);
  // A search decides at a suspended decision: it runs games of its own.
  while (status.ok() && !stuck && !game.state().finished) {
    const auto side = static_cast<size_t>(game.state().pending.side);
    if (side >= bots.size() || !bots[side]) {
      status = rejected("the game stopped at a decision no bot takes");
      break;
    }
    if (++out.decisions > options.max_decisions) {
      stuck = true;
      break;
    }
    auto c = bots[side]->choose(BotPosition::of(game));
    out.samples_failed += bots[side]->samples_failed();
    out.searches_failed += bots[side]->searches_failed();
    if (!c.ok()) {
      status = c.error();
      break;
    }
    if (recording) rec.decided(game, *c);
    status = game.act(*c);
  }
  game.set_decider(nullptr);
  if (recording) rec.finish();
  rec.record = nullptr;
  out.turns = game.state().position.turn;
  if (stuck || !status.ok()) out.turn_tracks.clear();  // a report reads finished games only
  if (stuck) {
    out.error = true;
    out.turns = 0;
    out.result = "error: game " + std::to_string(index) + " is stuck past " + std::to_string(options.max_decisions) +
                 " decisions";
    return out;
  }
  if (!status.ok()) {
    out.error = true;
    out.result = "error: game " + std::to_string(index) + " (seed " + std::to_string(game_seed) +
                 "): " + status.error().message;
  } else {
    out.result = game.state().result;
    out.winner = game.state().winner;
    if (recording) out.end_tracks = game.state().tracks;
  }
  // A run file keeps results of kMaxResultBytes at most (a traceback can be
  // long): cut here, so a report from memory and one from files agree.
  if (out.result.size() > kMaxResultBytes) {
    size_t cut = kMaxResultBytes - 3;
    while (cut > 0 && (static_cast<unsigned char>(out.result[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    out.result.resize(cut);
    out.result += "...";
  }
  return out;
}

}  // namespace

std::string decision_label(const GameDef& def, const State& state, const Choice& choice) {
  std::string out;
  const SequencePosition& pos = state.position;
  if (pos.in_setup) {
    out = "setup";
  } else if (const PhaseDef* ph = current_phase(def, pos)) {
    out = ph->id;
    if (ph->steps.size() > 1 && pos.step >= 0 && pos.step < static_cast<int>(ph->steps.size()))
      out += "/" + ph->steps[static_cast<size_t>(pos.step)].id;
  } else {
    out = "end";
  }
  out += ": ";
  bool first = true;
  auto add = [&](const char* key, const std::string& v) {
    if (!first) out += ',';
    first = false;
    out += key;
    out += '=';
    out += v;
  };
  if (!choice.option.empty()) add("option", choice.option);
  const bool has_piece = choice.piece >= 0 && choice.piece < static_cast<int32_t>(state.pieces.size());
  if (has_piece) {
    const int32_t type = state.pieces[static_cast<size_t>(choice.piece)].type;
    add("piece", type >= 0 && type < static_cast<int32_t>(def.types.size()) ? def.types[static_cast<size_t>(type)].id
                                                                              : "?");
  }
  if (choice.location >= 0 && choice.location < static_cast<int32_t>(def.locations.size()))
    add(has_piece ? "to" : "location", def.locations[static_cast<size_t>(choice.location)].id);
  if (choice.has_number) add("number", std::to_string(choice.number));
  return out;
}

Result<SimReport> simulate(std::shared_ptr<const GameDef> def, const SimOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const int jobs = std::max(1, options.jobs);
  const int64_t games = std::max<int64_t>(0, options.games);
  if (options.first_game < 0 || options.first_game > INT64_MAX - games)
    return rejected("games " + std::to_string(options.first_game) + " and on: past the largest game number");
  std::vector<GameRecord> records(static_cast<size_t>(games));
  std::vector<std::unique_ptr<Game>> game_of(static_cast<size_t>(jobs));
  std::vector<SideBots> bots(static_cast<size_t>(jobs));
  LabelTable table;
  std::vector<Recorder> recorders(static_cast<size_t>(jobs));
  for (size_t j = 0; j < static_cast<size_t>(jobs); ++j) {
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
    Recorder& rec = recorders[j];
    rec.options = &options;
    rec.table = &table;
    rec.side_labels.resize(def->sides.size());
    if (options.keep_records) {
      // The tracks at each turn's first phase start (the hook is called at
      // every phase start).
      (*g)->set_snapshot_hook([&rec](const State& s) {
        if (!rec.record || s.position.in_setup || s.position.turn <= 0) return;
        auto& turns = rec.record->turn_tracks;
        while (static_cast<int64_t>(turns.size()) < s.position.turn) turns.push_back(s.tracks);
      });
    }
    game_of[j] = std::move(*g);
  }
  std::atomic<int64_t> next{0}, done{0};
  auto worker = [&](size_t j) {
    Game& game = *game_of[j];
    // Games are handed out in small chunks so threads stay busy to the end:
    // a run of a few long games (bots) goes out one game at a time.
    const int64_t kChunk = std::clamp<int64_t>(games / (8 * jobs), 1, 64);
    for (;;) {
      const int64_t first = next.fetch_add(kChunk);
      if (first >= games) break;
      const int64_t last = std::min(games, first + kChunk);
      for (int64_t i = first; i < last; ++i)
        records[static_cast<size_t>(i)] =
            play_one(game, bots[j], recorders[j], static_cast<uint64_t>(options.first_game + i));
      const int64_t d = done.fetch_add(last - first) + (last - first);
      if (j == 0 && options.progress) options.progress(d, games);
    }
  };
  std::vector<std::thread> threads;
  for (size_t j = 1; j < static_cast<size_t>(jobs); ++j) threads.emplace_back(worker, j);
  worker(0);
  for (auto& t : threads) t.join();
  if (options.progress) options.progress(games, games);

  SimReport r;
  r.games = games;
  for (const auto& o : records) {
    if (o.error) {
      if (r.errors++ == 0) r.first_error = o.result;
      ++r.outcomes["error"];
    } else {
      ++r.outcomes[o.result];
    }
    r.turns += o.turns;
    r.decisions += o.decisions;
    r.samples_failed += o.samples_failed;
    r.searches_failed += o.searches_failed;
  }
  if (options.keep_records) {
    if (options.record_decisions) {
      std::vector<uint32_t> rank;
      r.labels = table.sorted(rank);
      for (auto& rec : records)
        for (auto& side : rec.labels) {
          for (auto& id : side) id = rank[id];
          std::sort(side.begin(), side.end());
        }
    }
    r.records = std::move(records);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace cardboard
