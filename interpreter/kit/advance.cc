#include "kit/advance.h"

#include <algorithm>
#include <deque>
#include <string>

#include "kit/kit_def.h"
#include "kit/movement.h"
#include "kit/stacking.h"
#include "kit/zoc.h"
#include "maps/hex_grid.h"

namespace cardboard {

bool may_advance(const GameDef& def, const State& s, int p) {
  const AdvanceDef& a = def.kit->advance;
  const PieceTypeDef& type = def.types[s.pieces[p].type];
  if (std::find(a.kinds.begin(), a.kinds.end(), type.kind) == a.kinds.end()) return false;
  if (!a.without.empty()) {
    const Value* v = type.values.find(std::string_view(a.without));
    if (v && !v->is_nil() && !(v->is_bool() && !v->as_bool())) return false;
  }
  return true;
}

Result<AdvanceSearch> search_advances(const GameDef& def, const State& s, int piece, int hex,
                                      const AdvanceOptions& options) {
  const PieceState& p = s.pieces[piece];
  const int map = p.location >= 0 ? def.locations[p.location].map : -1;
  if (map < 0 || !def.maps[map].hex) return rejected("the piece is not on a hex map");
  if (def.locations[hex].map != map) return rejected("the hex is not on the piece's map");
  AdvanceSearch out;
  out.map = map;
  const AdvanceDef& a = def.kit->advance;
  const int hexes = options.hexes >= 0 ? options.hexes : a.hexes;
  const bool zones = options.zones >= 0 ? options.zones != 0 : a.zones;
  const HexGrid& grid = *def.maps[map].hex;
  const std::vector<int>& cells = def.maps[map].cell_location;
  const int start = def.locations[p.location].cell;
  const int target = def.locations[hex].cell;
  const bool inside = start == target;
  if (hexes < 1 || !may_advance(def, s, piece) || (!inside && !grid.adjacent(start, target))) return out;
  const std::vector<uint8_t> enemy = enemy_occupied(def, s, map, p.owner);
  if (enemy[target]) return out;
  const int cls = def.kit->movement.declared ? movement_class(def, s, piece) : 0;
  const bool priced = static_cast<size_t>(map) < def.kit->grids.size() && !def.kit->grids[map].empty();
  auto may_step = [&](int from, int to) {
    return !enemy[to] && (!priced || step_cost(def, map, cls, from, to) >= 0);
  };
  if (!inside && !may_step(start, target)) return out;
  const std::vector<uint8_t> zone = zones ? enemy_zones(def, s, map, p.owner, p.type) : std::vector<uint8_t>();

  // Breadth first from the emptied hex, neighbours in location order: the
  // first path found to a hex is its lowest shortest one.
  const size_t n = cells.size();
  std::vector<int> from(n, -1), steps(n, -1);
  std::deque<int> open;
  steps[start] = 0;  // never re-entered
  steps[target] = 0;
  if (!inside) from[target] = start;
  open.push_back(target);
  std::vector<int> reached;
  while (!open.empty()) {
    const int c = open.front();
    open.pop_front();
    if (c != start) reached.push_back(c);
    if (steps[c] >= hexes - 1) continue;
    if (!zone.empty() && zone[c]) continue;  // entering an enemy zone ended the advance
    std::vector<int> next;
    for (int d = 0; d < 6; ++d)
      if (const int b = grid.neighbour(c, d); b >= 0) next.push_back(b);
    std::sort(next.begin(), next.end(), [&](int x, int y) { return cells[x] < cells[y]; });
    for (int b : next) {
      ++out.work;
      if (steps[b] >= 0 || !may_step(c, b)) continue;
      steps[b] = steps[c] + 1;
      from[b] = c;
      open.push_back(b);
    }
  }
  std::sort(reached.begin(), reached.end(), [&](int x, int y) { return cells[x] < cells[y]; });
  for (int c : reached) {
    if (inside && c == target) continue;  // already there: the hexes beyond it
    if (!fits_stacking(def, s, piece, cells[c])) continue;
    std::vector<int> path;
    for (int x = c; x >= 0; x = from[x]) path.push_back(x);
    out.ends.push_back({c, {path.rbegin(), path.rend()}});
  }
  out.work += static_cast<int64_t>(reached.size());
  return out;
}

}  // namespace cardboard
