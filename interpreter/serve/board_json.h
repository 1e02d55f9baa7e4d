// The board as the browser draws it: what the game's data prints (maps with
// their terrain, hexsides, roads and places or areas and connections; the
// locations; the piece types and their printed values; the tracks; the
// game's graphics.toml). The same for every reader: it holds no piece and no
// state, so nothing in it is anybody's secret.
#pragma once

#include <nlohmann/json.hpp>

#include "core/game_def.h"

namespace cardboard {

nlohmann::json board_json(const GameDef& def);

}  // namespace cardboard
