#include "data/kit_loader.h"

#include <memory>
#include <string>

#include "kit/zoc.h"

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
  load_supply(sources, def, *kit, problems);
  load_sight(sources, def, *kit, problems);
  load_combat(sources, def, *kit, problems);
  load_fog(sources, def, *kit, problems);
  load_retreat(sources, def, *kit, problems);
  int64_t cells = 0;
  for (const MapDef& m : def.maps) cells += static_cast<int64_t>(m.cell_location.size());
  cells *= static_cast<int64_t>(kit->movement.classes.size());
  if (kit->movement.declared && cells > kMaxMoveCells)
    problems.add(rejected("the hex maps' cells times the movement classes come to " + std::to_string(cells) +
                          ": the kit prices at most " + std::to_string(kMaxMoveCells) + " (docs/kit.md)"));
  else build_move_grids(def, *kit);
  build_zones(def, *kit);
  def.kit = std::move(kit);
}

}  // namespace cardboard
