// Area graphs: a small map with both kinds of connection, drawn here.
//
//   north(0) --- coast(1) --- south(3)         --- undirected
//     |  ^                      ^               --> directed
//     |   \__ sea(2) <----------+  (sea 2 -> north 0, south 3 -> sea 2)
//     +--> sea(2)    (north 0 -> sea 2: directed, kind "sea", cost 5)
//   island(4): no connections
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "maps/area_graph.h"

using namespace cardboard;

namespace {

AreaGraph sample() {
  AreaGraph g;
  for (const char* id : {"north", "coast", "sea", "south", "island"}) {
    Area a;
    a.id = id;
    a.title = std::string("The ") + id;
    REQUIRE(g.add_area(a).ok());
  }
  REQUIRE(g.connect(0, 1, false, {{"cost", Value(1)}}).ok());
  REQUIRE(g.connect(1, 3, false, {{"cost", Value(1)}, {"kind", Value("road")}}).ok());
  REQUIRE(g.connect(0, 2, true, {{"cost", Value(5)}, {"kind", Value("sea")}}).ok());
  REQUIRE(g.connect(2, 0, true, {{"cost", Value(1)}, {"roll", Value("1-3")}}).ok());
  REQUIRE(g.connect(3, 2, true, {{"cost", Value(1)}}).ok());
  return g;
}

double attr_cost(const AreaGraph& g, int from, int to) {
  const Connection* c = g.connection(from, to);
  return c->attributes.at("cost").as_int();
}

}  // namespace

TEST_CASE("areas: index and id", "[maps][area]") {
  AreaGraph g = sample();
  CHECK(g.size() == 5);
  CHECK(g.find("sea") == 2);
  CHECK(g.find("ocean") == -1);
  CHECK(g.id(3) == "south");
  CHECK(g.area(3).title == "The south");
  Area dup;
  dup.id = "sea";
  auto added = g.add_area(dup);
  REQUIRE_FALSE(added.ok());
  CHECK(added.error().message == "duplicate area id 'sea'");
}

TEST_CASE("areas: neighbours follow out-connections, by area index", "[maps][area]") {
  AreaGraph g = sample();
  CHECK(g.neighbours(0) == std::vector<int>{1, 2});
  CHECK(g.neighbours(1) == std::vector<int>{0, 3});
  CHECK(g.neighbours(2) == std::vector<int>{0});
  CHECK(g.neighbours(3) == std::vector<int>{1, 2});
  CHECK(g.neighbours(4).empty());
  CHECK(g.is_adjacent(0, 2));
  CHECK_FALSE(g.is_adjacent(2, 3));
  CHECK(g.is_adjacent(3, 1));  // undirected: both ways
  const auto from_north = g.connections_from(0);
  REQUIRE(from_north.size() == 2);
  CHECK(from_north[1]->to == 2);
  CHECK(from_north[1]->directed);
  CHECK(from_north[1]->attributes.at("kind").as_string() == "sea");
  REQUIRE(g.connection(2, 0) != nullptr);
  CHECK(g.connection(2, 0)->attributes.at("roll").as_string() == "1-3");
  CHECK(g.connection(1, 2) == nullptr);
  // The undirected connection is the same one from either end.
  CHECK(g.connection(3, 1) == g.connection(1, 3));
}

TEST_CASE("areas: duplicate and self connections are refused", "[maps][area]") {
  AreaGraph g = sample();
  auto st = g.connect(1, 0, true);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "duplicate connection between 'coast' and 'north'");
  CHECK_FALSE(g.connect(2, 0, false).ok());  // 2 -> 0 exists already
  CHECK(g.connect(2, 3, true).ok());         // the other way round from 3 -> 2 is new
  st = g.connect(4, 4, false);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "area 'island' cannot connect to itself");
}

TEST_CASE("areas: distance and within count connections", "[maps][area]") {
  AreaGraph g = sample();
  CHECK(g.distance(0, 0) == 0);
  CHECK(g.distance(0, 2) == 1);
  CHECK(g.distance(2, 3) == 3);  // sea -> north -> coast -> south
  CHECK(g.distance(3, 0) == 2);  // south -> coast -> north, or south -> sea -> north
  CHECK(g.distance(0, 4) == -1);
  CHECK(g.within(0, 1) == std::vector<int>{0, 1, 2});
  CHECK(g.within(2, 1) == std::vector<int>{0, 2});
  CHECK(g.within(2, 2) == std::vector<int>{0, 1, 2});
  CHECK(g.within(2, 10) == std::vector<int>{0, 1, 2, 3});
  CHECK(g.within(4, 3) == std::vector<int>{4});
}

TEST_CASE("areas: cheapest path and reachable by connection cost", "[maps][area]") {
  AreaGraph g = sample();
  auto cost = [&](int from, int to) { return attr_cost(g, from, to); };
  // north -> sea directly costs 5; round by coast and south costs 3.
  auto p = g.cheapest_path(0, 2, cost);
  CHECK(p.areas == std::vector<int>{0, 1, 3, 2});
  CHECK(p.cost == 3);
  CHECK(g.cheapest_path(0, 4, cost).areas.empty());
  // Forbid the road: only the sea lane is left.
  auto no_road = [&](int from, int to) {
    const auto* c = g.connection(from, to);
    auto it = c->attributes.find("kind");
    return it != c->attributes.end() && it->second.as_string() == "road" ? -1.0 : attr_cost(g, from, to);
  };
  p = g.cheapest_path(0, 2, no_road);
  CHECK(p.areas == std::vector<int>{0, 2});
  CHECK(p.cost == 5);
  // Ties: north -> south is 2 by coast; with every step 1 the sea way is
  // longer, so coast it is. From south to north both ways take 2 steps:
  // coast (1) wins over sea (2).
  auto one = [](int, int) { return 1.0; };
  CHECK(g.cheapest_path(3, 0, one).areas == std::vector<int>{3, 1, 0});

  auto r = g.reachable(0, 2, cost);
  REQUIRE(r.size() == 3);
  CHECK(r[0] == std::pair<int, double>{0, 0});
  CHECK(r[1] == std::pair<int, double>{1, 1});
  CHECK(r[2] == std::pair<int, double>{3, 2});
}
