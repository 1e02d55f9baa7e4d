#include "core/json_nesting.h"

#include <algorithm>

namespace cardboard {

size_t json_nesting(std::string_view text) {
  size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return deepest;
}

}  // namespace cardboard
