#include "maps/hex_grid.h"

#include "maps/path_search.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <queue>

namespace cardboard {

namespace {

// Axial steps clockwise from north for flat-topped hexes (screen y grows
// downward). Pointy-topped hexes use the same cycle starting one later, at
// north-east, because rotating the hex by 30 degrees turns "n" into "ne".
constexpr int kSteps[6][2] = {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};
const char* const kFlatNames[6] = {"n", "ne", "se", "s", "sw", "nw"};
const char* const kPointyNames[6] = {"ne", "e", "se", "sw", "w", "nw"};

Cube step(const Cube& c, HexOrientation o, int direction) {
  const int d = o == HexOrientation::kFlat ? direction : (direction + 1) % 6;
  const int q = c.q + kSteps[d][0], r = c.r + kSteps[d][1];
  return {q, r, -q - r};
}

int cube_distance(const Cube& a, const Cube& b) {
  return std::max({std::abs(a.q - b.q), std::abs(a.r - b.r), std::abs(a.s - b.s)});
}

Cube cube_round(double q, double r, double s) {
  double rq = std::round(q), rr = std::round(r), rs = std::round(s);
  const double dq = std::abs(rq - q), dr = std::abs(rr - r), ds = std::abs(rs - s);
  // Rounding each coordinate alone can break q + r + s == 0; recompute the one
  // that moved most from the other two.
  if (dq > dr && dq > ds) {
    rq = -rr - rs;
  } else if (dr > ds) {
    rr = -rq - rs;
  } else {
    rs = -rq - rr;
  }
  return {static_cast<int>(rq), static_cast<int>(rr), static_cast<int>(rs)};
}

}  // namespace

Result<HexGrid> HexGrid::make(const HexShape& shape, const std::set<std::pair<int, int>>& absent) {
  if (shape.columns < 1 || shape.rows < 1)
    return rejected("bad hex grid: columns and rows must be at least 1");
  const int last_column = shape.first_column + shape.columns - 1;
  const int last_row = shape.first_row + shape.rows - 1;
  if (shape.first_column < 0 || last_column > 99 || shape.first_row < 0 || last_row > 99)
    return rejected("bad hex grid: columns " + std::to_string(shape.first_column) + ".." +
                    std::to_string(last_column) + " and rows " + std::to_string(shape.first_row) + ".." +
                    std::to_string(last_row) + " must lie within 0..99 for four-digit hex numbers");
  HexGrid g;
  g.shape_ = shape;
  g.slot_.assign(static_cast<size_t>(shape.columns) * shape.rows, -1);
  for (int col = shape.first_column; col <= last_column; ++col) {
    for (int row = shape.first_row; row <= last_row; ++row) {
      if (absent.count({col, row})) continue;
      g.slot_[(col - shape.first_column) * shape.rows + (row - shape.first_row)] = g.size();
      Cell cell;
      cell.column = col;
      cell.row = row;
      cell.cube = g.to_cube(col, row);
      g.cells_.push_back(std::move(cell));
    }
  }
  for (auto& cell : g.cells_)
    for (int d = 0; d < 6; ++d) cell.next[d] = g.cell_at(step(cell.cube, shape.orientation, d));
  return g;
}

// Conversions from https://www.redblobgames.com/grids/hexagons/ ("offset
// coordinates"), with the parity taken from the printed column or row number.
Cube HexGrid::to_cube(int column, int row) const {
  const bool odd = shape_.offset == HexOffset::kOdd;
  int q, r;
  if (shape_.orientation == HexOrientation::kFlat) {
    q = column;
    r = odd ? row - (column - (column & 1)) / 2 : row - (column + (column & 1)) / 2;
  } else {
    q = odd ? column - (row - (row & 1)) / 2 : column - (row + (row & 1)) / 2;
    r = row;
  }
  return {q, r, -q - r};
}

std::pair<int, int> HexGrid::to_offset(const Cube& c) const {
  const bool odd = shape_.offset == HexOffset::kOdd;
  if (shape_.orientation == HexOrientation::kFlat) {
    const int row = odd ? c.r + (c.q - (c.q & 1)) / 2 : c.r + (c.q + (c.q & 1)) / 2;
    return {c.q, row};
  }
  const int column = odd ? c.q + (c.r - (c.r & 1)) / 2 : c.q + (c.r + (c.r & 1)) / 2;
  return {column, c.r};
}

int HexGrid::cell_at(int column, int row) const {
  const int c = column - shape_.first_column, r = row - shape_.first_row;
  if (c < 0 || c >= shape_.columns || r < 0 || r >= shape_.rows) return -1;
  return slot_[c * shape_.rows + r];
}

int HexGrid::cell_at(const Cube& c) const {
  if (c.q + c.r + c.s != 0) return -1;
  const auto [column, row] = to_offset(c);
  return cell_at(column, row);
}

int HexGrid::find(std::string_view label) const {
  if (label.size() != 4) return -1;
  for (char ch : label)
    if (ch < '0' || ch > '9') return -1;
  return cell_at((label[0] - '0') * 10 + (label[1] - '0'), (label[2] - '0') * 10 + (label[3] - '0'));
}

std::string HexGrid::label(int cell) const {
  const int n = cells_[cell].column * 100 + cells_[cell].row;
  std::string s = std::to_string(n);
  return std::string(4 - s.size(), '0') + s;
}

std::vector<int> HexGrid::neighbours(int cell) const {
  std::vector<int> out;
  for (int n : cells_[cell].next)
    if (n >= 0) out.push_back(n);
  return out;
}

int HexGrid::direction(int a, int b) const {
  for (int d = 0; d < 6; ++d)
    if (cells_[a].next[d] == b && b >= 0) return d;
  return -1;
}

const char* HexGrid::direction_name(int direction) const {
  if (direction < 0 || direction > 5) return "";
  return shape_.orientation == HexOrientation::kFlat ? kFlatNames[direction] : kPointyNames[direction];
}

int HexGrid::distance(int a, int b) const { return cube_distance(cells_[a].cube, cells_[b].cube); }

std::vector<int> HexGrid::within(int cell, int n) const {
  // No two hexes of the rectangle are further apart than columns + rows, so a
  // larger n adds nothing but work.
  n = std::min(n, shape_.columns + shape_.rows);
  std::vector<int> out;
  const Cube c = cells_[cell].cube;
  for (int dq = -n; dq <= n; ++dq) {
    for (int dr = std::max(-n, -dq - n); dr <= std::min(n, -dq + n); ++dr) {
      const int found = cell_at(Cube{c.q + dq, c.r + dr, c.s - dq - dr});
      if (found >= 0) out.push_back(found);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

Cube HexGrid::line_point(int a, int b, int i, int n, int nudge) const {
  const Cube ca = cells_[a].cube, cb = cells_[b].cube;
  const double aq = ca.q + 1e-6 * nudge, ar = ca.r + 2e-6 * nudge, as = ca.s - 3e-6 * nudge;
  const double bq = cb.q + 1e-6 * nudge, br = cb.r + 2e-6 * nudge, bs = cb.s - 3e-6 * nudge;
  const double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
  return cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, as + (bs - as) * t);
}

std::vector<int> HexGrid::line(int a, int b) const {
  const int n = distance(a, b);
  std::vector<int> out;
  for (int i = 0; i <= n; ++i) {
    const int cell = cell_at(line_point(a, b, i, n, 1));
    if (cell >= 0 && (out.empty() || out.back() != cell)) out.push_back(cell);
  }
  return out;
}

std::vector<std::pair<int, int>> HexGrid::line_sides(int a, int b) const {
  const int n = distance(a, b);
  std::vector<std::pair<int, int>> out;
  out.reserve(static_cast<size_t>(n) + 1);
  for (int i = 0; i <= n; ++i) out.push_back({cell_at(line_point(a, b, i, n, 1)), cell_at(line_point(a, b, i, n, -1))});
  return out;
}

HexGrid::Path HexGrid::cheapest_path(int a, int b, const Cost& cost) const {
  const PathSearch s = dijkstra(*this, a, b, std::numeric_limits<double>::infinity(), cost);
  Path p;
  if (std::isinf(s.best[b])) return p;
  for (int c = b; c >= 0; c = s.from[c]) p.cells.push_back(c);
  std::reverse(p.cells.begin(), p.cells.end());
  p.cost = s.best[b];
  return p;
}

std::vector<std::pair<int, double>> HexGrid::reachable(int a, double budget, const Cost& cost) const {
  const PathSearch s = dijkstra(*this, a, -1, budget, cost);
  std::vector<std::pair<int, double>> out;
  for (int c = 0; c < size(); ++c)
    if (s.best[c] <= budget) out.push_back({c, s.best[c]});
  return out;
}

const std::string& HexGrid::hexside(int a, int b) const {
  static const std::string none;
  auto it = hexsides_.find({std::min(a, b), std::max(a, b)});
  return it == hexsides_.end() ? none : it->second;
}

const std::vector<std::string>& HexGrid::roads(int a, int b) const {
  static const std::vector<std::string> none;
  auto it = roads_.find({std::min(a, b), std::max(a, b)});
  return it == roads_.end() ? none : it->second;
}

Status HexGrid::add_road(int a, int b, const std::string& kind) {
  if (!adjacent(a, b))
    return rejected("road from " + label(a) + " to " + label(b) + ": the hexes are not adjacent");
  auto& kinds = roads_[{std::min(a, b), std::max(a, b)}];
  const auto at = std::lower_bound(kinds.begin(), kinds.end(), kind);
  if (at == kinds.end() || *at != kind) kinds.insert(at, kind);
  return ok_status();
}

Status HexGrid::set_hexside(int a, int b, std::string feature) {
  if (!adjacent(a, b))
    return rejected("hexside between " + label(a) + " and " + label(b) + ": the hexes are not adjacent");
  auto [it, added] = hexsides_.emplace(std::make_pair(std::min(a, b), std::max(a, b)), feature);
  if (!added)
    return rejected("hexside between " + label(a) + " and " + label(b) + " already has feature '" +
                    it->second + "'");
  return ok_status();
}

int HexGrid::place(const std::string& name) const {
  auto it = places_.find(name);
  return it == places_.end() ? -1 : it->second;
}

Status HexGrid::add_place(const std::string& name, int cell) {
  auto [it, added] = places_.emplace(name, cell);
  if (!added) return rejected("place '" + name + "' is already at hex " + label(it->second));
  auto& names = cells_[cell].names;
  names.insert(std::upper_bound(names.begin(), names.end(), name), name);
  return ok_status();
}

}  // namespace cardboard
