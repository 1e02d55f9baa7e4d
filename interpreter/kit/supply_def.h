// Supply as data ([supply] in game.toml; docs/kit.md#supply): where each
// side's supply comes from (hexes and named places, pieces that are sources,
// map edges), how long a path from a unit to a source may be (in hexes, or
// in movement points of one movement class), and what closes a path (enemy
// units always; enemy zones of control as declared; what the class may not
// enter or cross). data/supply_loader checks every reference, so kit/supply
// never meets a location, class or side that does not exist.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cardboard {

// The edges of a hex map's printed rectangle, as bits: its first and last
// printed row (north, south) and column (west, east).
enum SupplyEdge : uint8_t { kEdgeNorth = 1, kEdgeEast = 2, kEdgeSouth = 4, kEdgeWest = 8 };

struct SupplyDef {
  bool declared = false;
  double range = -1;  // the longest path from a source, below 0 for no limit
  enum class Measure { kHexes, kMovementPoints };
  Measure measure = Measure::kHexes;
  // The movement class (an index into MovementDef::classes) whose step costs
  // measure a path in movement points, and whose prohibited terrain and
  // hexsides close a path either way.
  int movement_class = 0;
  // An enemy zone of control closes a hex to a path: always, unless a
  // friendly piece stands there, or never.
  enum class Zones { kClosed, kUnlessFriendly, kOpen };
  Zones enemy_zones = Zones::kUnlessFriendly;
  std::vector<std::vector<int>> sources;  // per side: hex locations that are its sources, by location index
  std::vector<uint8_t> edges;             // per side: the SupplyEdge bits whose hexes are its sources
  std::vector<std::string> source_kinds;  // piece type kinds whose pieces are sources for their owner
  std::string source_value;  // a printed value: a piece whose face shows it true is a source ("" none)
  std::string source_range;  // a printed value: a source piece's own range ("" none: `range`)
};

}  // namespace cardboard
