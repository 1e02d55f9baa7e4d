// What happened, for the log: one event per roll, draw, move, decision,
// line logged by the rules, result and sequence step, each with the rule
// that caused it. Its text is lazy (core/lazy_text.h), made for each reader
// from that reader's side: a piece hidden from a side when the event
// happened is "a hidden Syrian unit" in that side's log.
#pragma once

#include <string>

#include "core/lazy_text.h"

namespace cardboard {

struct Event {
  // kReveal: a piece shown to a side that did not see it (a move to a more
  // open place, pieces.set_visibility), an information barrier for undo.
  // kChange: a piece's face, markers, counters or owner changed.
  enum class Kind { kSequence, kRoll, kDraw, kMove, kDecision, kLog, kResult, kReveal, kChange };
  Kind kind = Kind::kLog;
  std::string rule;
  LazyText text;
  int visible_to = -1;  // -1 every side, else the side index that may see it
};

const char* event_kind_name(Event::Kind k);

}  // namespace cardboard
