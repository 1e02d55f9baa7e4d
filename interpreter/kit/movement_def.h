// Movement as data ([movement], [terrain.*], [hexsides.*], [roads.*] in
// game.toml; docs/kit.md): the printed allowance and movement class of each
// piece, what entering a terrain, crossing a hexside feature and moving along
// a road cost each class. A cost below zero (kProhibited) forbids the step.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace cardboard {

inline constexpr double kProhibited = -1;

// A cost for each movement class, by class index.
using ClassCosts = std::vector<double>;

struct MovementDef {
  bool declared = false;
  std::string allowance = "movement";  // the printed value holding a piece's movement allowance
  std::string class_key = "class";     // the printed value naming a piece's movement class
  std::vector<std::string> classes = {"any"};  // a piece without `class_key` moves as classes[0]
  std::map<std::string, ClassCosts, std::less<>> terrain;   // cost to enter a hex of this terrain
  std::map<std::string, ClassCosts, std::less<>> hexsides;  // cost added to cross this hexside feature
  std::map<std::string, ClassCosts, std::less<>> roads;     // cost of a step along this kind of road
  bool enemy_closed = true;  // a hex holding an enemy piece that counts for stacking cannot be entered

  int find_class(std::string_view name) const {
    for (size_t i = 0; i < classes.size(); ++i)
      if (classes[i] == name) return static_cast<int>(i);
    return -1;
  }
};

}  // namespace cardboard
