#include "bots/determinize.h"

#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "core/visibility.h"

namespace cardboard {

int determinize(State& s, const GameDef& def, int side, Rng& rng) {
  // Groups of pieces the side cannot tell apart, in piece order (a std::map
  // by key, so the groups and their order do not depend on anything else).
  using Key = std::tuple<int32_t, std::string, int>;  // owner, the type's kind, its deck
  std::map<Key, std::vector<int32_t>> groups;
  for (int32_t p = 0; p < static_cast<int32_t>(s.pieces.size()); ++p) {
    const PieceState& ps = s.pieces[p];
    if (ps.location < 0 || sees_piece(def, s, p, side)) continue;
    const PieceTypeDef& t = def.types[ps.type];
    groups[Key{ps.owner, t.kind, t.deck}].push_back(p);
  }
  int changed = 0;
  struct Identity {
    int32_t type, face;
    std::vector<std::string> markers;
    std::vector<std::pair<std::string, int64_t>> counters;
  };
  std::vector<Identity> ids;
  for (auto& [key, members] : groups) {
    if (members.size() < 2) continue;
    changed += static_cast<int>(members.size());
    ids.clear();
    for (int32_t p : members) {
      PieceState& ps = s.pieces[p];
      ids.push_back({ps.type, ps.face, std::move(ps.markers), std::move(ps.counters)});
    }
    for (size_t i = ids.size() - 1; i > 0; --i) std::swap(ids[i], ids[rng.below(i + 1)]);
    for (size_t i = 0; i < members.size(); ++i) {
      PieceState& ps = s.pieces[members[i]];
      ps.type = ids[i].type;
      ps.face = ids[i].face;
      ps.markers = std::move(ids[i].markers);
      ps.counters = std::move(ids[i].counters);
    }
  }
  return changed;
}

}  // namespace cardboard
