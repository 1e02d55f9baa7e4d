// Reading TOML files with positions: every error names file:line:column and
// what was expected, so an author can jump to the spot.
//
// TOML is untrusted input: files are read through read_input_file (regular
// files only, 16 MiB at most), and text that nests deeper than
// kMaxTomlNesting levels (tables, dotted keys, arrays and inline tables
// together) is refused before the parser sees it, so no file can exhaust the
// parser's stack.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>
#include <toml++/toml.h>

#include "core/error.h"

namespace cardboard {

inline constexpr int kMaxTomlNesting = 64;

// The problems found while loading, in the order found. Loading goes on past
// a problem where it can, so an author sees them all in one run; a command
// that only needs to know whether the data is good stops at the first.
class Problems {
 public:
  void add(Error e) { list_.push_back(std::move(e)); }
  // Records the error of `r` when it failed; returns whether it succeeded.
  template <typename T>
  bool check(const Result<T>& r) {
    if (!r.ok()) add(r.error());
    return r.ok();
  }
  bool empty() const { return list_.empty(); }
  size_t size() const { return list_.size(); }
  const std::vector<Error>& list() const { return list_; }
  const Error& first() const { return list_.front(); }

 private:
  std::vector<Error> list_;
};

// Parses TOML text (or a file). On a syntax error, returns the first one,
// "file:line:column: what"; when `all` is given it also receives every
// syntax error found, the first included: after each, the offending line is
// blanked and the text parsed again, a bounded number of times.
Result<toml::table> parse_toml_string(const std::string& text, const std::string& source_name,
                                      Problems* all = nullptr);
Result<toml::table> parse_toml_file(const std::string& path, Problems* all = nullptr);

// "file:line:column" for a node (or just the file when the node has no position).
std::string where(const std::string& file, const toml::node* node);
std::string where(const std::string& file, const toml::node& node);

// "a string", "an integer" ... for messages; "nothing" for a null node.
const char* type_name(const toml::node* n);

// An error "what (file:line:column)".
Error bad_data(const std::string& file, const toml::node* node, const std::string& what);

// Typed field access with positioned errors. A missing optional key yields the fallback.
Result<std::string> get_string(const std::string& file, const toml::table& t, const char* key,
                               const std::string* fallback = nullptr);
Result<int64_t> get_int(const std::string& file, const toml::table& t, const char* key,
                        const int64_t* fallback = nullptr);
// An integer that must lie in lo..hi: "bad 'count': expected an integer
// from 0 to 10000, got -1".
Result<int64_t> get_int(const std::string& file, const toml::table& t, const char* key, const int64_t* fallback,
                        int64_t lo, int64_t hi);

// An id of a side, location, track, piece type, phase, step, map or area: 1
// to 64 ASCII letters, digits, '_' or '-'. Ids are written into saves'
// forced-input text, where ';', '=', '|' and ',' separate them.
bool valid_id(std::string_view id);
// An error naming `what` ("location") and the bad id at `node`, or ok.
Status check_id(const std::string& file, const toml::node* node, const std::string& what, const std::string& id);
// A Lua function name, as `run` and `setup` give one: a letter or '_', then
// letters, digits or '_'.
Status check_function_name(const std::string& file, const toml::node* node, const char* key,
                           const std::string& name);

// Checks that every key of `t` is in `allowed`; an unknown key is an error
// naming the closest allowed key ("did you mean ..."). The first form
// returns the first; the second records every one and returns whether
// there was none.
Status check_keys(const std::string& file, const toml::table& t, std::initializer_list<const char*> allowed,
                  const char* context);
bool check_keys(const std::string& file, const toml::table& t, std::initializer_list<const char*> allowed,
                const char* context, Problems& problems);
bool check_keys(const std::string& file, const toml::table& t, std::span<const char* const> allowed,
                const char* context, Problems& problems);

// The Levenshtein distance: insertions, deletions and substitutions.
size_t edit_distance(const std::string& a, const std::string& b);
// The closest of `options` to `word` by edit distance, or "" when none is close.
std::string closest(const std::string& word, const std::vector<std::string>& options);

}  // namespace cardboard
