#include "maps/area_graph.h"

#include "maps/path_search.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <queue>

namespace cardboard {

Result<int> AreaGraph::add_area(Area area) {
  if (area.id.empty()) return rejected("an area needs a non-empty id");
  if (index_.count(area.id)) return rejected("duplicate area id '" + area.id + "'");
  const int a = size();
  index_.emplace(area.id, a);
  areas_.push_back(std::move(area));
  out_.emplace_back();
  return a;
}

void AreaGraph::revise_area(int a, const std::string* title, const std::pair<double, double>* position,
                            const Attributes& attributes) {
  Area& area = areas_[a];
  if (title) area.title = *title;
  if (position) {
    area.has_position = true;
    area.x = position->first;
    area.y = position->second;
  }
  for (const auto& [key, value] : attributes) area.attributes.insert_or_assign(key, value);
}

Status AreaGraph::connect(int from, int to, bool directed, Attributes attributes) {
  if (from < 0 || from >= size() || to < 0 || to >= size()) return rejected("no such area in connection");
  if (from == to) return rejected("area '" + id(from) + "' cannot connect to itself");
  if (connection(from, to) || (!directed && connection(to, from)))
    return rejected("duplicate connection between '" + id(from) + "' and '" + id(to) + "'");
  const int c = static_cast<int>(connections_.size());
  connections_.push_back({from, to, directed, std::move(attributes)});
  auto insert = [&](int a, int b) {
    auto& list = out_[a];
    list.insert(std::upper_bound(list.begin(), list.end(), std::make_pair(b, c)), {b, c});
  };
  insert(from, to);
  if (!directed) insert(to, from);
  return ok_status();
}

int AreaGraph::find(const std::string& id) const {
  auto it = index_.find(id);
  return it == index_.end() ? -1 : it->second;
}

std::vector<std::string> AreaGraph::ids() const {
  std::vector<std::string> out;
  for (const auto& a : areas_) out.push_back(a.id);
  return out;
}

std::vector<int> AreaGraph::neighbours(int a) const {
  std::vector<int> out;
  for (const auto& [to, c] : out_[a]) out.push_back(to);
  return out;
}

std::vector<const Connection*> AreaGraph::connections_from(int a) const {
  std::vector<const Connection*> out;
  for (const auto& [to, c] : out_[a]) out.push_back(&connections_[c]);
  return out;
}

Status AreaGraph::revise_connection(int from, int to, const Attributes& attributes) {
  const Connection* c = connection(from, to);
  if (!c) return rejected("no connection from '" + id(from) + "' to '" + id(to) + "' to revise");
  Connection& mine = connections_[static_cast<size_t>(c - connections_.data())];
  for (const auto& [key, value] : attributes) mine.attributes.insert_or_assign(key, value);
  return ok_status();
}

Status AreaGraph::disconnect(int from, int to) {
  const Connection* c = connection(from, to);
  if (!c) return rejected("no connection from '" + id(from) + "' to '" + id(to) + "' to remove");
  connections_.erase(connections_.begin() + (c - connections_.data()));
  // The out-lists hold connection indices: built again.
  for (auto& list : out_) list.clear();
  for (size_t i = 0; i < connections_.size(); ++i) {
    const Connection& k = connections_[i];
    out_[k.from].emplace_back(k.to, static_cast<int>(i));
    if (!k.directed) out_[k.to].emplace_back(k.from, static_cast<int>(i));
  }
  for (auto& list : out_) std::sort(list.begin(), list.end());
  return ok_status();
}

const Connection* AreaGraph::connection(int a, int b) const {
  const auto& list = out_[a];
  auto it = std::lower_bound(list.begin(), list.end(), std::make_pair(b, -1));
  return it != list.end() && it->first == b ? &connections_[it->second] : nullptr;
}

std::vector<int> AreaGraph::steps_from(int a, int max_steps) const {
  std::vector<int> steps(size(), -1);
  std::deque<int> open{a};
  steps[a] = 0;
  while (!open.empty()) {
    const int cur = open.front();
    open.pop_front();
    if (max_steps >= 0 && steps[cur] >= max_steps) continue;
    for (const auto& [to, c] : out_[cur]) {
      if (steps[to] >= 0) continue;
      steps[to] = steps[cur] + 1;
      open.push_back(to);
    }
  }
  return steps;
}

int AreaGraph::distance(int a, int b) const { return steps_from(a, -1)[b]; }

std::vector<int> AreaGraph::within(int a, int n) const {
  const std::vector<int> steps = steps_from(a, n);
  std::vector<int> out;
  for (int i = 0; i < size(); ++i)
    if (steps[i] >= 0) out.push_back(i);
  return out;
}

AreaGraph::Path AreaGraph::cheapest_path(int a, int b, const Cost& cost) const {
  const PathSearch s = dijkstra(*this, a, b, std::numeric_limits<double>::infinity(), cost);
  Path p;
  if (std::isinf(s.best[b])) return p;
  for (int c = b; c >= 0; c = s.from[c]) p.areas.push_back(c);
  std::reverse(p.areas.begin(), p.areas.end());
  p.cost = s.best[b];
  return p;
}

std::vector<std::pair<int, double>> AreaGraph::reachable(int a, double budget, const Cost& cost) const {
  const PathSearch s = dijkstra(*this, a, -1, budget, cost);
  std::vector<std::pair<int, double>> out;
  for (int i = 0; i < size(); ++i)
    if (s.best[i] <= budget) out.push_back({i, s.best[i]});
  return out;
}

}  // namespace cardboard
