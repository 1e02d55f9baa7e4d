// Who may take back what. In a solitaire or practice game (at most one side
// played by a person) undo goes back freely. In a game between people a side
// takes back only its own actions, and none past an information barrier:
// an action whose consequences were new to a side: it rolled dice, drew,
// revealed a piece, or showed another side something only that side saw (a
// side's own hidden pieces moving tell it nothing new); unless both sides
// agree. No rules author marks anything for it:
// the kernel records every roll, draw and event with who may see it.
#pragma once

#include <cstdint>
#include <string>

#include "core/error.h"
#include "session/history.h"

namespace cardboard {

struct UndoRequest {
  int64_t count = 1;
  std::string side;     // the side asking (an id); '' for the side of the last action
  bool agreed = false;  // both sides agree: no limit
};

// Whether the policy allows `r` on `h`: ok, or kRejected saying which
// action stops it and why.
Status check_undo(History& h, const UndoRequest& r);

}  // namespace cardboard
