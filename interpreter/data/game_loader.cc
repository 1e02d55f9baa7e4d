#include "data/game_loader.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/bytes.h"
#include "core/lazy_text.h"
#include "data/map_file.h"
#include "data/toml_file.h"

namespace fs = std::filesystem;

namespace cardboard {

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Derives an id from a printed name: "Haganah Brigades" -> "haganah_brigades".
std::string id_from_name(const std::string& name) {
  std::string id;
  for (unsigned char c : name) {
    if (std::isalnum(c)) id.push_back(static_cast<char>(std::tolower(c)));
    else if (!id.empty() && id.back() != '_') id.push_back('_');
  }
  while (!id.empty() && id.back() == '_') id.pop_back();
  return id;
}

Value to_value(const toml::node& n) {
  if (auto v = n.as_boolean()) return Value(v->get());
  if (auto v = n.as_integer()) return Value(static_cast<int64_t>(v->get()));
  if (auto v = n.as_floating_point()) return Value(v->get());
  if (auto v = n.as_string()) return Value(v->get());
  if (auto a = n.as_array()) {
    Table t;
    int64_t i = 1;
    for (const auto& e : *a) t.set(i++, to_value(e));
    return Value(std::move(t));
  }
  if (auto tb = n.as_table()) {
    Table t;
    for (const auto& [k, v] : *tb) t.set(std::string(k.str()), to_value(v));
    return Value(std::move(t));
  }
  return Value(n.is_date_time() ? std::string("(date)") : std::string());
}

// One loading job: the files read so far (for the rules hash) and the definition.
class Loader {
 public:
  Loader(std::string root) : root_(std::move(root)) {}

  Result<std::shared_ptr<GameDef>> run(const std::string& scenario_path) {
    def_ = std::make_shared<GameDef>();
    auto scen = read(scenario_path);
    if (!scen.ok()) return scen.error();
    const toml::table& st = *scen;
    CB_TRY(check_keys(scenario_path, st, {"scenario", "tracks", "vars", "pieces"}, "a scenario file"));
    const toml::table* head = st["scenario"].as_table();
    if (!head) return bad_data(scenario_path, &st, "missing [scenario] table with at least 'game' and 'title'");
    CB_TRY(check_keys(scenario_path, *head, {"game", "title", "id", "turns", "setup", "max_turns"}, "[scenario]"));
    auto game = get_string(scenario_path, *head, "game");
    if (!game.ok()) return game.error();
    std::string game_dir = *game;
    if (game_dir.find('/') != std::string::npos)
      game_dir = (fs::path(scenario_path).parent_path() / game_dir).lexically_normal().string();
    else
      game_dir = root_ + "/rules/" + game_dir;
    if (!fs::exists(game_dir + "/game.toml"))
      return bad_data(scenario_path, head->get("game"), "no game '" + *game + "': expected " + game_dir + "/game.toml");
    CB_TRY(load_game_file(game_dir));

    const std::string stem = fs::path(scenario_path).stem().string();
    def_->scenario_file = scenario_path;
    def_->scenario_id = def_->id + "/" + stem;
    const std::string none;
    auto title = get_string(scenario_path, *head, "title", &stem);
    if (!title.ok()) return title.error();
    def_->scenario_title = *title;
    const int64_t zero = 0;
    auto turns = get_int(scenario_path, *head, "turns", &zero);
    if (!turns.ok()) return turns.error();
    def_->last_turn = static_cast<int>(*turns);
    const int64_t default_max = def_->sequence.max_turns;
    auto max_turns = get_int(scenario_path, *head, "max_turns", &default_max);
    if (!max_turns.ok()) return max_turns.error();
    def_->sequence.max_turns = static_cast<int>(*max_turns);
    auto setup = get_string(scenario_path, *head, "setup", &none);
    if (!setup.ok()) return setup.error();
    def_->setup_script = *setup;

    if (const auto* tr = st["tracks"].as_table()) {
      for (const auto& [k, v] : *tr) {
        const int t = def_->find_track(std::string(k.str()));
        if (t < 0) return unknown(scenario_path, &v, "track", std::string(k.str()), track_ids());
        if (!v.is_integer()) return bad_data(scenario_path, &v, "bad track start: an integer expected");
        const int64_t x = *v.value<int64_t>();
        const auto& td = def_->tracks[t];
        if (x < td.min || x > td.max)
          return bad_data(scenario_path, &v, "track '" + td.id + "' start " + std::to_string(x) + " is outside " +
                                                 std::to_string(td.min) + ".." + std::to_string(td.max));
        def_->setup_tracks.emplace_back(t, x);
      }
    }
    if (const auto* vars = st["vars"].as_table())
      for (const auto& [k, v] : *vars) def_->setup_vars.set(std::string(k.str()), to_value(v));
    if (const auto* pieces = st["pieces"].as_array()) {
      for (const auto& n : *pieces) {
        const auto* t = n.as_table();
        if (!t) return bad_data(scenario_path, &n, "bad [[pieces]] entry: a table expected");
        CB_TRY(check_keys(scenario_path, *t, {"type", "at", "owner", "count"}, "[[pieces]]"));
        PieceSetup ps;
        auto type = get_string(scenario_path, *t, "type");
        if (!type.ok()) return type.error();
        ps.type = def_->find_type(*type);
        if (ps.type < 0) return unknown(scenario_path, t->get("type"), "piece type", *type, type_ids());
        auto at = get_string(scenario_path, *t, "at");
        if (!at.ok()) return at.error();
        ps.location = def_->find_location(*at);
        if (ps.location < 0) return unknown(scenario_path, t->get("at"), "location", *at, location_ids());
        if (t->get("owner")) {
          auto owner = get_string(scenario_path, *t, "owner");
          if (!owner.ok()) return owner.error();
          ps.owner = def_->find_side(*owner);
          if (ps.owner < 0) return unknown(scenario_path, t->get("owner"), "side", *owner, side_ids());
        }
        const int64_t one = 1;
        auto count = get_int(scenario_path, *t, "count", &one);
        if (!count.ok()) return count.error();
        ps.count = static_cast<int>(*count);
        def_->setup_pieces.push_back(ps);
      }
    }
    // The rules hash covers every file read and every Lua file of the game.
    // A mod's hash covers its bases' files too, so a changed base is seen.
    hashed_ += lua_bytes(game_dir);
    for (const auto& d : def_->base_dirs) hashed_ += lua_bytes(d);
    def_->rules_hash = hash_bytes(hashed_);
    return def_;
  }

 private:
  Result<toml::table> read(const std::string& path) {
    auto t = parse_toml_file(path);
    if (t.ok()) hashed_ += read_all(path);
    return t;
  }

  template <typename V>
  static std::vector<std::string> ids_of(const V& v) {
    std::vector<std::string> out;
    for (const auto& x : v) out.push_back(x.id);
    return out;
  }
  std::vector<std::string> track_ids() const { return ids_of(def_->tracks); }
  std::vector<std::string> type_ids() const { return ids_of(def_->types); }
  std::vector<std::string> location_ids() const { return ids_of(def_->locations); }
  std::vector<std::string> side_ids() const { return ids_of(def_->sides); }

  static Error unknown(const std::string& file, const toml::node* n, const std::string& what, const std::string& name,
                       const std::vector<std::string>& options) {
    std::string msg = "no such " + what + ": '" + name + "'";
    const std::string near = closest(name, options);
    if (!near.empty()) msg += ": did you mean '" + near + "'?";
    return bad_data(file, n, msg);
  }

  Result<int> side_ref(const std::string& file, const toml::table& t, const char* key) {
    if (!t.get(key)) return -1;
    auto s = get_string(file, t, key);
    if (!s.ok()) return s.error();
    const int i = def_->find_side(*s);
    if (i < 0) return unknown(file, t.get(key), "side", *s, side_ids());
    return i;
  }

  // One game of a chain of mods: its folder, its game.toml and data files,
  // its scripts, and the bytes read for it (its bases' included).
  struct Source {
    std::string path;
    toml::table table;
    int level;  // 0 for the first base, +1 for each mod on top
  };
  struct Level {
    std::string dir, file, id;
    std::vector<std::string> scripts;
    std::string bytes;  // every file read for this game and its bases
  };

  // The Lua files of a game's folder, with their names, for the rules hash.
  static std::string lua_bytes(const std::string& dir) {
    std::vector<std::string> lua_files;
    for (const auto& e : fs::recursive_directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() == ".lua") lua_files.push_back(e.path().string());
    std::sort(lua_files.begin(), lua_files.end());
    std::string out;
    for (const auto& f : lua_files) out += f.substr(dir.size()) + "\n" + read_all(f);
    return out;
  }

  // Reads the game at `dir` and, first, the game it extends (recursively):
  // levels_ gets the bases first, sources_ their data files in that order.
  Status gather(const std::string& dir, std::vector<std::pair<std::string, std::string>>& chain) {
    const size_t first_byte = hashed_.size();
    const std::string file = dir + "/game.toml";
    auto parsed = read(file);
    if (!parsed.ok()) return parsed.error();
    toml::table gt = std::move(*parsed);
    CB_TRY(check_keys(file, gt,
                      {"game", "sides", "locations", "tracks", "piece_types", "maps", "tables", "texts", "sequence"},
                      "game.toml"));
    const toml::table* head = gt["game"].as_table();
    if (!head) return bad_data(file, &gt, "missing [game] table with at least 'title'");
    CB_TRY(check_keys(file, *head, {"id", "title", "scripts", "files", "version", "extends", "remove_piece_types"},
                      "[game]"));
    const std::string folder = fs::path(dir).filename().string();
    auto id = get_string(file, *head, "id", &folder);
    if (!id.ok()) return id.error();
    chain.emplace_back(fs::weakly_canonical(dir).string(), *id);
    if (head->get("extends")) {
      auto base = get_string(file, *head, "extends");
      if (!base.ok()) return base.error();
      std::string base_dir = *base;
      if (base_dir.find('/') != std::string::npos)
        base_dir = (fs::path(dir) / base_dir).lexically_normal().string();
      else
        base_dir = root_ + "/rules/" + base_dir;
      while (base_dir.size() > 1 && base_dir.back() == '/') base_dir.pop_back();
      if (!fs::exists(base_dir + "/game.toml"))
        return bad_data(file, head->get("extends"),
                        "no base game '" + *base + "' for '" + *id + "': expected " + base_dir + "/game.toml");
      const std::string canon = fs::weakly_canonical(base_dir).string();
      for (size_t i = 0; i < chain.size(); ++i)
        if (chain[i].first == canon) {
          std::string names;
          for (size_t j = i; j < chain.size(); ++j) names += chain[j].second + " -> ";
          return bad_data(file, head->get("extends"), "extends cycle: " + names + chain[i].second);
        }
      CB_TRY(gather(base_dir, chain));
    }
    Level lv;
    lv.dir = dir;
    lv.file = file;
    lv.id = *id;
    if (const auto* scripts = (*head)["scripts"].as_array())
      for (const auto& sc : *scripts) {
        if (!sc.is_string()) return bad_data(file, &sc, "bad 'scripts' entry: a file name expected");
        const std::string name = *sc.value<std::string>();
        if (!fs::exists(dir + "/" + name)) return bad_data(file, &sc, "no such rules file: " + dir + "/" + name);
        lv.scripts.push_back(name);
      }
    // Extra data files: their arrays of tables come after game.toml's.
    std::vector<std::string> extra_paths;
    if (const auto* files = (*head)["files"].as_array())
      for (const auto& f : *files) {
        if (!f.is_string()) return bad_data(file, &f, "bad 'files' entry: a file name expected");
        extra_paths.push_back(dir + "/" + *f.value<std::string>());
      }
    const int my_level = static_cast<int>(levels_.size());
    sources_.push_back({file, std::move(gt), my_level});
    for (const auto& path : extra_paths) {
      auto extra = read(path);
      if (!extra.ok()) return extra.error();
      CB_TRY(check_keys(path, *extra, {"sides", "locations", "tracks", "piece_types", "tables", "texts"}, "a data file"));
      sources_.push_back({path, std::move(*extra), my_level});
    }
    lv.bytes = hashed_.substr(first_byte);
    levels_.push_back(std::move(lv));
    return ok_status();
  }

  Status load_game_file(const std::string& dir) {
    std::vector<std::pair<std::string, std::string>> chain;
    CB_TRY(gather(dir, chain));
    const Level& top = levels_.back();
    const std::string& file = top.file;
    def_->dir = dir;
    def_->id = top.id;
    const toml::table& head = *sources_[top_source()].table["game"].as_table();
    const std::string folder = fs::path(dir).filename().string();
    auto title = get_string(file, head, "title", &folder);
    if (!title.ok()) return title.error();
    def_->title = *title;
    def_->scripts = top.scripts;
    for (const auto& lv : levels_)
      for (const auto& sc : lv.scripts) def_->script_paths.push_back(lv.dir + "/" + sc);
    for (size_t i = levels_.size() - 1; i-- > 0;) def_->base_dirs.push_back(levels_[i].dir);
    if (levels_.size() > 1) {
      const Level& base = levels_[levels_.size() - 2];
      def_->base_id = base.id;
      std::string bytes = base.bytes;
      for (const auto& d : def_->base_dirs) bytes += lua_bytes(d);
      def_->base_rules_hash = hash_bytes(bytes);
    }

    // Each pass runs over the bases' sources first: an entry whose id a
    // lower level defined overrides it key by key; a new id is added.
    auto pass = [&](auto&& load, auto count) -> Status {
      int level = -1;
      size_t inherited = 0;
      for (auto& src : sources_) {
        if (src.level != level) {
          level = src.level;
          inherited = count();
        }
        CB_TRY(load(src.path, src.table, inherited));
      }
      return ok_status();
    };
    CB_TRY(pass([&](auto& p, auto& t, size_t n) { return load_sides(p, t, n); }, [&] { return def_->sides.size(); }));
    def_->index();
    CB_TRY(pass([&](auto& p, auto& t, size_t n) { return load_locations(p, t, n); },
                [&] { return def_->locations.size(); }));
    for (size_t i = 0; i < sources_.size(); ++i)
      if (is_game_toml(i))
        if (const auto* maps = sources_[i].table["maps"].as_array())
          CB_TRY(load_maps(sources_[i].path, levels_[sources_[i].level].dir, *maps));
    def_->index();
    CB_TRY(pass([&](auto& p, auto& t, size_t n) { return load_tracks(p, t, n); }, [&] { return def_->tracks.size(); }));
    def_->index();
    CB_TRY(pass([&](auto& p, auto& t, size_t n) { return load_types(p, t, n); }, [&] { return def_->types.size(); }));
    def_->index();
    // remove_piece_types: a mod takes cards or units out of its base.
    for (size_t i = 0; i < sources_.size(); ++i) {
      if (!is_game_toml(i)) continue;
      const auto* removed = sources_[i].table["game"]["remove_piece_types"].as_array();
      if (!removed) continue;
      for (const auto& r : *removed) {
        if (!r.is_string()) return bad_data(sources_[i].path, &r, "bad 'remove_piece_types' entry: a piece type id expected");
        const std::string rid = *r.value<std::string>();
        const int t = def_->find_type(rid);
        if (t < 0) return unknown(sources_[i].path, &r, "piece type", rid, type_ids());
        def_->types.erase(def_->types.begin() + t);
        def_->index();
      }
    }
    // [tables.NAME]: a later source replaces a table of the same name.
    Table tables;
    for (auto& src : sources_)
      if (const auto* tb = src.table["tables"].as_table())
        for (const auto& [k, v] : *tb) tables.set(std::string(k.str()), to_value(v));
    def_->tables = Value(std::move(tables));
    // [texts]: the words of choices by option id; a later source replaces a key.
    for (auto& src : sources_)
      if (const auto* tx = src.table["texts"].as_table())
        for (const auto& [k, v] : *tx) {
          if (!v.is_string()) return bad_data(src.path, &v, "bad text '" + std::string(k.str()) + "': a string expected");
          const std::string text = *v.value<std::string>();
          if (auto parsed = parse_text_format(text, "texts"); !parsed.ok())
            return bad_data(src.path, &v, "bad text '" + std::string(k.str()) + "': " + parsed.error().message);
          def_->texts[std::string(k.str())] = text;
        }
    // [sequence]: the topmost game that gives one.
    for (size_t i = sources_.size(); i-- > 0;)
      if (is_game_toml(i))
        if (const auto* seq = sources_[i].table["sequence"].as_table()) return load_sequence(sources_[i].path, *seq);
    return bad_data(file, nullptr, "missing [sequence]: a game needs at least one phase");
  }

  bool is_game_toml(size_t i) const { return sources_[i].path == levels_[sources_[i].level].file; }
  size_t top_source() const {
    for (size_t i = sources_.size(); i-- > 0;)
      if (is_game_toml(i)) return i;
    return 0;
  }

  Status load_sides(const std::string& file, const toml::table& t, size_t inherited) {
    const auto* arr = t["sides"].as_array();
    if (!arr) return ok_status();
    for (const auto& n : *arr) {
      const auto* s = n.as_table();
      if (!s) return bad_data(file, &n, "bad [[sides]] entry: a table expected");
      CB_TRY(check_keys(file, *s, {"id", "title", "adjective", "automatic"}, "[[sides]]"));
      SideDef side;
      auto id = get_string(file, *s, "id");
      if (!id.ok()) return id.error();
      const int existing = def_->find_side(*id);
      if (existing >= 0 && static_cast<size_t>(existing) >= inherited)
        return bad_data(file, &n, "duplicate side '" + *id + "'");
      if (existing >= 0) side = def_->sides[existing];  // a mod overrides its base's side key by key
      side.id = *id;
      const std::string title_default = existing >= 0 ? side.title : side.id;
      auto title = get_string(file, *s, "title", &title_default);
      if (!title.ok()) return title.error();
      side.title = *title;
      auto adjective = get_string(file, *s, "adjective", &side.adjective);
      if (!adjective.ok()) return adjective.error();
      side.adjective = *adjective;
      side.automatic = (*s)["automatic"].value_or(side.automatic);
      if (existing >= 0) {
        def_->sides[existing] = side;
        continue;
      }
      def_->sides.push_back(side);
      def_->index();
    }
    return ok_status();
  }

  Status load_locations(const std::string& file, const toml::table& t, size_t inherited) {
    const auto* arr = t["locations"].as_array();
    if (!arr) return ok_status();
    for (const auto& n : *arr) {
      const auto* l = n.as_table();
      if (!l) return bad_data(file, &n, "bad [[locations]] entry: a table expected");
      CB_TRY(check_keys(file, *l, {"id", "title", "kind", "visibility", "owner"}, "[[locations]]"));
      LocationDef loc;
      auto id = get_string(file, *l, "id");
      if (!id.ok()) return id.error();
      const int existing = def_->find_location(*id);
      if (existing >= 0 && static_cast<size_t>(existing) >= inherited)
        return bad_data(file, &n, "duplicate location '" + *id + "'");
      if (existing >= 0) {
        loc = def_->locations[existing];  // a mod overrides its base's location key by key
        if (loc.map >= 0) return bad_data(file, &n, "location '" + *id + "' is a map cell: a mod cannot override it");
      }
      loc.id = *id;
      const std::string title_default = existing >= 0 ? loc.title : loc.id;
      auto title = get_string(file, *l, "title", &title_default);
      if (!title.ok()) return title.error();
      loc.title = *title;
      const std::string box = existing >= 0 ? location_kind_name(loc.kind) : "box";
      auto kind = get_string(file, *l, "kind", &box);
      if (!kind.ok()) return kind.error();
      static const std::vector<std::string> kinds = {"box", "deck", "cup", "pile", "hand"};
      const auto k = std::find(kinds.begin(), kinds.end(), *kind);
      if (k == kinds.end())
        return unknown(file, l->get("kind"), "location kind", *kind, kinds);
      loc.kind = static_cast<LocationKind>(k - kinds.begin());
      // Decks and cups hide their contents; hands show them to their owner.
      const std::string vis_default = existing >= 0 && !l->get("kind") ? std::string(visibility_name(loc.visibility))
                                      : loc.kind == LocationKind::kDeck || loc.kind == LocationKind::kCup ? "nobody"
                                      : loc.kind == LocationKind::kHand                               ? "owner"
                                                                                                      : "public";
      auto vis = get_string(file, *l, "visibility", &vis_default);
      if (!vis.ok()) return vis.error();
      static const std::vector<std::string> visibilities = {"public", "owner", "nobody"};
      const auto v = std::find(visibilities.begin(), visibilities.end(), *vis);
      if (v == visibilities.end()) return unknown(file, l->get("visibility"), "visibility", *vis, visibilities);
      loc.visibility = static_cast<Visibility>(v - visibilities.begin());
      auto owner = side_ref(file, *l, "owner");
      if (!owner.ok()) return owner.error();
      if (l->get("owner") || existing < 0) loc.owner = *owner;
      if (loc.visibility == Visibility::kOwner && loc.owner < 0)
        return bad_data(file, &n, "location '" + loc.id + "' is visible to its owner but names no 'owner'");
      if (existing >= 0) {
        def_->locations[existing] = loc;
        continue;
      }
      def_->locations.push_back(loc);
      def_->location_index.emplace(loc.id, static_cast<int>(def_->locations.size() - 1));
    }
    return ok_status();
  }

  Status load_maps(const std::string& file, const std::string& dir, const toml::array& maps) {
    for (const auto& n : maps) {
      const auto* m = n.as_table();
      if (!m) return bad_data(file, &n, "bad [[maps]] entry: a table expected");
      CB_TRY(check_keys(file, *m, {"id", "file"}, "[[maps]]"));
      auto id = get_string(file, *m, "id");
      if (!id.ok()) return id.error();
      auto path = get_string(file, *m, "file");
      if (!path.ok()) return path.error();
      const std::string full = dir + "/" + *path;
      hashed_ += read_all(full);
      auto map = load_map_file(full, *id);
      if (!map.ok()) return map.error();
      const int map_index = static_cast<int>(def_->maps.size());
      for (const auto& [cell_id, cell_title] : map_cells(*map)) {
        if (def_->find_location(cell_id) >= 0)
          return bad_data(file, &n, "map '" + *id + "' cell '" + cell_id + "' has the id of another location");
        LocationDef loc;
        loc.id = cell_id;
        loc.title = cell_title;
        loc.kind = map->hex ? LocationKind::kHex : LocationKind::kArea;
        loc.map = map_index;
        def_->locations.push_back(loc);
        const int li = static_cast<int>(def_->locations.size() - 1);
        def_->location_index.emplace(cell_id, li);
        map->cell_location.push_back(li);
      }
      def_->maps.push_back(std::move(*map));
    }
    return ok_status();
  }

  Status load_tracks(const std::string& file, const toml::table& t, size_t inherited) {
    const auto* arr = t["tracks"].as_array();
    if (!arr) return ok_status();
    for (const auto& n : *arr) {
      const auto* tr = n.as_table();
      if (!tr) return bad_data(file, &n, "bad [[tracks]] entry: a table expected");
      CB_TRY(check_keys(file, *tr, {"id", "title", "min", "max", "start"}, "[[tracks]]"));
      TrackDef td;
      auto id = get_string(file, *tr, "id");
      if (!id.ok()) return id.error();
      const int existing = def_->find_track(*id);
      if (existing >= 0 && static_cast<size_t>(existing) >= inherited)
        return bad_data(file, &n, "duplicate track '" + *id + "'");
      if (existing >= 0) td = def_->tracks[existing];  // a mod overrides its base's track key by key
      td.id = *id;
      const std::string title_default = existing >= 0 ? td.title : td.id;
      auto title = get_string(file, *tr, "title", &title_default);
      if (!title.ok()) return title.error();
      td.title = *title;
      auto mn = existing >= 0 ? get_int(file, *tr, "min", &td.min) : get_int(file, *tr, "min");
      if (!mn.ok()) return mn.error();
      auto mx = existing >= 0 ? get_int(file, *tr, "max", &td.max) : get_int(file, *tr, "max");
      if (!mx.ok()) return mx.error();
      const int64_t start_default = existing >= 0 ? td.start : *mn;
      td.min = *mn;
      td.max = *mx;
      auto st = get_int(file, *tr, "start", &start_default);
      if (!st.ok()) return st.error();
      td.start = *st;
      if (td.min > td.max || td.start < td.min || td.start > td.max)
        return bad_data(file, &n, "track '" + td.id + "' needs min <= start <= max");
      if (existing >= 0) {
        def_->tracks[existing] = td;
        continue;
      }
      def_->tracks.push_back(td);
      def_->track_index.emplace(td.id, static_cast<int>(def_->tracks.size() - 1));
    }
    return ok_status();
  }

  Status load_types(const std::string& file, const toml::table& t, size_t inherited) {
    const auto* arr = t["piece_types"].as_array();
    if (!arr) return ok_status();
    for (const auto& n : *arr) {
      const auto* pt = n.as_table();
      if (!pt) return bad_data(file, &n, "bad [[piece_types]] entry: a table expected");
      PieceTypeDef type;
      // A mod's entry with only an 'id' (no 'name') overrides its base's type.
      const std::string none;
      auto name = pt->get("name") ? get_string(file, *pt, "name") : get_string(file, *pt, "id", &none);
      if (!name.ok()) return name.error();
      if (name->empty()) return get_string(file, *pt, "name").error();
      const std::string derived = pt->get("name") ? id_from_name(*name) : *name;
      auto id = get_string(file, *pt, "id", &derived);
      if (!id.ok()) return id.error();
      const int existing = def_->find_type(*id);
      if (existing >= 0 && static_cast<size_t>(existing) >= inherited)
        return bad_data(file, &n, "duplicate piece type '" + *id + "': give one of them an 'id'");
      if (!pt->get("name") && existing < 0)
        return unknown(file, pt->get("id"), "piece type to override (a new one needs a 'name')", *id, type_ids());
      if (existing >= 0) type = def_->types[existing];  // a mod overrides its base's type key by key
      if (pt->get("name")) type.name = *name;
      type.id = *id;
      const std::string unit = existing >= 0 ? type.kind : "unit";
      auto kind = get_string(file, *pt, "kind", &unit);
      if (!kind.ok()) return kind.error();
      type.kind = *kind;
      auto owner = side_ref(file, *pt, "owner");
      if (!owner.ok()) return owner.error();
      if (pt->get("owner") || existing < 0) type.owner = *owner;
      if (pt->get("deck")) {
        auto deck = get_string(file, *pt, "deck");
        if (!deck.ok()) return deck.error();
        type.deck = def_->find_location(*deck);
        if (type.deck < 0) return unknown(file, pt->get("deck"), "location", *deck, location_ids());
      }
      const int64_t one = existing >= 0 ? type.copies : 1;
      auto copies = get_int(file, *pt, "copies", &one);
      if (!copies.ok()) return copies.error();
      if (*copies < 0 || *copies > 10000) return bad_data(file, pt->get("copies"), "bad 'copies': 0 to 10000 expected");
      type.copies = static_cast<int>(*copies);
      if (const auto* faces = pt->get("faces")) {
        const auto* arr = faces->as_array();
        if (!arr || arr->size() < 1 || arr->size() > 16)
          return bad_data(file, faces, "bad 'faces': a list of 1 to 16 face names expected, such as [\"full\", \"reduced\"]");
        type.faces.clear();
        for (const auto& f : *arr) {
          const std::string name = f.value_or(std::string());
          if (!f.is_string() || name.empty() ||
              std::find(type.faces.begin(), type.faces.end(), name) != type.faces.end())
            return bad_data(file, &f, "bad face name: a non-empty string, different from the type's other faces");
          type.faces.push_back(name);
        }
      }
      for (const auto& [k, v] : *pt) {
        const std::string key(k.str());
        if (key == "id" || key == "name" || key == "kind" || key == "owner" || key == "deck" || key == "copies" ||
            key == "faces")
          continue;
        type.values.set(key, to_value(v));
      }
      if (existing >= 0) {
        def_->types[existing] = std::move(type);
        continue;
      }
      def_->types.push_back(std::move(type));
      def_->type_index.emplace(def_->types.back().id, static_cast<int>(def_->types.size() - 1));
    }
    return ok_status();
  }

  Result<StepDef> load_step(const std::string& file, const toml::table& s) {
    StepDef step;
    auto id = get_string(file, s, "id");
    if (!id.ok()) return id.error();
    step.id = *id;
    auto title = get_string(file, s, "title", &step.id);
    if (!title.ok()) return title.error();
    step.title = *title;
    const std::string none;
    auto rule = get_string(file, s, "rule", &none);
    if (!rule.ok()) return rule.error();
    step.rule = *rule;
    auto run = get_string(file, s, "run", &none);
    if (!run.ok()) return run.error();
    step.run = *run;
    step.run_where = where(file, s.get("run"));
    return step;
  }

  Status load_sequence(const std::string& file, const toml::table& seq) {
    CB_TRY(check_keys(file, seq, {"setup", "at_end", "max_turns", "turn_limit_result", "phases"}, "[sequence]"));
    auto& sd = def_->sequence;
    const std::string none;
    auto setup = get_string(file, seq, "setup", &none);
    if (!setup.ok()) return setup.error();
    sd.setup = *setup;
    auto at_end = get_string(file, seq, "at_end", &none);
    if (!at_end.ok()) return at_end.error();
    sd.at_end = *at_end;
    const int64_t default_max = sd.max_turns;
    auto mt = get_int(file, seq, "max_turns", &default_max);
    if (!mt.ok()) return mt.error();
    sd.max_turns = static_cast<int>(*mt);
    auto limit = get_string(file, seq, "turn_limit_result", &sd.turn_limit_result);
    if (!limit.ok()) return limit.error();
    sd.turn_limit_result = *limit;
    const auto* phases = seq["phases"].as_array();
    if (!phases || phases->empty()) return bad_data(file, &seq, "missing [[sequence.phases]]: a game needs at least one phase");
    for (const auto& n : *phases) {
      const auto* p = n.as_table();
      if (!p) return bad_data(file, &n, "bad [[sequence.phases]] entry: a table expected");
      CB_TRY(check_keys(file, *p, {"id", "title", "rule", "run", "repeat", "steps"}, "[[sequence.phases]]"));
      auto step = load_step(file, *p);
      if (!step.ok()) return step.error();
      PhaseDef ph;
      ph.id = step->id;
      ph.title = step->title;
      ph.rule = step->rule;
      if (const auto* steps = (*p)["steps"].as_array()) {
        if (!step->run.empty()) return bad_data(file, p->get("run"), "a phase has either 'run' or 'steps', not both");
        for (const auto& sn : *steps) {
          const auto* st = sn.as_table();
          if (!st) return bad_data(file, &sn, "bad [[sequence.phases.steps]] entry: a table expected");
          CB_TRY(check_keys(file, *st, {"id", "title", "rule", "run"}, "[[sequence.phases.steps]]"));
          auto s = load_step(file, *st);
          if (!s.ok()) return s.error();
          if (s->rule.empty()) s->rule = ph.rule;
          ph.steps.push_back(*s);
        }
      } else {
        if (step->run.empty()) return bad_data(file, &n, "phase '" + ph.id + "' needs 'run' (a Lua function) or 'steps'");
        ph.steps.push_back(*step);
      }
      if (const auto* r = p->get("repeat")) {
        if (r->is_integer() && *r->value<int64_t>() >= 1) {
          ph.repeat = PhaseDef::Repeat::kTimes;
          ph.times = static_cast<int>(*r->value<int64_t>());
        } else if (r->is_string() && *r->value<std::string>() == "each_side") {
          ph.repeat = PhaseDef::Repeat::kEachSide;
        } else if (!(r->is_string() && *r->value<std::string>() == "once")) {
          return bad_data(file, r, "bad 'repeat': expected \"once\", \"each_side\" or a number of impulses");
        }
      }
      sd.phases.push_back(std::move(ph));
    }
    return ok_status();
  }

  std::string root_;
  std::shared_ptr<GameDef> def_;
  std::string hashed_;
  std::vector<Level> levels_;    // the bases first, the game itself last
  std::vector<Source> sources_;  // every data file, the bases' first
};

}  // namespace

std::string project_root() {
  if (const char* env = std::getenv("CARDBOARD_ROOT"); env && *env) return env;
  if (fs::is_directory("rules") && fs::is_directory("scenarios")) return fs::current_path().string();
  return CARDBOARD_SOURCE_ROOT;
}

Result<std::string> resolve_scenario(const std::string& ref, const std::string& root) {
  if (ref.size() > 5 && ref.substr(ref.size() - 5) == ".toml") {
    if (!fs::exists(ref)) return rejected("no such scenario file: " + ref);
    return fs::absolute(ref).lexically_normal().string();
  }
  const std::string path = root + "/scenarios/" + ref + ".toml";
  if (fs::exists(path)) return path;
  std::vector<std::string> names;
  for (const auto& e : list_catalog(root)) names.push_back(e.scenario);
  std::string msg = "no such game or scenario: '" + ref + "'";
  std::string near = closest(ref, names);
  if (near.empty()) {
    // The game may be right and the scenario wrong: offer that game's own.
    const std::string game = ref.substr(0, ref.find('/')) + "/";
    std::vector<std::string> same;
    for (const auto& n : names)
      if (n.compare(0, game.size(), game) == 0) same.push_back(n);
    if (same.size() == 1) near = same.front();
  }
  if (!near.empty()) msg += ": did you mean '" + near + "'?";
  return rejected(msg + " (see 'cardboard list')");
}

Result<std::shared_ptr<GameDef>> load_game(const std::string& scenario_ref, const std::string& root) {
  auto path = resolve_scenario(scenario_ref, root);
  if (!path.ok()) return path.error();
  Loader loader(root);
  return loader.run(*path);
}

std::vector<CatalogEntry> list_catalog(const std::string& root) {
  std::vector<CatalogEntry> out;
  const fs::path scen_root = fs::path(root) / "scenarios";
  if (!fs::is_directory(scen_root)) return out;
  for (const auto& g : fs::directory_iterator(scen_root)) {
    if (!g.is_directory()) continue;
    const std::string game = g.path().filename().string();
    std::string game_title = game;
    if (auto gt = parse_toml_file(root + "/rules/" + game + "/game.toml"); gt.ok())
      game_title = (*gt)["game"]["title"].value_or(game);
    for (const auto& s : fs::directory_iterator(g.path())) {
      if (s.path().extension() != ".toml") continue;
      CatalogEntry e{game, game_title, game + "/" + s.path().stem().string(), s.path().stem().string()};
      if (auto st = parse_toml_file(s.path().string()); st.ok())
        e.scenario_title = (*st)["scenario"]["title"].value_or(e.scenario_title);
      out.push_back(e);
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.scenario < b.scenario; });
  return out;
}

}  // namespace cardboard
