// Loading [retreat] and [advance] (data/retreat_loader): a good declaration
// becomes the game's RetreatDef and AdvanceDef, the defaults stand where it
// says nothing, each slip is a problem named file:line:column with the
// closest word where there is one, and a mod replaces key by key. Each case
// writes a small game into a temporary folder and pins the messages.
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
title = "Fall back"

[[sides]]
id = "red"

[[sides]]
id = "blue"

[[locations]]
id = "dead"

[[piece_types]]
name = "Tank"
owner = "red"
attack = 6
defence = 4

[[piece_types]]
name = "Guns"
owner = "blue"
kind = "battery"
attack = 4
defence = 1
no_advance = true

[combat]
eliminated = "dead"

[combat_tables.crt]
kind = "odds"
dice = "d6"
columns = ["1:1"]
results = [["DR"], ["DR"], ["DR"], ["NE"], ["NE"], ["NE"]]

[combat_results.DR]
defender = { retreat = 2 }

[combat_results.NE]

[retreat]
blocked = "steps"
stacking = "end"
farther = false

[advance]
hexes = 2
zones = true
kinds = ["unit", "battery"]
without = "no_advance"

[sequence]
[[sequence.phases]]
id = "play"
run = "play"
)";

// A project of the game under test (support.h), and rules/mod extending it
// when `mod` is given.
struct Project : testing::TempProject {
  explicit Project(const std::string& name, const std::string& game = kGame, const std::string& mod = "")
      : TempProject("cardboard-retreat-" + name, "fall", game, mod, {}, "") {}
};

// kGame without its [retreat] and [advance] sections.
std::string without_sections() {
  std::string game = kGame;
  game.erase(game.find("[retreat]"), game.find("[sequence]") - game.find("[retreat]"));
  return game;
}

}  // namespace

TEST_CASE("retreat loader: a good declaration becomes the game's RetreatDef and AdvanceDef", "[data][kit][retreat]") {
  Project p("good");
  auto def = p.def();
  REQUIRE(def->kit);
  const RetreatDef& r = def->kit->retreat;
  CHECK(r.declared);
  CHECK(r.blocked == RetreatDef::Blocked::kSteps);
  CHECK(r.stacking == RetreatDef::Stacking::kEnd);
  CHECK_FALSE(r.farther);
  const AdvanceDef& a = def->kit->advance;
  CHECK(a.declared);
  CHECK(a.hexes == 2);
  CHECK(a.zones);
  CHECK(a.kinds == std::vector<std::string>{"unit", "battery"});
  CHECK(a.without == "no_advance");
}

TEST_CASE("retreat loader: without the sections, the defaults", "[data][kit][retreat]") {
  Project p("defaults", without_sections());
  auto def = p.def();
  const RetreatDef& r = def->kit->retreat;
  CHECK_FALSE(r.declared);
  CHECK(r.blocked == RetreatDef::Blocked::kEliminate);
  CHECK(r.stacking == RetreatDef::Stacking::kContinue);
  CHECK(r.farther);
  const AdvanceDef& a = def->kit->advance;
  CHECK_FALSE(a.declared);
  CHECK(a.hexes == 1);
  CHECK_FALSE(a.zones);
  CHECK(a.kinds == std::vector<std::string>{"unit"});
  CHECK(a.without.empty());
  // The sections alone make a game of the kit.
  std::string game = without_sections();
  game.erase(game.find("[combat]"), game.find("[sequence]") - game.find("[combat]"));
  Project none("none", game);
  CHECK_FALSE(none.def()->kit);
  Project only("only", replace_once(game, "[sequence]", "[retreat]\n\n[sequence]"));
  REQUIRE(only.def()->kit);
  CHECK(only.def()->kit->retreat.declared);
}

TEST_CASE("retreat loader: [retreat]'s slips, each where it is", "[data][kit][retreat]") {
  std::string game = replace_once(kGame, "blocked = \"steps\"", "blocked = \"eliminated\"");
  game = replace_once(game, "stacking = \"end\"", "stacking = 2");
  game = replace_once(game, "farther = false", "farther = \"yes\"\nfarthest = true");
  Project p("retreat-slips", game);
  const std::string f = p.file();
  CHECK(p.problems() ==
        "unknown key 'farthest' in [retreat]: did you mean 'farther'? (" + f + ":45:1)\n"
        "bad 'blocked' in [retreat]: one of eliminate, steps expected, got 'eliminated': did you mean 'eliminate'? (" +
            f + ":42:11)\n"
        "bad 'stacking' in [retreat]: one of continue, end, ignore expected, got an integer (" + f + ":43:12)\n"
        "bad 'farther' in [retreat]: true or false expected, got a string (" + f + ":44:11)\n");
  Project table("retreat-table", replace_once(replace_once(kGame, "[retreat]\n", "[retreet]\n"), "[game]", "retreat = 1\n[game]"));
  const std::string t = table.file();
  CHECK(table.problems() == "unknown key 'retreet' in game.toml: did you mean 'retreat'? (" + t + ":42:2)\n"
                            "bad [retreat]: a table expected (" + t + ":1:11)\n");
}

TEST_CASE("retreat loader: [advance]'s slips, each where it is", "[data][kit][retreat]") {
  std::string game = replace_once(kGame, "hexes = 2", "hexes = 0");
  game = replace_once(game, "zones = true", "zones = 1\nzone = true");
  game = replace_once(game, "kinds = [\"unit\", \"battery\"]", "kinds = [\"unit\", \"batery\", 3]");
  game = replace_once(game, "without = \"no_advance\"", "without = \"no_advanse\"");
  Project p("advance-slips", game);
  const std::string f = p.file();
  CHECK(p.problems() ==
        "unknown key 'zone' in [advance]: did you mean 'zones'? (" + f + ":49:1)\n"
        "bad 'hexes' in [advance]: expected an integer from 1 to 1000, got 0 (" + f + ":47:9)\n"
        "bad 'zones' in [advance]: true or false expected, got an integer (" + f + ":48:9)\n"
        "bad 'kinds' entry in [advance]: no piece type is of kind 'batery': did you mean 'battery'? (" + f +
            ":50:18)\n"
        "bad 'kinds' entry in [advance]: a string expected, got an integer (" + f + ":50:28)\n"
        "bad 'without' in [advance]: no piece type has the printed value 'no_advanse': did you mean 'no_advance'? (" +
            f + ":51:11)\n");
  Project shapes("advance-shapes", replace_once(replace_once(kGame, "kinds = [\"unit\", \"battery\"]", "kinds = \"unit\""),
                                           "without = \"no_advance\"", "without = \"\""));
  const std::string s = shapes.file();
  CHECK(shapes.problems() ==
        "bad 'kinds' in [advance]: an array of piece type kinds expected, such as [\"unit\"], got a string (" + s +
            ":49:9)\n"
        "bad 'without' in [advance]: the name of a printed value expected, got an empty string (" + s + ":50:11)\n");
  Project big("advance-big", replace_once(kGame, "hexes = 2", "hexes = 1001"));
  CHECK(big.problems() == "bad 'hexes' in [advance]: expected an integer from 1 to 1000, got 1001 (" + big.file() +
                              ":47:9)\n");
}

TEST_CASE("retreat loader: results that retreat need somewhere for units that cannot", "[data][kit][retreat]") {
  Project p("eliminated", replace_once(kGame, "eliminated = \"dead\"", ""));
  CHECK(p.problems() == "[combat] has no 'eliminated', and result 'DR' retreats units, which are eliminated or lose "
                        "steps when they cannot retreat ([retreat] blocked): say where eliminated units go, eliminated "
                        "= \"dead\" (a location id, or a table of side id = location id) (" + p.file() + ":36:1)\n");
}

TEST_CASE("retreat loader: a mod replaces [retreat] and [advance] key by key", "[data][kit][retreat]") {
  const std::string mod = R"([game]
title = "Mod"
extends = "fall"

[retreat]
blocked = "eliminate"

[advance]
kinds = ["unit"]
)";
  Project p("mod", kGame, mod);
  auto def = p.def("mod");
  const KitDef& k = *def->kit;
  CHECK(k.retreat.blocked == RetreatDef::Blocked::kEliminate);
  CHECK(k.retreat.stacking == RetreatDef::Stacking::kEnd);  // the base's
  CHECK_FALSE(k.retreat.farther);
  CHECK(k.advance.kinds == std::vector<std::string>{"unit"});
  CHECK(k.advance.hexes == 2);
  // A mod's problem is at the mod's line.
  Project bad("mod-bad", kGame, replace_once(mod, "blocked = \"eliminate\"", "blocked = \"step\""));
  CHECK(bad.problems("mod") == "bad 'blocked' in [retreat]: one of eliminate, steps expected, got 'step': did you "
                               "mean 'steps'? (" + bad.file("mod") + ":6:11)\n");
}
