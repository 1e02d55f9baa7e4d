// Whose eyes a command prints through. A command shows one reader's view:
// the side named by --as, else the side that must decide, else the one side
// people play (a solitaire game), else everyone once the game is over, else
// a spectator, who sees only what every side sees.
#pragma once

#include <string>

#include "core/error.h"
#include "core/game_def.h"
#include "core/lazy_text.h"
#include "script/game.h"

namespace cardboard {

int default_reader(const GameDef& d, int deciding, bool finished);
inline int default_reader(const Game& g) {
  return default_reader(g.def(), g.state().finished ? -1 : g.state().pending.side, g.state().finished);
}
// The reader's id in a save's events: a side id, "*" for everyone, "" for a spectator.
std::string reader_id(const GameDef& d, int reader);
// --as SIDE: the side's index; "" gives -1 (none given); an unknown side is a usage error.
Result<int> side_arg(const GameDef& d, const std::string& side);

}  // namespace cardboard
