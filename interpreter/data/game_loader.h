// Loading a game and one of its scenarios from TOML into a GameDef, with
// every reference checked (a location, side, piece type or track that does
// not exist) and every error positioned as file:line:column.
//
// A scenario is named GAME/SCENARIO (scenarios/GAME/SCENARIO.toml under the
// project root) or given as the path of any scenario TOML file; its `game`
// key names a folder under rules/ or a path relative to the scenario file.
//
// A game whose [game] table says `extends = "BASE"` is a mod: BASE is loaded
// first (recursively, with a cycle check), then the mod's data overrides
// entries by id key by key and adds new ones (docs/mods.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"

namespace cardboard {

// The project root: $CARDBOARD_ROOT, else the working folder if it has
// rules/, else the source tree the binary was built from.
std::string project_root();

// Resolves GAME/SCENARIO or a path to the scenario file's path.
Result<std::string> resolve_scenario(const std::string& ref, const std::string& root);

Result<std::shared_ptr<GameDef>> load_game(const std::string& scenario_ref, const std::string& root);

struct CatalogEntry {
  std::string game, game_title;
  std::string scenario, scenario_title;  // scenario id is "GAME/SCENARIO"
};
// Every scenario of every game under root, sorted.
std::vector<CatalogEntry> list_catalog(const std::string& root);

}  // namespace cardboard
