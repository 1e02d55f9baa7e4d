// graphics.toml (docs/graphics.md): what the browser board draws a game
// with, checked as game.toml is, carried into the board's JSON, and kept out
// of the rules hash.
#include <fstream>

#include <catch2/catch.hpp>

#include "serve/board_json.h"
#include "support.h"

using namespace cardboard;
using cardboard::testing::TempProject;
using cardboard::testing::replace_once;

namespace {

const char* kGame = R"([game]
title = "Painted"

[[sides]]
id = "red"

[[sides]]
id = "blue"

[[locations]]
id = "box"

[[piece_types]]
name = "Tank"
owner = "red"

[sequence]
[[sequence.phases]]
id = "play"
run = "play"
)";

const char* kGraphics = R"(sides = { red = "#b5543c", blue = "#36f" }
terrain = { clear = "#efe8cf", town = { fill = "#d9d2c0", image = "town.png" } }
area_fill = "colour"
hexsides = { river = "#4a90d9" }
roads = { road = "#7a5a3a" }

[types]
tank = { symbol = "armour" }
)";

const char* kTownPng = "not really a png: the loader checks the path only";
const std::map<std::string, std::string> kFiles = {{"town.png", kTownPng}, {"graphics.toml", kGraphics}};

}  // namespace

TEST_CASE("graphics: a game's colours, terrain, symbols and images reach the board", "[graphics]") {
  TempProject p("cardboard-graphics", "painted", kGame, "", kFiles);
  auto def = p.def();
  CHECK(def->graphics.sides.at("red") == "#b5543c");
  CHECK(def->graphics.terrain.at("town").image == "town.png");
  CHECK(def->graphics.images.count("town.png") == 1);
  const auto board = board_json(*def);
  CHECK(board["sides"][0]["colour"] == "#b5543c");
  CHECK(board["types"][0]["symbol"] == "armour");
  CHECK(board["graphics"]["terrain"]["town"]["image"] == "town.png");
  CHECK(board["graphics"]["hexsides"]["river"]["stroke"] == "#4a90d9");
  CHECK(board["graphics"]["area_fill"] == "colour");
}

TEST_CASE("graphics: restyling a game leaves its rules hash as it was", "[graphics]") {
  TempProject painted("cardboard-graphics-painted", "painted", kGame, "", kFiles);
  TempProject plain("cardboard-graphics-plain", "painted", kGame, "", {{"town.png", kTownPng}});
  CHECK(plain.def()->graphics.sides.empty());
  CHECK(painted.def()->rules_hash == plain.def()->rules_hash);
}

TEST_CASE("graphics: a mod's graphics.toml replaces its base's entries", "[graphics]") {
  const std::string mod = "[game]\ntitle = \"Repainted\"\nextends = \"painted\"\n";
  TempProject p("cardboard-graphics-mod", "painted", kGame, mod, kFiles);
  std::ofstream(p.root / "rules/mod/graphics.toml") << "sides = { red = \"#aa0000\" }\n";
  auto def = p.def("mod");
  CHECK(def->graphics.sides.at("red") == "#aa0000");      // the mod's
  CHECK(def->graphics.sides.at("blue") == "#36f");        // the base's, kept
  CHECK(def->graphics.types.at("tank").symbol == "armour");
}

TEST_CASE("graphics: every slip is named with its place, and nothing reaches outside the game's folder", "[graphics]") {
  const auto problems = [](const std::string& graphics) {
    TempProject p("cardboard-graphics-bad", "painted", kGame, "", {{"town.png", kTownPng}, {"graphics.toml", graphics}});
    return p.problems();
  };
  // The old place: named, with the new one.
  CHECK_THAT(TempProject("cardboard-graphics-old", "painted", std::string(kGame) + "\n[graphics]\nsides = { red = \"#b5543c\" }\n", "",
                         {{"town.png", kTownPng}}).problems(),
             Catch::Contains("graphics.toml beside it") && Catch::Contains("game.toml:"));
  CHECK_THAT(problems(replace_once(kGraphics, "red = \"#b5543c\"", "rd = \"#b5543c\"")),
             Catch::Contains("no side 'rd'") && Catch::Contains("did you mean 'red'"));
  CHECK_THAT(problems(replace_once(kGraphics, "\"#b5543c\"", "\"red; background: url(x)\"")),
             Catch::Contains("a colour \"#rgb\" or \"#rrggbb\" expected") && Catch::Contains("graphics.toml:"));
  CHECK_THAT(problems(replace_once(kGraphics, "symbol = \"armour\"", "symbol = \"armor\"")),
             Catch::Contains("did you mean 'armour'"));
  CHECK_THAT(problems(replace_once(kGraphics, "tank = {", "tnak = {")), Catch::Contains("no piece type 'tnak'"));
  CHECK_THAT(problems(replace_once(kGraphics, "image = \"town.png\"", "image = \"../../etc/passwd.png\"")),
             Catch::Contains("no '.' or '..'"));
  CHECK_THAT(problems(replace_once(kGraphics, "image = \"town.png\"", "image = \"/etc/town.png\"")),
             Catch::Contains("a path under the game's folder expected"));
  CHECK_THAT(problems(replace_once(kGraphics, "image = \"town.png\"", "image = \"town.exe\"")),
             Catch::Contains(".png, .jpg, .jpeg, .svg or .webp"));
  CHECK_THAT(problems(replace_once(kGraphics, "image = \"town.png\"", "image = \"missing.png\"")),
             Catch::Contains("no such file"));
  CHECK_THAT(problems(replace_once(kGraphics, "area_fill = \"colour\"", "area_fil = \"colour\"")),
             Catch::Contains("area_fil"));
  CHECK_THAT(problems("sides = { red = "), Catch::Contains("graphics.toml:1"));  // a syntax slip, placed
}

TEST_CASE("graphics: an image that is a link out of the game's folder is refused, as scripts and maps are", "[graphics][hostile]") {
  // The image check refused '..' and absolute paths but followed links: an
  // `art/x.png -> /some/secret` named in graphics.toml was served by
  // GET /api/play/TOKEN/asset/art/x.png with the outside file's bytes.
  TempProject p("cardboard-graphics-link", "painted", kGame, "",
                {{"graphics.toml", replace_once(kGraphics, "image = \"town.png\"", "image = \"art/x.png\"")}});
  const std::filesystem::path dir = p.root / "rules" / "painted";
  std::ofstream(p.root / "secret.png") << "outside the game";
  SECTION("a file that is a link") {
    std::filesystem::create_directories(dir / "art");
    std::filesystem::create_symlink(p.root / "secret.png", dir / "art" / "x.png");
    CHECK_THAT(p.problems(), Catch::Contains("graphics.toml:") && Catch::Contains("bad terrain.town.image: 'art/x.png'") &&
                                 Catch::Contains("it leads out of") &&
                                 Catch::Contains("name a file inside the game's folder"));
  }
  SECTION("a folder that is a link") {
    std::filesystem::create_directories(p.root / "elsewhere");
    std::ofstream(p.root / "elsewhere" / "x.png") << "outside the game";
    std::filesystem::create_directory_symlink(p.root / "elsewhere", dir / "art");
    CHECK_THAT(p.problems(), Catch::Contains("it leads out of"));
  }
  SECTION("a link that stays inside is an image like any other") {
    std::filesystem::create_directories(dir / "art");
    std::ofstream(dir / "town.png") << kTownPng;
    std::filesystem::create_symlink("../town.png", dir / "art" / "x.png");
    CHECK(p.def()->graphics.images.count("art/x.png") == 1);
  }
}
