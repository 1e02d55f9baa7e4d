// Loading a game and one of its scenarios from TOML into a GameDef, with
// every reference checked (a location, side, piece type or track that does
// not exist), every number within its documented range and every id well
// formed, each error positioned as file:line:column.
//
// A scenario is named GAME/SCENARIO (scenarios/GAME/SCENARIO.toml under the
// project root) or given as the path of any scenario TOML file. A path means
// that path: the game ids its files name (the scenario's `game`, a mod's
// `extends`) are looked up under the project that file lies in (root_of),
// and under the given root only when it lies in none.
//
// A game whose [game] table says `extends = "BASE"` is a mod: BASE is loaded
// first (recursively, with a cycle check), then the mod's data overrides
// entries by id key by key and adds new ones (docs/mods.md).
//
// A game reads only inside its own folder: `scripts`, `files` and a map's
// `file` are relative paths that stay in it once `..` and symlinks are
// resolved. `game` and `extends` may name any folder holding a game.toml,
// whose files are then confined to that folder in the same way.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "data/toml_file.h"

namespace cardboard {

// The limits of the data, documented in docs/toml.md: each is checked
// before anything is made from it.
inline constexpr int64_t kMaxCopies = 10'000;        // a piece type's `copies`, a [[pieces]] entry's `count`
inline constexpr int64_t kMaxPieces = 100'000;       // every piece a scenario's set-up makes
inline constexpr int64_t kMaxTurns = 1'000'000;      // `turns` and `max_turns`
inline constexpr int64_t kMaxImpulses = 1'000;       // a phase's `repeat` as a number
inline constexpr int64_t kMaxTrackValue = 1'000'000'000;  // a track's min, max and start lie in ±this

// The project root: $CARDBOARD_ROOT, else the working folder if it has
// rules/, else the source tree the binary was built from.
std::string project_root();

// The project a path lies in: the nearest folder at or above it that holds
// both rules/ and scenarios/, as an absolute path; "" when there is none.
std::string root_of(const std::string& path);

// Resolves GAME/SCENARIO (under root) or a path to the scenario file's path.
Result<std::string> resolve_scenario(const std::string& ref, const std::string& root);

// Loads a game and scenario; the first problem found is the error.
Result<std::shared_ptr<GameDef>> load_game(const std::string& scenario_ref, const std::string& root);

// Loads as load_game does, but goes on past a problem where it can (another
// entry, another key, another file), so that every problem is reported:
// `problems` lists them in the order found, and `def` is set only when
// there is none.
struct GameCheck {
  std::shared_ptr<GameDef> def;
  Problems problems;
};
GameCheck check_game(const std::string& scenario_ref, const std::string& root);
// The same for the game in folder `dir` alone, with no scenario (a game
// whose scenarios are not written yet).
GameCheck check_game_folder(const std::string& dir, const std::string& root);

struct CatalogEntry {
  std::string game, game_title;
  std::string scenario, scenario_title;  // scenario id is "GAME/SCENARIO"
};
// Every scenario of every game under root, sorted.
std::vector<CatalogEntry> list_catalog(const std::string& root);

}  // namespace cardboard
