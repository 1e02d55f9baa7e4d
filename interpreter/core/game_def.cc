#include "core/game_def.h"

namespace cardboard {

const char* location_kind_name(LocationKind k) {
  switch (k) {
    case LocationKind::kBox: return "box";
    case LocationKind::kDeck: return "deck";
    case LocationKind::kCup: return "cup";
    case LocationKind::kPile: return "pile";
    case LocationKind::kHand: return "hand";
    case LocationKind::kHex: return "hex";
    case LocationKind::kArea: return "area";
  }
  return "box";
}

const char* visibility_name(Visibility v) {
  switch (v) {
    case Visibility::kPublic: return "public";
    case Visibility::kOwner: return "owner";
    case Visibility::kNobody: return "nobody";
  }
  return "public";
}

void GameDef::index() {
  side_index.clear();
  type_index.clear();
  location_index.clear();
  track_index.clear();
  for (size_t i = 0; i < sides.size(); ++i) side_index.emplace(sides[i].id, static_cast<int>(i));
  for (size_t i = 0; i < types.size(); ++i) type_index.emplace(types[i].id, static_cast<int>(i));
  for (size_t i = 0; i < locations.size(); ++i) location_index.emplace(locations[i].id, static_cast<int>(i));
  for (size_t i = 0; i < tracks.size(); ++i) track_index.emplace(tracks[i].id, static_cast<int>(i));
}

}  // namespace cardboard
