#include "data/kit_words.h"

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

}  // namespace cardboard
