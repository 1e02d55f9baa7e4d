// Fog of war as data ([fog] in game.toml; docs/kit.md): which pieces the
// enemy does not see on the map, and what reveals them.
#pragma once

#include <string>
#include <vector>

namespace cardboard {

struct FogDef {
  bool declared = false;
  std::vector<std::string> kinds = {"unit"};  // piece type kinds under the fog
  bool start_hidden = true;   // on a hex map at the start, seen by their owner only
  bool reveal_on_contact = true;  // revealed when an enemy piece under the fog stands in or next to their hex
  bool reveal_in_combat = true;   // revealed when they attack or are attacked (combat.apply)
  std::string rule;           // the section a reveal cites
};

}  // namespace cardboard
