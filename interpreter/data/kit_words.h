// What the kit's loaders share: the words their sections check against,
// read once from the loaded game: the terrain and hexside features
// the hex maps use, the piece type kinds, and the reading of a list of words
// with each slip reported at its file:line:column, with the closest word the
// game has. A did-you-mean compares the slip with every known word, so it is
// offered only for short words, and the first few slips of a section.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/game_def.h"
#include "data/toml_file.h"

namespace cardboard {

// Slips of one section that get a did-you-mean; later ones are reported without.
inline constexpr int kMaxSuggestions = 16;
// A word longer than this is reported without a did-you-mean.
inline constexpr size_t kMaxSuggestedWord = 128;

struct KitWords {
  std::set<std::string> terrain, hexsides;  // what the hex maps use
  std::set<std::string> kinds;              // the piece types' kinds
  bool hex_maps = false;                    // whether the game has a hex map (else words go unchecked)
};

KitWords kit_words(const GameDef& def);

// Appends ": did you mean 'X'?" with the closest of `options`, if one is close.
std::string with_suggestion(std::string message, const std::string& word, const std::vector<std::string>& options);
// "a, b, c".
std::string joined(const std::vector<std::string>& items);

// Appends ": did you mean 'X'?" with the closest of `options`, while
// `budget` lasts (it counts down) and `word` is short enough.
std::string suggest(std::string message, const std::string& word, const std::vector<std::string>& options,
                    int& budget);

// The strings of the array at `n` (key `key`), each given to `ok(word, node)`;
// a non-array or a non-string entry is a problem.
template <typename Ok>
void read_words(const std::string& file, const toml::node* n, const char* key, Problems& problems, Ok ok) {
  if (!n) return;
  const toml::array* a = n->as_array();
  if (!a) {
    problems.add(bad_data(file, n, std::string("bad '") + key + "': an array of strings expected"));
    return;
  }
  for (const toml::node& e : *a) {
    if (!e.is_string()) problems.add(bad_data(file, &e, std::string("bad '") + key + "' entry: a string expected"));
    else ok(*e.value<std::string>(), e);
  }
}

// The index in `options` of the word at `key` of `t`: -1 when the key is
// absent, or when it is no such word (a problem, with a did-you-mean).
int read_option(const std::string& file, const toml::table& t, const char* key, const std::vector<std::string>& options,
                const std::string& context, Problems& problems);

// Whether some piece type prints a value named `key`.
bool some_type_prints(const GameDef& def, const std::string& key);

}  // namespace cardboard
