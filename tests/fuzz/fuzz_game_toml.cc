// Fuzzes the TOML that load_game reads: a scenario, its game.toml and the
// files game.toml names (data files and maps), as `new`, `status` and `lint`
// read them from disk.
//
// An input is a bundle of files in one text. The text before the first marker
// line is the scenario; a line "#> NAME" starts the file NAME of the game's
// folder, up to the next marker. They are written to a scratch project root,
// the scenario as scenarios/fuzz/scenario.toml and the files under
// rules/fuzz/, beside a copy of the project's real rules/ folder (so a mod's
// `extends` finds its base, and a scenario may name a real game). Lua files
// need only exist for loading, so the seeds give them empty. A NAME other
// than letters, digits, '_', '-' and '.' (no leading dot) is skipped: the
// target writes nowhere else.
//
// A load must succeed or fail with an error; when it succeeds, every index in
// the definition must point at something that exists.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/position.h"
#include "core/sequence.h"
#include "data/game_loader.h"
#include "fuzz_support.h"
#include "kit/kit_def.h"

namespace fs = std::filesystem;
using namespace cardboard;

namespace {

constexpr std::string_view kMarker = "#> ";
constexpr int kMaxFiles = 16;

bool good_name(std::string_view name) {
  if (name.empty() || name.size() > 64 || name.front() == '.') return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  return true;
}

// The scratch root, with a copy of the real rules/ made once.
const std::string& root() {
  static const std::string r = [] {
    const std::string dir = fuzz::scratch_dir() + "/root";
    fs::create_directories(dir + "/scenarios");
    fs::copy(fuzz::project_root_dir() + "/rules", dir + "/rules", fs::copy_options::recursive);
    return dir;
  }();
  return r;
}

void write_bundle(std::string_view text) {
  const std::string scen_dir = root() + "/scenarios/fuzz", game_dir = root() + "/rules/fuzz";
  fuzz::remove_all(scen_dir);
  fuzz::remove_all(game_dir);
  fs::create_directories(scen_dir);
  fs::create_directories(game_dir);
  std::string path = scen_dir + "/scenario.toml", body;
  int files = 0;
  auto flush = [&] {
    if (!path.empty()) fuzz::write_file(path, body);
    body.clear();
  };
  for (size_t at = 0; at < text.size();) {
    const size_t eol = text.find('\n', at);
    const size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
    const std::string_view line = text.substr(at, next - at);
    at = next;
    if (!line.starts_with(kMarker)) {
      body += line;
      continue;
    }
    flush();
    std::string_view name = line.substr(kMarker.size());
    while (!name.empty() && (name.back() == '\n' || name.back() == '\r')) name.remove_suffix(1);
    path = ++files <= kMaxFiles && good_name(name) ? game_dir + "/" + std::string(name) : std::string();
  }
  flush();
}

template <typename V>
bool in(int i, const V& v, bool none_ok) {
  return (none_ok && i == -1) || (i >= 0 && static_cast<size_t>(i) < v.size());
}

// What kit/combat_table relies on: headers and results that fit the columns,
// codes that are declared, locations that exist.
void check_headers(const CombatHeaders& h, int columns) {
  fuzz::check(static_cast<int>(h.columns.size()) == columns, "a row of headers has one per column");
  fuzz::check(h.first >= 0 && h.first <= h.last && h.last < columns, "a row of headers uses some columns");
  for (int i = h.first; i <= h.last; ++i) {
    fuzz::check(!h.columns[i].text.empty(), "the used columns are consecutive");
    fuzz::check(h.columns[i].den > 0 && h.columns[i].low <= h.columns[i].high, "a header is well formed");
  }
}

void check_combat(const GameDef& d, const CombatDef& c) {
  fuzz::check(in(c.eliminated, d.locations, true), "the eliminated location exists");
  fuzz::check(c.eliminated_by_side.empty() || c.eliminated_by_side.size() == d.sides.size(),
              "an eliminated location per side");
  for (int loc : c.eliminated_by_side) fuzz::check(in(loc, d.locations, true), "a side's eliminated location exists");
  for (const auto& [id, t] : c.tables) {
    fuzz::check(t.columns >= 1 && !t.results.empty(), "a table has columns and rows");
    if (t.by_row.empty()) check_headers(t.headers, t.columns);
    for (const auto& [key, h] : t.by_row) check_headers(h, t.columns);
    for (const auto& row : t.results) {
      fuzz::check(static_cast<int>(row.size()) == t.columns, "a row has a code per column");
      for (const auto& code : row) fuzz::check(c.results.count(code) == 1, "a table's codes are declared");
    }
  }
}

// What kit/supply relies on: a list of sources and edges per side, each
// source a hex, the class one of the movement classes.
void check_supply(const GameDef& d, const KitDef& k) {
  const SupplyDef& s = k.supply;
  fuzz::check(s.sources.size() == d.sides.size() && s.edges.size() == d.sides.size(), "supply sources per side");
  for (const auto& side : s.sources)
    for (int loc : side)
      fuzz::check(in(loc, d.locations, false) && d.locations[loc].map >= 0 && d.maps[d.locations[loc].map].hex,
                  "a supply source is a hex");
  fuzz::check(s.movement_class >= 0 && static_cast<size_t>(s.movement_class) < k.movement.classes.size(),
              "the supply class is a movement class");
  fuzz::check(!s.declared || k.grids.size() == d.maps.size(), "supply has the classes' costs of every map");
  fuzz::check(k.sight.range >= -1, "a sight range is a length or none");
}

// What kit/retreat and kit/advance rely on: an advance of 1 to 1000 hexes,
// a `without` value some piece type prints.
void check_retreat(const GameDef& d, const KitDef& k) {
  fuzz::check(k.advance.hexes >= 1 && k.advance.hexes <= 1000, "an advance is 1 to 1000 hexes");
  if (k.advance.without.empty()) return;
  bool printed = false;
  for (const auto& t : d.types) printed = printed || t.values.find(std::string_view(k.advance.without));
  fuzz::check(printed, "[advance] without is a printed value of some type");
}

// What the rest of the kernel relies on once a definition is loaded.
// What Game::start relies on in a [position]: pieces of declared types on
// their faces, each listed once in the contents of the location it names,
// a place in the sequence that exists, shuffles of locations that exist.
void check_position(const GameDef& d, const ScenarioPosition& p) {
  const State& s = p.pieces;
  fuzz::check(s.contents.size() == d.locations.size(), "a position has contents for every location");
  std::vector<int> listed(s.pieces.size(), 0);
  for (size_t loc = 0; loc < s.contents.size(); ++loc)
    for (int32_t piece : s.contents[loc]) {
      fuzz::check(piece >= 0 && static_cast<size_t>(piece) < s.pieces.size(), "a listed piece exists");
      fuzz::check(s.pieces[piece].location == static_cast<int32_t>(loc), "a piece is listed where it is");
      ++listed[piece];
    }
  for (size_t i = 0; i < s.pieces.size(); ++i) {
    const PieceState& piece = s.pieces[i];
    fuzz::check(in(piece.type, d.types, false), "a position's piece has a declared type");
    fuzz::check(in(piece.owner, d.sides, true), "a position's piece is owned by a side or none");
    fuzz::check(piece.face >= 0 && static_cast<size_t>(piece.face) < d.types[piece.type].faces.size(),
                "a position's piece shows one of its faces");
    fuzz::check(listed[i] == (piece.location >= 0 ? 1 : 0), "a piece in play is listed once");
  }
  if (p.at.in_setup) fuzz::check(p.at.step == 0 || p.at.step == 1, "a set-up position is at one of its procedures");
  else fuzz::check(current_step(d, p.at) != nullptr && p.at.turn >= 1, "a position stands at a step");
  for (int loc : p.shuffled) fuzz::check(in(loc, d.locations, false), "a shuffled location exists");
  for (int piece : p.fog_default) fuzz::check(in(piece, s.pieces, false), "a fog piece exists");
}

void check_definition(const GameDef& d) {
  fuzz::check(!d.sequence.phases.empty(), "a loaded game has a phase");
  for (const auto& ph : d.sequence.phases) fuzz::check(!ph.steps.empty(), "a loaded phase has a step");
  for (size_t i = 0; i < d.sides.size(); ++i)
    fuzz::check(d.find_side(d.sides[i].id) == static_cast<int>(i), "side ids are unique and indexed");
  for (size_t i = 0; i < d.locations.size(); ++i) {
    const auto& l = d.locations[i];
    fuzz::check(d.find_location(l.id) == static_cast<int>(i), "location ids are unique and indexed");
    fuzz::check(in(l.owner, d.sides, true), "a location's owner is a side");
    fuzz::check(in(l.map, d.maps, true), "a location's map exists");
  }
  for (size_t i = 0; i < d.types.size(); ++i) {
    const auto& t = d.types[i];
    fuzz::check(d.find_type(t.id) == static_cast<int>(i), "piece type ids are unique and indexed");
    fuzz::check(in(t.owner, d.sides, true), "a piece type's owner is a side");
    fuzz::check(in(t.deck, d.locations, true), "a piece type's deck is a location");
  }
  for (size_t i = 0; i < d.tracks.size(); ++i)
    fuzz::check(d.find_track(d.tracks[i].id) == static_cast<int>(i), "track ids are unique and indexed");
  for (const auto& p : d.setup_pieces) {
    fuzz::check(in(p.type, d.types, false), "a set-up piece's type exists");
    fuzz::check(in(p.location, d.locations, false), "a set-up piece's location exists");
    fuzz::check(in(p.owner, d.sides, true), "a set-up piece's owner is a side");
  }
  for (const auto& [track, start] : d.setup_tracks) fuzz::check(in(track, d.tracks, false), "a set-up track exists");
  if (d.position) check_position(d, *d.position);
  for (const auto& m : d.maps) fuzz::check((m.hex != nullptr) != (m.area != nullptr), "a map is a grid or a graph");
  for (const auto& t : d.types)
    for (const auto& [face, values] : t.on_face)
      fuzz::check(std::find(t.faces.begin(), t.faces.end(), face) != t.faces.end(), "an on_face face is the type's");
  if (d.kit) check_combat(d, d.kit->combat);
  if (d.kit) check_supply(d, *d.kit);
  if (d.kit) check_retreat(d, *d.kit);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  write_bundle(std::string_view(reinterpret_cast<const char*>(data), size));
  auto def = load_game("fuzz/scenario", root());
  if (def.ok()) {
    check_definition(**def);
  } else {
    fuzz::check(!def.error().message.empty(), "a refused load says why");
  }
  // What `cardboard list` reads of the same files.
  for (const auto& e : list_catalog(root())) fuzz::check(!e.scenario.empty(), "a listed scenario has an id");
  return 0;
}
