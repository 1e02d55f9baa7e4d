// [movement], [terrain.*], [hexsides.*], [roads.*], [zoc] and [stacking].
#include "data/kit_loader.h"

namespace cardboard {

void load_movement(const std::vector<KitSource>&, const GameDef&, KitDef&, Problems&) {}
void load_zoc(const std::vector<KitSource>&, const GameDef&, KitDef&, Problems&) {}
void load_stacking(const std::vector<KitSource>&, const GameDef&, KitDef&, Problems&) {}

}  // namespace cardboard
