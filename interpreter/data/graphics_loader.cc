#include "data/graphics_loader.h"

#include <cctype>
#include <filesystem>

#include "core/input_file.h"
#include "data/kit_words.h"

namespace cardboard {

namespace {

namespace fs = std::filesystem;

// A CSS hex colour: anything else could carry CSS or markup into the page.
bool is_colour(const std::string& s) {
  if ((s.size() != 4 && s.size() != 7) || s[0] != '#') return false;
  for (size_t i = 1; i < s.size(); ++i)
    if (!std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

class Reader {
 public:
  Reader(const std::string& file, const std::string& dir, GameDef& def, Problems& problems)
      : file_(file), dir_(dir), def_(def), problems_(problems) {}

  void read(const toml::table& g) {
    check_keys(file_, g, {"sides", "terrain", "area_fill", "hexsides", "roads", "types"}, "graphics.toml", problems_);
    if (const auto* t = table(g, "sides"))
      for (const auto& [k, v] : *t) {
        const std::string side(k.str());
        if (def_.find_side(side) < 0) {
          problems_.add(bad_data(file_, &v, with_suggestion("bad sides: no side '" + side + "'", side, side_ids())));
          continue;
        }
        if (auto c = colour(v, "sides." + side); !c.empty()) def_.graphics.sides[side] = c;
      }
    if (const auto* t = table(g, "terrain"))
      for (const auto& [k, v] : *t) {
        GraphicsDef::Style style;
        const std::string what = "terrain." + std::string(k.str());
        if (v.is_table()) {
          const toml::table& st = *v.as_table();
          check_keys(file_, st, {"fill", "image"}, what.c_str(), problems_);
          if (const auto* f = st.get("fill")) style.fill = colour(*f, what + ".fill");
          if (const auto* i = st.get("image")) style.image = image(*i, what + ".image");
        } else {
          style.fill = colour(v, what);
        }
        def_.graphics.terrain[std::string(k.str())] = style;
      }
    if (const auto* n = g.get("area_fill")) {
      if (!n->is_string()) problems_.add(bad_data(file_, n, "bad area_fill: an area attribute's name expected"));
      else def_.graphics.area_fill = *n->value<std::string>();
    }
    colours(g, "hexsides", def_.graphics.hexsides);
    colours(g, "roads", def_.graphics.roads);
    if (const auto* t = table(g, "types"))
      for (const auto& [k, v] : *t) {
        const std::string type(k.str());
        if (def_.find_type(type) < 0) {
          problems_.add(bad_data(file_, &v, with_suggestion("bad types: no piece type '" + type + "'", type, type_ids())));
          continue;
        }
        const toml::table* ct = v.as_table();
        if (!ct) {
          problems_.add(bad_data(file_, &v, "bad types." + type + ": a table { symbol = ... } or { image = ... } expected"));
          continue;
        }
        check_keys(file_, *ct, {"symbol", "image"}, ("types." + type).c_str(), problems_);
        GraphicsDef::Counter counter;
        if (const auto* s = ct->get("symbol")) counter.symbol = symbol(*s, type);
        if (const auto* i = ct->get("image")) counter.image = image(*i, "types." + type + ".image");
        def_.graphics.types[type] = counter;
      }
  }

 private:
  const toml::table* table(const toml::table& g, const char* key) {
    const toml::node* n = g.get(key);
    if (!n) return nullptr;
    if (!n->is_table()) problems_.add(bad_data(file_, n, std::string("bad ") + key + ": a table expected"));
    return n->as_table();
  }

  void colours(const toml::table& g, const char* key, std::map<std::string, std::string, std::less<>>& out) {
    if (const auto* t = table(g, key))
      for (const auto& [k, v] : *t)
        if (auto c = colour(v, std::string(key) + "." + std::string(k.str())); !c.empty()) out[std::string(k.str())] = c;
  }

  std::string colour(const toml::node& n, const std::string& what) {
    if (n.is_string() && is_colour(*n.value<std::string>())) return *n.value<std::string>();
    problems_.add(bad_data(file_, &n, "bad " + what + ": a colour \"#rgb\" or \"#rrggbb\" expected"));
    return "";
  }

  std::string symbol(const toml::node& n, const std::string& type) {
    std::vector<std::string> known(std::begin(kCounterSymbols), std::end(kCounterSymbols));
    if (n.is_string())
      for (const auto& k : known)
        if (k == *n.value<std::string>()) return k;
    const std::string word = n.is_string() ? *n.value<std::string>() : "";
    problems_.add(bad_data(file_, &n, with_suggestion("bad types." + type + ".symbol: '" + word +
                                                           "' is not a symbol the board draws (" + joined(known) + ")",
                                                       word, known)));
    return "";
  }

  // An image under the game's folder, named as written: the name is its
  // address under /asset/GAME/, so it must not climb out of the folder,
  // by '..' or by a link. It is resolved as the game's other files are
  // (path_inside: scripts, files, maps, require), and again each time the
  // server reads it (serve/server.cc).
  std::string image(const toml::node& n, const std::string& what) {
    const std::string name = n.is_string() ? *n.value<std::string>() : "";
    const fs::path p(name);
    const std::string ext = p.extension().string();
    std::string why;
    if (name.empty() || p.is_absolute()) why = "a path under the game's folder expected";
    for (const auto& part : p)
      if (part == ".." || part == ".") why = "a path under the game's folder expected (no '.' or '..')";
    for (char c : name)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '_' || c == '-' || c == '.'))
        why = "a path of letters, digits, '/', '_', '-' and '.' expected";
    if (why.empty() && ext != ".png" && ext != ".jpg" && ext != ".jpeg" && ext != ".svg" && ext != ".webp")
      why = "a .png, .jpg, .jpeg, .svg or .webp file expected";
    std::string file = dir_ + "/" + name;
    if (why.empty()) {
      auto inside = path_inside(dir_, name);
      if (!inside.ok()) why = "'" + name + "': " + inside.error().message + ": name a file inside the game's folder";
      else file = *inside;
    }
    std::error_code ec;
    if (why.empty() && !fs::is_regular_file(file, ec)) why = "no such file: " + file;
    if (!why.empty()) {
      problems_.add(bad_data(file_, &n, "bad " + what + ": " + why));
      return "";
    }
    def_.graphics.images[name] = file;
    return name;
  }

  std::vector<std::string> side_ids() const {
    std::vector<std::string> ids;
    for (const auto& s : def_.sides) ids.push_back(s.id);
    return ids;
  }
  std::vector<std::string> type_ids() const {
    std::vector<std::string> ids;
    for (const auto& t : def_.types) ids.push_back(t.id);
    return ids;
  }

  const std::string& file_;
  const std::string& dir_;
  GameDef& def_;
  Problems& problems_;
};

}  // namespace

void load_graphics(const std::vector<std::string>& dirs, GameDef& def, Problems& problems) {
  for (const std::string& dir : dirs) {
    const std::string path = dir + "/graphics.toml";
    std::error_code ec;
    if (!fs::exists(path, ec)) continue;
    auto text = read_input_file(path);
    if (!problems.check(text)) continue;
    auto table = parse_toml_string(*text, path, &problems);
    if (!table.ok()) continue;
    Reader(path, dir, def, problems).read(*table);
  }
}

}  // namespace cardboard
