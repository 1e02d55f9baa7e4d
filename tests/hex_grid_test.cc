// Hex grid geometry, checked against values worked out by hand on paper maps
// of both orientations and both offsets. Every grid here is columns 01-05,
// rows 01-05, so cell index = (column - 1) * 5 + (row - 1).
//
// Neighbour rules by hand ("shifted" = the half-hex shifted columns or rows):
//   flat, shifted column c:   n (c,r-1) ne (c+1,r)   se (c+1,r+1) s (c,r+1) sw (c-1,r+1) nw (c-1,r)
//   flat, other column c:     n (c,r-1) ne (c+1,r-1) se (c+1,r)   s (c,r+1) sw (c-1,r)   nw (c-1,r-1)
//   pointy, shifted row r:    ne (c+1,r-1) e (c+1,r) se (c+1,r+1) sw (c,r+1)   w (c-1,r) nw (c,r-1)
//   pointy, other row r:      ne (c,r-1)   e (c+1,r) se (c,r+1)   sw (c-1,r+1) w (c-1,r) nw (c-1,r-1)
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "maps/hex_grid.h"

using namespace cardboard;

namespace {

HexGrid grid(HexOrientation o, HexOffset off, std::set<std::pair<int, int>> absent = {}) {
  HexShape s;
  s.orientation = o;
  s.offset = off;
  s.columns = 5;
  s.rows = 5;
  auto g = HexGrid::make(s, absent);
  REQUIRE(g.ok());
  return std::move(*g);
}

int at(const HexGrid& g, const char* label) {
  const int c = g.find(label);
  REQUIRE(c >= 0);
  return c;
}

std::vector<std::string> labels(const HexGrid& g, const std::vector<int>& cells) {
  std::vector<std::string> out;
  for (int c : cells) out.push_back(g.label(c));
  return out;
}

std::vector<std::string> around(const HexGrid& g, const char* label) {
  return labels(g, g.neighbours(at(g, label)));
}

using L = std::vector<std::string>;

}  // namespace

TEST_CASE("hex labels are four digits, column then row, in cell order", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  CHECK(g.size() == 25);
  CHECK(g.label(0) == "0101");
  CHECK(g.label(1) == "0102");
  CHECK(g.label(5) == "0201");
  CHECK(g.find("0305") == 14);
  CHECK(g.column(14) == 3);
  CHECK(g.row(14) == 5);
  CHECK(g.cell_at(3, 5) == 14);
  CHECK(g.find("0600") == -1);
  CHECK(g.find("0106") == -1);
  CHECK(g.find("105") == -1);
  CHECK(g.find("01a5") == -1);
  for (int c = 0; c < g.size(); ++c) CHECK(g.cell_at(g.cube(c)) == c);

  HexShape far;
  far.first_column = 28;
  far.first_row = 20;
  far.columns = 3;
  far.rows = 10;
  auto big = HexGrid::make(far);
  REQUIRE(big.ok());
  CHECK(big->find("2925") == 1 * 10 + 5);
  CHECK(big->label(0) == "2820");
  CHECK(big->find("2719") == -1);
}

TEST_CASE("hex grid rejects shapes that cannot be numbered", "[maps][hex]") {
  HexShape s;
  s.columns = 0;
  s.rows = 3;
  CHECK_FALSE(HexGrid::make(s).ok());
  s.columns = 3;
  s.first_column = 98;
  auto g = HexGrid::make(s);
  REQUIRE_FALSE(g.ok());
  CHECK(g.error().message ==
        "bad hex grid: columns 98..100 and rows 1..3 must lie within 0..99 for four-digit hex numbers");
}

TEST_CASE("flat odd: odd columns shifted down", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  // interior, shifted column: n ne se s sw nw
  CHECK(around(g, "0303") == L{"0302", "0403", "0404", "0304", "0204", "0203"});
  // interior, unshifted column
  CHECK(around(g, "0203") == L{"0202", "0302", "0303", "0204", "0103", "0102"});
  // top edge: no north
  CHECK(around(g, "0301") == L{"0401", "0402", "0302", "0202", "0201"});
  // corners
  CHECK(around(g, "0101") == L{"0201", "0202", "0102"});
  CHECK(around(g, "0505") == L{"0504", "0405"});
  CHECK(g.direction(at(g, "0303"), at(g, "0404")) == 2);
  CHECK(std::string(g.direction_name(2)) == "se");
  CHECK(g.direction(at(g, "0303"), at(g, "0305")) == -1);
  CHECK(g.neighbour(at(g, "0101"), 0) == -1);

  // 0101 is (q=1, r=1); 0304 is (q=3, r=4-(3-1)/2=3): dq=2 dr=2 ds=-4, so 4.
  // By walking: 0101 se 0202 se 0302 s 0303 s 0304.
  CHECK(g.distance(at(g, "0101"), at(g, "0304")) == 4);
  // 0101 -> 0505: se 0202, se 0302, se 0403, se 0503, s 0504, s 0505 = 6.
  CHECK(g.distance(at(g, "0101"), at(g, "0505")) == 6);
  // 0102 is shifted down, so 0201 is two steps away (n 0101, ne 0201).
  CHECK(g.distance(at(g, "0102"), at(g, "0201")) == 2);
  CHECK(g.distance(at(g, "0303"), at(g, "0303")) == 0);
}

TEST_CASE("flat even: even columns shifted down", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kEven);
  CHECK(around(g, "0303") == L{"0302", "0402", "0403", "0304", "0203", "0202"});
  CHECK(around(g, "0201") == L{"0301", "0302", "0202", "0102", "0101"});
  CHECK(around(g, "0101") == L{"0201", "0102"});
  CHECK(around(g, "0505") == L{"0504", "0405", "0404"});
  // 0102 is not shifted here: 0201 is its north-east neighbour.
  CHECK(g.distance(at(g, "0102"), at(g, "0201")) == 1);
  // 0101 (q=1, r=1-(1+1)/2=0) to 0304 (q=3, r=4-(3+1)/2=2): 4.
  CHECK(g.distance(at(g, "0101"), at(g, "0304")) == 4);
}

TEST_CASE("pointy odd: odd rows shifted right", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kPointy, HexOffset::kOdd);
  // interior, shifted row: ne e se sw w nw
  CHECK(around(g, "0303") == L{"0402", "0403", "0404", "0304", "0203", "0302"});
  // left edge, shifted row and unshifted row
  CHECK(around(g, "0103") == L{"0202", "0203", "0204", "0104", "0102"});
  CHECK(around(g, "0102") == L{"0101", "0202", "0103"});
  CHECK(around(g, "0101") == L{"0201", "0202", "0102"});
  CHECK(std::string(g.direction_name(0)) == "ne");
  CHECK(std::string(g.direction_name(4)) == "w");
  // 0102 (q=1-(2-0)/2=0, r=2) to 0301 (q=3, r=1): dq=3 dr=-1 ds=-2, so 3.
  CHECK(g.distance(at(g, "0102"), at(g, "0301")) == 3);
  CHECK(g.distance(at(g, "0101"), at(g, "0501")) == 4);
  CHECK(g.distance(at(g, "0101"), at(g, "0103")) == 2);
}

TEST_CASE("pointy even: even rows shifted right", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kPointy, HexOffset::kEven);
  CHECK(around(g, "0303") == L{"0302", "0403", "0304", "0204", "0203", "0202"});
  CHECK(around(g, "0101") == L{"0201", "0102"});
  CHECK(around(g, "0505") == L{"0504", "0405", "0404"});
  // 0102 (q=1-(2+0)/2=0, r=2) to 0301 (q=3-(1+1)/2=2, r=1): 2.
  CHECK(g.distance(at(g, "0102"), at(g, "0301")) == 2);
}

TEST_CASE("missing hexes are not cells and not neighbours", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd, {{4, 3}, {2, 3}});
  CHECK(g.size() == 23);
  CHECK(g.find("0403") == -1);
  CHECK(around(g, "0303") == L{"0302", "0404", "0304", "0204"});
  // still counted through for range
  CHECK(g.distance(at(g, "0303"), at(g, "0503")) == 2);
}

TEST_CASE("within n: every cell at distance n or less, by cell index", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  CHECK(labels(g, g.within(at(g, "0303"), 1)) == L{"0203", "0204", "0302", "0303", "0304", "0403", "0404"});
  CHECK(labels(g, g.within(at(g, "0101"), 1)) == L{"0101", "0102", "0201", "0202"});
  CHECK(g.within(at(g, "0303"), 0) == std::vector<int>{at(g, "0303")});
  CHECK(g.within(at(g, "0303"), 2).size() == 19);
  const auto far = g.within(at(g, "0101"), 3);
  for (int c = 0; c < g.size(); ++c) {
    const bool in = std::find(far.begin(), far.end(), c) != far.end();
    CHECK(in == (g.distance(at(g, "0101"), c) <= 3));
  }
}

TEST_CASE("line: the hexes between two centres, ties nudged the same way", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  CHECK(labels(g, g.line(at(g, "0101"), at(g, "0104"))) == L{"0101", "0102", "0103", "0104"});
  // Along a row of a flat grid the line zigzags through every column.
  CHECK(labels(g, g.line(at(g, "0101"), at(g, "0401"))) == L{"0101", "0201", "0301", "0401"});
  // 0101 and 0301 are both shifted down: the midpoint lies exactly on the
  // hexside between 0201 and 0202, and the nudge settles it on 0202.
  CHECK(labels(g, g.line(at(g, "0101"), at(g, "0301"))) == L{"0101", "0202", "0301"});
  CHECK(labels(g, g.line(at(g, "0303"), at(g, "0303"))) == L{"0303"});

  HexGrid p = grid(HexOrientation::kPointy, HexOffset::kOdd);
  CHECK(labels(p, p.line(at(p, "0101"), at(p, "0501"))) == L{"0101", "0201", "0301", "0401", "0501"});
  // Down a column of a pointy grid the line runs along hexsides at every other
  // row; the nudge always puts it on the east side.
  CHECK(labels(p, p.line(at(p, "0101"), at(p, "0105"))) == L{"0101", "0202", "0103", "0204", "0105"});
}

TEST_CASE("line sides: the hexes on either side where a line runs along a hexside", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  using P = std::vector<std::pair<int, int>>;
  // Between 0201 and 0202 the line runs along their hexside: line() takes 0202.
  CHECK(g.line_sides(at(g, "0101"), at(g, "0301")) ==
        P{{at(g, "0101"), at(g, "0101")}, {at(g, "0202"), at(g, "0201")}, {at(g, "0301"), at(g, "0301")}});
  HexGrid p = grid(HexOrientation::kPointy, HexOffset::kOdd);
  const auto down = p.line_sides(at(p, "0101"), at(p, "0105"));
  REQUIRE(down.size() == 5);
  CHECK(down[1] == std::pair{at(p, "0202"), at(p, "0102")});
  CHECK(down[2] == std::pair{at(p, "0103"), at(p, "0103")});
  // Every line: the first sides, each once and on the map, are line()'s hexes;
  // the two sides of a point are the same hex or adjacent ones.
  for (const HexGrid* h : {&g, &p})
    for (int a = 0; a < h->size(); ++a)
      for (int b = 0; b < h->size(); ++b) {
        std::vector<int> firsts;
        for (const auto& [x, y] : h->line_sides(a, b)) {
          if (x >= 0 && (firsts.empty() || firsts.back() != x)) firsts.push_back(x);
          if (x >= 0 && y >= 0) CHECK((x == y || h->adjacent(x, y)));
        }
        CHECK(firsts == h->line(a, b));
      }
}

TEST_CASE("hexside features are symmetric and only between adjacent hexes", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  const int a = at(g, "0203"), b = at(g, "0204");
  REQUIRE(g.set_hexside(a, b, "river").ok());
  CHECK(g.hexside(a, b) == "river");
  CHECK(g.hexside(b, a) == "river");
  CHECK(g.hexside(a, at(g, "0303")) == "");
  auto st = g.set_hexside(b, a, "lake");
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "hexside between 0204 and 0203 already has feature 'river'");
  st = g.set_hexside(at(g, "0101"), at(g, "0303"), "river");
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "hexside between 0101 and 0303: the hexes are not adjacent");
  CHECK(g.hexsides().size() == 1);
}

TEST_CASE("terrain and named places", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  g.set_terrain(at(g, "0202"), "town");
  CHECK(g.terrain(at(g, "0202")) == "town");
  CHECK(g.terrain(at(g, "0203")) == "");
  REQUIRE(g.add_place("Tyre", at(g, "0305")).ok());
  REQUIRE(g.add_place("Old Tyre", at(g, "0305")).ok());
  CHECK(g.place("Tyre") == at(g, "0305"));
  CHECK(g.place("Sidon") == -1);
  CHECK(g.names(at(g, "0305")) == L{"Old Tyre", "Tyre"});
  auto st = g.add_place("Tyre", at(g, "0101"));
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "place 'Tyre' is already at hex 0305");
}

TEST_CASE("cheapest path goes around an impassable hex, with lower cells first on ties", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  const int blocked = at(g, "0303");
  auto cost = [&](int, int to) { return to == blocked ? -1.0 : 1.0; };
  auto p = g.cheapest_path(at(g, "0301"), at(g, "0305"), cost);
  // Straight down is 4; around 0303 takes 5. Several 5-step ways exist; the
  // one through the lowest cells wins: 0202 (6) over 0302 (11), 0205 (9)
  // over 0304 (13).
  CHECK(labels(g, p.cells) == L{"0301", "0202", "0203", "0204", "0205", "0305"});
  CHECK(p.cost == 5);
  // Without the block: straight down.
  auto q = g.cheapest_path(at(g, "0301"), at(g, "0305"), [](int, int) { return 1.0; });
  CHECK(labels(g, q.cells) == L{"0301", "0302", "0303", "0304", "0305"});
  // A path to itself.
  auto self = g.cheapest_path(blocked, blocked, cost);
  CHECK(self.cells == std::vector<int>{blocked});
  CHECK(self.cost == 0);
  // Unreachable: nothing enters 0303.
  CHECK(g.cheapest_path(at(g, "0101"), blocked, cost).cells.empty());
}

TEST_CASE("cheapest path follows a longer, cheaper road", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  std::vector<bool> road(g.size(), false);
  // A road bending east through column 02: 0101 se 0202 s 0203 s 0204 s 0205 sw 0105.
  for (const char* h : {"0101", "0202", "0203", "0204", "0205", "0105"}) road[at(g, h)] = true;
  auto cost = [&](int from, int to) { return road[from] && road[to] ? 0.5 : 1.0; };
  auto p = g.cheapest_path(at(g, "0101"), at(g, "0105"), cost);
  // Straight down costs 4; five road steps cost 2.5.
  CHECK(labels(g, p.cells) == L{"0101", "0202", "0203", "0204", "0205", "0105"});
  CHECK(p.cost == 2.5);
}

TEST_CASE("reachable within a movement allowance", "[maps][hex]") {
  HexGrid g = grid(HexOrientation::kFlat, HexOffset::kOdd);
  auto one = [](int, int) { return 1.0; };
  auto r = g.reachable(at(g, "0303"), 1, one);
  REQUIRE(r.size() == 7);
  CHECK(g.label(r[0].first) == "0203");
  CHECK(r[3].first == at(g, "0303"));
  CHECK(r[3].second == 0);
  CHECK(r[0].second == 1);
  // A river along the south side of 0303 costs 2 more to cross.
  REQUIRE(g.set_hexside(at(g, "0303"), at(g, "0304"), "river").ok());
  auto river = [&](int from, int to) { return g.hexside(from, to) == "river" ? 3.0 : 1.0; };
  auto r2 = g.reachable(at(g, "0303"), 2, river);
  bool found = false;
  for (const auto& [cell, c] : r2) {
    if (cell == at(g, "0304")) {
      found = true;
      CHECK(c == 2);  // round the river: 0303 -> 0204 -> 0304
    }
  }
  CHECK(found);
  CHECK(g.reachable(at(g, "0303"), 0, one).size() == 1);
}
