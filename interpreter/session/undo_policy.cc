#include "session/undo_policy.h"

namespace cardboard {

namespace {

// What makes action `seq` a barrier for `side`, or "" when nothing does:
// something new to a side. A roll, a draw or a reveal is new to someone; an
// event seen by one other side alone showed it something. The words quoted
// are the asking side's own.
Result<std::string> barrier(SaveFile& file, int64_t seq, const std::string& side) {
  auto events = file.events(seq);
  if (!events.ok()) return events.error();
  for (const auto& e : *events) {
    // Another side's secret is not quoted, even in the asking side's words;
    // what no side saw ("*": a hidden piece changed) showed nothing.
    if (!e.visible_to.empty() && e.visible_to != "*" && e.visible_to != side) return "it showed something to " + e.visible_to + " only";
    const std::string& words = e.text_for(side);
    if (e.kind == "roll") return "it rolled (" + words + ")";
    if (e.kind == "draw") return "it drew (" + words + ")";
    if (e.kind == "reveal") return "it revealed (" + words + ")";
  }
  return std::string();
}

}  // namespace

Status check_undo(History& h, const UndoRequest& r) {
  const GameDef& d = h.game().def();
  const int64_t last = h.action_count();
  if (r.agreed || !d.between_people() || r.count <= 0 || r.count > last) return ok_status();  // undo itself refuses a bad count
  auto newest = h.file().action(last);
  if (!newest.ok()) return newest.error();
  const std::string side = r.side.empty() ? newest->side : r.side;
  if (d.find_side(side) < 0) return rejected("no such side: '" + side + "'");
  const std::string why_not = "; in a game between people a side takes back only its own actions, up to the last "
                              "roll, draw or secret shown, unless both sides agree (undo --agreed)";
  for (int64_t seq = last; seq > last - r.count; --seq) {
    auto a = h.file().action(seq);
    if (!a.ok()) return a.error();
    if (a->side != side)
      return rejected("cannot undo action " + std::to_string(seq) + " (" + a->side + " chose " + a->text +
                      "): it is not " + side + "'s" + why_not);
    auto b = barrier(h.file(), seq, side);
    if (!b.ok()) return b.error();
    if (!b->empty())
      return rejected("cannot undo action " + std::to_string(seq) + " (" + a->side + " chose " + a->text + "): " + *b +
                      why_not);
  }
  return ok_status();
}

}  // namespace cardboard
