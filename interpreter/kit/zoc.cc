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

// Whether a piece of type `t` showing face `face` exerts a zone.
bool exerts_on_face(const GameDef& def, const ZocDef& z, int t, int face) {
  const PieceTypeDef& type = def.types[t];
  if (!listed(z.kinds, type.kind)) return false;
  PieceState shown;
  shown.type = t;
  shown.face = face;
  if (!z.without.empty() && truthy(printed_value(def, shown, z.without))) return false;
  if (!z.faces.empty()) {
    const bool named = face >= 0 && face < static_cast<int>(type.faces.size());
    if (!named || !z.faces.count(type.faces[face])) return false;
  }
  return true;
}

}  // namespace

void build_zones(const GameDef& def, KitDef& kit) {
  const ZocDef& z = kit.zoc;
  kit.exerts.assign(def.types.size(), {});
  for (size_t t = 0; t < def.types.size(); ++t) {
    const size_t faces = std::max<size_t>(1, def.types[t].faces.size());
    for (size_t f = 0; f < faces; ++f)
      kit.exerts[t].push_back(exerts_on_face(def, z, static_cast<int>(t), static_cast<int>(f)) ? 1 : 0);
  }
  kit.zone_reach.assign(def.maps.size(), {});
  for (size_t m = 0; m < def.maps.size(); ++m) {
    if (!def.maps[m].hex) continue;
    const HexGrid& grid = *def.maps[m].hex;
    std::vector<uint8_t>& reach = kit.zone_reach[m];
    reach.assign(static_cast<size_t>(grid.size()), 0);
    for (int c = 0; c < grid.size(); ++c)
      for (int d = 0; d < 6; ++d) {
        const int n = grid.neighbour(c, d);
        if (n < 0) continue;
        if (!z.not_across.empty() && z.not_across.count(grid.hexside(c, n))) continue;
        if (!z.not_into.empty() && z.not_into.count(grid.terrain(n))) continue;
        reach[c] = static_cast<uint8_t>(reach[c] | (1u << d));
      }
  }
}

bool exerts_zoc(const GameDef& def, const State& s, int p) {
  const PieceState& piece = s.pieces[p];
  const auto& faces = def.kit->exerts[piece.type];
  return piece.face >= 0 && static_cast<size_t>(piece.face) < faces.size() ? faces[piece.face] != 0
                                                                           : exerts_on_face(def, def.kit->zoc, piece.type, piece.face);
}

std::vector<uint8_t> enemy_zones(const GameDef& def, const State& s, int map, int side, int type) {
  std::vector<uint8_t> out;
  enemy_zones(def, s, map, side, out, type);
  return out;
}

void enemy_zones(const GameDef& def, const State& s, int map, int side, std::vector<uint8_t>& zone, int type) {
  zone.clear();
  if (!def.kit || !def.kit->zoc.declared) return;
  const ZocDef& z = def.kit->zoc;
  const MapDef& m = def.maps[map];
  zone.assign(m.cell_location.size(), 0);
  if (!m.hex) return;
  const HexGrid& grid = *m.hex;
  const std::vector<bool>* type_ignores =
      type >= 0 && !z.type_ignores.empty() ? &z.type_ignores[static_cast<size_t>(type)] : nullptr;
  for (size_t p = 0; p < s.pieces.size(); ++p) {
    const PieceState& piece = s.pieces[p];
    if (piece.location < 0 || def.locations[piece.location].map != map) continue;
    if (!enemies(def, side, piece.owner)) continue;
    if (side >= 0 && z.ignores[side][piece.owner]) continue;
    if (type_ignores && (*type_ignores)[piece.owner]) continue;
    if (!exerts_zoc(def, s, static_cast<int>(p))) continue;
    const int at = def.locations[piece.location].cell;
    zone[at] = 1;
    const uint8_t reach = def.kit->zone_reach[map][at];
    for (int d = 0; d < 6; ++d)
      if (reach & (1u << d)) zone[grid.neighbour(at, d)] = 1;
  }
}

std::vector<uint8_t> enemy_occupied(const GameDef& def, const State& s, int map, int side) {
  std::vector<uint8_t> out;
  enemy_occupied(def, s, map, side, out);
  return out;
}

namespace {

// Whether `piece` holds its hex against `side`: hostile, and of a kind that
// stacking counts.
bool holds_against(const GameDef& def, const PieceState& piece, int side) {
  if (!enemies(def, side, piece.owner)) return false;
  return !def.kit || !listed(def.kit->stacking.exempt_kinds, def.types[piece.type].kind);
}

}  // namespace

void enemy_occupied(const GameDef& def, const State& s, int map, int side, std::vector<uint8_t>& held) {
  const MapDef& m = def.maps[map];
  held.assign(m.cell_location.size(), 0);
  for (const PieceState& piece : s.pieces) {
    if (piece.location < 0 || def.locations[piece.location].map != map) continue;
    if (holds_against(def, piece, side)) held[def.locations[piece.location].cell] = 1;
  }
}

bool enemy_holds(const GameDef& def, const State& s, int location, int side) {
  for (int p : s.contents[location])
    if (holds_against(def, s.pieces[p], side)) return true;
  return false;
}

}  // namespace cardboard
