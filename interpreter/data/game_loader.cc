#include "data/game_loader.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "core/bytes.h"
#include "core/decision.h"
#include "core/piece_label.h"
#include "core/lazy_text.h"
#include "core/input_file.h"
#include "data/graphics_loader.h"
#include "data/kit_loader.h"
#include "data/map_file.h"
#include "data/position_loader.h"
#include "data/rules_text.h"

namespace fs = std::filesystem;

namespace cardboard {

namespace {

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
    // A vars table keyed by integers is written with keys "[12]" (TOML's
    // keys are strings): an exported position's sets of piece ids.
    for (const auto& [k, v] : *tb) {
      int64_t key = 0;
      if (read_integer_key(k.str(), key)) t.set(key, to_value(v));
      else t.set(std::string(k.str()), to_value(v));
    }
    return Value(std::move(t));
  }
  return Value(n.is_date_time() ? std::string("(date)") : std::string());
}

std::string without_trailing_slash(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

bool is_regular_file(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

// One loading job: the files read so far (for the rules hash), the
// definition, and the problems found. Each entry of a table is loaded on
// its own: a problem in one is recorded and the next is loaded, and an
// entry whose id is good is defined even when another of its keys is bad,
// so that references to it do not report more problems. A problem that
// leaves nothing sensible to check after it (a file that does not parse, a
// missing base game) stops the job.
// The file a scenario's `extends` names: a scenario of the same folder
// ("1948"), one of the project at `root` ("arab_israeli_wars/1948"), or a
// .toml path relative to the scenario at `path`; "" when it names none.
std::string scenario_base_path(const std::string& path, const std::string& base, const std::string& root) {
  if (base.ends_with(".toml")) return (fs::path(path).parent_path() / base).lexically_normal().string();
  if (valid_id(base)) return (fs::path(path).parent_path() / (base + ".toml")).string();
  const auto slash = base.find('/');
  if (slash != std::string::npos && valid_id(base.substr(0, slash)) && valid_id(base.substr(slash + 1)))
    return root + "/scenarios/" + base + ".toml";
  return "";
}

class Loader {
 public:
  explicit Loader(std::string root) : root_(std::move(root)) {}

  Problems& problems() { return problems_; }

  std::shared_ptr<GameDef> run(const std::string& scenario_path) {
    def_ = std::make_shared<GameDef>();
    // Game ids are looked up in the project the scenario lies in.
    if (std::string tree = root_of(scenario_path); !tree.empty()) root_ = tree;
    std::vector<ScenarioFile> files;
    if (!gather_scenarios(scenario_path, files)) return nullptr;
    // Each [scenario] key: the value of the nearest file that gives it.
    auto nearest = [&](const char* key) -> const ScenarioFile* {
      for (size_t i = files.size(); i-- > 0;)
        if (files[i].head().get(key)) return &files[i];
      return nullptr;
    };
    const ScenarioFile* with_game = nearest("game");
    if (!with_game)
      return fail(bad_data(scenario_path, &files.back().head(), "missing 'game' in [scenario] (nor does a scenario it extends give one)"));
    const std::string& game_file = with_game->path;
    const toml::table& game_head = with_game->head();
    auto game = get_string(game_file, game_head, "game");
    if (!game.ok()) return fail(game.error());
    std::string game_dir = *game;
    if (game_dir.find('/') != std::string::npos)
      game_dir = (fs::path(game_file).parent_path() / game_dir).lexically_normal().string();
    else if (valid_id(game_dir))
      game_dir = root_ + "/rules/" + game_dir;
    else
      return fail(bad_data(game_file, game_head.get("game"),
                           "bad 'game': '" + *game + "' is neither a game id nor a path to a game's folder"));
    game_dir = without_trailing_slash(game_dir);
    if (!is_regular_file(game_dir + "/game.toml"))
      return fail(bad_data(game_file, game_head.get("game"), "no game '" + *game + "': expected " + game_dir + "/game.toml"));
    if (!load_game_file(game_dir)) return nullptr;

    const std::string stem = fs::path(scenario_path).stem().string();
    def_->scenario_file = scenario_path;
    def_->scenario_id = def_->id + "/" + stem;
    const std::string none;
    if (const ScenarioFile* f = nearest("title")) {
      auto title = get_string(f->path, f->head(), "title");
      if (problems_.check(title)) def_->scenario_title = *title;
    } else {
      def_->scenario_title = stem;
    }
    if (const ScenarioFile* f = nearest("turns")) {
      auto turns = get_int(f->path, f->head(), "turns", nullptr, 0, kMaxTurns);
      if (problems_.check(turns)) def_->last_turn = static_cast<int>(*turns);
    }
    if (const ScenarioFile* f = nearest("max_turns")) {
      auto max_turns = get_int(f->path, f->head(), "max_turns", nullptr, 1, kMaxTurns);
      if (problems_.check(max_turns)) def_->sequence.max_turns = static_cast<int>(*max_turns);
    }
    if (const ScenarioFile* f = nearest("setup")) {
      auto setup = get_string(f->path, f->head(), "setup");
      if (problems_.check(setup) && problems_.check(check_function_name(f->path, f->head().get("setup"), "setup", *setup)))
        def_->setup_script = *setup;
    }
    // [allies], [tracks] and [vars] key by key, [[pieces]] entry by entry:
    // a file's own values replace those of the scenarios it extends.
    for (size_t level = 0; level < files.size(); ++level) {
      const std::string& path = files[level].path;
      const toml::table& st = files[level].table;
      if (const toml::node* al = st.get("allies")) {
        if (!al->is_table()) problems_.add(bad_data(path, al, "bad [allies]: a table side = [its allies] expected"));
        else
          for (const auto& [k, v] : *al->as_table()) problems_.check(set_allies(path, std::string(k.str()), v));
      }
      if (const toml::node* tr = st.get("tracks")) {
        if (!tr->is_table()) problems_.add(bad_data(path, tr, "bad [tracks]: a table expected"));
        else
          for (const auto& [k, v] : *tr->as_table()) problems_.check(load_track_start(path, std::string(k.str()), v));
      }
      if (const toml::node* vars = st.get("vars")) {
        if (!vars->is_table()) problems_.add(bad_data(path, vars, "bad [vars]: a table expected"));
        else
          for (const auto& [k, v] : *vars->as_table())
            if (problems_.check(check_vars_size(path, std::string(k.str()), v))) {
              int64_t key = 0;
              if (read_integer_key(k.str(), key)) def_->setup_vars.set(key, to_value(v));
              else def_->setup_vars.set(std::string(k.str()), to_value(v));
            }
      }
      if (const toml::node* pieces = st.get("pieces")) {
        if (!pieces->is_array()) problems_.add(bad_data(path, pieces, "bad [[pieces]]: an array of tables expected"));
        else
          for (const auto& n : *pieces->as_array()) problems_.check(load_piece_setup(path, n, level));
      }
    }
    std::erase_if(def_->setup_pieces, [](const PieceSetup& ps) { return ps.count == 0; });
    // [position]: the nearest file's, whole (a position is not merged).
    for (size_t level = files.size(); level-- > 0;) {
      const toml::node* pos = files[level].table.get("position");
      if (!pos) continue;
      const std::string& path = files[level].path;
      if (!pos->is_table()) {
        problems_.add(bad_data(path, pos, "bad [position]: a table expected"));
      } else if (const ScenarioFile* with = pieces_from(files, level)) {
        problems_.add(bad_data(with->path, with->table.get("pieces"),
                               "[[pieces]] with the [position] of " + where(path, pos) +
                                   ": a position lists its pieces in [[position.pieces]]"));
      } else if (problems_.empty()) {
        def_->position = load_position(path, *pos->as_table(), *def_, problems_);
      }
      break;
    }
    return finish(game_dir);
  }

  // The game at `dir` alone, with no scenario.
  std::shared_ptr<GameDef> run_folder(const std::string& dir) {
    def_ = std::make_shared<GameDef>();
    if (std::string tree = root_of(dir); !tree.empty()) root_ = tree;
    if (!is_regular_file(dir + "/game.toml")) return fail(rejected("no game in " + dir + ": expected " + dir + "/game.toml"));
    if (!load_game_file(dir)) return nullptr;
    def_->scenario_id = def_->id + "/(no scenario)";
    def_->scenario_title = "(no scenario)";
    return finish(dir);
  }

 private:
  std::shared_ptr<GameDef> finish(const std::string& game_dir) {
    // The rules hash covers every file read and every Lua file of the game.
    // A mod's hash covers its bases' files too, so a changed base is seen.
    hashed_ += lua_bytes(game_dir);
    for (const auto& d : def_->base_dirs) hashed_ += lua_bytes(d);
    def_->rules_hash = hash_bytes(hashed_);
    return problems_.empty() ? def_ : nullptr;
  }

  std::nullptr_t fail(Error e) {
    problems_.add(std::move(e));
    return nullptr;
  }
  bool stop(Error e) {
    problems_.add(std::move(e));
    return false;
  }

  // Reads and parses a TOML file; every syntax error goes to the problems.
  // The label pattern of key `key` of `t` (core/piece_label.h).
  Result<std::vector<LabelPart>> label_parts(const std::string& file, const toml::table& t, const char* key) {
    auto text = get_string(file, t, key);
    if (!text.ok()) return text.error();
    auto parts = parse_label(*text);
    if (!parts.ok()) return bad_data(file, t.get(key), std::string("bad '") + key + "': " + parts.error().message);
    return parts;
  }

  // A scenario file, and its [scenario] table.
  struct ScenarioFile {
    std::string path;
    toml::table table;
    const toml::table& head() const { return *table.get("scenario")->as_table(); }
  };
  static constexpr size_t kMaxScenarioChain = 16;
  // The file at `level` or nearer that gives [[pieces]], or null.
  static const ScenarioFile* pieces_from(const std::vector<ScenarioFile>& files, size_t level) {
    for (size_t i = level; i < files.size(); ++i)
      if (files[i].table.get("pieces")) return &files[i];
    return nullptr;
  }

  // Reads the scenario at `path` and, first, those it extends (recursively):
  // `out` gets the base-most first. A scenario extends another by
  // `extends` in [scenario]: a scenario of the same folder ("1948"), one of
  // the project's ("arab_israeli_wars/1948"), or a .toml path relative to
  // the file. False when loading cannot go on.
  bool gather_scenarios(const std::string& path, std::vector<ScenarioFile>& out) {
    auto parsed = read(path);
    if (!parsed.ok()) return false;
    ScenarioFile f{path, std::move(*parsed)};
    check_keys(path, f.table, {"scenario", "allies", "tracks", "vars", "pieces", "position"}, "a scenario file",
               problems_);
    if (!f.table["scenario"].as_table())
      return stop(bad_data(path, &f.table, "missing [scenario] table with at least 'game' and 'title'"));
    check_keys(path, f.head(), {"game", "title", "id", "turns", "setup", "max_turns", "extends"}, "[scenario]", problems_);
    if (const toml::node* ext = f.head().get("extends")) {
      auto base = get_string(path, f.head(), "extends");
      if (!base.ok()) return stop(base.error());
      const std::string base_path = scenario_base_path(path, *base, root_);
      if (base_path.empty())
        return stop(bad_data(path, ext, "bad 'extends': '" + *base +
                                            "' is neither a scenario (\"1948\", \"GAME/SCENARIO\") nor a .toml path"));
      if (!is_regular_file(base_path))
        return stop(bad_data(path, ext, "no scenario '" + *base + "' to extend: expected " + base_path));
      std::error_code ec;
      const std::string canon = fs::weakly_canonical(base_path, ec).string();
      std::vector<std::string> chain{fs::weakly_canonical(path, ec).string()};
      for (const auto& o : scenario_chain_) chain.push_back(o);
      for (const auto& c : chain)
        if (c == canon) return stop(bad_data(path, ext, "extends cycle: " + path + " extends " + base_path + ", which it extends"));
      if (scenario_chain_.size() + 1 >= kMaxScenarioChain)
        return stop(bad_data(path, ext, "scenarios extend one another more than " + std::to_string(kMaxScenarioChain) + " deep"));
      scenario_chain_.push_back(chain.front());
      const bool ok = gather_scenarios(base_path, out);
      scenario_chain_.pop_back();
      if (!ok) return false;
    }
    out.push_back(std::move(f));
    return true;
  }

  Result<toml::table> read(const std::string& path) {
    auto text = read_input_file(path);
    if (!text.ok()) {
      problems_.add(text.error());
      return text.error();
    }
    auto t = parse_toml_string(*text, path, &problems_);
    if (t.ok()) hashed_ += toml_data_text(*t);
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

  // A game's own file named at `n` in `file` (`what` is "'scripts' entry"
  // or "'file'"): a path inside the game's folder `dir`, or a positioned error.
  static Result<std::string> own_file(const std::string& file, const toml::node& n, const std::string& what,
                                      const std::string& dir) {
    if (!n.is_string()) return bad_data(file, &n, "bad " + what + ": a file name expected");
    const std::string name = *n.value<std::string>();
    auto path = path_inside(dir, name);
    if (!path.ok())
      return bad_data(file, &n,
                      "bad " + what + " '" + name + "': " + path.error().message +
                          ": name a file inside the game's folder, by a path relative to it");
    return path;
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

  // The Lua files of a game's folder, with their names, for the rules hash:
  // their code, without comments (rules_text.h); the tests/ folder's are
  // no rules.
  std::string lua_bytes(const std::string& dir) {
    std::vector<std::string> lua_files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      std::error_code entry_ec;  // a dangling symlink is no rules file, and no reason to stop
      if (it->path().extension() == ".lua" && it->is_regular_file(entry_ec)) lua_files.push_back(it->path().string());
    }
    if (ec) problems_.add(rejected("cannot list the rules files of " + dir + ": " + ec.message()));
    std::sort(lua_files.begin(), lua_files.end());
    std::string out;
    for (const auto& f : lua_files) {
      const std::string* text = read_lua(f);
      if (!text) continue;
      if (*fs::path(f).lexically_relative(dir).begin() != "tests")
        out += f.substr(dir.size()) + "\n" + lua_code_text(*text) + "\n";
      // What `require` may load: a file whose link leads out of the folder
      // is hashed, as it is read, but is no module of the game.
      if (path_inside(dir, fs::path(f).lexically_relative(dir).string()).ok())
        def_->lua_texts.emplace(fs::path(f).lexically_normal().string(), *text);
    }
    return out;
  }

  // The text of rules file `path`, read once: the scripts a game runs and
  // the rules hash are the same bytes, whatever happens to the file later.
  // Null (the problem recorded) when it cannot be read.
  const std::string* read_lua(const std::string& path) {
    const std::string key = fs::path(path).lexically_normal().string();
    if (auto it = lua_read_.find(key); it != lua_read_.end()) return &it->second;
    auto text = read_input_file(path);
    if (!problems_.check(text)) return nullptr;
    return &lua_read_.emplace(key, std::move(*text)).first->second;
  }

  // Reads the game at `dir` and, first, the game it extends (recursively):
  // levels_ gets the bases first, sources_ their data files in that order.
  // False when loading cannot go on.
  bool gather(const std::string& dir, std::vector<std::pair<std::string, std::string>>& chain) {
    const size_t first_byte = hashed_.size();
    const std::string file = dir + "/game.toml";
    auto parsed = read(file);
    if (!parsed.ok()) return false;
    toml::table gt = std::move(*parsed);
    std::vector<const char*> top_keys = {"game", "sides",  "locations", "tracks", "piece_types",
                                         "maps", "tables", "texts",     "view",   "sequence", "graphics"};
    top_keys.insert(top_keys.end(), std::begin(kKitKeys), std::end(kKitKeys));
    check_keys(file, gt, top_keys, "game.toml", problems_);
    if (const toml::node* g = gt.get("graphics"))
      problems_.add(bad_data(file, g, "[graphics] does not go in game.toml: a game's look lives in graphics.toml beside it "
                                      "(docs/graphics.md), outside the rules hash"));
    const toml::table* head = gt["game"].as_table();
    if (!head) return stop(bad_data(file, &gt, "missing [game] table with at least 'title'"));
    check_keys(file, *head, {"id", "title", "scripts", "files", "version", "extends", "remove_piece_types"},
               "[game]", problems_);
    const std::string folder = fs::path(dir).filename().string();
    auto id = get_string(file, *head, "id", &folder);
    if (!id.ok()) return stop(id.error());
    if (head->get("id")) problems_.check(check_id(file, head->get("id"), "game", *id));
    std::error_code ec;
    const std::string canon_dir = fs::weakly_canonical(dir, ec).string();
    chain.emplace_back(ec ? dir : canon_dir, *id);
    if (head->get("extends")) {
      auto base = get_string(file, *head, "extends");
      if (!base.ok()) return stop(base.error());
      std::string base_dir = *base;
      if (base_dir.find('/') != std::string::npos) {
        base_dir = (fs::path(dir) / base_dir).lexically_normal().string();
      } else if (valid_id(base_dir)) {
        // A base named by id is in the project the mod lies in.
        const std::string tree = root_of(dir);
        base_dir = (tree.empty() ? root_ : tree) + "/rules/" + base_dir;
      } else {
        return stop(bad_data(file, head->get("extends"),
                             "bad 'extends': '" + *base + "' is neither a game id nor a path to a game's folder"));
      }
      base_dir = without_trailing_slash(base_dir);
      if (!is_regular_file(base_dir + "/game.toml"))
        return stop(bad_data(file, head->get("extends"),
                             "no base game '" + *base + "' for '" + *id + "': expected " + base_dir + "/game.toml"));
      const std::string canon = fs::weakly_canonical(base_dir, ec).string();
      for (size_t i = 0; !ec && i < chain.size(); ++i)
        if (chain[i].first == canon) {
          std::string names;
          for (size_t j = i; j < chain.size(); ++j) names += chain[j].second + " -> ";
          return stop(bad_data(file, head->get("extends"), "extends cycle: " + names + chain[i].second));
        }
      if (!gather(base_dir, chain)) return false;
    }
    Level lv;
    lv.dir = dir;
    lv.file = file;
    lv.id = *id;
    bool complete = true;
    if (const toml::node* scripts = head->get("scripts")) {
      if (!scripts->is_array()) problems_.add(bad_data(file, scripts, "bad 'scripts': an array of file names expected"));
      else
        for (const auto& sc : *scripts->as_array()) {
          auto path = own_file(file, sc, "'scripts' entry", dir);
          if (!problems_.check(path)) continue;
          if (!is_regular_file(*path)) {
            problems_.add(bad_data(file, &sc, "no such rules file: " + *path));
            continue;
          }
          lv.scripts.push_back(*sc.value<std::string>());
        }
    }
    // Extra data files: their arrays of tables come after game.toml's.
    std::vector<std::string> extra_paths;
    if (const toml::node* files = head->get("files")) {
      if (!files->is_array()) problems_.add(bad_data(file, files, "bad 'files': an array of file names expected"));
      else
        for (const auto& f : *files->as_array()) {
          auto path = own_file(file, f, "'files' entry", dir);
          if (problems_.check(path)) extra_paths.push_back(*path);
          else complete = false;
        }
    }
    const int my_level = static_cast<int>(levels_.size());
    sources_.push_back({file, std::move(gt), my_level});
    for (const auto& path : extra_paths) {
      auto extra = read(path);
      if (!extra.ok()) {
        complete = false;
        continue;
      }
      check_keys(path, *extra, {"sides", "locations", "tracks", "piece_types", "tables", "texts"}, "a data file", problems_);
      sources_.push_back({path, std::move(*extra), my_level});
    }
    lv.bytes = hashed_.substr(first_byte);
    levels_.push_back(std::move(lv));
    // Without one of its data files, a game's references would fail by the dozen.
    return complete;
  }

  // Loads the game at `dir`; false when the scenario cannot be checked against it.
  bool load_game_file(const std::string& dir) {
    std::vector<std::pair<std::string, std::string>> chain;
    if (!gather(dir, chain)) return false;
    const Level& top = levels_.back();
    const std::string& file = top.file;
    def_->dir = dir;
    def_->id = top.id;
    const toml::table& head = *sources_[top_source()].table["game"].as_table();
    const std::string folder = fs::path(dir).filename().string();
    auto title = get_string(file, head, "title", &folder);
    if (problems_.check(title)) def_->title = *title;
    def_->scripts = top.scripts;
    for (size_t l = 0; l < levels_.size(); ++l) {
      const Level& lv = levels_[l];
      if (l > 0) def_->level_starts.push_back(def_->script_paths.size());
      for (const auto& sc : lv.scripts) {
        def_->script_paths.push_back(lv.dir + "/" + sc);
        const std::string* code = read_lua(def_->script_paths.back());
        def_->script_code.push_back(code ? *code : std::string());
      }
    }
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
    auto pass = [&](const char* key, auto&& load_entry, auto count) {
      int level = -1;
      size_t inherited = 0;
      for (auto& src : sources_) {
        if (src.level != level) {
          level = src.level;
          inherited = count();
        }
        const toml::node* arr = src.table.get(key);
        if (!arr) continue;
        if (!arr->is_array()) {
          problems_.add(bad_data(src.path, arr, std::string("bad [[") + key + "]]: an array of tables expected"));
          continue;
        }
        for (const auto& n : *arr->as_array()) problems_.check(load_entry(src.path, n, inherited));
      }
    };
    pass("sides", [&](auto& p, auto& n, size_t i) { return load_side(p, n, i); }, [&] { return def_->sides.size(); });
    def_->index();
    pass("sides", [&](auto& p, auto& n, size_t) { return load_allies(p, n); }, [&] { return def_->sides.size(); });
    pass("locations", [&](auto& p, auto& n, size_t i) { return load_location(p, n, i); },
         [&] { return def_->locations.size(); });
    bool maps_loaded = true;
    std::vector<MapEntry> map_entries;
    for (size_t i = 0; i < sources_.size(); ++i)
      if (is_game_toml(i))
        if (const toml::node* maps = sources_[i].table.get("maps")) {
          if (!maps->is_array()) {
            problems_.add(bad_data(sources_[i].path, maps, "bad [[maps]]: an array of tables expected"));
            continue;
          }
          for (const auto& m : *maps->as_array())
            maps_loaded &= problems_.check(read_map_entry(sources_[i].path, levels_[sources_[i].level].dir,
                                                          sources_[i].level, m, map_entries));
        }
    for (const MapEntry& e : map_entries) maps_loaded &= problems_.check(load_map(e));
    def_->index();
    pass("tracks", [&](auto& p, auto& n, size_t i) { return load_track(p, n, i); }, [&] { return def_->tracks.size(); });
    def_->index();
    pass("piece_types", [&](auto& p, auto& n, size_t i) { return load_type(p, n, i); },
         [&] { return def_->types.size(); });
    def_->index();
    // remove_piece_types: a mod takes cards or units out of its base.
    for (size_t i = 0; i < sources_.size(); ++i) {
      if (!is_game_toml(i)) continue;
      const auto* removed = sources_[i].table["game"]["remove_piece_types"].as_array();
      if (!removed) continue;
      for (const auto& r : *removed) {
        if (!r.is_string()) {
          problems_.add(bad_data(sources_[i].path, &r, "bad 'remove_piece_types' entry: a piece type id expected"));
          continue;
        }
        const std::string rid = *r.value<std::string>();
        const int t = def_->find_type(rid);
        if (t < 0) {
          problems_.add(unknown(sources_[i].path, &r, "piece type", rid, type_ids()));
          continue;
        }
        def_->types.erase(def_->types.begin() + t);
        def_->index();
      }
    }
    int64_t copies = 0;
    for (const auto& t : def_->types)
      if (t.deck >= 0) copies += t.copies;
    if (copies > kMaxPieces)
      problems_.add(rejected("the piece types' copies make " + std::to_string(copies) + " pieces: a game may have at most " +
                             std::to_string(kMaxPieces) + " (" + file + ")"));
    set_up_pieces_ = copies;
    // [tables.NAME]: a later source replaces a table of the same name.
    Table tables;
    for (auto& src : sources_) {
      const toml::node* tb = src.table.get("tables");
      if (!tb) continue;
      if (!tb->is_table()) {
        problems_.add(bad_data(src.path, tb, "bad [tables]: a table expected"));
        continue;
      }
      for (const auto& [k, v] : *tb->as_table()) tables.set(std::string(k.str()), to_value(v));
    }
    def_->tables = Value(std::move(tables));
    // The hex-and-counter kit (docs/kit.md), from each level's game.toml.
    std::vector<KitSource> kit_sources;
    for (size_t i = 0; i < sources_.size(); ++i)
      if (is_game_toml(i)) kit_sources.push_back({&sources_[i].path, &sources_[i].table});
    load_kit(kit_sources, *def_, problems_);
    std::vector<std::string> level_dirs;
    for (const Level& lv : levels_) level_dirs.push_back(lv.dir);
    load_graphics(level_dirs, *def_, problems_);
    // [texts]: the words of choices by option id; a later source replaces a key.
    for (auto& src : sources_)
      if (const auto* tx = src.table["texts"].as_table())
        for (const auto& [k, v] : *tx) {
          if (!v.is_string()) {
            problems_.add(bad_data(src.path, &v, "bad text '" + std::string(k.str()) + "': a string expected"));
            continue;
          }
          const std::string text = *v.value<std::string>();
          const auto parsed = parse_text_format(text, "texts");
          if (!parsed.ok()) {
            problems_.add(bad_data(src.path, &v, "bad text '" + std::string(k.str()) + "': " + parsed.error().message));
            continue;
          }
          const std::string id(k.str());
          // A move's words take its piece, from and to.
          if (id == "move" && !words_fit(*parsed, ChoiceKind::kMove)) {
            problems_.add(bad_data(src.path, &v, "bad text 'move': a move's words take %P, %L (from) and %L (to)"));
            continue;
          }
          def_->texts[id] = text;
          if (parsed->empty()) {
            def_->texts_with_values.erase(id);
          } else {
            unsigned fits = 0;
            for (ChoiceKind kind : {ChoiceKind::kOption, ChoiceKind::kPiece, ChoiceKind::kLocation, ChoiceKind::kMove,
                                    ChoiceKind::kNumber})
              if (words_fit(*parsed, kind)) fits |= 1u << static_cast<unsigned>(kind);
            def_->texts_with_values[id] = fits;
          }
        }
    // [view]: what the views show; a later game.toml replaces a key.
    for (size_t i = 0; i < sources_.size(); ++i) {
      if (!is_game_toml(i)) continue;
      const toml::node* vn = sources_[i].table.get("view");
      if (!vn) continue;
      const std::string& vfile = sources_[i].path;
      const toml::table* v = vn->as_table();
      if (!v) {
        problems_.add(bad_data(vfile, vn, "bad [view]: a table expected"));
        continue;
      }
      check_keys(vfile, *v, {"label", "text", "text_in", "summary"}, "[view]", problems_);
      if (v->get("label")) {
        auto parts = label_parts(vfile, *v, "label");
        if (problems_.check(parts)) {
          def_->view.label = std::move(*parts);
          // A key no piece type has is a slip: the pattern would fit none.
          for (const LabelPart& part : def_->view.label) {
            if (!part.is_key || part.text == "name" || part.text == "face") continue;
            bool some = false;
            for (const auto& t : def_->types) some = some || t.values.find(std::string_view(part.text));
            if (!some)
              problems_.add(bad_data(vfile, v->get("label"), "bad 'label': no piece type has a printed value '" +
                                                                 part.text + "'"));
          }
        }
      }
      if (v->get("text")) {
        auto text = get_string(vfile, *v, "text");
        if (problems_.check(text)) def_->view.text = *text;
      }
      if (const toml::node* in = v->get("text_in")) {
        def_->view.text_in.clear();
        def_->view.text_in_given = true;
        const toml::array* ids = in->as_array();
        if (!ids) problems_.add(bad_data(vfile, in, "bad 'text_in': an array of location ids expected"));
        for (size_t k = 0; ids && k < ids->size(); ++k) {
          const toml::node& e = *ids->get(k);
          const int loc = e.is_string() ? def_->find_location(*e.value<std::string>()) : -1;
          if (!e.is_string()) problems_.add(bad_data(vfile, &e, "bad 'text_in' entry: a location id expected"));
          else if (loc < 0) problems_.add(unknown(vfile, &e, "location", *e.value<std::string>(), location_ids()));
          else def_->view.text_in.push_back(loc);
        }
      }
      if (v->get("summary")) {
        auto fn = get_string(vfile, *v, "summary");
        if (problems_.check(fn) && problems_.check(check_function_name(vfile, v->get("summary"), "summary", *fn)))
          def_->view.summary = *fn;
      }
    }
    // [sequence]: the topmost game that gives one.
    bool sequence_found = false;
    for (size_t i = sources_.size(); !sequence_found && i-- > 0;)
      if (is_game_toml(i))
        if (const toml::node* seq = sources_[i].table.get("sequence")) {
          sequence_found = true;
          if (seq->is_table()) load_sequence(sources_[i].path, *seq->as_table());
          else problems_.add(bad_data(sources_[i].path, seq, "bad [sequence]: a table expected"));
        }
    if (!sequence_found) problems_.add(rejected("missing [sequence]: a game needs at least one phase (" + file + ")"));
    // Without a map, the scenario's hexes and areas would all be unknown.
    return maps_loaded;
  }

  bool is_game_toml(size_t i) const { return sources_[i].path == levels_[sources_[i].level].file; }
  size_t top_source() const {
    for (size_t i = sources_.size(); i-- > 0;)
      if (is_game_toml(i)) return i;
    return 0;
  }

  // The starting vars are part of the state: every action hashes them and
  // every snapshot (each phase start) copies them into the save, so their
  // size is a cost of every action (a [vars] array of 2,000,000 numbers
  // made each act take 13 s). Big data belongs in the rules' own Lua
  // tables, which no snapshot carries. `value` of var `key` is refused when
  // it takes the vars of the scenario past kMaxSetupVarValues values (each
  // array element and table entry counted, nested ones too) or
  // kMaxSetupVarBytes of strings; a key a later file replaces counts once.
  static constexpr size_t kMaxSetupVarValues = 10'000;
  static constexpr size_t kMaxSetupVarBytes = size_t{1} << 20;
  Status check_vars_size(const std::string& file, const std::string& key, const toml::node& value) {
    struct Size {
      size_t values = 0, bytes = 0;
    };
    Size size;
    // Stops counting once past a limit: a file of millions of values is
    // refused without walking them all.
    const auto measure = [&](const auto& self, const toml::node& n) -> void {
      if (size.values > kMaxSetupVarValues || size.bytes > kMaxSetupVarBytes) return;
      ++size.values;
      if (const auto* str = n.as_string()) size.bytes += str->get().size();
      if (const auto* a = n.as_array())
        for (const auto& e : *a) self(self, e);
      if (const auto* t = n.as_table())
        for (const auto& [k, e] : *t) {
          size.bytes += k.str().size();
          self(self, e);
        }
    };
    measure(measure, value);
    Size total = size;
    for (const auto& [other, s] : var_sizes_)
      if (other != key) {
        total.values += s.first;
        total.bytes += s.second;
      }
    if (total.values > kMaxSetupVarValues)
      return bad_data(file, &value,
                      "bad [vars] '" + key + "': the scenario's vars would hold more than " +
                          std::to_string(kMaxSetupVarValues) +
                          " values (each array element and table entry counted): every action copies them into the "
                          "state's hash and every phase start into the save; keep big data in the rules' Lua");
    if (total.bytes > kMaxSetupVarBytes)
      return bad_data(file, &value,
                      "bad [vars] '" + key + "': the scenario's vars would hold more than " +
                          std::to_string(kMaxSetupVarBytes) +
                          " bytes of strings: every action copies them into the state's hash and every phase start "
                          "into the save; keep big data in the rules' Lua");
    var_sizes_[key] = {size.values, size.bytes};
    return ok_status();
  }

  // The id of an entry: required, well formed, and not defined twice at
  // one level. `existing` gets the index a lower level gave it, or -1.
  template <typename Find>
  Result<std::string> entry_id(const std::string& file, const toml::table& t, const toml::node& n, const char* what,
                               size_t inherited, Find find, int& existing) {
    auto id = get_string(file, t, "id");
    if (!id.ok()) return id.error();
    CB_TRY(check_id(file, t.get("id"), what, *id));
    existing = find(*id);
    if (existing >= 0 && static_cast<size_t>(existing) >= inherited)
      return bad_data(file, &n, std::string("duplicate ") + what + " '" + *id + "'");
    return id;
  }

  // The entry loaders below define an entry as soon as its id is good, then
  // read its other keys one by one: a bad key is recorded and the next read.
  Status load_side(const std::string& file, const toml::node& n, size_t inherited) {
    const auto* s = n.as_table();
    if (!s) return bad_data(file, &n, "bad [[sides]] entry: a table expected");
    check_keys(file, *s, {"id", "title", "adjective", "automatic", "allies"}, "[[sides]]", problems_);
    int existing = -1;
    auto id = entry_id(file, *s, n, "side", inherited, [&](const std::string& x) { return def_->find_side(x); },
                       existing);
    if (!id.ok()) return id.error();
    if (existing < 0) {
      existing = static_cast<int>(def_->sides.size());
      SideDef fresh;
      fresh.id = fresh.title = *id;
      def_->sides.push_back(fresh);
      def_->index();
    }
    SideDef& side = def_->sides[existing];  // a mod overrides its base's side key by key
    auto title = get_string(file, *s, "title", &side.title);
    if (problems_.check(title)) side.title = *title;
    auto adjective = get_string(file, *s, "adjective", &side.adjective);
    if (problems_.check(adjective)) side.adjective = *adjective;
    if (const toml::node* a = s->get("automatic")) {
      if (!a->is_boolean()) return bad_data(file, a, std::string("bad 'automatic': expected a boolean, got ") + type_name(a));
      side.automatic = *a->value<bool>();
    }
    return ok_status();
  }

  // A side's `allies`, once every side is known (an ally may come later in
  // the file). A mod's list replaces its base's for that side.
  Status load_allies(const std::string& file, const toml::node& n) {
    const auto* s = n.as_table();
    const toml::node* a = s ? s->get("allies") : nullptr;
    if (!a) return ok_status();
    const int side = def_->find_side(s->get("id") && s->get("id")->is_string() ? *s->get("id")->value<std::string>() : "");
    if (side < 0) return ok_status();  // its id was reported already
    return read_allies(file, side, *a);
  }

  // A scenario's [allies]: side `id`'s allies for this scenario alone, in
  // place of the game's (the same war fought by other alliances).
  Status set_allies(const std::string& file, const std::string& id, const toml::node& a) {
    const int side = def_->find_side(id);
    if (side < 0) return unknown(file, &a, "side", id, side_ids());
    return read_allies(file, side, a);
  }

  Status read_allies(const std::string& file, int side, const toml::node& a) {
    if (!a.is_array()) return bad_data(file, &a, std::string("bad 'allies': an array of side ids expected, got ") + type_name(&a));
    std::vector<int> allies;
    for (const auto& e : *a.as_array()) {
      if (!e.is_string()) return bad_data(file, &e, std::string("bad 'allies' entry: a side id expected, got ") + type_name(&e));
      const std::string id = *e.value<std::string>();
      const int ally = def_->find_side(id);
      if (ally < 0) return unknown(file, &e, "side", id, side_ids());
      if (ally == side) return bad_data(file, &e, "side '" + id + "' cannot be its own ally");
      allies.push_back(ally);
    }
    def_->sides[side].allies = std::move(allies);
    return ok_status();
  }

  Status load_location(const std::string& file, const toml::node& n, size_t inherited) {
    const auto* l = n.as_table();
    if (!l) return bad_data(file, &n, "bad [[locations]] entry: a table expected");
    check_keys(file, *l, {"id", "title", "kind", "visibility", "owner"}, "[[locations]]", problems_);
    int existing = -1;
    auto id = entry_id(file, *l, n, "location", inherited, [&](const std::string& x) { return def_->find_location(x); },
                       existing);
    if (!id.ok()) return id.error();
    const bool inherited_entry = existing >= 0;
    if (inherited_entry && def_->locations[existing].map >= 0)
      return bad_data(file, &n, "location '" + *id + "' is a map cell: a mod cannot override it");
    if (!inherited_entry) {
      existing = static_cast<int>(def_->locations.size());
      LocationDef loc;
      loc.id = loc.title = *id;
      def_->locations.push_back(loc);
      def_->location_index.emplace(loc.id, existing);
    }
    LocationDef& loc = def_->locations[existing];  // a mod overrides its base's location key by key
    auto title = get_string(file, *l, "title", &loc.title);
    if (problems_.check(title)) loc.title = *title;
    const std::string box = inherited_entry ? location_kind_name(loc.kind) : "box";
    auto kind = get_string(file, *l, "kind", &box);
    static const std::vector<std::string> kinds = {"box", "deck", "cup", "pile", "hand"};
    if (problems_.check(kind)) {
      const auto k = std::find(kinds.begin(), kinds.end(), *kind);
      if (k == kinds.end()) problems_.add(unknown(file, l->get("kind"), "location kind", *kind, kinds));
      else loc.kind = static_cast<LocationKind>(k - kinds.begin());
    }
    // Decks and cups hide their contents; hands show them to their owner.
    const std::string vis_default = inherited_entry && !l->get("kind") ? std::string(visibility_name(loc.visibility))
                                    : loc.kind == LocationKind::kDeck || loc.kind == LocationKind::kCup ? "nobody"
                                    : loc.kind == LocationKind::kHand                               ? "owner"
                                                                                                    : "public";
    auto vis = get_string(file, *l, "visibility", &vis_default);
    static const std::vector<std::string> visibilities = {"public", "owner", "nobody"};
    if (problems_.check(vis)) {
      const auto v = std::find(visibilities.begin(), visibilities.end(), *vis);
      if (v == visibilities.end()) problems_.add(unknown(file, l->get("visibility"), "visibility", *vis, visibilities));
      else loc.visibility = static_cast<Visibility>(v - visibilities.begin());
    }
    auto owner = side_ref(file, *l, "owner");
    if (!owner.ok()) return owner.error();
    if (l->get("owner") || !inherited_entry) loc.owner = *owner;
    if (loc.visibility == Visibility::kOwner && loc.owner < 0)
      return bad_data(file, &n, "location '" + loc.id + "' is visible to its owner but names no 'owner'");
    return ok_status();
  }

  // A [[maps]] entry of a game.toml and the files that extend its map: a
  // mod's entry with the id of its base's map extends it (docs/mods.md).
  struct MapEntry {
    std::string id, file;  // the game.toml that first gives the id
    const toml::node* node = nullptr;
    int level = 0;
    std::vector<MapLayer> layers;  // the map's file, then each mod's
  };

  Status read_map_entry(const std::string& file, const std::string& dir, int level, const toml::node& n,
                        std::vector<MapEntry>& entries) {
    const auto* m = n.as_table();
    if (!m) return bad_data(file, &n, "bad [[maps]] entry: a table expected");
    check_keys(file, *m, {"id", "file"}, "[[maps]]", problems_);
    auto id = get_string(file, *m, "id");
    if (!id.ok()) return id.error();
    CB_TRY(check_id(file, m->get("id"), "map", *id));
    auto path = get_string(file, *m, "file");
    if (!path.ok()) return path.error();
    auto full = own_file(file, *m->get("file"), "'file'", dir);
    if (!full.ok()) return full.error();
    auto text = read_input_file(*full);
    if (!text.ok()) return bad_data(file, m->get("file"), text.error().message);
    // A map that does not parse is refused below, with its error.
    if (auto parsed = parse_toml_string(*text, *full); parsed.ok()) hashed_ += toml_data_text(*parsed);
    for (MapEntry& e : entries) {
      if (e.id != *id) continue;
      if (e.level == level)
        return bad_data(file, m->get("id"), "duplicate map id '" + *id + "': first defined at " + where(e.file, e.node));
      e.layers.push_back({*full, *text});
      return ok_status();
    }
    entries.push_back({*id, file, m->get("id"), level, {{*full, *text}}});
    return ok_status();
  }

  Status load_map(const MapEntry& e) {
    Problems map_problems;
    auto map = load_map_layers(e.layers, e.id, &map_problems);
    if (!map.ok()) {
      // Every problem of the map files but the last is recorded here; the
      // caller records the one returned.
      for (size_t i = 0; i + 1 < map_problems.size(); ++i) problems_.add(map_problems.list()[i]);
      return map_problems.empty() ? map.error() : map_problems.list().back();
    }
    const int map_index = static_cast<int>(def_->maps.size());
    for (const auto& [cell_id, cell_title] : map_cells(*map)) {
      if (def_->find_location(cell_id) >= 0)
        return bad_data(e.file, e.node, "map '" + e.id + "' cell '" + cell_id + "' has the id of another location");
      LocationDef loc;
      loc.id = cell_id;
      loc.title = cell_title;
      loc.kind = map->hex ? LocationKind::kHex : LocationKind::kArea;
      loc.map = map_index;
      loc.cell = static_cast<int>(map->cell_location.size());
      def_->locations.push_back(loc);
      const int li = static_cast<int>(def_->locations.size() - 1);
      def_->location_index.emplace(cell_id, li);
      map->cell_location.push_back(li);
    }
    def_->maps.push_back(std::move(*map));
    return ok_status();
  }

  Status load_track(const std::string& file, const toml::node& n, size_t inherited) {
    const auto* tr = n.as_table();
    if (!tr) return bad_data(file, &n, "bad [[tracks]] entry: a table expected");
    check_keys(file, *tr, {"id", "title", "min", "max", "start"}, "[[tracks]]", problems_);
    int existing = -1;
    auto id = entry_id(file, *tr, n, "track", inherited, [&](const std::string& x) { return def_->find_track(x); },
                       existing);
    if (!id.ok()) return id.error();
    const bool inherited_entry = existing >= 0;
    if (!inherited_entry) {
      existing = static_cast<int>(def_->tracks.size());
      TrackDef td;
      td.id = td.title = *id;
      def_->tracks.push_back(td);
      def_->track_index.emplace(td.id, existing);
    }
    TrackDef& td = def_->tracks[existing];  // a mod overrides its base's track key by key
    auto title = get_string(file, *tr, "title", &td.title);
    if (problems_.check(title)) td.title = *title;
    const int64_t lo = -kMaxTrackValue, hi = kMaxTrackValue;
    auto mn = get_int(file, *tr, "min", inherited_entry ? &td.min : nullptr, lo, hi);
    auto mx = get_int(file, *tr, "max", inherited_entry ? &td.max : nullptr, lo, hi);
    // Both checked, so both bounds' problems are reported.
    const bool min_ok = problems_.check(mn);
    const bool bounds = problems_.check(mx) && min_ok;
    const int64_t start_default = inherited_entry ? td.start : mn.ok() ? *mn : 0;
    auto st = get_int(file, *tr, "start", &start_default, lo, hi);
    if (!problems_.check(st) || !bounds) return ok_status();
    td.min = *mn;
    td.max = *mx;
    td.start = *st;
    if (td.min > td.max || td.start < td.min || td.start > td.max)
      return bad_data(file, &n, "track '" + td.id + "' needs min <= start <= max");
    return ok_status();
  }

  Status load_type(const std::string& file, const toml::node& n, size_t inherited) {
    const auto* pt = n.as_table();
    if (!pt) return bad_data(file, &n, "bad [[piece_types]] entry: a table expected");
    // A mod's entry with only an 'id' (no 'name') overrides its base's type.
    const std::string none;
    auto name = pt->get("name") ? get_string(file, *pt, "name") : get_string(file, *pt, "id", &none);
    if (!name.ok()) return name.error();
    if (pt->get("name") && name->empty())
      return bad_data(file, pt->get("name"), "bad 'name': a piece type's name cannot be empty");
    if (name->empty()) return bad_data(file, &n, "missing key 'name': a string is required");
    const std::string derived = pt->get("name") ? id_from_name(*name) : *name;
    auto id = get_string(file, *pt, "id", &derived);
    if (!id.ok()) return id.error();
    if (!pt->get("id") && !valid_id(*id))
      return bad_data(file, pt->get("name"),
                      "piece type name '" + *name + "' makes the id '" + *id + "', which is not a good id: give an 'id'");
    CB_TRY(check_id(file, pt->get("id"), "piece type", *id));
    const int existing = def_->find_type(*id);
    if (existing >= 0 && static_cast<size_t>(existing) >= inherited)
      return bad_data(file, &n, "duplicate piece type '" + *id + "': give one of them an 'id'");
    if (!pt->get("name") && existing < 0)
      return unknown(file, pt->get("id"), "piece type to override (a new one needs a 'name')", *id, type_ids());
    int index = existing;
    if (index < 0) {
      index = static_cast<int>(def_->types.size());
      PieceTypeDef fresh;
      fresh.id = *id;
      fresh.kind = "unit";
      def_->types.push_back(std::move(fresh));
      def_->type_index.emplace(*id, index);
    }
    PieceTypeDef& type = def_->types[index];  // a mod overrides its base's type key by key
    if (pt->get("name")) type.name = *name;
    auto kind = get_string(file, *pt, "kind", &type.kind);
    if (problems_.check(kind)) {
      if (pt->get("kind") && !valid_id(*kind))
        problems_.add(bad_data(file, pt->get("kind"),
                               "bad 'kind': '" + *kind +
                                   "' is not a word of letters, digits, '_' or '-' (such as unit or card)"));
      else
        type.kind = *kind;
    }
    auto owner = side_ref(file, *pt, "owner");
    if (problems_.check(owner) && (pt->get("owner") || existing < 0)) type.owner = *owner;
    if (pt->get("deck")) {
      auto deck = get_string(file, *pt, "deck");
      if (problems_.check(deck)) {
        const int d = def_->find_location(*deck);
        if (d < 0) problems_.add(unknown(file, pt->get("deck"), "location", *deck, location_ids()));
        else type.deck = d;
      }
    }
    const int64_t one = existing >= 0 ? type.copies : 1;
    auto copies = get_int(file, *pt, "copies", &one, 0, kMaxCopies);
    if (problems_.check(copies)) type.copies = static_cast<int>(*copies);
    if (const auto* faces = pt->get("faces")) {
      const auto* arr = faces->as_array();
      std::vector<std::string> names;
      bool good = arr && arr->size() >= 1 && arr->size() <= 16;
      for (size_t i = 0; good && i < arr->size(); ++i) {
        const std::string name = (*arr)[i].value_or(std::string());
        good = (*arr)[i].is_string() && !name.empty() && std::find(names.begin(), names.end(), name) == names.end();
        names.push_back(name);
      }
      if (good) {
        type.faces = std::move(names);
        // A mod that gives new faces makes another counter: the base's
        // values of faces that are gone go with them.
        std::erase_if(type.on_face, [&](const auto& entry) {
          return std::find(type.faces.begin(), type.faces.end(), entry.first) == type.faces.end();
        });
      }
      else problems_.add(bad_data(file, faces, "bad 'faces': a list of 1 to 16 different face names expected, such as "
                                               "[\"full\", \"reduced\"]"));
    }
    for (const auto& [k, v] : *pt) {
      const std::string key(k.str());
      if (key == "id" || key == "name" || key == "kind" || key == "owner" || key == "deck" || key == "copies" ||
          key == "faces" || key == "label" || key == "on_face")
        continue;
      type.values.set(key, to_value(v));
    }
    if (const toml::node* on_face = pt->get("on_face")) load_on_face(file, *on_face, type);
    if (const toml::node* label = pt->get("label")) {
      auto parts = label_parts(file, *pt, "label");
      if (problems_.check(parts)) {
        for (const LabelPart& part : *parts)
          if (part.is_key && part.text != "name" && part.text != "face" &&
              !type.values.find(std::string_view(part.text)))
            return bad_data(file, label, "bad 'label': piece type '" + type.id + "' has no printed value '" + part.text +
                                             "' (a label takes {name}, {face} and the type's printed values)");
        type.label = std::move(*parts);
      }
    }
    return ok_status();
  }

  // [piece_types.on_face.FACE]: the printed values a face shows in place of
  // the type's own. Each face must be one of the type's, each key one of its
  // printed values, each value of that value's kind (a number for a number):
  // a face cannot print what the type does not, so a misspelt key is caught.
  void load_on_face(const std::string& file, const toml::node& n, PieceTypeDef& type) {
    const toml::table* faces = n.as_table();
    if (!faces) {
      problems_.add(bad_data(file, &n, "bad 'on_face': a table of faces expected, such as "
                                       "[piece_types.on_face.reduced] with the values that face prints"));
      return;
    }
    std::vector<std::string> keys;
    for (const auto& [k, v] : type.values.entries)
      if (const auto* key = std::get_if<std::string>(&k)) keys.push_back(*key);
    for (const auto& [fk, fv] : *faces) {
      const std::string face(fk.str());
      if (std::find(type.faces.begin(), type.faces.end(), face) == type.faces.end()) {
        std::string list;
        for (const auto& f : type.faces) list += (list.empty() ? "" : ", ") + f;
        std::string msg = "bad 'on_face': piece type '" + type.id + "' has no face '" + face + "' (its faces are " +
                          list + ")";
        if (const std::string near = closest(face, type.faces); !near.empty()) msg += ": did you mean '" + near + "'?";
        problems_.add(bad_data(file, &fv, msg));
        continue;
      }
      const toml::table* values = fv.as_table();
      if (!values) {
        problems_.add(bad_data(file, &fv, "bad 'on_face." + face + "': a table of printed values expected"));
        continue;
      }
      for (const auto& [vk, vv] : *values) {
        const std::string key(vk.str());
        const std::string at = "'on_face." + face + "." + key + "'";
        const Value* own = type.values.find(std::string_view(key));
        if (!own) {
          std::string msg = "bad " + at + ": '" + key + "' is not a printed value of piece type '" + type.id +
                            "' (a face replaces the type's own values)";
          if (const std::string near = closest(key, keys); !near.empty()) msg += ": did you mean '" + near + "'?";
          problems_.add(bad_data(file, &vv, msg));
          continue;
        }
        if (vv.is_date_time() || vv.is_date() || vv.is_time()) {
          problems_.add(bad_data(file, &vv, "bad " + at + ": a date or time is not a printed value"));
          continue;
        }
        Value value = to_value(vv);
        const bool numbers = (own->is_int() || own->is_number()) && (value.is_int() || value.is_number());
        const bool same = numbers || (own->is_bool() && value.is_bool()) || (own->is_string() && value.is_string()) ||
                          (own->is_table() && value.is_table());
        if (!same) {
          problems_.add(bad_data(file, &vv, "bad " + at + ": " + type_name(&vv) + " where the type's '" + key +
                                                "' is " + value_kind(*own)));
          continue;
        }
        type.on_face[face].set(key, std::move(value));
      }
    }
  }

  static const char* value_kind(const Value& v) {
    if (v.is_bool()) return "a boolean";
    if (v.is_int() || v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    return "a table or an array";
  }

  // A scenario's [tracks] entry: a track id and its start.
  Status load_track_start(const std::string& file, const std::string& id, const toml::node& v) {
    const int t = def_->find_track(id);
    if (t < 0) return unknown(file, &v, "track", id, track_ids());
    if (!v.is_integer()) return bad_data(file, &v, "bad track start: an integer expected");
    const int64_t x = *v.value<int64_t>();
    const auto& td = def_->tracks[t];
    if (x < td.min || x > td.max)
      return bad_data(file, &v, "track '" + td.id + "' start " + std::to_string(x) + " is outside " +
                                    std::to_string(td.min) + ".." + std::to_string(td.max));
    // A scenario extending another replaces the start it gave.
    for (auto& [track, start] : def_->setup_tracks)
      if (track == t) {
        start = x;
        return ok_status();
      }
    def_->setup_tracks.emplace_back(t, x);
    return ok_status();
  }

  // A scenario's [[pieces]] entry: each of its references and its count
  // checked. An entry of a scenario that extends another (`level` above
  // the entry's) with the same type, place and owner replaces its count
  // (0 takes it out); any other entry adds pieces.
  Status load_piece_setup(const std::string& file, const toml::node& n, size_t level) {
    const auto* t = n.as_table();
    if (!t) return bad_data(file, &n, "bad [[pieces]] entry: a table expected");
    check_keys(file, *t, {"type", "at", "owner", "count"}, "[[pieces]]", problems_);
    PieceSetup ps;
    auto type = get_string(file, *t, "type");
    if (problems_.check(type)) {
      ps.type = def_->find_type(*type);
      if (ps.type < 0) problems_.add(unknown(file, t->get("type"), "piece type", *type, type_ids()));
    }
    auto at = get_string(file, *t, "at");
    if (problems_.check(at)) {
      ps.location = def_->find_location(*at);
      if (ps.location < 0) problems_.add(unknown(file, t->get("at"), "location", *at, location_ids()));
    }
    bool good_owner = true;
    if (t->get("owner")) {
      auto owner = get_string(file, *t, "owner");
      good_owner = problems_.check(owner);
      if (good_owner) {
        ps.owner = def_->find_side(*owner);
        good_owner = ps.owner >= 0;
        if (!good_owner) problems_.add(unknown(file, t->get("owner"), "side", *owner, side_ids()));
      }
    }
    const int64_t one = 1;
    auto count = get_int(file, *t, "count", &one, 0, kMaxCopies);
    if (!count.ok()) return count.error();
    ps.count = static_cast<int>(*count);
    if (ps.type < 0 || ps.location < 0 || !good_owner) return ok_status();
    size_t same = def_->setup_pieces.size();
    for (size_t i = 0; i < def_->setup_pieces.size() && same == def_->setup_pieces.size(); ++i) {
      const PieceSetup& old = def_->setup_pieces[i];
      if (setup_levels_[i] < level && old.type == ps.type && old.location == ps.location && old.owner == ps.owner)
        same = i;
    }
    const bool replaces = same < def_->setup_pieces.size();
    const int64_t total = set_up_pieces_ + ps.count - (replaces ? def_->setup_pieces[same].count : 0);
    if (total > kMaxPieces)
      return bad_data(file, t->get("count") ? t->get("count") : &n,
                      "too many pieces: the set-up makes " + std::to_string(total) +
                          " pieces with this entry, and a game may have at most " + std::to_string(kMaxPieces));
    set_up_pieces_ = total;
    if (replaces) {
      def_->setup_pieces[same].count = ps.count;
      setup_levels_[same] = level;
    } else {
      def_->setup_pieces.push_back(ps);
      setup_levels_.push_back(level);
    }
    return ok_status();
  }

  // A phase or a step: its id, title, rule and run.
  Result<StepDef> load_step(const std::string& file, const toml::table& s, const char* what) {
    StepDef step;
    auto id = get_string(file, s, "id");
    if (!id.ok()) return id.error();
    CB_TRY(check_id(file, s.get("id"), what, *id));
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
    if (s.get("run")) CB_TRY(check_function_name(file, s.get("run"), "run", *run));
    step.run = *run;
    step.run_where = where(file, s.get("run"));
    return step;
  }

  // An optional Lua function name of the [sequence] table.
  void sequence_function(const std::string& file, const toml::table& seq, const char* key, std::string& out) {
    const std::string none;
    auto name = get_string(file, seq, key, &none);
    if (problems_.check(name) && seq.get(key) && problems_.check(check_function_name(file, seq.get(key), key, *name)))
      out = *name;
  }

  void load_sequence(const std::string& file, const toml::table& seq) {
    check_keys(file, seq, {"setup", "at_end", "max_turns", "turn_limit_result", "phases"}, "[sequence]", problems_);
    auto& sd = def_->sequence;
    sequence_function(file, seq, "setup", sd.setup);
    sequence_function(file, seq, "at_end", sd.at_end);
    const int64_t default_max = sd.max_turns;
    auto mt = get_int(file, seq, "max_turns", &default_max, 1, kMaxTurns);
    if (problems_.check(mt)) sd.max_turns = static_cast<int>(*mt);
    auto limit = get_string(file, seq, "turn_limit_result", &sd.turn_limit_result);
    if (problems_.check(limit)) sd.turn_limit_result = *limit;
    const auto* phases = seq["phases"].as_array();
    if (!phases || phases->empty())
      return problems_.add(bad_data(file, &seq, "missing [[sequence.phases]]: a game needs at least one phase"));
    for (const auto& n : *phases) problems_.check(load_phase(file, n));
  }

  // `id` at `node` of `file`, unless `seen` holds it already: a phase, or a
  // step of one phase, named twice would be two places a save's position,
  // the log and the rules could not tell apart.
  Status first_id(const std::string& file, const toml::table& entry, const std::string& id, const std::string& what,
                  std::map<std::string, const toml::node*>& seen) {
    const toml::node* node = entry.get("id");
    const auto [it, fresh] = seen.emplace(id, node);
    if (fresh) return ok_status();
    return bad_data(file, node, "duplicate " + what + ": first defined at " + where(file, it->second));
  }

  Status load_phase(const std::string& file, const toml::node& n) {
    const auto* p = n.as_table();
    if (!p) return bad_data(file, &n, "bad [[sequence.phases]] entry: a table expected");
    check_keys(file, *p, {"id", "title", "rule", "run", "repeat", "steps"}, "[[sequence.phases]]", problems_);
    auto step = load_step(file, *p, "phase");
    if (!step.ok()) return step.error();
    CB_TRY(first_id(file, *p, step->id, "phase id '" + step->id + "'", phase_ids_));
    PhaseDef ph;
    ph.id = step->id;
    ph.title = step->title;
    ph.rule = step->rule;
    if (const toml::node* steps_node = p->get("steps")) {
      const auto* steps = steps_node->as_array();
      if (!steps) return bad_data(file, steps_node, "bad 'steps': an array of tables expected");
      if (!step->run.empty()) return bad_data(file, p->get("run"), "a phase has either 'run' or 'steps', not both");
      bool steps_ok = true;
      std::map<std::string, const toml::node*> step_ids;
      for (const auto& sn : *steps) {
        const auto* st = sn.as_table();
        if (!st) {
          steps_ok = false;
          problems_.add(bad_data(file, &sn, "bad [[sequence.phases.steps]] entry: a table expected"));
          continue;
        }
        check_keys(file, *st, {"id", "title", "rule", "run"}, "[[sequence.phases.steps]]", problems_);
        auto s = load_step(file, *st, "step");
        if (!problems_.check(s) ||
            !problems_.check(first_id(file, *st, s->id, "step id '" + s->id + "' in phase '" + ph.id + "'", step_ids))) {
          steps_ok = false;
          continue;
        }
        if (s->rule.empty()) s->rule = ph.rule;
        ph.steps.push_back(*s);
      }
      if (!steps_ok) return ok_status();  // each problem is recorded already
    } else {
      if (step->run.empty()) return bad_data(file, &n, "phase '" + ph.id + "' needs 'run' (a Lua function) or 'steps'");
      ph.steps.push_back(*step);
    }
    if (const auto* r = p->get("repeat")) {
      if (r->is_integer()) {
        const int64_t times = *r->value<int64_t>();
        if (times < 1 || times > kMaxImpulses)
          return bad_data(file, r, "bad 'repeat': a number of impulses from 1 to " + std::to_string(kMaxImpulses) +
                                       " expected, got " + std::to_string(times));
        ph.repeat = PhaseDef::Repeat::kTimes;
        ph.times = static_cast<int>(times);
      } else if (r->is_string() && *r->value<std::string>() == "each_side") {
        ph.repeat = PhaseDef::Repeat::kEachSide;
      } else if (!(r->is_string() && *r->value<std::string>() == "once")) {
        return bad_data(file, r, "bad 'repeat': expected \"once\", \"each_side\" or a number of impulses");
      }
    }
    def_->sequence.phases.push_back(std::move(ph));
    return ok_status();
  }

  std::map<std::string, std::pair<size_t, size_t>> var_sizes_;  // [vars] key -> its values and string bytes
  std::map<std::string, const toml::node*> phase_ids_;  // the sequence's phases, by id, where each is defined
  std::string root_;  // where game ids are looked up: the scenario's project, else the given root
  std::vector<size_t> setup_levels_;  // for each of def_->setup_pieces, the scenario level that gave it
  std::vector<std::string> scenario_chain_;  // the scenarios being read that extend others, for cycles
  std::shared_ptr<GameDef> def_;
  Problems problems_;
  std::string hashed_;
  std::map<std::string, std::string> lua_read_;  // read_lua's texts by normal path
  int64_t set_up_pieces_ = 0;    // the pieces the set-up makes so far
  std::vector<Level> levels_;    // the bases first, the game itself last
  std::vector<Source> sources_;  // every data file, the bases' first
};

}  // namespace

std::string project_root() {
  if (const char* env = std::getenv("CARDBOARD_ROOT"); env && *env) return env;
  std::error_code ec;
  if (fs::is_directory("rules", ec) && fs::is_directory("scenarios", ec)) {
    const fs::path cwd = fs::current_path(ec);
    if (!ec) return cwd.string();
  }
  return CARDBOARD_SOURCE_ROOT;
}

std::string root_of(const std::string& path) {
  std::error_code ec;
  const fs::path start = fs::absolute(path, ec).lexically_normal();
  if (ec || path.empty()) return {};
  for (fs::path d = start;; d = d.parent_path()) {
    if (fs::is_directory(d / "rules", ec) && fs::is_directory(d / "scenarios", ec))
      return without_trailing_slash(d.string());
    if (d == d.parent_path()) return {};
  }
}

Result<std::string> resolve_scenario(const std::string& ref, const std::string& root) {
  std::error_code ec;
  if (ref.size() > 5 && ref.substr(ref.size() - 5) == ".toml") {
    if (!fs::exists(ref, ec)) {
      if (ec && ec != std::errc::no_such_file_or_directory)
        return rejected("cannot read the scenario file " + ref + ": " + ec.message());
      return rejected("no such scenario file: " + ref);
    }
    const fs::path abs = fs::absolute(ref, ec);
    if (ec) return rejected("cannot read the scenario file " + ref + ": " + ec.message());
    return abs.lexically_normal().string();
  }
  const std::string path = root + "/scenarios/" + ref + ".toml";
  if (fs::exists(path, ec)) return path;
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

GameCheck check_game(const std::string& scenario_ref, const std::string& root) {
  GameCheck out;
  auto path = resolve_scenario(scenario_ref, root);
  if (!path.ok()) {
    out.problems.add(path.error());
    return out;
  }
  Loader loader(root);
  out.def = loader.run(*path);
  out.problems = std::move(loader.problems());
  return out;
}

GameCheck check_game_folder(const std::string& dir, const std::string& root) {
  GameCheck out;
  Loader loader(root);
  out.def = loader.run_folder(without_trailing_slash(dir));
  out.problems = std::move(loader.problems());
  return out;
}

Result<std::shared_ptr<GameDef>> load_game(const std::string& scenario_ref, const std::string& root) {
  GameCheck check = check_game(scenario_ref, root);
  if (!check.problems.empty()) return check.problems.first();
  return check.def;
}

std::vector<CatalogEntry> list_catalog(const std::string& root) {
  std::vector<CatalogEntry> out;
  const fs::path scen_root = fs::path(root) / "scenarios";
  std::error_code ec;
  for (auto g = fs::directory_iterator(scen_root, ec); !ec && g != fs::directory_iterator(); g.increment(ec)) {
    std::error_code entry_ec;
    if (!g->is_directory(entry_ec)) continue;
    const std::string game = g->path().filename().string();
    std::string game_title = game;
    if (auto gt = parse_toml_file(root + "/rules/" + game + "/game.toml"); gt.ok())
      game_title = (*gt)["game"]["title"].value_or(game);
    for (auto s = fs::directory_iterator(g->path(), entry_ec); !entry_ec && s != fs::directory_iterator();
         s.increment(entry_ec)) {
      if (s->path().extension() != ".toml") continue;
      CatalogEntry e{game, game_title, game + "/" + s->path().stem().string(), s->path().stem().string()};
      // The title, or that of the scenario it extends (a few levels at most).
      std::string file = s->path().string();
      for (int depth = 0; depth < 16 && !file.empty(); ++depth) {
        auto st = parse_toml_file(file);
        if (!st.ok()) break;
        if (auto title = (*st)["scenario"]["title"].value<std::string>()) {
          e.scenario_title = *title;
          break;
        }
        const auto base = (*st)["scenario"]["extends"].value<std::string>();
        file = base ? scenario_base_path(file, *base, root) : "";
      }
      out.push_back(e);
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.scenario < b.scenario; });
  return out;
}

}  // namespace cardboard
