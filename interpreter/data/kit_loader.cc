#include "data/kit_loader.h"

#include <memory>

namespace cardboard {

void load_kit(const std::vector<KitSource>& sources, GameDef& def, Problems& problems) {
  bool declared = false;
  for (const KitSource& s : sources)
    for (const char* key : kKitKeys) declared = declared || s.table->contains(key);
  if (!declared) return;
  auto kit = std::make_shared<KitDef>();
  load_movement(sources, def, *kit, problems);
  load_zoc(sources, def, *kit, problems);
  load_stacking(sources, def, *kit, problems);
  load_combat(sources, def, *kit, problems);
  build_move_grids(def, *kit);
  def.kit = std::move(kit);
}

}  // namespace cardboard
