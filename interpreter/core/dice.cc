#include "core/dice.h"

#include <charconv>

namespace cardboard {

static bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

Result<DiceSpec> parse_dice(std::string_view spec) {
  const auto d = spec.find_first_of("dD");
  DiceSpec out;
  if (d == std::string_view::npos || !parse_int(spec.substr(d + 1), out.sides) ||
      (d > 0 && !parse_int(spec.substr(0, d), out.count)) || out.count < 1 || out.count > 100 ||
      out.sides < 2 || out.sides > 1000) {
    return rejected("bad dice '" + std::string(spec) + "': expected NdM such as d6, 2d6 or d10");
  }
  out.low = out.sides == 10 ? 0 : 1;
  return out;
}

Result<bool> ForcedDice::take(const DiceSpec& spec, int& face) {
  if (faces_.empty()) return false;
  const int f = faces_.front();
  if (f < spec.low || f > spec.high()) {
    return rejected("forced die " + std::to_string(f) + " is out of range for d" +
                    std::to_string(spec.sides) + " (" + std::to_string(spec.low) + "-" +
                    std::to_string(spec.high()) + ")");
  }
  faces_.pop_front();
  face = f;
  return true;
}

Result<int> roll_dice(const DiceSpec& spec, Rng& rng, ForcedDice& forced, std::vector<int>& faces) {
  faces.clear();
  int sum = 0;
  for (int i = 0; i < spec.count; ++i) {
    int face = 0;
    auto took = forced.take(spec, face);
    if (!took.ok()) return took.error();
    if (!*took) face = spec.low + static_cast<int>(rng.below(static_cast<uint64_t>(spec.sides)));
    faces.push_back(face);
    sum += face;
  }
  return sum;
}

Result<std::vector<int>> parse_face_list(std::string_view list) {
  std::vector<int> out;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string_view::npos) comma = list.size();
    std::string_view item = list.substr(start, comma - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    int v = 0;
    if (!parse_int(item, v)) return rejected("bad dice list '" + std::string(list) + "': expected numbers separated by commas, such as 6,1,4");
    out.push_back(v);
    start = comma + 1;
  }
  return out;
}

}  // namespace cardboard
