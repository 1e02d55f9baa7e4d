// Stacking as data ([stacking] in game.toml; docs/kit.md): how much a hex
// holds, what each piece counts, and which pieces do not count.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cardboard {

struct StackingDef {
  bool declared = false;
  int64_t limit = 0;            // stacking points a hex holds
  std::string points;           // the printed value of a piece's points ("": each counts 1)
  std::vector<std::string> exempt_kinds = {"marker"};  // piece type kinds that never count
  std::string exempt;           // a printed value that, when true, means the piece does not count
  std::map<std::string, int64_t, std::less<>> terrain;  // a terrain's own limit
  std::string rule;             // the section cited when a hex is over its limit
};

}  // namespace cardboard
