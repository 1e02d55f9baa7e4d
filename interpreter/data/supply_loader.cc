// [supply] (docs/kit.md#supply): each level's game.toml in turn, the base's
// first; a later level replaces a key, and a side's entry of
// [supply.sources] or [supply.edges]. Read after [movement], whose classes
// it names; what depends on several keys (the class, a whole range of hexes,
// at least one source) is checked once every level is read.
#include <cmath>
#include <string>
#include <vector>

#include "data/kit_loader.h"
#include "data/kit_words.h"
#include "maps/hex_grid.h"

namespace cardboard {

namespace {

// The most entries of one side's [supply.sources]: a map has at most 10,000 hexes.
constexpr size_t kMaxSourceEntries = 10'000;
constexpr double kMaxRange = 1'000'000;

const char* const kEdgeWords[] = {"north", "east", "south", "west"};
const uint8_t kEdgeBits[] = {kEdgeNorth, kEdgeEast, kEdgeSouth, kEdgeWest};

std::vector<std::string> side_ids(const GameDef& def) {
  std::vector<std::string> out;
  for (const SideDef& s : def.sides) out.push_back(s.id);
  return out;
}

// The location of a source entry: a hex's id, or a place named on a hex map.
Result<int> source_location(const GameDef& def, const std::string& file, const toml::node& n, const std::string& name,
                            int& suggestions) {
  if (const int loc = def.find_location(name); loc >= 0) {
    const LocationDef& l = def.locations[loc];
    if (l.map < 0 || !def.maps[l.map].hex)
      return bad_data(file, &n, "bad source '" + name + "': not a hex of a hex map");
    return loc;
  }
  std::vector<std::string> known;
  for (const MapDef& m : def.maps) {
    if (!m.hex) continue;
    if (const int cell = m.hex->place(name); cell >= 0) return m.cell_location[cell];
    for (const auto& [place, cell] : m.hex->places()) known.push_back(place);
  }
  return bad_data(file, &n, suggest("bad source '" + name + "': no hex or named place of a hex map has that name",
                                    name, known, suggestions));
}

// A table side = [entries], each entry given to `entry(side, word, node)`.
// A later level's side replaces the earlier one's: `clear(side)` first.
template <typename Clear, typename Entry>
void by_side(const std::string& file, const toml::table& t, const char* key, const GameDef& def, Problems& problems,
             int& suggestions, Clear clear, Entry entry) {
  const toml::node* n = t.get(key);
  if (!n) return;
  const toml::table* by = n->as_table();
  if (!by) {
    problems.add(bad_data(file, n, std::string("bad '") + key + "': a table side = [...] expected"));
    return;
  }
  for (const auto& [k, v] : *by) {
    const std::string side(k.str());
    const int s = def.find_side(side);
    if (s < 0) {
      problems.add(bad_data(file, &v, suggest(std::string("bad '") + key + "': no side '" + side + "'", side,
                                              side_ids(def), suggestions)));
      continue;
    }
    clear(s);
    const toml::array* a = v.as_array();
    if (a && a->size() > kMaxSourceEntries) {
      problems.add(bad_data(file, &v, std::string("bad '") + key + "' of '" + side + "': at most " +
                                          std::to_string(kMaxSourceEntries) + " entries"));
      continue;
    }
    read_words(file, &v, key, problems, [&](const std::string& w, const toml::node& e) { entry(s, w, e); });
  }
}

// Whether a piece type's printed value is a range: a number from 0 to kMaxRange.
bool is_range(const Value& v) {
  if (v.is_int()) return v.as_int() >= 0 && v.as_int() <= static_cast<int64_t>(kMaxRange);
  return v.is_number() && v.as_number() >= 0 && v.as_number() <= kMaxRange;
}

}  // namespace

void load_supply(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems) {
  SupplyDef& sd = kit.supply;
  sd.sources.assign(def.sides.size(), {});
  sd.edges.assign(def.sides.size(), 0);
  const KitWords words = kit_words(def);
  int suggestions = kMaxSuggestions;
  // Where the keys checked after every level were last given.
  struct Given {
    const std::string* file = nullptr;
    const toml::node* node = nullptr;
  } range_at, measure_at, class_at, table_at;
  std::string class_name;
  for (const KitSource& s : sources) {
    const toml::node* sec = s.table->get("supply");
    if (!sec) continue;
    const std::string& f = *s.path;
    const toml::table* t = sec->as_table();
    if (!t) {
      problems.add(bad_data(f, sec, "bad [supply]: a table expected"));
      continue;
    }
    sd.declared = true;
    table_at = {&f, t};
    check_keys(f, *t,
               {"range", "measure", "class", "enemy_zones", "source_kinds", "source_value", "source_range", "sources",
                "edges"},
               "[supply]", problems);
    if (const toml::node* n = t->get("range")) {
      const bool number = n->is_integer() || n->is_floating_point();
      const double r = number ? *n->value<double>() : -1;
      if (!number)
        problems.add(bad_data(f, n, std::string("bad 'range': a number from 0 to 1000000 expected, got ") +
                                        type_name(n)));
      else if (!(r >= 0 && r <= kMaxRange))
        problems.add(bad_data(f, n, "bad 'range': a number from 0 to 1000000 expected"));
      else {
        sd.range = r;
        range_at = {&f, n};
      }
    }
    if (t->get("measure")) {
      auto m = get_string(f, *t, "measure");
      if (problems.check(m)) {
        if (*m == "hexes" || *m == "mp") {
          sd.measure = *m == "mp" ? SupplyDef::Measure::kMovementPoints : SupplyDef::Measure::kHexes;
          measure_at = {&f, t->get("measure")};
        } else {
          problems.add(bad_data(f, t->get("measure"), "bad 'measure': \"hexes\" or \"mp\" expected"));
        }
      }
    }
    if (t->get("class")) {
      auto c = get_string(f, *t, "class");
      if (problems.check(c)) {
        class_name = *c;
        class_at = {&f, t->get("class")};
      }
    }
    if (t->get("enemy_zones")) {
      auto z = get_string(f, *t, "enemy_zones");
      if (problems.check(z)) {
        if (*z == "closed") sd.enemy_zones = SupplyDef::Zones::kClosed;
        else if (*z == "unless_friendly") sd.enemy_zones = SupplyDef::Zones::kUnlessFriendly;
        else if (*z == "open") sd.enemy_zones = SupplyDef::Zones::kOpen;
        else
          problems.add(bad_data(f, t->get("enemy_zones"),
                                "bad 'enemy_zones': \"closed\", \"unless_friendly\" or \"open\" expected"));
      }
    }
    if (const toml::node* n = t->get("source_kinds")) {
      sd.source_kinds.clear();
      const std::vector<std::string> kinds(words.kinds.begin(), words.kinds.end());
      read_words(f, n, "source_kinds", problems, [&](const std::string& k, const toml::node& e) {
        if (!words.kinds.count(k))
          problems.add(bad_data(f, &e, suggest("bad 'source_kinds' entry: no piece type is of kind '" + k + "'", k,
                                               kinds, suggestions)));
        else sd.source_kinds.push_back(k);
      });
    }
    for (auto [key, out] : {std::pair{"source_value", &sd.source_value}, std::pair{"source_range", &sd.source_range}}) {
      if (!t->get(key)) continue;
      auto v = get_string(f, *t, key);
      if (!problems.check(v)) continue;
      if (!v->empty() && !some_type_prints(def, *v))
        problems.add(bad_data(f, t->get(key), std::string("bad '") + key + "': no piece type has a printed value '" +
                                                  *v + "'"));
      else *out = *v;
    }
    by_side(
        f, *t, "sources", def, problems, suggestions, [&](int side) { sd.sources[side].clear(); },
        [&](int side, const std::string& name, const toml::node& e) {
          auto loc = source_location(def, f, e, name, suggestions);
          if (problems.check(loc)) sd.sources[side].push_back(*loc);
        });
    by_side(
        f, *t, "edges", def, problems, suggestions, [&](int side) { sd.edges[side] = 0; },
        [&](int side, const std::string& edge, const toml::node& e) {
          for (size_t i = 0; i < 4; ++i)
            if (edge == kEdgeWords[i]) {
              sd.edges[side] |= kEdgeBits[i];
              return;
            }
          problems.add(bad_data(f, &e, suggest("bad 'edges' entry: '" + edge + "' is not an edge of a map (north, "
                                               "east, south or west)",
                                               edge, {"north", "east", "south", "west"}, suggestions)));
        });
  }
  if (!sd.declared) return;
  // What depends on several keys, once every level has given its own.
  const MovementDef& m = kit.movement;
  if (class_at.node) {
    const int c = m.find_class(class_name);
    if (!m.declared)
      problems.add(bad_data(*class_at.file, class_at.node,
                            "bad 'class': the game declares no [movement] and so no movement classes"));
    else if (c < 0)
      problems.add(bad_data(*class_at.file, class_at.node,
                            suggest("bad 'class': no movement class '" + class_name + "' in [movement] classes",
                                    class_name, m.classes, suggestions)));
    else sd.movement_class = c;
  }
  if (sd.measure == SupplyDef::Measure::kMovementPoints && !m.declared)
    problems.add(bad_data(*measure_at.file, measure_at.node,
                          "bad 'measure': \"mp\" counts movement points, and the game declares no [movement]"));
  if (sd.measure == SupplyDef::Measure::kHexes && range_at.node && std::floor(sd.range) != sd.range)
    problems.add(bad_data(*range_at.file, range_at.node,
                          "bad 'range': a whole number of hexes expected (or measure = \"mp\" for movement points)"));
  if (!sd.source_range.empty())
    for (const PieceTypeDef& type : def.types) {
      const Value* own = type.values.find(std::string_view(sd.source_range));
      bool ok = !own || is_range(*own);
      for (const auto& [face, values] : type.on_face)
        if (const Value* v = values.find(std::string_view(sd.source_range))) ok = ok && is_range(*v);
      if (!ok)
        problems.add(rejected("piece type '" + type.id + "': its '" + sd.source_range +
                              "' (the [supply] source_range) must be a number from 0 to 1000000 on every face"));
    }
  bool any = !sd.source_kinds.empty() || !sd.source_value.empty();
  for (size_t side = 0; side < def.sides.size(); ++side) any = any || !sd.sources[side].empty() || sd.edges[side];
  if (!any)
    problems.add(bad_data(*table_at.file, table_at.node,
                          "[supply] declares no source: give [supply.sources], [supply.edges], 'source_kinds' or "
                          "'source_value'"));
}

}  // namespace cardboard
