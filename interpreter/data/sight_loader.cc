// [sight] (docs/kit.md#line-of-sight): each level's game.toml in turn, the
// base's first, a later level replacing a key. Terrain and hexside features
// are checked against what the hex maps use, kinds against the piece types'.
#include <set>
#include <string>
#include <vector>

#include "data/kit_loader.h"
#include "data/kit_words.h"

namespace cardboard {

namespace {

// No two hexes of a map are further apart than 200 (columns and rows are at most 100).
constexpr int64_t kMaxSightRange = 10'000;

}  // namespace

void load_sight(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems) {
  SightDef& sight = kit.sight;
  const KitWords words = kit_words(def);
  int suggestions = kMaxSuggestions;
  for (const KitSource& s : sources) {
    const toml::node* sec = s.table->get("sight");
    if (!sec) continue;
    const std::string& f = *s.path;
    const toml::table* t = sec->as_table();
    if (!t) {
      problems.add(bad_data(f, sec, "bad [sight]: a table expected"));
      continue;
    }
    sight.declared = true;
    check_keys(f, *t, {"terrain", "hexsides", "blocking_kinds", "range", "along_hexside"}, "[sight]", problems);
    // A list of words the maps (or the piece types) must use, when `checked`;
    // a later level's list replaces the earlier.
    auto word_list = [&](const char* key, const std::set<std::string>& used, bool checked, const std::string& what,
                         auto& out) {
      const toml::node* n = t->get(key);
      if (!n) return;
      out.clear();
      const std::vector<std::string> known(used.begin(), used.end());
      read_words(f, n, key, problems, [&](const std::string& w, const toml::node& e) {
        if (checked && !used.count(w))
          problems.add(bad_data(f, &e, suggest("bad '" + std::string(key) + "' entry: " + what + " '" + w + "'", w,
                                               known, suggestions)));
        else out.insert(out.end(), w);
      });
    };
    word_list("terrain", words.terrain, words.hex_maps, "no hex map has the terrain", sight.terrain);
    word_list("hexsides", words.hexsides, words.hex_maps, "no hex map has a hexside", sight.hexsides);
    word_list("blocking_kinds", words.kinds, true, "no piece type is of kind", sight.blocking_kinds);
    if (t->get("range")) {
      const int64_t none = -1;
      auto r = get_int(f, *t, "range", &none, 0, kMaxSightRange);
      if (problems.check(r)) sight.range = static_cast<int>(*r);
    }
    if (t->get("along_hexside")) {
      auto a = get_string(f, *t, "along_hexside");
      if (problems.check(a)) {
        if (*a == "one_side") sight.along = SightDef::Along::kOneSide;
        else if (*a == "either") sight.along = SightDef::Along::kEither;
        else if (*a == "both") sight.along = SightDef::Along::kBoth;
        else
          problems.add(bad_data(f, t->get("along_hexside"),
                                "bad 'along_hexside': \"one_side\", \"either\" or \"both\" expected"));
      }
    }
  }
}

}  // namespace cardboard
