// What happened, for the log: one event per roll, draw, move, decision,
// line logged by the rules, result and sequence step, each with the rule
// that caused it. Its text is lazy (core/lazy_text.h), made for each reader
// from that reader's side: a piece hidden from a side when the event
// happened is "a hidden Syrian unit" in that side's log.
#pragma once

#include <string>
#include <vector>

#include "core/game_def.h"
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
  int visible_to = kEverySide;  // kEverySide, kNoSide (the host's log only), else the side that may see it
  static constexpr int kEverySide = -1;
  static constexpr int kNoSide = -2;
};

// The id a saved event names its reader by: "" every side, "*" none (the
// host's log only), else the side's id.
inline std::string visible_to_id(const Event& e, const std::vector<SideDef>& sides) {
  if (e.visible_to == Event::kNoSide) return "*";
  return e.visible_to >= 0 && e.visible_to < static_cast<int>(sides.size()) ? sides[e.visible_to].id : std::string();
}

const char* event_kind_name(Event::Kind k);

}  // namespace cardboard
