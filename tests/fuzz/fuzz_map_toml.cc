// Fuzzes a map file (docs/maps.md) as the game loader reads it: the input is
// the file's text, written to the scratch folder and loaded with
// load_map_file, then its cells listed (map_cells, as the loader names the
// locations) and the geometry the rules call used on it: neighbours,
// distance, the cells within a range, lines and cheapest paths between the
// first, a middle and the last cell. A hex map's paths cost 1 a step, and
// a step across a hexside feature is impossible; an area map's cost 1 a connection.
//
// A load must succeed or fail with an error; a loaded map must answer every
// question about its own cells.
#include <cstddef>
#include <cstdint>
#include <string>

#include "data/map_file.h"
#include "fuzz_support.h"
#include "maps/area_graph.h"
#include "maps/hex_grid.h"

using namespace cardboard;

namespace {

void use_grid(const HexGrid& g) {
  const int n = g.size();
  fuzz::check(n > 0, "a loaded grid has a hex");
  for (int a : {0, n / 2, n - 1}) {
    fuzz::check(g.find(g.label(a)) == a, "a hex is found by its label");
    for (int b : g.neighbours(a)) fuzz::check(g.adjacent(a, b) && g.distance(a, b) == 1, "neighbours are adjacent");
    for (int b : {0, n / 2, n - 1}) {
      const auto line = g.line(a, b);
      fuzz::check(line.empty() || line.front() == a, "a line starts at its first hex");
      const auto path = g.cheapest_path(a, b, [&](int from, int to) { return g.hexside(from, to).empty() ? 1.0 : -1.0; });
      fuzz::check(path.cells.empty() || (path.cells.front() == a && path.cells.back() == b), "a path joins its ends");
    }
    (void)g.within(a, 2);
    (void)g.reachable(a, 3, [](int, int) { return 1.0; });
  }
  for (const auto& [name, cell] : g.places()) fuzz::check(g.place(name) == cell, "a place is found by its name");
}

void use_graph(const AreaGraph& g) {
  const int n = g.size();
  if (n == 0) return;
  for (int a : {0, n / 2, n - 1}) {
    fuzz::check(g.find(g.id(a)) == a, "an area is found by its id");
    for (int b : g.neighbours(a)) fuzz::check(g.is_adjacent(a, b), "neighbours are adjacent");
    for (int b : {0, n / 2, n - 1}) {
      (void)g.distance(a, b);
      const auto path = g.cheapest_path(a, b, [](int, int) { return 1.0; });
      fuzz::check(path.areas.empty() || (path.areas.front() == a && path.areas.back() == b), "a path joins its ends");
    }
    (void)g.within(a, 2);
    (void)g.reachable(a, 3, [](int, int) { return 1.0; });
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = fuzz::scratch_dir() + "/map.toml";
  fuzz::write_file(path, std::string_view(reinterpret_cast<const char*>(data), size));
  auto map = load_map_file(path, "fuzz");
  if (!map.ok()) return 0;
  const auto cells = map_cells(*map);
  if (map->hex) {
    fuzz::check(cells.size() == static_cast<size_t>(map->hex->size()), "one location a hex");
    use_grid(*map->hex);
  } else {
    fuzz::check(map->area != nullptr, "a map is a grid or a graph");
    fuzz::check(cells.size() == static_cast<size_t>(map->area->size()), "one location an area");
    use_graph(*map->area);
  }
  return 0;
}
