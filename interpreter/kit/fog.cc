#include "kit/fog.h"

#include <algorithm>

#include "kit/kit_def.h"
#include "maps/hex_grid.h"

namespace cardboard {

bool under_fog(const GameDef& def, const State& s, int p) {
  if (!def.kit || !def.kit->fog.declared) return false;
  const auto& kinds = def.kit->fog.kinds;
  return std::find(kinds.begin(), kinds.end(), def.types[s.pieces[p].type].kind) != kinds.end();
}

namespace {

// The cell of piece `p` on a hex map, or -1.
int hex_cell(const GameDef& def, const PieceState& p) {
  if (p.location < 0) return -1;
  const LocationDef& loc = def.locations[p.location];
  return loc.map >= 0 && def.maps[loc.map].hex ? loc.cell : -1;
}

}  // namespace

void hide_at_start(const GameDef& def, State& s, const std::vector<int>* only) {
  if (!def.kit || !def.kit->fog.declared || !def.kit->fog.start_hidden) return;
  const auto hide = [&](int p) {
    PieceState& piece = s.pieces[p];
    if (piece.owner >= 0 && piece.visibility < 0 && hex_cell(def, piece) >= 0 && under_fog(def, s, p))
      piece.visibility = static_cast<int32_t>(Visibility::kOwner);
  };
  if (only)
    for (int p : *only) hide(p);
  else
    for (int p = 0; p < static_cast<int>(s.pieces.size()); ++p) hide(p);
}

std::vector<int> fog_contacts(const GameDef& def, const State& s) {
  std::vector<int> out;
  if (!def.kit || !def.kit->fog.declared) return out;
  for (int p = 0; p < static_cast<int>(s.pieces.size()); ++p) {
    const PieceState& piece = s.pieces[p];
    if (piece.visibility != static_cast<int32_t>(Visibility::kOwner) || !under_fog(def, s, p)) continue;
    const int cell = hex_cell(def, piece);
    if (cell < 0) continue;
    const MapDef& map = def.maps[def.locations[piece.location].map];
    std::vector<int> around = map.hex->neighbours(cell);
    around.push_back(cell);
    const bool contact = std::any_of(around.begin(), around.end(), [&](int c) {
      for (int q : s.contents[map.cell_location[c]])
        if (def.hostile(piece.owner, s.pieces[q].owner) && under_fog(def, s, q)) return true;
      return false;
    });
    if (contact) out.push_back(p);
  }
  return out;
}

}  // namespace cardboard
