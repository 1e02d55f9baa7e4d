// A view (session/view.h) for the terminal, for scripts and for the server: as text, as
// JSON, and the lines of the log.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "session/view.h"

namespace cardboard {

nlohmann::json view_json(const View& v);
// A printed value as JSON: a table whose keys are 1..n is an array.
nlohmann::json value_json(const Value& v);
// The board: the title, where the sequence stands, the tracks, each location.
std::string view_text(const View& v);
// Who decides and, to the deciding side, its numbered choices.
std::string decision_text(const View& v);
// One event as a line of the log: "-- Turn 2" or "   [5] North Front: ...".
std::string event_line(const std::string& kind, const std::string& rule, const std::string& text);
// `text` safe for a terminal: each ASCII control byte but a line break or
// a tab, each C1 control written in UTF-8, and each byte that is not
// UTF-8, becomes '?'. A rules script or a data file may hold any bytes,
// and an escape sequence would act on the player's terminal (its title,
// its colours, what it shows). The texts above are made so.
std::string terminal_text(std::string_view text);

}  // namespace cardboard
