#include "kit/sight.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "kit/kit_def.h"
#include "maps/hex_grid.h"

namespace cardboard {

namespace {

// What every check of one line reads.
struct Line {
  const GameDef& def;
  const State& s;
  const SightDef& sight;
  const HexGrid& grid;
  int map, a, b;
  std::vector<std::pair<int, int>> points;  // HexGrid::line_sides: the hexes beside each point, from a to b
};

// A hex between the ends that blocks: its terrain, else its lowest piece of a blocking kind.
Sight hex_blocker(const Line& l, int c) {
  Sight out;
  if (c < 0 || c == l.a || c == l.b) return out;
  const std::string& terrain = l.grid.terrain(c);
  if (!terrain.empty() && l.sight.terrain.count(terrain)) {
    out.blocker = Sight::Blocker::kTerrain;
    out.cell = c;
    return out;
  }
  if (l.sight.blocking_kinds.empty()) return out;
  for (const int32_t p : l.s.contents[l.def.maps[l.map].cell_location[c]]) {
    const std::string& kind = l.def.types[l.s.pieces[p].type].kind;
    if (std::find(l.sight.blocking_kinds.begin(), l.sight.blocking_kinds.end(), kind) != l.sight.blocking_kinds.end()) {
      out.blocker = Sight::Blocker::kPiece;
      out.cell = c;
      out.piece = p;
      return out;
    }
  }
  return out;
}

// The hexside between c and d, when it has a blocking feature (hexes off the
// map, the same hex twice or hexes not adjacent have none).
Sight hexside_blocker(const Line& l, int c, int d) {
  Sight out;
  if (c < 0 || d < 0 || c == d || l.sight.hexsides.empty()) return out;
  const std::string& feature = l.grid.hexside(c, d);
  if (!feature.empty() && l.sight.hexsides.count(feature)) {
    out.blocker = Sight::Blocker::kHexside;
    out.cell = c;
    out.other = d;
  }
  return out;
}

// The first blocker on one side of a run of points on hexsides, i..j-1, between
// the points i-1 and j that lie inside hexes: the hexside crossed into each
// point's hex, the hexside the line runs along there, the hex, and last the
// hexside crossed out of the run.
Sight run_blocker(const Line& l, size_t i, size_t j, bool first_side) {
  auto at = [&](size_t k) { return first_side ? l.points[k].first : l.points[k].second; };
  for (size_t k = i; k < j; ++k) {
    if (Sight x = hexside_blocker(l, at(k - 1), at(k)); !x.clear()) return x;
    if (Sight x = hexside_blocker(l, l.points[k].first, l.points[k].second); !x.clear()) return x;
    if (Sight x = hex_blocker(l, at(k)); !x.clear()) return x;
  }
  return hexside_blocker(l, at(j - 1), l.points[j].first);
}

}  // namespace

Sight line_of_sight(const GameDef& def, const State& s, int map, int a, int b, const SightOptions& options) {
  const SightDef& sight = def.kit->sight;
  const HexGrid& grid = *def.maps[map].hex;
  const int range = options.range ? *options.range : sight.range;
  if (const int distance = grid.distance(a, b); range >= 0 && distance > range) {
    Sight out;
    out.blocker = Sight::Blocker::kRange;
    out.distance = distance;
    out.range = range;
    return out;
  }
  const Line l{def, s, sight, grid, map, a, b, grid.line_sides(a, b)};
  const bool one_side = sight.along == SightDef::Along::kOneSide;
  // The first and last points are the ends' centres, inside their hexes.
  for (size_t i = 1; i < l.points.size();) {
    const auto [c, other] = l.points[i];
    if (one_side || c == other) {
      if (Sight x = hexside_blocker(l, l.points[i - 1].first, c); !x.clear()) return x;
      if (Sight x = hex_blocker(l, c); !x.clear()) return x;
      ++i;
      continue;
    }
    // The line runs along hexsides from point i to point j - 1.
    size_t j = i;
    while (l.points[j].first != l.points[j].second) ++j;
    const Sight near = run_blocker(l, i, j, true), far = run_blocker(l, i, j, false);
    if (sight.along == SightDef::Along::kEither && !near.clear()) return near;
    if (sight.along == SightDef::Along::kEither && !far.clear()) return far;
    if (sight.along == SightDef::Along::kBoth && !near.clear() && !far.clear()) return near;
    if (Sight x = hex_blocker(l, l.points[j].first); !x.clear()) return x;
    i = j + 1;
  }
  return Sight();
}

}  // namespace cardboard
