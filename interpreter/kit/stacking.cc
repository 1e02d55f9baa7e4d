#include "kit/stacking.h"

#include <algorithm>

#include "core/printed_values.h"
#include "kit/kit_def.h"
#include "maps/hex_grid.h"

namespace cardboard {

int64_t stacking_points(const GameDef& def, const State& s, int p) {
  if (!def.kit) return 1;
  const StackingDef& st = def.kit->stacking;
  const PieceTypeDef& type = def.types[s.pieces[p].type];
  if (std::find(st.exempt_kinds.begin(), st.exempt_kinds.end(), type.kind) != st.exempt_kinds.end()) return 0;
  if (!st.exempt.empty()) {
    const Value* v = printed_value(def, s.pieces[p], st.exempt);
    if (v && v->is_bool() && v->as_bool()) return 0;
  }
  if (st.points.empty()) return 1;
  // Printed values are any integer: clamped, so no sum of them can overflow.
  const Value* v = printed_value(def, s.pieces[p], st.points);
  return v && v->is_int() ? std::clamp<int64_t>(v->as_int(), 0, kMaxStackingPoints) : 1;
}

int64_t stacking_total(const GameDef& def, const State& s, int location, int side) {
  int64_t total = 0;
  for (int p : s.contents[location])
    if (side < 0 || s.pieces[p].owner == side) total += stacking_points(def, s, p);
  return total;
}

int64_t stacking_limit(const GameDef& def, int location) {
  if (!def.kit || !def.kit->stacking.declared) return -1;
  const StackingDef& st = def.kit->stacking;
  const LocationDef& loc = def.locations[location];
  if (!st.terrain.empty() && loc.map >= 0 && def.maps[loc.map].hex) {
    auto it = st.terrain.find(def.maps[loc.map].hex->terrain(loc.cell));
    if (it != st.terrain.end()) return it->second;
  }
  return st.limit;
}

bool fits_stacking(const GameDef& def, const State& s, int piece, int location) {
  const int64_t limit = stacking_limit(def, location);
  if (limit < 0) return true;
  const int64_t adding = s.pieces[piece].location == location ? 0 : stacking_points(def, s, piece);
  return stacking_total(def, s, location) + adding <= limit;
}

}  // namespace cardboard
