#include "bots/determinize.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/visibility.h"

namespace cardboard {

namespace {

// The groups of pieces `side` does not see and cannot tell apart, each in
// the order of the places they are in (by location, bottom to top), which
// the side sees, rather than by piece id: ids are handed out type by type,
// so their order would tell types apart. In a std::map by key, so nothing
// depends on anything but the state.
std::vector<std::vector<int32_t>> hidden_groups(const State& s, const GameDef& def, int side) {
  using Key = std::tuple<int32_t, std::string, int>;  // the type's owner, kind and deck
  std::map<Key, std::vector<int32_t>> groups;
  for (size_t loc = 0; loc < s.contents.size(); ++loc)
    for (int32_t p : s.contents[loc]) {
      if (knows_piece(def, s, p, side)) continue;
      const PieceTypeDef& t = def.types[static_cast<size_t>(s.pieces[static_cast<size_t>(p)].type)];
      groups[Key{t.owner, t.kind, t.deck}].push_back(p);
    }
  std::vector<std::vector<int32_t>> out;
  for (auto& [key, members] : groups) out.push_back(std::move(members));
  return out;
}

}  // namespace

int determinize(State& s, const GameDef& def, int side, Rng& rng) {
  int changed = 0;
  struct Identity {
    int32_t type, face;
    std::vector<std::string> markers;
    std::vector<std::pair<std::string, int64_t>> counters;
  };
  std::vector<Identity> ids;
  for (const auto& members : hidden_groups(s, def, side)) {
    if (members.size() < 2) continue;
    changed += static_cast<int>(members.size());
    ids.clear();
    for (int32_t p : members) {
      PieceState& ps = s.pieces[static_cast<size_t>(p)];
      ids.push_back({ps.type, ps.face, std::move(ps.markers), std::move(ps.counters)});
    }
    // From one order of the identities whatever their places now, so that
    // the sample depends on the generator and the side's view only.
    std::sort(ids.begin(), ids.end(), [](const Identity& a, const Identity& b) {
      return std::tie(a.type, a.face, a.markers, a.counters) < std::tie(b.type, b.face, b.markers, b.counters);
    });
    for (size_t i = ids.size() - 1; i > 0; --i) std::swap(ids[i], ids[rng.below(i + 1)]);
    for (size_t i = 0; i < members.size(); ++i) {
      PieceState& ps = s.pieces[static_cast<size_t>(members[i])];
      ps.type = ids[i].type;
      ps.face = ids[i].face;
      ps.markers = std::move(ids[i].markers);
      ps.counters = std::move(ids[i].counters);
    }
  }
  return changed;
}

uint64_t view_hash(const State& s, const GameDef& def, int side, bool with_vars) {
  // The state with each group's pieces given the group's ids in the order
  // of their places, and nothing of what they are: two states that differ
  // only in what the side cannot see hash alike.
  State v = s;
  std::vector<int32_t> relabel(s.pieces.size());
  for (size_t p = 0; p < relabel.size(); ++p) relabel[p] = static_cast<int32_t>(p);
  for (const auto& members : hidden_groups(s, def, side)) {
    std::vector<int32_t> sorted = members;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < members.size(); ++i) relabel[static_cast<size_t>(members[i])] = sorted[i];
  }
  for (size_t p = 0; p < relabel.size(); ++p) {
    if (relabel[p] == static_cast<int32_t>(p) && knows_piece(def, s, static_cast<int>(p), side)) continue;
    PieceState& to = v.pieces[static_cast<size_t>(relabel[p])];
    to = s.pieces[p];
    if (!knows_piece(def, s, static_cast<int>(p), side)) {
      to.type = -1;
      to.face = 0;
      to.markers.clear();
      to.counters.clear();
    }
  }
  for (auto& c : v.contents)
    for (auto& p : c) p = relabel[static_cast<size_t>(p)];
  for (auto& c : v.pending.choices)
    if (c.piece >= 0) c.piece = relabel[static_cast<size_t>(c.piece)];
  v.rng.set_words({1, 2, 3, 4});
  if (!with_vars) v.vars.entries.clear();
  return v.hash();
}

}  // namespace cardboard
