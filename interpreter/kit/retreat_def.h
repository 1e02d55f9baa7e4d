// Retreat and advance after combat as data ([retreat] and [advance] in
// game.toml; docs/kit.md#retreat-and-advance): what a retreat must obey
// and what befalls a unit that cannot make one; which units may advance
// into a hex their attack emptied, and how far. Which zones of control a
// retreat may enter is [zoc]'s (ZocDef::friendly_negates_retreat and
// ignores), not repeated here.
#pragma once

#include <string>
#include <vector>

namespace cardboard {

struct RetreatDef {
  bool declared = false;
  // A unit with no legal retreat: eliminated, or it retreats as far as it
  // can and loses a step for each hex short of the result's.
  enum class Blocked { kEliminate, kSteps };
  Blocked blocked = Blocked::kEliminate;
  // The hex a retreat ends in: kContinue: within the stacking limit, the
  // retreat going on hex by hex where no end of its length is; kEnd: within
  // the limit, or it is no legal end; kIgnore: the limit is not looked at.
  enum class Stacking { kContinue, kEnd, kIgnore };
  Stacking stacking = Stacking::kContinue;
  bool farther = true;  // each hex of a retreat farther (by hex distance) from its start than the one before
};

struct AdvanceDef {
  bool declared = false;
  int hexes = 1;                              // the vacated hex, then up to hexes - 1 beyond
  bool zones = false;                         // true: entering an enemy zone ends an advance
  std::vector<std::string> kinds = {"unit"};  // piece type kinds that may advance
  std::string without;                        // a printed value that, when true, means it may not ("" none)
};

}  // namespace cardboard
