#include "kit/zoc.h"

#include <algorithm>

#include "core/printed_values.h"
#include "kit/kit_def.h"
#include "maps/hex_grid.h"

namespace cardboard {

namespace {

bool truthy(const Value* v) { return v && !v->is_nil() && !(v->is_bool() && !v->as_bool()); }

bool listed(const std::vector<std::string>& list, const std::string& word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

}  // namespace

bool exerts_zoc(const GameDef& def, const State& s, int p) {
  const ZocDef& z = def.kit->zoc;
  const PieceState& piece = s.pieces[p];
  const PieceTypeDef& type = def.types[piece.type];
  if (!listed(z.kinds, type.kind)) return false;
  if (!z.without.empty() && truthy(printed_value(def, piece, z.without))) return false;
  if (!z.faces.empty()) {
    const bool named = piece.face >= 0 && piece.face < static_cast<int>(type.faces.size());
    if (!named || !z.faces.count(type.faces[piece.face])) return false;
  }
  return true;
}

std::vector<uint8_t> enemy_zones(const GameDef& def, const State& s, int map, int side) {
  if (!def.kit || !def.kit->zoc.declared) return {};
  const ZocDef& z = def.kit->zoc;
  const MapDef& m = def.maps[map];
  std::vector<uint8_t> zone(m.cell_location.size(), 0);
  if (!m.hex) return zone;
  const HexGrid& grid = *m.hex;
  for (size_t p = 0; p < s.pieces.size(); ++p) {
    const PieceState& piece = s.pieces[p];
    if (piece.location < 0 || def.locations[piece.location].map != map) continue;
    if (!enemies(def, side, piece.owner)) continue;
    if (side >= 0 && z.ignores[side][piece.owner]) continue;
    if (!exerts_zoc(def, s, static_cast<int>(p))) continue;
    const int at = def.locations[piece.location].cell;
    zone[at] = 1;
    for (int d = 0; d < 6; ++d) {
      const int n = grid.neighbour(at, d);
      if (n < 0) continue;
      if (!z.not_across.empty() && z.not_across.count(grid.hexside(at, n))) continue;
      if (!z.not_into.empty() && z.not_into.count(grid.terrain(n))) continue;
      zone[n] = 1;
    }
  }
  return zone;
}

std::vector<uint8_t> enemy_occupied(const GameDef& def, const State& s, int map, int side) {
  const MapDef& m = def.maps[map];
  std::vector<uint8_t> held(m.cell_location.size(), 0);
  const std::vector<std::string>* exempt = def.kit ? &def.kit->stacking.exempt_kinds : nullptr;
  for (const PieceState& piece : s.pieces) {
    if (piece.location < 0 || def.locations[piece.location].map != map) continue;
    if (!enemies(def, side, piece.owner)) continue;
    if (exempt && listed(*exempt, def.types[piece.type].kind)) continue;
    held[def.locations[piece.location].cell] = 1;
  }
  return held;
}

}  // namespace cardboard
