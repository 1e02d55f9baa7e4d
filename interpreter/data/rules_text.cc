#include "data/rules_text.h"

#include <algorithm>
#include <sstream>

namespace cardboard {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// The level of the long bracket opening at `at` ("[[" 0, "[==[" 2), or -1.
int long_bracket(std::string_view s, size_t at) {
  if (at >= s.size() || s[at] != '[') return -1;
  size_t i = at + 1;
  while (i < s.size() && s[i] == '=') ++i;
  return i < s.size() && s[i] == '[' ? static_cast<int>(i - at - 1) : -1;
}

// Where the long bracket of `level` that opens at `at` ends (past its close).
size_t long_bracket_end(std::string_view s, size_t at, int level) {
  const std::string close = "]" + std::string(static_cast<size_t>(level), '=') + "]";
  const size_t end = s.find(close, at + static_cast<size_t>(level) + 2);
  return end == std::string_view::npos ? s.size() : end + close.size();
}

}  // namespace

std::string lua_code_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool gap = false;  // white space or a comment since the last byte of code
  const auto code = [&](std::string_view piece) {
    if (gap && !out.empty()) out += ' ';
    gap = false;
    out += piece;
  };
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (is_space(c)) {
      gap = true;
      ++i;
    } else if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {
      gap = true;
      const int level = long_bracket(s, i + 2);
      if (level >= 0) {
        i = long_bracket_end(s, i + 2, level);
      } else {
        const size_t eol = s.find('\n', i);
        i = eol == std::string_view::npos ? s.size() : eol;
      }
    } else if (c == '"' || c == '\'') {
      size_t j = i + 1;
      while (j < s.size() && s[j] != c && s[j] != '\n') j += s[j] == '\\' ? 2 : 1;
      j = std::min(j + 1, s.size());
      code(s.substr(i, j - i));
      i = j;
    } else if (const int level = long_bracket(s, i); level >= 0) {
      const size_t j = long_bracket_end(s, i, level);
      code(s.substr(i, j - i));
      i = j;
    } else {
      code(s.substr(i, 1));
      ++i;
    }
  }
  return out;
}

std::string toml_data_text(const toml::table& t) {
  std::ostringstream os;
  os << toml::toml_formatter(t);
  return os.str();
}

}  // namespace cardboard
