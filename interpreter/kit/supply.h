// Supply paths over a hex map (kit/supply_def.h): one search per side and
// map finds every hex from which a path runs to one of the side's sources
// within range, so a whole side is checked at once; the path of one unit is
// read off the same search, and when there is none, why not.
//
// The search runs from the sources outward (Dijkstra from many starts), but
// prices each step as the unit tracing toward the source would pay it: the
// hex entered is the one nearer the source. A hex holding an enemy unit is
// never on a path; a hex in an enemy zone that [supply] closes is never
// entered by one, though a unit standing there may trace from it; a hex
// the class may not enter (its terrain prohibited, no road into it) is never
// supplied. Costs tie to the lower cell (location order), so paths never
// change between runs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

struct SupplyOptions {
  std::optional<double> range;  // instead of [supply] range (below 0: no limit); a source piece's own stays
  bool ranges = true;           // false: no source has a limit (to find the nearest, however far)
  bool zones = true;            // false: enemy zones close nothing
  bool enemy_units = true;      // false: enemy units close nothing
  int goal = -1;                // a cell: the search may end once the goal's path is known
};

// A source on a map: its cell and how far it reaches (below 0: no limit).
struct SupplySource {
  int cell = -1;
  double range = -1;
};

// Side `side`'s sources on hex map `map`, by cell, each cell once with its
// longest range: its hexes and named places, the hexes of its edges, and its
// pieces there that are sources. A source an enemy unit holds is none
// (unless options.enemy_units is false).
std::vector<SupplySource> supply_sources(const GameDef& def, const State& s, int side, int map,
                                         const SupplyOptions& options = {});

struct SupplySearch {
  int map = -1;
  std::vector<double> length;  // per cell: its path's length in hexes or MP, infinity when not supplied
  std::vector<int> toward;     // per cell: the next hex of its path, -1 at a source or when not supplied
  std::vector<int> source;     // per cell: the source its path ends at, -1 when not supplied
  std::vector<int> supplied;   // the supplied cells, in the order the search found them
};

// Every hex of hex map `map` from which a unit of `side` traces supply. A
// path goes to the source with the most range to spare (the nearest, when
// every source has the same range; sources without a limit first).
// Preconditions: def.kit declares [supply]; `map` is a hex map.
SupplySearch search_supply(const GameDef& def, const State& s, int side, int map, const SupplyOptions& options = {});

// The path from `cell` to its source, `cell` first; empty when not supplied.
std::vector<int> supply_path(const SupplySearch& search, int cell);

struct SupplyTrace {
  bool supplied = false;
  std::vector<int> path;  // the cells from the unit's to its source's
  double length = 0;      // in hexes or MP
  std::string why;        // when not supplied: why not ("enemy units close every path to a source")
};

// Whether a unit of `side` at `cell` of hex map `map` is in supply: its
// path, or why there is none (no source, out of range, and else the first
// of enemy zones, enemy units or the terrain that closes every path). At
// most five searches of the map. Preconditions as search_supply's.
SupplyTrace trace_supply(const GameDef& def, const State& s, int side, int map, int cell,
                         const SupplyOptions& options = {});

}  // namespace cardboard
