// A text made when someone reads it: a format and its arguments, kept as
// data. Rules write log lines, prompts and choice texts with placeholders
// for the kernel's ids (a piece, a location, a side, a piece type) beside
// string.format's own; the kernel checks the format and the arguments at
// once, whoever is watching (a bot meets the errors a player meets), and
// makes the text only for a reader, from that reader's side: a piece that
// side did not see when the text was made is named "a hidden Syrian unit".
//
// The format language is string.format's (flags, width, precision and the
// conversions c d i u o x X a A e E f F g G s), without %q and %p, plus:
//   %P  a piece (its id)          -> the printed name of its type
//   %L  a location (its id; nil)  -> the location's title ("out of play")
//   %S  a side (its id)           -> the side's title
//   %T  a piece type (its id)     -> the type's printed name
//   %t  a text: a table {format, values...} -> that text, in place
// and %% for a percent sign. A kept text has no %t: the nested format and
// its values take its place.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"

namespace cardboard {

// The reader of a text: a side's index, or one of these.
constexpr int kEveryone = -1;    // sees every piece (a finished game's replay, tests)
constexpr int kPublicOnly = -2;  // sees what every side sees (a spectator)

struct TextArg {
  enum class Kind : uint8_t { kNil, kBool, kInteger, kNumber, kString, kPiece, kLocation, kSide, kType };
  Kind kind = Kind::kNil;
  int64_t integer = 0;  // kBool (0/1), kInteger, and the index of kPiece, kLocation, kSide, kType
  double number = 0;
  std::string text;     // kString
  // kPiece: what it was when the text was made.
  int32_t type = -1;
  int32_t owner = -1;
  uint32_t seen_by = 0;  // bit s: side s saw the piece (sides 0..31)

  bool operator==(const TextArg&) const = default;
};

// The values a text's %d and %s take.
TextArg integer_arg(int64_t v);
TextArg string_arg(std::string s);

struct LazyText {
  std::string format;
  std::vector<TextArg> args;

  bool empty() const { return format.empty(); }
  void clear() {
    format.clear();
    args.clear();
  }
  bool operator==(const LazyText&) const = default;
};

// One directive of a format, as checked: what argument it takes.
enum class ArgClass : uint8_t { kInteger, kNumber, kAny, kPiece, kLocation, kSide, kType, kText };

// The directives of `format` in order, or an error naming the bad directive
// ("invalid conversion '%q' to 'log'"). `fn` names the function for messages.
Result<std::vector<ArgClass>> parse_text_format(std::string_view format, const char* fn);

// The text of `t` for `reader` (a side index, kEveryone or kPublicOnly).
std::string render(const LazyText& t, const GameDef& d, int reader);

// "a hidden Syrian unit": how a piece of `type` owned by `owner` reads to a
// side that does not see it.
std::string hidden_piece_text(const GameDef& d, int type, int owner);

// Whether `reader` reads the piece of argument `a` by its name (a game of
// `sides` sides; a spectator reads it when every side saw it).
bool reads_piece(const TextArg& a, int reader, size_t sides);

// Lua's tostring of a number: integers as such, floats with "%.14g" and a
// ".0" when that reads as an integer.
std::string number_text(double n);

}  // namespace cardboard
