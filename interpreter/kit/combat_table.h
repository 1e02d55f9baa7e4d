// Reading a combat table (kit/combat_def.h): the column an attack falls in,
// from its strengths, the row key (a terrain) and column shifts; the row of
// a modified roll; the result code where the two cross. Pure functions over
// the definition, which data/combat_loader has checked.
//
// Strengths are numbers from 0 to kMaxStrength, compared as exact
// multiples of 1/65536 (every whole number, half and quarter is one), so an
// attack on a column's edge (6 against 2 at 3:1) lands on that column in
// every process.
//
// The column:
// - differential: the difference attack - defence, a fraction counting as
//   the whole number below it (+1.5 is +1); the column whose range holds it,
//   or in a gap between two columns the one below.
// - odds: attack:defence; between two columns it rounds as the table says
//   (down, up, or to the nearer, a tie going up). Beyond the table the odds
//   go on in whole ratios (7:1, 8:1 ... and 1:3, 1:4 ...) and round the same
//   way, so 6.5:1 on a table ending at 6:1 rounds down to 6:1, while 7:1 is
//   beyond it. Defence 0 is beyond the last column, attack 0 before the
//   first; both 0 has no column at all.
// - a value beyond the table stands one column past its end; a shift is
//   then added to the column, and a column past either end (the first and
//   last the row key uses) is that end (beyond = "clamp") or none ("none").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "kit/combat_def.h"

namespace cardboard {

inline constexpr double kMaxStrength = 1e9;

// Where an attack falls on a table.
struct CombatColumn {
  int column = 0;      // 1-based; 0 when there is none
  std::string header;  // the column's header as printed ("+6..+7")
  std::string odds;    // the attack as the table reads it: "+7", "2.4:1", "1:1.5"
  std::string reason;  // when there is no column: why ("7:1 is above the last column, 6:1")
};

// The headers that apply with row key `row`: the table's own when it has
// one row of them and no key is given, the key's when it has them by key;
// null when the key is missing, unknown, or given to a table without keys.
const CombatHeaders* combat_headers(const CombatTableDef& t, std::optional<std::string_view> row);

// The column of an attack of `attack` against `defence`, on the row of key
// `row`, shifted `shift` columns (+ right, - left). Errors: a strength that
// is not a number from 0 to kMaxStrength; a row key that combat_headers
// refuses.
Result<CombatColumn> combat_column(const CombatTableDef& t, double attack, double defence,
                                   std::optional<std::string_view> row = std::nullopt, int64_t shift = 0);

// The 0-based row of a roll (already modified): beyond the rows, the end
// row, or an error when the table says roll_beyond = "error".
Result<int> combat_row(const CombatTableDef& t, int64_t roll);

// The result code at a 0-based row and a 1-based column, both in range.
const std::string& combat_result_at(const CombatTableDef& t, int row, int column);

}  // namespace cardboard
