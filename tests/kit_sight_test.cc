// Line of sight (kit/sight) on the supply fixture (tests/games/supply): woods
// at 0602 and at 0203, ridges on the hexsides 0604|0605 and 0704|0705, smoke
// (a piece kind that blocks), and a longest line of 6 hexes. The line from
// 0502 to 0702 runs along the hexside 0602|0603, and the line from 0504 to
// 0704 along the ridge 0604|0605: map.line falls on 0603 and 0605 there.
// Some cases change [sight] on a copy of the definition. Then the loader's
// slips.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <string>

#include "data/game_loader.h"
#include "kit/kit_def.h"
#include "kit/sight.h"
#include "maps/hex_grid.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;
using cardboard::testing::load_fixture;
using cardboard::testing::lua_ok;
using cardboard::testing::make_game;

namespace {

std::shared_ptr<const GameDef> with_sight(const std::function<void(SightDef&)>& change) {
  auto base = load_fixture("supply", "empty");
  auto def = std::make_shared<GameDef>(*base);
  auto kit = std::make_shared<KitDef>(*base->kit);
  change(kit->sight);
  def->kit = kit;
  return def;
}

std::shared_ptr<const GameDef> along(SightDef::Along a) {
  return with_sight([a](SightDef& s) { s.along = a; });
}

struct Position {
  std::shared_ptr<const GameDef> def;
  std::unique_ptr<Game> game;
  explicit Position(std::shared_ptr<const GameDef> d = load_fixture("supply", "empty"))
      : def(std::move(d)), game(make_game(def)) {
    cardboard::testing::must_ok(game->start(1));
  }

  int place(const std::string& type, const std::string& hex) {
    return std::stoi(lua_ok(*game, "return pieces.create('" + type + "', '" + hex + "')")) - 1;
  }
  int cell(const std::string& hex) const { return def->locations[def->find_location(hex)].cell; }
  std::string hex(int cell) const { return def->locations[def->maps[0].cell_location[cell]].id; }
  // "clear", or what blocks: "woods at 0602", "ridge 0704|0705", "piece 3 at 0803", "7 over 6".
  std::string sight(const std::string& from, const std::string& to, const SightOptions& o = {}) const {
    const Sight s = line_of_sight(*def, game->state(), 0, cell(from), cell(to), o);
    switch (s.blocker) {
      case Sight::Blocker::kNone: return "clear";
      case Sight::Blocker::kRange: return std::to_string(s.distance) + " over " + std::to_string(s.range);
      case Sight::Blocker::kTerrain: return def->maps[0].hex->terrain(s.cell) + " at " + hex(s.cell);
      case Sight::Blocker::kPiece: return "piece " + std::to_string(s.piece + 1) + " at " + hex(s.cell);
      case Sight::Blocker::kHexside:
        return def->maps[0].hex->hexside(s.cell, s.other) + " " + hex(s.cell) + "|" + hex(s.other);
    }
    return "?";
  }
};

}  // namespace

TEST_CASE("sight: terrain in a hex between the ends blocks; at either end it does not", "[kit][sight]") {
  Position p;
  CHECK(p.sight("0601", "0604") == "woods at 0602");
  CHECK(p.sight("0604", "0601") == "woods at 0602");
  CHECK(p.sight("0602", "0604") == "clear");  // the viewer in the woods
  CHECK(p.sight("0604", "0602") == "clear");  // the target in the woods
  CHECK(p.sight("0602", "0603") == "clear");  // adjacent: nothing between
  CHECK(p.sight("0401", "0402") == "clear");
  CHECK(p.sight("0605", "0605") == "clear");
  // The lake is no obstacle to sight.
  CHECK(p.sight("0202", "0402") == "clear");
}

TEST_CASE("sight: a declared hexside feature blocks a line that crosses it", "[kit][sight]") {
  Position p;
  CHECK(p.sight("0703", "0706") == "ridge 0704|0705");
  CHECK(p.sight("0706", "0703") == "ridge 0705|0704");  // named from the viewer's side
  CHECK(p.sight("0704", "0705") == "ridge 0704|0705");  // adjacent across it
  CHECK(p.sight("0703", "0704") == "clear");
  // A river does not block: only the declared features do.
  CHECK(p.sight("0105", "0106") == "clear");
}

TEST_CASE("sight: a line along a hexside sees one side, either or both, as declared", "[kit][sight]") {
  // 0502 to 0702 runs between 0603 (map.line's side) and 0602 (woods).
  CHECK(Position().sight("0502", "0702") == "clear");
  CHECK(Position(along(SightDef::Along::kEither)).sight("0502", "0702") == "woods at 0602");
  CHECK(Position(along(SightDef::Along::kEither)).sight("0702", "0502") == "woods at 0602");
  Position both(along(SightDef::Along::kBoth));
  CHECK(both.sight("0502", "0702") == "clear");
  const int smoke = both.place("smoke", "0603");
  CHECK(both.sight("0502", "0702") == "piece " + std::to_string(smoke + 1) + " at 0603");
  // 0504 to 0704 runs along the ridge 0604|0605 itself: it blocks when both sides count.
  CHECK(Position().sight("0504", "0704") == "clear");
  CHECK(Position(along(SightDef::Along::kEither)).sight("0504", "0704") == "ridge 0605|0604");
  CHECK(Position(along(SightDef::Along::kBoth)).sight("0504", "0704") == "ridge 0605|0604");
  // A straight line inside hexes is the same in every mode.
  CHECK(Position(along(SightDef::Along::kBoth)).sight("0601", "0604") == "woods at 0602");
}

TEST_CASE("sight: a piece of a blocking kind blocks between the ends, not at them", "[kit][sight]") {
  Position p;
  CHECK(p.sight("0802", "0805") == "clear");
  const int smoke = p.place("smoke", "0803");
  CHECK(p.sight("0802", "0805") == "piece " + std::to_string(smoke + 1) + " at 0803");
  CHECK(p.sight("0803", "0805") == "clear");
  p.place("rifles", "0804");  // a unit is not of a blocking kind here
  CHECK(p.sight("0803", "0805") == "clear");
  Position none(with_sight([](SightDef& s) { s.blocking_kinds.clear(); }));
  none.place("smoke", "0803");
  CHECK(none.sight("0802", "0805") == "clear");
}

TEST_CASE("sight: a line longer than the range is blocked by its length", "[kit][sight]") {
  Position p;
  CHECK(p.sight("0101", "0801") == "7 over 6");
  CHECK(p.sight("0201", "0801") == "clear");  // 6 hexes, along the map's top edge
  SightOptions seven;
  seven.range = 7;
  CHECK(p.sight("0101", "0801", seven) == "clear");
  SightOptions none;
  none.range = -1;
  CHECK(p.sight("0101", "0801", none) == "clear");
}

namespace {

struct Slip {
  fs::path root;
  explicit Slip(const std::string& name) {
    root = fs::temp_directory_path() / ("cardboard-sight-" + name);
    fs::remove_all(root);
    fs::create_directories(root);
    for (const char* sub : {"rules", "scenarios"})
      fs::copy(fs::path(cardboard::testing::fixture_root("supply")) / sub, root / sub, fs::copy_options::recursive);
  }
  ~Slip() { fs::remove_all(root); }
  std::string file() const { return (root / "rules/supply/game.toml").string(); }
  void replace(const std::string& from, const std::string& to) const { cardboard::testing::replace_in(file(), from, to); }
  std::string problems() const {
    GameCheck check = check_game("supply/front", root.string());
    std::string out;
    for (const auto& e : check.problems.list()) {
      std::string m = e.message;
      for (size_t at; (at = m.find(file())) != std::string::npos;) m.replace(at, file().size(), "game.toml");
      out += m + "\n";
    }
    return out;
  }
};

}  // namespace

TEST_CASE("sight loader: the fixture's [sight] is read as declared", "[kit][sight][data]") {
  auto def = load_fixture("supply", "front");
  const SightDef& s = def->kit->sight;
  CHECK(s.declared);
  CHECK(s.terrain == std::set<std::string, std::less<>>{"woods"});
  CHECK(s.hexsides == std::set<std::string, std::less<>>{"ridge"});
  CHECK(s.blocking_kinds == std::vector<std::string>{"smoke"});
  CHECK(s.range == 6);
  CHECK(s.along == SightDef::Along::kOneSide);
}

TEST_CASE("sight loader: every slip is named with its place and the closest word", "[kit][sight][data]") {
  struct Case {
    const char* from;
    const char* to;
    const char* message;
  };
  const Case cases[] = {
      {"terrain = [\"woods\"]\nhexsides", "terain = [\"woods\"]\nhexsides",
       "unknown key 'terain' in [sight]: did you mean 'terrain'? (game.toml:98:1)"},
      {"terrain = [\"woods\"]\nhexsides", "terrain = [\"wodos\"]\nhexsides",
       "bad 'terrain' entry: no hex map has the terrain 'wodos': did you mean 'woods'? (game.toml:98:12)"},
      {"terrain = [\"woods\"]\nhexsides", "terrain = \"woods\"\nhexsides",
       "bad 'terrain': an array of strings expected (game.toml:98:11)"},
      {"hexsides = [\"ridge\"]", "hexsides = [\"rigde\"]",
       "bad 'hexsides' entry: no hex map has a hexside 'rigde': did you mean 'ridge'? (game.toml:99:13)"},
      {"blocking_kinds = [\"smoke\"]", "blocking_kinds = [\"smok\"]",
       "bad 'blocking_kinds' entry: no piece type is of kind 'smok': did you mean 'smoke'? (game.toml:100:19)"},
      {"blocking_kinds = [\"smoke\"]", "blocking_kinds = [false]",
       "bad 'blocking_kinds' entry: a string expected (game.toml:100:19)"},
      {"range = 6", "range = \"far\"", "bad 'range': expected an integer, got a string (game.toml:101:9)"},
      {"range = 6", "range = -1", "bad 'range': expected an integer from 0 to 10000, got -1 (game.toml:101:9)"},
      {"range = 6", "range = 6\nalong_hexside = \"neither\"",
       "bad 'along_hexside': \"one_side\", \"either\" or \"both\" expected (game.toml:102:17)"},
  };
  for (const Case& c : cases) {
    Slip slip("slip");
    slip.replace(c.from, c.to);
    INFO(c.to);
    CHECK(slip.problems() == std::string(c.message) + "\n");
  }
  Slip table("table");
  table.replace("[game]\ntitle", "sight = true\n\n[game]\ntitle");
  table.replace("[sight]\nterrain", "[sight_]\nterrain");
  const std::string problems = table.problems();
  CHECK(problems.find("bad [sight]: a table expected (game.toml:6:9)") != std::string::npos);
}
