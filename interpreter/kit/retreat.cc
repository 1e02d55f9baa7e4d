#include "kit/retreat.h"

#include <algorithm>
#include <memory>
#include <string>

#include "kit/kit_def.h"
#include "kit/movement.h"
#include "kit/stacking.h"
#include "kit/zoc.h"
#include "maps/hex_grid.h"

namespace cardboard {

namespace {

// What a retreat's steps depend on, read once from the position: the
// steps themselves then cost a few look-ups each.
class Ground {
 public:
  Ground(const GameDef& def, const State& s, int piece, int map, bool zones)
      : def_(def), grid_(*def.maps[map].hex), cells_(def.maps[map].cell_location), map_(map) {
    const int side = s.pieces[piece].owner;
    cls_ = def.kit->movement.declared ? movement_class(def, s, piece) : 0;
    priced_ = static_cast<size_t>(map) < def.kit->grids.size() && !def.kit->grids[map].empty();
    enemy_ = enemy_occupied(def, s, map, side);
    if (zones) zone_ = enemy_zones(def, s, map, side, s.pieces[piece].type);
    if (!zone_.empty() && def.kit->zoc.friendly_negates_retreat) {
      // Where a friendly unit stands (not the retreating piece, nor a kind
      // stacking leaves out, as enemy_occupied counts enemies).
      const std::vector<std::string>& exempt = def.kit->stacking.exempt_kinds;
      friendly_.assign(cells_.size(), 0);
      for (size_t p = 0; p < s.pieces.size(); ++p) {
        const PieceState& other = s.pieces[p];
        if (static_cast<int>(p) == piece || other.location < 0 || def.locations[other.location].map != map) continue;
        if (other.owner < 0 || enemies(def, side, other.owner)) continue;
        if (std::find(exempt.begin(), exempt.end(), def.types[other.type].kind) != exempt.end()) continue;
        friendly_[def.locations[other.location].cell] = 1;
      }
    }
  }

  // Whether a retreat may step from cell a into the adjacent cell b.
  bool may_step(int a, int b) const {
    if (enemy_[b]) return false;
    if (priced_ && step_cost(def_, map_, cls_, a, b) < 0) return false;
    if (!zone_.empty() && zone_[b] && (friendly_.empty() || !friendly_[b])) return false;
    return true;
  }

  // The cells next to `cell` on the map, by location order (not direction
  // order): paths found first are then the lowest by location order.
  std::vector<int> neighbours(int cell) const {
    std::vector<int> out;
    for (int d = 0; d < 6; ++d)
      if (const int n = grid_.neighbour(cell, d); n >= 0) out.push_back(n);
    std::sort(out.begin(), out.end(), [&](int a, int b) { return cells_[a] < cells_[b]; });
    return out;
  }

  int location(int cell) const { return cells_[cell]; }
  const HexGrid& grid() const { return grid_; }

 private:
  const GameDef& def_;
  const HexGrid& grid_;
  const std::vector<int>& cells_;
  int map_;
  int cls_ = 0;
  bool priced_ = false;
  std::vector<uint8_t> enemy_, zone_, friendly_;
};

// What a search found at each length: the cells a retreat of that length
// can end in (by location order) and the lowest path to each.
class Reach {
 public:
  virtual ~Reach() = default;
  // The lengths found so far: 0 (the start) to deepest().
  virtual int deepest() const = 0;
  virtual std::vector<int> cells_at(int length) const = 0;
  virtual std::vector<int> path(int length, int cell) const = 0;
  // Finds the retreats one hex longer than deepest(); false when there are none.
  virtual Result<bool> extend() = 0;
  int64_t work = 0;
};

// With `farther`, the hexes at length k are exactly those at hex distance k
// from the start, each reached once: a breadth-first search, layer by layer.
// A layer's cells are found in the order of their lowest paths (each cell
// is found first from the lowest cell before it, its neighbours in location
// order), so the first path found to a cell is its lowest.
class FartherReach : public Reach {
 public:
  FartherReach(const Ground& g, int start) : g_(g), start_(start), from_(g.grid().size(), -1) {
    layers_.push_back({start});
  }
  int deepest() const override { return static_cast<int>(layers_.size()) - 1; }
  std::vector<int> cells_at(int length) const override {
    std::vector<int> cells = layers_[length];
    std::sort(cells.begin(), cells.end(), [&](int a, int b) { return g_.location(a) < g_.location(b); });
    return cells;
  }
  std::vector<int> path(int, int cell) const override {
    std::vector<int> cells;
    for (int c = cell; c >= 0; c = from_[c]) cells.push_back(c);
    return {cells.rbegin(), cells.rend()};
  }
  Result<bool> extend() override {
    const int k = deepest();
    std::vector<int> next;
    for (int a : layers_[k]) {
      for (int b : g_.neighbours(a)) {
        ++work;
        if (b == start_ || from_[b] >= 0 || g_.grid().distance(start_, b) != k + 1 || !g_.may_step(a, b)) continue;
        from_[b] = a;
        next.push_back(b);
      }
    }
    if (next.empty()) return false;
    layers_.push_back(std::move(next));
    return true;
  }

 private:
  const Ground& g_;
  int start_;
  std::vector<int> from_;  // per cell: the cell before it on its lowest path
  std::vector<std::vector<int>> layers_;
};

// Without `farther`, a retreat is any path that enters no hex twice: a
// depth-first search of the paths in location order (so the first path
// found to a cell at a length is its lowest), redone one hex deeper when
// asked to extend, bounded by kMaxRetreatSteps in all. What it keeps is
// a few bytes a hex entered: each path's last hex and the one before it.
class PathReach : public Reach {
 public:
  PathReach(const Ground& g, int start, int hexes)
      : g_(g), start_(start), target_(hexes), on_path_(g.grid().size(), 0) {}
  int deepest() const override { return depth_; }
  std::vector<int> cells_at(int length) const override {
    std::vector<int> cells;
    for (const auto& [loc, node] : first_[length]) cells.push_back(nodes_[node].cell);
    return cells;
  }
  std::vector<int> path(int length, int cell) const override {
    const auto& firsts = first_[length];
    const auto it = std::lower_bound(firsts.begin(), firsts.end(), std::pair{g_.location(cell), -1});
    std::vector<int> cells;
    for (int n = it->second; n >= 0; n = nodes_[n].parent) cells.push_back(nodes_[n].cell);
    return {cells.rbegin(), cells.rend()};
  }
  // The first call searches to the length asked; each later one a hex
  // deeper, unless the last fell short of its depth: every path one hex
  // longer than another begins with a path of that length.
  Result<bool> extend() override {
    if (searched_ >= 0 && depth_ < searched_) return false;
    const int depth = searched_ < 0 ? target_ : searched_ + 1;
    searched_ = depth;
    if (auto s = search(depth); !s.ok()) return s.error();
    const int before = depth_;
    depth_ = static_cast<int>(first_.size()) - 1;
    while (depth_ > 0 && first_[depth_].empty()) --depth_;  // lengths no path reached
    return depth_ > before;
  }

 private:
  struct Node {
    int cell;
    int parent;
  };
  struct Frame {
    int node;
    std::vector<int> next;
    size_t at = 0;
  };

  Status search(int depth) {
    nodes_.assign(1, Node{start_, -1});
    // Per length, (location, node) of each path in the order found.
    std::vector<std::vector<std::pair<int, int>>> found(static_cast<size_t>(depth) + 1);
    found[0].push_back({g_.location(start_), 0});
    std::fill(on_path_.begin(), on_path_.end(), 0);
    on_path_[start_] = 1;
    std::vector<Frame> stack;
    stack.push_back({0, depth > 0 ? g_.neighbours(start_) : std::vector<int>()});
    while (!stack.empty()) {
      Frame& f = stack.back();
      const int a = nodes_[f.node].cell;
      if (f.at == f.next.size()) {
        on_path_[a] = 0;
        stack.pop_back();
        continue;
      }
      const int b = f.next[f.at++];
      if (on_path_[b] || !g_.may_step(a, b)) continue;
      if (++work > kMaxRetreatSteps)
        return rejected("a retreat of " + std::to_string(depth) + " hexes without [retreat] farther entered more than " +
                        std::to_string(kMaxRetreatSteps) + " hexes on its paths before it had tried them all: "
                        "use farther = true, or shorter retreats");
      const int length = static_cast<int>(stack.size());
      const int node = static_cast<int>(nodes_.size());
      nodes_.push_back({b, f.node});
      found[length].push_back({g_.location(b), node});
      on_path_[b] = 1;
      stack.push_back({node, length < depth ? g_.neighbours(b) : std::vector<int>()});
    }
    // The first path found to each location: a stable sort keeps it first.
    for (auto& at_length : found) {
      std::stable_sort(at_length.begin(), at_length.end(),
                       [](const auto& x, const auto& y) { return x.first < y.first; });
      at_length.erase(std::unique(at_length.begin(), at_length.end(),
                                  [](const auto& x, const auto& y) { return x.first == y.first; }),
                      at_length.end());
    }
    first_ = std::move(found);
    return ok_status();
  }

  const Ground& g_;
  int start_;
  int target_ = 0;
  int searched_ = -1;  // the depth of the last search
  int depth_ = -1;     // the longest path it found
  std::vector<uint8_t> on_path_;
  std::vector<Node> nodes_;
  std::vector<std::vector<std::pair<int, int>>> first_;  // per length: (location, node) of each lowest path, by location
};

}  // namespace

Result<RetreatSearch> search_retreats(const GameDef& def, const State& s, int piece, int hexes,
                                      const RetreatOptions& options) {
  const int at = options.from >= 0 ? options.from : s.pieces[piece].location;
  const int map = at >= 0 ? def.locations[at].map : -1;
  if (map < 0 || !def.maps[map].hex)
    return rejected(options.from >= 0 ? "the start is not a hex of a map" : "the piece is not on a hex map");
  const RetreatDef& rd = def.kit->retreat;
  const Ground ground(def, s, piece, map, options.zones);
  const int start = def.locations[at].cell;
  std::unique_ptr<Reach> reach;
  if (rd.farther) reach = std::make_unique<FartherReach>(ground, start);
  else reach = std::make_unique<PathReach>(ground, start, hexes);

  // The cells of length k where a retreat may end, as [retreat] stacking says.
  const bool check_stacking = rd.stacking != RetreatDef::Stacking::kIgnore;
  auto ends_at = [&](int k) {
    std::vector<int> cells = reach->cells_at(k);
    if (check_stacking)
      cells.erase(std::remove_if(cells.begin(), cells.end(),
                                 [&](int c) { return !fits_stacking(def, s, piece, ground.location(c)); }),
                  cells.end());
    return cells;
  };

  RetreatSearch out;
  out.map = map;
  // The retreats of the length asked.
  while (reach->deepest() < hexes) {
    auto grew = reach->extend();
    if (!grew.ok()) return grew.error();
    if (!*grew) break;
  }
  int length = -1;
  std::vector<int> cells;
  if (reach->deepest() >= hexes) {
    cells = ends_at(hexes);
    length = hexes;
    // None fits: on, hex by hex, to the first length where one does.
    while (cells.empty() && rd.stacking == RetreatDef::Stacking::kContinue) {
      auto grew = reach->extend();
      if (!grew.ok()) return grew.error();
      if (!*grew) break;
      length = reach->deepest();
      cells = ends_at(length);
    }
  }
  // None at all: the longest shorter retreat, when asked for.
  if (cells.empty() && options.fewer)
    for (length = std::min(reach->deepest(), hexes - 1); length >= 0; --length)
      if (cells = ends_at(length); !cells.empty()) break;
  if (!cells.empty()) {
    out.length = length;
    for (int c : cells) out.ends.push_back({c, reach->path(length, c)});
  }
  out.work = reach->work;
  return out;
}

}  // namespace cardboard
