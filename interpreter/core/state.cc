#include "core/state.h"

#include <algorithm>

namespace cardboard {

namespace {
// 3: a piece's owner and which optional fields follow share one byte, and
// its location is not written (the contents of the locations give it).
// 5: the pending decision's choices are typed (core/decision.h).
constexpr uint64_t kStateFormat = 5;

// The first varint of a piece: its owner (zigzag) above three flags for the
// fields that follow only when set.
constexpr uint64_t kHasFace = 1, kHasMarkers = 2, kHasCounters = 4, kHasVisibility = 8;
constexpr int kFlagBits = 4;
// The visibility field: the piece's own visibility in its low two bits (3:
// none, seen as its location is), the sides that know it (PieceState::known)
// above. Before the sides' memory it was the visibility alone, which reads
// the same.
constexpr uint64_t kNoVisibility = 3;
constexpr int kVisibilityBits = 2;
uint64_t zigzag(int64_t v) { return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63); }
int64_t unzigzag(uint64_t z) { return static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1); }
}

State State::empty_for(const GameDef& def, uint64_t seed) {
  State s;
  s.contents.resize(def.locations.size());
  s.tracks.reserve(def.tracks.size());
  for (const auto& t : def.tracks) s.tracks.push_back(t.start);
  s.rng.reseed(seed);
  return s;
}

void State::reset_for(const GameDef& def, uint64_t seed, const State* pieces_from) {
  if (pieces_from) {
    // Assigned over the last game's pieces, whose vectors keep their room
    // (a bot plays thousands of games in a row, each starting here).
    const auto& from = pieces_from->pieces;
    pieces.resize(from.size());
    for (size_t i = 0; i < from.size(); ++i) pieces[i].assign(from[i]);
    contents = pieces_from->contents;
  } else {
    pieces.clear();
    contents.resize(def.locations.size());
    for (auto& c : contents) c.clear();
  }
  tracks.clear();
  for (const auto& t : def.tracks) tracks.push_back(t.start);
  vars.entries.clear();
  rng.reseed(seed);
  position = SequencePosition{};
  pending = Decision{};
  finished = false;
  result.clear();
  winner = -1;
}

void State::assign(const State& o) {
  if (this == &o) return;
  pieces.resize(o.pieces.size());
  for (size_t i = 0; i < o.pieces.size(); ++i) pieces[i].assign(o.pieces[i]);
  contents = o.contents;
  tracks = o.tracks;
  vars = o.vars;
  rng = o.rng;
  position = o.position;
  pending = o.pending;
  finished = o.finished;
  result = o.result;
  winner = o.winner;
}

int32_t State::create_piece(int32_t type, int32_t owner, int32_t location) {
  const auto id = static_cast<int32_t>(pieces.size());
  PieceState p;
  p.type = type;
  p.owner = owner;
  pieces.push_back(std::move(p));
  move(id, location);
  return id;
}

static void detach(State& s, int32_t piece) {
  const int32_t from = s.pieces[piece].location;
  if (from < 0) return;
  auto& c = s.contents[from];
  // Most moves take the top piece (draws), so search from the top.
  for (size_t i = c.size(); i-- > 0;) {
    if (c[i] == piece) {
      c.erase(c.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
  }
}

void State::move(int32_t piece, int32_t location) {
  detach(*this, piece);
  pieces[piece].location = location;
  pieces[piece].known = 0;
  if (location >= 0) contents[location].push_back(piece);
}

void State::move_to_bottom(int32_t piece, int32_t location) {
  detach(*this, piece);
  pieces[piece].location = location;
  pieces[piece].known = 0;
  if (location >= 0) contents[location].insert(contents[location].begin(), piece);
}

void State::shuffle(int32_t location) {
  auto& c = contents[location];
  // Who knew a piece here no longer knows where in the pile it is.
  for (int32_t p : c) pieces[p].known = 0;
  for (size_t i = c.size(); i > 1; --i) std::swap(c[i - 1], c[rng.below(i)]);
}

// The encoding, in order: the format; the pieces (each: owner and flags, type,
// then face, its own visibility and the sides that know it, markers, counters
// when set); each location's pieces bottom to top; tracks; vars; the
// generator; the position; the pending decision's side and choices; the
// result. A piece's location is where the contents list it. Without the
// memory (the hash's bytes), the sides that know a piece are not written.
void State::write(ByteWriter& w, bool memory) const {
  using W = ByteWriter;
  w.u(kStateFormat);
  w.u(pieces.size());
  // Every state hash and snapshot writes every piece: the room for their
  // fixed fields is claimed once (again after a piece with markers or
  // counters, written through the writer), and the common piece, two bytes,
  // is written without the general path.
  char* c = w.claim(pieces.size() * 4 * W::kMaxVarint);
  for (size_t i = 0; i < pieces.size(); ++i) {
    const PieceState& p = pieces[i];
    const uint64_t head = zigzag(p.owner) << kFlagBits;
    const uint64_t type = zigzag(p.type);
    const uint64_t known = memory ? p.known : 0;
    if (p.face == 0 && p.visibility < 0 && known == 0 && p.markers.empty() && p.counters.empty() && head < 0x80 &&
        type < 0x80) {
      // No flags, and each varint one byte: what the general path writes.
      *c++ = static_cast<char>(head);
      *c++ = static_cast<char>(type);
      continue;
    }
    const uint64_t flags = (p.face != 0 ? kHasFace : 0) | (p.markers.empty() ? 0 : kHasMarkers) |
                           (p.counters.empty() ? 0 : kHasCounters) |
                           (p.visibility >= 0 || known != 0 ? kHasVisibility : 0);
    c = W::put_u(c, head | flags);
    c = W::put_u(c, type);
    if (flags & kHasFace) c = W::put_i(c, p.face);
    if (flags & kHasVisibility)
      c = W::put_u(c, (p.visibility >= 0 ? static_cast<uint64_t>(p.visibility) : kNoVisibility) |
                          (known << kVisibilityBits));
    if (!(flags & (kHasMarkers | kHasCounters))) continue;
    w.commit(c);
    if (flags & kHasMarkers) {
      w.u(p.markers.size());
      for (const auto& m : p.markers) w.s(m);
    }
    if (flags & kHasCounters) {
      w.u(p.counters.size());
      for (const auto& [k, v] : p.counters) {
        w.s(k);
        w.i(v);
      }
    }
    c = w.claim((pieces.size() - i - 1) * 4 * W::kMaxVarint);
  }
  w.commit(c);
  w.u(contents.size());
  for (const auto& c : contents) {
    char* out = w.claim((c.size() + 1) * W::kMaxVarint);
    out = W::put_u(out, c.size());
    for (auto id : c) out = W::put_u(out, static_cast<uint64_t>(id));
    w.commit(out);
  }
  w.u(tracks.size());
  for (auto t : tracks) w.i(t);
  w.u(vars.entries.size());
  for (const auto& [k, v] : vars.entries) {
    w.s(std::get<std::string>(k));
    v.write(w);
  }
  for (auto word : rng.words()) w.u(word);
  w.i(position.turn);
  w.i(position.phase);
  w.i(position.repeat);
  w.i(position.step);
  w.u(position.in_setup);
  // Of the pending decision, the side and the choices' typed fields belong
  // to the state; the prompt, the rule and the words are presentation.
  w.i(pending.side);
  w.u(pending.choices.size());
  for (const auto& c : pending.choices) {
    w.s(c.option);
    char* out = w.claim(3 * ByteWriter::kMaxVarint + 1);
    out = ByteWriter::put_i(out, c.piece);
    out = ByteWriter::put_i(out, c.location);
    *out++ = static_cast<char>(c.has_number);
    if (c.has_number) out = ByteWriter::put_i(out, c.number);
    w.commit(out);
  }
  w.u(finished);
  w.s(result);
  w.i(winner);
}

Result<State> State::read(std::string_view bytes) {
  ByteReader r(bytes);
  State s;
  if (r.u() != kStateFormat) return rejected("bad state snapshot: unknown format");
  const uint64_t np = r.u();
  if (np > bytes.size()) return rejected("bad state snapshot: piece count");
  s.pieces.resize(np);
  for (auto& p : s.pieces) {
    const uint64_t head = r.u();
    const uint64_t flags = head & ((1u << kFlagBits) - 1);
    p.owner = static_cast<int32_t>(unzigzag(head >> kFlagBits));
    p.type = static_cast<int32_t>(r.i());
    if (flags & kHasFace) p.face = static_cast<int32_t>(r.i());
    if (flags & kHasVisibility) {
      const uint64_t v = r.u();
      const uint64_t code = v & ((1u << kVisibilityBits) - 1);
      if (code > static_cast<uint64_t>(Visibility::kNobody) && code != kNoVisibility)
        return rejected("bad state snapshot: piece visibility");
      if ((v >> kVisibilityBits) > UINT32_MAX) return rejected("bad state snapshot: sides that know a piece");
      p.visibility = code == kNoVisibility ? -1 : static_cast<int32_t>(code);
      p.known = static_cast<uint32_t>(v >> kVisibilityBits);
    }
    if (flags & kHasMarkers) {
      const uint64_t nm = r.u();
      for (uint64_t k = 0; k < nm && r.ok(); ++k) p.markers.push_back(r.s());
    }
    if (flags & kHasCounters) {
      const uint64_t nc = r.u();
      for (uint64_t k = 0; k < nc && r.ok(); ++k) {
        std::string name = r.s();
        p.counters.emplace_back(std::move(name), r.i());
      }
    }
  }
  const uint64_t nl = r.u();
  if (nl > bytes.size()) return rejected("bad state snapshot: location count");
  s.contents.resize(nl);
  // Each piece in play is listed once: the list it is in is its location.
  for (size_t loc = 0; loc < nl && r.ok(); ++loc) {
    auto& c = s.contents[loc];
    const uint64_t n = r.u();
    for (uint64_t k = 0; k < n && r.ok(); ++k) {
      const uint64_t id = r.u();
      if (!r.ok()) break;
      if (id >= s.pieces.size() || s.pieces[id].location != -1)
        return rejected("bad state snapshot: location " + std::to_string(loc) + " lists piece " + std::to_string(id) +
                        (id >= s.pieces.size() ? ", which does not exist" : ", listed twice"));
      s.pieces[id].location = static_cast<int32_t>(loc);
      c.push_back(static_cast<int32_t>(id));
    }
  }
  const uint64_t nt = r.u();
  for (uint64_t k = 0; k < nt && r.ok(); ++k) s.tracks.push_back(r.i());
  const uint64_t nv = r.u();
  for (uint64_t k = 0; k < nv && r.ok(); ++k) {
    std::string key = r.s();
    s.vars.entries.emplace_back(std::move(key), Value::read(r));
  }
  std::array<uint64_t, 4> words{};
  for (auto& word : words) word = r.u();
  s.rng.set_words(words);
  s.position.turn = static_cast<int32_t>(r.i());
  s.position.phase = static_cast<int32_t>(r.i());
  s.position.repeat = static_cast<int32_t>(r.i());
  s.position.step = static_cast<int32_t>(r.i());
  s.position.in_setup = r.u() != 0;
  s.pending.side = static_cast<int32_t>(r.i());
  const uint64_t nch = r.u();
  if (nch > bytes.size()) return rejected("bad state snapshot: choice count");
  for (uint64_t k = 0; k < nch && r.ok(); ++k) {
    Choice c;
    c.option = r.s();
    c.piece = static_cast<int32_t>(r.i());
    c.location = static_cast<int32_t>(r.i());
    c.has_number = r.u() != 0;
    if (c.has_number) c.number = r.i();
    s.pending.choices.push_back(std::move(c));
  }
  s.finished = r.u() != 0;
  s.result = r.s();
  s.winner = static_cast<int32_t>(r.i());
  if (!r.ok() || !r.at_end()) return rejected("bad state snapshot: truncated or malformed");
  return s;
}

namespace {

// Keys strictly ascending (so unique) and no nil value, at every depth.
bool table_is_sorted(const Table& t) {
  for (size_t i = 0; i < t.entries.size(); ++i) {
    if (i > 0 && !(t.entries[i - 1].first < t.entries[i].first)) return false;
    const Value& v = t.entries[i].second;
    if (v.is_nil() || (v.is_table() && !table_is_sorted(v.as_table()))) return false;
  }
  return true;
}

// A count of things, for messages: "12 piece types", "1 side".
std::string count_of(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

Status State::check(const GameDef& def) const {
  auto bad = [](const std::string& why) { return rejected(why); };
  const auto sides = static_cast<int32_t>(def.sides.size());
  const auto types = static_cast<int32_t>(def.types.size());
  const auto locations = static_cast<int32_t>(def.locations.size());
  if (contents.size() != def.locations.size())
    return bad("it has " + count_of(contents.size(), "location", "locations") + ": the game has " +
               count_of(def.locations.size(), "location", "locations"));
  size_t placed = 0;
  for (size_t id = 0; id < pieces.size(); ++id) {
    const PieceState& p = pieces[id];
    const std::string piece = "piece " + std::to_string(id);
    if (p.type < 0 || p.type >= types)
      return bad(piece + " has type " + std::to_string(p.type) + ": the game has " +
                 count_of(def.types.size(), "piece type", "piece types"));
    if (p.owner < -1 || p.owner >= sides)
      return bad(piece + " has owner " + std::to_string(p.owner) + ": the game has " +
                 count_of(def.sides.size(), "side", "sides"));
    if (p.location < -1 || p.location >= locations)
      return bad(piece + " is at location " + std::to_string(p.location) + ": the game has " +
                 count_of(def.locations.size(), "location", "locations"));
    const int faces = std::max(1, static_cast<int>(def.types[p.type].faces.size()));
    if (p.face < 0 || p.face >= faces)
      return bad(piece + " shows face " + std::to_string(p.face) + ": its type has " +
                 count_of(static_cast<size_t>(faces), "face", "faces"));
    if (p.visibility < -1 || p.visibility > static_cast<int32_t>(Visibility::kNobody))
      return bad(piece + " has visibility " + std::to_string(p.visibility));
    if (sides < 32 && (p.known >> sides) != 0)
      return bad(piece + " is known to sides " + std::to_string(p.known) + " (a bit a side): the game has " +
                 count_of(def.sides.size(), "side", "sides"));
    if (!std::is_sorted(p.markers.begin(), p.markers.end()) ||
        std::adjacent_find(p.markers.begin(), p.markers.end()) != p.markers.end())
      return bad(piece + "'s markers are not sorted and unique");
    for (size_t k = 0; k < p.counters.size(); ++k)
      if (p.counters[k].second == 0 || (k > 0 && !(p.counters[k - 1].first < p.counters[k].first)))
        return bad(piece + "'s counters are not sorted, unique and non-zero");
    if (p.location >= 0) ++placed;
  }
  size_t listed = 0;
  for (size_t loc = 0; loc < contents.size(); ++loc) {
    for (const int32_t id : contents[loc]) {
      if (id < 0 || static_cast<size_t>(id) >= pieces.size() || pieces[id].location != static_cast<int32_t>(loc))
        return bad("location " + std::to_string(loc) + " lists piece " + std::to_string(id) +
                   (id < 0 || static_cast<size_t>(id) >= pieces.size() ? ", which does not exist"
                                                                       : ", which is at location " +
                                                                             std::to_string(pieces[id].location)));
      ++listed;
    }
  }
  // Every listed piece is where it says; so listed == placed means each
  // piece in play is listed once.
  if (listed != placed)
    return bad(count_of(placed, "piece is", "pieces are") + " in play but the locations list " + std::to_string(listed));
  if (tracks.size() != def.tracks.size())
    return bad("it has " + count_of(tracks.size(), "track", "tracks") + ": the game has " +
               count_of(def.tracks.size(), "track", "tracks"));
  for (size_t t = 0; t < tracks.size(); ++t)
    if (tracks[t] < def.tracks[t].min || tracks[t] > def.tracks[t].max)
      return bad("track " + def.tracks[t].id + " is at " + std::to_string(tracks[t]) + ", outside " +
                 std::to_string(def.tracks[t].min) + ".." + std::to_string(def.tracks[t].max));
  if (!table_is_sorted(vars)) return bad("its vars are not sorted by key, or hold a nil");
  const auto& words = rng.words();
  if (std::all_of(words.begin(), words.end(), [](uint64_t w) { return w == 0; }))
    return bad("its random number generator is all zero");
  const SequencePosition& pos = position;
  const std::string at = "its position (turn " + std::to_string(pos.turn) + ", phase " + std::to_string(pos.phase) +
                         ", repeat " + std::to_string(pos.repeat) + ", step " + std::to_string(pos.step) + ")";
  if (pos.in_setup) {
    // The game's set-up (step 0), the scenario's (1), then turn 1 (2).
    if (pos.step < 0 || pos.step > 2) return bad(at + " is not a step of the set-up");
  } else if (pos.phase == -2) {
    if (pos.step != 0 || pos.turn < 1) return bad(at + " is not the end of the game");
  } else {
    const auto& phases = def.sequence.phases;
    if (pos.turn < 1) return bad(at + " is before turn 1");
    if (pos.phase < 0 || pos.phase >= static_cast<int32_t>(phases.size()))
      return bad(at + " names a phase the game does not have (it has " + std::to_string(phases.size()) + ")");
    const PhaseDef& ph = phases[pos.phase];
    const int repeats = ph.repeat == PhaseDef::Repeat::kEachSide ? sides
                        : ph.repeat == PhaseDef::Repeat::kTimes  ? ph.times
                                                                 : 1;
    if (pos.step < 0 || pos.step >= static_cast<int32_t>(ph.steps.size()))
      return bad(at + " names a step phase " + ph.id + " does not have (it has " + std::to_string(ph.steps.size()) + ")");
    if (pos.repeat < 0 || pos.repeat >= repeats)
      return bad(at + " repeats phase " + ph.id + " more than its " + std::to_string(repeats) + " times");
  }
  if (pending.side < -1 || pending.side >= sides)
    return bad("its pending decision is side " + std::to_string(pending.side) + "'s: the game has " +
               count_of(def.sides.size(), "side", "sides"));
  for (size_t k = 0; k < pending.choices.size(); ++k) {
    const Choice& c = pending.choices[k];
    const std::string choice = "its pending choice " + std::to_string(k + 1);
    if (c.piece < -1 || c.piece >= static_cast<int32_t>(pieces.size()))
      return bad(choice + " names piece " + std::to_string(c.piece) + ", which does not exist");
    if (c.location < -1 || c.location >= locations)
      return bad(choice + " names location " + std::to_string(c.location) + ", which does not exist");
  }
  if (winner < -1 || winner >= sides)
    return bad("its winner is side " + std::to_string(winner) + ": the game has " +
               count_of(def.sides.size(), "side", "sides"));
  return ok_status();
}

std::string State::serialize() const {
  ByteWriter w;
  w.reserve(64 + pieces.size() * 8 + contents.size() * 4);
  write(w);
  return w.take();
}

uint64_t State::hash() const {
  // One writer per thread keeps its buffer: hashing allocates nothing.
  thread_local ByteWriter w;
  w.clear();
  write(w, false);
  return hash_bytes(w.bytes());
}

bool set_marker(PieceState& p, const std::string& marker, bool on) {
  auto it = std::lower_bound(p.markers.begin(), p.markers.end(), marker);
  const bool had = it != p.markers.end() && *it == marker;
  if (on && !had) p.markers.insert(it, marker);
  if (!on && had) p.markers.erase(it);
  if (on != had) p.known = 0;
  return had;
}

bool has_marker(const PieceState& p, const std::string& marker) {
  return std::binary_search(p.markers.begin(), p.markers.end(), marker);
}

int64_t counter(const PieceState& p, const std::string& name) {
  for (const auto& [k, v] : p.counters)
    if (k == name) return v;
  return 0;
}

void set_counter(PieceState& p, const std::string& name, int64_t value) {
  auto it = std::lower_bound(p.counters.begin(), p.counters.end(), name,
                             [](const auto& e, const std::string& n) { return e.first < n; });
  const bool found = it != p.counters.end() && it->first == name;
  if (value != (found ? it->second : 0)) p.known = 0;
  if (value == 0) {
    if (found) p.counters.erase(it);
  } else if (found) {
    it->second = value;
  } else {
    p.counters.insert(it, {name, value});
  }
}

}  // namespace cardboard
