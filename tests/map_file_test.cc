// Loading map files: the fixtures in tests/maps, and the exact wording and
// position of the errors an author sees.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "data/map_file.h"
#include "maps/area_graph.h"
#include "maps/hex_grid.h"

using namespace cardboard;

namespace {

std::string fixture(const std::string& name) { return std::string(CARDBOARD_SOURCE_ROOT) + "/tests/maps/" + name; }

std::string load_error(const std::string& name) {
  auto m = load_map_file(fixture(name), "test");
  REQUIRE_FALSE(m.ok());
  return m.error().message;
}

}  // namespace

TEST_CASE("map file: a hex map with terrain, hexsides and places", "[maps][map_file]") {
  auto m = load_map_file(fixture("hex_small.toml"), "valley");
  REQUIRE(m.ok());
  CHECK(m->id == "valley");
  CHECK(m->title == "Test valley");
  REQUIRE(m->hex);
  CHECK_FALSE(m->area);
  CHECK(m->cell_location.empty());
  const HexGrid& g = *m->hex;
  CHECK(g.size() == 19);  // 5 x 4 less 0504
  CHECK(g.find("0504") == -1);
  CHECK(g.terrain(g.find("0301")) == "water");
  CHECK(g.terrain(g.find("0402")) == "forest");
  CHECK(g.terrain(g.find("0203")) == "rough");
  CHECK(g.hexside(g.find("0202"), g.find("0102")) == "river");
  CHECK(g.hexside(g.find("0303"), g.find("0403")) == "border");
  CHECK(g.place("Bravo") == g.find("0303"));

  const auto cells = map_cells(*m);
  REQUIRE(cells.size() == 19);
  CHECK(cells[0] == std::pair<std::string, std::string>{"0101", "Alpha (0101)"});
  CHECK(cells[1] == std::pair<std::string, std::string>{"0102", "0102"});
  CHECK(cells[g.find("0303")].second == "Bravo / Bravo Ridge (0303)");
}

TEST_CASE("map file: a pointy grid listing only its hexes", "[maps][map_file]") {
  auto m = load_map_file(fixture("hex_listed.toml"), "strip");
  REQUIRE(m.ok());
  CHECK(m->title == "strip");
  REQUIRE(m->hex);
  const HexGrid& g = *m->hex;
  CHECK(g.shape().orientation == HexOrientation::kPointy);
  CHECK(g.shape().offset == HexOffset::kEven);
  CHECK(g.size() == 4);
  CHECK(g.label(2) == "2925");
  CHECK(g.find("2822") == -1);
  // 2820 (even row, shifted right) and 2821 (odd row): 2821 is its south-west.
  CHECK(g.neighbours(g.find("2820")) == std::vector<int>{g.find("2821")});
  CHECK(g.direction_name(g.direction(g.find("2820"), g.find("2821"))) == std::string("sw"));
}

TEST_CASE("map file: an area map with attributes and connections", "[maps][map_file]") {
  auto m = load_map_file(fixture("area_small.toml"), "coast");
  REQUIRE(m.ok());
  CHECK(m->title == "Test coast");
  REQUIRE(m->area);
  const AreaGraph& g = *m->area;
  REQUIRE(g.size() == 4);
  const Area& port = g.area(g.find("port"));
  CHECK(port.title == "Port City");
  CHECK(port.has_position);
  CHECK(port.x == 10);
  CHECK(port.y == 20);
  CHECK(port.attributes.at("port").as_bool());
  CHECK(port.attributes.at("stacking").as_int() == 3);
  CHECK(port.attributes.at("terrain").as_string() == "urban");
  CHECK(g.area(g.find("hills")).attributes.at("cost").as_number() == 2.5);
  CHECK_FALSE(g.area(g.find("hills")).has_position);
  CHECK(g.area(g.find("plain")).title == "plain");
  CHECK(g.is_adjacent(g.find("hills"), g.find("port")));
  CHECK(g.is_adjacent(g.find("port"), g.find("island")));
  CHECK_FALSE(g.is_adjacent(g.find("island"), g.find("port")));
  const Connection* sea = g.connection(g.find("port"), g.find("island"));
  REQUIRE(sea);
  CHECK(sea->attributes.at("roll").as_string() == "1-3");
  CHECK(sea->attributes.at("cost").as_int() == 4);

  const auto cells = map_cells(*m);
  REQUIRE(cells.size() == 4);
  CHECK(cells[0] == std::pair<std::string, std::string>{"port", "Port City"});
  CHECK(cells[2] == std::pair<std::string, std::string>{"plain", "plain"});
}

TEST_CASE("map file errors name the place and what was expected", "[maps][map_file]") {
  CHECK(load_error("bad_key.toml") ==
        "unknown key 'rosw' in hex map: did you mean 'rows'? (" + fixture("bad_key.toml") + ":3:1)");
  CHECK(load_error("bad_hexside.toml") ==
        "hexside between 0101 and 0303: the hexes are not adjacent (" + fixture("bad_hexside.toml") + ":6:11)");
  CHECK(load_error("bad_no_hex.toml") == "no such hex: 4021 (" + fixture("bad_no_hex.toml") + ":6:8)");
  CHECK(load_error("bad_terrain_row.toml") ==
        "terrain row 2 has 2 letters: expected 3, one per column (" + fixture("bad_terrain_row.toml") +
            ":4:19)");
  CHECK(load_error("bad_legend_letter.toml") ==
        "terrain letter 'x' in row 2, column 2 is not in the legend (" + fixture("bad_legend_letter.toml") +
            ":4:21)");
  CHECK(load_error("bad_connection.toml") == "no such area: 'gaza_cty': did you mean 'gaza_city'? (" +
                                                 fixture("bad_connection.toml") + ":11:6)");
  CHECK(load_error("bad_duplicate_area.toml") == "duplicate area id 'rafah': first defined at " +
                                                     fixture("bad_duplicate_area.toml") + ":4:6 (" +
                                                     fixture("bad_duplicate_area.toml") + ":7:6)");
  CHECK(load_error("no_such_file.toml") ==
        "cannot read " + fixture("no_such_file.toml") + ": no such file or directory");
}

TEST_CASE("map file: every problem of a map is reported, each with its position", "[maps][map_file]") {
  Problems all;
  auto m = load_map_file(fixture("bad_many.toml"), "test", &all);
  REQUIRE_FALSE(m.ok());
  const std::string f = fixture("bad_many.toml");
  std::string listed;
  for (const auto& e : all.list()) listed += e.message + "\n";
  CHECK(listed ==
        "unknown key 'titel' in area map: did you mean 'title'? (" + f + ":3:1)\n"
        "area 'gaza_city' needs both 'x' and 'y', or neither (" + f + ":7:5)\n"
        "bad area id 'a;b': an id is 1 to 64 letters, digits, '_' or '-' (such as red_hand) (" + f + ":10:6)\n"
        "bad attribute 'terrain': expected an integer, number, boolean or string, got an array (" + f + ":14:26)\n"
        "no such area: 'gaza_cty': did you mean 'gaza_city'? (" + f + ":18:6)\n"
        "no such area: 'rafa': did you mean 'rafah'? (" + f + ":21:8)\n");
  CHECK(m.error().message == all.first().message);
}
