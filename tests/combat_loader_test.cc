// Loading [combat], [combat_tables.*] and [combat_results.*] (data/combat_loader):
// a good declaration becomes a CombatDef; each spoilt one is a problem
// named file:line:column, with the closest name where there is one; a mod
// replaces a table or a result by its id and a [combat] key by key. Each
// case writes a small game into a temporary folder and pins the messages.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "data/game_loader.h"
#include "kit/kit_def.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;
using cardboard::testing::replace_once;

namespace {

const char* kGame = R"([game]
title = "Fight"

[[sides]]
id = "red"

[[sides]]
id = "blue"

[[locations]]
id = "dead"

[[piece_types]]
name = "Tank"
owner = "red"
faces = ["full", "reduced"]
attack = 6
defence = 4
steps = 2

[combat]
eliminated = "dead"

[combat_tables.crt]
kind = "odds"
dice = "d6"
columns = ["1:1", "2:1", "3:1"]
results = [
  ["AE", "NE", "DE"],
  ["AE", "NE", "DE"],
  ["NE", "NE", "DE"],
  ["NE", "DE", "DE"],
  ["NE", "DE", "DE"],
  ["NE", "DE", "EX"],
]

[combat_results.AE]
attacker = { eliminate = true }

[combat_results.NE]

[combat_results.DE]
defender = { eliminate = true }

[combat_results.EX]
exchange = true

[sequence]
[[sequence.phases]]
id = "play"
run = "play"
)";

// A project of the game under test (support.h), and rules/mod extending it
// when `mod` is given.
struct Project : testing::TempProject {
  explicit Project(const std::string& name, const std::string& game = kGame, const std::string& mod = "")
      : TempProject("cardboard-combat-" + name, "fight", game, mod, {}, "") {}
};

}  // namespace

TEST_CASE("combat loader: a good declaration becomes the game's CombatDef", "[data][kit][combat]") {
  Project p("good");
  auto def = p.def();
  REQUIRE(def->kit);
  const CombatDef& c = def->kit->combat;
  CHECK(c.declared);
  CHECK(c.attack == "attack");
  CHECK(c.defence == "defence");
  CHECK(c.steps == "steps");
  CHECK(c.eliminated == def->find_location("dead"));
  REQUIRE(c.tables.count("crt"));
  const CombatTableDef& t = c.tables.at("crt");
  CHECK(t.kind == CombatKind::kOdds);
  CHECK(t.columns == 3);
  CHECK(t.results.size() == 6);
  CHECK(t.headers.columns[1].num == 2);
  CHECK(t.headers.columns[1].den == 1);
  CHECK(c.results.at("AE").attacker.eliminate);
  CHECK(c.results.at("EX").exchange);
  CHECK_FALSE(c.results.at("NE").defender.eliminate);
}

TEST_CASE("combat loader: a game without the kit's sections has no kit", "[data][kit][combat]") {
  std::string game = kGame;
  game.erase(game.find("[combat]"), game.find("[sequence]") - game.find("[combat]"));
  Project p("none", game);
  CHECK_FALSE(p.def()->kit);
}

TEST_CASE("combat loader: a malformed table names each problem where it is", "[data][kit][combat]") {
  std::string game = replace_once(kGame, "kind = \"odds\"", "kind = \"odd\"");
  Project kind("kind", game);
  CHECK(kind.problems() == "bad 'kind' in [combat_tables.crt]: odds or differential expected, got 'odd': did you "
                           "mean 'odds'? (" + kind.file() + ":25:8)\n");
  game = replace_once(kGame, "columns = [\"1:1\", \"2:1\", \"3:1\"]", "columns = [\"1:1\", \"3-1\", \"2:1\"]");
  game = replace_once(game, "dice = \"d6\"", "dice = \"d6\"\nround = \"down\"\nbeyond = \"clam\"\ncolums = 1");
  Project headers("headers", game);
  const std::string f = headers.file();
  CHECK(headers.problems() ==
        "unknown key 'colums' in [combat_tables.crt]: did you mean 'columns'? (" + f + ":29:1)\n"
        "bad 'beyond' in [combat_tables.crt]: one of clamp, none expected, got 'clam': did you mean 'clamp'? (" + f +
            ":28:10)\n"
        "bad 'round' in [combat_tables.crt]: one of defender, attacker, nearest expected, got 'down' (" + f + ":27:9)\n"
        "bad column header '3-1' in 'columns' of [combat_tables.crt]: odds such as \"3:1\", \"1:2\" or \"1.5:1\" "
        "expected (numbers above 0, at most 4 digits and 2 decimals each) (" + f + ":30:19)\n");
  Project order("order", replace_once(kGame, "[\"1:1\", \"2:1\", \"3:1\"]", "[\"1:1\", \"3:1\", \"2:1\"]"));
  CHECK(order.problems() == "bad column header '2:1' in 'columns' of [combat_tables.crt]: not above the column "
                            "before it ('3:1'): columns go from the lowest odds to the highest, without overlapping (" +
                                order.file() + ":27:26)\n");
  Project rows("rows", replace_once(kGame, "  [\"NE\", \"DE\", \"EX\"],\n", ""));
  CHECK(rows.problems() == "bad 'results' in [combat_tables.crt]: 5 rows where the rolls of d6 (1 to 6) need 6: one "
                           "row per roll, the lowest first (" + rows.file() + ":28:11)\n");
  Project width("width", replace_once(kGame, "[\"NE\", \"DE\", \"EX\"]", "[\"NE\", \"DE\"]"));
  CHECK(width.problems() == "bad 'results' in [combat_tables.crt]: row 6 (roll 6) has 2 result codes where the table "
                            "has 3 columns (" + width.file() + ":34:3)\n");
  Project dice("dice", replace_once(kGame, "dice = \"d6\"", "dice = \"6\""));
  CHECK(dice.problems() == "bad 'dice' in [combat_tables.crt]: bad dice '6': expected NdM such as d6, 2d6 or d10 (" +
                               dice.file() + ":26:8)\n");
  Project both("both", replace_once(kGame, "columns = [", "columns_by = { Clear = [\"1:1\"] }\ncolumns = ["));
  CHECK(both.problems() == "bad [combat_tables.crt]: give 'columns' or 'columns_by', not both (" + both.file() +
                               ":27:14)\n");
}

TEST_CASE("combat loader: differential headers, rows by key and their checks", "[data][kit][combat]") {
  const std::string table = R"([combat_tables.crt]
kind = "differential"
dice = "d6"
results = [["NE", "NE", "NE"], ["NE", "NE", "NE"], ["NE", "NE", "NE"], ["NE", "NE", "NE"], ["NE", "NE", "NE"], ["NE", "NE", "DE"]]
round = "nearest"

[combat_tables.crt.columns_by]
Clear = ["-1", "0", "+1..+2"]
Town = ["", "0", "+1,+3"]
Hill = ["0", "", "+1"]
Marsh = ["+2..+1", "3"]
)";
  std::string game = kGame;
  const auto from = game.find("[combat_tables.crt]");
  game.replace(from, game.find("[combat_results.AE]") - from, table + "\n");
  Project p("by", game);
  const std::string f = p.file();
  CHECK(p.problems() ==
        "bad 'round' in [combat_tables.crt]: a differential table does not round (a difference is whole, or counts "
        "as the whole number below it); 'round' is for odds tables (" + f + ":28:9)\n"
        "bad column header '+1' in 'columns_by.Hill' of [combat_tables.crt]: a row key uses consecutive columns "
        "(\"\" only before its first or after its last) (" + f + ":33:18)\n"
        "bad column header '+2..+1' in 'columns_by.Marsh' of [combat_tables.crt]: a range goes up: its lower end "
        "first, such as \"+2..+3\" (" + f + ":34:10)\n"
        "bad column header '+1,+3' in 'columns_by.Town' of [combat_tables.crt]: a list of differences must be "
        "consecutive and go up, such as \"+2,+3\" (" + f + ":32:18)\n");
  // Once good, the keys' headers line up from the first column.
  game = replace_once(game, "round = \"nearest\"\n", "");
  game = replace_once(game, "Hill = [\"0\", \"\", \"+1\"]\nMarsh = [\"+2..+1\", \"3\"]\n", "Hill = [\"0\"]\n");
  game = replace_once(game, "\"+1,+3\"", "\"+1,+2\"");
  Project good("by-good", game);
  auto def = good.def();
  const CombatTableDef& t = def->kit->combat.tables.at("crt");
  CHECK(t.columns == 3);
  CHECK(t.by_row.at("Town").first == 1);
  CHECK(t.by_row.at("Town").columns[2].high == 2);
  CHECK(t.by_row.at("Hill").last == 0);
  CHECK(t.by_row.at("Hill").columns.size() == 3);
}

TEST_CASE("combat loader: a result code no [combat_results] declares", "[data][kit][combat]") {
  Project p("code", replace_once(kGame, "[\"NE\", \"DE\", \"EX\"]", "[\"NE\", \"De\", \"EX\"]"));
  CHECK(p.problems() == "no combat result 'De' in [combat_results] ([combat_tables.crt], row 6 (roll 6)): did you "
                        "mean 'DE'? (" + p.file() + ":34:10)\n");
}

TEST_CASE("combat loader: results' effects are checked key by key", "[data][kit][combat]") {
  std::string game = replace_once(kGame, "attacker = { eliminate = true }",
                             "attacker = { eliminate = true, steps = 1 }\ndefender = { retreet = 2 }");
  game = replace_once(game, "[combat_results.NE]\n", "[combat_results.NE]\ndefender = { instead_steps = 1, steps = -1 }\n");
  game = replace_once(game, "exchange = true", "exchange = true\nattacker = { steps = 1 }");
  game += "\n[combat_results.\"(A)\"]\nattacker = 1\n";
  Project p("effects", game);
  const std::string f = p.file();
  CHECK(p.problems() ==
        "bad 'attacker' of [combat_results.\"(A)\"]: a table of effects expected, such as { steps = 1 } or "
        "{ retreat = 2, instead_steps = 1 } ({} for none) (" + f + ":57:12)\n"
        "bad 'attacker' of [combat_results.AE]: a side eliminated loses every unit, so it cannot also lose steps or "
        "retreat (" + f + ":38:12)\n"
        "unknown key 'retreet' in 'defender' of [combat_results.AE]: did you mean 'retreat'? (" + f + ":39:14)\n"
        "bad [combat_results.EX]: an exchange is the whole result (the defender eliminated, the attacker losing as "
        "much): it takes no 'attacker' or 'defender' effects (" + f + ":47:1)\n"
        "bad 'steps' in 'defender' of [combat_results.NE]: expected an integer from 0 to 1000, got -1 (" + f +
            ":42:41)\n"
        "bad 'defender' of [combat_results.NE]: 'instead_steps' are lost instead of a retreat: give 'retreat' too (" +
            f + ":42:12)\n");
}

TEST_CASE("combat loader: [combat]'s keys and references", "[data][kit][combat]") {
  Project missing("missing", replace_once(kGame, "eliminated = \"dead\"", ""));
  CHECK(missing.problems() == "[combat] has no 'eliminated', and result 'AE' eliminates or reduces units: say where "
                              "eliminated units go, eliminated = \"dead\" (a location id, or a table of side id = "
                              "location id) (" + missing.file() + ":37:1)\n");
  Project box("box", replace_once(kGame, "eliminated = \"dead\"", "eliminated = \"ded\"\nattack = \"atack\"\nstep = 1"));
  const std::string f = box.file();
  CHECK(box.problems() == "unknown key 'step' in [combat]: did you mean 'steps'? (" + f + ":24:1)\n"
                          "bad 'attack' in [combat]: no piece type has the printed value 'atack': did you mean "
                          "'attack'? (" + f + ":23:10)\n"
                          "no such location: 'ded': did you mean 'dead'? (" + f + ":22:14)\n");
  Project sides("sides", replace_once(kGame, "eliminated = \"dead\"", "eliminated = { red = \"dead\", bleu = \"dead\" }"));
  CHECK(sides.problems() == "bad 'eliminated' in [combat]: no such side: 'bleu': did you mean 'blue'? (" +
                                sides.file() + ":22:37)\n");
  Project good("sides-good", replace_once(kGame, "eliminated = \"dead\"", "eliminated = { red = \"dead\" }"));
  const auto good_def = good.def();
  const CombatDef& c = good_def->kit->combat;
  CHECK(c.eliminated == -1);
  CHECK(c.eliminated_by_side == std::vector<int>{0, -1});
  Project steps("steps", replace_once(kGame, "steps = 2", "steps = 3"));
  CHECK(steps.problems() == "bad 'steps' of piece type 'tank': a whole number of steps from 1 to its number of faces "
                            "(2) expected, one face for each step, full strength first ([combat] steps) (" +
                                steps.file() + ":19:9)\n");
  Project strength("strength", replace_once(kGame, "defence = 4", "defence = \"four\""));
  CHECK(strength.problems() == "bad 'defence' of piece type 'tank': a strength (a number) expected ([combat] "
                               "defence) (" + strength.file() + ":18:11)\n");
  Project face("face-steps", replace_once(kGame, "steps = 2", "steps = 2\non_face = { reduced = { steps = 1 } }"));
  CHECK(face.problems() == "bad 'on_face.reduced.steps' of piece type 'tank': a type has the same number of steps on "
                           "every face ([combat] steps) (" + face.file() + ":20:33)\n");
}

TEST_CASE("combat loader: a mod replaces a table and a result by id, and [combat] key by key", "[data][kit][combat]") {
  const std::string mod = R"([game]
title = "Mod"
extends = "fight"

[[locations]]
id = "graveyard"

[combat]
eliminated = "graveyard"

[combat_tables.crt]
kind = "differential"
dice = "d6"
columns = ["0", "+1"]
results = [["NE", "XX"], ["NE", "XX"], ["NE", "XX"], ["NE", "XX"], ["NE", "XX"], ["NE", "XX"]]

[combat_results.XX]
defender = { steps = 1 }

[combat_results.NE]
attacker = { retreat = 1 }
)";
  Project p("mod", kGame, mod);
  auto def = p.def("mod");
  const CombatDef& c = def->kit->combat;
  CHECK(c.eliminated == def->find_location("graveyard"));
  CHECK(c.attack == "attack");
  CHECK(c.tables.at("crt").kind == CombatKind::kDifferential);
  CHECK(c.results.at("XX").defender.steps == 1);
  CHECK(c.results.at("NE").attacker.retreat == 1);
  CHECK(c.results.at("AE").attacker.eliminate);  // the base's, kept
  // A mod's problem is at the mod's line.
  Project bad("mod-bad", kGame, replace_once(mod, "\"XX\"], [\"NE\"", "\"XY\"], [\"NE\""));
  CHECK(bad.problems("mod") == "no combat result 'XY' in [combat_results] ([combat_tables.crt], row 1 (roll 1)): did "
                               "you mean 'XX'? (" + bad.file("mod") + ":15:19)\n");
}
