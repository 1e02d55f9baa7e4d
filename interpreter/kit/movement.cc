#include "kit/movement.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/printed_values.h"
#include "kit/kit_def.h"
#include "kit/zoc.h"
#include "maps/hex_grid.h"

namespace cardboard {

namespace {

constexpr double kNone = std::numeric_limits<double>::infinity();

double cost_for(const std::map<std::string, ClassCosts, std::less<>>& costs, const std::string& word, int cls,
                double absent) {
  auto it = costs.find(word);
  return it == costs.end() ? absent : it->second[cls];
}

}  // namespace

void build_move_grids(const GameDef& def, KitDef& kit) {
  const MovementDef& m = kit.movement;
  kit.grids.assign(def.maps.size(), {});
  for (size_t mi = 0; mi < def.maps.size(); ++mi) {
    if (!def.maps[mi].hex) continue;
    const HexGrid& grid = *def.maps[mi].hex;
    const size_t n = static_cast<size_t>(grid.size());
    for (size_t cls = 0; cls < m.classes.size(); ++cls) {
      MoveGrid g;
      g.enter.resize(n);
      g.cross.assign(n * 6, 0);
      g.road.assign(n * 6, kNone);
      const int c = static_cast<int>(cls);
      for (size_t cell = 0; cell < n; ++cell) {
        // No [terrain] at all: every hex costs 1. With one, a hex of no terrain cannot be entered.
        const std::string& t = grid.terrain(static_cast<int>(cell));
        g.enter[cell] = m.terrain.empty() ? 1 : cost_for(m.terrain, t, c, kProhibited);
        for (int d = 0; d < 6; ++d) {
          const int next = grid.neighbour(static_cast<int>(cell), d);
          if (next < 0) continue;
          g.cross[cell * 6 + d] = cost_for(m.hexsides, grid.hexside(static_cast<int>(cell), next), c, 0);
          for (const std::string& kind : grid.roads(static_cast<int>(cell), next)) {
            const double r = cost_for(m.roads, kind, c, kNone);
            if (r >= 0 && r < g.road[cell * 6 + d]) g.road[cell * 6 + d] = r;
          }
        }
      }
      kit.grids[mi].push_back(std::move(g));
    }
  }
}

int movement_class(const GameDef& def, const State& s, int piece) {
  const MovementDef& m = def.kit->movement;
  if (m.class_key.empty()) return 0;
  const Value* v = printed_value(def, s.pieces[piece], m.class_key);
  if (!v || !v->is_string()) return 0;
  const int c = m.find_class(v->as_string());
  return c < 0 ? 0 : c;
}

double movement_allowance(const GameDef& def, const State& s, int piece) {
  const Value* v = printed_value(def, s.pieces[piece], def.kit->movement.allowance);
  if (!v) return 0;
  if (v->is_int()) return static_cast<double>(v->as_int());
  if (v->is_number()) return v->as_number();
  return 0;
}

namespace {

// The cost of the step from cell a in direction d to its neighbour b.
double step_cost_towards(const MoveGrid& g, int a, int d, int b) {
  const size_t e = static_cast<size_t>(a) * 6 + d;
  if (g.road[e] != kNone) return g.road[e];
  if (g.enter[b] < 0 || g.cross[e] < 0) return kProhibited;
  return g.enter[b] + g.cross[e];
}

}  // namespace

double step_cost(const GameDef& def, int map, int cls, int a, int b) {
  const int d = def.maps[map].hex->direction(a, b);
  if (d < 0) return kProhibited;
  return step_cost_towards(def.kit->grids[map][cls], a, d, b);
}

namespace {

using Item = std::pair<double, int>;  // a cost and a cell, in the open set

struct SearchBuffers {
  std::vector<uint8_t> zone, closed, done;
  std::vector<Item> open;
};

}  // namespace

Result<MoveSearch> search_moves(const GameDef& def, const State& s, int piece, const MoveOptions& options) {
  const PieceState& p = s.pieces[piece];
  const int at = options.from >= 0 ? options.from : p.location;
  const int map = at >= 0 ? def.locations[at].map : -1;
  MoveSearch out;
  if (map < 0 || !def.maps[map].hex)
    return rejected(options.from >= 0 ? "the start is not a hex of a map" : "the piece is not on a hex map");
  out.map = map;
  const HexGrid& grid = *def.maps[map].hex;
  const int start = def.locations[at].cell;
  const int cls = movement_class(def, s, piece);
  const double budget = options.budget >= 0 ? options.budget : movement_allowance(def, s, piece);
  const ZocDef& z = def.kit->zoc;
  // The working buffers are the thread's, reused: a game's moves search
  // thousands of times, and each search is small. A search the cost hook
  // starts inside this one gets buffers of its own.
  thread_local SearchBuffers shared;
  thread_local bool shared_in_use = false;
  SearchBuffers own;
  const bool reuse = !shared_in_use;
  SearchBuffers& buffers = reuse ? shared : own;
  struct Release {
    bool reuse;
    ~Release() {
      if (reuse) shared_in_use = false;
    }
  } release{reuse};
  shared_in_use = true;
  // Named references, not a structured binding: a lambda below captures one.
  std::vector<uint8_t>& zone = buffers.zone;
  std::vector<uint8_t>& closed = buffers.closed;
  std::vector<uint8_t>& done = buffers.done;
  std::vector<Item>& open = buffers.open;
  zone.clear();
  closed.clear();
  if (options.zones) enemy_zones(def, s, map, p.owner, zone, p.type);
  if (def.kit->movement.enemy_closed) enemy_occupied(def, s, map, p.owner, closed);
  auto in_zone = [&](int cell) { return !zone.empty() && zone[cell]; };
  const MoveGrid& costs = def.kit->grids[map][cls];
  const size_t n = static_cast<size_t>(grid.size());
  out.best.assign(n, kNone);
  out.from.assign(n, -1);
  done.assign(n, 0);
  open.clear();
  const auto later = std::greater<Item>();  // a min-heap: the cheapest, then the lowest cell, first
  out.best[start] = 0;
  open.push_back({0, start});
  while (!open.empty()) {
    std::pop_heap(open.begin(), open.end(), later);
    const auto [c, cell] = open.back();
    open.pop_back();
    if (done[cell]) continue;
    done[cell] = 1;
    out.reached.push_back(cell);
    if (options.stop_at && cell != start && options.stop_at(def.maps[map].cell_location[cell])) {
      out.stopped = true;
      break;
    }
    const bool zoned = in_zone(cell);
    if (zoned && cell != start && z.stop_on_entry) continue;  // entering an enemy zone ended the move
    if (zoned && cell == start && z.leave == ZocDef::Leave::kNever) continue;
    if (zoned && cell != start && z.leave != ZocDef::Leave::kAny) continue;  // may leave only as the first step
    for (int d = 0; d < 6; ++d) {
      const int next = grid.neighbour(cell, d);
      if (next < 0 || done[next]) continue;
      if (!closed.empty() && closed[next]) continue;
      if (zoned && in_zone(next) && !z.zone_to_zone) continue;
      double step = step_cost_towards(costs, cell, d, next);
      if (options.exception) step = options.exception(cell, next, step);
      if (step < 0 || std::isnan(step)) continue;
      if (zoned) step += z.leave_cost;
      const double total = c + step;
      if (total > budget + 1e-9 || total >= out.best[next]) continue;
      out.best[next] = total;
      out.from[next] = cell;
      open.push_back({total, next});
      std::push_heap(open.begin(), open.end(), later);
    }
  }
  return out;
}

std::vector<int> path_to(const MoveSearch& search, int to) {
  std::vector<int> cells;
  if (to < 0 || static_cast<size_t>(to) >= search.best.size() || search.best[to] == kNone) return cells;
  for (int c = to; c >= 0; c = search.from[c]) cells.push_back(c);
  return {cells.rbegin(), cells.rend()};
}

}  // namespace cardboard
