// Reading combat tables (kit/combat_table.h): the column of an attack by
// odds or difference, rounding, the ends of the table, shifts, rows by key,
// and the row of a modified roll. Each table is written in TOML, read by
// data/combat_loader, and filled with result codes "rRcC" (row R, column C)
// so a look-up shows where it landed.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "data/kit_loader.h"
#include "kit/combat_table.h"

using namespace cardboard;

namespace {

// A table `crt` of kind `kind` whose headers and other keys are `body`
// (TOML lines), `rows` rows of `columns` columns of codes "rRcC", each
// declared in [combat_results].
CombatTableDef make_table(const std::string& kind, const std::string& body, int columns, int rows = 6,
                          const std::string& dice = "d6") {
  std::string text = "[combat_tables.crt]\nkind = \"" + kind + "\"\ndice = \"" + dice + "\"\n" + body + "\nresults = [\n";
  std::string results;
  for (int r = 1; r <= rows; ++r) {
    text += "  [";
    for (int c = 1; c <= columns; ++c) {
      const std::string code = "r" + std::to_string(r) + "c" + std::to_string(c);
      text += (c > 1 ? ", \"" : "\"") + code + "\"";
      results += "[combat_results." + code + "]\n";
    }
    text += "],\n";
  }
  text += "]\n" + results;
  // columns_by is a sub-table: it must come after the table's own keys.
  const auto by = text.find("[combat_tables.crt.columns_by]");
  if (by != std::string::npos) {
    const auto end = text.find("\nresults = [");
    const std::string block = text.substr(by, end - by);
    text.erase(by, end - by);
    text += "\n" + block + "\n";
  }
  toml::table t = toml::parse(text);
  const std::string path = "test.toml";
  GameDef def;
  KitDef kit;
  Problems problems;
  load_combat({{&path, &t}}, def, kit, problems);
  INFO(text);
  INFO((problems.empty() ? std::string() : problems.first().message));
  REQUIRE(problems.empty());
  REQUIRE(kit.combat.tables.count("crt"));
  return kit.combat.tables.at("crt");
}

const char* kOddsHeaders = "columns = [\"1:2\", \"1:1\", \"1.5:1\", \"2:1\", \"3:1\", \"4:1\", \"5:1\", \"6:1\"]";

// "column header" or "none: reason".
std::string where(const CombatTableDef& t, double attack, double defence, std::optional<std::string_view> row = {},
                  int64_t shift = 0) {
  auto c = combat_column(t, attack, defence, row, shift);
  if (!c.ok()) return "error: " + c.error().message;
  if (c->column == 0) return "none: " + c->reason;
  return std::to_string(c->column) + " " + c->header;
}

}  // namespace

TEST_CASE("combat table: odds round down in the defender's favour by default", "[kit][combat]") {
  const CombatTableDef t = make_table("odds", kOddsHeaders, 8);
  CHECK(t.round == OddsRounding::kDefender);
  CHECK(where(t, 29, 10) == "4 2:1");    // 2.9:1
  CHECK(where(t, 30, 10) == "5 3:1");    // exactly on the edge
  CHECK(where(t, 2, 3) == "1 1:2");      // 1:1.5
  CHECK(where(t, 3, 2) == "3 1.5:1");    // fractional odds
  CHECK(where(t, 4.5, 3) == "3 1.5:1");  // fractional strengths
  CHECK(where(t, 2.5, 1) == "4 2:1");
  CHECK(where(t, 13, 2) == "8 6:1");     // 6.5:1 rounds down onto the table's end
  CHECK(where(t, 7, 1) == "8 6:1");      // clamped
  CHECK(where(t, 2, 5) == "1 1:2");      // 1:2.5, clamped
  CHECK(where(t, 5, 0) == "8 6:1");      // no defence: above every column
  CHECK(where(t, 0, 5) == "1 1:2");      // no attack: below every column
  CHECK(where(t, 0, 0) == "none: no strength on either side");
  auto c = combat_column(t, 12, 5);
  REQUIRE(c.ok());
  CHECK(c->odds == "2.4:1");
  CHECK(combat_column(t, 2, 3)->odds == "1:1.5");
  CHECK(combat_column(t, 2, 7)->odds == "1:3.5");
  CHECK(combat_column(t, 1, 3)->odds == "1:3");   // never shown above the true odds (1:3.00)
  CHECK(combat_column(t, 9, 7)->odds == "1.28:1");
  CHECK(combat_column(t, 5, 0)->odds == "5:0");
}

TEST_CASE("combat table: beyond = none gives no column past either end, with the reason", "[kit][combat]") {
  const CombatTableDef t = make_table("odds", std::string(kOddsHeaders) + "\nbeyond = \"none\"", 8);
  CHECK(where(t, 7, 1) == "none: 7:1 is above the last column, 6:1");
  CHECK(where(t, 13, 2) == "8 6:1");  // 6.5:1 is 6:1, not beyond it
  CHECK(where(t, 2, 5) == "none: 1:2.5 is below the first column, 1:2");
  CHECK(where(t, 5, 0) == "none: 5:0 is above the last column, 6:1");
  CHECK(where(t, 0, 5) == "none: 0:5 is below the first column, 1:2");
}

TEST_CASE("combat table: odds rounded in the attacker's favour, and to the nearest", "[kit][combat]") {
  const std::string none = "\nbeyond = \"none\"";
  const CombatTableDef up = make_table("odds", std::string(kOddsHeaders) + none + "\nround = \"attacker\"", 8);
  CHECK(where(up, 21, 10) == "5 3:1");  // 2.1:1
  CHECK(where(up, 3, 2) == "3 1.5:1");
  CHECK(where(up, 13, 2) == "none: 6.5:1 is above the last column, 6:1");
  CHECK(where(up, 2, 5) == "1 1:2");  // 1:2.5 rounds up onto the first column
  CHECK(where(up, 2, 7) == "none: 1:3.5 is below the first column, 1:2");  // up is only 1:3
  const CombatTableDef near = make_table("odds", std::string(kOddsHeaders) + none + "\nround = \"nearest\"", 8);
  CHECK(where(near, 24, 10) == "4 2:1");
  CHECK(where(near, 25, 10) == "5 3:1");   // a tie goes up
  CHECK(where(near, 26, 10) == "5 3:1");
  CHECK(where(near, 12, 10) == "2 1:1");   // between 1:1 and 1.5:1
  CHECK(where(near, 5, 4) == "3 1.5:1");   // 1.25: a tie, up
  CHECK(where(near, 64, 10) == "8 6:1");
  CHECK(where(near, 65, 10) == "none: 6.5:1 is above the last column, 6:1");  // a tie with 7:1
  CHECK(where(near, 5, 12) == "1 1:2");    // 1:2.4, as near 1:2 as 1:3: up
  CHECK(where(near, 5, 13) == "none: 1:2.6 is below the first column, 1:2");
}

TEST_CASE("combat table: differentials by range, gaps and lists, clamped or none at the ends", "[kit][combat]") {
  const std::string headers = "columns = [\"-1\", \"0\", \"+1\", \"+2..+3\", \"+4,+5\", \"+7\"]";
  const CombatTableDef t = make_table("differential", headers, 6);
  CHECK(where(t, 5, 5) == "2 0");
  CHECK(where(t, 8, 5) == "4 +2..+3");
  CHECK(where(t, 10, 5) == "5 +4,+5");
  CHECK(where(t, 11, 5) == "5 +4,+5");  // +6 falls in the gap: the column below
  CHECK(where(t, 17, 5) == "6 +7");     // above: clamped
  CHECK(where(t, 1, 5) == "1 -1");      // below: clamped
  CHECK(where(t, 4.5, 3) == "3 +1");    // +1.5 counts as +1
  CHECK(where(t, 2.5, 3) == "1 -1");    // -0.5 counts as -1
  CHECK(combat_column(t, 12, 5)->odds == "+7");
  CHECK(combat_column(t, 4.5, 3)->odds == "+1.5");
  CHECK(combat_column(t, 3, 5)->odds == "-2");
  CHECK(combat_column(t, 0, 0)->odds == "0");
  const CombatTableDef none = make_table("differential", headers + "\nbeyond = \"none\"", 6);
  CHECK(where(none, 17, 5) == "none: +12 is above the last column, +7");
  CHECK(where(none, 1, 5) == "none: -4 is below the first column, -1");
  CHECK(where(none, 0, 0) == "2 0");
}

TEST_CASE("combat table: shifts move the column, then the ends apply", "[kit][combat]") {
  const std::string headers = "columns = [\"-1\", \"0\", \"+1\", \"+2..+3\", \"+4,+5\", \"+7\"]";
  const CombatTableDef t = make_table("differential", headers, 6);
  CHECK(where(t, 5, 5, {}, 2) == "4 +2..+3");
  CHECK(where(t, 5, 5, {}, -1) == "1 -1");
  CHECK(where(t, 5, 5, {}, 9) == "6 +7");    // off the right end: clamped
  CHECK(where(t, 5, 5, {}, -9) == "1 -1");   // off the left end
  CHECK(where(t, 17, 5, {}, -1) == "6 +7");  // beyond the table is one column past its end
  CHECK(where(t, 17, 5, {}, -2) == "5 +4,+5");
  CHECK(where(t, 5, 5, {}, std::numeric_limits<int64_t>::max()) == "6 +7");
  CHECK(where(t, 5, 5, {}, std::numeric_limits<int64_t>::min()) == "1 -1");
  const CombatTableDef none = make_table("differential", headers + "\nbeyond = \"none\"", 6);
  CHECK(where(none, 5, 5, {}, 5) == "none: 0 shifted 5 columns right is beyond the last column, +7");
  CHECK(where(none, 5, 5, {}, -2) == "none: 0 shifted 2 columns left is beyond the first column, -1");
  CHECK(where(none, 17, 5, {}, -1) == "6 +7");  // back onto the table
  CHECK(where(none, 17, 5, {}, 1) == "none: +12 shifted 1 column right is beyond the last column, +7");
  const CombatTableDef odds = make_table("odds", std::string(kOddsHeaders) + "\nbeyond = \"none\"", 8);
  CHECK(where(odds, 3, 1, {}, 3) == "8 6:1");
  CHECK(where(odds, 3, 1, {}, 4) == "none: 3:1 shifted 4 columns right is beyond the last column, 6:1");
  CHECK(where(odds, 7, 1, {}, -1) == "8 6:1");
}

TEST_CASE("combat table: rows by key, a key with fewer headers, and its ends", "[kit][combat]") {
  const std::string by = "beyond = \"clamp\"\n[combat_tables.crt.columns_by]\n"
                         "Clear = [\"-3\", \"-2\", \"-1\", \"0\", \"+1\", \"+2,+3\"]\n"
                         "Town = [\"-1\", \"0\", \"+1\", \"+2,+3\"]\n"
                         "Mountain = [\"\", \"-1\", \"0\", \"+1\"]\n";
  const CombatTableDef t = make_table("differential", by, 6);
  CHECK(t.columns == 6);
  CHECK(where(t, 5, 5, "Clear") == "4 0");
  CHECK(where(t, 5, 5, "Town") == "2 0");
  CHECK(where(t, 5, 5, "Mountain") == "3 0");
  CHECK(where(t, 15, 5, "Town") == "4 +2,+3");     // clamped to the key's last header, not the table's
  CHECK(where(t, 15, 5, "Mountain") == "4 +1");
  CHECK(where(t, 1, 5, "Mountain") == "2 -1");     // the key's first column is the table's second
  CHECK(where(t, 5, 5, "Mountain", -2) == "2 -1"); // a shift onto a column the key does not use
  CHECK(where(t, 5, 5, "Town", 5) == "4 +2,+3");
  CHECK(where(t, 5, 5) == "error: table 'crt' has its columns by row: give a row key");
  CHECK(where(t, 5, 5, "Forest") == "error: no row 'Forest' in table 'crt'");
  const CombatTableDef plain = make_table("odds", kOddsHeaders, 8);
  CHECK(where(plain, 5, 5, "Clear") == "error: table 'crt' has one row of columns: a row key does not apply");
  const CombatTableDef beyond = make_table(
      "differential",
      "beyond = \"none\"\n[combat_tables.crt.columns_by]\nClear = [\"-1\", \"0\"]\nMountain = [\"\", \"0\", \"+1\"]\n", 3);
  CHECK(where(beyond, 3, 5, "Mountain") == "none: -2 is below the first column of the Mountain row, 0");
  CHECK(where(beyond, 5, 5, "Mountain", 2) ==
        "none: 0 shifted 2 columns right is beyond the last column of the Mountain row, +1");
}

TEST_CASE("combat table: strengths must be numbers from 0 to 1e9", "[kit][combat]") {
  const CombatTableDef t = make_table("odds", kOddsHeaders, 8);
  const std::string bad = "error: bad attack strength: a number from 0 to 1000000000 expected";
  CHECK(where(t, -1, 5) == bad);
  CHECK(where(t, std::nan(""), 5) == bad);
  CHECK(where(t, 1e10, 5) == bad);
  CHECK(where(t, std::numeric_limits<double>::infinity(), 5) == bad);
  CHECK(where(t, 5, -0.5) == "error: bad defence strength: a number from 0 to 1000000000 expected");
  // The largest strengths compare exactly.
  CHECK(where(t, 1e9, 1e9 / 3) == "5 3:1");
  CHECK(where(t, 1e9 - 1, 1e9 / 3) == "4 2:1");
}

TEST_CASE("combat table: the row of a modified roll, clamped or an error beyond the rows", "[kit][combat]") {
  const CombatTableDef t = make_table("odds", kOddsHeaders, 8);
  CHECK(*combat_row(t, 1) == 0);
  CHECK(*combat_row(t, 6) == 5);
  CHECK(*combat_row(t, 0) == 0);
  CHECK(*combat_row(t, 9) == 5);
  CHECK(*combat_row(t, std::numeric_limits<int64_t>::min()) == 0);
  CHECK(*combat_row(t, std::numeric_limits<int64_t>::max()) == 5);
  CHECK(combat_result_at(t, *combat_row(t, 4), 3) == "r4c3");
  const CombatTableDef two = make_table("odds", std::string(kOddsHeaders) + "\nroll_beyond = \"error\"", 8, 11, "2d6");
  CHECK(two.lowest_roll == 2);
  CHECK(two.highest_roll() == 12);
  CHECK(*combat_row(two, 2) == 0);
  CHECK(combat_result_at(two, *combat_row(two, 12), 8) == "r11c8");
  auto beyond = combat_row(two, 13);
  REQUIRE_FALSE(beyond.ok());
  CHECK(beyond.error().message == "roll 13 is beyond the rows of table 'crt' (rolls 2 to 12)");
  CHECK(combat_row(two, 1).error().message == "roll 1 is beyond the rows of table 'crt' (rolls 2 to 12)");
  const CombatTableDef d10 = make_table("differential", "columns = [\"0\"]", 1, 10, "d10");
  CHECK(d10.lowest_roll == 0);  // a d10 reads 0-9
  CHECK(combat_result_at(d10, *combat_row(d10, 0), 1) == "r1c1");
}
