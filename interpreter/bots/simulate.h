// Many complete games with the random bot on every side that the rules ask,
// or the bots --bot names, spread over threads. Game i is seeded from
// (seed, i) and its bots likewise, so the outcomes are the same whatever the
// number of threads, and a run can be split into shards (games a..b of a
// longer run) that give the same games as the whole run.
//
// On request simulate() keeps a record of every game (GameRecord): what a
// balance report (bots/balance_report.h) is made of. Keeping them costs a
// copy of the tracks at every turn start; the decisions' labels cost a text
// a decision, so they are a second option.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "core/state.h"
#include "bots/bot.h"
#include "bots/random_bot.h"

namespace cardboard {

struct SimOptions {
  int64_t games = 100;
  int64_t first_game = 0;  // the games played are first_game .. first_game + games - 1 (a shard's)
  uint64_t seed = 1;
  int jobs = 1;
  int64_t max_decisions = 100000;  // per game: a game past it is reported as stuck
  std::vector<BotSpec> bots;       // the sides they name; the others play at random
  bool keep_records = false;       // SimReport::records: one GameRecord a game
  bool record_decisions = false;   // and in each, the labels of the decisions taken (needs keep_records)
  std::function<void(int64_t done, int64_t total)> progress;  // called from one thread now and then
};

// One game of a run, as a balance report reads it.
struct GameRecord {
  int64_t game = 0;        // its index in the run: seeded derive_seed(seed, game)
  std::string result;      // the rules' result text, or the error's message (at most kMaxResultBytes)
  bool error = false;      // a rules error, or a game stuck past max_decisions
  int32_t winner = -1;     // side index, -1 for none
  int32_t turns = 0;       // State::position.turn at the end
  int64_t decisions = 0;
  int32_t first_side = -1;  // the side that took the game's first decision, -1 for none
  int64_t samples_failed = 0;  // of the searches' iterations, left out (Bot::samples_failed)
  int64_t searches_failed = 0;  // decisions taken without a search: every sample failed (Bot::searches_failed)
  // The tracks (GameDef::tracks order) at the start of turn 1, 2, ...: at the
  // first phase start of each turn the game reached.
  std::vector<std::vector<int64_t>> turn_tracks;
  std::vector<int64_t> end_tracks;  // when the game ended (empty after an error)
  // By side: the distinct labels of the decisions it took (decision_label),
  // as indices into SimReport::labels, ascending. Empty unless asked.
  std::vector<std::vector<uint32_t>> labels;
};

// A game's result text longer than this is cut (GameRecord::result).
constexpr size_t kMaxResultBytes = 4096;

struct SimReport {
  int64_t games = 0;
  std::map<std::string, int64_t> outcomes;  // result text -> count
  int64_t turns = 0;                         // summed over games
  int64_t decisions = 0;
  int64_t errors = 0;
  std::string first_error;                   // the error of the lowest-numbered failing game
  int64_t samples_failed = 0;                // summed over the games (GameRecord::samples_failed)
  int64_t searches_failed = 0;               // summed over the games (GameRecord::searches_failed)
  double seconds = 0;
  std::vector<GameRecord> records;           // with keep_records: one a game, in game order
  std::vector<std::string> labels;           // with record_decisions: every label taken, sorted
};

Result<SimReport> simulate(std::shared_ptr<const GameDef> def, const SimOptions& options);

// A decision's label, the same in every game of a scenario: where in the
// sequence of play it was asked (the phase's id, "phase/step" when the
// phase has several steps, "setup", "end") and the choice's typed fields,
// with a piece named by its type's id (a piece's number differs from game
// to game) and a location by its id: "deployment: option=pass",
// "movement: option=move,piece=t55,to=0402", "israeli: piece=haganah".
// The rules' `rule` reference is not used: a decider runs without it.
std::string decision_label(const GameDef& def, const State& state, const Choice& choice);

}  // namespace cardboard
