// Dice: parsing a spec ("d6", "2d6", "d10") and rolling it. A d10 is read 0-9
// as printed on most wargame d10s; every other die is read 1..M. Forced values
// (for tests and tutorials) are consumed before the generator is asked.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/rng.h"

namespace cardboard {

struct DiceSpec {
  int count = 1;
  int sides = 6;
  int low = 1;  // the lowest face: 0 for a d10, 1 otherwise
  int high() const { return low + sides - 1; }
};

Result<DiceSpec> parse_dice(std::string_view spec);

// Values waiting to be used as the next die faces, in order.
class ForcedDice {
 public:
  void push(int face) { faces_.push_back(face); }
  bool empty() const { return faces_.empty(); }
  size_t size() const { return faces_.size(); }
  void clear() { faces_.clear(); }
  const std::deque<int>& faces() const { return faces_; }
  // Takes the next forced face, or returns false when none is waiting.
  // A face outside [low, high] is an error, reported with the spec.
  Result<bool> take(const DiceSpec& spec, int& face);

 private:
  std::deque<int> faces_;
};

// Rolls every die of the spec; faces go to `faces`, the sum is returned.
Result<int> roll_dice(const DiceSpec& spec, Rng& rng, ForcedDice& forced, std::vector<int>& faces);

// Parses "6,1,4" into faces.
Result<std::vector<int>> parse_face_list(std::string_view list);

}  // namespace cardboard
