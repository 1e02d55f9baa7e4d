// What one reader may see of a game, as data: the position in the sequence
// of play, who is phasing and who decides, the tracks, every location with
// the pieces that reader sees (a hidden piece shows only its owner) and
// their printed values, the game's summaries for that reader, and the
// pending decision with its choices' words, notes and typed fields. The command
// line prints it as text or JSON, a server sends it, a bot reads it; all of
// them get the same view, built here from the game.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/value.h"
#include "script/game.h"

namespace cardboard {

struct PieceView {
  bool hidden = false;  // a hidden piece shows its owner only (no id: it would tell types apart)
  int id = -1;          // the piece's 1-based id
  std::string type, owner, face;
  std::string name;     // its printed name; for a hidden piece "hidden Syrian piece"
  std::string label;    // how it reads in a compact view ([view] label): "Arab Legion (5)"
  std::vector<std::pair<std::string, Value>> values;  // its printed values, by key
  std::string text;     // its printed text ([view] text), when its front is up; else ""
  std::vector<std::string> markers;
  std::vector<std::pair<std::string, int64_t>> counters;
  // A hidden piece its reader saw and knows still (pieces.known: hidden
  // again where it stood, neither moved nor changed since): the piece as it
  // was seen, without its id; null otherwise.
  std::shared_ptr<const PieceView> remembered;
};

struct LocationView {
  std::string id, title, kind;
  size_t count = 0;
  bool hidden = false;  // the reader sees only how many pieces it holds
  std::vector<PieceView> pieces;  // bottom to top
  std::string summary;  // the game's line for it, for this reader ([view] summary); "" for none
  bool shows_texts = false;  // a compact view shows its pieces' texts here ([view] text_in)
};

struct ChoiceView {
  int n = 0;                 // 1-based, as `act` takes it
  std::string text, note;    // the words, for this reader
  std::string kind;          // option, piece, location, move, number (core/decision.h)
  std::string option;        // the option's id or the choice's verb
  int piece = -1;            // 1-based id, -1 for none
  std::string location;      // a location choice's, or a move's destination
  bool has_number = false;
  int64_t number = 0;
  std::string value;         // "piece=12,to=0402": names the choice to `act`
  std::vector<std::string> shows;  // the ids of the locations it stands for (ask's `shows`)
};

struct DecisionView {
  std::string side, side_title;
  std::string prompt, rule;
  bool choices_shown = false;  // only the deciding side sees its choices: they can name its hidden pieces
  std::vector<ChoiceView> choices;
};

struct TrackView {
  std::string id, title;
  int64_t value = 0, min = 0, max = 0;
};

struct View {
  std::string game, game_title, scenario, scenario_title;
  std::string reader;  // the side whose view it is; "*" every piece shown; "" a spectator
  int turn = 0;
  bool in_setup = false;
  std::string phase, phase_title, step, step_title;  // ids and titles, "" when none
  std::string phasing;   // the side whose phase it is (a phase repeated per side), "" when none
  std::string deciding;  // the side that must decide now, "" when none
  bool decision_open = false;
  DecisionView decision;
  std::vector<TrackView> tracks;
  std::vector<LocationView> locations;
  std::vector<std::string> summary;  // the game's lines for the whole board, for this reader
  std::string summary_error;         // why the view function failed; the rest of the view stands
  bool finished = false;
  std::string result, winner;
  // The hash of the whole state (hidden pieces and the dice generator too):
  // for kEveryone, or once the game is over. A side's view of a game going
  // on leaves it empty: with it a side could test its guesses at what it may
  // not see (view_json gives every reader the hash of its own view instead).
  std::string state_hash;
};

// The view of `reader`: a side index, kEveryone (every piece shown, as a
// finished game's replay shows it) or kPublicOnly (a spectator). Runs the
// game's view function, which leaves the game as it was (Game::view_summary).
View build_view(Game& g, int reader);

}  // namespace cardboard
