// [combat], [combat_tables.*] and [combat_results.*] (docs/kit.md#combat):
// each level of a mod chain in turn, the base's first, a later level
// replacing a table or a result by its id and a [combat] key by key. The
// results are read first, so that every code a table prints can be checked
// against them; then the tables; then [combat], whose `eliminated` is
// required once a result eliminates or reduces a unit.
#include <algorithm>
#include <cctype>
#include <numeric>

#include "core/dice.h"
#include "data/kit_loader.h"
#include "data/kit_words.h"

namespace cardboard {

namespace {

constexpr int64_t kMaxColumns = 1000;
constexpr int64_t kMaxSteps = 1000;    // steps a result takes from a side
constexpr int64_t kMaxRetreat = 1000;  // hexes of a retreat
constexpr int64_t kMaxHeaderDifference = 1'000'000;

// A table id or result code as a TOML key: bare when it can be, else quoted.
std::string key_text(const std::string& key) {
  const bool bare = !key.empty() && std::all_of(key.begin(), key.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-';
  });
  return bare ? key : "\"" + key + "\"";
}

// A decimal of 1 to 4 digits and at most 2 decimals, greater than 0, in
// hundredths ("1.5" is 150); -1 when it is not one.
int64_t parse_hundredths(std::string_view s) {
  const size_t dot = s.find('.');
  const std::string_view whole = s.substr(0, dot);
  const std::string_view part = dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
  auto digits = [](std::string_view d) {
    return std::all_of(d.begin(), d.end(), [](unsigned char c) { return std::isdigit(c); });
  };
  if (whole.empty() || whole.size() > 4 || !digits(whole)) return -1;
  if (dot != std::string_view::npos && (part.empty() || part.size() > 2 || !digits(part))) return -1;
  int64_t v = 0;
  for (char c : whole) v = v * 10 + (c - '0');
  v *= 100;
  if (!part.empty()) v += (part[0] - '0') * 10 + (part.size() > 1 ? part[1] - '0' : 0);
  return v > 0 ? v : -1;
}

// An odds header "A:B" ("3:1", "1:2", "1.5:1").
Result<CombatHeader> parse_odds(const std::string& text) {
  const size_t colon = text.find(':');
  const int64_t a = colon == std::string::npos ? -1 : parse_hundredths(std::string_view(text).substr(0, colon));
  const int64_t b = colon == std::string::npos ? -1 : parse_hundredths(std::string_view(text).substr(colon + 1));
  if (a < 0 || b < 0)
    return rejected("odds such as \"3:1\", \"1:2\" or \"1.5:1\" expected (numbers above 0, at most 4 digits and 2 "
                    "decimals each)");
  const int64_t g = std::gcd(a, b);
  CombatHeader h;
  h.text = text;
  h.num = a / g;
  h.den = b / g;
  return h;
}

// A whole difference with an optional sign ("-1", "0", "+3"), trimmed.
bool parse_difference_value(std::string_view s, int64_t& out) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  const bool negative = !s.empty() && s.front() == '-';
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) s.remove_prefix(1);
  if (s.empty() || s.size() > 7) return false;
  int64_t v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    v = v * 10 + (c - '0');
  }
  if (v > kMaxHeaderDifference) return false;
  out = negative ? -v : v;
  return true;
}

// A differential header: "-1", "0", "+3", a range "+2..+3", or a list of
// consecutive values "+2,+3".
Result<CombatHeader> parse_difference(const std::string& text) {
  const Error expected = rejected("differences such as \"-1\", \"0\", \"+3\", a range \"+2..+3\" or a list \"+2,+3\" "
                                  "expected (whole numbers from -1000000 to +1000000)");
  CombatHeader h;
  h.text = text;
  if (const size_t dots = text.find(".."); dots != std::string::npos) {
    if (!parse_difference_value(std::string_view(text).substr(0, dots), h.low) ||
        !parse_difference_value(std::string_view(text).substr(dots + 2), h.high))
      return expected;
    if (h.low > h.high) return rejected("a range goes up: its lower end first, such as \"+2..+3\"");
    return h;
  }
  std::vector<int64_t> values;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    int64_t v = 0;
    if (!parse_difference_value(std::string_view(text).substr(start, comma - start), v)) return expected;
    values.push_back(v);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  for (size_t i = 1; i < values.size(); ++i)
    if (values[i] != values[i - 1] + 1)
      return rejected("a list of differences must be consecutive and go up, such as \"+2,+3\"");
  h.low = values.front();
  h.high = values.back();
  return h;
}

class CombatLoader {
 public:
  CombatLoader(const std::vector<KitSource>& sources, const GameDef& def, CombatDef& out, Problems& problems)
      : sources_(sources), def_(def), out_(out), problems_(problems) {}

  void run() {
    // The entries the nearest level gives: a later level replaces a result,
    // a table, a [combat] key.
    std::map<std::string, Entry> results, tables, keys;
    for (const KitSource& s : sources_) {
      collect(s, "combat_results", results);
      collect(s, "combat_tables", tables);
      if (const toml::node* c = s.table->get("combat")) {
        out_.declared = true;
        const toml::table* ct = c->as_table();
        if (!ct) {
          problems_.add(bad_data(*s.path, c, "bad [combat]: a table expected"));
          continue;
        }
        check_keys(*s.path, *ct, {"attack", "defence", "steps", "eliminated"}, "[combat]", problems_);
        for (const auto& [k, v] : *ct) keys[std::string(k.str())] = {s.path, &v};
      }
    }
    if (!out_.declared) return;
    for (const auto& [code, e] : results) load_result(*e.file, code, *e.node);
    for (const auto& [id, e] : tables) load_table(*e.file, id, *e.node);
    load_settings(keys);
    require_eliminated(results);
    check_types();
  }

 private:
  struct Entry {
    const std::string* file = nullptr;
    const toml::node* node = nullptr;
  };

  void collect(const KitSource& s, const char* section, std::map<std::string, Entry>& into) {
    const toml::node* n = s.table->get(section);
    if (!n) return;
    out_.declared = true;
    const toml::table* t = n->as_table();
    if (!t) {
      problems_.add(bad_data(*s.path, n, std::string("bad [") + section + "]: a table of tables expected, such as [" +
                                             section + ".NAME]"));
      return;
    }
    for (const auto& [k, v] : *t) into[std::string(k.str())] = {s.path, &v};
  }

  std::vector<std::string> codes() const {
    std::vector<std::string> out;
    for (const auto& [code, r] : out_.results) out.push_back(code);
    return out;
  }

  // An optional boolean key of `t`.
  bool boolean(const std::string& file, const toml::table& t, const char* key, const std::string& context) {
    const toml::node* n = t.get(key);
    if (!n) return false;
    if (!n->is_boolean()) {
      problems_.add(bad_data(file, n, std::string("bad '") + key + "' in " + context + ": true or false expected, got " +
                                          type_name(n)));
      return false;
    }
    return *n->value<bool>();
  }

  // An optional whole number of `t` from 0 to `max` (0 when absent).
  int count(const std::string& file, const toml::table& t, const char* key, int64_t max, const std::string& context) {
    const int64_t zero = 0;
    auto n = get_int(file, t, key, &zero, 0, max);
    if (n.ok()) return static_cast<int>(*n);
    // get_int names the key alone: say whose it is.
    std::string msg = n.error().message;
    const std::string bad = std::string("bad '") + key + "'";
    if (msg.starts_with(bad)) msg.insert(bad.size(), " in " + context);
    problems_.add(rejected(msg));
    return 0;
  }

  // ---- results ---------------------------------------------------------

  CombatEffect effect(const std::string& file, const toml::table& t, const char* side, const std::string& context) {
    CombatEffect e;
    const toml::node* n = t.get(side);
    if (!n) return e;
    const toml::table* et = n->as_table();
    const std::string where = "'" + std::string(side) + "' of " + context;
    if (!et) {
      problems_.add(bad_data(file, n, "bad " + where + ": a table of effects expected, such as { steps = 1 } or "
                                      "{ retreat = 2, instead_steps = 1 } ({} for none)"));
      return e;
    }
    check_keys(file, *et, {"eliminate", "steps", "retreat", "instead_steps"}, where.c_str(), problems_);
    e.eliminate = boolean(file, *et, "eliminate", where);
    e.steps = count(file, *et, "steps", kMaxSteps, where);
    e.retreat = count(file, *et, "retreat", kMaxRetreat, where);
    e.instead_steps = count(file, *et, "instead_steps", kMaxSteps, where);
    if (e.eliminate && (e.steps || e.retreat || e.instead_steps))
      problems_.add(bad_data(file, n, "bad " + where + ": a side eliminated loses every unit, so it cannot also lose "
                                      "steps or retreat"));
    if (e.instead_steps && !e.retreat)
      problems_.add(bad_data(file, n, "bad " + where + ": 'instead_steps' are lost instead of a retreat: give "
                                      "'retreat' too"));
    return e;
  }

  void load_result(const std::string& file, const std::string& code, const toml::node& n) {
    const std::string context = "[combat_results." + key_text(code) + "]";
    const toml::table* t = n.as_table();
    if (!t) {
      problems_.add(bad_data(file, &n, "bad " + context + ": a table expected, such as { defender = { eliminate = "
                                       "true } }"));
      out_.results[code] = {};  // declared: the tables that print it are not at fault
      return;
    }
    check_keys(file, *t, {"attacker", "defender", "exchange"}, context.c_str(), problems_);
    CombatResultDef r;
    r.attacker = effect(file, *t, "attacker", context);
    r.defender = effect(file, *t, "defender", context);
    r.exchange = boolean(file, *t, "exchange", context);
    const auto any = [](const CombatEffect& e) { return e.eliminate || e.steps || e.retreat || e.instead_steps; };
    if (r.exchange && (any(r.attacker) || any(r.defender)))
      problems_.add(bad_data(file, &n, "bad " + context + ": an exchange is the whole result (the defender "
                                       "eliminated, the attacker losing as much): it takes no 'attacker' or "
                                       "'defender' effects"));
    out_.results[code] = r;
  }

  // ---- tables ----------------------------------------------------------

  // The index of the option `key` names among `options` (its first when absent).
  // An option's index; the first (the default) when absent or bad.
  int option(const std::string& file, const toml::table& t, const char* key, const std::vector<std::string>& options,
             const std::string& context) {
    return std::max(0, read_option(file, t, key, options, context, problems_));
  }

  // One list of headers (`columns`, or a row key's in `columns_by`):
  // each well formed, the used ones consecutive and increasing.
  bool load_headers(const std::string& file, const toml::node& n, CombatKind kind, bool by_row,
                    const std::string& context, CombatHeaders& out) {
    const toml::array* arr = n.as_array();
    if (!arr || arr->empty() || static_cast<int64_t>(arr->size()) > kMaxColumns) {
      problems_.add(bad_data(file, &n, "bad " + context + ": an array of 1 to " + std::to_string(kMaxColumns) +
                                       " column headers expected"));
      return false;
    }
    bool good = true;
    int previous = -1;
    for (size_t i = 0; i < arr->size(); ++i) {
      const toml::node& e = *arr->get(i);
      const int column = static_cast<int>(i);
      if (!e.is_string()) {
        problems_.add(bad_data(file, &e, "bad column header in " + context + ": a string expected, got " + type_name(&e)));
        good = false;
        previous = column;  // no second message for the headers after it
        out.columns.emplace_back();
        continue;
      }
      const std::string text = *e.value<std::string>();
      if (text.empty()) {
        if (!by_row) {
          problems_.add(bad_data(file, &e, "bad column header in " + context + ": every column needs one (\"\" is for "
                                           "a column a row key does not use, in columns_by)"));
          good = false;
          previous = column;
        }
        out.columns.emplace_back();
        continue;
      }
      auto h = kind == CombatKind::kOdds ? parse_odds(text) : parse_difference(text);
      if (!h.ok()) {
        problems_.add(bad_data(file, &e, "bad column header '" + text + "' in " + context + ": " + h.error().message));
        good = false;
        previous = column;
        out.columns.emplace_back();
        continue;
      }
      if (previous >= 0 && previous != column - 1) {
        problems_.add(bad_data(file, &e, "bad column header '" + text + "' in " + context + ": a row key uses "
                                         "consecutive columns (\"\" only before its first or after its last)"));
        good = false;
      }
      if (previous >= 0) {
        const CombatHeader& before = out.columns[previous];
        const bool up = kind == CombatKind::kOdds ? h->num * before.den > before.num * h->den : h->low > before.high;
        if (!before.text.empty() && !up) {
          problems_.add(bad_data(file, &e, "bad column header '" + text + "' in " + context + ": not above the " +
                                           "column before it ('" + before.text + "'): columns go from the lowest " +
                                           (kind == CombatKind::kOdds ? "odds" : "difference") +
                                           " to the highest, without overlapping"));
          good = false;
        }
      }
      if (previous < 0) out.first = column;
      out.last = column;
      previous = column;
      out.columns.push_back(std::move(*h));
    }
    if (good && out.last < 0) {
      problems_.add(bad_data(file, &n, "bad " + context + ": no column has a header"));
      good = false;
    }
    return good;
  }

  void load_table(const std::string& file, const std::string& id, const toml::node& n) {
    const std::string context = "[combat_tables." + key_text(id) + "]";
    const toml::table* t = n.as_table();
    if (!t) {
      problems_.add(bad_data(file, &n, "bad " + context + ": a table expected"));
      return;
    }
    check_keys(file, *t, {"kind", "dice", "results", "columns", "columns_by", "beyond", "round", "roll_beyond"},
               context.c_str(), problems_);
    CombatTableDef table;
    table.id = id;
    bool good = true;
    auto kind = get_string(file, *t, "kind");
    if (!problems_.check(kind)) return;  // nothing else can be read without it
    if (*kind == "odds") {
      table.kind = CombatKind::kOdds;
    } else if (*kind == "differential") {
      table.kind = CombatKind::kDifferential;
    } else {
      problems_.add(bad_data(file, t->get("kind"), with_suggestion("bad 'kind' in " + context + ": odds or "
                                                                   "differential expected, got '" + *kind + "'",
                                                                   *kind, {"odds", "differential"})));
      return;
    }
    auto dice = get_string(file, *t, "dice");
    int64_t rows = 0;
    if (problems_.check(dice)) {
      auto spec = parse_dice(*dice);
      if (!spec.ok()) {
        problems_.add(bad_data(file, t->get("dice"), "bad 'dice' in " + context + ": " + spec.error().message));
        good = false;
      } else {
        table.dice = *dice;
        table.lowest_roll = int64_t{spec->count} * spec->low;
        rows = int64_t{spec->count} * spec->high() - table.lowest_roll + 1;
      }
    } else {
      good = false;
    }
    table.beyond = static_cast<CombatBeyond>(option(file, *t, "beyond", {"clamp", "none"}, context));
    table.roll_beyond = static_cast<RollBeyond>(option(file, *t, "roll_beyond", {"clamp", "error"}, context));
    if (table.kind == CombatKind::kOdds) {
      table.round = static_cast<OddsRounding>(option(file, *t, "round", {"defender", "attacker", "nearest"}, context));
    } else if (t->get("round")) {
      problems_.add(bad_data(file, t->get("round"), "bad 'round' in " + context + ": a differential table does not "
                                                    "round (a difference is whole, or counts as the whole number "
                                                    "below it); 'round' is for odds tables"));
    }
    // The headers: one row of them, or a row per key (terrain).
    const toml::node* columns = t->get("columns");
    const toml::node* by = t->get("columns_by");
    if (columns && by) {
      problems_.add(bad_data(file, by, "bad " + context + ": give 'columns' or 'columns_by', not both"));
      return;
    }
    if (!columns && !by) {
      problems_.add(bad_data(file, &n, "bad " + context + ": missing 'columns' (one header per column) or "
                                       "'columns_by' (the headers of each row key, such as a terrain)"));
      return;
    }
    if (columns) {
      good = load_headers(file, *columns, table.kind, false, "'columns' of " + context, table.headers) && good;
      table.columns = static_cast<int>(table.headers.columns.size());
    } else if (const toml::table* keys = by->as_table(); !keys || keys->empty()) {
      problems_.add(bad_data(file, by, "bad 'columns_by' in " + context + ": a table of row keys expected, each "
                                       "with its array of headers, such as Clear = [\"-1\", \"0\", \"+1\"]"));
      return;
    } else {
      for (const auto& [k, v] : *keys) {
        const std::string key(k.str());
        if (key.empty()) {
          problems_.add(bad_data(file, &v, "bad 'columns_by' in " + context + ": a row key cannot be empty"));
          good = false;
          continue;
        }
        CombatHeaders& h = table.by_row[key];
        good = load_headers(file, v, table.kind, true, "'columns_by." + key_text(key) + "' of " + context, h) && good;
        table.columns = std::max(table.columns, static_cast<int>(h.columns.size()));
      }
      // A key with fewer headers does not use the columns after them.
      for (auto& [key, h] : table.by_row) h.columns.resize(static_cast<size_t>(table.columns));
    }
    // The results are checked even under bad headers (their count is known),
    // but only a table good throughout is kept.
    if (rows == 0 || table.columns == 0) return;
    load_results(file, *t, table, rows, context, good);
  }

  void load_results(const std::string& file, const toml::table& t, CombatTableDef& table, int64_t rows,
                    const std::string& context, bool good) {
    const toml::node* n = t.get("results");
    if (!n) {
      problems_.add(bad_data(file, &t, "bad " + context + ": missing 'results': one row of result codes per roll of " +
                                       table.dice + ", the lowest first"));
      return;
    }
    const toml::array* arr = n->as_array();
    const std::string span = table.dice + " (" + std::to_string(table.lowest_roll) + " to " +
                             std::to_string(table.lowest_roll + rows - 1) + ")";
    if (!arr || static_cast<int64_t>(arr->size()) != rows) {
      problems_.add(bad_data(file, n, "bad 'results' in " + context + ": " +
                                      (arr ? std::to_string(arr->size()) + " rows" : std::string(type_name(n))) +
                                      " where the rolls of " + span + " need " + std::to_string(rows) +
                                      ": one row per roll, the lowest first"));
      return;
    }
    const std::vector<std::string> known = codes();
    for (size_t r = 0; r < arr->size(); ++r) {
      const toml::node& rn = *arr->get(r);
      const toml::array* row = rn.as_array();
      const std::string which = "row " + std::to_string(r + 1) + " (roll " +
                                std::to_string(table.lowest_roll + static_cast<int64_t>(r)) + ")";
      if (!row || static_cast<int>(row->size()) != table.columns) {
        problems_.add(bad_data(file, &rn, "bad 'results' in " + context + ": " + which + " has " +
                                          (row ? std::to_string(row->size()) + " result codes" : std::string(type_name(&rn))) +
                                          " where the table has " + std::to_string(table.columns) + " columns"));
        good = false;
        continue;
      }
      std::vector<std::string> codes_of_row;
      for (size_t c = 0; c < row->size(); ++c) {
        const toml::node& cell = *row->get(c);
        if (!cell.is_string()) {
          problems_.add(bad_data(file, &cell, "bad 'results' in " + context + ": " + which + ", column " +
                                              std::to_string(c + 1) + ": a result code (a string) expected, got " +
                                              type_name(&cell)));
          good = false;
          continue;
        }
        const std::string code = *cell.value<std::string>();
        if (!out_.results.count(code)) {
          problems_.add(bad_data(file, &cell, with_suggestion("no combat result '" + code + "' in [combat_results] (" +
                                                                  context + ", " + which + ")",
                                                              code, known)));
          good = false;
        }
        codes_of_row.push_back(code);
      }
      table.results.push_back(std::move(codes_of_row));
    }
    if (good) out_.tables[table.id] = std::move(table);
  }

  // ---- [combat] --------------------------------------------------------

  void load_settings(const std::map<std::string, Entry>& keys) {
    std::vector<std::string> value_keys;
    for (const auto& t : def_.types)
      for (const auto& [k, v] : t.values.entries)
        if (const auto* s = std::get_if<std::string>(&k)) value_keys.push_back(*s);
    std::sort(value_keys.begin(), value_keys.end());
    value_keys.erase(std::unique(value_keys.begin(), value_keys.end()), value_keys.end());
    for (auto [key, field] : {std::pair{"attack", &out_.attack}, std::pair{"defence", &out_.defence},
                              std::pair{"steps", &out_.steps}}) {
      const auto it = keys.find(key);
      if (it == keys.end()) continue;
      const auto& [file, node] = it->second;
      const std::string* s = node->is_string() ? &node->ref<std::string>() : nullptr;
      if (!s || s->empty()) {
        problems_.add(bad_data(*file, node, std::string("bad '") + key + "' in [combat]: the name of a printed value "
                                            "expected, got " + (s ? "an empty string" : type_name(node))));
        continue;
      }
      // A key no piece type prints is a slip: every unit would count 0.
      if (!std::binary_search(value_keys.begin(), value_keys.end(), *s)) {
        problems_.add(bad_data(*file, node, with_suggestion(std::string("bad '") + key + "' in [combat]: no piece type "
                                                            "has the printed value '" + *s + "'",
                                                            *s, value_keys)));
        continue;
      }
      *field = *s;
    }
    if (const auto it = keys.find("eliminated"); it != keys.end()) {
      eliminated_given_ = true;
      load_eliminated(*it->second.file, *it->second.node);
    }
  }

  int location(const std::string& file, const toml::node& n, const std::string& what) {
    if (!n.is_string()) {
      problems_.add(bad_data(file, &n, "bad " + what + ": a location id expected, got " + type_name(&n)));
      return -1;
    }
    const std::string id = *n.value<std::string>();
    const int loc = def_.find_location(id);
    if (loc < 0) {
      std::vector<std::string> ids;
      for (const auto& l : def_.locations)
        if (l.map < 0) ids.push_back(l.id);
      problems_.add(bad_data(file, &n, with_suggestion("no such location: '" + id + "'", id, ids)));
    }
    return loc;
  }

  void load_eliminated(const std::string& file, const toml::node& n) {
    if (const toml::table* by_side = n.as_table()) {
      out_.eliminated_by_side.assign(def_.sides.size(), -1);
      std::vector<std::string> sides;
      for (const auto& s : def_.sides) sides.push_back(s.id);
      for (const auto& [k, v] : *by_side) {
        const std::string side(k.str());
        const int i = def_.find_side(side);
        if (i < 0) {
          problems_.add(bad_data(file, &v, with_suggestion("bad 'eliminated' in [combat]: no such side: '" + side + "'",
                                                           side, sides)));
          continue;
        }
        out_.eliminated_by_side[i] = location(file, v, "'eliminated." + side + "' in [combat]");
      }
      return;
    }
    if (!n.is_string()) {
      problems_.add(bad_data(file, &n, "bad 'eliminated' in [combat]: a location id, or a table of side id = location "
                                       "id, expected"));
      return;
    }
    out_.eliminated = location(file, n, "'eliminated' in [combat]");
  }

  // Units eliminated or reduced to nothing need somewhere to go.
  void require_eliminated(const std::map<std::string, Entry>& results) {
    if (eliminated_given_) return;  // a bad one is reported as such
    const auto loses = [](const CombatEffect& e) { return e.eliminate || e.steps || e.instead_steps; };
    for (const auto& [code, r] : out_.results) {
      if (!r.exchange && !loses(r.attacker) && !loses(r.defender)) continue;
      const Entry& e = results.at(code);
      problems_.add(bad_data(*e.file, e.node, "[combat] has no 'eliminated', and result '" + code + "' eliminates or "
                                              "reduces units: say where eliminated units go, eliminated = \"dead\" "
                                              "(a location id, or a table of side id = location id)"));
      return;
    }
  }

  // Every piece type's steps: a whole number, one face for each, the same
  // on every face; its attack and defence: numbers, on every face.
  void check_types() {
    for (const auto& t : def_.types) {
      if (const Value* v = t.values.find(std::string_view(out_.steps))) {
        const int64_t faces = static_cast<int64_t>(t.faces.size());
        if (!v->is_int() || v->as_int() < 1 || v->as_int() > faces)
          problems_.add(type_problem(t, out_.steps, nullptr, "bad '" + out_.steps + "' of piece type '" + t.id +
                                     "': a whole number of steps from 1 to its number of faces (" +
                                     std::to_string(faces) + ") expected, one face for each step, full strength "
                                     "first ([combat] steps)"));
      }
      for (const auto& [face, values] : t.on_face)
        if (values.find(std::string_view(out_.steps)))
          problems_.add(type_problem(t, out_.steps, &face, "bad 'on_face." + face + "." + out_.steps +
                                     "' of piece type '" + t.id + "': a type has the same number of steps on every "
                                     "face ([combat] steps)"));
      for (const std::string* key : {&out_.attack, &out_.defence}) {
        auto number = [](const Value* v) { return !v || v->is_int() || v->is_number(); };
        if (!number(t.values.find(std::string_view(*key))))
          problems_.add(type_problem(t, *key, nullptr, "bad '" + *key + "' of piece type '" + t.id + "': a strength "
                                     "(a number) expected ([combat] " + (key == &out_.attack ? "attack" : "defence") +
                                     ")"));
      }
    }
  }

  // A problem with piece type t's printed value `key` (on face `face` when
  // not null), at the nearest game.toml entry that gives it. A type
  // declared in a data file (`files`) is not found there: then at the
  // game's own game.toml.
  Error type_problem(const PieceTypeDef& t, const std::string& key, const std::string* face,
                     const std::string& what) const {
    for (size_t i = sources_.size(); i-- > 0;) {
      const toml::array* types = sources_[i].table->get_as<toml::array>("piece_types");
      if (!types) continue;
      for (const auto& e : *types) {
        const toml::table* et = e.as_table();
        if (!et) continue;
        const auto* id = et->get_as<std::string>("id");
        const auto* name = et->get_as<std::string>("name");
        if (!(id ? id->get() == t.id : name && name->get() == t.name)) continue;
        const toml::node* at = face ? (*et)["on_face"][*face][key].node() : et->get(key);
        if (at) return bad_data(*sources_[i].path, at, what);
      }
    }
    return bad_data(*sources_.back().path, nullptr, what);
  }

  const std::vector<KitSource>& sources_;
  const GameDef& def_;
  CombatDef& out_;
  Problems& problems_;
  bool eliminated_given_ = false;
};

}  // namespace

void load_combat(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems) {
  CombatLoader(sources, def, kit.combat, problems).run();
}

}  // namespace cardboard
