#include "cli/lint_warnings.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "core/input_file.h"
#include "data/toml_file.h"
#include "kit/kit_def.h"

namespace fs = std::filesystem;

namespace cardboard {

namespace {

// The keys of a piece type the loader reads itself; every other is a printed value.
const std::vector<std::string>& own_keys() {
  static const std::vector<std::string> keys = {"id", "name", "kind", "owner", "deck", "copies", "faces", "label"};
  return keys;
}

bool is_own_key(const std::string& key) {
  return std::find(own_keys().begin(), own_keys().end(), key) != own_keys().end();
}

std::string warning_at(const std::string& file, const toml::source_position& at, const std::string& what) {
  return file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": warning: " + what;
}

// Calls fn(file, key, key_position) for every key of every [[piece_types]] entry of `files`.
template <typename Fn>
void for_each_type_key(const std::vector<DataFile>& files, Fn fn) {
  for (const auto& f : files) {
    const auto* types = f.table["piece_types"].as_array();
    if (!types) continue;
    for (const auto& node : *types)
      if (const auto* t = node.as_table())
        for (const auto& [k, v] : *t) fn(f.path, std::string(k.str()), k.source().begin);
  }
}

// Two keys one slip apart: one edit, or two between longer words (a
// transposition is two edits).
bool one_slip(const std::string& a, const std::string& b) {
  const size_t d = edit_distance(a, b);
  const size_t shorter = std::min(a.size(), b.size());
  return (d == 1 && shorter >= 3) || (d == 2 && shorter >= 6);
}

// ---- Lua literals ----

struct LuaToken {
  enum Kind { kName, kString, kPunct, kOther } kind;
  std::string text;  // a name, a string's content, a punctuation character
  int line, column;
};

// Enough of Lua's lexer to find calls and their string arguments: names,
// strings (short and long), comments skipped, single punctuation characters.
class LuaLexer {
 public:
  explicit LuaLexer(const std::string& src) : s_(src) {}

  std::vector<LuaToken> tokens() {
    std::vector<LuaToken> out;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      const int line = line_, column = column_;
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        advance();
      } else if (c == '-' && peek(1) == '-') {
        advance(2);
        if (long_bracket_level() >= 0) skip_long_bracket();
        else
          while (i_ < s_.size() && s_[i_] != '\n') advance();
      } else if (c == '[' && long_bracket_level() >= 0) {
        const size_t start = i_;
        skip_long_bracket();
        out.push_back({LuaToken::kString, s_.substr(start, i_ - start), line, column});
      } else if (c == '"' || c == '\'') {
        out.push_back({LuaToken::kString, short_string(c), line, column});
      } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        const size_t start = i_;
        while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) advance();
        out.push_back({LuaToken::kName, s_.substr(start, i_ - start), line, column});
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.' ||
                                  ((s_[i_] == '+' || s_[i_] == '-') && std::strchr("eEpP", s_[i_ - 1]))))
          advance();
        out.push_back({LuaToken::kOther, "", line, column});
      } else {
        out.push_back({LuaToken::kPunct, std::string(1, c), line, column});
        advance();
      }
    }
    return out;
  }

 private:
  char peek(size_t k) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }

  void advance(size_t n = 1) {
    for (; n > 0 && i_ < s_.size(); --n, ++i_) {
      if (s_[i_] == '\n') {
        ++line_;
        column_ = 1;
      } else {
        ++column_;
      }
    }
  }

  // At "[==[": the number of '=' (0 for "[["), or -1 when this is no long bracket.
  int long_bracket_level() const {
    if (peek(0) != '[') return -1;
    size_t k = 1;
    while (peek(k) == '=') ++k;
    return peek(k) == '[' ? static_cast<int>(k - 1) : -1;
  }

  void skip_long_bracket() {
    const int level = long_bracket_level();
    advance(static_cast<size_t>(level) + 2);
    const std::string close = "]" + std::string(static_cast<size_t>(level), '=') + "]";
    const size_t end = s_.find(close, i_);
    advance((end == std::string::npos ? s_.size() : end + close.size()) - i_);
  }

  // A quoted string's content; one with an escape is returned with it, raw.
  std::string short_string(char quote) {
    advance();
    std::string text;
    while (i_ < s_.size() && s_[i_] != quote && s_[i_] != '\n') {
      if (s_[i_] == '\\') {
        text += s_[i_];
        advance();
      }
      if (i_ < s_.size()) text += s_[i_];
      advance();
    }
    advance();  // the closing quote
    return text;
  }

  const std::string& s_;
  size_t i_ = 0;
  int line_ = 1, column_ = 1;
};

bool is_punct(const LuaToken& t, char c) { return t.kind == LuaToken::kPunct && t.text[0] == c; }

// The Lua files under `dir`, its tests/ aside, sorted.
std::vector<std::string> lua_files_of(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  const fs::path tests = fs::path(dir) / "tests";
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::error_code entry_ec;
    if (it->path() == tests) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->path().extension() == ".lua" && it->is_regular_file(entry_ec)) out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<DataFile> game_data_files(const std::string& dir) {
  std::vector<DataFile> out;
  std::vector<std::string> paths = {dir + "/game.toml"};
  for (size_t i = 0; i < paths.size(); ++i) {
    auto parsed = parse_toml_file(paths[i]);
    if (!parsed.ok()) continue;
    if (i == 0)
      if (const auto* files = (*parsed)["game"]["files"].as_array())
        for (const auto& f : *files)
          if (auto name = f.value<std::string>())
            if (auto path = path_inside(dir, *name); path.ok()) paths.push_back(*path);
    out.push_back({paths[i], std::move(*parsed)});
  }
  return out;
}

std::vector<std::string> own_key_slips(const std::vector<DataFile>& files) {
  std::vector<std::string> out;
  for_each_type_key(files, [&](const std::string& file, const std::string& key, const toml::source_position& at) {
    if (is_own_key(key)) return;
    for (const auto& o : own_keys()) {
      const size_t d = edit_distance(key, o);
      if (d == 1 || (d == 2 && key.size() >= 5)) {
        out.push_back(warning_at(file, at,
                                 "'" + key + "' is kept as a printed value of the piece type: did you mean '" + o + "'?"));
        return;
      }
    }
  });
  return out;
}

std::vector<std::string> printed_value_slips(const std::vector<DataFile>& files,
                                             const std::vector<DataFile>& base_files) {
  // How many piece types have each printed value.
  std::map<std::string, int> types_with;
  const auto count = [&](const std::string&, const std::string& key, const toml::source_position&) {
    if (!is_own_key(key)) ++types_with[key];
  };
  for_each_type_key(files, count);
  for_each_type_key(base_files, count);
  std::vector<std::string> out;
  for_each_type_key(files, [&](const std::string& file, const std::string& key, const toml::source_position& at) {
    if (is_own_key(key)) return;
    const int mine = types_with[key];
    std::string best;
    for (const auto& [other, n] : types_with)
      if (n > mine && other != key && one_slip(key, other) && (best.empty() || n > types_with[best])) best = other;
    if (best.empty()) return;
    const int n = types_with[best];
    out.push_back(warning_at(file, at,
                             "printed value '" + key + "' is one slip from '" + best + "', which " + std::to_string(n) +
                                 " other piece type" + (n == 1 ? "" : "s") + " ha" + (n == 1 ? "s" : "ve") +
                                 ": did you mean '" + best + "'?"));
  });
  return out;
}

namespace {

// The pieces functions whose second argument is a printed value's key.
bool takes_value_key(const std::string& fn) { return fn == "value" || fn == "sum" || fn == "inside" || fn == "holder"; }

}  // namespace

std::vector<std::string> unknown_value_keys(const GameDef& def, const std::string& dir) {
  std::set<std::string> keys;
  for (const auto& t : def.types)
    for (const auto& [k, v] : t.values.entries)
      if (const auto* s = std::get_if<std::string>(&k)) keys.insert(*s);
  const std::vector<std::string> known(keys.begin(), keys.end());
  std::vector<std::string> out;
  for (const auto& file : lua_files_of(dir)) {
    auto src = read_input_file(file);
    if (!src.ok()) continue;  // loading reports it
    const std::vector<LuaToken> tokens = LuaLexer(*src).tokens();
    for (size_t i = 0; i + 3 < tokens.size(); ++i) {
      if (!(tokens[i].kind == LuaToken::kName && tokens[i].text == "pieces" && is_punct(tokens[i + 1], '.') &&
            tokens[i + 2].kind == LuaToken::kName && takes_value_key(tokens[i + 2].text) &&
            is_punct(tokens[i + 3], '(')))
        continue;
      // The second argument: after the first comma outside brackets.
      int depth = 0;
      size_t j = i + 4;
      for (; j < tokens.size(); ++j) {
        const LuaToken& t = tokens[j];
        if (is_punct(t, '(') || is_punct(t, '[') || is_punct(t, '{')) ++depth;
        else if (is_punct(t, ')') || is_punct(t, ']') || is_punct(t, '}')) {
          if (depth-- == 0) break;
        } else if (is_punct(t, ',') && depth == 0) {
          break;
        }
      }
      if (j + 1 >= tokens.size() || !is_punct(tokens[j], ',')) continue;
      const LuaToken& key = tokens[j + 1];
      if (key.kind != LuaToken::kString || !valid_id(key.text) || keys.count(key.text)) continue;
      const std::string& fn = tokens[i + 2].text;
      std::string what = "no piece type has the printed value '" + key.text + "': pieces." + fn +
                         (fn == "value" || fn == "holder" ? " gives nil for it"
                          : fn == "sum"                   ? " counts 0 for it"
                                                          : " reaches no box by it");
      if (const std::string near = closest(key.text, known); !near.empty()) what += ": did you mean '" + near + "'?";
      out.push_back(file + ":" + std::to_string(key.line) + ":" + std::to_string(key.column) + ": warning: " + what);
    }
  }
  return out;
}

std::vector<std::string> kit_value_gaps(const GameDef& def, const std::vector<DataFile>& files) {
  std::vector<std::string> out;
  if (!def.kit) return out;
  const KitDef& kit = *def.kit;
  std::vector<std::string> needed;
  if (kit.movement.declared) needed.push_back(kit.movement.allowance);
  if (!kit.combat.tables.empty()) {
    needed.push_back(kit.combat.attack);
    needed.push_back(kit.combat.defence);
  }
  if (needed.empty()) return out;
  const auto& kinds = kit.zoc.kinds;
  for (const auto& f : files) {
    const auto* types = f.table["piece_types"].as_array();
    if (!types) continue;
    for (const auto& node : *types) {
      const auto* t = node.as_table();
      if (!t) continue;
      const auto id = (*t)["id"].value<std::string>();
      const auto name = (*t)["name"].value<std::string>();
      const PieceTypeDef* type = nullptr;
      for (const auto& candidate : def.types)
        if ((id && candidate.id == *id) || (!id && name && candidate.name == *name)) type = &candidate;
      if (!type || std::find(kinds.begin(), kinds.end(), type->kind) == kinds.end()) continue;
      for (const auto& key : needed)
        if (!type->values.find(std::string_view(key)))
          out.push_back(warning_at(f.path, node.source().begin,
                                   "piece type '" + type->id + "' (" + type->kind + ") has no '" + key +
                                       "', which the kit reads (docs/kit.md): it counts as 0"));
    }
  }
  return out;
}

}  // namespace cardboard
