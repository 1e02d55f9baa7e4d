// [combat], [combat_tables.*] and [combat_results.*]: not read yet.
#include "data/kit_loader.h"

namespace cardboard {

void load_combat(const std::vector<KitSource>&, const GameDef&, KitDef&, Problems&) {}

}  // namespace cardboard
