#include "serve/hidden_folders.h"

#include <algorithm>

namespace cardboard {

namespace {

// The length of the longest start of `path`, two characters or more, that
// `prefix` (a folder and "/") ends with: Lua's "..." cut the folder there.
size_t cut_prefix(std::string_view path, std::string_view prefix) {
  for (size_t k = std::min(path.size(), prefix.size()); k > 1; --k)
    if (prefix.substr(prefix.size() - k) == path.substr(0, k)) return k;
  return 0;
}

}  // namespace

std::string hide_folders(std::string_view text, const std::vector<std::string>& folders) {
  std::vector<std::string> prefixes;
  for (const std::string& f : folders)
    if (!f.empty()) prefixes.push_back(f.ends_with('/') ? f : f + "/");
  std::string out;
  out.reserve(text.size());
  size_t at = 0;
  while (at < text.size()) {
    // The next place a folder's path, or a "..." that may end one, starts.
    size_t next = std::min(text.size(), text.find("...", at));
    for (const std::string& p : prefixes) next = std::min(next, text.find(p, at));
    out.append(text.substr(at, next - at));
    if (next == text.size()) break;
    const std::string_view rest = text.substr(next);
    size_t skip = 0;
    for (const std::string& p : prefixes) {
      if (rest.starts_with(p)) skip = std::max(skip, p.size());
      if (rest.starts_with("...")) {
        const size_t k = cut_prefix(rest.substr(3), p);
        if (k > 0) skip = std::max(skip, 3 + k);
      }
    }
    if (skip == 0) {
      out += text[next];
      skip = 1;
    }
    at = next + skip;
  }
  return out;
}

}  // namespace cardboard
