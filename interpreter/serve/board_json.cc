#include "serve/board_json.h"

#include "maps/area_graph.h"
#include "maps/hex_grid.h"
#include "session/view_format.h"

namespace cardboard {

namespace {

nlohmann::json or_null(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

nlohmann::json table_json(const Table& t) {
  nlohmann::json o = nlohmann::json::object();
  for (const auto& [k, v] : t.entries)
    o[std::holds_alternative<std::string>(k) ? std::get<std::string>(k) : std::to_string(std::get<int64_t>(k))] =
        value_json(v);
  return o;
}

const std::string& location_id(const GameDef& def, const MapDef& m, int cell) {
  static const std::string none;
  const int loc = cell < static_cast<int>(m.cell_location.size()) ? m.cell_location[cell] : -1;
  return loc >= 0 ? def.locations[loc].id : none;
}

nlohmann::json hex_map_json(const GameDef& def, const MapDef& m) {
  const HexGrid& g = *m.hex;
  const HexShape& sh = g.shape();
  nlohmann::json j = {{"kind", "hex"},
                      {"orientation", sh.orientation == HexOrientation::kFlat ? "flat" : "pointy"},
                      {"offset", sh.offset == HexOffset::kOdd ? "odd" : "even"},
                      {"first_column", sh.first_column},
                      {"first_row", sh.first_row},
                      {"columns", sh.columns},
                      {"rows", sh.rows}};
  nlohmann::json hexes = nlohmann::json::array();
  for (int c = 0; c < g.size(); ++c)
    hexes.push_back({{"label", g.label(c)},
                     {"column", g.column(c)},
                     {"row", g.row(c)},
                     {"location", location_id(def, m, c)},
                     {"terrain", g.terrain(c)},
                     {"names", g.names(c)}});
  j["hexes"] = std::move(hexes);
  nlohmann::json sides = nlohmann::json::array();
  for (const auto& [cells, feature] : g.hexsides())
    sides.push_back({{"a", g.label(cells.first)}, {"b", g.label(cells.second)}, {"feature", feature}});
  j["hexsides"] = std::move(sides);
  nlohmann::json roads = nlohmann::json::array();
  for (const auto& [cells, kinds] : g.road_steps())
    roads.push_back({{"a", g.label(cells.first)}, {"b", g.label(cells.second)}, {"kinds", kinds}});
  j["roads"] = std::move(roads);
  return j;
}

nlohmann::json attributes_json(const Attributes& a) {
  nlohmann::json o = nlohmann::json::object();
  for (const auto& [k, v] : a) o[k] = value_json(v);
  return o;
}

nlohmann::json area_map_json(const GameDef& def, const MapDef& m) {
  const AreaGraph& g = *m.area;
  nlohmann::json areas = nlohmann::json::array();
  for (int a = 0; a < g.size(); ++a) {
    const Area& area = g.area(a);
    areas.push_back({{"id", area.id},
                     {"location", location_id(def, m, a)},
                     {"title", area.title},
                     {"x", area.has_position ? nlohmann::json(area.x) : nlohmann::json(nullptr)},
                     {"y", area.has_position ? nlohmann::json(area.y) : nlohmann::json(nullptr)},
                     {"attributes", attributes_json(area.attributes)}});
  }
  nlohmann::json links = nlohmann::json::array();
  for (const Connection& c : g.connections())
    links.push_back({{"from", g.id(c.from)},
                     {"to", g.id(c.to)},
                     {"directed", c.directed},
                     {"attributes", attributes_json(c.attributes)}});
  return {{"kind", "area"}, {"areas", std::move(areas)}, {"connections", std::move(links)}};
}

std::string cell_name(const MapDef& m, int cell) { return m.hex ? m.hex->label(cell) : m.area->id(cell); }

nlohmann::json graphics_json(const GraphicsDef& g) {
  nlohmann::json terrain = nlohmann::json::object();
  for (const auto& [code, st] : g.terrain) {
    nlohmann::json s = nlohmann::json::object();
    if (!st.fill.empty()) s["fill"] = st.fill;
    if (!st.image.empty()) s["image"] = st.image;
    terrain[code] = s;
  }
  const auto strokes = [](const auto& m) {
    nlohmann::json o = nlohmann::json::object();
    for (const auto& [k, c] : m) o[k] = {{"stroke", c}};
    return o;
  };
  return {{"terrain", terrain}, {"area_fill", or_null(g.area_fill)}, {"hexsides", strokes(g.hexsides)},
          {"roads", strokes(g.roads)}};
}

}  // namespace

nlohmann::json board_json(const GameDef& def) {
  nlohmann::json sides = nlohmann::json::array();
  for (const auto& s : def.sides) {
    const auto c = def.graphics.sides.find(s.id);
    sides.push_back({{"id", s.id},
                     {"title", s.title},
                     {"automatic", s.automatic},
                     {"colour", c == def.graphics.sides.end() ? nlohmann::json(nullptr) : nlohmann::json(c->second)}});
  }
  nlohmann::json maps = nlohmann::json::array();
  for (const auto& m : def.maps) {
    nlohmann::json j = m.hex ? hex_map_json(def, m) : area_map_json(def, m);
    j["id"] = m.id;
    j["title"] = m.title;
    maps.push_back(std::move(j));
  }
  nlohmann::json locations = nlohmann::json::array();
  for (const auto& l : def.locations) {
    nlohmann::json j = {{"id", l.id}, {"title", l.title}, {"kind", location_kind_name(l.kind)},
                        {"visibility", visibility_name(l.visibility)}, {"map", nullptr}};
    if (l.owner >= 0) j["owner"] = def.sides[l.owner].id;
    if (l.map >= 0) {
      j["map"] = def.maps[l.map].id;
      j["cell"] = cell_name(def.maps[l.map], l.cell);
    }
    locations.push_back(std::move(j));
  }
  nlohmann::json types = nlohmann::json::array();
  for (const auto& t : def.types) {
    nlohmann::json on_face = nlohmann::json::object();
    for (const auto& [face, values] : t.on_face) on_face[face] = table_json(values);
    const auto gr = def.graphics.types.find(t.id);
    const bool has = gr != def.graphics.types.end();
    types.push_back({{"id", t.id},
                     {"name", t.name},
                     {"kind", t.kind},
                     {"owner", t.owner >= 0 ? nlohmann::json(def.sides[t.owner].id) : nlohmann::json(nullptr)},
                     {"faces", t.faces},
                     {"values", table_json(t.values)},
                     {"on_face", on_face},
                     {"symbol", has ? or_null(gr->second.symbol) : nlohmann::json(nullptr)},
                     {"image", has ? or_null(gr->second.image) : nlohmann::json(nullptr)}});
  }
  nlohmann::json tracks = nlohmann::json::array();
  for (const auto& t : def.tracks) tracks.push_back({{"id", t.id}, {"title", t.title}, {"min", t.min}, {"max", t.max}});
  return {{"game", {{"id", def.id}, {"title", def.title}}},
          {"scenario", {{"id", def.scenario_id}, {"title", def.scenario_title}}},
          {"sides", std::move(sides)},
          {"maps", std::move(maps)},
          {"locations", std::move(locations)},
          {"types", std::move(types)},
          {"tracks", std::move(tracks)},
          {"graphics", graphics_json(def.graphics)}};
}

}  // namespace cardboard
