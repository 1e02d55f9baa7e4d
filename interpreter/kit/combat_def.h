// Combat tables and results as data ([combat], [combat_tables.*],
// [combat_results.*] in game.toml; docs/kit.md), read by data/combat_loader
// and checked there: every table's headers are well formed and increasing,
// every row has one result code per column, every code is declared, and the
// rows cover every roll of the table's dice. kit/combat_table and
// kit/combat_units compute with it; they never meet a bad definition.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cardboard {

enum class CombatKind { kOdds, kDifferential };
// What a value beyond the first or last column gets: that end column, or none.
enum class CombatBeyond { kClamp, kNone };
// Where odds between two columns go: down (the defender's favour), up, or
// to the nearer column.
enum class OddsRounding { kDefender, kAttacker, kNearest };
// What a modified roll beyond the rows gets: the end row, or an error.
enum class RollBeyond { kClamp, kError };

// One column's header for one row key, as printed and as numbers.
struct CombatHeader {
  std::string text;  // "3:1", "+2..+3"; "" where the row key does not use the column
  // Odds: the ratio num:den in lowest terms ("1.5:1" is 3:2).
  int64_t num = 0, den = 1;
  // Differential: the lowest and highest difference the column covers.
  int64_t low = 0, high = 0;
};

// The headers of one row key (or of the whole table): one per column,
// the used ones consecutive, first..last (0-based), increasing.
struct CombatHeaders {
  std::vector<CombatHeader> columns;
  int first = 0;
  int last = -1;
};

struct CombatTableDef {
  std::string id;
  CombatKind kind = CombatKind::kOdds;
  std::string dice;          // as written ("2d6"): what combat.resolve rolls
  int64_t lowest_roll = 1;   // the roll of the first row
  int columns = 0;
  CombatHeaders headers;     // the headers, when the table has one row of them (`columns`)
  std::map<std::string, CombatHeaders, std::less<>> by_row;  // else by row key (`columns_by`)
  CombatBeyond beyond = CombatBeyond::kClamp;
  OddsRounding round = OddsRounding::kDefender;
  RollBeyond roll_beyond = RollBeyond::kClamp;
  std::vector<std::vector<std::string>> results;  // [roll - lowest_roll][column]: result codes

  int64_t highest_roll() const { return lowest_roll + static_cast<int64_t>(results.size()) - 1; }
};

// What a result does to one side of the combat.
struct CombatEffect {
  bool eliminate = false;  // every unit of the side
  int steps = 0;           // steps lost in all, the owner choosing which unit each time
  int retreat = 0;         // hexes its units retreat
  int instead_steps = 0;   // steps the owner may lose instead of retreating
};

struct CombatResultDef {
  CombatEffect attacker;
  CombatEffect defender;
  // The defender's units are eliminated, then the attacker loses steps
  // until the attack strength lost is at least the defence strength lost.
  bool exchange = false;
};

struct CombatDef {
  bool declared = false;
  std::string attack = "attack";    // the printed value of attack strength
  std::string defence = "defence";  // the printed value of defence strength
  std::string steps = "steps";      // the printed value of a type's steps (1 without it)
  // Where eliminated pieces go: one location for every piece, or one per
  // side (-1 where a side has none); -1 when the game declares none.
  int eliminated = -1;
  std::vector<int> eliminated_by_side;  // empty when one location is given
  std::map<std::string, CombatTableDef, std::less<>> tables;
  std::map<std::string, CombatResultDef, std::less<>> results;  // by code, as printed
};

}  // namespace cardboard
