// Mods: a game that `extends` another loads its base first, then overrides
// entries by id, adds new ones, runs its scripts after the base's, finds
// modules in its own folder before the base's, and hashes the base's files
// too. Errors (a cycle, a missing base) are pinned with file:line:column.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <unistd.h>

#include "bots/simulate.h"
#include "data/game_loader.h"
#include "maps/area_graph.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;
using cardboard::testing::lua_ok;
using cardboard::testing::make_game;

namespace {

const char* kBase = R"([game]
title = "Base"
scripts = ["base.lua"]

[[sides]]
id = "red"

[[locations]]
id = "deck"
kind = "deck"

[[tracks]]
id = "score"
min = 0
max = 5
start = 1

[[piece_types]]
name = "Soldier"
deck = "deck"
copies = 2
force = 3
notes = "printed"

[[piece_types]]
name = "Spy"
deck = "deck"

[tables.crt]
odds = 1
[tables.kept]
x = 1

[sequence]
[[sequence.phases]]
id = "play"
run = "play"
)";

const char* kMod = R"([game]
title = "Mod"
extends = "base"
scripts = ["mod.lua"]
remove_piece_types = ["spy"]

[[tracks]]
id = "score"
start = 4

[[piece_types]]
id = "soldier"
force = 5

[[piece_types]]
name = "Tank"
deck = "deck"

[tables.crt]
odds = 2
)";

// A project root with rules/base, rules/mod and scenarios/mod/one.toml.
struct ModProject {
  fs::path root;
  explicit ModProject(const std::string& name, const std::string& mod = kMod) {
    root = fs::temp_directory_path() / ("cardboard-mod-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(root);
    fs::create_directories(root / "rules/base");
    fs::create_directories(root / "rules/mod");
    fs::create_directories(root / "scenarios/mod");
    std::ofstream(root / "rules/base/game.toml") << kBase;
    std::ofstream(root / "rules/base/base.lua")
        << "BONUS = 1\nfunction bonus() return BONUS end\nfunction play() end\nWHO = require('who')\n";
    std::ofstream(root / "rules/base/who.lua") << "return 'base'\n";
    std::ofstream(root / "rules/base/only_base.lua") << "return 'only in base'\n";
    std::ofstream(root / "rules/mod/game.toml") << mod;
    std::ofstream(root / "rules/mod/mod.lua") << "BONUS = 2\n";
    std::ofstream(root / "rules/mod/who.lua") << "return 'mod'\n";
    std::ofstream(root / "scenarios/mod/one.toml") << "[scenario]\ngame = \"mod\"\ntitle = \"One\"\n";
  }
  ~ModProject() { fs::remove_all(root); }
  std::string file(const std::string& rel) const { return (root / rel).string(); }
  Result<std::shared_ptr<GameDef>> load() const { return load_game("mod/one", root.string()); }
};

}  // namespace

TEST_CASE("mod: a mod loads its base, overrides entries by id key by key and adds new ones", "[data][mod]") {
  ModProject p("merge");
  auto def = p.load();
  REQUIRE(def.ok());
  const GameDef& d = **def;
  CHECK(d.id == "mod");
  CHECK(d.title == "Mod");
  CHECK(d.dir == p.file("rules/mod"));
  CHECK(d.base_id == "base");
  REQUIRE(d.base_dirs.size() == 1);
  CHECK(d.base_dirs[0] == p.file("rules/base"));
  CHECK(d.script_paths == std::vector<std::string>{p.file("rules/base/base.lua"), p.file("rules/mod/mod.lua")});
  CHECK(d.base_rules_hash != 0);
  CHECK(d.base_rules_hash != d.rules_hash);
  // The track keeps its base's bounds and takes the mod's start.
  const auto& score = d.tracks[d.find_track("score")];
  CHECK(score.min == 0);
  CHECK(score.max == 5);
  CHECK(score.start == 4);
  // The piece type keeps its name, deck, copies and other printed values.
  REQUIRE(d.find_type("soldier") >= 0);
  const auto& soldier = d.types[d.find_type("soldier")];
  CHECK(soldier.name == "Soldier");
  CHECK(soldier.copies == 2);
  CHECK(soldier.deck == d.find_location("deck"));
  CHECK(soldier.values.find_key(std::string("force"))->as_int() == 5);
  CHECK(soldier.values.find_key(std::string("notes"))->as_string() == "printed");
  CHECK(d.find_type("tank") >= 0);
  CHECK(d.find_type("spy") < 0);
  CHECK(d.types.size() == 2);
  // Tables are replaced by name; the sequence is the base's.
  CHECK(d.tables.as_table().find_key(std::string("crt"))->as_table().find_key(std::string("odds"))->as_int() == 2);
  CHECK(d.tables.as_table().find_key(std::string("kept")) != nullptr);
  REQUIRE(d.sequence.phases.size() == 1);
  CHECK(d.sequence.phases[0].id == "play");
}

TEST_CASE("mod: the mod's scripts run after the base's and require looks in the mod's folder first", "[data][mod]") {
  ModProject p("scripts");
  auto def = p.load();
  REQUIRE(def.ok());
  auto g = make_game(*def);
  Game& L = *g;
  CHECK(lua_ok(L, "return bonus()") == "2");
  CHECK(lua_ok(L, "return WHO") == "mod");
  CHECK(lua_ok(L, "return require('only_base')") == "only in base");
}

TEST_CASE("mod: a loaded game runs the scripts it was loaded and hashed with, whatever the files become", "[data][mod]") {
  // A balance run makes hundreds of games from one definition: a script
  // edited, broken or removed during the run must not change the later
  // games, nor make them differ from the rules hash the report records.
  ModProject p("read-once");
  auto def = p.load();
  REQUIRE(def.ok());
  const uint64_t hash = (*def)->rules_hash;
  std::ofstream(p.file("rules/mod/mod.lua")) << "BONUS = 3\n";
  fs::remove(p.file("rules/base/base.lua"));
  auto g = make_game(*def);
  CHECK(lua_ok(*g, "return bonus()") == "2");
  // Loaded again, the definition reads the files as they are now.
  std::ofstream(p.file("rules/base/base.lua")) << "function bonus() return BONUS end\nfunction play() end\n";
  auto again = p.load();
  REQUIRE(again.ok());
  CHECK((*again)->rules_hash != hash);
  CHECK(lua_ok(*make_game(*again), "return bonus()") == "3");
}

TEST_CASE("mod: require reads the module as the game was loaded with it, and no file added since", "[data][mod]") {
  // A module required while the game runs (kept by no one: it runs at every
  // require) is one of the rules the hash covers, as the scripts are.
  ModProject p("require-once");
  std::ofstream(p.file("rules/mod/late.lua")) << "return 'as loaded'\n";
  std::ofstream(p.file("outside.lua")) << "return 'outside'\n";
  fs::create_symlink(p.file("outside.lua"), p.file("rules/mod/escape.lua"));
  auto def = p.load();
  REQUIRE(def.ok());
  std::ofstream(p.file("rules/mod/late.lua")) << "return 'edited'\n";
  std::ofstream(p.file("rules/mod/added.lua")) << "return 'added'\n";
  fs::remove(p.file("rules/base/only_base.lua"));
  auto g = make_game(*def);
  CHECK(lua_ok(*g, "return require('late')") == "as loaded");
  CHECK(lua_ok(*g, "return require('only_base')") == "only in base");
  CHECK_THAT(cardboard::testing::lua_error(*g, "return require('added')"),
             Catch::Contains("require: no module 'added' among the rules files the game was loaded with "
                             "(looked for added.lua)"));
  // A file linked from outside the folder is hashed but is no module.
  CHECK_THAT(cardboard::testing::lua_error(*g, "return require('escape')"),
             Catch::Contains("require: no module 'escape' among the rules files"));
  // The mod's module still comes before the base's of the same name.
  CHECK(lua_ok(*g, "return require('who')") == "mod");
}

TEST_CASE("mod: base holds the bases' globals as they were before the mod's scripts, frozen", "[data][mod]") {
  // Issue 9.11: an override can call the function it replaces, and reach
  // the base's constants, without copying the base's code.
  ModProject p("base-table");
  std::ofstream(p.file("rules/mod/mod.lua"))
      << "BONUS = 2\nfunction bonus() return base.bonus() * 10 + base.BONUS end\n";
  auto def = p.load();
  REQUIRE(def.ok());
  auto g = make_game(*def);
  Game& L = *g;
  CHECK(lua_ok(L, "return bonus()") == "21");  // the base's bonus() reads the mod's BONUS
  CHECK(lua_ok(L, "return base.BONUS") == "1");
  CHECK(lua_ok(L, "return base.WHO") == "mod");  // require looked in the mod's folder for the base too
  CHECK(lua_ok(L, "return tostring(base.pieces)") == "nil");  // the kernel's names are not copied
  CHECK(lua_ok(L, "return tostring(base.base)") == "nil");
  CHECK_THAT(cardboard::testing::lua_error(L, "base.BONUS = 5"), Catch::Contains("after the rules loaded"));
  CHECK_THAT(cardboard::testing::lua_error(L, "rawset(base, 'BONUS', 5)"), Catch::Contains("after the rules loaded"));
  // A game that extends nothing has no base.
  auto plain = load_game("arab_israeli_wars/1948", CARDBOARD_SOURCE_ROOT);
  REQUIRE(plain.ok());
  auto aiw = make_game(*plain);
  CHECK_THAT(cardboard::testing::lua_error(*aiw, "return base"), Catch::Contains("undeclared global 'base'"));
}

TEST_CASE("mod: in a mod of a mod, each level's base is the level below it", "[data][mod]") {
  // Issue 60.7: the middle level's override calls `base.bonus` while the top
  // level's runs it; with one global `base` (the top's) it called itself.
  ModProject p("three-levels");
  std::ofstream(p.file("rules/mod/mod.lua")) << "function bonus() return base.bonus() + 10 end\n";
  fs::create_directories(p.root / "rules/top");
  fs::create_directories(p.root / "scenarios/top");
  std::ofstream(p.file("rules/top/game.toml")) << "[game]\ntitle = \"Top\"\nextends = \"mod\"\nscripts = [\"top.lua\"]\n";
  std::ofstream(p.file("rules/top/top.lua")) << "function bonus() return base.bonus() + 100 end\n";
  std::ofstream(p.file("scenarios/top/one.toml")) << "[scenario]\ngame = \"top\"\ntitle = \"One\"\n";
  auto def = load_game("top/one", p.root.string());
  REQUIRE(def.ok());
  auto g = make_game(*def);
  CHECK(lua_ok(*g, "return bonus()") == "111");
  CHECK(lua_ok(*g, "return base.bonus()") == "11");  // the global `base` is the top level's
  CHECK(lua_ok(*g, "return base.BONUS") == "1");
}

TEST_CASE("mod: an empty mod of each shipped game plays the same games as the game", "[data][mod]") {
  // Issue 60.7: a mod of lebanon_82 (a mod of fire_and_movement) died at its
  // first combat. A project holding the shipped games and, beside each, a
  // mod that changes nothing, with a scenario that extends each of its scenarios.
  const fs::path src = CARDBOARD_SOURCE_ROOT;
  const fs::path root = fs::temp_directory_path() / ("cardboard-mod-" + std::to_string(::getpid()) + "-empty");
  fs::remove_all(root);
  struct Removed {
    fs::path path;
    ~Removed() { std::error_code ignored; fs::remove_all(path, ignored); }
  } removed{root};
  fs::create_directories(root);
  fs::copy(src / "rules", root / "rules", fs::copy_options::recursive);
  fs::copy(src / "scenarios", root / "scenarios", fs::copy_options::recursive);
  std::vector<std::string> scenarios;
  for (const auto& game : fs::directory_iterator(src / "scenarios"))
    for (const auto& file : fs::directory_iterator(game.path()))
      scenarios.push_back(game.path().filename().string() + "/" + file.path().stem().string());
  std::sort(scenarios.begin(), scenarios.end());
  REQUIRE(scenarios.size() >= 9);
  for (const auto& id : scenarios) {
    const std::string game = id.substr(0, id.find('/'));
    const std::string mod = "empty_" + game;
    fs::create_directories(root / "rules" / mod);
    fs::create_directories(root / "scenarios" / mod);
    std::ofstream(root / "rules" / mod / "game.toml") << "[game]\ntitle = \"Empty\"\nextends = \"" << game << "\"\n";
    std::ofstream(root / "scenarios" / mod / (id.substr(id.find('/') + 1) + ".toml"))
        << "[scenario]\ngame = \"" << mod << "\"\ntitle = \"Empty\"\nextends = \"" << id << "\"\n";
  }
  SimOptions o;
  o.games = 1;
  for (const auto& id : scenarios) {
    INFO(id);
    auto base = load_game(id, root.string());
    auto mod = load_game("empty_" + id, root.string());
    REQUIRE(base.ok());
    REQUIRE(mod.ok());
    auto played = simulate(*base, o);
    auto modded = simulate(*mod, o);
    REQUIRE(played.ok());
    REQUIRE(modded.ok());
    CHECK(modded->first_error == "");
    CHECK(modded->errors == 0);
    CHECK(modded->decisions == played->decisions);
    CHECK(modded->turns == played->turns);
    CHECK(modded->outcomes == played->outcomes);
  }
}

TEST_CASE("mod: the example mod aiw_house_rules is arab_israeli_wars with two house rules", "[data][mod]") {
  auto def = load_game("aiw_house_rules/1948", CARDBOARD_SOURCE_ROOT);
  REQUIRE(def.ok());
  auto base = load_game("arab_israeli_wars/1948", CARDBOARD_SOURCE_ROOT);
  REQUIRE(base.ok());
  const GameDef& d = **def;
  CHECK(d.id == "aiw_house_rules");
  CHECK(d.base_id == "arab_israeli_wars");
  CHECK(d.types.size() == (*base)->types.size());
  CHECK(d.sequence.phases.size() == (*base)->sequence.phases.size());
  REQUIRE(d.setup_tracks.size() == 3);
  for (const auto& [track, start] : d.setup_tracks) CHECK(start == 2);
  CHECK(d.script_paths.size() == (*base)->scripts.size() + 1);
  auto g = make_game(*def);
  CHECK(lua_ok(*g, "return LEADER_BONUS") == "2");
  auto bg = make_game(*base);
  CHECK(lua_ok(*bg, "return LEADER_BONUS") == "1");
}

TEST_CASE("mod: an extends cycle is an error naming the chain", "[data][mod]") {
  ModProject p("cycle", std::string(kMod) + "");
  // base extends mod, which extends base.
  std::string base = kBase;
  base.replace(base.find("scripts"), 0, "extends = \"mod\"\n");
  std::ofstream(p.root / "rules/base/game.toml") << base;
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "extends cycle: mod -> base -> mod (" + p.file("rules/base/game.toml") + ":3:11)");
}

TEST_CASE("mod: a missing base is an error naming the expected file", "[data][mod]") {
  std::string mod = kMod;
  mod.replace(mod.find("\"base\""), 6, "\"nowhere\"");
  ModProject p("missing", mod);
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "no base game 'nowhere' for 'mod': expected " + p.file("rules/nowhere/game.toml") +
                                   " (" + p.file("rules/mod/game.toml") + ":3:11)");
}

TEST_CASE("mod: an override of a type the base lacks needs a name", "[data][mod]") {
  std::string mod = kMod;
  mod.replace(mod.find("id = \"soldier\""), 14, "id = \"soldiers\"");
  ModProject p("unknown", mod);
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message ==
        "no such piece type to override (a new one needs a 'name'): 'soldiers': did you mean 'soldier'? (" +
            p.file("rules/mod/game.toml") + ":12:6)");
}

TEST_CASE("mod: the rules hash covers the base's code and data, not their comments or tests", "[data][mod]") {
  // Copies of the real games, to edit the base safely.
  const fs::path root = fs::temp_directory_path() / ("cardboard-mod-" + std::to_string(::getpid()) + "-hash");
  fs::remove_all(root);
  const fs::path src = CARDBOARD_SOURCE_ROOT;
  for (const char* rel : {"rules/arab_israeli_wars", "rules/aiw_house_rules", "scenarios/aiw_house_rules",
                          "scenarios/arab_israeli_wars"}) {
    fs::create_directories(root / rel);
    fs::copy(src / rel, root / rel, fs::copy_options::recursive);
  }
  auto before = load_game("aiw_house_rules/1948", root.string());
  REQUIRE(before.ok());
  // The copy hashes like the original: the hash names files relative to their game.
  auto original = load_game("aiw_house_rules/1948", CARDBOARD_SOURCE_ROOT);
  REQUIRE(original.ok());
  CHECK((*before)->base_rules_hash == (*original)->base_rules_hash);

  // Issue 59.10: a comment, a blank line or a test changes no rules hash.
  std::ofstream(root / "rules/arab_israeli_wars/aiw.lua", std::ios::app) << "\n-- a comment\n--[[ and a\nlong one ]]\n\n";
  std::ofstream(root / "rules/arab_israeli_wars/cards.toml", std::ios::app) << "\n# a comment on the data\n\n";
  std::ofstream(root / "rules/arab_israeli_wars/tests/new_test.lua") << "test('more', function() end)\n";
  auto commented = load_game("aiw_house_rules/1948", root.string());
  REQUIRE(commented.ok());
  CHECK((*commented)->rules_hash == (*before)->rules_hash);
  CHECK((*commented)->base_rules_hash == (*before)->base_rules_hash);

  std::ofstream(root / "rules/arab_israeli_wars/aiw.lua", std::ios::app) << "\nlocal an_edit_of_the_base = '--'\n";
  auto lua_edit = load_game("aiw_house_rules/1948", root.string());
  REQUIRE(lua_edit.ok());
  CHECK((*lua_edit)->rules_hash != (*before)->rules_hash);
  CHECK((*lua_edit)->base_rules_hash != (*before)->base_rules_hash);

  cardboard::testing::replace_in((root / "rules/arab_israeli_wars/cards.toml").string(),
                                 "\"Moshe Dayan\", kind = \"unit\", owner = \"israel\", deck = \"israeli_deck\", copies = 1, force = 0",
                                 "\"Moshe Dayan\", kind = \"unit\", owner = \"israel\", deck = \"israeli_deck\", copies = 1, force = 1");
  auto data_edit = load_game("aiw_house_rules/1948", root.string());
  REQUIRE(data_edit.ok());
  CHECK((*data_edit)->rules_hash != (*lua_edit)->rules_hash);
  CHECK((*data_edit)->base_rules_hash != (*lua_edit)->base_rules_hash);
  fs::remove_all(root);
}

// A base with an area map, and a mod's [[maps]] entry of the same id.
struct MapModProject : ModProject {
  MapModProject(const std::string& name, const std::string& mod_map, const std::string& base_map_kind = "area")
      : ModProject(name, std::string(kMod) + "\n[[maps]]\nid = \"land\"\nfile = \"more.toml\"\n") {
    std::string base = kBase;
    base += "\n[[maps]]\nid = \"land\"\nfile = \"land.toml\"\n";
    std::ofstream(root / "rules/base/game.toml") << base;
    if (base_map_kind == "area")
      std::ofstream(root / "rules/base/land.toml")
          << "kind = \"area\"\ntitle = \"Land\"\n"
             "[[areas]]\nid = \"north\"\ntitle = \"North\"\nx = 0\ny = 0\n"
             "[areas.attributes]\nterrain = \"hills\"\ncountry = \"a\"\n"
             "[[areas]]\nid = \"south\"\n"
             "[[connections]]\nfrom = \"north\"\nto = \"south\"\n";
    else
      std::ofstream(root / "rules/base/land.toml") << "kind = \"hex\"\ncolumns = 2\nrows = 2\n";
    std::ofstream(root / "rules/mod/more.toml") << mod_map;
  }
};

TEST_CASE("mod: a mod extends its base's area map: areas revised key by key, areas and connections added",
          "[data][mod]") {
  MapModProject p("map",
                  "kind = \"area\"\ntitle = \"More land\"\n"
                  "[[areas]]\nid = \"north\"\ny = 2\nx = 1\n[areas.attributes]\nterrain = \"town\"\n"
                  "[[areas]]\nid = \"east\"\ntitle = \"East\"\n[areas.attributes]\nterrain = \"desert\"\n"
                  "[[connections]]\nfrom = \"east\"\nto = \"north\"\n");
  auto def = p.load();
  REQUIRE(def.ok());
  const GameDef& d = **def;
  REQUIRE(d.maps.size() == 1);
  const MapDef& m = d.maps[0];
  CHECK(m.title == "More land");
  REQUIRE(m.area);
  const AreaGraph& g = *m.area;
  REQUIRE(g.size() == 3);
  const Area& north = g.area(g.find("north"));
  CHECK(north.title == "North");  // not given: the base's
  CHECK(north.x == 1);
  CHECK(north.y == 2);
  CHECK(north.attributes.at("terrain") == Value(std::string("town")));
  CHECK(north.attributes.at("country") == Value(std::string("a")));  // kept
  CHECK(g.area(g.find("east")).title == "East");
  CHECK(g.is_adjacent(g.find("east"), g.find("north")));
  CHECK(g.is_adjacent(g.find("north"), g.find("south")));
  CHECK(d.find_location("east") >= 0);
  CHECK(d.locations[d.find_location("east")].map == 0);
  auto game = make_game(*def);
  CHECK(lua_ok(*game, "return #map.neighbours('north')") == "2");
}

TEST_CASE("mod: a mod revises its base's connections key by key, or removes them", "[data][mod]") {
  MapModProject p("map-revise",
                  "kind = \"area\"\n"
                  "[[areas]]\nid = \"east\"\n"
                  "[[connections]]\nfrom = \"east\"\nto = \"north\"\nattributes = { kind = \"road\", cost = 2 }\n"
                  "[[connections]]\nfrom = \"east\"\nto = \"south\"\n"
                  "[[connections]]\nfrom = \"north\"\nto = \"east\"\nattributes = { cost = 3 }\n"
                  "[[connections]]\nfrom = \"south\"\nto = \"north\"\nremove = true\n");
  // The base's land.toml joins north and south; the mod's own connections
  // are revised too, whichever way an undirected one is named.
  std::ofstream(p.root / "rules/base/land.toml")
      << "kind = \"area\"\n[[areas]]\nid = \"north\"\n[[areas]]\nid = \"south\"\n"
         "[[connections]]\nfrom = \"north\"\nto = \"south\"\nattributes = { kind = \"road\" }\n";
  auto def = p.load();
  if (!def.ok()) FAIL(def.error().message);
  const AreaGraph& g = *(*def)->maps[0].area;
  const int north = g.find("north"), south = g.find("south"), east = g.find("east");
  CHECK_FALSE(g.is_adjacent(north, south));
  CHECK_FALSE(g.is_adjacent(south, north));
  REQUIRE(g.connection(north, east));
  CHECK(g.connection(north, east)->attributes.at("cost") == Value(int64_t{3}));
  CHECK(g.connection(east, north)->attributes.at("kind") == Value(std::string("road")));  // kept
  CHECK(g.neighbours(east) == std::vector<int>{north, south});
  CHECK(g.neighbours(south) == std::vector<int>{east});
  CHECK(g.connections().size() == 2);
}

TEST_CASE("mod: errors in a mod's map extension name the mod's file", "[data][mod]") {
  SECTION("a connection to no area") {
    MapModProject p("map-bad", "kind = \"area\"\n[[connections]]\nfrom = \"north\"\nto = \"nowhere\"\n");
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK(def.error().message == "no such area: 'nowhere' (" + p.file("rules/mod/more.toml") + ":4:6)");
  }
  SECTION("a connection removed that the base does not have") {
    MapModProject p("map-remove-none",
                    "kind = \"area\"\n[[areas]]\nid = \"east\"\n[[connections]]\nfrom = \"east\"\nto = \"north\"\nremove = true\n");
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK(def.error().message ==
          "no connection from 'east' to 'north' to remove (" + p.file("rules/mod/more.toml") + ":4:1)");
  }
  SECTION("a revision that would make a connection directed") {
    MapModProject p("map-directed", "kind = \"area\"\n[[connections]]\nfrom = \"south\"\nto = \"north\"\ndirected = true\n");
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK(def.error().message == "the connection from 'south' to 'north' is not directed: a revision cannot change that (" +
                                     p.file("rules/mod/more.toml") + ":5:12)");
  }
  SECTION("a connection removed with attributes, or a remove that is not a boolean") {
    MapModProject p("map-remove-attr", "kind = \"area\"\n[[connections]]\nfrom = \"south\"\nto = \"north\"\nremove = true\n"
                                       "attributes = { kind = \"road\" }\n");
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK_THAT(def.error().message, Catch::Contains("a connection removed takes no attributes"));
    MapModProject q("map-remove-text", "kind = \"area\"\n[[connections]]\nfrom = \"south\"\nto = \"north\"\nremove = \"yes\"\n");
    auto bad = q.load();
    REQUIRE_FALSE(bad.ok());
    CHECK_THAT(bad.error().message, Catch::Contains("bad 'remove': expected a boolean"));
  }
  SECTION("remove in a map that extends none") {
    MapModProject p("map-remove-base", "kind = \"area\"\n");
    std::ofstream(p.root / "rules/base/land.toml") << "kind = \"area\"\n[[areas]]\nid = \"north\"\n[[areas]]\nid = \"south\"\n"
                                                     "[[connections]]\nfrom = \"north\"\nto = \"south\"\nremove = true\n";
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK_THAT(def.error().message, Catch::Contains("remove"));
  }
  SECTION("the same area twice in the mod") {
    MapModProject p("map-twice", "kind = \"area\"\n[[areas]]\nid = \"north\"\n[[areas]]\nid = \"north\"\n");
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK(def.error().message == "duplicate area id 'north': first defined at " + p.file("rules/mod/more.toml") +
                                     ":3:6 (" + p.file("rules/mod/more.toml") + ":5:6)");
  }
  SECTION("another kind of map") {
    MapModProject p("map-kind", "kind = \"hex\"\n");
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK(def.error().message.find("cannot make it a hex map (" + p.file("rules/mod/more.toml") + ":1:8)") !=
          std::string::npos);
  }
  SECTION("a bad attribute") {
    MapModProject p("map-attr", "kind = \"area\"\n[[areas]]\nid = \"south\"\nattributes = { terrain = [1] }\n");
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK(def.error().message.find(p.file("rules/mod/more.toml") + ":4:") != std::string::npos);
  }
  SECTION("a map id twice in one game") {
    std::string base = kBase;
    base += "\n[[maps]]\nid = \"land\"\nfile = \"land.toml\"\n[[maps]]\nid = \"land\"\nfile = \"land.toml\"\n";
    MapModProject p("map-id-twice", "kind = \"area\"\n");
    std::ofstream(p.root / "rules/base/game.toml") << base;
    auto def = p.load();
    REQUIRE_FALSE(def.ok());
    CHECK(def.error().message.find("duplicate map id 'land': first defined at " + p.file("rules/base/game.toml")) !=
          std::string::npos);
  }
}

TEST_CASE("mod: new faces for a base's piece type drop the base's values of the faces that are gone", "[data][mod]") {
  std::string mod = kMod;
  mod.replace(mod.find("force = 5"), 9,
              "force = 5\nfaces = [\"hidden\", \"shown\"]\non_face.shown = { force = 6 }");
  ModProject p("faces", mod);
  std::string base = kBase;
  base.replace(base.find("force = 3"), 9, "force = 3\nfaces = [\"full\", \"reduced\"]\non_face.reduced = { force = 1 }");
  std::ofstream(p.root / "rules/base/game.toml") << base;
  auto def = p.load();
  REQUIRE(def.ok());
  const PieceTypeDef& soldier = (*def)->types[(*def)->find_type("soldier")];
  CHECK(soldier.faces == std::vector<std::string>{"hidden", "shown"});
  CHECK(soldier.on_face.count("reduced") == 0);
  REQUIRE(soldier.on_face.count("shown") == 1);
}
