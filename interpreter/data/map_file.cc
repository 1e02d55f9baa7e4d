#include "data/map_file.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

#include "core/input_file.h"
#include "data/toml_file.h"
#include "maps/area_graph.h"
#include "maps/hex_grid.h"

namespace cardboard {

namespace {

std::string in_quotes(const std::string& s) { return "'" + s + "'"; }

// The array at `key`, null when absent. Error when present but not an array.
Result<const toml::array*> get_array(const std::string& file, const toml::table& t, const char* key) {
  const toml::node* n = t.get(key);
  if (!n) return static_cast<const toml::array*>(nullptr);
  if (!n->is_array())
    return bad_data(file, n, std::string("bad '") + key + "': expected an array, got " + type_name(n));
  return n->as_array();
}

Result<const toml::table*> get_table(const std::string& file, const toml::table& t, const char* key) {
  const toml::node* n = t.get(key);
  if (!n) return static_cast<const toml::table*>(nullptr);
  if (!n->is_table())
    return bad_data(file, n, std::string("bad '") + key + "': expected a table, got " + type_name(n));
  return n->as_table();
}

// The string in an array element or table value.
Result<std::string> as_string(const std::string& file, const toml::node& n, const std::string& what) {
  if (!n.is_string()) return bad_data(file, &n, "bad " + what + ": expected a string, got " + type_name(&n));
  return *n.value<std::string>();
}

Result<Value> attribute_value(const std::string& file, const std::string& key, const toml::node& n) {
  if (n.is_integer()) return Value(*n.value<int64_t>());
  if (n.is_floating_point()) return Value(*n.value<double>());
  if (n.is_boolean()) return Value(*n.value<bool>());
  if (n.is_string()) return Value(*n.value<std::string>());
  return bad_data(file, &n,
                  "bad attribute '" + key + "': expected an integer, number, boolean or string, got " +
                      type_name(&n));
}

Result<Attributes> get_attributes(const std::string& file, const toml::table& t) {
  auto table = get_table(file, t, "attributes");
  if (!table) return table.error();
  Attributes out;
  if (!*table) return out;
  for (const auto& [k, v] : **table) {
    const std::string key(k.str());
    auto value = attribute_value(file, key, v);
    if (!value) return value.error();
    out.emplace(key, std::move(*value));
  }
  return out;
}

// ---- hex maps ----

// The cell of a printed hex number written in the file, with a positioned
// error for a malformed number or a hex that is not on the map.
Result<int> hex_cell(const std::string& file, const HexGrid& grid, const toml::node& n, const std::string& what) {
  auto label = as_string(file, n, what);
  if (!label) return label.error();
  const std::string& s = *label;
  const bool digits = s.size() == 4 && s.find_first_not_of("0123456789") == std::string::npos;
  if (!digits) return bad_data(file, &n, "bad hex number '" + s + "': expected four digits such as 0105");
  const int cell = grid.find(s);
  if (cell < 0) return bad_data(file, &n, "no such hex: " + s);
  return cell;
}

// Hex numbers in `missing` or `hexes`: four digits inside the printed rectangle.
Result<std::set<std::pair<int, int>>> hex_list(const std::string& file, const HexGrid& full,
                                               const toml::array& arr, const char* key) {
  std::set<std::pair<int, int>> out;
  for (const toml::node& n : arr) {
    auto cell = hex_cell(file, full, n, std::string("'") + key + "' entry");
    if (!cell) return cell.error();
    out.insert({full.column(*cell), full.row(*cell)});
  }
  return out;
}

// Each bad row (its first bad letter) is recorded and the next row still read.
Status load_terrain(const std::string& file, const toml::table& t, HexGrid& grid, Problems& problems) {
  auto legend_table = get_table(file, t, "legend");
  if (!legend_table) return legend_table.error();
  std::map<char, std::string> legend;
  if (*legend_table) {
    for (const auto& [k, v] : **legend_table) {
      const std::string key(k.str());
      if (key.size() != 1 || key == ".")
        return bad_data(file, &v, "bad legend key '" + key + "': expected a single letter other than '.'");
      auto code = as_string(file, v, "legend entry '" + key + "'");
      if (!code) return code.error();
      legend.emplace(key[0], *code);
    }
  }
  auto rows = get_array(file, t, "terrain");
  if (!rows) return rows.error();
  if (!*rows) return ok_status();
  const HexShape& shape = grid.shape();
  const toml::node* terrain_node = t.get("terrain");
  if (static_cast<int>((*rows)->size()) != shape.rows)
    return bad_data(file, terrain_node,
                    "terrain has " + std::to_string((*rows)->size()) + " rows: expected " +
                        std::to_string(shape.rows) + ", one string per map row");
  for (int i = 0; i < shape.rows; ++i) {
    const toml::node& n = *(*rows)->get(i);
    const int row = shape.first_row + i;
    auto letters = as_string(file, n, "terrain row " + std::to_string(row));
    if (!problems.check(letters)) continue;
    if (static_cast<int>(letters->size()) != shape.columns) {
      problems.add(bad_data(file, &n,
                            "terrain row " + std::to_string(row) + " has " + std::to_string(letters->size()) +
                                " letters: expected " + std::to_string(shape.columns) + ", one per column"));
      continue;
    }
    for (int j = 0; j < shape.columns; ++j) {
      const char letter = (*letters)[j];
      const int cell = grid.cell_at(shape.first_column + j, row);
      if (letter == '.') continue;
      auto it = legend.find(letter);
      if (it == legend.end()) {
        // Point at the letter itself: the string's opening quote plus the offset.
        std::string pos = where(file, n);
        if (n.source().begin)
          pos = file + ":" + std::to_string(n.source().begin.line) + ":" +
                std::to_string(n.source().begin.column + 1 + j);
        problems.add(rejected("terrain letter '" + std::string(1, letter) + "' in row " + std::to_string(row) +
                              ", column " + std::to_string(shape.first_column + j) + " is not in the legend (" + pos +
                              ")"));
        break;  // one problem a row: a row of another map's letters is one slip
      }
      if (cell >= 0) grid.set_terrain(cell, it->second);
    }
  }
  return ok_status();
}

Status load_hexside(const std::string& file, const toml::node& n, HexGrid& grid, Problems& problems) {
  if (!n.is_table()) return bad_data(file, &n, std::string("bad hexside: expected a table, got ") + type_name(&n));
  const toml::table& side = *n.as_table();
  check_keys(file, side, {"between", "feature"}, "hexside", problems);
  const toml::node* between = side.get("between");
  if (!between || !between->is_array() || between->as_array()->size() != 2)
    return bad_data(file, between ? between : &n,
                    "bad hexside 'between': expected two hex numbers such as [\"0203\", \"0204\"]");
  auto a = hex_cell(file, grid, *between->as_array()->get(0), "hexside hex");
  if (!a) return a.error();
  auto b = hex_cell(file, grid, *between->as_array()->get(1), "hexside hex");
  if (!b) return b.error();
  auto feature = get_string(file, side, "feature");
  if (!feature) return feature.error();
  if (auto st = grid.set_hexside(*a, *b, *feature); !st) return bad_data(file, between, st.error().message);
  return ok_status();
}

// Each bad hexside is recorded and the next still read.
Status load_hexsides(const std::string& file, const toml::table& t, HexGrid& grid, Problems& problems) {
  auto sides = get_array(file, t, "hexsides");
  if (!sides) return sides.error();
  if (*sides)
    for (const toml::node& n : **sides) problems.check(load_hexside(file, n, grid, problems));
  return ok_status();
}

// A [[roads]] entry: a kind of route through a chain of adjacent hexes.
Status load_road(const std::string& file, const toml::node& n, HexGrid& grid, Problems& problems) {
  if (!n.is_table()) return bad_data(file, &n, std::string("bad road: expected a table, got ") + type_name(&n));
  const toml::table& road = *n.as_table();
  check_keys(file, road, {"kind", "hexes"}, "road", problems);
  const std::string fallback = "road";
  auto kind = get_string(file, road, "kind", &fallback);
  if (!kind) return kind.error();
  const toml::node* hexes = road.get("hexes");
  if (!hexes || !hexes->is_array() || hexes->as_array()->size() < 2)
    return bad_data(file, hexes ? hexes : &n,
                    "bad road 'hexes': expected a chain of at least two adjacent hex numbers such as [\"0203\", \"0204\"]");
  int last = -1;
  for (const toml::node& h : *hexes->as_array()) {
    auto cell = hex_cell(file, grid, h, "road hex");
    if (!cell) return cell.error();
    if (last >= 0)
      if (auto st = grid.add_road(last, *cell, *kind); !st) return bad_data(file, &h, st.error().message);
    last = *cell;
  }
  return ok_status();
}

// Each bad road is recorded and the next still read.
Status load_roads(const std::string& file, const toml::table& t, HexGrid& grid, Problems& problems) {
  auto roads = get_array(file, t, "roads");
  if (!roads) return roads.error();
  if (*roads)
    for (const toml::node& n : **roads) problems.check(load_road(file, n, grid, problems));
  return ok_status();
}

Status load_places(const std::string& file, const toml::table& t, HexGrid& grid, Problems& problems) {
  auto places = get_table(file, t, "places");
  if (!places) return places.error();
  if (!*places) return ok_status();
  for (const auto& [k, v] : **places) {
    const std::string name(k.str());
    auto cell = hex_cell(file, grid, v, "place '" + name + "'");
    if (!problems.check(cell)) continue;
    if (auto st = grid.add_place(name, *cell); !st) problems.add(bad_data(file, &v, st.error().message));
  }
  return ok_status();
}

// A hex map. Problems in the terrain, hexsides and places are recorded and
// the rest still read; a bad shape stops it.
Result<std::shared_ptr<const HexGrid>> load_hex(const std::string& file, const toml::table& t, Problems& problems) {
  check_keys(file, t,
             {"kind", "title", "orientation", "offset", "first_column", "first_row", "columns", "rows", "missing",
              "hexes", "terrain", "legend", "hexsides", "roads", "places"},
             "hex map", problems);
  HexShape shape;
  const std::string flat = "flat", odd = "odd";
  auto orientation = get_string(file, t, "orientation", &flat);
  if (!orientation) return orientation.error();
  if (*orientation == "pointy") {
    shape.orientation = HexOrientation::kPointy;
  } else if (*orientation != "flat") {
    return bad_data(file, t.get("orientation"),
                    "bad 'orientation': expected \"flat\" or \"pointy\", got \"" + *orientation + "\"");
  }
  auto offset = get_string(file, t, "offset", &odd);
  if (!offset) return offset.error();
  if (*offset == "even") {
    shape.offset = HexOffset::kEven;
  } else if (*offset != "odd") {
    return bad_data(file, t.get("offset"), "bad 'offset': expected \"odd\" or \"even\", got \"" + *offset + "\"");
  }
  const int64_t one = 1;
  auto first_column = get_int(file, t, "first_column", &one);
  if (!first_column) return first_column.error();
  auto first_row = get_int(file, t, "first_row", &one);
  if (!first_row) return first_row.error();
  auto columns = get_int(file, t, "columns");
  if (!columns) return columns.error();
  auto rows = get_int(file, t, "rows");
  if (!rows) return rows.error();
  // Range-check before narrowing to int, so a huge number cannot wrap.
  if (*first_column < 0 || *first_column > 99 || *first_row < 0 || *first_row > 99 || *columns < 1 ||
      *columns > 100 || *rows < 1 || *rows > 100 || *first_column + *columns > 100 || *first_row + *rows > 100)
    return bad_data(file, t.get("columns"),
                    "bad grid size: columns and rows must number at least 1 and stay within 0..99, so "
                    "that every hex has a four-digit number");
  shape.first_column = static_cast<int>(*first_column);
  shape.first_row = static_cast<int>(*first_row);
  shape.columns = static_cast<int>(*columns);
  shape.rows = static_cast<int>(*rows);

  auto full = HexGrid::make(shape);
  if (!full) return bad_data(file, t.get("columns"), full.error().message);
  auto missing = get_array(file, t, "missing");
  if (!missing) return missing.error();
  auto hexes = get_array(file, t, "hexes");
  if (!hexes) return hexes.error();
  std::set<std::pair<int, int>> absent;
  if (*missing && *hexes)
    return bad_data(file, t.get("hexes"), "give either 'missing' or 'hexes', not both");
  if (*missing) {
    auto list = hex_list(file, *full, **missing, "missing");
    if (!list) return list.error();
    absent = std::move(*list);
  } else if (*hexes) {
    auto list = hex_list(file, *full, **hexes, "hexes");
    if (!list) return list.error();
    for (int c = 0; c < full->size(); ++c)
      if (!list->count({full->column(c), full->row(c)})) absent.insert({full->column(c), full->row(c)});
  }
  auto grid = HexGrid::make(shape, absent);
  if (!grid) return bad_data(file, t.get("columns"), grid.error().message);
  problems.check(load_terrain(file, t, *grid, problems));
  problems.check(load_hexsides(file, t, *grid, problems));
  problems.check(load_roads(file, t, *grid, problems));
  problems.check(load_places(file, t, *grid, problems));
  return std::shared_ptr<const HexGrid>(std::make_shared<HexGrid>(std::move(*grid)));
}

// ---- area maps ----

Result<double> get_coordinate(const std::string& file, const toml::node& n, const char* key) {
  if (n.is_integer()) return static_cast<double>(*n.value<int64_t>());
  if (n.is_floating_point()) return *n.value<double>();
  return bad_data(file, &n, std::string("bad '") + key + "': expected a number, got " + type_name(&n));
}

// One [[areas]] entry. An area whose id is good is added even when another
// of its keys is bad, so that connections to it report nothing more.
Status load_area_entry(const std::string& file, const toml::node& n, std::map<std::string, const toml::node*>& seen,
                       AreaGraph& graph, Problems& problems) {
  if (!n.is_table()) return bad_data(file, &n, std::string("bad area: expected a table, got ") + type_name(&n));
  const toml::table& at = *n.as_table();
  check_keys(file, at, {"id", "title", "x", "y", "attributes"}, "area", problems);
  Area area;
  auto id = get_string(file, at, "id");
  if (!id) return id.error();
  area.id = *id;
  CB_TRY(check_id(file, at.get("id"), "area", area.id));
  if (auto it = seen.find(area.id); it != seen.end())
    return bad_data(file, at.get("id"),
                    "duplicate area id '" + area.id + "': first defined at " + where(file, it->second));
  seen.emplace(area.id, at.get("id"));
  auto title = get_string(file, at, "title", &area.id);
  area.title = problems.check(title) ? *title : area.id;
  const toml::node* x = at.get("x");
  const toml::node* y = at.get("y");
  if ((x == nullptr) != (y == nullptr)) {
    problems.add(bad_data(file, x ? x : y, "area '" + area.id + "' needs both 'x' and 'y', or neither"));
  } else if (x) {
    auto xv = get_coordinate(file, *x, "x");
    auto yv = get_coordinate(file, *y, "y");
    if (problems.check(xv) && problems.check(yv)) {
      area.has_position = true;
      area.x = *xv;
      area.y = *yv;
    }
  }
  auto attributes = get_attributes(file, at);
  if (problems.check(attributes)) area.attributes = std::move(*attributes);
  auto added = graph.add_area(std::move(area));
  if (!added) return bad_data(file, &n, added.error().message);
  return ok_status();
}

// An [[areas]] entry of a file that extends a map (a mod's): an area of the
// map it extends is revised (its title, position and the attributes given;
// the rest kept), any other is added.
Status extend_area_entry(const std::string& file, const toml::node& n, std::map<std::string, const toml::node*>& seen,
                         AreaGraph& graph, Problems& problems) {
  const toml::table* at = n.as_table();
  const toml::node* id_node = at ? at->get("id") : nullptr;
  const std::string* id = id_node && id_node->is_string() ? &id_node->as_string()->get() : nullptr;
  const int a = id ? graph.find(*id) : -1;
  if (a < 0 || seen.count(*id)) return load_area_entry(file, n, seen, graph, problems);
  check_keys(file, *at, {"id", "title", "x", "y", "attributes"}, "area", problems);
  seen.emplace(*id, at->get("id"));
  std::optional<std::string> title;
  if (at->get("title")) {
    auto t = get_string(file, *at, "title");
    if (problems.check(t)) title = *t;
  }
  std::optional<std::pair<double, double>> position;
  const toml::node* x = at->get("x");
  const toml::node* y = at->get("y");
  if ((x == nullptr) != (y == nullptr)) {
    problems.add(bad_data(file, x ? x : y, "area '" + *id + "' needs both 'x' and 'y', or neither"));
  } else if (x) {
    auto xv = get_coordinate(file, *x, "x");
    auto yv = get_coordinate(file, *y, "y");
    if (problems.check(xv) && problems.check(yv)) position.emplace(*xv, *yv);
  }
  auto attributes = get_attributes(file, *at);
  if (!problems.check(attributes)) return ok_status();
  graph.revise_area(a, title ? &*title : nullptr, position ? &*position : nullptr, *attributes);
  return ok_status();
}

// Each bad area is recorded and the next still read.
Status load_areas(const std::string& file, const toml::table& t, AreaGraph& graph, Problems& problems) {
  auto areas = get_array(file, t, "areas");
  if (!areas) return areas.error();
  if (!*areas || (*areas)->empty()) return bad_data(file, &t, "an area map needs at least one [[areas]] entry");
  std::map<std::string, const toml::node*> seen;
  for (const toml::node& n : **areas) problems.check(load_area_entry(file, n, seen, graph, problems));
  return ok_status();
}

Result<int> area_ref(const std::string& file, const AreaGraph& graph, const toml::table& t, const char* key) {
  auto id = get_string(file, t, key);
  if (!id) return id.error();
  const int a = graph.find(*id);
  if (a >= 0) return a;
  std::string msg = "no such area: " + in_quotes(*id);
  const std::string near = closest(*id, graph.ids());
  if (!near.empty()) msg += ": did you mean " + in_quotes(near) + "?";
  return bad_data(file, t.get(key), msg);
}

// One [[connections]] entry.
Status load_connection(const std::string& file, const toml::node& n, AreaGraph& graph, Problems& problems) {
  if (!n.is_table()) return bad_data(file, &n, std::string("bad connection: expected a table, got ") + type_name(&n));
  const toml::table& ct = *n.as_table();
  check_keys(file, ct, {"from", "to", "directed", "attributes"}, "connection", problems);
  auto from = area_ref(file, graph, ct, "from");
  if (!from) return from.error();
  auto to = area_ref(file, graph, ct, "to");
  if (!to) return to.error();
  bool directed = false;
  if (const toml::node* d = ct.get("directed")) {
    if (!d->is_boolean())
      return bad_data(file, d, std::string("bad 'directed': expected a boolean, got ") + type_name(d));
    directed = *d->value<bool>();
  }
  auto attributes = get_attributes(file, ct);
  if (!attributes) return attributes.error();
  if (auto st = graph.connect(*from, *to, directed, std::move(*attributes)); !st)
    return bad_data(file, &n, st.error().message);
  return ok_status();
}

// One [[connections]] entry of a file that extends a map (a mod's): one
// joining two areas the map joins already revises that connection (the
// attributes it gives set, the others kept), or with `remove = true`
// removes it; any other is added.
Status extend_connection(const std::string& file, const toml::node& n, AreaGraph& graph, Problems& problems) {
  if (!n.is_table()) return bad_data(file, &n, std::string("bad connection: expected a table, got ") + type_name(&n));
  const toml::table& ct = *n.as_table();
  const toml::node* remove = ct.get("remove");
  if (remove && !remove->is_boolean())
    return bad_data(file, remove, std::string("bad 'remove': expected a boolean, got ") + type_name(remove));
  auto from = area_ref(file, graph, ct, "from");
  if (!from) return from.error();
  auto to = area_ref(file, graph, ct, "to");
  if (!to) return to.error();
  const Connection* had = graph.connection(*from, *to);
  if (!had && !(remove && *remove->value<bool>())) return load_connection(file, n, graph, problems);
  check_keys(file, ct, {"from", "to", "directed", "attributes", "remove"}, "connection", problems);
  if (remove && *remove->value<bool>()) {
    if (ct.get("attributes")) return bad_data(file, &n, "a connection removed takes no attributes");
    if (auto st = graph.disconnect(*from, *to); !st) return bad_data(file, &n, st.error().message);
    return ok_status();
  }
  if (const toml::node* d = ct.get("directed"); d && (!d->is_boolean() || *d->value<bool>() != had->directed))
    return bad_data(file, d, "the connection from '" + graph.id(*from) + "' to '" + graph.id(*to) + "' is " +
                                 (had->directed ? "directed" : "not directed") + ": a revision cannot change that");
  auto attributes = get_attributes(file, ct);
  if (!attributes) return attributes.error();
  if (auto st = graph.revise_connection(*from, *to, *attributes); !st) return bad_data(file, &n, st.error().message);
  return ok_status();
}

// The connections of an area map's file.
void load_connections(const std::string& file, const toml::table& t, AreaGraph& graph, Problems& problems) {
  auto connections = get_array(file, t, "connections");
  if (problems.check(connections) && *connections)
    for (const toml::node& n : **connections) problems.check(load_connection(file, n, graph, problems));
}

// An area map: each bad area or connection is recorded and the next still read.
std::shared_ptr<AreaGraph> load_area(const std::string& file, const toml::table& t, Problems& problems) {
  check_keys(file, t, {"kind", "title", "areas", "connections"}, "area map", problems);
  auto graph = std::make_shared<AreaGraph>();
  problems.check(load_areas(file, t, *graph, problems));
  load_connections(file, t, *graph, problems);
  return graph;
}

// A file that extends an area map: its areas revise or add areas, its
// connections revise, remove or add connections.
void extend_area(const std::string& file, const toml::table& t, AreaGraph& graph, Problems& problems) {
  check_keys(file, t, {"kind", "title", "areas", "connections"}, "area map", problems);
  auto areas = get_array(file, t, "areas");
  if (problems.check(areas) && *areas) {
    std::map<std::string, const toml::node*> seen;
    for (const toml::node& n : **areas) problems.check(extend_area_entry(file, n, seen, graph, problems));
  }
  auto connections = get_array(file, t, "connections");
  if (problems.check(connections) && *connections)
    for (const toml::node& n : **connections) problems.check(extend_connection(file, n, graph, problems));
}

}  // namespace

Result<MapDef> load_map_layers(const std::vector<MapLayer>& layers, const std::string& id, Problems* all) {
  Problems own;
  Problems& problems = all ? *all : own;
  const size_t before = problems.size();
  // The first problem this map adds, or `e` when it added none.
  const auto first_or = [&](const Error& e) { return problems.size() > before ? problems.list()[before] : e; };
  const std::string& path = layers.front().path;
  auto parsed = parse_toml_string(layers.front().text, path, &problems);
  if (!parsed) return first_or(parsed.error());
  const toml::table& t = *parsed;
  MapDef map;
  map.id = id;
  auto kind = get_string(path, t, "kind");
  if (!problems.check(kind)) return first_or(kind.error());
  auto title = get_string(path, t, "title", &id);
  if (problems.check(title)) map.title = *title;
  std::shared_ptr<AreaGraph> graph;
  if (*kind == "hex") {
    auto grid = load_hex(path, t, problems);
    if (!problems.check(grid)) return first_or(grid.error());
    map.hex = std::move(*grid);
  } else if (*kind == "area") {
    graph = load_area(path, t, problems);
  } else {
    problems.add(bad_data(path, t.get("kind"), "bad 'kind': expected \"hex\" or \"area\", got \"" + *kind + "\""));
  }
  for (size_t i = 1; i < layers.size() && problems.size() == before; ++i) {
    const std::string& file = layers[i].path;
    auto more = parse_toml_string(layers[i].text, file, &problems);
    if (!more) break;
    auto more_kind = get_string(file, *more, "kind", &*kind);
    if (!problems.check(more_kind)) break;
    if (*more_kind != *kind) {
      problems.add(bad_data(file, more->get("kind"), "map '" + id + "' is a " + *kind + " map (" + path +
                                                         "): a file that extends it cannot make it a " + *more_kind +
                                                         " map"));
      break;
    }
    if (!graph) {
      problems.add(bad_data(file, &*more, "map '" + id + "' is a hex map: only an area map can be extended yet; "
                                          "give the mod a map of its own"));
      break;
    }
    if (more->get("title")) {
      auto tv = get_string(file, *more, "title");
      if (problems.check(tv)) map.title = *tv;
    }
    extend_area(file, *more, *graph, problems);
  }
  if (graph) map.area = std::shared_ptr<const AreaGraph>(std::move(graph));
  if (problems.size() > before) return problems.list()[before];
  return map;
}

Result<MapDef> load_map_text(const std::string& text, const std::string& path, const std::string& id,
                             Problems* all) {
  return load_map_layers({MapLayer{path, text}}, id, all);
}

Result<MapDef> load_map_file(const std::string& path, const std::string& id, Problems* all) {
  auto text = read_input_file(path);
  if (!text) {
    if (all) all->add(text.error());
    return text.error();
  }
  return load_map_text(*text, path, id, all);
}

std::vector<std::pair<std::string, std::string>> map_cells(const MapDef& map) {
  std::vector<std::pair<std::string, std::string>> out;
  if (map.hex) {
    for (int c = 0; c < map.hex->size(); ++c) {
      std::string title;
      for (const auto& name : map.hex->names(c)) title += (title.empty() ? "" : " / ") + name;
      const std::string label = map.hex->label(c);
      // A named hex reads with its number, as a player finds it on the map.
      out.emplace_back(label, title.empty() ? label : title + " (" + label + ")");
    }
  } else if (map.area) {
    for (int a = 0; a < map.area->size(); ++a) out.emplace_back(map.area->id(a), map.area->area(a).title);
  }
  return out;
}

}  // namespace cardboard
