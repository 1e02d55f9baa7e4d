#include "kit/combat_table.h"

#include <cmath>
#include <cstdio>

namespace cardboard {

namespace {

// Strengths as exact multiples of 1/kScale. At most kMaxStrength * kScale
// (< 2^46), so every product below fits in 128 bits.
constexpr int64_t kScale = 65536;
__extension__ typedef __int128 Wide;

// A ratio num:den, both >= 0, den > 0.
struct Ratio {
  Wide num;
  Wide den;
};

// The sign of x - y.
int compare(const Ratio& x, const Ratio& y) {
  const Wide l = x.num * y.den, r = y.num * x.den;
  return (l > r) - (l < r);
}

// Whether x is strictly nearer to r than y is, for x <= r <= y.
bool nearer_below(const Ratio& r, const Ratio& x, const Ratio& y) {
  const Wide to_x = (r.num * x.den - x.num * r.den) * y.den;  // (r - x) * r.den * x.den * y.den
  const Wide to_y = (y.num * r.den - r.num * y.den) * x.den;  // (y - r) * the same
  return to_x < to_y;
}

// The whole ratios (n:1 and 1:n) just at or below and at or above r, for r > 0.
Ratio whole_floor(const Ratio& r) {
  if (r.num >= r.den) return {r.num / r.den, 1};
  return {1, (r.den + r.num - 1) / r.num};
}
Ratio whole_ceil(const Ratio& r) {
  if (r.num >= r.den) return {(r.num + r.den - 1) / r.den, 1};
  return {1, r.den / r.num};
}

Ratio header_ratio(const CombatHeader& h) { return {h.num, h.den}; }

enum class Place { kBelow, kAt, kAbove };
struct Found {
  Place place;
  int index = -1;  // with kAt: the 0-based column
};

Found at(int i) { return {Place::kAt, i}; }

// Where odds r (both strengths > 0) fall on headers h.
Found odds_place(const CombatHeaders& h, OddsRounding round, const Ratio& r) {
  int down = -1, up = -1;  // the last column at or below r, the first at or above
  for (int i = h.first; i <= h.last; ++i)
    if (compare(r, header_ratio(h.columns[i])) >= 0) down = i;
  for (int i = h.last; i >= h.first; --i)
    if (compare(r, header_ratio(h.columns[i])) <= 0) up = i;
  if (down >= 0 && up >= 0) {
    if (down == up) return at(down);
    switch (round) {
      case OddsRounding::kDefender: return at(down);
      case OddsRounding::kAttacker: return at(up);
      case OddsRounding::kNearest:
        return at(nearer_below(r, header_ratio(h.columns[down]), header_ratio(h.columns[up])) ? down : up);
    }
  }
  if (up < 0) {
    // Above the last column: the odds go on in whole ratios, and only a
    // rounding down to the last column keeps them on the table.
    const Ratio last = header_ratio(h.columns[h.last]);
    const Ratio floor = whole_floor(r);
    if (round == OddsRounding::kAttacker || compare(floor, last) > 0) return {Place::kAbove};
    if (round == OddsRounding::kDefender) return at(h.last);
    return nearer_below(r, last, whole_ceil(r)) ? at(h.last) : Found{Place::kAbove};
  }
  // Below the first column: only a rounding up to it keeps them on the table.
  const Ratio first = header_ratio(h.columns[h.first]);
  const Ratio ceil = whole_ceil(r);
  if (round == OddsRounding::kDefender || compare(ceil, first) < 0) return {Place::kBelow};
  if (round == OddsRounding::kAttacker) return at(h.first);
  return nearer_below(r, whole_floor(r), first) ? Found{Place::kBelow} : at(h.first);
}

// Where a difference (a whole number) falls: in a gap, the column below.
Found differential_place(const CombatHeaders& h, int64_t diff) {
  if (diff < h.columns[h.first].low) return {Place::kBelow};
  if (diff > h.columns[h.last].high) return {Place::kAbove};
  int found = h.first;
  for (int i = h.first; i <= h.last; ++i)
    if (h.columns[i].low <= diff) found = i;
  return at(found);
}

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// A number with at most `decimals` decimals, trailing zeros dropped.
std::string decimal_text(Wide hundredths) {
  const auto whole = static_cast<long long>(hundredths / 100);
  const auto part = static_cast<int>(hundredths % 100);
  char buf[48];
  if (part == 0) std::snprintf(buf, sizeof buf, "%lld", whole);
  else if (part % 10 == 0) std::snprintf(buf, sizeof buf, "%lld.%d", whole, part / 10);
  else std::snprintf(buf, sizeof buf, "%lld.%02d", whole, part);
  return buf;
}

std::string strength_text(int64_t scaled) { return decimal_text(Wide(scaled) * 100 / kScale); }

// The odds as a player reads them, never above the true odds: "2.4:1", "1:1.5".
std::string odds_text(int64_t a, int64_t d) {
  if (a == 0 || d == 0) return strength_text(a) + ":" + strength_text(d);
  if (a >= d) return decimal_text(Wide(a) * 100 / d) + ":1";
  return "1:" + decimal_text((Wide(d) * 100 + a - 1) / a);
}

// The difference as a player reads it: "+7", "0", "-2", "+1.5".
std::string difference_text(int64_t scaled) {
  if (scaled == 0) return "0";
  const int64_t magnitude = scaled < 0 ? -scaled : scaled;
  const std::string text = decimal_text(Wide(magnitude) * 100 / kScale);
  return (scaled < 0 ? "-" : "+") + text;
}

std::string columns_text(int64_t n) { return std::to_string(n) + (n == 1 || n == -1 ? " column" : " columns"); }

}  // namespace

const CombatHeaders* combat_headers(const CombatTableDef& t, std::optional<std::string_view> row) {
  if (t.by_row.empty()) return row ? nullptr : &t.headers;
  if (!row) return nullptr;
  const auto it = t.by_row.find(*row);
  return it == t.by_row.end() ? nullptr : &it->second;
}

Result<CombatColumn> combat_column(const CombatTableDef& t, double attack, double defence,
                                   std::optional<std::string_view> row, int64_t shift) {
  for (const auto& [what, s] : {std::pair{"attack", attack}, std::pair{"defence", defence}})
    if (!(s >= 0 && s <= kMaxStrength))  // NaN fails both
      return rejected(std::string("bad ") + what + " strength: a number from 0 to 1000000000 expected");
  const CombatHeaders* h = combat_headers(t, row);
  if (!h) {
    if (!t.by_row.empty() && !row) return rejected("table '" + t.id + "' has its columns by row: give a row key");
    if (row && t.by_row.empty()) return rejected("table '" + t.id + "' has one row of columns: a row key does not apply");
    return rejected("no row '" + std::string(*row) + "' in table '" + t.id + "'");
  }
  const auto a = static_cast<int64_t>(std::llround(attack * kScale));
  const auto d = static_cast<int64_t>(std::llround(defence * kScale));
  CombatColumn out;
  Found found;
  if (t.kind == CombatKind::kDifferential) {
    out.odds = difference_text(a - d);
    found = differential_place(*h, floor_div(a - d, kScale));
  } else {
    out.odds = odds_text(a, d);
    if (a == 0 && d == 0) {
      out.reason = "no strength on either side";
      return out;
    }
    found = d == 0 ? Found{Place::kAbove} : a == 0 ? Found{Place::kBelow} : odds_place(*h, t.round, {a, d});
  }
  // A value beyond the table stands one column past its end; then the shift.
  const int64_t kMaxShift = 1 << 20;
  shift = shift < -kMaxShift ? -kMaxShift : shift > kMaxShift ? kMaxShift : shift;
  int64_t column = found.place == Place::kBelow ? h->first - 1 : found.place == Place::kAbove ? h->last + 1 : found.index;
  column += shift;
  if (column < h->first || column > h->last) {
    const bool below = column < h->first;
    if (t.beyond == CombatBeyond::kNone) {
      const std::string of_row = row ? " of the " + std::string(*row) + " row" : "";
      const CombatHeader& end = h->columns[below ? h->first : h->last];
      if (shift == 0)
        out.reason = out.odds + " is " + (below ? "below the first" : "above the last") + " column" + of_row + ", " + end.text;
      else
        out.reason = out.odds + " shifted " + columns_text(shift < 0 ? -shift : shift) + (shift < 0 ? " left" : " right") +
                     " is beyond the " + (below ? "first" : "last") + " column" + of_row + ", " + end.text;
      return out;
    }
    column = below ? h->first : h->last;
  }
  out.column = static_cast<int>(column) + 1;
  out.header = h->columns[column].text;
  return out;
}

Result<int> combat_row(const CombatTableDef& t, int64_t roll) {
  const int64_t high = t.highest_roll();
  if (roll >= t.lowest_roll && roll <= high) return static_cast<int>(roll - t.lowest_roll);
  if (t.roll_beyond == RollBeyond::kError)
    return rejected("roll " + std::to_string(roll) + " is beyond the rows of table '" + t.id + "' (rolls " +
                    std::to_string(t.lowest_roll) + " to " + std::to_string(high) + ")");
  return roll < t.lowest_roll ? 0 : static_cast<int>(t.results.size()) - 1;
}

const std::string& combat_result_at(const CombatTableDef& t, int row, int column) {
  return t.results[static_cast<size_t>(row)][static_cast<size_t>(column - 1)];
}

}  // namespace cardboard
