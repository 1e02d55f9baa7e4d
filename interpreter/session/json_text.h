// JSON as the text the command line prints, the server sends and a file
// keeps. A rules script's texts are Lua strings, which may hold any bytes,
// and JSON must be UTF-8: a byte sequence that is not is written as U+FFFD
// rather than failing the whole answer (nlohmann's default throws).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace cardboard {

inline std::string json_text(const nlohmann::json& j, int indent = -1) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace cardboard
