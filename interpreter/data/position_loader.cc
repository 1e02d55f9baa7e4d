#include "data/position_loader.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "core/sequence.h"
#include "data/game_loader.h"
#include "kit/kit_def.h"
#include "kit/stacking.h"

namespace cardboard {

std::string generator_text(const std::array<uint64_t, 4>& words) {
  std::string out;
  char buf[17];
  for (uint64_t w : words) {
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
    out += buf;
  }
  return out;
}

std::string integer_key_text(int64_t key) { return "[" + std::to_string(key) + "]"; }

bool read_integer_key(std::string_view text, int64_t& key) {
  if (text.size() < 3 || text.front() != '[' || text.back() != ']') return false;
  const char* first = text.data() + 1;
  const char* last = text.data() + text.size() - 1;
  auto [end, ec] = std::from_chars(first, last, key);
  // One spelling a key: "[12]", not "[012]" nor "[+12]".
  return ec == std::errc() && end == last && integer_key_text(key) == text;
}

namespace {

constexpr size_t kMaxDecisions = 100'000;

class PositionReader {
 public:
  PositionReader(const std::string& file, const GameDef& def, Problems& problems)
      : file_(file), def_(def), problems_(problems) {}

  std::shared_ptr<const ScenarioPosition> read(const toml::table& t) {
    const size_t before = problems_.size();
    auto out = std::make_shared<ScenarioPosition>();
    pos_ = out.get();
    pos_->where = where(file_, t);
    check_keys(file_, t,
               {"turn", "phase", "step", "side", "impulse", "setup", "generator", "seed", "shuffle", "decisions",
                "pieces", "order"},
               "[position]", problems_);
    pos_->pieces = State::empty_for(def_, 0);
    read_sequence(t);
    read_generator(t);
    const size_t before_pieces = problems_.size();
    read_pieces(t);
    // A bad entry makes no piece, so the numbers after it would be wrong:
    // the order is checked once every piece is read.
    if (problems_.size() == before_pieces) read_order(t);
    read_shuffle(t);
    read_decisions(t);
    if (problems_.size() == before) check_stacking();
    return problems_.size() == before ? out : nullptr;
  }

 private:
  void add(const toml::node* n, const std::string& what) { problems_.add(bad_data(file_, n, what)); }

  template <typename V>
  static std::vector<std::string> ids(const V& v) {
    std::vector<std::string> out;
    for (const auto& x : v) out.push_back(x.id);
    return out;
  }
  void unknown(const toml::node* n, const std::string& what, const std::string& name,
               const std::vector<std::string>& options) {
    std::string msg = "no such " + what + ": '" + name + "'";
    if (const std::string near = closest(name, options); !near.empty()) msg += ": did you mean '" + near + "'?";
    add(n, msg);
  }
  bool string_of(const toml::table& t, const char* key, std::string& out) {
    auto s = get_string(file_, t, key);
    if (!problems_.check(s)) return false;
    out = *s;
    return true;
  }
  int side_named(const toml::node* n, const std::string& id) {
    const int s = def_.find_side(id);
    if (s < 0) unknown(n, "side", id, ids(def_.sides));
    return s;
  }
  int location_named(const toml::node* n, const std::string& id) {
    const int l = def_.find_location(id);
    if (l < 0) unknown(n, "location", id, ids(def_.locations));
    return l;
  }

  // Where the sequence of play starts: a step of a phase of a turn (its
  // side, or its impulse, for a repeated phase), or one of the set-up's two
  // procedures.
  void read_sequence(const toml::table& t) {
    SequencePosition& at = pos_->at;
    if (const toml::node* s = t.get("setup")) {
      for (const char* key : {"turn", "phase", "step", "side", "impulse"})
        if (t.get(key)) add(t.get(key), std::string("'") + key + "' with 'setup': a position in the set-up has no turn or phase");
      std::string which;
      if (!string_of(t, "setup", which)) return;
      if (which != "rules" && which != "scenario")
        return add(s, "bad 'setup': expected \"rules\" (the sequence's setup) or \"scenario\" (the scenario's), got '" +
                          which + "'");
      at = SequencePosition{0, -1, 0, which == "rules" ? 0 : 1, true};
      return;
    }
    const int64_t one = 1;
    const int64_t last = def_.last_turn > 0 ? std::min<int64_t>(def_.last_turn, def_.sequence.max_turns)
                                            : def_.sequence.max_turns;
    auto turn = get_int(file_, t, "turn", &one, 1, last);
    if (!problems_.check(turn)) return;
    at = SequencePosition{static_cast<int32_t>(*turn), 0, 0, 0, false};
    const auto& phases = def_.sequence.phases;
    if (t.get("phase")) {
      std::string id;
      if (!string_of(t, "phase", id)) return;
      const auto it = std::find_if(phases.begin(), phases.end(), [&](const PhaseDef& p) { return p.id == id; });
      if (it == phases.end()) return unknown(t.get("phase"), "phase", id, ids(phases));
      at.phase = static_cast<int32_t>(it - phases.begin());
    }
    const PhaseDef& ph = phases[at.phase];
    if (t.get("step")) {
      std::string id;
      if (!string_of(t, "step", id)) return;
      const auto it = std::find_if(ph.steps.begin(), ph.steps.end(), [&](const StepDef& s) { return s.id == id; });
      if (it == ph.steps.end()) return unknown(t.get("step"), "step of phase '" + ph.id + "'", id, ids(ph.steps));
      at.step = static_cast<int32_t>(it - ph.steps.begin());
    }
    if (const toml::node* side = t.get("side")) {
      if (ph.repeat != PhaseDef::Repeat::kEachSide)
        return add(side, "'side' for phase '" + ph.id + "', which is not repeated for each side");
      std::string id;
      if (!string_of(t, "side", id)) return;
      const int s = side_named(side, id);
      if (s >= 0) at.repeat = s;
    }
    if (const toml::node* imp = t.get("impulse")) {
      if (ph.repeat != PhaseDef::Repeat::kTimes)
        return add(imp, "'impulse' for phase '" + ph.id + "', which has no impulses");
      auto n = get_int(file_, t, "impulse", nullptr, 1, ph.times);
      if (problems_.check(n)) at.repeat = static_cast<int32_t>(*n - 1);
    }
  }

  void read_generator(const toml::table& t) {
    const toml::node* g = t.get("generator");
    if (!g) {
      if (t.get("seed")) add(t.get("seed"), "'seed' without 'generator': it names the seed the generator came from");
      return;
    }
    std::string text;
    if (!string_of(t, "generator", text)) return;
    const bool hex = text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
                       return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
                     });
    if (!hex) return add(g, "bad 'generator': expected 64 lowercase hex digits (the generator's four words)");
    for (size_t w = 0; w < 4; ++w)
      std::from_chars(text.data() + 16 * w, text.data() + 16 * (w + 1), pos_->generator[w], 16);
    pos_->has_generator = true;
    if (t.get("seed")) {
      // A seed is a 64-bit unsigned number: the TOML integer holds its bits.
      auto v = get_int(file_, t, "seed");
      if (!problems_.check(v)) return;
      pos_->seed = static_cast<uint64_t>(*v);
      pos_->has_seed = true;
    }
  }

  // [[position.pieces]]: every piece in play, in the order of their ids.
  void read_pieces(const toml::table& t) {
    const toml::node* n = t.get("pieces");
    if (!n) return;
    const toml::array* list = n->as_array();
    if (!list) return add(n, "bad [[position.pieces]]: an array of tables expected");
    for (const toml::node& e : *list) {
      const toml::table* p = e.as_table();
      if (!p) {
        add(&e, "bad [[position.pieces]] entry: a table expected");
        continue;
      }
      read_piece(*p);
    }
  }

  void read_piece(const toml::table& p) {
    check_keys(file_, p,
               {"type", "at", "removed", "owner", "face", "markers", "counters", "visibility", "known", "count"},
               "[[position.pieces]]", problems_);
    const size_t before = problems_.size();
    PieceState piece;
    std::string type;
    if (string_of(p, "type", type)) {
      piece.type = def_.find_type(type);
      if (piece.type < 0) unknown(p.get("type"), "piece type", type, ids(def_.types));
    }
    bool removed = false;
    if (const toml::node* r = p.get("removed")) {
      if (!r->is_boolean()) add(r, "bad 'removed': expected true or false");
      else removed = **r->as_boolean();
    }
    if (removed && p.get("at")) add(p.get("at"), "'at' with 'removed = true': a piece removed from play is nowhere");
    if (!removed) {
      std::string at;
      if (!p.get("at")) add(&p, "missing key 'at': the piece's location (or removed = true)");
      else if (string_of(p, "at", at)) piece.location = location_named(p.get("at"), at);
    }
    if (problems_.size() != before) return;
    const PieceTypeDef& td = def_.types[piece.type];
    piece.owner = td.owner;
    if (const toml::node* o = p.get("owner")) {
      std::string id;
      if (string_of(p, "owner", id)) piece.owner = id.empty() ? -1 : side_named(o, id);
      if (!id.empty() && piece.owner < 0) return;
    }
    if (const toml::node* f = p.get("face")) {
      std::string face;
      if (!string_of(p, "face", face)) return;
      const auto it = std::find(td.faces.begin(), td.faces.end(), face);
      if (it == td.faces.end()) return unknown(f, "face of " + td.id, face, td.faces);
      piece.face = static_cast<int32_t>(it - td.faces.begin());
    }
    if (!read_markers(p, piece) || !read_counters(p, piece) || !read_visibility(p, piece) || !read_known(p, piece))
      return;
    const int64_t one = 1;
    auto count = get_int(file_, p, "count", &one, 1, 10000);
    if (!problems_.check(count)) return;
    if (static_cast<int64_t>(pos_->pieces.pieces.size()) + *count > kMaxPieces)
      return add(p.get("count") ? p.get("count") : &p,
                 "the position holds more than " + std::to_string(kMaxPieces) + " pieces");
    for (int64_t c = 0; c < *count; ++c) {
      const int id = pos_->pieces.create_piece(piece.type, piece.owner, piece.location);
      PieceState& made = pos_->pieces.pieces[id];
      made.face = piece.face;
      made.markers = piece.markers;
      made.counters = piece.counters;
      made.visibility = piece.visibility;
      made.known = piece.known;
      piece_where_.push_back(where(file_, p));
      if (!p.get("visibility")) pos_->fog_default.push_back(id);
    }
  }

  bool read_markers(const toml::table& p, PieceState& piece) {
    const toml::node* m = p.get("markers");
    if (!m) return true;
    const toml::array* a = m->as_array();
    if (!a) return add(m, "bad 'markers': an array of marker names expected"), false;
    for (const toml::node& e : *a) {
      const auto name = e.value<std::string>();
      if (!e.is_string() || !valid_id(*name)) return add(&e, "bad marker: a name of letters, digits, '_' or '-' expected"), false;
      set_marker(piece, *name, true);
    }
    return true;
  }

  bool read_counters(const toml::table& p, PieceState& piece) {
    const toml::node* c = p.get("counters");
    if (!c) return true;
    const toml::table* t = c->as_table();
    if (!t) return add(c, "bad 'counters': a table name = integer expected"), false;
    for (const auto& [k, v] : *t) {
      const std::string name(k.str());
      if (!valid_id(name)) return add(&v, "bad counter name '" + name + "': letters, digits, '_' or '-'"), false;
      if (!v.is_integer()) return add(&v, "bad counter '" + name + "': an integer expected"), false;
      set_counter(piece, name, *v.value<int64_t>());
    }
    return true;
  }

  bool read_visibility(const toml::table& p, PieceState& piece) {
    const toml::node* v = p.get("visibility");
    if (!v) return true;
    std::string text;
    if (!string_of(p, "visibility", text)) return false;
    if (text == "location") piece.visibility = -1;
    else if (text == "public") piece.visibility = static_cast<int32_t>(Visibility::kPublic);
    else if (text == "owner") piece.visibility = static_cast<int32_t>(Visibility::kOwner);
    else if (text == "nobody") piece.visibility = static_cast<int32_t>(Visibility::kNobody);
    else return add(v, "bad 'visibility': expected \"public\", \"owner\", \"nobody\" or \"location\", got '" + text + "'"), false;
    if (piece.visibility == static_cast<int32_t>(Visibility::kOwner) && piece.owner < 0)
      return add(v, "'visibility = \"owner\"' for a piece that has no owner"), false;
    return true;
  }

  bool read_known(const toml::table& p, PieceState& piece) {
    const toml::node* k = p.get("known");
    if (!k) return true;
    const toml::array* a = k->as_array();
    if (!a) return add(k, "bad 'known': an array of the side ids that know the piece expected"), false;
    for (const toml::node& e : *a) {
      const auto id = e.value<std::string>();
      if (!e.is_string()) return add(&e, "bad 'known' entry: a side id expected"), false;
      const int s = side_named(&e, *id);
      if (s < 0) return false;
      if (s >= 32) return add(&e, "'known' holds the first 32 sides only"), false;
      piece.known |= 1u << s;
    }
    return true;
  }

  // [position.order]: LOCATION = [piece numbers, bottom to top], where the
  // pieces' order there is not the order they are listed in.
  void read_order(const toml::table& t) {
    const toml::node* n = t.get("order");
    if (!n) return;
    const toml::table* order = n->as_table();
    if (!order) return add(n, "bad [position.order]: a table LOCATION = [piece numbers] expected");
    State& s = pos_->pieces;
    for (const auto& [k, v] : *order) {
      const std::string id(k.str());
      const int loc = location_named(&v, id);
      if (loc < 0) continue;
      const toml::array* a = v.as_array();
      if (!a) {
        add(&v, "bad order of '" + id + "': an array of piece numbers (1 for the first piece listed) expected");
        continue;
      }
      std::vector<int32_t> listed;
      bool good = true;
      for (const toml::node& e : *a) {
        const auto num = e.value<int64_t>();
        if (!e.is_integer() || *num < 1 || *num > static_cast<int64_t>(s.pieces.size())) {
          add(&e, "bad piece number in the order of '" + id + "': expected 1 to " + std::to_string(s.pieces.size()));
          good = false;
          break;
        }
        listed.push_back(static_cast<int32_t>(*num - 1));
      }
      if (!good) continue;
      std::vector<int32_t> sorted_listed = listed, there = s.contents[loc];
      std::sort(sorted_listed.begin(), sorted_listed.end());
      std::sort(there.begin(), there.end());
      if (sorted_listed != there) {
        add(&v, "the order of '" + id + "' must list each of the " + std::to_string(there.size()) +
                    " pieces placed there once, and no other");
        continue;
      }
      s.contents[loc] = listed;
    }
  }

  void read_shuffle(const toml::table& t) {
    const toml::node* n = t.get("shuffle");
    if (!n) return;
    const toml::array* a = n->as_array();
    if (!a) return add(n, "bad 'shuffle': an array of location ids expected");
    for (const toml::node& e : *a) {
      const auto id = e.value<std::string>();
      if (!e.is_string()) {
        add(&e, "bad 'shuffle' entry: a location id expected");
        continue;
      }
      const int loc = location_named(&e, *id);
      if (loc >= 0) pos_->shuffled.push_back(loc);
    }
  }

  void read_decisions(const toml::table& t) {
    const toml::node* n = t.get("decisions");
    if (!n) return;
    const toml::array* a = n->as_array();
    if (!a) return add(n, "bad 'decisions': an array of choices expected (as `act` names them)");
    if (a->size() > kMaxDecisions)
      return add(n, "bad 'decisions': more than " + std::to_string(kMaxDecisions) +
                        " (a position's decisions are those of one phase)");
    for (const toml::node& e : *a) {
      const auto text = e.value<std::string>();
      if (!e.is_string() || text->empty()) {
        add(&e, "bad decision: a choice expected (its number, its words or its value, as `act` takes it)");
        continue;
      }
      pos_->decisions.push_back({*text, where(file_, e)});
    }
  }

  // A position that puts more in a hex than its stacking limit is not a
  // position of the game.
  void check_stacking() {
    if (!def_.kit || !def_.kit->stacking.declared) return;
    const State& s = pos_->pieces;
    for (size_t loc = 0; loc < s.contents.size(); ++loc) {
      // The kit stacks hexes (docs/kit.md); a box's limit is the rules'.
      if (s.contents[loc].empty() || def_.locations[loc].kind != LocationKind::kHex) continue;
      const int64_t limit = stacking_limit(def_, static_cast<int>(loc));
      if (limit < 0) continue;
      const int64_t total = stacking_total(def_, s, static_cast<int>(loc));
      if (total <= limit) continue;
      const std::string& rule = def_.kit->stacking.rule;
      problems_.add(rejected((rule.empty() ? std::string("stacking") : "stacking (" + rule + ")") + ": " +
                             def_.locations[loc].title + " ('" + def_.locations[loc].id + "') holds " +
                             std::to_string(total) + " stacking points, more than its limit of " +
                             std::to_string(limit) + " (" + piece_where_[s.contents[loc].back()] + ")"));
    }
  }

  const std::string& file_;
  const GameDef& def_;
  Problems& problems_;
  ScenarioPosition* pos_ = nullptr;
  std::vector<std::string> piece_where_;  // by piece id, the entry's position
};

}  // namespace

std::shared_ptr<const ScenarioPosition> load_position(const std::string& file, const toml::table& position,
                                                      const GameDef& def, Problems& problems) {
  return PositionReader(file, def, problems).read(position);
}

}  // namespace cardboard
