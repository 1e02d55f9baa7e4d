// The immutable definition of a game and one of its scenarios, as loaded from
// TOML: sides, piece types with their printed values, locations (boxes,
// decks, cups, hands, map hexes and areas), tracks, the sequence of play and
// the scenario's set-up. Indices into these vectors are the ids the state
// uses; names map to indices through the lookup tables.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/value.h"

namespace cardboard {

class HexGrid;
class AreaGraph;
struct KitDef;  // kit/kit_def.h: loaded by data/, read by kit/ and script/
struct ScenarioPosition;  // core/position.h: a scenario that starts in mid-war

enum class LocationKind { kBox, kDeck, kCup, kPile, kHand, kHex, kArea };
enum class Visibility { kPublic, kOwner, kNobody };

const char* location_kind_name(LocationKind k);
const char* visibility_name(Visibility v);

struct SideDef {
  std::string id;
  std::string title;
  std::string adjective;   // "Syrian": a hidden piece reads "a hidden Syrian unit" ("" : the title)
  bool automatic = false;  // played by the rules themselves (a solitaire opponent)
  std::vector<int> allies; // sides it fights beside, as declared (GameDef::allied makes it mutual)
};

// A part of a piece's label pattern (core/piece_label.h): literal text or a {key}.
struct LabelPart {
  bool is_key = false;
  std::string text;  // literal text, or the key
};

// What the game declares of its views ([view] in game.toml).
struct ViewDef {
  std::vector<LabelPart> label;  // the label pattern of every piece type without its own
  std::string text;              // the printed value that holds a piece's printed text ("notes")
  std::vector<int> text_in;      // the locations whose pieces' texts the text view shows
  bool text_in_given = false;    // false: every hand and box
  std::string summary;           // a Lua function (side) -> the summary lines; "" for none
};

struct PieceTypeDef {
  std::string id;
  std::string name;   // as printed
  std::string kind;   // unit, card, marker, chit: free text for the rules
  int owner = -1;     // side index, -1 for none
  int deck = -1;      // location that receives `copies` pieces at set-up, -1 for none
  int copies = 1;
  std::vector<std::string> faces = {"front", "back"};  // by name; a piece's face is an index into these
  Table values;       // every other printed value: force, front, notes ...
  // [piece_types.on_face.FACE]: printed values that replace the type's own
  // while a piece shows that face (a reduced side's lower strength), by face
  // name; each key is one of `values`. Read through printed_value
  // (core/printed_values.h), which knows the piece's face.
  std::map<std::string, Table, std::less<>> on_face;
  std::vector<LabelPart> label;  // its own label pattern; empty: the game's
};

struct LocationDef {
  std::string id;
  std::string title;
  LocationKind kind = LocationKind::kBox;
  Visibility visibility = Visibility::kPublic;
  int owner = -1;  // side index for owner visibility
  int map = -1;    // index into GameDef::maps for hexes and areas
  int cell = -1;   // its cell on that map
};

struct TrackDef {
  std::string id;
  std::string title;
  int64_t min = 0;
  int64_t max = 0;
  int64_t start = 0;
};

struct StepDef {
  std::string id;
  std::string title;
  std::string rule;
  std::string run;  // name of the global Lua function
  std::string run_where;  // file:line:column of `run` in game.toml, for messages
};

struct PhaseDef {
  enum class Repeat { kOnce, kEachSide, kTimes };
  std::string id;
  std::string title;
  std::string rule;
  std::vector<StepDef> steps;
  Repeat repeat = Repeat::kOnce;
  int times = 1;
};

struct SequenceDef {
  std::string setup;             // Lua function run once at the start, may be empty
  std::vector<PhaseDef> phases;
  std::string at_end;            // Lua function run when the last turn is over, may be empty
  int max_turns = 1000;          // safety limit: the game ends as `turn_limit_result`
  std::string turn_limit_result = "stalemate (turn limit)";
};

struct PieceSetup {
  int type = -1;
  int location = -1;
  int owner = -1;  // -1: the type's owner
  int count = 1;
};

struct MapDef {
  std::string id;
  std::string title;
  std::shared_ptr<const HexGrid> hex;     // exactly one of hex, area is set
  std::shared_ptr<const AreaGraph> area;
  std::vector<int> cell_location;         // map cell index -> location index
};

// graphics.toml (docs/graphics.md): how the browser board draws the game.
// The rules never read it. Every key is optional.
struct GraphicsDef {
  struct Style {
    std::string fill;   // a CSS hex colour, "" for the board's own
    std::string image;  // a path as the data wrote it (the asset's name), "" for none
  };
  struct Counter {
    std::string symbol;  // one of the board's symbols, "" for none
    std::string image;
  };
  std::map<std::string, std::string, std::less<>> sides;     // side id -> colour
  std::map<std::string, Style, std::less<>> terrain;         // terrain code (or area attribute value) -> style
  std::string area_fill;                                     // the area attribute that picks a terrain style
  std::map<std::string, std::string, std::less<>> hexsides;  // feature -> colour
  std::map<std::string, std::string, std::less<>> roads;     // kind -> colour
  std::map<std::string, Counter, std::less<>> types;         // piece type id -> its counter
  std::map<std::string, std::string, std::less<>> images;    // asset name -> the file on disk
};

struct GameDef {
  // the game
  std::string id;
  std::string title;
  ViewDef view;
  GraphicsDef graphics;
  std::string dir;                   // rules/<game>, scripts are relative to it
  std::vector<std::string> scripts;  // loaded in order
  std::vector<SideDef> sides;
  std::vector<PieceTypeDef> types;
  std::vector<LocationDef> locations;
  std::vector<TrackDef> tracks;
  std::vector<MapDef> maps;
  SequenceDef sequence;
  Value tables;                      // read-only data tables for the rules (CRTs, event tables)
  std::shared_ptr<const KitDef> kit; // the hex-and-counter kit's data (docs/kit.md), null when none is declared
  // [texts]: the words of a choice by its option id (core/decision.h), a
  // lazy-text format over the choice's typed fields; "move" words every move.
  std::map<std::string, std::string, std::less<>> texts;
  // The ids of those with directives -> the kinds of choice (a bit per
  // ChoiceKind) whose values their words fit: decided at load, so an ask
  // checks an option's words by one look-up.
  std::map<std::string, unsigned, std::less<>> texts_with_values;
  uint64_t rules_hash = 0;           // hash of every file the game was loaded from (its bases' too)

  // a mod (a game that `extends` another): see docs/mods.md
  std::vector<std::string> base_dirs;     // the bases' folders, nearest first; `require` searches dir, then these
  std::vector<std::string> script_paths;  // every rules file to run, in order: the bases' first, then the game's
  std::vector<std::string> script_code;   // their texts as loaded (the rules hash's): a game never reads them again
  // Where each extending level's scripts start in script_paths (the mod of a
  // mod has two): each level's files see the globals below it as `base`.
  std::vector<size_t> level_starts;
  // Every Lua file of the game's folders (its bases' too) as loaded, by
  // normal path: what `require` reads, the same bytes the rules hash covers.
  std::map<std::string, std::string> lua_texts;
  std::string base_id;                    // the game it extends, "" for none
  uint64_t base_rules_hash = 0;           // hash of the base's files (its own bases' included), 0 for none

  // the scenario
  std::string scenario_id;
  std::string scenario_title;
  std::string scenario_file;
  int last_turn = 0;                 // 0: no printed length (sequence.max_turns applies)
  std::vector<PieceSetup> setup_pieces;
  std::vector<std::pair<int, int64_t>> setup_tracks;
  Table setup_vars;
  std::string setup_script;          // optional scenario Lua function run after the game's setup
  // [position]: the game starts there instead of from the set-up (the
  // types' copies and setup_pieces are not made); null for none.
  std::shared_ptr<const ScenarioPosition> position;

  // Name lookups take a string_view so the Lua binding never builds a std::string.
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  using NameIndex = std::unordered_map<std::string, int, NameHash, std::equal_to<>>;
  NameIndex side_index, type_index, location_index, track_index;

  int find_side(std::string_view s) const { return find(side_index, s); }
  // Whether two or more sides are played by people (not `automatic`): a
  // game between people, with its limits on undo and its hand-over in play.
  bool between_people() const {
    int n = 0;
    for (const auto& side : sides) n += !side.automatic;
    return n >= 2;
  }
  // Whether sides `a` and `b` are one side or allies (either declares the
  // other); -1, no side, is allied with nobody.
  bool allied(int a, int b) const {
    if (a < 0 || b < 0) return false;
    if (a == b) return true;
    const auto names = [](const SideDef& s, int o) {
      for (int x : s.allies)
        if (x == o) return true;
      return false;
    };
    return names(sides[a], b) || names(sides[b], a);
  }
  // Whether pieces of sides `a` and `b` fight each other: both are sides, not allied.
  bool hostile(int a, int b) const { return a >= 0 && b >= 0 && !allied(a, b); }
  int find_type(std::string_view s) const { return find(type_index, s); }
  int find_location(std::string_view s) const { return find(location_index, s); }
  int find_track(std::string_view s) const { return find(track_index, s); }
  void index();  // builds the lookup tables from the vectors

 private:
  static int find(const NameIndex& m, std::string_view s) {
    auto it = m.find(s);
    return it == m.end() ? -1 : it->second;
  }
};

}  // namespace cardboard
