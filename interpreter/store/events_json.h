// The events of one action as a save stores them: one JSON text per action,
// an array with one array per event, [kind, rule, text] or, for an event only
// one side may see, [kind, rule, text, visible_to]; an event whose words
// differ by reader (it names a piece some side did not see) adds an object of
// those words by side id, "" for a spectator: [kind, rule, text, visible_to,
// {"syria": ..., "": ...}]. `text` is the words for every piece named (a
// finished game's replay):
//
//   [["sequence","","Turn 2"],["roll","9.1","2d6 rolled 7 (3+4)"],
//    ["draw","2.1","Jihad drawn from Arab deck to Arab hand","",{"israel":"a hidden Arab card drawn ..."}]]
//
// One text per action keeps the append of an action to one row (one B-tree
// page written, not one per event), and stays readable from SQL through
// SQLite's JSON functions (the save's `events` view uses them).
//
// Strings are written byte for byte, escaping only '"', '\' and the control
// characters below 0x20, so any bytes round-trip. The decoder reads what the
// encoder writes and the JSON it allows (whitespace, every escape including
// \uXXXX surrogate pairs); anything else is an error, never a crash.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace cardboard {

struct EventRow {
  int64_t n = 0;            // its place among its action's events, 0-based; filled when read
  int64_t action = 0;       // filled when read
  std::string kind, rule, text;
  std::string visible_to;   // side id, '' for every side
  std::map<std::string, std::string> texts;  // the words for a reader (side id, '' a spectator) where they differ from text

  // The words `reader` reads: a side id, "" for a spectator, "*" for every piece named.
  const std::string& text_for(const std::string& reader) const {
    if (reader == "*") return text;
    const auto it = texts.find(reader);
    return it == texts.end() ? text : it->second;
  }
  // Whether `reader` (a side id, "" a spectator, "*" everyone) may see the event at all.
  bool seen_by(const std::string& reader) const { return visible_to.empty() || reader == "*" || reader == visible_to; }
};

// Appends the JSON text of `events` to `out`.
void append_events_json(std::string& out, const std::vector<EventRow>& events);

// Builds the same text one event at a time (what History does, straight from
// the game's events); the buffer is reused from one action to the next.
class EventsJsonWriter {
 public:
  void clear() {
    out_.clear();
    count_ = 0;
    closed_ = false;
  }
  // visible_to: the id of the only side that may see it, '' for every side;
  // texts: the words of readers that read it otherwise (may be null).
  void add(std::string_view kind, std::string_view rule, std::string_view text, std::string_view visible_to,
           const std::map<std::string, std::string>* texts = nullptr);
  // The text of the events added since clear().
  std::string_view json();

 private:
  std::string out_;
  size_t count_ = 0;
  bool closed_ = false;  // out_ ends with the array's ']'
};
// Appends the events of `json` to `out`, with `action` and their places
// filled in. On an error `out` may hold part of them.
Status read_events_json(std::string_view json, int64_t action, std::vector<EventRow>& out);

}  // namespace cardboard
