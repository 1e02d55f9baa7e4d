// The kit's movement, zones of control, stacking, side alliances and fog of
// war in C++ (kit/movement, kit/zoc, kit/stacking, kit/fog), on the skirmish
// fixture (tests/games/skirmish): a six by five flat-topped map, odd columns
// shifted down; woods at 0103, a lake at 0104, a town at 0502; rivers
// between 0201|0202, 0502|0503 (the road's bridge) and 0404|0405; a road
// 0501-0505. Rifles: leg, 4 MP, 1 point; tanks: mech, 6 MP, 2 points.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "data/game_loader.h"
#include "kit/fog.h"
#include "kit/kit_def.h"
#include "kit/movement.h"
#include "kit/stacking.h"
#include "kit/zoc.h"
#include "support.h"

using namespace cardboard;
using namespace cardboard::testing;

namespace {

struct Board {
  std::unique_ptr<Game> game;
  explicit Board(const std::string& scenario = "open", const std::string& game_id = "skirmish")
      : game(make_game(load_fixture(game_id, scenario, "skirmish"))) {
    must_ok(game->start(1));
  }
  const GameDef& def() const { return game->def(); }
  const State& state() const { return game->state(); }
  int loc(const std::string& id) const { return def().find_location(id); }
  int cell(const std::string& id) const { return def().locations[loc(id)].cell; }
  // The piece at a hex (the first), by its kernel index.
  int at(const std::string& hex) const { return state().contents[loc(hex)].at(0); }
  // Places a new piece of a type for a side (the Lua API, as a game would).
  int place(const std::string& type, const std::string& hex, const std::string& side) {
    return std::stoi(lua_ok(*game, "return pieces.create('" + type + "', '" + hex + "', nil, { owner = '" + side +
                                       "' })")) - 1;
  }
  void move(int piece, const std::string& hex) {
    lua_ok(*game, "pieces.move(" + std::to_string(piece + 1) + ", '" + hex + "')");
  }
  // The cost of the cheapest legal move of `piece` to `hex`, or -1 when it cannot get there.
  double cost_to(int piece, const std::string& hex, MoveOptions options = {}) const {
    auto search = search_moves(def(), state(), piece, options);
    REQUIRE(search.ok());
    const double c = search->best[cell(hex)];
    return std::isinf(c) ? -1 : c;
  }
  bool in_zone(const std::string& hex, const std::string& side) const {
    const auto zones = enemy_zones(def(), state(), 0, def().find_side(side));
    return !zones.empty() && zones[cell(hex)];
  }
};

// The problems of the fogbound mod (tests/games/skirmish/rules/fogbound)
// with its game.toml replaced by `toml`, in a scratch copy of the fixture.
std::string mod_problems(const std::string& name, const std::string& toml) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("cardboard-kit-" + name);
  fs::remove_all(root);
  fs::copy(fixture_root("skirmish"), root, fs::copy_options::recursive);
  std::ofstream(root / "rules/fogbound/game.toml") << toml;
  GameCheck check = check_game("fogbound/contact", root.string());
  std::string out;
  for (const auto& e : check.problems.list()) {
    std::string m = e.message;
    if (const auto at = m.find(root.string()); at != std::string::npos) m.replace(at, root.string().size(), "ROOT");
    out += m + "\n";
  }
  fs::remove_all(root);
  return out;
}

// The problems of a skirmish scenario whose text is `toml`, in a scratch
// copy of the fixture.
std::string scenario_problems(const std::string& name, const std::string& toml) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("cardboard-kit-scenario-" + name);
  fs::remove_all(root);
  fs::copy(fixture_root("skirmish"), root, fs::copy_options::recursive);
  std::ofstream(root / "scenarios/skirmish/bad.toml") << toml;
  GameCheck check = check_game("skirmish/bad", root.string());
  std::string out;
  for (const auto& e : check.problems.list()) {
    std::string m = e.message;
    if (const auto at = m.find(root.string()); at != std::string::npos) m.replace(at, root.string().size(), "ROOT");
    out += m + "\n";
  }
  fs::remove_all(root);
  return out;
}

const char* kMod = R"([game]
title = "Fog"
extends = "skirmish"

[[sides]]
id = "green"
allies = ["blue"]

[fog]
kinds = ["unit"]
)";

}  // namespace

TEST_CASE("kit loader: allies and [fog] are checked, each slip positioned", "[kit][data]") {
  CHECK(mod_problems("good", kMod).empty());
  CHECK(mod_problems("ally", replace_once(kMod, "[\"blue\"]", "[\"bleu\"]")) ==
        "no such side: 'bleu': did you mean 'blue'? (ROOT/rules/fogbound/game.toml:7:11)\n");
  CHECK(mod_problems("self", replace_once(kMod, "[\"blue\"]", "[\"green\"]")) ==
        "side 'green' cannot be its own ally (ROOT/rules/fogbound/game.toml:7:11)\n");
  CHECK(mod_problems("list", replace_once(kMod, "[\"blue\"]", "\"blue\"")) ==
        "bad 'allies': an array of side ids expected, got a string (ROOT/rules/fogbound/game.toml:7:10)\n");
  CHECK(mod_problems("kind", replace_once(kMod, "[\"unit\"]", "[\"units\"]")) ==
        "bad 'kinds' entry: no piece type is of kind 'units': did you mean 'unit'? "
        "(ROOT/rules/fogbound/game.toml:10:10)\n");
  CHECK(mod_problems("key", kMod + std::string("reveal_on_contakt = false\n")) ==
        "unknown key 'reveal_on_contakt' in [fog]: did you mean 'reveal_on_contact'? "
        "(ROOT/rules/fogbound/game.toml:11:1)\n");
  CHECK(mod_problems("bool", kMod + std::string("start_hidden = 1\n")) ==
        "bad 'start_hidden': true or false expected (ROOT/rules/fogbound/game.toml:11:16)\n");
  CHECK(mod_problems("top", kMod + std::string("[foggy]\n")) ==
        "unknown key 'foggy' in game.toml: did you mean 'fog'? (ROOT/rules/fogbound/game.toml:11:2)\n");
}

TEST_CASE("kit movement: a step pays its terrain per class, a hexside's cost or prohibition, a road's rate",
          "[kit][movement]") {
  Board b;
  const GameDef& d = b.def();
  const int leg = d.kit->movement.find_class("leg"), mech = d.kit->movement.find_class("mech");
  CHECK(step_cost(d, 0, leg, b.cell("0102"), b.cell("0103")) == 2);  // woods
  CHECK(step_cost(d, 0, mech, b.cell("0102"), b.cell("0103")) == 3);
  CHECK(step_cost(d, 0, leg, b.cell("0103"), b.cell("0104")) == kProhibited);  // the lake
  CHECK(step_cost(d, 0, leg, b.cell("0201"), b.cell("0202")) == 3);            // clear 1 + river 2
  CHECK(step_cost(d, 0, mech, b.cell("0201"), b.cell("0202")) == kProhibited);
  CHECK(step_cost(d, 0, mech, b.cell("0502"), b.cell("0503")) == 0.5);  // the road's bridge over the river
  CHECK(movement_allowance(d, b.state(), b.at("0401")) == 6);
  CHECK(movement_class(d, b.state(), b.at("0401")) == mech);
}

TEST_CASE("kit movement: a search spends the allowance, closes enemy hexes, ties go to the lower hex",
          "[kit][movement]") {
  Board b;
  const int tanks = b.at("0401");  // Blue
  CHECK(b.cost_to(tanks, "0401") == 0);
  CHECK(b.cost_to(tanks, "0504") == 2.5);  // a clear hex, then three road steps
  CHECK(b.cost_to(tanks, "0201") == -1);   // Red's tanks hold it
  MoveOptions two;
  two.budget = 2;
  CHECK(b.cost_to(tanks, "0504", two) == -1);
  auto search = search_moves(b.def(), b.state(), tanks, {});
  REQUIRE(search.ok());
  std::vector<int> path = path_to(*search, b.cell("0504"));
  std::vector<std::string> hexes;
  for (int c : path) hexes.push_back(b.def().locations[b.def().maps[0].cell_location[c]].id);
  CHECK(hexes == std::vector<std::string>{"0401", "0501", "0502", "0503", "0504"});
  // The same search twice gives the same paths, cell for cell.
  auto again = search_moves(b.def(), b.state(), tanks, {});
  REQUIRE(again.ok());
  CHECK(again->from == search->from);
}

TEST_CASE("kit map.pieces: a side's pieces on the map by id, those a filter keeps", "[kit][lua]") {
  Board b;
  const int tanks = b.at("0401");  // Blue's
  const int smoke = b.place("smoke", "0402", "blue");
  const std::string all = lua_ok(*b.game, "return table.concat(map.pieces('blue'), ',')");
  CHECK(all.find(std::to_string(smoke + 1)) != std::string::npos);
  // The same list with the markers left out, in one call.
  CHECK(lua_ok(*b.game, "local out = {} for _, p in ipairs(map.pieces('blue')) do "
                        "if pieces.kind(p) == 'unit' then out[#out + 1] = p end end "
                        "return table.concat(out, ',') == table.concat(map.pieces('blue', {kind = 'unit'}), ',')") ==
        "true");
  CHECK(lua_ok(*b.game, "return table.concat(map.pieces('blue', pieces.filter {kind = 'marker'}), ',')") ==
        std::to_string(smoke + 1));
  CHECK(lua_ok(*b.game, "return map.pieces('blue', {type = 'tanks'})[1]") == std::to_string(tanks + 1));
  CHECK(lua_error(*b.game, "return map.pieces('blue', {colour = 'x'})").find("unknown filter field 'colour'") !=
        std::string::npos);
}

TEST_CASE("kit zones: a zone covers the hex and its neighbours, never across a blocking hexside",
          "[kit][zoc]") {
  Board b("contact");  // Red's rifles at 0404, a river between 0404 and 0405
  CHECK(b.in_zone("0404", "blue"));
  CHECK(b.in_zone("0403", "blue"));
  CHECK(b.in_zone("0304", "blue"));  // a neighbour of 0404 across no river
  CHECK_FALSE(b.in_zone("0405", "blue"));  // across the river
  CHECK_FALSE(b.in_zone("0202", "blue"));  // Red's HQ exerts none (no_zoc)
  CHECK_FALSE(b.in_zone("0403", "green"));  // Green ignores Red's zones
  CHECK_FALSE(b.in_zone("0304", "red"));    // a side's own zone
  CHECK(b.in_zone("0403", "red"));          // Blue's rifles at 0402 reach it
}

TEST_CASE("kit zones: a road move through a zone stops at its first hex", "[kit][zoc][movement]") {
  Board b;
  const int tanks = b.at("0401");
  b.move(tanks, "0501");
  b.place("rifles", "0403", "red");  // its zone: 0402 0404 0302 0303 0502 0503
  CHECK(b.in_zone("0502", "blue"));
  CHECK(b.in_zone("0503", "blue"));
  CHECK(b.cost_to(tanks, "0502") == 0.5);  // along the road into the zone, and no farther
  // 0503 only by entering the zone from outside it: 0602, 0603, then 0503.
  CHECK(b.cost_to(tanks, "0503") == 3);
  // 0504 around the zone (0602, 0603, 0604, 0504), not along the road at 1.5.
  CHECK(b.cost_to(tanks, "0504") == 4);
  MoveOptions no_zones;
  no_zones.zones = false;
  CHECK(b.cost_to(tanks, "0504", no_zones) == 1.5);
}

TEST_CASE("kit zones: leaving a zone pays its cost; no step from one enemy zone to another", "[kit][zoc][movement]") {
  Board b;
  const int tanks = b.at("0401");
  b.move(tanks, "0303");
  b.place("rifles", "0403", "red");  // 0303 and 0302 in its zone; 0203 not
  REQUIRE(b.in_zone("0303", "blue"));
  REQUIRE(b.in_zone("0302", "blue"));
  REQUIRE_FALSE(b.in_zone("0203", "blue"));
  CHECK(b.cost_to(tanks, "0203") == 2);  // clear 1 + leave_cost 1
  // 0302 is next to 0303, but zone to zone: only by way of 0203, out of the zone.
  CHECK(b.cost_to(tanks, "0302") == 3);
  auto search = search_moves(b.def(), b.state(), tanks, {});
  REQUIRE(search.ok());
  CHECK(search->from[b.cell("0302")] == b.cell("0203"));
}

TEST_CASE("kit stacking: points by printed value, limits by terrain, markers do not count", "[kit][stacking]") {
  Board b;
  const GameDef& d = b.def();
  CHECK(stacking_limit(d, b.loc("0101")) == 2);
  CHECK(stacking_limit(d, b.loc("0502")) == 3);  // a town
  CHECK(stacking_total(d, b.state(), b.loc("0201"), -1) == 2);
  b.place("rifles", "0201", "red");
  CHECK(stacking_total(d, b.state(), b.loc("0201"), -1) == 3);  // over the limit: what check reports
  CHECK(stacking_total(d, b.state(), b.loc("0201"), d.find_side("blue")) == 0);
  b.place("smoke", "0201", "red");
  CHECK(stacking_total(d, b.state(), b.loc("0201"), -1) == 3);
  // A full hex is no destination: 0201 holds 3 of 2, 0101 1 of 2.
  // Whether a piece would fit, and by how many points it would be over.
  CHECK(lua_ok(*b.game, "return stacking.fits('0101', pieces.at('0401')[1])") == "false,1");
  CHECK(lua_ok(*b.game, "return stacking.fits('0101', pieces.at('0101')[1])") == "true,0");
}

TEST_CASE("kit alliances: allied sides are no enemies, in zones and in closed hexes", "[kit][zoc][sides]") {
  Board plain("contact");
  Board allied("contact", "fogbound");  // Green allied with Blue
  const GameDef& d = allied.def();
  const int blue = d.find_side("blue"), green = d.find_side("green"), red = d.find_side("red");
  CHECK(d.allied(blue, green));
  CHECK(d.allied(green, blue));  // declared by Green only
  CHECK_FALSE(d.hostile(blue, green));
  CHECK(d.hostile(red, blue));
  CHECK_FALSE(d.hostile(-1, red));  // a piece of no side is nobody's enemy
  CHECK(plain.def().hostile(blue, green));
  // Green's rifles at 0105: a zone on Blue without the alliance, none with it.
  CHECK(plain.in_zone("0205", "blue"));
  CHECK_FALSE(allied.in_zone("0205", "blue"));
  CHECK(allied.in_zone("0205", "red"));
  MoveOptions far;
  far.budget = 9;
  far.zones = false;
  CHECK(plain.cost_to(plain.at("0402"), "0105", far) == -1);
  CHECK(allied.cost_to(allied.at("0402"), "0105", far) > 0);
}

TEST_CASE("kit alliances: a scenario's [allies] makes and breaks alliances for that scenario alone", "[kit][zoc][sides]") {
  Board made("alliance");  // Red allied with Blue here only
  const int blue = made.def().find_side("blue"), green = made.def().find_side("green"), red = made.def().find_side("red");
  CHECK(made.def().allied(red, blue));
  CHECK_FALSE(made.in_zone("0403", "blue"));  // Red's rifles at 0404 no longer close it
  CHECK(made.in_zone("0403", "green") == false);  // Green ignores Red's zones anyway
  Board game_default("contact");
  CHECK_FALSE(game_default.def().allied(red, blue));
  Board broken("split", "fogbound");  // the mod allies Green with Blue; this scenario does not
  CHECK_FALSE(broken.def().allied(green, blue));
  CHECK(broken.in_zone("0205", "blue"));
  Board kept("contact", "fogbound");
  CHECK(kept.def().allied(green, blue));
}

TEST_CASE("kit loader: a scenario's [allies] is checked, each slip positioned", "[kit][data][sides]") {
  const std::string head = "[scenario]\nextends = \"contact\"\n";
  CHECK(scenario_problems("good", head + "[allies]\nred = [\"blue\"]\n").empty());
  CHECK(scenario_problems("side", head + "[allies]\nrde = [\"blue\"]\n") ==
        "no such side: 'rde': did you mean 'red'? (ROOT/scenarios/skirmish/bad.toml:4:7)\n");
  CHECK(scenario_problems("ally", head + "[allies]\nred = [\"bleu\"]\n") ==
        "no such side: 'bleu': did you mean 'blue'? (ROOT/scenarios/skirmish/bad.toml:4:8)\n");
  CHECK(scenario_problems("self", head + "[allies]\nred = [\"red\"]\n") ==
        "side 'red' cannot be its own ally (ROOT/scenarios/skirmish/bad.toml:4:8)\n");
  CHECK(scenario_problems("list", head + "[allies]\nred = \"blue\"\n") ==
        "bad 'allies': an array of side ids expected, got a string (ROOT/scenarios/skirmish/bad.toml:4:7)\n");
  CHECK(scenario_problems("table", "allies = 3\n" + head) ==
        "bad [allies]: a table side = [its allies] expected (ROOT/scenarios/skirmish/bad.toml:1:10)\n");
}

TEST_CASE("kit zones: a piece type may ignore a side's zones where its side does not", "[kit][zoc][movement]") {
  Board b;
  const int tanks = b.at("0401");
  b.move(tanks, "0501");
  b.place("rifles", "0403", "red");
  const int scouts = b.place("scouts", "0501", "blue");
  b.move(tanks, "0601");
  const int rifles = b.place("rifles", "0501", "blue");
  b.move(scouts, "0601");
  b.move(tanks, "0101");
  // Rifles stop on entering Red's zone at 0502 and must go around it; scouts
  // of the same side go through it as if it were not there.
  MoveOptions no_zones;
  no_zones.zones = false;
  CHECK(b.cost_to(rifles, "0503") == 3);
  CHECK(b.cost_to(scouts, "0503") == b.cost_to(scouts, "0503", no_zones));
  CHECK(b.cost_to(scouts, "0503") < 3);
  const GameDef& d = b.def();
  const auto for_side = enemy_zones(d, b.state(), 0, d.find_side("blue"));
  const auto for_scouts = enemy_zones(d, b.state(), 0, d.find_side("blue"), d.find_type("scouts"));
  CHECK(for_side[b.cell("0502")] == 1);
  CHECK(for_scouts[b.cell("0502")] == 0);
  // A retreat too: from 0501, scouts may end in the zone (0402, 0502), rifles may not.
  auto retreat_ends = [&](int p) {
    return lua_ok(*b.game, "local out = {} for _, x in ipairs(map.retreats(" + std::to_string(p + 1) +
                               ", 1)) do out[#out + 1] = x.id end return table.concat(out, ' ')");
  };
  b.move(scouts, "0501");
  b.move(rifles, "0603");
  CHECK(retreat_ends(scouts) == "0401 0402 0502 0601 0602");
  b.move(scouts, "0603");
  b.move(rifles, "0501");
  CHECK(retreat_ends(rifles) == "0401 0601 0602");
}

TEST_CASE("kit loader: [zoc.ignores] names a side or a piece type, and sides only in its lists", "[kit][data]") {
  const std::string zoc = "[zoc]\nkinds = [\"unit\"]\n[zoc.ignores]\n";
  CHECK(mod_problems("type", kMod + zoc + "scouts = [\"red\"]\n").empty());
  CHECK(mod_problems("who", kMod + zoc + "scuots = [\"red\"]\n") ==
        "bad 'ignores': no side or piece type 'scuots': did you mean 'scouts'? (ROOT/rules/fogbound/game.toml:14:10)\n");
  CHECK(mod_problems("whom", kMod + zoc + "scouts = [\"rde\"]\n") ==
        "bad 'ignores': no side 'rde': did you mean 'red'? (ROOT/rules/fogbound/game.toml:14:11)\n");
  // Positions survive in [stacking.terrain] too (both tables were once copied, losing them).
  CHECK(mod_problems("terrain", std::string(kMod) + "[stacking]\nlimit = 2\n[stacking.terrain]\nswamp = 1\n").find("game.toml:14:9)") != std::string::npos);
}

TEST_CASE("kit fog: units start hidden from the enemy; contact finds both sides, never allies", "[kit][fog]") {
  Board b("contact", "fogbound");
  const GameDef& d = b.def();
  const int red_rifles = b.at("0404"), blue_rifles = b.at("0402");
  CHECK(b.state().pieces[red_rifles].visibility == static_cast<int32_t>(Visibility::kOwner));
  CHECK(fog_contacts(d, b.state()).empty());
  b.move(blue_rifles, "0205");  // next to Green's rifles at 0105: allies
  CHECK(fog_contacts(d, b.state()).empty());
  b.move(blue_rifles, "0403");  // next to Red's rifles
  CHECK(fog_contacts(d, b.state()) == std::vector<int>{std::min(red_rifles, blue_rifles),
                                                       std::max(red_rifles, blue_rifles)});
  // A revealed unit is no contact any more.
  lua_ok(*b.game, "kit.reveal_contacts('9')");
  CHECK(fog_contacts(d, b.state()).empty());
  CHECK(b.state().pieces[red_rifles].visibility == -1);
  // Without [fog], nothing is hidden.
  Board clear("contact");
  CHECK(clear.state().pieces[clear.at("0404")].visibility == -1);
}

TEST_CASE("kit printed values: pieces.value and pieces.sum read the face a piece shows", "[kit][faces]") {
  // The combat fixture: two Armor, 6-4 (3-2 reduced), and an Infantry, 3 (1
  // reduced), at 0101.
  auto g = make_game(load_fixture("combat", "front"));
  must_ok(g->start(1));
  const std::string armor = "local a = pieces.at('0101')[1] ";
  CHECK(lua_ok(*g, armor + "return pieces.name(a), pieces.value(a, 'attack')") == "Armor,6");
  CHECK(lua_ok(*g, "return pieces.sum('0101', 'attack')") == "15,3");
  lua_ok(*g, armor + "pieces.set_face(a, 'reduced')");
  CHECK(lua_ok(*g, armor + "return pieces.value(a, 'attack'), pieces.value(a, 'defence')") == "3,2");
  CHECK(lua_ok(*g, "return pieces.sum('0101', 'attack')") == "12,3");
  lua_ok(*g, "for _, p in ipairs(pieces.at('0101')) do pieces.set_face(p, 'reduced') end");
  CHECK(lua_ok(*g, "return pieces.sum('0101', 'attack')") == "7,3");
  lua_ok(*g, armor + "pieces.set_face(a, 'full')");
  CHECK(lua_ok(*g, armor + "return pieces.value(a, 'attack')") == "6");
}

TEST_CASE("kit rules: a global of the rules may not replace a kernel module", "[kit][lua]") {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / "cardboard-kit-module";
  fs::remove_all(root);
  fs::copy(fixture_root("skirmish"), root, fs::copy_options::recursive);
  std::ofstream(root / "rules/skirmish/skirmish.lua", std::ios::app) << "\nfunction combat() end\n";
  auto def = load_game("skirmish/open", root.string());
  REQUIRE(def.ok());
  auto g = Game::create(*def);
  REQUIRE_FALSE(g.ok());
  CHECK(g.error().message ==
        "rules error in skirmish: the rules replace the kernel's module 'combat' with a function: name the global "
        "otherwise");
  fs::remove_all(root);
}
