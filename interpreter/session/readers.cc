#include "session/readers.h"

namespace cardboard {

int default_reader(const GameDef& d, int deciding, bool finished) {
  if (deciding >= 0) return deciding;
  int person = -1, people = 0;
  for (size_t s = 0; s < d.sides.size(); ++s)
    if (!d.sides[s].automatic) person = static_cast<int>(s), ++people;
  if (people == 1) return person;
  return finished ? kEveryone : kPublicOnly;
}

std::string reader_id(const GameDef& d, int reader) {
  if (reader >= 0 && reader < static_cast<int>(d.sides.size())) return d.sides[reader].id;
  return reader == kEveryone ? "*" : "";
}

Result<int> side_arg(const GameDef& d, const std::string& side) {
  if (side.empty()) return -1;
  const int s = d.find_side(side);
  if (s >= 0) return s;
  std::string ids;
  for (const auto& sd : d.sides) ids += (ids.empty() ? "" : ", ") + sd.id;
  return Error{ErrorKind::kUsage, "no such side: '" + side + "' (the sides are " + ids + ")"};
}

}  // namespace cardboard
