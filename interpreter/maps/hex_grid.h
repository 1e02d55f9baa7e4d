// A hex grid with printed four-digit numbering, as on a wargame map: hex 2925
// is column 29, row 25. Cells are the hexes present on the map, numbered
// 0..size()-1 in label order (column by column, top to bottom), so iterating
// cells is the same as reading the printed numbers in order. Hexes of the
// rectangle that the map leaves out (sea, off-map) are not cells at all.
//
// Geometry works in axial/cube coordinates (q + r + s == 0), converted from the
// printed (column, row) by the orientation and the offset:
//   flat   flat-topped hexes, columns vertical; offset names which printed
//          columns (odd or even column numbers) are shifted down half a hex;
//   pointy pointy-topped hexes, rows horizontal; offset names which printed
//          rows are shifted right half a hex.
// Directions are numbered 0..5 clockwise: for flat from north (n ne se s sw nw),
// for pointy from north-east (ne e se sw w nw).
//
// Invariant: the grid's geometry never changes after make(); terrain, hexside
// features and places are set while loading and then read only (a loaded map is
// shared as `const HexGrid`).
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"

namespace cardboard {

enum class HexOrientation { kFlat, kPointy };
enum class HexOffset { kOdd, kEven };

// The printed rectangle: columns first_column .. first_column+columns-1 and
// rows first_row .. first_row+rows-1, each between 0 and 99.
struct HexShape {
  HexOrientation orientation = HexOrientation::kFlat;
  HexOffset offset = HexOffset::kOdd;
  int first_column = 1;
  int first_row = 1;
  int columns = 0;
  int rows = 0;
};

struct Cube {
  int q = 0, r = 0, s = 0;
  bool operator==(const Cube&) const = default;
};

class HexGrid {
 public:
  // The cost of stepping from one cell to an adjacent one; a negative result
  // means the step is impossible (impassable terrain or hexside).
  using Cost = std::function<double(int from, int to)>;
  // A cheapest path: cells from the start to the goal, both included, and the
  // sum of the step costs. No cells means no path.
  struct Path {
    std::vector<int> cells;
    double cost = 0;
  };

  // A grid of every hex of `shape` except the (column, row) pairs in `absent`.
  // Errors: a count below 1, or a column or row outside 0..99.
  static Result<HexGrid> make(const HexShape& shape, const std::set<std::pair<int, int>>& absent = {});

  const HexShape& shape() const { return shape_; }
  int size() const { return static_cast<int>(cells_.size()); }

  // Cell lookups return -1 for a hex that is not on the map.
  int cell_at(int column, int row) const;
  int cell_at(const Cube& c) const;
  int find(std::string_view label) const;  // exactly four digits: "0105"
  std::string label(int cell) const;
  int column(int cell) const { return cells_[cell].column; }
  int row(int cell) const { return cells_[cell].row; }
  Cube cube(int cell) const { return cells_[cell].cube; }

  // The adjacent cells in direction order, leaving out hexes not on the map.
  std::vector<int> neighbours(int cell) const;
  // The adjacent cell in direction 0..5, or -1.
  int neighbour(int cell, int direction) const { return cells_[cell].next[direction]; }
  bool adjacent(int a, int b) const { return direction(a, b) >= 0; }
  // The direction 0..5 from a to an adjacent b, or -1 when they are not adjacent.
  int direction(int a, int b) const;
  // "n", "ne", ... for this grid's orientation.
  const char* direction_name(int direction) const;

  // The number of hexes from a to b, counted as ranges are counted on the map:
  // straight across, through missing hexes too.
  int distance(int a, int b) const;
  // Every cell at distance <= n from `cell`, itself included, by cell index.
  std::vector<int> within(int cell, int n) const;
  // The cells whose hexes the straight line between the centres of a and b
  // crosses, from a to b, both included. Points are sampled at distance+1 even
  // steps and rounded to the nearest hex; both ends are nudged by
  // (+1e-6, +2e-6, -3e-6) in cube space first (a hair down and to the right as
  // drawn, in both orientations), so a line running exactly along a hexside
  // always falls on the same side and the result is deterministic.
  // Hexes not on the map are left out.
  std::vector<int> line(int a, int b) const;
  // The hexes beside each point line() samples: for each of its distance+1
  // points, from a to b, the cell the point rounds to with both ends nudged
  // as line() nudges them (first), and nudged as far the opposite way
  // (second); -1 for a hex not on the map. The two differ only where the
  // point lies on a hexside, where the line runs along it: they are then the
  // hexes on either side of it. line() is the first cells, each once.
  std::vector<std::pair<int, int>> line_sides(int a, int b) const;

  // Dijkstra over adjacent cells. Ties are broken toward the lower cell index,
  // so the same grid and costs always give the same path. Empty when b cannot
  // be reached.
  Path cheapest_path(int a, int b, const Cost& cost) const;
  // Every cell reachable from `a` for a total cost <= budget, with that
  // cheapest cost, by cell index; `a` itself is included at cost 0.
  std::vector<std::pair<int, double>> reachable(int a, double budget, const Cost& cost) const;

  // Per-cell terrain code ("" for none).
  const std::string& terrain(int cell) const { return cells_[cell].terrain; }
  void set_terrain(int cell, std::string code) { cells_[cell].terrain = std::move(code); }

  // The feature on the hexside between two adjacent cells ("" for none).
  // Symmetric: hexside(a, b) == hexside(b, a).
  const std::string& hexside(int a, int b) const;
  // Errors: the cells are not adjacent, or the hexside already has a feature.
  Status set_hexside(int a, int b, std::string feature);
  const std::map<std::pair<int, int>, std::string>& hexsides() const { return hexsides_; }

  // Roads, railways and tracks: kinds of route, each a chain of adjacent
  // hexes, stored as the steps between consecutive hexes. roads(a, b) lists
  // the kinds running from a straight to b (either way), sorted; empty for none.
  const std::vector<std::string>& roads(int a, int b) const;
  // Errors: the cells are not adjacent. Adding a kind twice to a step is nothing.
  Status add_road(int a, int b, const std::string& kind);
  const std::map<std::pair<int, int>, std::vector<std::string>>& road_steps() const { return roads_; }

  // Named places: a name is on one cell; a cell may carry several names
  // (sorted). place() returns -1 for an unknown name.
  int place(const std::string& name) const;
  const std::vector<std::string>& names(int cell) const { return cells_[cell].names; }
  const std::map<std::string, int>& places() const { return places_; }
  // Errors: the name is already placed.
  Status add_place(const std::string& name, int cell);

 private:
  struct Cell {
    int column = 0, row = 0;
    Cube cube;
    int next[6] = {-1, -1, -1, -1, -1, -1};
    std::string terrain;
    std::vector<std::string> names;
  };

  HexGrid() = default;
  Cube to_cube(int column, int row) const;
  // Point i of the n+1 a line from a to b samples, its ends nudged by
  // `nudge` (1 or -1) times (1e-6, 2e-6, -3e-6), rounded to its hex.
  Cube line_point(int a, int b, int i, int n, int nudge) const;
  std::pair<int, int> to_offset(const Cube& c) const;

  HexShape shape_;
  std::vector<Cell> cells_;
  std::vector<int> slot_;  // (column - first_column) * rows + (row - first_row) -> cell or -1
  std::map<std::pair<int, int>, std::string> hexsides_;  // key: (lower cell, higher cell)
  std::map<std::pair<int, int>, std::vector<std::string>> roads_;  // key: (lower cell, higher cell)
  std::map<std::string, int> places_;
};

}  // namespace cardboard
