// [movement], [terrain.*], [hexsides.*], [roads.*], [zoc], [stacking] and [fog]
// (docs/kit.md). Each level's game.toml in turn, the base's first: a later
// level's key or entry replaces the earlier one.
#include <algorithm>
#include <set>

#include "data/kit_loader.h"
#include "data/kit_words.h"
#include "maps/hex_grid.h"

namespace cardboard {

namespace {

// The words every kit section shares for "cannot be done".
constexpr const char* kProhibitedWord = "prohibited";

// What every hex map of the game uses: terrain codes, hexside features and route kinds.
struct MapWords {
  std::set<std::string> terrain, hexsides, roads;
};

MapWords map_words(const GameDef& def) {
  MapWords w;
  for (const MapDef& m : def.maps) {
    if (!m.hex) continue;
    for (int c = 0; c < m.hex->size(); ++c)
      if (!m.hex->terrain(c).empty()) w.terrain.insert(m.hex->terrain(c));
    for (const auto& [cells, feature] : m.hex->hexsides()) w.hexsides.insert(feature);
    for (const auto& [cells, kinds] : m.hex->road_steps()) w.roads.insert(kinds.begin(), kinds.end());
  }
  return w;
}

// One cost: a number from 0 up, or "prohibited".
Result<double> one_cost(const std::string& file, const toml::node& n, const std::string& what) {
  if (n.is_string() && *n.value<std::string>() == kProhibitedWord) return kProhibited;
  if (n.is_integer() || n.is_floating_point()) {
    const double v = *n.value<double>();
    if (v >= 0 && v <= 1e6) return v;
  }
  return bad_data(file, &n, "bad " + what + ": a cost from 0 to 1000000, or \"prohibited\", expected");
}

// `cost` of a terrain, hexside feature or road: one for every class, or a
// table giving each class its own.
Result<ClassCosts> class_costs(const std::string& file, const toml::table& t, const MovementDef& m,
                               const std::string& what) {
  const toml::node* n = t.get("cost");
  if (!n) return bad_data(file, &t, "missing 'cost' of " + what);
  if (const toml::table* by = n->as_table()) {
    ClassCosts costs(m.classes.size(), kProhibited);
    std::vector<bool> given(m.classes.size(), false);
    for (const auto& [k, v] : *by) {
      const std::string cls(k.str());
      const int i = m.find_class(cls);
      if (i < 0)
        return bad_data(file, &v, with_suggestion("no movement class '" + cls + "' in [movement] classes", cls,
                                                  m.classes));
      auto c = one_cost(file, v, "cost of " + what + " for class '" + cls + "'");
      if (!c.ok()) return c.error();
      costs[i] = *c;
      given[i] = true;
    }
    for (size_t i = 0; i < given.size(); ++i)
      if (!given[i]) return bad_data(file, n, what + " gives no cost for movement class '" + m.classes[i] + "'");
    return costs;
  }
  auto c = one_cost(file, *n, "cost of " + what);
  if (!c.ok()) return c.error();
  return ClassCosts(m.classes.size(), *c);
}

// The entries of [SECTION.*]: each a table with a `cost` (and `extra` keys
// allowed), named by a word the maps use (a slip gets a suggestion).
void load_costs(const std::vector<KitSource>& sources, const char* section, const std::set<std::string>& used,
                const char* used_what, bool has_hex_maps, const MovementDef& m,
                std::map<std::string, ClassCosts, std::less<>>& out, Problems& problems) {
  for (const KitSource& s : sources) {
    const toml::node* sec = s.table->get(section);
    if (!sec) continue;
    const toml::table* t = sec->as_table();
    if (!t) {
      problems.add(bad_data(*s.path, sec, std::string("bad [") + section + "]: a table of tables expected"));
      continue;
    }
    for (const auto& [k, v] : *t) {
      const std::string id(k.str());
      const std::string what = std::string("[") + section + "." + id + "]";
      const toml::table* entry = v.as_table();
      if (!entry) {
        problems.add(bad_data(*s.path, &v, "bad " + what + ": a table with a 'cost' expected"));
        continue;
      }
      check_keys(*s.path, *entry, {"cost"}, what.c_str(), problems);
      if (has_hex_maps && !used.count(id))
        problems.add(bad_data(*s.path, &v, with_suggestion("no hex map has " + std::string(used_what) + " '" + id + "'",
                                                           id, std::vector<std::string>(used.begin(), used.end()))));
      auto costs = class_costs(*s.path, *entry, m, what);
      if (problems.check(costs)) out[id] = std::move(*costs);
    }
  }
}

// A string key naming a printed value: some piece type must have it.
void printed_key(const std::string& file, const toml::table& t, const char* key, const GameDef& def,
                 std::string& out, Problems& problems) {
  if (!t.get(key)) return;
  auto v = get_string(file, t, key);
  if (!problems.check(v)) return;
  out = *v;
  if (!out.empty() && !some_type_prints(def, out))
    problems.add(bad_data(file, t.get(key), std::string("bad '") + key + "': no piece type has a printed value '" +
                                                out + "'"));
}

Result<bool> get_bool(const std::string& file, const toml::table& t, const char* key, bool fallback) {
  const toml::node* n = t.get(key);
  if (!n) return fallback;
  if (!n->is_boolean()) return bad_data(file, n, std::string("bad '") + key + "': true or false expected");
  return *n->value<bool>();
}

// An array of strings, each checked by `ok` (which records its own problem).
template <typename Ok>
void string_list(const std::string& file, const toml::table& t, const char* key, Problems& problems, Ok ok) {
  read_words(file, t.get(key), key, problems, ok);
}

std::vector<std::string> side_ids(const GameDef& def) {
  std::vector<std::string> out;
  for (const auto& s : def.sides) out.push_back(s.id);
  return out;
}

}  // namespace

void load_movement(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems) {
  MovementDef& m = kit.movement;
  for (const KitSource& s : sources) {
    const toml::node* sec = s.table->get("movement");
    if (!sec) continue;
    const toml::table* t = sec->as_table();
    if (!t) {
      problems.add(bad_data(*s.path, sec, "bad [movement]: a table expected"));
      continue;
    }
    m.declared = true;
    check_keys(*s.path, *t, {"allowance", "class", "classes", "enemy_hexes"}, "[movement]", problems);
    printed_key(*s.path, *t, "allowance", def, m.allowance, problems);
    printed_key(*s.path, *t, "class", def, m.class_key, problems);
    if (t->get("classes")) {
      std::vector<std::string> classes;
      string_list(*s.path, *t, "classes", problems, [&](const std::string& c, const toml::node& e) {
        if (!valid_id(c)) problems.add(bad_data(*s.path, &e, "bad movement class '" + c + "': an id expected"));
        else if (std::find(classes.begin(), classes.end(), c) != classes.end())
          problems.add(bad_data(*s.path, &e, "movement class '" + c + "' is named twice"));
        else classes.push_back(c);
      });
      if (classes.empty()) problems.add(bad_data(*s.path, t->get("classes"), "bad 'classes': at least one class expected"));
      else if (classes.size() > kMaxMovementClasses)
        problems.add(bad_data(*s.path, t->get("classes"), "bad 'classes': at most " +
                                                              std::to_string(kMaxMovementClasses) + " classes"));
      else m.classes = std::move(classes);
    }
    if (t->get("enemy_hexes")) {
      auto e = get_string(*s.path, *t, "enemy_hexes");
      if (problems.check(e)) {
        if (*e == "closed" || *e == "open") m.enemy_closed = *e == "closed";
        else problems.add(bad_data(*s.path, t->get("enemy_hexes"), "bad 'enemy_hexes': \"closed\" or \"open\" expected"));
      }
    }
  }
  bool has_hex_maps = false;
  for (const MapDef& map : def.maps) has_hex_maps = has_hex_maps || map.hex;
  const MapWords words = map_words(def);
  load_costs(sources, "terrain", words.terrain, "the terrain", has_hex_maps, m, m.terrain, problems);
  load_costs(sources, "hexsides", words.hexsides, "a hexside", has_hex_maps, m, m.hexsides, problems);
  load_costs(sources, "roads", words.roads, "a road of kind", has_hex_maps, m, m.roads, problems);
  if (!m.terrain.empty() || !m.hexsides.empty() || !m.roads.empty()) m.declared = true;
  // A piece's class must be one of the classes (a game that declares no
  // movement may print a value of that name for its own use).
  if (m.declared && !m.class_key.empty())
    for (const auto& type : def.types)
      if (const Value* v = type.values.find(std::string_view(m.class_key)))
        if (!v->is_string() || m.find_class(v->as_string()) < 0)
          problems.add(rejected("piece type '" + type.id + "': its '" + m.class_key + "' must name a movement class (" +
                                [&] {
                                  std::string all;
                                  for (const auto& c : m.classes) all += (all.empty() ? "" : ", ") + c;
                                  return all;
                                }() + ")"));
  // Every terrain a hex has must cost something (or be prohibited): a hex
  // nobody priced is a slip, not a wall.
  if (m.declared && !m.terrain.empty())
    for (const std::string& code : words.terrain)
      if (!m.terrain.count(code))
        problems.add(rejected("the hex maps use terrain '" + code + "', which [terrain] does not price: add [terrain." +
                              code + "] with its cost"));
}

void load_zoc(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems) {
  ZocDef& z = kit.zoc;
  const MapWords words = map_words(def);
  z.ignores.assign(def.sides.size(), std::vector<bool>(def.sides.size(), false));
  for (const KitSource& s : sources) {
    const toml::node* sec = s.table->get("zoc");
    if (!sec) continue;
    const toml::table* t = sec->as_table();
    if (!t) {
      problems.add(bad_data(*s.path, sec, "bad [zoc]: a table expected"));
      continue;
    }
    z.declared = true;
    const std::string& f = *s.path;
    check_keys(f, *t,
               {"kinds", "without", "faces", "not_across", "not_into", "stop_on_entry", "leave", "leave_cost",
                "zone_to_zone", "ignores", "retreat_into_friendly"},
               "[zoc]", problems);
    if (t->get("kinds")) {
      z.kinds.clear();
      string_list(f, *t, "kinds", problems, [&](const std::string& k, const toml::node&) { z.kinds.push_back(k); });
    }
    printed_key(f, *t, "without", def, z.without, problems);
    if (t->get("faces")) {
      z.faces.clear();
      string_list(f, *t, "faces", problems, [&](const std::string& face, const toml::node& e) {
        bool some = false;
        for (const auto& type : def.types)
          some = some || std::find(type.faces.begin(), type.faces.end(), face) != type.faces.end();
        if (!some) problems.add(bad_data(f, &e, "bad 'faces' entry: no piece type has a face '" + face + "'"));
        z.faces.insert(face);
      });
    }
    auto word_list = [&](const char* key, const std::set<std::string>& used, const char* what,
                         std::set<std::string, std::less<>>& out) {
      if (!t->get(key)) return;
      out.clear();
      string_list(f, *t, key, problems, [&](const std::string& w, const toml::node& e) {
        if (!used.empty() && !used.count(w))
          problems.add(bad_data(f, &e, with_suggestion(std::string("no hex map has ") + what + " '" + w + "'", w,
                                                       std::vector<std::string>(used.begin(), used.end()))));
        out.insert(w);
      });
    };
    word_list("not_across", words.hexsides, "a hexside", z.not_across);
    word_list("not_into", words.terrain, "the terrain", z.not_into);
    if (auto b = get_bool(f, *t, "stop_on_entry", z.stop_on_entry); problems.check(b)) z.stop_on_entry = *b;
    if (auto b = get_bool(f, *t, "zone_to_zone", z.zone_to_zone); problems.check(b)) z.zone_to_zone = *b;
    if (auto b = get_bool(f, *t, "retreat_into_friendly", z.friendly_negates_retreat); problems.check(b))
      z.friendly_negates_retreat = *b;
    if (t->get("leave")) {
      auto l = get_string(f, *t, "leave");
      if (problems.check(l)) {
        if (*l == "any") z.leave = ZocDef::Leave::kAny;
        else if (*l == "start") z.leave = ZocDef::Leave::kStartOnly;
        else if (*l == "never") z.leave = ZocDef::Leave::kNever;
        else problems.add(bad_data(f, t->get("leave"), "bad 'leave': \"any\", \"start\" or \"never\" expected"));
      }
    }
    if (const toml::node* n = t->get("leave_cost")) {
      auto c = one_cost(f, *n, "'leave_cost'");
      if (problems.check(c)) {
        if (*c < 0) problems.add(bad_data(f, n, "bad 'leave_cost': a number expected (use leave = \"never\" to forbid)"));
        else z.leave_cost = *c;
      }
    }
    if (const toml::node* n = t->get("ignores")) {
      const toml::table* by = n->as_table();
      if (!by)
        problems.add(bad_data(f, n, "bad 'ignores': a table side or piece type = [sides whose zones it ignores] expected"));
      static const toml::table kNone;
      for (const auto& [k, v] : by ? *by : kNone) {  // never a copy: a copy loses the source positions
        // A key names a side (all its pieces) or a piece type (those pieces
        // alone); a side is looked up first.
        const std::string who(k.str());
        std::vector<bool>* row = nullptr;
        if (const int a = def.find_side(who); a >= 0) {
          row = &z.ignores[a];
        } else if (const int t = def.find_type(who); t >= 0) {
          if (z.type_ignores.empty()) z.type_ignores.assign(def.types.size(), std::vector<bool>(def.sides.size(), false));
          row = &z.type_ignores[t];
        } else {
          std::vector<std::string> names = side_ids(def);
          for (const auto& type : def.types) names.push_back(type.id);
          problems.add(bad_data(f, &v, with_suggestion("bad 'ignores': no side or piece type '" + who + "'", who, names)));
          continue;
        }
        std::fill(row->begin(), row->end(), false);
        read_words(f, &v, "ignores", problems, [&](const std::string& other, const toml::node& e) {
          const int b = def.find_side(other);
          if (b < 0) problems.add(bad_data(f, &e, with_suggestion("bad 'ignores': no side '" + other + "'", other, side_ids(def))));
          else (*row)[b] = true;
        });
      }
    }
  }
}

void load_stacking(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems) {
  StackingDef& st = kit.stacking;
  const MapWords words = map_words(def);
  for (const KitSource& s : sources) {
    const toml::node* sec = s.table->get("stacking");
    if (!sec) continue;
    const toml::table* t = sec->as_table();
    const std::string& f = *s.path;
    if (!t) {
      problems.add(bad_data(f, sec, "bad [stacking]: a table expected"));
      continue;
    }
    st.declared = true;
    check_keys(f, *t, {"limit", "points", "exempt_kinds", "exempt", "terrain", "rule"}, "[stacking]", problems);
    if (t->get("limit")) {
      const int64_t zero = 0;
      auto l = get_int(f, *t, "limit", &zero, 0, 1'000'000);
      if (problems.check(l)) st.limit = *l;
    }
    printed_key(f, *t, "points", def, st.points, problems);
    printed_key(f, *t, "exempt", def, st.exempt, problems);
    if (t->get("exempt_kinds")) {
      st.exempt_kinds.clear();
      string_list(f, *t, "exempt_kinds", problems,
                  [&](const std::string& k, const toml::node&) { st.exempt_kinds.push_back(k); });
    }
    if (t->get("rule")) {
      auto r = get_string(f, *t, "rule");
      if (problems.check(r)) st.rule = *r;
    }
    if (const toml::node* n = t->get("terrain")) {
      const toml::table* by = n->as_table();
      if (!by) problems.add(bad_data(f, n, "bad 'terrain': a table terrain = limit expected"));
      static const toml::table kNone;
      for (const auto& [k, v] : by ? *by : kNone) {  // never a copy: a copy loses the source positions
        const std::string code(k.str());
        if (!words.terrain.empty() && !words.terrain.count(code))
          problems.add(bad_data(f, &v, with_suggestion("bad 'terrain': no hex map has the terrain '" + code + "'", code,
                                                       std::vector<std::string>(words.terrain.begin(), words.terrain.end()))));
        const auto lim = v.value<int64_t>();
        if (!v.is_integer() || *lim < 0 || *lim > 1'000'000)
          problems.add(bad_data(f, &v, "bad stacking limit of '" + code + "': an integer from 0 to 1000000 expected"));
        else st.terrain[code] = *lim;
      }
    }
  }
}

void load_fog(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems) {
  FogDef& fog = kit.fog;
  for (const KitSource& s : sources) {
    const toml::node* sec = s.table->get("fog");
    if (!sec) continue;
    const toml::table* t = sec->as_table();
    const std::string& f = *s.path;
    if (!t) {
      problems.add(bad_data(f, sec, "bad [fog]: a table expected"));
      continue;
    }
    fog.declared = true;
    check_keys(f, *t, {"kinds", "start_hidden", "reveal_on_contact", "reveal_in_combat", "rule"}, "[fog]", problems);
    if (t->get("kinds")) {
      std::vector<std::string> kinds;
      for (const auto& type : def.types) kinds.push_back(type.kind);
      fog.kinds.clear();
      string_list(f, *t, "kinds", problems, [&](const std::string& k, const toml::node& n) {
        if (std::find(kinds.begin(), kinds.end(), k) == kinds.end())
          problems.add(bad_data(f, &n, with_suggestion("bad 'kinds' entry: no piece type is of kind '" + k + "'", k, kinds)));
        fog.kinds.push_back(k);
      });
    }
    for (auto [key, out] : {std::pair{"start_hidden", &fog.start_hidden}, std::pair{"reveal_on_contact", &fog.reveal_on_contact},
                            std::pair{"reveal_in_combat", &fog.reveal_in_combat}}) {
      auto b = get_bool(f, *t, key, *out);
      if (problems.check(b)) *out = *b;
    }
    if (t->get("rule")) {
      auto r = get_string(f, *t, "rule");
      if (problems.check(r)) fog.rule = *r;
    }
  }
}

}  // namespace cardboard
