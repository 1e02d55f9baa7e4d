// Line of sight as data ([sight] in game.toml; docs/kit.md#line-of-sight):
// the terrain that blocks sight in a hex between the two ends, the hexside
// features that block a line crossing them, the kinds of piece that block
// like terrain, the longest line, and what a line running exactly along a
// hexside sees. data/sight_loader checks every word against what the maps
// use; kit/sight computes with it.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace cardboard {

struct SightDef {
  bool declared = false;
  std::set<std::string, std::less<>> terrain;   // blocks in a hex between the ends
  std::set<std::string, std::less<>> hexsides;  // blocks where the line crosses it
  std::vector<std::string> blocking_kinds;      // pieces of these kinds block in a hex between the ends
  int range = -1;                               // the longest line in hexes, -1 for no limit
  // A line that runs exactly along a hexside: the hex on the side map.line
  // falls on only; blocked when either hex beside it blocks; only when both do.
  enum class Along { kOneSide, kEither, kBoth };
  Along along = Along::kOneSide;
};

}  // namespace cardboard
