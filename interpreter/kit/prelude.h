// The kit's procedures that ask players (kit/lua/*.lua): generic Lua built
// into the binary and run in a game's sandbox before its rules, when the game
// declares any of the kit. Like any global, a game or a mod may redefine
// them. The C++ primitives they call (paths, zones, table look-ups) are the
// Lua API's.
#pragma once

#include <span>
#include <string_view>

namespace cardboard {

struct PreludeScript {
  const char* name;       // the chunk name in messages: "kit/move.lua"
  std::string_view code;
};

// In a fixed order (by file name).
std::span<const PreludeScript> kit_prelude();

}  // namespace cardboard
