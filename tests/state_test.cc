// The kernel state (core/state.h, core/value.h, core/bytes.h): the piece and
// location invariant, shuffling, markers and counters, the byte encoding and
// its hash, reading back bad bytes, and plain values.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/state.h"
#include "core/value.h"

using namespace cardboard;

namespace {

Choice option(const std::string& id) {
  Choice c;
  c.option = id;
  return c;
}

// Four locations (0-3) and two tracks (start 4 and 0).
GameDef small_def() {
  GameDef d;
  d.locations.resize(4);
  d.tracks.push_back(TrackDef{"vp", "VP", 0, 10, 4});
  d.tracks.push_back(TrackDef{"turn", "Turn", 0, 8, 0});
  return d;
}

// Every piece is in exactly the contents list of its location (none for -1),
// and every listed piece says it is there.
void check_invariant(const State& s) {
  std::vector<int> seen(s.pieces.size(), 0);
  for (size_t loc = 0; loc < s.contents.size(); ++loc) {
    for (int32_t id : s.contents[loc]) {
      REQUIRE(id >= 0);
      REQUIRE(static_cast<size_t>(id) < s.pieces.size());
      REQUIRE(s.pieces[id].location == static_cast<int32_t>(loc));
      ++seen[id];
    }
  }
  for (size_t id = 0; id < s.pieces.size(); ++id) {
    INFO("piece " << id << " at " << s.pieces[id].location);
    REQUIRE(seen[id] == (s.pieces[id].location >= 0 ? 1 : 0));
  }
}

Table nested_table() {
  Table inner;
  inner.set(int64_t{1}, Value("first"));
  inner.set(int64_t{2}, Value(2.5));
  inner.set(std::string("deep"), Value(Table{}));
  Table t;
  t.set(std::string("list"), Value(inner));
  t.set(int64_t{-3}, Value(true));
  t.set(int64_t{10}, Value(false));
  t.set(std::string("name"), Value("Haganah"));
  return t;
}

// A state with something in every field.
State rich_state() {
  GameDef d = small_def();
  State s = State::empty_for(d, 77);
  s.create_piece(0, 0, 0);
  s.create_piece(1, 1, 0);
  s.create_piece(2, -1, 2);
  s.create_piece(0, 1, -1);
  s.pieces[1].face = 1;
  s.pieces[1].visibility = static_cast<int32_t>(Visibility::kOwner);
  set_marker(s.pieces[0], "disrupted", true);
  set_marker(s.pieces[0], "fired", true);
  set_counter(s.pieces[2], "hits", 2);
  set_counter(s.pieces[2], "steps", -1);
  s.tracks[0] = 7;
  s.vars.set(std::string("table"), Value(nested_table()));
  s.vars.set(std::string("count"), Value(int64_t{-123456789012}));
  s.vars.set(std::string("ratio"), Value(0.125));
  s.vars.set(std::string("flag"), Value(true));
  s.vars.set(std::string("text"), Value(std::string("a\0b", 3)));
  (void)s.rng.next();
  s.position = SequencePosition{3, 1, 1, 2, false};
  s.pending.side = 1;
  s.pending.prompt.format = "Choose a unit";
  s.pending.rule = "7.8";
  s.pending.choices = {option("1st Armor"), option("7th Armor"), option("pass")};
  s.pending.choices[0].piece = 0;
  s.pending.choices[1].piece = 0;
  s.pending.choices[1].location = 2;
  s.pending.choices[2].has_number = true;
  s.pending.choices[2].number = -3;
  s.finished = true;
  s.result = "Israeli decisive victory";
  s.winner = 0;
  return s;
}

}  // namespace

TEST_CASE("state: an empty state has the definition's locations and track starts", "[kernel][state]") {
  const State s = State::empty_for(small_def(), 1);
  CHECK(s.contents.size() == 4);
  CHECK(s.tracks == std::vector<int64_t>{4, 0});
  CHECK(s.pieces.empty());
  CHECK(s.rng.words() == Rng(1).words());
  CHECK(s.position.in_setup);
  CHECK_FALSE(s.pending.open());
}

TEST_CASE("state: create and move keep each piece in exactly one location, top last", "[kernel][state]") {
  State s = State::empty_for(small_def(), 1);
  const int32_t a = s.create_piece(0, 0, 0);
  const int32_t b = s.create_piece(0, 0, 0);
  const int32_t c = s.create_piece(1, 1, 1);
  const int32_t gone = s.create_piece(1, 1, -1);
  CHECK(a == 0);
  CHECK(b == 1);
  CHECK(gone == 3);
  check_invariant(s);
  CHECK(s.contents[0] == std::vector<int32_t>{a, b});
  CHECK(s.pieces[gone].location == -1);

  s.move(a, 0);  // to the top of its own location
  CHECK(s.contents[0] == std::vector<int32_t>{b, a});
  s.move(c, 0);
  CHECK(s.contents[0] == std::vector<int32_t>{b, a, c});
  CHECK(s.contents[1].empty());
  s.move_to_bottom(c, 2);
  s.move_to_bottom(a, 2);
  CHECK(s.contents[2] == std::vector<int32_t>{a, c});
  s.move_to_bottom(b, 2);
  CHECK(s.contents[2] == std::vector<int32_t>{b, a, c});
  CHECK(s.contents[0].empty());
  s.move(a, -1);
  CHECK(s.pieces[a].location == -1);
  CHECK(s.contents[2] == std::vector<int32_t>{b, c});
  s.move(gone, 3);
  check_invariant(s);

  // Many random moves never break the invariant.
  Rng rng(5);
  for (int i = 0; i < 2000; ++i) {
    const auto p = static_cast<int32_t>(rng.below(s.pieces.size()));
    const auto to = static_cast<int32_t>(rng.below(5)) - 1;
    if (rng.below(2)) s.move(p, to);
    else s.move_to_bottom(p, to);
  }
  check_invariant(s);
}

TEST_CASE("state: a shuffle is a permutation determined by the seed", "[kernel][state]") {
  auto shuffled = [](uint64_t seed) {
    State s = State::empty_for(small_def(), seed);
    for (int i = 0; i < 20; ++i) s.create_piece(i, -1, 1);
    s.shuffle(1);
    check_invariant(s);
    return s.contents[1];
  };
  const auto once = shuffled(9);
  std::vector<int32_t> sorted = once;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int32_t> ids(20);
  for (int i = 0; i < 20; ++i) ids[i] = i;
  CHECK(sorted == ids);
  CHECK(once != ids);
  CHECK(shuffled(9) == once);
  CHECK(shuffled(10) != once);

  State s = State::empty_for(small_def(), 1);
  s.shuffle(0);  // empty: nothing happens
  s.create_piece(0, -1, 0);
  s.shuffle(0);
  CHECK(s.contents[0] == std::vector<int32_t>{0});
}

TEST_CASE("state: markers stay sorted and unique", "[kernel][state]") {
  PieceState p;
  CHECK_FALSE(set_marker(p, "suppressed", true));
  CHECK_FALSE(set_marker(p, "disrupted", true));
  CHECK_FALSE(set_marker(p, "fired", true));
  CHECK(set_marker(p, "fired", true));  // had it already
  CHECK(p.markers == std::vector<std::string>{"disrupted", "fired", "suppressed"});
  CHECK(has_marker(p, "fired"));
  CHECK(set_marker(p, "fired", false));
  CHECK_FALSE(set_marker(p, "fired", false));
  CHECK_FALSE(has_marker(p, "fired"));
  CHECK(p.markers == std::vector<std::string>{"disrupted", "suppressed"});
}

TEST_CASE("state: counters stay sorted and a counter set to 0 is removed", "[kernel][state]") {
  PieceState p;
  set_counter(p, "steps", 2);
  set_counter(p, "hits", 1);
  set_counter(p, "moves", -3);
  using C = std::vector<std::pair<std::string, int64_t>>;
  CHECK(p.counters == C{{"hits", 1}, {"moves", -3}, {"steps", 2}});
  CHECK(counter(p, "moves") == -3);
  CHECK(counter(p, "absent") == 0);
  set_counter(p, "hits", 5);
  set_counter(p, "moves", 0);
  set_counter(p, "absent", 0);
  CHECK(p.counters == C{{"hits", 5}, {"steps", 2}});
}

TEST_CASE("state: serialize then read gives identical bytes and hash", "[kernel][state]") {
  const State s = rich_state();
  const std::string bytes = s.serialize();
  auto back = State::read(bytes);
  REQUIRE(back.ok());
  CHECK(back->serialize() == bytes);
  CHECK(back->hash() == s.hash());
  CHECK(back->hash() == hash_bytes(bytes));
  CHECK(Value(back->vars) == Value(s.vars));
  REQUIRE(back->pending.choices.size() == s.pending.choices.size());
  for (size_t i = 0; i < s.pending.choices.size(); ++i) CHECK(back->pending.choices[i].same_value(s.pending.choices[i]));
  CHECK(back->result == "Israeli decisive victory");
  CHECK(back->finished);
  CHECK(back->winner == 0);
  CHECK(back->pieces[0].markers == std::vector<std::string>{"disrupted", "fired"});
  CHECK(counter(back->pieces[2], "steps") == -1);
  CHECK(back->pieces[1].visibility == static_cast<int32_t>(Visibility::kOwner));
  CHECK(back->pieces[0].visibility == -1);
  CHECK(back->vars.find("text")->as_string() == std::string("a\0b", 3));
  CHECK(back->rng.words() == s.rng.words());
  check_invariant(*back);
  // The restored generator continues where the original stopped.
  State a = s;
  State b = *back;
  CHECK(a.rng.next() == b.rng.next());
}

TEST_CASE("state: the sides' memory of hidden pieces is in the snapshot, not in the hash", "[kernel][state][hidden]") {
  State s = rich_state();
  const uint64_t hash = s.hash();
  s.pieces[1].known = 2;  // with a visibility of its own
  s.pieces[0].known = 1;  // seen as its location is
  // Kept by a snapshot, left out of the hash: the history gives it.
  CHECK(s.hash() == hash);
  auto back = State::read(s.serialize());
  REQUIRE(back.ok());
  CHECK(back->pieces[1].known == 2);
  CHECK(back->pieces[1].visibility == static_cast<int32_t>(Visibility::kOwner));
  CHECK(back->pieces[0].known == 1);
  CHECK(back->pieces[0].visibility == -1);
  CHECK(back->pieces[2].known == 0);
  CHECK(back->serialize() == s.serialize());
  CHECK(back->hash() == hash);
  // A snapshot made before there was a memory reads as one with none.
  s.pieces[0].known = s.pieces[1].known = 0;
  back = State::read(s.serialize());
  REQUIRE(back.ok());
  CHECK(back->pieces[1].known == 0);
  CHECK(back->hash() == hash);
  // Any move or change of a piece clears it; a shuffle, of its pile.
  State m = rich_state();
  for (auto& p : m.pieces) p.known = 3;
  m.move(0, m.pieces[0].location);
  CHECK(m.pieces[0].known == 0);
  set_marker(m.pieces[1], "new", true);
  CHECK(m.pieces[1].known == 0);
  m.pieces[1].known = 3;
  set_marker(m.pieces[1], "new", true);  // it had it: no change
  CHECK(m.pieces[1].known == 3);
  set_counter(m.pieces[2], "steps", -1);  // the same value
  CHECK(m.pieces[2].known == 3);
  set_counter(m.pieces[2], "steps", 0);
  CHECK(m.pieces[2].known == 0);
  m.pieces[2].known = 3;
  m.shuffle(m.pieces[2].location);
  CHECK(m.pieces[2].known == 0);
}

TEST_CASE("state: the hash changes when any single field changes", "[kernel][state]") {
  const State base = rich_state();
  std::vector<std::pair<const char*, std::function<void(State&)>>> changes = {
      {"piece type", [](State& s) { s.pieces[0].type = 5; }},
      {"piece owner", [](State& s) { s.pieces[0].owner = -1; }},
      {"piece face", [](State& s) { s.pieces[0].face = 1; }},
      {"piece's own visibility", [](State& s) { s.pieces[0].visibility = static_cast<int32_t>(Visibility::kPublic); }},
      {"piece's visibility dropped", [](State& s) { s.pieces[1].visibility = -1; }},
      {"piece location", [](State& s) { s.move(0, 3); }},
      {"order in a location", [](State& s) { s.move(0, 0); }},
      {"marker added", [](State& s) { set_marker(s.pieces[1], "fired", true); }},
      {"marker removed", [](State& s) { set_marker(s.pieces[0], "fired", false); }},
      {"counter", [](State& s) { set_counter(s.pieces[2], "hits", 3); }},
      {"new piece", [](State& s) { s.create_piece(0, 0, -1); }},
      {"track", [](State& s) { s.tracks[1] = 1; }},
      {"var integer", [](State& s) { s.vars.set(std::string("count"), Value(int64_t{1})); }},
      {"var integer to number", [](State& s) { s.vars.set(std::string("count"), Value(-123456789012.0)); }},
      {"var number", [](State& s) { s.vars.set(std::string("ratio"), Value(0.25)); }},
      {"var boolean", [](State& s) { s.vars.set(std::string("flag"), Value(false)); }},
      {"var removed", [](State& s) { s.vars.set(std::string("flag"), Value()); }},
      {"nested var", [](State& s) {
         Table t = nested_table();
         t.set(int64_t{10}, Value(true));
         s.vars.set(std::string("table"), Value(t));
       }},
      {"rng", [](State& s) { (void)s.rng.next(); }},
      {"turn", [](State& s) { s.position.turn = 4; }},
      {"phase", [](State& s) { s.position.phase = 2; }},
      {"repeat", [](State& s) { s.position.repeat = 0; }},
      {"step", [](State& s) { s.position.step = 1; }},
      {"in set-up", [](State& s) { s.position.in_setup = true; }},
      {"pending side", [](State& s) { s.pending.side = 0; }},
      {"pending choices", [](State& s) { s.pending.choices.pop_back(); }},
      {"a choice's piece", [](State& s) { s.pending.choices[0].piece = 1; }},
      {"a choice's destination", [](State& s) { s.pending.choices[1].location = 3; }},
      {"a choice's number", [](State& s) { s.pending.choices[2].number = 3; }},
      {"finished", [](State& s) { s.finished = false; }},
      {"result", [](State& s) { s.result = "draw"; }},
      {"winner", [](State& s) { s.winner = 1; }},
  };
  std::set<uint64_t> hashes{base.hash()};
  for (const auto& [what, change] : changes) {
    INFO("changed: " << what);
    State s = base;
    change(s);
    CHECK(s.hash() != base.hash());
    CHECK(hashes.insert(s.hash()).second);
  }
  // The pending decision's prompt, rule and words are presentation, not state.
  State worded = base;
  worded.pending.prompt.format = "Choose a brigade";
  worded.pending.rule = "7.9";
  worded.pending.choices[0].text.format = "The first armoured brigade";
  worded.pending.choices[0].note.format = "attack 6";
  CHECK(worded.hash() == base.hash());
}

TEST_CASE("state: the hash of a fixed small state is pinned", "[kernel][state]") {
  // This value must change only when the state's byte format changes (and
  // kStateFormat with it): saves record these hashes, and replays compare them.
  State s = State::empty_for(small_def(), 2024);
  s.create_piece(0, 0, 1);
  s.create_piece(1, 1, 1);
  set_marker(s.pieces[1], "fired", true);
  set_counter(s.pieces[0], "hits", 1);
  s.tracks[1] = 3;
  s.vars.set(std::string("phase"), Value("assault"));
  s.position = SequencePosition{1, 0, 0, 0, false};
  s.pending.side = 0;
  s.pending.prompt.format = "Roll?";
  s.pending.rule = "1";
  s.pending.choices = {option("roll"), option("wait")};
  CHECK(hash_hex(s.hash()) == "b00b70124d4d5c66");
  CHECK(hash_hex(hash_bytes("")) == "d0002c1652fd3a6d");
}

TEST_CASE("state: reading any truncation of a snapshot is an error, not a crash", "[kernel][state]") {
  const std::string bytes = rich_state().serialize();
  for (size_t n = 0; n < bytes.size(); ++n) {
    INFO("truncated to " << n << " of " << bytes.size() << " bytes");
    auto r = State::read(std::string_view(bytes.data(), n));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::kRejected);
  }
  auto extra = State::read(bytes + "x");
  REQUIRE_FALSE(extra.ok());
  CHECK(extra.error().message == "bad state snapshot: truncated or malformed");
  auto empty = State::read("");
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().message == "bad state snapshot: unknown format");
  auto version = State::read(std::string(1, '\x7f') + bytes.substr(1));
  REQUIRE_FALSE(version.ok());
  CHECK(version.error().message == "bad state snapshot: unknown format");
}

TEST_CASE("state: reading garbage or corrupted bytes never crashes", "[kernel][state]") {
  const std::string bytes = rich_state().serialize();
  Rng rng(31337);
  int accepted = 0;
  auto try_read = [&](const std::string& b) {
    auto r = State::read(b);
    if (r.ok()) {
      ++accepted;
      (void)r->serialize();  // whatever was accepted can be written again
    }
  };
  // Random buffers, with and without a valid format byte in front.
  for (int i = 0; i < 2000; ++i) {
    std::string b(rng.below(200), '\0');
    for (auto& ch : b) ch = static_cast<char>(rng.below(256));
    try_read(b);
    try_read("\x01" + b);
  }
  // Every byte of a real snapshot flipped to a few values.
  for (size_t pos = 0; pos < bytes.size(); ++pos) {
    for (int v : {0x00, 0x01, 0x7f, 0x80, 0xff}) {
      std::string b = bytes;
      b[pos] = static_cast<char>(v);
      try_read(b);
    }
  }
  SUCCEED("read " << accepted << " corrupted buffers as states without crashing");
}

TEST_CASE("state: read gives each piece the location that lists it, and rejects bad lists", "[kernel][state]") {
  // A piece's location is not written: the contents of the locations give
  // it. A snapshot listing a piece id that does not exist, or one piece twice,
  // would break the invariant (and the first move or draw would read out of
  // bounds): State::read refuses it.
  const State good = rich_state();
  auto back = State::read(good.serialize());
  REQUIRE(back.ok());
  for (size_t id = 0; id < good.pieces.size(); ++id) CHECK(back->pieces[id].location == good.pieces[id].location);
  CHECK(back->pieces[3].location == -1);
  check_invariant(*back);

  auto message = [](const State& bad) {
    auto r = State::read(bad.serialize());
    REQUIRE_FALSE(r.ok());
    return r.error().message;
  };
  State ghost = good;
  ghost.contents[1].push_back(99);  // no piece 99
  CHECK(message(ghost) == "bad state snapshot: location 1 lists piece 99, which does not exist");
  State twice = good;
  twice.contents[2].push_back(0);  // piece 0 is listed at location 0 too
  CHECK(message(twice) == "bad state snapshot: location 2 lists piece 0, listed twice");
  State same = good;
  same.contents[0].push_back(0);
  CHECK(message(same) == "bad state snapshot: location 0 lists piece 0, listed twice");
}

TEST_CASE("value: equality compares type and content", "[kernel][state]") {
  CHECK(Value() == Value());
  CHECK(Value(1) == Value(int64_t{1}));
  CHECK_FALSE(Value(1) == Value(1.0));  // an integer is not a number
  CHECK_FALSE(Value(true) == Value(1));
  CHECK_FALSE(Value() == Value(false));
  CHECK(Value("a") == Value(std::string("a")));
  CHECK_FALSE(Value("a") == Value("b"));
  CHECK(Value(0.5) == Value(0.5));
  CHECK(Value(nested_table()) == Value(nested_table()));
  Table other = nested_table();
  Table inner = other.find("list")->as_table();
  inner.set(int64_t{2}, Value(2.75));
  other.set(std::string("list"), Value(inner));
  CHECK_FALSE(Value(nested_table()) == Value(other));
  CHECK_FALSE(Value(Table{}) == Value(nested_table()));

  // A copy is deep: changing it leaves the original alone.
  Value original(nested_table());
  Value copy = original;
  copy.as_table().set(std::string("name"), Value("Golani"));
  CHECK(original.as_table().find("name")->as_string() == "Haganah");
}

TEST_CASE("value: Table::set keeps keys sorted, integers first, and nil removes", "[kernel][state]") {
  Table t;
  t.set(std::string("b"), Value(1));
  t.set(int64_t{3}, Value(2));
  t.set(std::string("a"), Value(3));
  t.set(int64_t{-1}, Value(4));
  t.set(int64_t{3}, Value(5));  // replaces
  REQUIRE(t.entries.size() == 4);
  CHECK(t.entries[0].first == Value::Key(int64_t{-1}));
  CHECK(t.entries[1].first == Value::Key(int64_t{3}));
  CHECK(t.entries[1].second == Value(5));
  CHECK(t.entries[2].first == Value::Key(std::string("a")));
  CHECK(t.entries[3].first == Value::Key(std::string("b")));
  CHECK(t.find("a")->as_int() == 3);
  CHECK(t.find("c") == nullptr);
  CHECK(t.find_key(int64_t{-1})->as_int() == 4);
  CHECK(t.find_key(int64_t{2}) == nullptr);

  t.set(std::string("a"), Value());
  t.set(int64_t{3}, Value());
  t.set(std::string("never"), Value());  // removing an absent key is a no-op
  REQUIRE(t.entries.size() == 2);
  CHECK(t.find("a") == nullptr);
  CHECK(t.find_key(int64_t{3}) == nullptr);
  CHECK(t.find("b")->as_int() == 1);
}

TEST_CASE("value: a value written and read back is equal to the original", "[kernel][state]") {
  for (const Value& v : {Value(), Value(true), Value(false), Value(int64_t{-1}), Value(INT64_MIN),
                         Value(INT64_MAX), Value(-0.0), Value(1e300), Value(""), Value("x y z"),
                         Value(nested_table())}) {
    ByteWriter w;
    v.write(w);
    ByteReader r(w.bytes());
    const Value back = Value::read(r);
    CHECK(r.ok());
    CHECK(r.at_end());
    CHECK(back == v);
  }
}
