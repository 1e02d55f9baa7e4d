#include "data/toml_file.h"

#include <algorithm>
#include <set>

#include "core/input_file.h"

namespace cardboard {

namespace {

// After a syntax error the text is parsed again with the offending line
// blanked, at most this many times, to report the errors after it.
constexpr int kMaxSyntaxReports = 20;

struct TextPosition {
  int line = 0, column = 0;
};

// Finds where TOML text first nests deeper than kMaxTomlNesting levels,
// counting a table header's dotted segments, a key's dotted segments, and
// each open array and inline table, as toml++ would nest them. Keys and
// values inside quoted strings and comments do not count; dots in values
// (numbers, dates) are not keys. A rough reading is enough: text that is not
// TOML is left to the parser to report.
class NestingScan {
 public:
  explicit NestingScan(std::string_view text) : s_(text) {}

  // The first position past the limit, or line 0 when there is none.
  TextPosition too_deep() {
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '"' || c == '\'') {
        if (mode_ == kStatement) start_key(header_);
        skip_string();
        continue;
      }
      if (c == '#') {
        i_ = std::min(s_.find('\n', i_), s_.size());
        continue;
      }
      if (c == '\n') {
        if (stack_.empty() && mode_ != kHeader) mode_ = kStatement;
        advance();
        continue;
      }
      if (step(c)) return at_;
      advance();
    }
    return {};
  }

 private:
  enum Mode { kStatement, kHeader, kKey, kValue };
  struct Frame {
    bool table;
    int depth;  // an inline table's own depth, an array's elements' depth
  };

  // One character outside strings and comments; true when the limit is passed here.
  bool step(char c) {
    switch (mode_) {
      case kStatement:
        if (c == '[') {
          mode_ = kHeader;
          segments_ = 1;
          array_header_ = i_ + 1 < s_.size() && s_[i_ + 1] == '[';
          if (array_header_) advance();
        } else if (c != ' ' && c != '\t' && c != '\r' && c != ']') {
          start_key(header_);
        }
        return false;
      case kHeader:
        if (c == '.') return deeper(++segments_ + (array_header_ ? 1 : 0));
        if (c == ']') {
          header_ = segments_ + (array_header_ ? 1 : 0);
          mode_ = kStatement;
        }
        return false;
      case kKey:
        if (c == '.') return deeper(key_base_ + ++segments_);
        if (c == '=') {
          depth_ = key_base_ + segments_;
          mode_ = kValue;
          return deeper(depth_);
        }
        if (c == '}') close();
        return false;
      case kValue:
        // An inline table is the value itself: its keys count from its
        // depth. An array's elements are one level below it.
        if (c == '{') {
          stack_.push_back({true, depth_});
          start_key(depth_);
          return false;
        }
        if (c == '[') {
          stack_.push_back({false, ++depth_});
          return deeper(depth_);
        }
        if (c == ']' || c == '}') close();
        if (c == ',' && !stack_.empty()) {
          if (stack_.back().table) start_key(stack_.back().depth);
          else depth_ = stack_.back().depth;
        }
        return false;
    }
    return false;
  }

  void start_key(int base) {
    mode_ = kKey;
    key_base_ = base;
    segments_ = 1;
  }

  void close() {
    if (!stack_.empty()) stack_.pop_back();
    depth_ = stack_.empty() ? header_ : stack_.back().depth;
    mode_ = kValue;
  }

  // The line and column are counted only for the error: the scan runs on
  // every file loaded.
  bool deeper(int depth) {
    if (depth <= kMaxTomlNesting) return false;
    const size_t line_start = s_.rfind('\n', i_ == 0 ? 0 : i_ - 1);
    at_.line = 1 + static_cast<int>(std::count(s_.begin(), s_.begin() + static_cast<std::ptrdiff_t>(i_), '\n'));
    at_.column = static_cast<int>(i_ - (line_start == std::string_view::npos || i_ == 0 ? 0 : line_start + 1)) + 1;
    return true;
  }

  void advance(size_t n = 1) { i_ = std::min(i_ + n, s_.size()); }

  // Skips a basic or literal string, one-line or multi-line, to its end.
  void skip_string() {
    const char q = s_[i_];
    const char triple[] = {q, q, q};
    const bool multi = s_.compare(i_, 3, std::string_view(triple, 3)) == 0;
    advance(multi ? 3 : 1);
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '\\' && q == '"') {
        advance(2);
        continue;
      }
      if (!multi && c == '\n') return;  // unterminated: the parser says so
      if (c == q && (!multi || s_.compare(i_, 3, std::string_view(triple, 3)) == 0)) {
        advance(multi ? 3 : 1);
        // A multi-line string may end with one or two quotes of its own.
        for (int k = 0; multi && k < 2 && i_ < s_.size() && s_[i_] == q; ++k) advance();
        return;
      }
      advance();
    }
  }

  std::string_view s_;
  size_t i_ = 0;
  Mode mode_ = kStatement;
  bool array_header_ = false;
  int header_ = 0;    // the depth of the current [table] header
  int key_base_ = 0;  // the depth the key being read starts from
  int segments_ = 0;  // the dotted segments read so far of a key or header
  int depth_ = 0;     // the depth of the value being read
  std::vector<Frame> stack_;
  TextPosition at_;
};

std::string position_text(const std::string& name, int line, int column) {
  return name + ":" + std::to_string(line) + ":" + std::to_string(column);
}

// The offsets of line `line` (1-based) of `text`: [start, end); false when it has none.
bool line_span(const std::string& text, int line, size_t& start, size_t& end) {
  start = 0;
  for (int l = 1; l < line; ++l) {
    start = text.find('\n', start);
    if (start == std::string::npos) return false;
    ++start;
  }
  if (start >= text.size()) return false;
  end = std::min(text.find('\n', start), text.size());
  return true;
}

// Replaces line `line` of `text` with spaces; false when it has none.
bool blank_line(std::string& text, int line) {
  size_t start, end;
  if (!line_span(text, line, start, end)) return false;
  std::fill(text.begin() + static_cast<std::ptrdiff_t>(start), text.begin() + static_cast<std::ptrdiff_t>(end), ' ');
  return true;
}

// Whether the lines strictly between `from` and `to` hold nothing but spaces.
bool blank_between(const std::string& text, int from, int to) {
  for (int l = from + 1; l < to; ++l) {
    size_t start, end;
    if (line_span(text, l, start, end) && text.find_first_not_of(" \t\r", start) < end) return false;
  }
  return true;
}

// Where one parse failed: the line to blank before trying again, and what
// the parser was reading ("Error while parsing array").
struct SyntaxError {
  int line = 0;
  std::string reading;
};

Result<toml::table> parse_once(const std::string& text, const std::string& source_name, SyntaxError& error) {
  if (const TextPosition deep = NestingScan(text).too_deep(); deep.line > 0) {
    error = {deep.line, "nesting"};
    return rejected(position_text(source_name, deep.line, deep.column) + ": nesting deeper than " +
                    std::to_string(kMaxTomlNesting) +
                    " levels (table headers, dotted keys, arrays and inline tables together): flatten the data");
  }
  try {
    return toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    const std::string description(e.description());
    error = {static_cast<int>(b.line), description.substr(0, description.find(':'))};
    return rejected(position_text(source_name, static_cast<int>(b.line), static_cast<int>(b.column)) + ": " +
                    description);
  }
}

}  // namespace

Result<toml::table> parse_toml_string(const std::string& text, const std::string& source_name, Problems* all) {
  SyntaxError error;
  auto first = parse_once(text, source_name, error);
  if (first.ok() || !all) return first;
  all->add(first.error());
  std::string work = text;
  std::set<int> blanked;
  for (int report = 1; report < kMaxSyntaxReports; ++report) {
    const SyntaxError previous = error;
    if (error.line <= 0 || !blanked.insert(error.line).second || !blank_line(work, error.line)) break;
    auto again = parse_once(work, source_name, error);
    if (again.ok()) break;
    // An unclosed array or string fails again on each next line: one report.
    const bool same_construct = error.reading == previous.reading && blank_between(work, previous.line, error.line);
    if (!same_construct) all->add(again.error());
  }
  return first;
}

Result<toml::table> parse_toml_file(const std::string& path, Problems* all) {
  auto text = read_input_file(path);
  if (!text.ok()) {
    if (all) all->add(text.error());
    return text.error();
  }
  return parse_toml_string(*text, path, all);
}

std::string where(const std::string& file, const toml::node* node) {
  if (!node || !node->source().begin) return file;
  const auto& b = node->source().begin;
  return position_text(file, static_cast<int>(b.line), static_cast<int>(b.column));
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

Result<int64_t> get_int(const std::string& file, const toml::table& t, const char* key, const int64_t* fallback,
                        int64_t lo, int64_t hi) {
  auto v = get_int(file, t, key, fallback);
  if (!v.ok() || (*v >= lo && *v <= hi)) return v;
  return bad_data(file, t.get(key) ? t.get(key) : &t,
                  std::string("bad '") + key + "': expected an integer from " + std::to_string(lo) + " to " +
                      std::to_string(hi) + ", got " + std::to_string(*v));
}

bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

Status check_id(const std::string& file, const toml::node* node, const std::string& what, const std::string& id) {
  if (valid_id(id)) return ok_status();
  return bad_data(file, node,
                  "bad " + what + " id '" + id + "': an id is 1 to 64 letters, digits, '_' or '-' (such as red_hand)");
}

Status check_function_name(const std::string& file, const toml::node* node, const char* key,
                           const std::string& name) {
  const auto head = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  const bool ok = !name.empty() && head(name[0]) &&
                  std::all_of(name.begin(), name.end(), [&](char c) { return head(c) || (c >= '0' && c <= '9'); });
  if (ok) return ok_status();
  return bad_data(file, node,
                  std::string("bad '") + key + "': '" + name +
                      "' is not a Lua function name (a letter or '_', then letters, digits or '_')");
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

bool check_keys(const std::string& file, const toml::table& t, std::initializer_list<const char*> allowed,
                const char* context, Problems& problems) {
  return check_keys(file, t, std::span<const char* const>(allowed.begin(), allowed.size()), context, problems);
}

bool check_keys(const std::string& file, const toml::table& t, std::span<const char* const> allowed,
                const char* context, Problems& problems) {
  std::vector<std::string> options(allowed.begin(), allowed.end());
  bool clean = true;
  for (const auto& [k, v] : t) {
    const std::string key(k.str());
    if (std::find(options.begin(), options.end(), key) != options.end()) continue;
    clean = false;
    std::string msg = "unknown key '" + key + "' in " + context;
    const std::string near = closest(key, options);
    if (!near.empty()) msg += ": did you mean '" + near + "'?";
    // Point at the key itself, not at its value.
    if (const auto& b = k.source().begin)
      problems.add(rejected(msg + " (" + position_text(file, static_cast<int>(b.line), static_cast<int>(b.column)) +
                            ")"));
    else
      problems.add(bad_data(file, &v, msg));
  }
  return clean;
}

Status check_keys(const std::string& file, const toml::table& t, std::initializer_list<const char*> allowed,
                  const char* context) {
  Problems problems;
  if (check_keys(file, t, allowed, context, problems)) return ok_status();
  return problems.first();
}

}  // namespace cardboard
