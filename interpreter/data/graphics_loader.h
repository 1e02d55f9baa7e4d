// Reading a game's graphics.toml (docs/graphics.md) into GameDef::graphics,
// each slip positioned as file:line:column. Runs after the sides and piece
// types are loaded, whose ids it checks. The file is presentation only: it
// is not part of the rules hash, so restyling a game leaves its saves' hash
// as it was.
#pragma once

#include <string>
#include <vector>

#include "core/game_def.h"
#include "data/toml_file.h"

namespace cardboard {

// The symbols the board draws (interpreter/serve/web/symbols.js draws the same).
inline constexpr const char* kCounterSymbols[] = {
    "infantry", "armour", "mechanized", "artillery",      "recon",   "hq",  "airborne",
    "rocket",   "air_defence", "engineer", "special_forces", "militia", "air", "naval"};

// Reads the graphics.toml of each folder of a mod chain, the base's first
// (a later one replaces an entry); a folder without one is skipped.
void load_graphics(const std::vector<std::string>& dirs, GameDef& def, Problems& problems);

}  // namespace cardboard
