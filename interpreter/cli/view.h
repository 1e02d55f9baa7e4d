// What one side may see of a game, as JSON and as text for the terminal.
// Locations hidden from the side (a face-down deck, the other side's hand)
// show only how many pieces they hold.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "script/game.h"

namespace cardboard {

// side -1: the acting side, or everything when nobody acts (a finished game).
nlohmann::json view_json(const Game& game, int side);
std::string view_text(const Game& game, int side);
// The decision and its numbered choices, for the terminal. The choices are
// shown only to the deciding side (side -1: the deciding side is looking),
// since they can name its hidden pieces.
std::string prompt_text(const Game& game, int side = -1);
std::string events_text(const std::vector<Event>& events, int side);
// One event as a line of the log: "-- Turn 2" or "   [5] North Front: ...".
std::string event_line(const std::string& kind, const std::string& rule, const std::string& text);

}  // namespace cardboard
