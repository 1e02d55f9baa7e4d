// Reading TOML files with positions: every error names file:line:column and
// what was expected, so an author can jump to the spot.
#pragma once

#include <string>
#include <toml++/toml.h>

#include "core/error.h"

namespace cardboard {

Result<toml::table> parse_toml_file(const std::string& path);
Result<toml::table> parse_toml_string(const std::string& text, const std::string& source_name);

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

// Checks that every key of `t` is in `allowed`; an unknown key is an error
// naming the closest allowed key ("did you mean ...").
Status check_keys(const std::string& file, const toml::table& t, std::initializer_list<const char*> allowed,
                  const char* context);

// The Levenshtein distance: insertions, deletions and substitutions.
size_t edit_distance(const std::string& a, const std::string& b);
// The closest of `options` to `word` by edit distance, or "" when none is close.
std::string closest(const std::string& word, const std::vector<std::string>& options);

}  // namespace cardboard
