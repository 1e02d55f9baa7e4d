// Zones of control as data ([zoc] in game.toml; docs/kit.md): which pieces
// exert a zone, into which hexes, and what it does to an enemy moving or
// retreating.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace cardboard {

struct ZocDef {
  bool declared = false;
  std::vector<std::string> kinds = {"unit"};  // piece type kinds that exert a zone
  std::string without;                        // a printed value that, when true, means no zone ("" none)
  std::set<std::string, std::less<>> faces;   // the faces that exert one (empty: every face)
  std::set<std::string, std::less<>> not_across;  // hexside features a zone does not cross
  std::set<std::string, std::less<>> not_into;    // terrain a zone does not extend into
  bool stop_on_entry = true;  // entering an enemy zone ends the move
  enum class Leave { kAny, kStartOnly, kNever };
  Leave leave = Leave::kAny;  // kStartOnly: only as the first step of a move; kNever: not by moving
  double leave_cost = 0;      // added to the step that leaves an enemy zone
  bool zone_to_zone = true;   // a step from one enemy zone straight into another
  // ignores[a][b]: side a ignores the zones of side b's pieces (movement and retreat).
  std::vector<std::vector<bool>> ignores;
  // type_ignores[t][b]: pieces of type t ignore the zones of side b's pieces,
  // whatever their side ignores (a commando among line units); empty when no
  // type is named.
  std::vector<std::vector<bool>> type_ignores;
  bool friendly_negates_retreat = true;  // a retreat may enter an enemy zone a friendly piece occupies
};

}  // namespace cardboard
