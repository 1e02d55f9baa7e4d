// Combat tables and results as data ([combat], [combat_tables.*],
// [combat_results.*] in game.toml; docs/kit.md).
#pragma once

namespace cardboard {

struct CombatDef {};

}  // namespace cardboard
