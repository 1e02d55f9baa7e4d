// Reading the hex-and-counter kit's sections of game.toml (docs/kit.md) into
// a KitDef, with every reference checked (a terrain the maps do not use, a
// movement class not declared, a printed value no piece type has) and each
// problem positioned as file:line:column. Runs after the sides, maps and
// piece types are loaded.
#pragma once

#include <string>
#include <vector>

#include "core/game_def.h"
#include "data/toml_file.h"
#include "kit/kit_def.h"

namespace cardboard {

// The game.toml of each level of a mod chain, the base's first: a later
// level's section replaces the same entry (a terrain, a table) or key.
struct KitSource {
  const std::string* path;
  const toml::table* table;
};

// The top-level keys of game.toml that belong to the kit.
inline constexpr const char* kKitKeys[] = {"movement", "terrain", "hexsides", "roads", "zoc", "stacking",
                                           "combat", "combat_tables", "combat_results", "fog",
                                           "supply", "sight", "retreat", "advance"};

// The most movement classes, and the most cells times classes over every
// hex map: each class keeps its step costs for every cell (kit/movement.h),
// so a game's data cannot make the kernel hold more than some tens of MB.
inline constexpr size_t kMaxMovementClasses = 32;
inline constexpr int64_t kMaxMoveCells = 250'000;

// Sets def.kit when any source declares a kit section; records every problem.
void load_kit(const std::vector<KitSource>& sources, GameDef& def, Problems& problems);

// The parts, one file each (data/*_loader.cc).
void load_movement(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems);
void load_zoc(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems);
void load_stacking(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems);
// After load_movement: [supply] names a movement class.
void load_supply(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems);
void load_sight(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems);
void load_combat(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems);
void load_fog(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems);
// [retreat] and [advance]; after load_combat, whose results it reads.
void load_retreat(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems);

}  // namespace cardboard
