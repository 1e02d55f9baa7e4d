// An area map: areas (zones, boxes on a point-to-point map) joined by
// connections. Each area has a string id, a title, a few attributes and an
// optional position for drawing; each connection joins two areas, either one
// way (directed) or both ways, and carries its own attributes (a die-roll
// range, a kind such as "sea", a cost).
//
// Invariant: area indices are the order areas were added; every adjacency list
// is sorted by the index of the area it leads to, and there is at most one
// connection from an area to another, so neighbours, searches and their ties
// never depend on the order connections were listed.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/value.h"

namespace cardboard {

// Attribute values are integers, numbers, booleans or strings; keys sorted.
using Attributes = std::map<std::string, Value>;

struct Area {
  std::string id;
  std::string title;
  Attributes attributes;
  bool has_position = false;
  double x = 0, y = 0;
};

struct Connection {
  int from = -1, to = -1;  // an undirected connection is usable both ways
  bool directed = false;
  Attributes attributes;
};

class AreaGraph {
 public:
  // The cost of using the connection from one area to another; a negative
  // result means it cannot be used.
  using Cost = std::function<double(int from, int to)>;
  // A cheapest path: areas from the start to the goal, both included, and the
  // sum of the step costs. No areas means no path.
  struct Path {
    std::vector<int> areas;
    double cost = 0;
  };

  // Adds an area and returns its index. Errors: an empty or duplicate id.
  Result<int> add_area(Area area);
  // Adds a connection. Errors: an area index out of range, a connection of an
  // area to itself, or a second connection from `from` to `to` (an undirected
  // one counts both ways).
  Status connect(int from, int to, bool directed, Attributes attributes = {});
  // Revises area `a` for a map that extends another (a mod's): a new title
  // when given, a new position when given, and each attribute given set
  // (the others kept). Its id, index and connections stay.
  void revise_area(int a, const std::string* title, const std::pair<double, double>* position,
                   const Attributes& attributes);
  // For a map that extends another: each attribute given set on the
  // connection usable from `from` to `to` (the others kept), or that
  // connection removed. Error: there is none.
  Status revise_connection(int from, int to, const Attributes& attributes);
  Status disconnect(int from, int to);

  int size() const { return static_cast<int>(areas_.size()); }
  const Area& area(int a) const { return areas_[a]; }
  const std::string& id(int a) const { return areas_[a].id; }
  int find(const std::string& id) const;  // -1 when there is no such area
  std::vector<std::string> ids() const;
  const std::vector<Connection>& connections() const { return connections_; }

  // The areas one connection away (out-connections only), by area index.
  std::vector<int> neighbours(int a) const;
  // The connections usable from `a`, by the index of the area they lead to.
  std::vector<const Connection*> connections_from(int a) const;
  bool is_adjacent(int a, int b) const { return connection(a, b) != nullptr; }
  // The connection usable from a to b, or null.
  const Connection* connection(int a, int b) const;
  // The number of connections on the shortest way from a to b, or -1 when b
  // cannot be reached.
  int distance(int a, int b) const;
  // The fewest connections from `a` to every area, by area index (-1 for
  // those that cannot be reached): one search for many distances.
  std::vector<int> distances_from(int a) const { return steps_from(a, -1); }
  // Every area at most n connections away, `a` included, by area index.
  std::vector<int> within(int a, int n) const;

  // Dijkstra over usable connections; ties go to the lower area index, so the
  // result is deterministic. Empty when b cannot be reached.
  Path cheapest_path(int a, int b, const Cost& cost) const;
  // Every area reachable from `a` for a total cost <= budget, with that
  // cheapest cost, by area index; `a` itself is included at cost 0.
  std::vector<std::pair<int, double>> reachable(int a, double budget, const Cost& cost) const;

 private:
  // Breadth-first step counts from a, up to max_steps (-1 for unbounded);
  // -1 for areas not reached.
  std::vector<int> steps_from(int a, int max_steps) const;

  std::vector<Area> areas_;
  std::unordered_map<std::string, int> index_;
  std::vector<Connection> connections_;
  std::vector<std::vector<std::pair<int, int>>> out_;  // area -> sorted (to, connection index)
};

}  // namespace cardboard
