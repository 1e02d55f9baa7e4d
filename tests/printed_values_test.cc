// Printed values by face ([piece_types] on_face, core/printed_values.h): a
// face's values replace the type's while a piece shows it, in every kernel
// reader (labels, the views); the loader checks each face, key and value.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/piece_label.h"
#include "core/printed_values.h"
#include "data/game_loader.h"
#include "session/view.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;
using namespace cardboard::testing;

namespace {

const char* kGame = R"([game]
title = "Faces"
scripts = ["faces.lua"]

[[sides]]
id = "red"

[[locations]]
id = "board"

[[piece_types]]
name = "Tank"
owner = "red"
faces = ["full", "reduced"]
attack = 6
defence = 4
move = 5
note = "heavy"

[piece_types.on_face.reduced]
attack = 3
defence = 2.5

[view]
label = "{name} {attack}-{defence}-{move}"

[sequence]
[[sequence.phases]]
id = "play"
run = "play"
)";

// A project of the game under test (support.h), and rules/mod extending it
// when `mod` is given.
struct Project : testing::TempProject {
  explicit Project(const std::string& name, const std::string& game = kGame, const std::string& mod = "")
      : TempProject("cardboard-faces-" + name, "faces", game, mod,
                    {{"faces.lua", "function play() ask('red', '1', { options = { 'wait' } }) end\n"}},
                    "[scenario]\ngame = \"faces\"\n[[pieces]]\ntype = \"tank\"\nat = \"board\"\n") {}
};

std::string values_text(const PieceView& v) {
  std::string out;
  for (const auto& [k, value] : v.values) out += (out.empty() ? "" : " ") + k + "=" + value_text(value);
  return out;
}

}  // namespace

TEST_CASE("printed values: a face's values replace the type's in printed_value, labels and views", "[data][faces]") {
  Project p("good");
  auto def = load_game("faces/one", p.root.string());
  REQUIRE(def.ok());
  const PieceTypeDef& tank = (*def)->types[0];
  REQUIRE(tank.on_face.count("reduced"));
  CHECK(tank.on_face.at("reduced").find("attack")->as_int() == 3);
  auto g = make_game(*def);
  must_ok(g->start(1));
  const GameDef& d = g->def();
  auto view_of_tank = [&] { return build_view(*g, kEveryone).locations[d.find_location("board")].pieces.at(0); };
  CHECK(printed_value(d, g->state().pieces[0], "attack")->as_int() == 6);
  CHECK(piece_label(d, g->state(), 0) == "Tank 6-4-5");
  CHECK(values_text(view_of_tank()) == "attack=6 defence=4 move=5 note=heavy");
  lua_ok(*g, "pieces.set_face(1, 'reduced')");
  CHECK(printed_value(d, g->state().pieces[0], "attack")->as_int() == 3);
  CHECK(printed_value(d, g->state().pieces[0], "move")->as_int() == 5);  // the type's, where the face has none
  CHECK(printed_value(d, g->state().pieces[0], "range") == nullptr);
  CHECK(piece_label(d, g->state(), 0) == "Tank 3-2.5-5");
  CHECK(values_text(view_of_tank()) == "attack=3 defence=2.5 move=5 note=heavy");
}

TEST_CASE("printed values: on_face is checked face by face and key by key", "[data][faces]") {
  Project face("face", replace_once(kGame, "[piece_types.on_face.reduced]", "[piece_types.on_face.reduce]"));
  CHECK(face.problems() == "bad 'on_face': piece type 'tank' has no face 'reduce' (its faces are full, reduced): did "
                           "you mean 'reduced'? (" + face.file() + ":20:1)\n");
  Project key("key", replace_once(kGame, "attack = 3", "atack = 3"));
  CHECK(key.problems() == "bad 'on_face.reduced.atack': 'atack' is not a printed value of piece type 'tank' (a face "
                          "replaces the type's own values): did you mean 'attack'? (" + key.file() + ":21:9)\n");
  Project kind("kind", replace_once(kGame, "attack = 3", "attack = \"three\""));
  CHECK(kind.problems() == "bad 'on_face.reduced.attack': a string where the type's 'attack' is a number (" +
                               kind.file() + ":21:10)\n");
  Project date("date", replace_once(kGame, "attack = 3", "attack = 1979-05-27"));
  CHECK(date.problems() == "bad 'on_face.reduced.attack': a date or time is not a printed value (" + date.file() +
                               ":21:10)\n");
  Project table("table", replace_once(kGame, "[piece_types.on_face.reduced]\nattack = 3\ndefence = 2.5\n",
                                 "on_face = { reduced = 3 }\n"));
  CHECK(table.problems() == "bad 'on_face.reduced': a table of printed values expected (" + table.file() + ":20:23)\n");
  Project top("top", replace_once(kGame, "[piece_types.on_face.reduced]\nattack = 3\ndefence = 2.5\n", "on_face = 3\n"));
  CHECK(top.problems() == "bad 'on_face': a table of faces expected, such as [piece_types.on_face.reduced] with the "
                          "values that face prints (" + top.file() + ":20:11)\n");
  // A mod that renames the faces makes another counter: the base's values
  // of a face that is gone go with it (mod_test.cc checks what is left).
  Project mod("mod", kGame,
              "[game]\ntitle = \"Mod\"\nextends = \"faces\"\n\n[[piece_types]]\nid = \"tank\"\nfaces = [\"full\", "
              "\"depleted\"]\n");
  CHECK(mod.problems("mod") == "");
  Project merged("merged", kGame,
                 "[game]\ntitle = \"Mod\"\nextends = \"faces\"\n\n[[piece_types]]\nid = \"tank\"\n"
                 "[piece_types.on_face.reduced]\nattack = 4\n");
  auto def = load_game("mod/one", merged.root.string());
  REQUIRE(def.ok());
  const Table& reduced = (*def)->types[0].on_face.at("reduced");
  CHECK(reduced.find("attack")->as_int() == 4);          // the mod's
  CHECK(reduced.find("defence")->as_number() == 2.5);    // the base's, kept
}
