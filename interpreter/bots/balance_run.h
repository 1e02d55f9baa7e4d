// A run of bot games as a file: what `sim --out` and `balance` write and
// `merge` reads. A run is the games first_game .. first_game + games - 1
// of one base seed with one set of bots, of one scenario, or of two for a
// comparison (the same games of each). A long run is split into shards:
// shard K of N with G games a shard plays games (K-1)*G .. K*G-1, so N
// shard files together hold the very games one run of N*G games plays, and
// merging them gives that run.
//
// The file is JSON (docs/balance.md): the run's description (seed, bots,
// games per shard, shard K/N, whether decisions were recorded, how long it
// took) and for each scenario its description (game, scenario, rules hash,
// sides, tracks, the table of decision labels) and one record a game.
//
// A file to merge is untrusted (another machine, a cluster's disk, a
// damaged copy): reading it checks every field's type and range, and a
// count it claims (games, shards) against what it holds, before anything
// is sized by it; a file that does not fit is refused with its name and
// what is wrong, never a crash.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bots/simulate.h"
#include "core/error.h"
#include "core/game_def.h"

namespace cardboard {

// `--shard K/N`: shard K (1-based) of N.
struct Shard {
  int64_t k = 1;
  int64_t n = 1;
};
// Reads "K/N" with 1 <= K <= N <= kMaxShards.
Result<Shard> parse_shard(std::string_view text);

// Limits on what a run file may claim (checked before any use of the claim).
constexpr int64_t kMaxShards = 1000000;
constexpr int64_t kMaxRunGames = int64_t{1} << 40;  // shards * games per shard

struct RunSide {
  std::string id, title;
  bool automatic = false;
};
struct RunTrack {
  std::string id, title;
  int64_t min = 0, max = 0;
};

// One scenario's games in a run.
struct ScenarioRun {
  std::string game;        // the game's id ("arab_israeli_wars")
  std::string game_title;
  std::string scenario;    // "arab_israeli_wars/1948"
  std::string title;       // the scenario's
  std::string rules_hash;  // hex (GameDef::rules_hash)
  std::vector<RunSide> sides;
  std::vector<RunTrack> tracks;
  std::vector<std::string> labels;  // the decision labels the records name, sorted
  std::vector<GameRecord> records;  // one a game, in game order

  // Whether at most one side is played by a person or bot (the rest by the rules).
  bool solitaire() const;
  int find_side(const std::string& id) const;
};

struct Run {
  uint64_t seed = 1;
  std::vector<std::string> bots;  // the --bot texts, in the game's side order
  int64_t games_per_shard = 0;
  Shard shard;
  bool decisions = false;           // the records hold decision labels
  std::vector<ScenarioRun> scenarios;  // one; two for a comparison (A, then B)
  // How it was played, which is not what it gave: a merged run's seconds
  // are its shards' sum.
  double seconds = 0;
  int jobs = 1;
  int64_t merged_from = 1;  // how many shard files `merge` joined into it

  int64_t first_game() const { return (shard.k - 1) * games_per_shard; }
  int64_t total_games() const { return shard.n * games_per_shard; }
};

// The description of a scenario for a run, and its records out of a
// simulate() report (moved out of it).
ScenarioRun scenario_run(const GameDef& def, SimReport&& report);

// The bots' texts in the game's side order.
std::vector<std::string> bot_texts(const std::vector<BotSpec>& specs);

nlohmann::json run_to_json(const Run& run);
// Writes the run as JSON to `path` (through a temporary file renamed into
// place, so a reader never sees half a file).
Status write_run_file(const std::string& path, const Run& run);
// Reads and checks a run file; an error starts with the file's name.
Result<Run> read_run_file(const std::string& path);
// The same for a file's text (`name` is what errors call it).
Result<Run> parse_run(std::string_view text, const std::string& name);

// Merges the shards of one run, each with the name of its file, into the
// run they are shards of (shard 1/1 of shards * G games). Refuses shards
// of different runs (game, scenario, rules, seed, bots, games a shard,
// shard count, decisions recorded), two files of one shard, and missing
// shards, naming the files.
Result<Run> merge_runs(std::vector<std::pair<std::string, Run>> files);

}  // namespace cardboard
