#include "core/state.h"

#include <algorithm>

namespace cardboard {

namespace {
constexpr uint64_t kStateFormat = 2;
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
    // Assigned over the last game's pieces, whose vectors keep their room.
    pieces = pieces_from->pieces;
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
  if (location >= 0) contents[location].push_back(piece);
}

void State::move_to_bottom(int32_t piece, int32_t location) {
  detach(*this, piece);
  pieces[piece].location = location;
  if (location >= 0) contents[location].insert(contents[location].begin(), piece);
}

void State::shuffle(int32_t location) {
  auto& c = contents[location];
  for (size_t i = c.size(); i > 1; --i) std::swap(c[i - 1], c[rng.below(i)]);
}

void State::write(ByteWriter& w) const {
  using W = ByteWriter;
  w.u(kStateFormat);
  w.u(pieces.size());
  for (const auto& p : pieces) {
    char* c = w.claim(6 * W::kMaxVarint);
    c = W::put_i(c, p.type);
    c = W::put_i(c, p.owner);
    c = W::put_i(c, p.location);
    c = W::put_i(c, p.face);
    c = W::put_u(c, p.markers.size());
    if (p.markers.empty() && p.counters.empty()) {
      w.commit(W::put_u(c, 0));
      continue;
    }
    w.commit(c);
    for (const auto& m : p.markers) w.s(m);
    w.u(p.counters.size());
    for (const auto& [k, v] : p.counters) {
      w.s(k);
      w.i(v);
    }
  }
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
  // The prompt and rule of the pending decision are presentation (a rule may
  // word them differently when events are not recorded): only the side and
  // the choices belong to the state.
  w.i(pending.side);
  w.u(pending.choices.size());
  for (const auto& c : pending.choices) w.s(c);
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
    p.type = static_cast<int32_t>(r.i());
    p.owner = static_cast<int32_t>(r.i());
    p.location = static_cast<int32_t>(r.i());
    p.face = static_cast<int32_t>(r.i());
    const uint64_t nm = r.u();
    for (uint64_t k = 0; k < nm && r.ok(); ++k) p.markers.push_back(r.s());
    const uint64_t nc = r.u();
    for (uint64_t k = 0; k < nc && r.ok(); ++k) {
      std::string name = r.s();
      p.counters.emplace_back(std::move(name), r.i());
    }
  }
  const uint64_t nl = r.u();
  if (nl > bytes.size()) return rejected("bad state snapshot: location count");
  s.contents.resize(nl);
  for (auto& c : s.contents) {
    const uint64_t n = r.u();
    for (uint64_t k = 0; k < n && r.ok(); ++k) c.push_back(static_cast<int32_t>(r.u()));
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
  for (uint64_t k = 0; k < nch && r.ok(); ++k) s.pending.choices.push_back(r.s());
  s.finished = r.u() != 0;
  s.result = r.s();
  s.winner = static_cast<int32_t>(r.i());
  if (!r.ok() || !r.at_end()) return rejected("bad state snapshot: truncated or malformed");
  // The invariant: each piece in play is listed once, where it says it is.
  std::vector<int> listed(s.pieces.size(), 0);
  for (size_t loc = 0; loc < s.contents.size(); ++loc)
    for (int32_t id : s.contents[loc]) {
      if (id < 0 || static_cast<size_t>(id) >= s.pieces.size() || s.pieces[id].location != static_cast<int32_t>(loc) ||
          ++listed[id] > 1)
        return rejected("bad state snapshot: location " + std::to_string(loc) + " lists piece " + std::to_string(id) +
                        " wrongly");
    }
  for (size_t id = 0; id < s.pieces.size(); ++id) {
    const int32_t loc = s.pieces[id].location;
    if (loc < -1 || loc >= static_cast<int32_t>(s.contents.size()) || (loc >= 0 && listed[id] != 1))
      return rejected("bad state snapshot: piece " + std::to_string(id) + " is not where it says it is");
  }
  return s;
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
  write(w);
  return hash_bytes(w.bytes());
}

bool set_marker(PieceState& p, const std::string& marker, bool on) {
  auto it = std::lower_bound(p.markers.begin(), p.markers.end(), marker);
  const bool had = it != p.markers.end() && *it == marker;
  if (on && !had) p.markers.insert(it, marker);
  if (!on && had) p.markers.erase(it);
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
  if (value == 0) {
    if (found) p.counters.erase(it);
  } else if (found) {
    it->second = value;
  } else {
    p.counters.insert(it, {name, value});
  }
}

}  // namespace cardboard
