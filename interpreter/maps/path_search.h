// Dijkstra's search over the cells of any map (hexes or areas), shared by
// HexGrid and AreaGraph. The queue orders by (cost, cell), so among equal
// costs the lower cell is settled first and becomes the predecessor: paths
// are deterministic. A negative or NaN step cost means impassable.
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace cardboard {

struct PathSearch {
  std::vector<double> best;  // cost to reach each cell, infinity when not reached
  std::vector<int> from;     // the predecessor on the cheapest path, -1 for none
};

// From `a`, stopping once `goal` (or -1 for none) is settled or costs exceed `budget`.
template <typename Map>
PathSearch dijkstra(const Map& map, int a, int goal, double budget, const std::function<double(int, int)>& cost) {
  const double inf = std::numeric_limits<double>::infinity();
  PathSearch s{std::vector<double>(map.size(), inf), std::vector<int>(map.size(), -1)};
  std::vector<bool> done(map.size(), false);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  s.best[a] = 0;
  open.push({0, a});
  while (!open.empty()) {
    const auto [c, cell] = open.top();
    open.pop();
    if (done[cell]) continue;
    done[cell] = true;
    if (cell == goal) break;
    for (int next : map.neighbours(cell)) {
      if (done[next]) continue;
      const double step_cost = cost(cell, next);
      if (step_cost < 0 || std::isnan(step_cost)) continue;
      const double total = c + step_cost;
      if (total > budget || total >= s.best[next]) continue;
      s.best[next] = total;
      s.from[next] = cell;
      open.push({total, next});
    }
  }
  return s;
}

}  // namespace cardboard
