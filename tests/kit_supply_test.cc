// Supply paths (kit/supply) on the supply fixture (tests/games/supply): its
// map has a lake down column 03 with one gap at 0303, so every path from the
// east to Red's depot at 0103 runs 0303, 0203 (woods), 0103; Red's other
// source, 0106, is ringed by rivers that the mech class may not cross. Each
// case places pieces on the empty scenario, and some change the game's
// [supply] (its range, measure, class or zones) on a copy of the definition.
// Then the loader's slips, each with its message and position.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "data/game_loader.h"
#include "kit/kit_def.h"
#include "kit/supply.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;
using cardboard::testing::load_fixture;
using cardboard::testing::lua_ok;
using cardboard::testing::make_game;

namespace {

// The fixture's definition with its [supply] changed by `change`.
std::shared_ptr<const GameDef> with_supply(const std::function<void(SupplyDef&)>& change) {
  auto base = load_fixture("supply", "empty");
  auto def = std::make_shared<GameDef>(*base);
  auto kit = std::make_shared<KitDef>(*base->kit);
  change(kit->supply);
  def->kit = kit;
  return def;
}

// A position of the fixture: the empty scenario and the pieces a case places.
struct Position {
  std::shared_ptr<const GameDef> def;
  std::unique_ptr<Game> game;
  explicit Position(std::shared_ptr<const GameDef> d = load_fixture("supply", "empty"))
      : def(std::move(d)), game(make_game(def)) {
    cardboard::testing::must_ok(game->start(1));
  }

  int place(const std::string& type, const std::string& hex, const std::string& owner) {
    return std::stoi(lua_ok(*game, "return pieces.create('" + type + "', '" + hex + "', nil, {owner = '" + owner +
                                       "'})")) - 1;
  }
  int side(const std::string& id) const { return def->find_side(id); }
  int cell(const std::string& hex) const { return def->locations[def->find_location(hex)].cell; }
  std::string hex(int cell) const { return def->locations[def->maps[0].cell_location[cell]].id; }
  std::string hexes(const std::vector<int>& cells) const {
    std::string out;
    for (int c : cells) out += (out.empty() ? "" : " ") + hex(c);
    return out;
  }
  SupplyTrace trace(const std::string& side_id, const std::string& at, const SupplyOptions& o = {}) const {
    return trace_supply(*def, game->state(), side(side_id), 0, cell(at), o);
  }
  // The path from `at`, or "out: why".
  std::string path(const std::string& side_id, const std::string& at, const SupplyOptions& o = {}) const {
    const SupplyTrace t = trace(side_id, at, o);
    return t.supplied ? hexes(t.path) : "out: " + t.why;
  }
};

}  // namespace

TEST_CASE("supply: a unit traces to the nearest source in range; ties go to the lower hex", "[kit][supply]") {
  Position p;
  const SupplyTrace t = p.trace("red", "0403");
  REQUIRE(t.supplied);
  CHECK(p.hexes(t.path) == "0403 0303 0203 0103");
  CHECK(t.length == 3);
  // Two sources: the nearer one (0106 across its river, leg may cross).
  CHECK(p.path("red", "0105") == "0105 0106");
  CHECK(p.path("red", "0104") == "0104 0103");
  // 0205 is two hexes from each source: the path through the lower hex, 0104.
  CHECK(p.path("red", "0205") == "0205 0104 0103");
  // A source's own hex is supplied, with a path of itself.
  CHECK(p.path("red", "0103") == "0103");
}

TEST_CASE("supply: an enemy unit closes its hex to a path", "[kit][supply]") {
  Position p;
  p.place("hq", "0303", "blue");  // an HQ exerts no zone: only its hex is closed
  CHECK(p.path("red", "0403") == "out: enemy units close every path to a source");
  CHECK(p.path("red", "0203") == "0203 0103");
}

TEST_CASE("supply: an enemy zone closes a path unless a friendly unit stands there", "[kit][supply]") {
  Position p;
  p.place("rifles", "0202", "blue");  // its zone reaches 0203, on the only way west
  CHECK(p.path("red", "0403") == "out: enemy zones of control close every path to a source");
  // A unit in the zone may still trace out of it.
  CHECK(p.path("red", "0203") == "0203 0103");
  p.place("rifles", "0203", "red");
  CHECK(p.path("red", "0403") == "0403 0303 0203 0103");
  // enemy_zones = "closed": a friendly unit opens nothing; "open": zones close nothing.
  Position closed(with_supply([](SupplyDef& s) { s.enemy_zones = SupplyDef::Zones::kClosed; }));
  closed.place("rifles", "0202", "blue");
  closed.place("rifles", "0203", "red");
  CHECK(closed.path("red", "0403") == "out: enemy zones of control close every path to a source");
  Position open(with_supply([](SupplyDef& s) { s.enemy_zones = SupplyDef::Zones::kOpen; }));
  open.place("rifles", "0202", "blue");
  CHECK(open.path("red", "0403") == "0403 0303 0203 0103");
  // Both an enemy unit and its zone: lifting one is not enough.
  Position both;
  both.place("rifles", "0303", "blue");
  CHECK(both.path("red", "0403") == "out: enemy units and their zones of control close every path to a source");
}

TEST_CASE("supply: a path longer than the range in hexes is out of supply, and says by how much", "[kit][supply]") {
  Position p;
  CHECK(p.path("red", "0503") == "0503 0403 0303 0203 0103");
  CHECK(p.path("red", "0603") == "out: the nearest source, Depot (0103), is 5 hexes away, over its range of 4 hexes");
  SupplyOptions longer;
  longer.range = 5;
  CHECK(p.path("red", "0603", longer) == "0603 0502 0403 0303 0203 0103");  // 0502 before 0503
  SupplyOptions shorter;
  shorter.range = 1;
  CHECK(p.path("red", "0203") == "0203 0103");
  CHECK(p.path("red", "0203", shorter) == "0203 0103");
  CHECK(p.path("red", "0303", shorter) == "out: the nearest source, Depot (0103), is 2 hexes away, over its range of 1 hex");
}

TEST_CASE("supply: a range in movement points counts the class's costs, and its prohibited hexsides close a path",
          "[kit][supply]") {
  Position mp(with_supply([](SupplyDef& s) { s.measure = SupplyDef::Measure::kMovementPoints; }));
  // 0303, the woods at 0203 (2 MP for leg), then the depot: 4 MP.
  SupplyTrace t = mp.trace("red", "0403");
  REQUIRE(t.supplied);
  CHECK(t.length == 4);
  CHECK(mp.path("red", "0503") == "out: the nearest source, Depot (0103), is 5 MP away, over its range of 4 MP");
  // Crossing the river into 0106 costs leg 1 more: 2 MP, as far as 0104 to the depot's 1 + 1.
  t = mp.trace("red", "0105");
  REQUIRE(t.supplied);
  CHECK(t.length == 2);
  CHECK(mp.hexes(t.path) == "0105 0106");  // a tie keeps the path found first: 0106 is settled before 0104
  // The mech class may not cross the rivers round 0106 at all.
  Position mech(with_supply([](SupplyDef& s) { s.movement_class = 1; }));
  CHECK(mech.path("red", "0105") == "0105 0104 0103");
  CHECK(mech.path("red", "0206") == "0206 0105 0104 0103");
}

TEST_CASE("supply: pieces are sources, an HQ within its own printed range, and not on its used face",
          "[kit][supply]") {
  Position p;
  const int hq = p.place("hq", "0206", "blue");
  CHECK(p.path("blue", "0105") == "0105 0206");
  CHECK(p.path("blue", "0104") == "0104 0105 0206");
  CHECK(p.path("blue", "0103") == "out: the nearest source, 0206, is 3 hexes away, over its range of 2 hexes");
  // A game-wide range given for one call leaves the HQ's own.
  SupplyOptions far;
  far.range = 6;  // the east edge, 7 hexes off, stays out of range
  CHECK(p.path("blue", "0103", far) == "out: the nearest source, 0206, is 3 hexes away, over its range of 2 hexes");
  lua_ok(*p.game, "pieces.set_face(" + std::to_string(hq + 1) + ", 'used')");
  CHECK(p.path("blue", "0105") == "out: the nearest source, 0801, is 9 hexes away, over its range of 4 hexes");
  // A piece of a source kind is a source within the game's range; only for its owner.
  p.place("dump", "0603", "red");
  CHECK(p.path("red", "0703") == "0703 0603");
  CHECK(p.path("blue", "0703") == "0703 0803");
}

TEST_CASE("supply: several sources, map edges among them, in one search of a side", "[kit][supply]") {
  Position p;
  const SupplySearch red = search_supply(*p.def, p.game->state(), p.side("red"), 0);
  const SupplySearch blue = search_supply(*p.def, p.game->state(), p.side("blue"), 0);
  auto supplied = [&](const SupplySearch& s, const std::string& hex) { return s.source[p.cell(hex)] >= 0; };
  CHECK(supplied(red, "0503"));
  CHECK(!supplied(red, "0603"));
  CHECK(!supplied(red, "0302"));  // a lake: no unit stands there, so none traces from it
  CHECK(p.hex(red.source[p.cell("0105")]) == "0106");
  CHECK(p.hex(red.source[p.cell("0102")]) == "0103");
  // Blue's east edge: every hex of column 08, and four hexes west of it.
  for (const char* hex : {"0801", "0806", "0401", "0403", "0406"}) {
    INFO(hex);
    CHECK(supplied(blue, hex));
  }
  CHECK(!supplied(blue, "0303"));
  CHECK(p.hexes(supply_path(blue, p.cell("0406"))) == "0406 0505 0605 0704 0804");  // 0505 before 0506
  // The search agrees with a trace from every hex, and its order of supplied hexes is stable.
  for (int c = 0; c < static_cast<int>(red.source.size()); ++c) {
    INFO(p.hex(c));
    CHECK(p.trace("red", p.hex(c)).supplied == (red.source[c] >= 0));
  }
  CHECK(search_supply(*p.def, p.game->state(), p.side("blue"), 0).supplied == blue.supplied);
}

TEST_CASE("supply: a side without a source, or whose sources the enemy holds, says so", "[kit][supply]") {
  Position none(with_supply([](SupplyDef& s) { s.sources.assign(2, {}); }));
  CHECK(none.path("red", "0103") == "out: red has no supply source on map 'valley'");
  Position held;
  held.place("rifles", "0103", "blue");
  held.place("rifles", "0106", "blue");
  CHECK(held.path("red", "0104") == "out: enemy units hold every supply source of red on map 'valley'");
}

// The loader: a copy of the fixture with one slip at a time.
namespace {

struct Slip {
  fs::path root;
  explicit Slip(const std::string& name) {
    root = fs::temp_directory_path() / ("cardboard-supply-" + name);
    fs::remove_all(root);
    fs::create_directories(root);
    for (const char* sub : {"rules", "scenarios"})
      fs::copy(fs::path(cardboard::testing::fixture_root("supply")) / sub, root / sub, fs::copy_options::recursive);
  }
  ~Slip() { fs::remove_all(root); }
  std::string file() const { return (root / "rules/supply/game.toml").string(); }
  void replace(const std::string& from, const std::string& to) const { cardboard::testing::replace_in(file(), from, to); }
  // Every problem, one a line, with the file's path written as "game.toml".
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

TEST_CASE("supply: a search charges the call's budget by the hexes and pieces it looks at", "[kit][supply]") {
  // 10,000 searches of a 48-hex map: some 60,000 instructions of Lua and
  // 480,000 steps charged for the hexes, over a budget of 200,000 that the
  // loop alone stays under.
  SandboxLimits limits;
  limits.instructions = 200'000;
  limits.count_after = std::chrono::milliseconds(0);
  auto game = make_game(load_fixture("supply", "empty"), limits);
  cardboard::testing::must_ok(game->start(1));
  auto s = game->sandbox().run_string("for i = 1, 10000 do map.supplied('red') end", "t");
  REQUIRE_FALSE(s.ok());
  CHECK_THAT(s.error().message, Catch::StartsWith("rules script exceeded the instruction budget"));
  CHECK(game->sandbox().run_string("local t = {} for i = 1, 10000 do t[1] = i end", "t").ok());
}

TEST_CASE("supply and sight: a game that declares neither says so", "[kit][supply][sight]") {
  auto game = make_game(load_fixture("skirmish", "open"));
  cardboard::testing::must_ok(game->start(1));
  CHECK_THAT(cardboard::testing::lua_error(*game, "return map.supplied('red')"),
             Catch::Contains("map.supplied: the game declares no [supply] (docs/kit.md)"));
  CHECK_THAT(cardboard::testing::lua_error(*game, "return map.in_supply(1)"),
             Catch::Contains("map.in_supply: the game declares no [supply] (docs/kit.md)"));
  CHECK_THAT(cardboard::testing::lua_error(*game, "return map.sight('0101', '0103')"),
             Catch::Contains("map.sight: the game declares no [sight] (docs/kit.md)"));
}

TEST_CASE("supply loader: the fixture's [supply] is read as declared", "[kit][supply][data]") {
  auto def = load_fixture("supply", "front");
  const SupplyDef& s = def->kit->supply;
  CHECK(s.declared);
  CHECK(s.range == 4);
  CHECK(s.measure == SupplyDef::Measure::kHexes);
  CHECK(s.movement_class == 0);
  CHECK(s.enemy_zones == SupplyDef::Zones::kUnlessFriendly);
  CHECK(s.source_kinds == std::vector<std::string>{"depot"});
  CHECK(s.source_value == "supply");
  CHECK(s.source_range == "supply_range");
  REQUIRE(s.sources.size() == 2);
  REQUIRE(s.sources[0].size() == 2);
  CHECK(def->locations[s.sources[0][0]].id == "0103");  // the place Depot
  CHECK(def->locations[s.sources[0][1]].id == "0106");
  CHECK(s.edges == std::vector<uint8_t>{0, kEdgeEast});
}

TEST_CASE("supply loader: every slip is named with its place and the closest word", "[kit][supply][data]") {
  struct Case {
    const char* from;
    const char* to;
    const char* message;
  };
  const Case cases[] = {
      {"range = 4\nclass", "rang = 4\nclass",
       "unknown key 'rang' in [supply]: did you mean 'range'? (game.toml:84:1)"},
      {"range = 4\nclass", "range = \"far\"\nclass",
       "bad 'range': a number from 0 to 1000000 expected, got a string (game.toml:84:9)"},
      {"range = 4\nclass", "range = -1\nclass", "bad 'range': a number from 0 to 1000000 expected (game.toml:84:9)"},
      {"range = 4\nclass", "range = 2.5\nclass",
       "bad 'range': a whole number of hexes expected (or measure = \"mp\" for movement points) (game.toml:84:9)"},
      {"range = 4\nclass", "range = 4\nmeasure = \"miles\"\nclass",
       "bad 'measure': \"hexes\" or \"mp\" expected (game.toml:85:11)"},
      {"class = \"leg\"\nenemy", "class = \"legs\"\nenemy",
       "bad 'class': no movement class 'legs' in [movement] classes: did you mean 'leg'? (game.toml:85:9)"},
      {"class = \"leg\"\nenemy", "class = 3\nenemy", "bad 'class': expected a string, got an integer (game.toml:85:9)"},
      {"enemy_zones = \"unless_friendly\"", "enemy_zones = \"friendly\"",
       "bad 'enemy_zones': \"closed\", \"unless_friendly\" or \"open\" expected (game.toml:86:15)"},
      {"source_kinds = [\"depot\"]", "source_kinds = [\"dept\"]",
       "bad 'source_kinds' entry: no piece type is of kind 'dept': did you mean 'depot'? (game.toml:87:17)"},
      {"source_kinds = [\"depot\"]", "source_kinds = \"depot\"",
       "bad 'source_kinds': an array of strings expected (game.toml:87:16)"},
      {"source_value = \"supply\"", "source_value = \"suply\"",
       "bad 'source_value': no piece type has a printed value 'suply' (game.toml:88:16)"},
      {"supply_range = 2", "supply_range = \"two\"",
       "piece type 'hq': its 'supply_range' (the [supply] source_range) must be a number from 0 to 1000000 on every "
       "face"},
      {"red = [\"Depot\", \"0106\"]", "rde = [\"Depot\", \"0106\"]",
       "bad 'sources': no side 'rde': did you mean 'red'? (game.toml:92:7)"},
      {"red = [\"Depot\", \"0106\"]", "red = [\"Depto\", \"0106\"]",
       "bad source 'Depto': no hex or named place of a hex map has that name: did you mean 'Depot'? (game.toml:92:8)"},
      {"red = [\"Depot\", \"0106\"]", "red = [\"Depot\", \"0909\"]",
       "bad source '0909': no hex or named place of a hex map has that name (game.toml:92:17)"},
      {"red = [\"Depot\", \"0106\"]", "red = [\"Depot\", 106]",
       "bad 'sources' entry: a string expected (game.toml:92:17)"},
      {"blue = [\"east\"]", "blue = [\"est\"]",
       "bad 'edges' entry: 'est' is not an edge of a map (north, east, south or west): did you mean 'east'? "
       "(game.toml:95:9)"},
      {"[supply.edges]\nblue = [\"east\"]", "[supply.edges]\nblue = \"east\"",
       "bad 'edges': an array of strings expected (game.toml:95:8)"},
  };
  for (const Case& c : cases) {
    Slip slip("slip");
    slip.replace(c.from, c.to);
    INFO(c.to);
    CHECK(slip.problems() == std::string(c.message) + "\n");
  }
}

TEST_CASE("supply loader: a box is no source, mp needs movement, and some source is required", "[kit][supply][data]") {
  {
    Slip slip("box");
    slip.replace("red = [\"Depot\", \"0106\"]", "red = [\"reserve\"]");
    CHECK(slip.problems() == "bad source 'reserve': not a hex of a hex map (game.toml:92:8)\n");
  }
  {
    Slip slip("mp");
    slip.replace("[movement]\nclasses = [\"leg\", \"mech\"]", "");
    slip.replace("[terrain.clear]\ncost = 1", "");
    slip.replace("[terrain.woods]\ncost = { leg = 2, mech = 3 }", "");
    slip.replace("[terrain.lake]\ncost = \"prohibited\"", "");
    slip.replace("[hexsides.river]\ncost = { leg = 1, mech = \"prohibited\" }", "");
    slip.replace("class = \"leg\"\nenemy", "measure = \"mp\"\nenemy");
    CHECK(slip.problems() ==
          "bad 'measure': \"mp\" counts movement points, and the game declares no [movement] (game.toml:80:11)\n");
  }
  {
    Slip slip("nothing");
    slip.replace("source_kinds = [\"depot\"]\nsource_value = \"supply\"\n", "");
    slip.replace("red = [\"Depot\", \"0106\"]", "");
    slip.replace("blue = [\"east\"]", "");
    CHECK(slip.problems() ==
          "[supply] declares no source: give [supply.sources], [supply.edges], 'source_kinds' or 'source_value' "
          "(game.toml:83:1)\n");
  }
  {
    Slip slip("table");
    slip.replace("[game]\ntitle", "supply = 4\n\n[game]\ntitle");
    slip.replace("[supply]\nrange = 4", "[supply_]\nrange = 4");
    slip.replace("[supply.sources]", "[supply_.sources]");
    slip.replace("[supply.edges]", "[supply_.edges]");
    const std::string problems = slip.problems();
    CHECK(problems.find("unknown key 'supply_' in game.toml: did you mean 'supply'?") != std::string::npos);
    CHECK(problems.find("bad [supply]: a table expected (game.toml:6:10)") != std::string::npos);
  }
}
