// Loading a map TOML file (a hex grid or an area graph) into a MapDef. The
// format is documented for authors in docs/maps.md. Every error names
// file:line:column and what was expected.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "data/toml_file.h"

namespace cardboard {

// Reads the map at `path` (read_input_file: a regular file of at most 16
// MiB) and returns a MapDef with the given id, its title and exactly one of
// hex or area set. cell_location is left empty: the game loader creates one
// location per cell (see map_cells) and fills it. The error is the first
// problem found; when `all` is given it receives every problem found (the
// first included): reading goes on past a bad terrain row, hexside, place,
// area or connection.
Result<MapDef> load_map_file(const std::string& path, const std::string& id, Problems* all = nullptr);
// One file of a map: its path and its text, already read.
struct MapLayer {
  std::string path;
  std::string text;
};
// A map and the files that extend it, base first (a mod's [[maps]] entry
// with its base's map id; docs/mods.md): an extending file's [[areas]] of
// an id the map has revise that area (title, position, the attributes it
// gives), the others are added; its [[connections]] between areas the map
// joins already revise that connection's attributes (or remove it, with
// `remove = true`), the others are added; its `title`
// replaces the map's. Only an area map can be extended; every error names
// the file it is in.
Result<MapDef> load_map_layers(const std::vector<MapLayer>& layers, const std::string& id, Problems* all = nullptr);
// The same from the map file's text, already read from `path`.
Result<MapDef> load_map_text(const std::string& text, const std::string& path, const std::string& id,
                             Problems* all = nullptr);

// One (location id, title) per cell of the map, in cell index order: a hex's
// four-digit label and its place names joined by " / " (the label when it has
// none), or an area's id and title.
std::vector<std::pair<std::string, std::string>> map_cells(const MapDef& map);

}  // namespace cardboard
