// A decision the rules ask of one side, and its choices, as data. A choice
// is typed: a labelled option, a piece, a location, a piece and its
// destination (a move), or a number; an option id may also name the verb of
// a piece or location choice ("attack" this piece). The typed fields are the
// choice: they are kept in the state and its hash, a client highlights the
// piece or hex behind them, a bot picks one by its index, and a choice can be
// named by them ("piece=12,to=0402"). The words a player reads are made only
// when someone reads them, for that reader's side (core/lazy_text.h): the
// rules' own text when they give one, else a template of game.toml's
// [texts] for the option, else the names of the typed fields.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "core/lazy_text.h"

namespace cardboard {

struct State;

enum class ChoiceKind : uint8_t { kOption, kPiece, kLocation, kMove, kNumber };
const char* choice_kind_name(ChoiceKind k);

struct Choice {
  std::string option;       // an option's id, or the verb of a piece or location choice; "" for none
  int32_t piece = -1;       // kernel index
  int32_t location = -1;    // a location choice's, or a move's destination; kernel index
  int64_t number = 0;
  bool has_number = false;
  LazyText text;            // the rules' own words for it; empty: made from the typed fields
  LazyText note;            // what it means in numbers ("needs 0-1 on a d10"); may be empty
  std::vector<int32_t> shows;  // the locations it stands for, which a page lights while it is pointed at (words, as text)

  ChoiceKind kind() const;
  // The typed fields are equal (texts and notes aside).
  bool same_value(const Choice& o) const {
    return option == o.option && piece == o.piece && location == o.location && has_number == o.has_number &&
           number == o.number;
  }
};

struct Decision {
  int32_t side = -1;
  LazyText prompt;
  std::string rule;
  std::vector<Choice> choices;
  bool open() const { return side >= 0; }
  // Exchanges the two field by field, buffers and all: ask and act swap the
  // pending decision with a spare one at every decision, and std::swap's
  // three moves cost several times as much.
  friend void swap(Decision& a, Decision& b) noexcept {
    std::swap(a.side, b.side);
    a.prompt.format.swap(b.prompt.format);
    a.prompt.args.swap(b.prompt.args);
    a.rule.swap(b.rule);
    a.choices.swap(b.choices);
  }
};

// The typed fields of a choice as one line, "option=attack,piece=12",
// "piece=12,to=0402", "location=north", "number=3": what a save records of
// a decision, and one way to name a choice on the command line. Pieces by
// their 1-based ids, locations by their ids.
std::string choice_value(const Choice& c, const GameDef& d);
// Reads such a line into the typed fields of a choice; an error names the
// part that is wrong. Keys: option, piece, to, location, number.
Result<Choice> parse_choice_value(std::string_view text, const GameDef& d);

// The words of choice `c` for `reader` in state `s` (a move's "from" is the
// piece's location in `s`).
std::string choice_text(const Choice& c, const GameDef& d, const State& s, int reader);
// The same as a lazy text, its pieces seen as they are in `s` (for the
// decision's event, kept in the log).
LazyText choice_lazy_text(const Choice& c, const GameDef& d, const State& s);

// A piece argument of a lazy text: the piece as it is in `s` (its type, its
// owner, and which sides see it).
TextArg piece_arg(const GameDef& d, const State& s, int piece);
TextArg location_arg(int location);

// Whether a format with directives `classes` (core/lazy_text.h) fits the
// values a choice of kind `k` gives its words: a piece choice its piece and
// the piece's location (%P %L), a location choice its location (%L), a move
// its piece, from and to (%P %L %L), a number its number (%d), an option
// none. A format may use fewer values than there are, in order.
bool words_fit(const std::vector<ArgClass>& classes, ChoiceKind k);
// Those values for messages: "%P (the piece) and %L (its location)".
const char* choice_values_text(ChoiceKind k);

}  // namespace cardboard
