#include "data/toml_file.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace cardboard {

Result<toml::table> parse_toml_string(const std::string& text, const std::string& source_name) {
  try {
    return toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    return rejected(source_name + ":" + std::to_string(b.line) + ":" + std::to_string(b.column) +
                    ": " + std::string(e.description()));
  }
}

Result<toml::table> parse_toml_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return rejected("cannot read " + path + ": no such file or not readable");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_toml_string(ss.str(), path);
}

std::string where(const std::string& file, const toml::node* node) {
  if (!node || !node->source().begin) return file;
  const auto& b = node->source().begin;
  return file + ":" + std::to_string(b.line) + ":" + std::to_string(b.column);
}

std::string where(const std::string& file, const toml::node& node) { return where(file, &node); }

Error bad_data(const std::string& file, const toml::node* node, const std::string& what) {
  return rejected(what + " (" + where(file, node) + ")");
}

const char* type_name(const toml::node* n) {
  if (!n) return "nothing";
  switch (n->type()) {
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    default: return "a date or time";
  }
}

Result<std::string> get_string(const std::string& file, const toml::table& t, const char* key,
                               const std::string* fallback) {
  const toml::node* n = t.get(key);
  if (!n) {
    if (fallback) return *fallback;
    return bad_data(file, &t, std::string("missing key '") + key + "': a string is required");
  }
  if (auto s = n->value<std::string>(); s && n->is_string()) return *s;
  return bad_data(file, n, std::string("bad '") + key + "': expected a string, got " + type_name(n));
}

Result<int64_t> get_int(const std::string& file, const toml::table& t, const char* key,
                        const int64_t* fallback) {
  const toml::node* n = t.get(key);
  if (!n) {
    if (fallback) return *fallback;
    return bad_data(file, &t, std::string("missing key '") + key + "': an integer is required");
  }
  if (n->is_integer()) return *n->value<int64_t>();
  return bad_data(file, n, std::string("bad '") + key + "': expected an integer, got " + type_name(n));
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string closest(const std::string& word, const std::vector<std::string>& options) {
  std::string best;
  size_t best_d = std::max<size_t>(2, word.size() / 3) + 1;
  for (const auto& o : options) {
    const size_t d = edit_distance(word, o);
    if (d < best_d) {
      best_d = d;
      best = o;
    }
  }
  return best;
}

Status check_keys(const std::string& file, const toml::table& t, std::initializer_list<const char*> allowed,
                  const char* context) {
  std::vector<std::string> options(allowed.begin(), allowed.end());
  for (const auto& [k, v] : t) {
    const std::string key(k.str());
    if (std::find(options.begin(), options.end(), key) != options.end()) continue;
    std::string msg = "unknown key '" + key + "' in " + context;
    const std::string near = closest(key, options);
    if (!near.empty()) msg += ": did you mean '" + near + "'?";
    // Point at the key itself, not at its value.
    if (const auto& b = k.source().begin)
      return rejected(msg + " (" + file + ":" + std::to_string(b.line) + ":" + std::to_string(b.column) + ")");
    return bad_data(file, &v, msg);
  }
  return ok_status();
}

}  // namespace cardboard
