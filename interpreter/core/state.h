// The mutable state of one game: every piece, the ordered contents of every
// location, the tracks, the vars tree, the generator, the position in the
// sequence of play, the pending decision and the result. It serializes to a
// deterministic byte string; its hash is the game's identity after an action.
//
// Invariant: a piece with location L >= 0 appears exactly once in
// contents[L]; a piece with location -1 (removed from play) appears nowhere.
// The last element of a location's contents is its top (a deck draws from it).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/decision.h"
#include "core/error.h"
#include "core/game_def.h"
#include "core/rng.h"
#include "core/value.h"

namespace cardboard {

struct PieceState {
  int32_t type = -1;
  int32_t owner = -1;
  int32_t location = -1;
  int32_t face = 0;                                       // 0 front, 1 back
  int32_t visibility = -1;  // -1: as its location's; else a Visibility of its own (core/visibility.h)
  std::vector<std::string> markers;                       // sorted, unique
  std::vector<std::pair<std::string, int64_t>> counters;  // sorted by name, no zeroes
  // The sides (bit per side) that know what the piece is although they do
  // not see it: they saw it, then it was hidden where it stood, and it has
  // neither moved nor changed since (any change or move clears it). A
  // player's memory, which the bots' sampling keeps to (bots/determinize.h);
  // derived from the history alone, so it is in snapshots, not in the hash.
  uint32_t known = 0;

  // Copies every field of `o` (a new field is copied here too). The same
  // as operator= but for the markers and counters, which are assigned only
  // when either side has some: nearly never, so a game's start copies its
  // pieces at the cost of their numbers (State::reset_for).
  void assign(const PieceState& o) {
    type = o.type;
    owner = o.owner;
    location = o.location;
    face = o.face;
    visibility = o.visibility;
    known = o.known;
    if (!markers.empty() || !o.markers.empty()) markers = o.markers;
    if (!counters.empty() || !o.counters.empty()) counters = o.counters;
  }
};

// Where the sequence of play stands. phase == -1 before the first phase of the
// turn; in_setup while the set-up procedure runs.
struct SequencePosition {
  int32_t turn = 0;
  int32_t phase = -1;
  int32_t repeat = 0;  // the side or impulse index of a repeated phase
  int32_t step = 0;
  bool in_setup = true;
};

struct State {
  std::vector<PieceState> pieces;
  std::vector<std::vector<int32_t>> contents;  // per location, bottom to top
  std::vector<int64_t> tracks;
  Table vars;
  Rng rng;
  SequencePosition position;
  Decision pending;
  bool finished = false;
  std::string result;
  int32_t winner = -1;

  // An empty state shaped for `def` (locations and tracks at their start).
  static State empty_for(const GameDef& def, uint64_t seed);
  // The same, reusing this state's buffers (a bot plays many games in a row).
  // With `pieces_from` (a state of the same game), its pieces and locations'
  // contents are copied rather than left empty.
  void reset_for(const GameDef& def, uint64_t seed, const State* pieces_from = nullptr);

  // Makes this state a copy of `o`, reusing its buffers: the same as
  // operator= (a new field is copied here too) at the cost of the pieces'
  // numbers, as reset_for copies them (PieceState::assign).
  void assign(const State& o);

  int32_t create_piece(int32_t type, int32_t owner, int32_t location);
  // Moves a piece to the top of `location` (-1 removes it from play).
  void move(int32_t piece, int32_t location);
  // Moves to the bottom instead of the top (returning a card under a deck).
  void move_to_bottom(int32_t piece, int32_t location);
  void shuffle(int32_t location);

  // The state's bytes; without `memory`, those of the hash: the sides'
  // memory of hidden pieces (PieceState::known) left out, since the
  // history alone gives it, as it gives the log.
  void write(ByteWriter& w, bool memory = true) const;
  // Decodes the bytes write() gives. Any other bytes are an error, never a
  // crash; a state that decodes may still not fit its game: see check().
  static Result<State> read(std::string_view bytes);
  // Checks that this state fits `def`, as a snapshot read from a save (so
  // untrusted: damaged, or of another game) must before it is restored:
  // every index in range and every invariant the kernel relies on. The
  // pieces' types, owners, faces and visibilities; one contents list a
  // location, each piece listed once, where its location says; the tracks
  // (one a track, within its bounds); the vars (sorted keys, no nil); a
  // generator that is not all zero (it would draw zeroes for ever); the
  // position in the sequence of play (turn, phase, repeat, step, the set-up
  // steps, the end marker -2); the pending decision's side, the pieces and
  // locations its choices name, and the winner.
  // The error names what does not fit: "piece 3 has type 40: the game has 12
  // piece types".
  Status check(const GameDef& def) const;
  std::string serialize() const;
  uint64_t hash() const;
};

bool set_marker(PieceState& p, const std::string& marker, bool on);
bool has_marker(const PieceState& p, const std::string& marker);
int64_t counter(const PieceState& p, const std::string& name);
void set_counter(PieceState& p, const std::string& name, int64_t value);

}  // namespace cardboard
