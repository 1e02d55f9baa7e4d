#include "kit/supply.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <queue>
#include <tuple>

#include "core/printed_values.h"
#include "kit/kit_def.h"
#include "kit/movement.h"
#include "kit/zoc.h"
#include "maps/hex_grid.h"

namespace cardboard {

namespace {

constexpr double kNone = std::numeric_limits<double>::infinity();
// A path whose movement points add up to its range is within it, fractions
// of a point summed in any order included (as kit/movement allows).
constexpr double kSlack = 1e-9;

bool truthy(const Value* v) { return v && !v->is_nil() && !(v->is_bool() && !v->as_bool()); }

bool listed(const std::vector<std::string>& list, const std::string& word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

// Whether a piece of `owner` is a friend of `side`. Hostility is decided by
// enemies() alone (kit/zoc.h), so that alliances change it in one place.
bool friendly(const GameDef& def, int side, int owner) {
  return owner >= 0 && side >= 0 && !enemies(def, side, owner);
}

// Per cell of map `map`: 1 where a piece friendly to `side` holds the hex, as
// enemy_occupied counts an enemy's (a marker, or any kind stacking leaves
// out, holds nothing).
std::vector<uint8_t> friendly_occupied(const GameDef& def, const State& s, int map, int side) {
  std::vector<uint8_t> held(def.maps[map].cell_location.size(), 0);
  const std::vector<std::string>& exempt = def.kit->stacking.exempt_kinds;
  for (const PieceState& piece : s.pieces) {
    if (piece.location < 0 || def.locations[piece.location].map != map) continue;
    if (!friendly(def, side, piece.owner) || listed(exempt, def.types[piece.type].kind)) continue;
    held[def.locations[piece.location].cell] = 1;
  }
  return held;
}

// Per cell: 1 where an enemy zone of control closes the hex to a path, as
// [supply] enemy_zones says; empty when no zone closes anything.
std::vector<uint8_t> closed_by_zones(const GameDef& def, const State& s, int map, int side,
                                     const SupplyOptions& options) {
  const SupplyDef& sd = def.kit->supply;
  if (!options.zones || sd.enemy_zones == SupplyDef::Zones::kOpen) return {};
  std::vector<uint8_t> shut = enemy_zones(def, s, map, side);
  if (shut.empty() || sd.enemy_zones != SupplyDef::Zones::kUnlessFriendly) return shut;
  const std::vector<uint8_t> friends = friendly_occupied(def, s, map, side);
  for (size_t c = 0; c < shut.size(); ++c)
    if (friends[c]) shut[c] = 0;
  return shut;
}

bool is_source_piece(const GameDef& def, const PieceState& piece) {
  const SupplyDef& sd = def.kit->supply;
  if (listed(sd.source_kinds, def.types[piece.type].kind)) return true;
  return !sd.source_value.empty() && truthy(printed_value(def, piece, sd.source_value));
}

// A printed range: a number from 0 up, else -1 (the loader checks the types;
// a face may still print something else).
double printed_range(const Value* v) {
  if (!v) return -1;
  if (v->is_int()) return v->as_int() >= 0 ? static_cast<double>(v->as_int()) : -1;
  if (v->is_number() && v->as_number() >= 0 && std::isfinite(v->as_number())) return v->as_number();
  return -1;
}

// "3 hexes", "1 hex", "2.5 MP".
std::string amount(const GameDef& def, double x) {
  char text[32];
  if (std::floor(x) == x && std::abs(x) < 1e15) std::snprintf(text, sizeof text, "%.0f", x);
  else std::snprintf(text, sizeof text, "%g", x);
  if (def.kit->supply.measure == SupplyDef::Measure::kMovementPoints) return std::string(text) + " MP";
  return std::string(text) + (x == 1 ? " hex" : " hexes");
}

// "Damascus (0101)", or "0101" for a hex without a name: its title.
std::string named(const GameDef& def, int map, int cell) {
  return def.locations[def.maps[map].cell_location[cell]].title;
}

}  // namespace

std::vector<SupplySource> supply_sources(const GameDef& def, const State& s, int side, int map,
                                         const SupplyOptions& options) {
  const SupplyDef& sd = def.kit->supply;
  const HexGrid& grid = *def.maps[map].hex;
  const size_t n = static_cast<size_t>(grid.size());
  const double range = !options.ranges ? -1 : options.range ? *options.range : sd.range;
  std::vector<uint8_t> is(n, 0);
  std::vector<double> reach(n, 0);
  auto add = [&](int cell, double r) {
    if (!is[cell]) reach[cell] = r;
    else if (reach[cell] >= 0 && (r < 0 || r > reach[cell])) reach[cell] = r;
    is[cell] = 1;
  };
  if (side >= 0 && static_cast<size_t>(side) < sd.sources.size())
    for (int loc : sd.sources[side])
      if (def.locations[loc].map == map) add(def.locations[loc].cell, range);
  const uint8_t edges = side >= 0 && static_cast<size_t>(side) < sd.edges.size() ? sd.edges[side] : 0;
  if (edges) {
    const HexShape& shape = grid.shape();
    for (int c = 0; c < grid.size(); ++c) {
      const int col = grid.column(c), row = grid.row(c);
      if (((edges & kEdgeNorth) && row == shape.first_row) ||
          ((edges & kEdgeSouth) && row == shape.first_row + shape.rows - 1) ||
          ((edges & kEdgeWest) && col == shape.first_column) ||
          ((edges & kEdgeEast) && col == shape.first_column + shape.columns - 1))
        add(c, range);
    }
  }
  for (const PieceState& piece : s.pieces) {
    if (piece.owner != side || piece.location < 0 || def.locations[piece.location].map != map) continue;
    if (!is_source_piece(def, piece)) continue;
    double r = range;
    if (options.ranges && !sd.source_range.empty())
      if (const double own = printed_range(printed_value(def, piece, sd.source_range)); own >= 0) r = own;
    add(def.locations[piece.location].cell, r);
  }
  const std::vector<uint8_t> held = options.enemy_units ? enemy_occupied(def, s, map, side) : std::vector<uint8_t>();
  std::vector<SupplySource> out;
  for (size_t c = 0; c < n; ++c)
    if (is[c] && (held.empty() || !held[c])) out.push_back({static_cast<int>(c), reach[c]});
  return out;
}

SupplySearch search_supply(const GameDef& def, const State& s, int side, int map, const SupplyOptions& options) {
  const SupplyDef& sd = def.kit->supply;
  const HexGrid& grid = *def.maps[map].hex;
  const size_t n = static_cast<size_t>(grid.size());
  SupplySearch out;
  out.map = map;
  out.length.assign(n, kNone);
  out.toward.assign(n, -1);
  out.source.assign(n, -1);
  const std::vector<SupplySource> sources = supply_sources(def, s, side, map, options);
  if (sources.empty()) return out;
  const std::vector<uint8_t> held = options.enemy_units ? enemy_occupied(def, s, map, side) : std::vector<uint8_t>();
  const std::vector<uint8_t> shut = closed_by_zones(def, s, map, side, options);
  const bool by_hexes = sd.measure == SupplyDef::Measure::kHexes;
  // No unit stands where its class may not go (its terrain prohibited, and
  // no road into it), so no such hex is supplied, nor is a source there one.
  const MoveGrid& costs = def.kit->grids[map][sd.movement_class];
  std::vector<uint8_t> barred(n, 0);
  for (size_t c = 0; c < n; ++c) {
    barred[c] = costs.enter[c] < 0;
    for (int d = 0; d < 6 && barred[c]; ++d)
      if (costs.road[c * 6 + d] != kNone) barred[c] = 0;
  }
  // A path's key orders the search: paths to sources without a limit first
  // (tier 0, by length), then the others by length less their source's range
  // (tier 1), which is at most 0 within range. So one search serves sources
  // of different ranges, and a hex's path goes to the one with most to spare.
  std::vector<uint8_t> tier(n, 2);
  std::vector<double> key(n, kNone);
  std::vector<double> reach(n, -1);  // per source cell: its range
  using Item = std::tuple<int, double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  for (const SupplySource& src : sources) {
    if (barred[src.cell]) continue;
    const int t = src.range < 0 ? 0 : 1;
    tier[src.cell] = static_cast<uint8_t>(t);
    key[src.cell] = t ? -src.range : 0;
    reach[src.cell] = src.range;
    out.length[src.cell] = 0;
    out.source[src.cell] = src.cell;
    open.push({t, key[src.cell], src.cell});
  }
  std::vector<uint8_t> done(n, 0);
  while (!open.empty()) {
    const auto [t, k, cell] = open.top();
    open.pop();
    if (done[cell]) continue;
    done[cell] = 1;
    out.supplied.push_back(cell);
    if (cell == options.goal) break;
    if (!shut.empty() && shut[cell]) continue;  // a unit here may trace from it; no path enters it
    for (int d = 0; d < 6; ++d) {
      const int next = grid.neighbour(cell, d);
      if (next < 0 || done[next] || barred[next] || (!held.empty() && held[next])) continue;
      // The unit tracing from `next` steps into `cell`, toward the source.
      const double step = step_cost(def, map, sd.movement_class, next, cell);
      if (step < 0) continue;
      const double length = out.length[cell] + (by_hexes ? 1 : step);
      const double nk = t ? length - reach[out.source[cell]] : length;
      if (t == 1 && nk > kSlack) continue;
      if (t > tier[next] || (t == tier[next] && nk >= key[next])) continue;
      tier[next] = static_cast<uint8_t>(t);
      key[next] = nk;
      out.length[next] = length;
      out.toward[next] = cell;
      out.source[next] = out.source[cell];
      open.push({t, nk, next});
    }
  }
  // A hex offered a path but not settled (the search ended at its goal) is
  // not known to be supplied.
  for (size_t c = 0; c < n; ++c)
    if (!done[c]) {
      out.length[c] = kNone;
      out.toward[c] = -1;
      out.source[c] = -1;
    }
  return out;
}

std::vector<int> supply_path(const SupplySearch& search, int cell) {
  std::vector<int> cells;
  if (cell < 0 || static_cast<size_t>(cell) >= search.source.size() || search.source[cell] < 0) return cells;
  for (int c = cell; c >= 0; c = search.toward[c]) cells.push_back(c);
  return cells;
}

SupplyTrace trace_supply(const GameDef& def, const State& s, int side, int map, int cell,
                         const SupplyOptions& options) {
  SupplyTrace t;
  SupplyOptions o = options;
  o.goal = cell;
  const SupplySearch found = search_supply(def, s, side, map, o);
  if (found.source[cell] >= 0) {
    t.supplied = true;
    t.path = supply_path(found, cell);
    t.length = found.length[cell];
    return t;
  }
  const std::string who = side >= 0 ? def.sides[side].id : std::string("a piece of no side");
  const std::vector<SupplySource> sources = supply_sources(def, s, side, map, o);
  if (sources.empty()) {
    SupplyOptions any = o;
    any.enemy_units = false;
    t.why = supply_sources(def, s, side, map, any).empty()
                ? who + " has no supply source on map '" + def.maps[map].id + "'"
                : "enemy units hold every supply source of " + who + " on map '" + def.maps[map].id + "'";
    return t;
  }
  // Then what closes the way, each search lifting one more limit.
  SupplyOptions far = o;
  far.ranges = false;
  const SupplySearch unlimited = search_supply(def, s, side, map, far);
  if (const int src = unlimited.source[cell]; src >= 0) {
    double range = -1;
    for (const SupplySource& x : sources)
      if (x.cell == src) range = x.range;
    t.why = "the nearest source, " + named(def, map, src) + ", is " + amount(def, unlimited.length[cell]) +
            " away, over its range of " + amount(def, range);
    return t;
  }
  SupplyOptions open_zones = far;
  open_zones.zones = false;
  SupplyOptions open_units = far;
  open_units.enemy_units = false;
  SupplyOptions open_both = open_zones;
  open_both.enemy_units = false;
  if (search_supply(def, s, side, map, open_zones).source[cell] >= 0)
    t.why = "enemy zones of control close every path to a source";
  else if (search_supply(def, s, side, map, open_units).source[cell] >= 0)
    t.why = "enemy units close every path to a source";
  else if (search_supply(def, s, side, map, open_both).source[cell] >= 0)
    t.why = "enemy units and their zones of control close every path to a source";
  else
    t.why = "no path runs to a source: prohibited terrain or hexsides, or the map's edges, close every one";
  return t;
}

}  // namespace cardboard
