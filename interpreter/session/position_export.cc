#include "session/position_export.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <tuple>

#include "bots/determinize.h"
#include "core/bytes.h"
#include "core/decision.h"
#include "core/sequence.h"
#include "core/visibility.h"
#include "data/game_loader.h"
#include "data/position_loader.h"
#include "data/toml_file.h"
#include "kit/fog.h"

namespace cardboard {

namespace {

// TOML's basic string: every byte that is not printable ASCII or UTF-8
// escaped; bytes that are not UTF-8 at all cannot be written.
bool toml_string(std::string_view s, std::string& out) {
  out += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"') out += "\\\"";
    else if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", c);
      out += buf;
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      // One UTF-8 sequence, checked: its length from the lead byte, then
      // continuation bytes; no overlong forms, surrogates or values past U+10FFFF.
      const size_t n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
      if (n == 0 || c > 0xf4 || i + n > s.size()) return false;
      uint32_t cp = c & (0x7f >> n);
      for (size_t k = 1; k < n; ++k) {
        const auto d = static_cast<unsigned char>(s[i + k]);
        if ((d & 0xc0) != 0x80) return false;
        cp = cp << 6 | (d & 0x3f);
      }
      if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
        return false;
      out.append(s.substr(i, n));
      i += n - 1;
    }
  }
  out += '"';
  return true;
}

std::string toml_quoted(std::string_view s) {
  std::string out;
  if (!toml_string(s, out)) out = "\"\"";  // ids and names the loader read are UTF-8
  return out;
}

bool bare_key(std::string_view k) {
  return !k.empty() && std::all_of(k.begin(), k.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

std::string key_text(const Value::Key& k) {
  if (const auto* i = std::get_if<int64_t>(&k)) return toml_quoted(integer_key_text(*i));
  const auto& s = std::get<std::string>(k);
  return bare_key(s) ? s : toml_quoted(s);
}

std::string number_text(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);  // the shortest text that reads back as d
  std::string s(buf, end);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

// A var's value in TOML, inline: a table keyed 1..n is an array; other
// integer keys are written "[N]". `path` names the var for an error.
Status value_text(const Value& v, const std::string& path, int depth, std::string& out) {
  if (depth > kMaxTomlNesting - 4)
    return rejected("vars." + path + " nests deeper than a scenario's TOML may (" + std::to_string(kMaxTomlNesting) + " levels)");
  if (v.is_bool()) out += v.as_bool() ? "true" : "false";
  else if (v.is_int()) out += std::to_string(v.as_int());
  else if (v.is_number()) out += number_text(v.as_number());
  else if (v.is_string()) {
    if (!toml_string(v.as_string(), out))
      return rejected("vars." + path + " holds bytes that are not UTF-8 text, which TOML cannot carry");
  } else if (v.is_table()) {
    const auto& entries = v.as_table().entries;
    bool sequence = !entries.empty();
    for (size_t i = 0; sequence && i < entries.size(); ++i) {
      const auto* k = std::get_if<int64_t>(&entries[i].first);
      sequence = k && *k == static_cast<int64_t>(i + 1);
    }
    out += sequence ? "[" : "{";
    for (size_t i = 0; i < entries.size(); ++i) {
      out += i ? ", " : sequence ? "" : " ";
      std::string key = key_text(entries[i].first);
      if (!sequence) out += key + " = ";
      CB_TRY(value_text(entries[i].second, path + (sequence ? "[" + std::to_string(i + 1) + "]" : "." + key),
                        depth + 1, out));
    }
    out += sequence ? "]" : entries.empty() ? "}" : " }";
  } else {
    return rejected("vars." + path + " is nil");  // a table holds no nil: a damaged state
  }
  return ok_status();
}

const char* visibility_text(int32_t v) {
  switch (static_cast<Visibility>(v)) {
    case Visibility::kPublic: return "public";
    case Visibility::kOwner: return "owner";
    case Visibility::kNobody: return "nobody";
  }
  return "location";
}

// The lines of one piece's entry (without its header), as [[position.pieces]] reads them.
std::string piece_fields(const GameDef& def, const State& s, const std::vector<bool>& fog_hides, int id) {
  const PieceState& p = s.pieces[id];
  const PieceTypeDef& type = def.types[p.type];
  std::string out = "type = " + toml_quoted(type.id) + "\n";
  if (p.location < 0) out += "removed = true\n";
  else out += "at = " + toml_quoted(def.locations[p.location].id) + "\n";
  if (p.owner != type.owner) out += "owner = " + toml_quoted(p.owner < 0 ? "" : def.sides[p.owner].id) + "\n";
  if (p.face != 0) out += "face = " + toml_quoted(type.faces[p.face]) + "\n";
  if (!p.markers.empty()) {
    out += "markers = [";
    for (size_t i = 0; i < p.markers.size(); ++i) out += (i ? ", " : "") + toml_quoted(p.markers[i]);
    out += "]\n";
  }
  if (!p.counters.empty()) {
    out += "counters = {";
    for (size_t i = 0; i < p.counters.size(); ++i)
      out += (i ? ", " : " ") + key_text(p.counters[i].first) + " = " + std::to_string(p.counters[i].second);
    out += " }\n";
  }
  if (p.visibility >= 0) out += std::string("visibility = ") + toml_quoted(visibility_text(p.visibility)) + "\n";
  else if (fog_hides[id]) out += "visibility = \"location\"\n";
  if (p.known) {
    out += "known = [";
    bool first = true;
    for (size_t side = 0; side < def.sides.size() && side < 32; ++side)
      if (p.known >> side & 1) {
        out += (first ? "" : ", ") + toml_quoted(def.sides[side].id);
        first = false;
      }
    out += "]\n";
  }
  return out;
}

// A piece the side does not see and that is alone of its owner, kind and
// deck among those it does not see has no other to trade identities with
// (determinize leaves it): it is given a type of its kind drawn at random,
// on its first face, without markers or counters. Returns how many.
int disguise_lone_pieces(State& s, const GameDef& def, int side, Rng& rng) {
  using Key = std::tuple<int32_t, std::string, int>;
  const auto key_of = [&](int type) { return Key{def.types[type].owner, def.types[type].kind, def.types[type].deck}; };
  std::map<Key, std::vector<int>> hidden;
  for (size_t p = 0; p < s.pieces.size(); ++p)
    if (s.pieces[p].location >= 0 && !knows_piece(def, s, static_cast<int>(p), side))
      hidden[key_of(s.pieces[p].type)].push_back(static_cast<int>(p));
  int changed = 0;
  for (const auto& [key, members] : hidden) {
    if (members.size() != 1) continue;
    std::vector<int> types;
    for (size_t t = 0; t < def.types.size(); ++t)
      if (key_of(static_cast<int>(t)) == key) types.push_back(static_cast<int>(t));
    PieceState& p = s.pieces[members.front()];
    p.type = types[rng.below(types.size())];
    p.face = 0;
    p.markers.clear();
    p.counters.clear();
    ++changed;
  }
  return changed;
}

std::string game_reference(const GameDef& def, const std::string& root) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path under = fs::weakly_canonical(fs::path(root) / "rules" / def.id, ec);
  if (!ec && under == fs::weakly_canonical(def.dir, ec)) return def.id;
  return fs::weakly_canonical(def.dir, ec).string();
}

// `generator`: whether the dice's generator is written, with the seed of the game it came from.
Result<std::string> position_toml(const GameDef& def, const State& s, const std::vector<std::string>& decisions,
                                  bool generator, uint64_t seed, const std::string& header, const std::string& root) {
  std::string out = header;
  out += "\n[scenario]\ngame = " + toml_quoted(game_reference(def, root)) + "\n";
  out += "title = " + toml_quoted(def.scenario_title + ", " + position_text(def, s.position)) + "\n";
  if (def.last_turn > 0) out += "turns = " + std::to_string(def.last_turn) + "\n";
  out += "max_turns = " + std::to_string(def.sequence.max_turns) + "\n";
  if (!def.setup_script.empty()) out += "setup = " + toml_quoted(def.setup_script) + "\n";

  // Every side's allies as this scenario has them (a scenario may change them).
  out += "\n[allies]\n";
  for (const auto& side : def.sides) {
    out += key_text(side.id) + " = [";
    for (size_t i = 0; i < side.allies.size(); ++i) out += (i ? ", " : "") + toml_quoted(def.sides[side.allies[i]].id);
    out += "]\n";
  }
  if (!def.tracks.empty()) {
    out += "\n[tracks]\n";
    for (size_t t = 0; t < def.tracks.size(); ++t)
      out += key_text(def.tracks[t].id) + " = " + std::to_string(s.tracks[t]) + "\n";
  }
  if (!s.vars.entries.empty()) {
    out += "\n[vars]\n";
    for (const auto& [k, v] : s.vars.entries) {
      const std::string key = key_text(k);
      out += key + " = ";
      CB_TRY(value_text(v, key, 1, out));
      out += "\n";
    }
  }

  out += "\n[position]\n";
  const SequencePosition& at = s.position;
  if (at.in_setup) {
    out += std::string("setup = ") + (at.step == 0 ? "\"rules\"" : "\"scenario\"") + "\n";
  } else {
    const PhaseDef* ph = current_phase(def, at);
    if (!ph) return rejected("the game is at " + position_text(def, at) + ", which a position cannot start at");
    out += "turn = " + std::to_string(at.turn) + "\nphase = " + toml_quoted(ph->id) + "\n";
    if (ph->steps.size() > 1) out += "step = " + toml_quoted(ph->steps[at.step].id) + "\n";
    if (ph->repeat == PhaseDef::Repeat::kEachSide) out += "side = " + toml_quoted(def.sides[at.repeat].id) + "\n";
    if (ph->repeat == PhaseDef::Repeat::kTimes) out += "impulse = " + std::to_string(at.repeat + 1) + "\n";
  }
  if (generator) {
    out += "generator = \"" + generator_text(s.rng.words()) + "\"\n";
    out += "seed = " + std::to_string(static_cast<int64_t>(seed)) + "\n";
  }
  if (!decisions.empty()) {
    out += "decisions = [\n";
    for (const auto& d : decisions) out += "  " + toml_quoted(d) + ",\n";
    out += "]\n";
  }

  // The order of a location's pieces where it is not the order of their ids.
  bool order_header = false;
  for (size_t loc = 0; loc < s.contents.size(); ++loc) {
    const auto& c = s.contents[loc];
    if (std::is_sorted(c.begin(), c.end())) continue;
    if (!order_header) out += "\n[position.order]\n";
    order_header = true;
    out += key_text(def.locations[loc].id) + " = [";
    for (size_t i = 0; i < c.size(); ++i) out += (i ? ", " : "") + std::to_string(c[i] + 1);
    out += "]\n";
  }

  // The pieces by id; a run of like pieces as one entry with its count.
  // A piece seen as its location's where the fog of war would hide it at a
  // set-up says so.
  std::vector<bool> fog_hides(s.pieces.size(), false);
  {
    State hidden = s;
    hide_at_start(def, hidden);
    for (size_t id = 0; id < s.pieces.size(); ++id) fog_hides[id] = hidden.pieces[id].visibility != s.pieces[id].visibility;
  }
  for (size_t id = 0; id < s.pieces.size();) {
    const std::string fields = piece_fields(def, s, fog_hides, static_cast<int>(id));
    size_t run = 1;
    while (id + run < s.pieces.size() && piece_fields(def, s, fog_hides, static_cast<int>(id + run)) == fields) ++run;
    out += "\n[[position.pieces]]  # " + (run == 1 ? std::to_string(id + 1)
                                                    : std::to_string(id + 1) + "-" + std::to_string(id + run)) + "\n";
    out += fields;
    if (run > 1) out += "count = " + std::to_string(run) + "\n";
    id += run;
  }
  return out;
}

// A piece's number tells what it is: the set-up makes pieces type by type,
// in an order anyone can read in the game's files. So the numbers of the
// pieces a side does not see are dealt again, within each kind (owner, kind
// and deck), in the order of their drawn identities: which number stands
// where then comes from the draw, not from the game. A var that names such a
// piece may name another of its kind afterwards.
void renumber_unseen(State& s, const GameDef& def, int side) {
  using Key = std::tuple<int32_t, std::string, int>;
  struct Slot {
    int32_t location;
    size_t index;
  };
  std::map<Key, std::vector<std::pair<int32_t, Slot>>> groups;  // the pieces of a kind, in the order of their places
  for (size_t loc = 0; loc < s.contents.size(); ++loc)
    for (size_t i = 0; i < s.contents[loc].size(); ++i) {
      const int32_t p = s.contents[loc][i];
      if (knows_piece(def, s, p, side)) continue;
      const PieceTypeDef& t = def.types[s.pieces[p].type];
      groups[Key{t.owner, t.kind, t.deck}].push_back({p, Slot{static_cast<int32_t>(loc), i}});
    }
  for (auto& [key, members] : groups) {
    if (members.size() < 2) continue;
    std::vector<int32_t> ids;
    std::vector<PieceState> pieces;
    for (const auto& [p, slot] : members) {
      ids.push_back(p);
      pieces.push_back(s.pieces[p]);
    }
    std::sort(ids.begin(), ids.end());
    // Each place keeps what it holds; the numbers go to the places in the
    // order of what they hold (ties in the order of the places).
    std::vector<size_t> order(members.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      const PieceState &x = pieces[a], &y = pieces[b];
      return std::tie(x.type, x.face, x.markers, x.counters) < std::tie(y.type, y.face, y.markers, y.counters);
    });
    for (size_t k = 0; k < order.size(); ++k) {
      const Slot& slot = members[order[k]].second;
      s.pieces[ids[k]].assign(pieces[order[k]]);
      s.contents[slot.location][slot.index] = ids[k];
    }
  }
}

}  // namespace

int as_side_knows(const GameDef& def, State& s, int side) {
  // Drawn from a seed of what the side sees alone.
  Rng rng(view_hash(s, def, side));
  const int drawn = determinize(s, def, side, rng) + disguise_lone_pieces(s, def, side, rng);
  renumber_unseen(s, def, side);
  for (auto& p : s.pieces) p.known &= side < 32 ? 1u << side : 0u;
  return drawn;
}

Result<std::string> side_position_toml(const GameDef& def, const State& quiet, int side, const std::string& root) {
  State seen = quiet;
  as_side_knows(def, seen, side);
  return position_toml(def, seen, {}, false, 0, "", root);
}

Result<PositionExport> export_position(History& h, int64_t at, int as, const std::string& source,
                                       const std::string& root) {
  Game& g = h.game();
  g.set_branch_tracking(true);
  CB_TRY(h.seek(at));
  const Game::BranchPoint* branch = g.branch_point();
  if (!branch || !branch->set) return rejected("the save " + source + " has no quiet point before action " + std::to_string(at));
  const GameDef& def = g.def();
  PositionExport out;
  out.action = at;
  out.decisions = static_cast<int64_t>(branch->path.size());
  out.quiet_action = at - out.decisions;
  out.where = position_text(def, branch->quiet.position);

  std::vector<std::string> decisions;
  State quiet = branch->quiet;
  std::string header = "# A position exported by `cardboard export` from " + source + ", after action " +
                       std::to_string(at) + ".\n";
  if (as < 0) {
    auto rows = h.file().actions(out.quiet_action);
    if (!rows.ok()) return rows.error();
    if (static_cast<int64_t>(rows->size()) < out.decisions) return rejected("the save " + source + " lost actions past " + std::to_string(out.quiet_action));
    for (int64_t i = 0; i < out.decisions; ++i) {
      const ActionRow& row = (*rows)[i];
      if (!row.forced.empty())
        return rejected("action " + std::to_string(row.seq) + " of " + source +
                        " was given forced dice or draws, which a position does not carry: export at action " +
                        std::to_string(out.quiet_action) + " (the last phase start before it) or after the next phase start");
      decisions.push_back(row.value.empty() ? std::to_string(row.choice + 1) : row.value);
    }
    if (out.quiet_action == 0 && !h.meta().start_forced.empty() && out.decisions > 0)
      return rejected("the game of " + source + " was started with forced dice or draws, which a position does not "
                      "carry: export after its first phase start");
    header += "# The whole position: it holds what every side keeps secret. Started with the save's seed\n"
              "# (cardboard new FILE --seed " + std::to_string(h.meta().seed) +
              ") it plays the save's dice on; with another, other dice once it stands there.\n";
    if (out.decisions > 0)
      header += "# It stands at " + out.where + " (after action " + std::to_string(out.quiet_action) + "), and the " +
                std::to_string(out.decisions) + " decisions since are taken when it loads.\n";
  } else {
    out.decisions = 0;
    out.drawn = as_side_knows(def, quiet, as);
    header += "# As " + def.sides[as].title + " knows it: the " + std::to_string(out.drawn) +
              " pieces it does not see are given identities drawn among those they could be, and numbers\n"
              "# in the order of those; the vars are as the game has them; the dice are the new game's.\n";
    header += "# It stands at " + out.where + " (after action " + std::to_string(out.quiet_action) + ")";
    header += at > out.quiet_action ? ": the " + std::to_string(at - out.quiet_action) +
                                          " decisions since are left out, as they were rolled with the game's dice.\n"
                                    : ".\n";
  }
  auto toml = position_toml(def, quiet, decisions, as < 0, h.meta().seed, header, root);
  if (!toml.ok()) return toml.error();
  out.toml = std::move(*toml);
  return out;
}

Status check_position_file(const std::string& path, const std::string& root, uint64_t seed, const Game& expected) {
  auto def = load_game(path, root);
  if (!def.ok()) return rejected("the exported position does not load: " + def.error().message);
  auto game = Game::create(*def);
  if (!game.ok()) return game.error();
  CB_TRY((*game)->start(seed));
  const uint64_t want = expected.state().hash(), got = (*game)->state().hash();
  if (want != got)
    return rejected("the exported position loads to the state " + hash_hex(got) + ", not the save's " + hash_hex(want));
  return ok_status();
}

}  // namespace cardboard
