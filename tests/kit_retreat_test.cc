// The kit's retreat and advance searches (kit/retreat, kit/advance) on the
// fixture tests/games/retreat: a 7x6 flat-topped map, odd columns shifted
// down, with a lake at 0305, woods at 0602, a town (limit 3) at 0404, a
// marsh no tracked unit enters at 0505, a river between 0203 and 0204
// (Red's zones stop at it, tracked units do not cross it) and between 0502
// and 0503; stacking 2. Each case places the pieces it needs on an empty
// state, drawn below as "Red armor 0302" and so on, and pins the ends and
// their paths. Options the fixture does not declare are tried on a copy of
// its data.
//
// Around 0303 (an odd column), its neighbours are 0203 0204 0302 0304 0403
// 0404; around 0302 (even), 0202 0203 0301 0303 0402 0403.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "core/state.h"
#include "kit/advance.h"
#include "kit/kit_def.h"
#include "kit/retreat.h"
#include "kit/zoc.h"
#include "support.h"

using namespace cardboard;

namespace {

struct Position {
  std::shared_ptr<const GameDef> def;
  State s;

  explicit Position(std::shared_ptr<const GameDef> d = testing::load_fixture("retreat", "field"))
      : def(std::move(d)), s(State::empty_for(*def, 1)) {}

  // Places a new piece of type `type` (its own side) at `hex`; returns it.
  int place(const std::string& type, const std::string& hex) {
    const int t = def->find_type(type);
    const int loc = def->find_location(hex);
    REQUIRE(t >= 0);
    REQUIRE(loc >= 0);
    return s.create_piece(t, def->types[t].owner, loc);
  }

  // The ends of a retreat, "0204(0303-0204) ...", and its length after a slash.
  std::string retreats(int piece, int hexes, RetreatOptions o = {}) const {
    auto found = search_retreats(*def, s, piece, hexes, o);
    if (!found.ok()) return "error: " + found.error().message;
    return text(found->ends, found->map) + " / " + std::to_string(found->length);
  }

  std::string advances(int piece, const std::string& hex, AdvanceOptions o = {}) const {
    auto found = search_advances(*def, s, piece, def->find_location(hex), o);
    if (!found.ok()) return "error: " + found.error().message;
    return text(found->ends, found->map);
  }

  std::string text(const std::vector<RouteEnd>& ends, int map) const {
    const auto& cells = def->maps[map].cell_location;
    std::string out;
    for (const RouteEnd& e : ends) {
      out += (out.empty() ? "" : " ") + def->locations[cells[e.cell]].id + "(";
      for (size_t i = 0; i < e.path.size(); ++i) out += (i ? "-" : "") + def->locations[cells[e.path[i]]].id;
      out += ")";
    }
    return out;
  }
};

// The fixture's data with some kit options changed.
template <typename Change>
std::shared_ptr<const GameDef> with_kit(Change change) {
  auto base = testing::load_fixture("retreat", "field");
  auto def = std::make_shared<GameDef>(*base);
  auto kit = std::make_shared<KitDef>(*base->kit);
  change(*kit);
  build_zones(*def, *kit);  // what the loader derives from [zoc]
  def->kit = kit;
  return def;
}

}  // namespace

TEST_CASE("retreat: one hex, to the neighbours no enemy holds and no enemy zone reaches", "[kit][retreat]") {
  // Red armor 0302 (its zone: 0202 0203 0301 0303 0402 0403); Blue brigade 0303.
  Position p;
  p.place("armor", "0302");
  const int brigade = p.place("brigade", "0303");
  CHECK(p.retreats(brigade, 1) == "0204(0303-0204) 0304(0303-0304) 0404(0303-0404) / 1");
  // Zones ignored: every neighbour but the enemy's own hex.
  RetreatOptions o;
  o.zones = false;
  CHECK(p.retreats(brigade, 1, o) ==
        "0203(0303-0203) 0204(0303-0204) 0304(0303-0304) 0403(0303-0403) 0404(0303-0404) / 1");
  // None at all is a retreat of nothing.
  CHECK(p.retreats(brigade, 0) == "0303(0303) / 0");
}

TEST_CASE("retreat: each hex farther from the start, the lowest path to each end", "[kit][retreat]") {
  Position p;
  p.place("armor", "0302");
  const int brigade = p.place("brigade", "0303");
  // Two hexes: every hex two away reached through 0204, 0304 or 0404; 0205
  // by 0204 (lower than 0304), 0405 by 0304 (lower than 0404); never the
  // lake at 0305.
  CHECK(p.retreats(brigade, 2) == "0103(0303-0204-0103) 0104(0303-0204-0104) 0205(0303-0204-0205) "
                                  "0405(0303-0304-0405) 0503(0303-0404-0503) 0504(0303-0404-0504) / 2");
  // Without `farther`, a hex may be no farther than the one before: 0204 by
  // 0304, sideways; never back into the start, nor into a hex twice.
  Position loose(with_kit([](KitDef& k) { k.retreat.farther = false; }));
  loose.place("armor", "0302");
  const int b2 = loose.place("brigade", "0303");
  CHECK(loose.retreats(b2, 2) ==
        "0103(0303-0204-0103) 0104(0303-0204-0104) 0204(0303-0304-0204) 0205(0303-0204-0205) "
        "0304(0303-0204-0304) 0404(0303-0304-0404) 0405(0303-0304-0405) 0503(0303-0404-0503) "
        "0504(0303-0404-0504) / 2");
}

TEST_CASE("retreat: no legal path, at the map's edge", "[kit][retreat]") {
  // Blue brigade in the corner 0101, whose other neighbours are off the map;
  // Red armor 0201 (its zone: 0101 0202 0301), Red rifles 0102.
  Position p;
  p.place("armor", "0201");
  p.place("rifles", "0102");
  const int brigade = p.place("brigade", "0101");
  CHECK(p.retreats(brigade, 1) == " / 0");
  CHECK(p.retreats(brigade, 3) == " / 0");
  // The longest shorter retreat: none, so it stays where it is.
  RetreatOptions o;
  o.fewer = true;
  CHECK(p.retreats(brigade, 2, o) == "0101(0101) / 0");
}

TEST_CASE("retreat: the longest shorter retreat when the full one is blocked", "[kit][retreat]") {
  // Blue brigade 0101; Red armor 0201 (zone 0101 0202 0301), Red rifles
  // 0104 (zone 0103 0105 0204 0205) and 0304 (zone 0204 0205 0303 0305 0404
  // 0405): one way out, 0102 then 0203, and from there no hex three away
  // (0302 is two away; 0303 and 0204 are in zones).
  Position p;
  p.place("armor", "0201");
  p.place("rifles", "0104");
  p.place("rifles", "0304");
  const int brigade = p.place("brigade", "0101");
  CHECK(p.retreats(brigade, 3) == " / 0");
  RetreatOptions o;
  o.fewer = true;
  CHECK(p.retreats(brigade, 3, o) == "0203(0101-0102-0203) / 2");
  CHECK(p.retreats(brigade, 2, o) == "0203(0101-0102-0203) / 2");
}

TEST_CASE("retreat: stacking overflow at the end: go on, refuse, or ignore", "[kit][retreat]") {
  // Blue brigade 0101 with Red armor 0201 beside it: its one way out, 0102,
  // already holds two Blue militia (the limit is 2).
  auto setup = [](Position& p) {
    p.place("armor", "0201");
    p.place("militia", "0102");
    p.place("militia", "0102");
    return p.place("brigade", "0101");
  };
  Position go_on;  // [retreat] stacking = "continue", the default
  int brigade = setup(go_on);
  CHECK(go_on.retreats(brigade, 1) == "0103(0101-0102-0103) 0203(0101-0102-0203) / 2");
  Position refuse(with_kit([](KitDef& k) { k.retreat.stacking = RetreatDef::Stacking::kEnd; }));
  brigade = setup(refuse);
  CHECK(refuse.retreats(brigade, 1) == " / 0");
  CHECK(refuse.retreats(brigade, 2) == "0103(0101-0102-0103) 0203(0101-0102-0203) / 2");
  Position ignore(with_kit([](KitDef& k) { k.retreat.stacking = RetreatDef::Stacking::kIgnore; }));
  brigade = setup(ignore);
  CHECK(ignore.retreats(brigade, 1) == "0102(0101-0102) / 1");
  // A marker does not count: a smoke marker on top changes nothing.
  go_on.place("smoke", "0103");
  CHECK(go_on.retreats(brigade, 1) == "0103(0101-0102-0103) 0203(0101-0102-0203) / 2");
  // A town holds 3: a third unit fits there.
  Position town;
  town.place("armor", "0302");
  town.place("militia", "0404");
  town.place("militia", "0404");
  town.place("militia", "0304");
  town.place("tanks", "0304");
  const int b = town.place("brigade", "0303");
  CHECK(town.retreats(b, 1) == "0204(0303-0204) 0404(0303-0404) / 1");
}

TEST_CASE("retreat: a zone does not reach across a blocking hexside", "[kit][retreat][zoc]") {
  // Red armor 0203: its zone covers 0102 0103 0202 0302 0303, but not 0204,
  // across the river ([zoc] not_across). Blue brigade 0303.
  Position p;
  p.place("armor", "0203");
  const int brigade = p.place("brigade", "0303");
  CHECK(p.retreats(brigade, 1) == "0204(0303-0204) 0304(0303-0304) 0403(0303-0403) 0404(0303-0404) / 1");
  // Without not_across, the zone reaches 0204.
  Position across(with_kit([](KitDef& k) { k.zoc.not_across.clear(); }));
  across.place("armor", "0203");
  const int b2 = across.place("brigade", "0303");
  CHECK(across.retreats(b2, 1) == "0304(0303-0304) 0403(0303-0403) 0404(0303-0404) / 1");
}

TEST_CASE("retreat: an enemy zone where a friendly unit stands, allowed or not", "[kit][retreat][zoc]") {
  // Red armor 0302 (zone 0203 0403 ...); Blue militia in 0403; Blue brigade 0303.
  auto setup = [](Position& p) {
    p.place("armor", "0302");
    p.place("militia", "0403");
    p.place("smoke", "0203");  // a marker is nobody's friend
    return p.place("brigade", "0303");
  };
  Position allowed;  // [zoc] retreat_into_friendly = true, the default
  int brigade = setup(allowed);
  CHECK(allowed.retreats(brigade, 1) == "0204(0303-0204) 0304(0303-0304) 0403(0303-0403) 0404(0303-0404) / 1");
  Position forbidden(with_kit([](KitDef& k) { k.zoc.friendly_negates_retreat = false; }));
  brigade = setup(forbidden);
  CHECK(forbidden.retreats(brigade, 1) == "0204(0303-0204) 0304(0303-0304) 0404(0303-0404) / 1");
  // Green ignores Red's zones ([zoc.ignores]): every hex no enemy holds.
  Position green;
  green.place("armor", "0302");
  const int scouts = green.place("scouts", "0303");
  CHECK(green.retreats(scouts, 1) ==
        "0203(0303-0203) 0204(0303-0204) 0304(0303-0304) 0403(0303-0403) 0404(0303-0404) / 1");
}

TEST_CASE("retreat: terrain and hexsides prohibited to the unit's movement class", "[kit][retreat]") {
  // Red armor 0504 (zone 0404 0405 0503 0505 0604 0605). From 0503 a foot
  // unit may cross the river into 0502; tracked tanks may not.
  Position p;
  p.place("armor", "0504");
  const int tanks = p.place("tanks", "0503");
  CHECK(p.retreats(tanks, 1) == "0403(0503-0403) 0603(0503-0603) / 1");
  Position foot;
  foot.place("armor", "0504");
  const int militia = foot.place("militia", "0503");
  CHECK(foot.retreats(militia, 1) == "0403(0503-0403) 0502(0503-0502) 0603(0503-0603) / 1");
  // The marsh at 0505 is closed to tracked units, open to foot; the lake at
  // 0305 to both. Red armor 0706 (zone 0606 0705); Blue tanks 0506
  // (neighbours 0406 0505 0606) and militia 0406 (0305 0306 0405 0505 0506).
  Position marsh;
  const int t2 = marsh.place("tanks", "0506");
  const int m2 = marsh.place("militia", "0406");
  marsh.place("armor", "0706");
  CHECK(marsh.retreats(t2, 1) == "0406(0506-0406) / 1");
  CHECK(marsh.retreats(m2, 1) == "0306(0406-0306) 0405(0406-0405) 0505(0406-0505) 0506(0406-0506) / 1");
}

TEST_CASE("retreat: a search without `farther` is bounded", "[kit][retreat]") {
  Position p(with_kit([](KitDef& k) { k.retreat.farther = false; }));
  const int brigade = p.place("brigade", "0303");
  CHECK(p.retreats(brigade, 30) ==
        "error: a retreat of 30 hexes without [retreat] farther entered more than 250000 hexes on its paths before "
        "it had tried them all: use farther = true, or shorter retreats");
  // With `farther`, any length is a search of the map at most.
  Position far;
  const int b2 = far.place("brigade", "0303");
  CHECK(far.retreats(b2, 1000) == " / 0");
  CHECK(far.retreats(b2, 4) ==
        "0106(0303-0204-0104-0105-0106) 0506(0303-0304-0405-0406-0506) 0601(0303-0302-0402-0501-0601) "
        "0606(0303-0304-0405-0505-0606) 0701(0303-0403-0502-0602-0701) 0702(0303-0403-0502-0602-0702) "
        "0703(0303-0403-0502-0603-0703) 0704(0303-0403-0503-0604-0704) 0705(0303-0404-0504-0605-0705) / 4");
}

TEST_CASE("retreat: errors: a piece off the maps", "[kit][retreat]") {
  Position p;
  const int brigade = p.place("brigade", "reserve");
  CHECK(p.retreats(brigade, 1) == "error: the piece is not on a hex map");
}

TEST_CASE("advance: into the emptied hex from next to it, by units that may", "[kit][advance]") {
  // 0303 emptied. Red armor 0302 and rifles 0203 next to it; guns (no_advance) 0304;
  // rifles 0402 not next to it; Blue militia 0404 (its zone reaches 0303).
  Position p;
  const int armor = p.place("armor", "0302");
  const int rifles = p.place("rifles", "0203");
  const int guns = p.place("guns", "0304");
  const int far = p.place("rifles", "0402");
  p.place("militia", "0404");
  CHECK(may_advance(*p.def, p.s, armor));
  CHECK_FALSE(may_advance(*p.def, p.s, guns));
  CHECK(p.advances(armor, "0303") == "0303(0302-0303)");
  CHECK(p.advances(rifles, "0303") == "0303(0203-0303)");
  CHECK(p.advances(guns, "0303") == "");
  CHECK(p.advances(far, "0303") == "");
  // Two hexes: on from 0303 to a hex no enemy holds (the guns' 0304 and the
  // rifles' 0203 have room), never back to the start; zones ignored
  // ([advance] zones = false).
  AdvanceOptions two;
  two.hexes = 2;
  CHECK(p.advances(armor, "0303", two) == "0203(0302-0303-0203) 0204(0302-0303-0204) 0303(0302-0303) "
                                          "0304(0302-0303-0304) 0403(0302-0303-0403)");
  // Obeying zones, 0303 lies in the militia's zone: the advance ends there.
  two.zones = 1;
  CHECK(p.advances(armor, "0303", two) == "0303(0302-0303)");
  // Already in the hex: the hexes beyond it.
  two.zones = 0;
  p.s.move(armor, p.def->find_location("0303"));
  CHECK(p.advances(armor, "0303", two) ==
        "0203(0303-0203) 0204(0303-0204) 0302(0303-0302) 0304(0303-0304) 0403(0303-0403)");
  CHECK(p.advances(armor, "0303") == "");
}

TEST_CASE("advance: not while an enemy holds the hex, past the stacking limit or across a prohibited hexside",
          "[kit][advance]") {
  Position p;
  const int armor = p.place("armor", "0302");
  const int militia = p.place("militia", "0303");
  CHECK(p.advances(armor, "0303") == "");
  p.s.move(militia, p.def->find_location("blue_eliminated"));
  CHECK(p.advances(armor, "0303") == "0303(0302-0303)");
  p.place("rifles", "0303");
  p.place("rifles", "0303");
  CHECK(p.advances(armor, "0303") == "");
  // Tracked armor may not cross the river from 0203 into 0204; rifles may.
  Position river;
  const int a2 = river.place("armor", "0203");
  const int r2 = river.place("rifles", "0203");
  CHECK(river.advances(a2, "0204") == "");
  CHECK(river.advances(r2, "0204") == "0204(0203-0204)");
  // A hex of another map, or a piece off the maps.
  CHECK(river.advances(a2, "reserve") == "error: the hex is not on the piece's map");
  const int off = river.place("armor", "reserve");
  CHECK(river.advances(off, "0204") == "error: the piece is not on a hex map");
}

TEST_CASE("retreat and advance in Lua: a game without the kit says so", "[kit][retreat][lua]") {
  auto game = testing::make_game(testing::load_fixture("race", "short"));
  CHECK(testing::lua_error(*game, "map.retreats(1, 1)").find("map.retreats: the game declares none of the kit "
                                                            "(docs/kit.md)") != std::string::npos);
  CHECK(testing::lua_error(*game, "map.advances(1, 'x')").find("map.advances: the game declares none of the kit "
                                                              "(docs/kit.md)") != std::string::npos);
}
