#include "data/kit_words.h"

#include <algorithm>

#include "maps/hex_grid.h"

namespace cardboard {

KitWords kit_words(const GameDef& def) {
  KitWords w;
  for (const MapDef& m : def.maps) {
    if (!m.hex) continue;
    w.hex_maps = true;
    for (int c = 0; c < m.hex->size(); ++c)
      if (!m.hex->terrain(c).empty()) w.terrain.insert(m.hex->terrain(c));
    for (const auto& [cells, feature] : m.hex->hexsides()) w.hexsides.insert(feature);
  }
  for (const PieceTypeDef& t : def.types) w.kinds.insert(t.kind);
  return w;
}

std::string with_suggestion(std::string message, const std::string& word, const std::vector<std::string>& options) {
  if (const std::string near = closest(word, options); !near.empty()) message += ": did you mean '" + near + "'?";
  return message;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string suggest(std::string message, const std::string& word, const std::vector<std::string>& options,
                    int& budget) {
  if (budget <= 0 || word.size() > kMaxSuggestedWord) return message;
  --budget;
  if (const std::string near = closest(word, options); !near.empty()) message += ": did you mean '" + near + "'?";
  return message;
}

bool some_type_prints(const GameDef& def, const std::string& key) {
  for (const PieceTypeDef& t : def.types)
    if (t.values.find(std::string_view(key))) return true;
  return false;
}

int read_option(const std::string& file, const toml::table& t, const char* key, const std::vector<std::string>& options,
                const std::string& context, Problems& problems) {
  const toml::node* n = t.get(key);
  if (!n) return -1;
  const std::string* s = n->is_string() ? &n->ref<std::string>() : nullptr;
  const auto it = s ? std::find(options.begin(), options.end(), *s) : options.end();
  if (it != options.end()) return static_cast<int>(it - options.begin());
  std::string msg = std::string("bad '") + key + "' in " + context + ": one of " + joined(options) + " expected";
  if (s) msg = with_suggestion(msg + ", got '" + *s + "'", *s, options);
  else msg += ", got " + std::string(type_name(n));
  problems.add(bad_data(file, n, msg));
  return -1;
}

}  // namespace cardboard
