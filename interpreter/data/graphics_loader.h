// Reading [graphics] of game.toml (docs/graphics.md) into GameDef::graphics,
// each slip positioned as file:line:column. Runs after the sides and piece
// types are loaded, whose ids it checks.
#pragma once

#include <string>
#include <vector>

#include "core/game_def.h"
#include "data/toml_file.h"

namespace cardboard {

// The game.toml of each level of a mod chain, the base's first, with the
// folder its images are under: a later level replaces an entry.
struct GraphicsSource {
  const std::string* path;
  const toml::table* table;
  const std::string* dir;
};

// The symbols the board draws (interpreter/serve/web/symbols.js draws the same).
inline constexpr const char* kCounterSymbols[] = {
    "infantry", "armour", "mechanized", "artillery",      "recon",   "hq",  "airborne",
    "rocket",   "air_defence", "engineer", "special_forces", "militia", "air", "naval"};

void load_graphics(const std::vector<GraphicsSource>& sources, GameDef& def, Problems& problems);

}  // namespace cardboard
