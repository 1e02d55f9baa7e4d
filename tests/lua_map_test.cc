// The Lua `map` module over a hand-built game with two maps: the hex fixture
// tests/maps/hex_small.toml and the area fixture tests/maps/area_small.toml,
// plus one off-map box. Snippets run in a plain Lua state and return strings
// the test compares.
//
// hex_small (flat, odd columns shifted down, 0504 missing):
//   terrain rows  01 ccwcc  02 cwwfc  03 crrrc  04 cccc.
//   river 0102|0202, border 0303|0403, places Alpha 0101, Bravo 0303
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include <lua.hpp>

#include "core/game_def.h"
#include "data/map_file.h"
#include "script/lua_map.h"

using namespace cardboard;

namespace {

std::string fixture(const std::string& name) { return std::string(CARDBOARD_SOURCE_ROOT) + "/tests/maps/" + name; }

void add_map(GameDef& def, const std::string& file, const std::string& id, LocationKind kind) {
  auto m = load_map_file(fixture(file), id);
  REQUIRE(m.ok());
  const int map = static_cast<int>(def.maps.size());
  for (const auto& [loc_id, title] : map_cells(*m)) {
    LocationDef loc;
    loc.id = loc_id;
    loc.title = title;
    loc.kind = kind;
    loc.map = map;
    m->cell_location.push_back(static_cast<int>(def.locations.size()));
    def.locations.push_back(loc);
  }
  def.maps.push_back(std::move(*m));
}

struct LuaFixture {
  GameDef def;
  lua_State* L = nullptr;

  LuaFixture() {
    LocationDef dead;
    dead.id = "dead";
    def.locations.push_back(dead);
    add_map(def, "hex_small.toml", "valley", LocationKind::kHex);
    add_map(def, "area_small.toml", "coast", LocationKind::kArea);
    def.index();
    L = luaL_newstate();
    luaL_openlibs(L);
    open_lua_map(L, &def);
  }
  ~LuaFixture() { lua_close(L); }

  // Runs `code` (a chunk that returns one value) and gives its tostring, or
  // "error: <message>".
  std::string run(const std::string& code) {
    if (luaL_loadstring(L, code.c_str()) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK) {
      std::string msg = std::string("error: ") + lua_tostring(L, -1);
      lua_pop(L, 1);
      return msg;
    }
    std::string out = luaL_tolstring(L, -1, nullptr);
    lua_pop(L, 2);
    return out;
  }
};

// Joins a Lua array into "a,b,c" inside the snippet.
const char* kJoin = "local function join(t) return table.concat(t, ',') end\n";

}  // namespace

TEST_CASE("lua map: adjacency, distance, within and line on a hex map", "[maps][lua]") {
  LuaFixture f;
  CHECK(f.run(std::string(kJoin) + "return join(map.neighbours('0303'))") == "0302,0403,0404,0304,0204,0203");
  // 0404 is next to the missing 0504: left out.
  CHECK(f.run(std::string(kJoin) + "return join(map.neighbours('0404'))") == "0403,0503,0304,0303");
  CHECK(f.run("return map.adjacent('0101', '0202')") == "true");
  CHECK(f.run("return map.adjacent('0101', '0303')") == "false");
  CHECK(f.run("return map.adjacent('0101', 'port')") == "false");
  CHECK(f.run("return math.type(map.distance('0101', '0304'))") == "integer");
  CHECK(f.run("return map.distance('0101', '0304')") == "4");
  CHECK(f.run(std::string(kJoin) + "return join(map.within('0101', 1))") == "0101,0102,0201,0202");
  CHECK(f.run("return #map.within('0303', 1)") == "7");
  CHECK(f.run("return #map.within('0303', 1000000000)") == "19");
  CHECK(f.run(std::string(kJoin) + "return join(map.within('hills', 1))") == "port,hills,plain");
  CHECK(f.run(std::string(kJoin) + "return join(map.line('0101', '0401'))") == "0101,0201,0301,0401");
}

TEST_CASE("lua map: terrain, hexsides, connections and places", "[maps][lua]") {
  LuaFixture f;
  CHECK(f.run("return map.terrain('0301')") == "water");
  CHECK(f.run("return map.terrain('0504')") == "error: [string \"return map.terrain('0504')\"]:1: "
                                                 "bad argument #1 to 'terrain' (no such location: '0504')");
  CHECK(f.run("return map.terrain('port')") == "urban");
  CHECK(f.run("return map.terrain('plain')") == "nil");
  CHECK(f.run("return map.hexside('0202', '0102')") == "river");
  CHECK(f.run("return map.hexside('0102', '0202')") == "river");
  CHECK(f.run("return map.hexside('0101', '0102')") == "nil");
  CHECK(f.run("return map.connection('0403', '0303').hexside") == "border");
  CHECK(f.run("return next(map.connection('0101', '0102'))") == "nil");
  CHECK(f.run("return map.connection('0101', '0303')") == "nil");
  CHECK(f.run("local c = map.connection('port', 'island') return c.kind .. ' ' .. c.roll .. ' ' .. c.cost") ==
        "sea 1-3 4");
  CHECK(f.run("return map.connection('island', 'port')") == "nil");
  CHECK(f.run("return map.attr('port', 'stacking')") == "3");
  CHECK(f.run("return map.attr('port', 'port')") == "true");
  CHECK(f.run("return map.attr('hills', 'cost')") == "2.5");
  CHECK(f.run("return map.attr('hills', 'nothing')") == "nil");
  CHECK(f.run("return map.attr('0101', 'terrain')") == "nil");
  // A key known to some area is answered from a table made once: the same
  // answers, and the same errors, as a key made at run time.
  CHECK(f.run("local k = 'stack' .. 'ing' "
              "return tostring(map.attr('port', k)) .. tostring(map.attr('hills', k)) .. tostring(map.attr('0101', k))") ==
        "3nilnil");
  CHECK(f.run("return map.attr('0504', 'stacking')") ==
        "error: [string \"return map.attr('0504', 'stacking')\"]:1: bad argument #1 to 'attr' (no such location: '0504')");
  CHECK(f.run("return map.attr(nil, 'stacking')").find("bad argument #1 to 'attr' (location expected, got nil)") !=
        std::string::npos);
  CHECK(f.run("return map.place('Bravo')") == "0303");
  CHECK(f.run("return map.place('Port City')") == "port");
  CHECK(f.run("return map.distance('port', 'plain')") == "2");
  CHECK(f.run("return map.distance('island', 'port')") == "nil");
  CHECK(f.run(std::string(kJoin) + "return join(map.neighbours('port'))") == "hills,island");
}

TEST_CASE("lua map: nearest, the distance a loop of map.distance would find, in one call", "[maps][lua]") {
  LuaFixture f;
  const std::string both = "local d, at = map.nearest(";
  CHECK(f.run(both + "'0101', { '0401', '0303', '0102' }) return d .. ' ' .. at") == "1 0102");
  // A tie goes to the first in the array; the location itself is at 0.
  CHECK(f.run(both + "'0303', { '0203', '0304', '0302' }) return d .. ' ' .. at") == "1 0203");
  CHECK(f.run(both + "'0303', { '0401', '0303' }) return d .. ' ' .. at") == "0 0303");
  CHECK(f.run("return map.nearest('0101', {})") == "nil");
  // The same as the loop, over every hex of the map and both orders.
  CHECK(f.run("local hexes = map.within('0303', 10) local ok = true "
              "for _, a in ipairs(hexes) do "
              "  local near = math.huge for _, b in ipairs(hexes) do if b ~= a then near = math.min(near, map.distance(a, b)) end end "
              "  local others = {} for _, b in ipairs(hexes) do if b ~= a then others[#others + 1] = b end end "
              "  ok = ok and map.nearest(a, others) == near end return ok") == "true");
  // Areas: the fewest connections; unreachable ones are passed over.
  CHECK(f.run(both + "'port', { 'plain', 'hills' }) return d .. ' ' .. at") == "1 hills");
  CHECK(f.run(both + "'island', { 'port', 'plain' }) return tostring(d)") == "nil");
  // Errors name the element.
  CHECK_THAT(f.run("return map.nearest('0101', { '0102', 'port' })"),
             Catch::EndsWith("bad argument #2 to 'nearest' (element 2: 'port' is on map 'coast', not on map 'valley')"));
  CHECK_THAT(f.run("return map.nearest('0101', { '0102', 7 })"),
             Catch::EndsWith("bad argument #2 to 'nearest' (element 2: location expected, got number)"));
  CHECK_THAT(f.run("return map.nearest('0101', { '4021' })"),
             Catch::EndsWith("bad argument #2 to 'nearest' (element 1: no such location: '4021')"));
  CHECK_THAT(f.run("return map.nearest('0101', '0102')"),
             Catch::EndsWith("bad argument #2 to 'nearest' (table expected, got string)"));
}

TEST_CASE("lua map: cheapest path and reachable with a Lua cost", "[maps][lua]") {
  LuaFixture f;
  // Water is impassable, crossing the river costs 3, every other step 1.
  const std::string cost =
      "local function cost(a, b)\n"
      "  if map.terrain(b) == 'water' then return false end\n"
      "  if map.hexside(a, b) == 'river' then return 3 end\n"
      "  return 1\n"
      "end\n";
  CHECK(f.run(std::string(kJoin) + cost +
              "local p, total = map.path('0101', '0401', cost) return join(p) .. ' ' .. total") ==
        "0101,0102,0203,0303,0403,0402,0401 6");
  CHECK(f.run(cost + "return map.path('0101', '0301', cost)") == "nil");
  CHECK(f.run(std::string(kJoin) + cost +
              "local out = {} for _, r in ipairs(map.reachable('0101', 2, cost)) do "
              "out[#out + 1] = r.id .. '=' .. r.cost end return join(out)") ==
        "0101=0,0102=1,0103=2,0201=1,0203=2");
  CHECK(f.run("local p, t = map.path('port', 'plain', function(a, b) return map.attr(a, 'cost') or 1 end) "
              "return table.concat(p, ',') .. ' ' .. t") == "port,hills,plain 3.5");
}

TEST_CASE("lua map: argument errors read like Lua's own", "[maps][lua]") {
  LuaFixture f;
  CHECK(f.run("return map.distance()") ==
        "error: [string \"return map.distance()\"]:1: bad argument #1 to 'distance' (location expected, got no value)");
  CHECK(f.run("return map.distance('0101', nil)") ==
        "error: [string \"return map.distance('0101', nil)\"]:1: bad argument #2 to 'distance' (location "
        "expected, got nil)");
  CHECK(f.run("return map.distance('0101', '4021')") ==
        "error: [string \"return map.distance('0101', '4021')\"]:1: bad argument #2 to 'distance' (no such "
        "location: '4021')");
  CHECK(f.run("return map.distance('0101', 'port')") ==
        "error: [string \"return map.distance('0101', 'port')\"]:1: bad argument #2 to 'distance' ('port' is "
        "on map 'coast', not on map 'valley')");
  CHECK(f.run("return map.neighbours('dead')") ==
        "error: [string \"return map.neighbours('dead')\"]:1: bad argument #1 to 'neighbours' (not a map "
        "location: 'dead')");
  CHECK(f.run("return map.distance(0101, '0102')") ==
        "error: [string \"return map.distance(0101, '0102')\"]:1: bad argument #1 to 'distance' (location "
        "expected, got number)");
  // Ids are found by their string's identity when short (interned, as
  // the map anchors them), by text otherwise: made at run time, too long
  // to be interned, or no id at all.
  CHECK(f.run("return map.distance('01' .. '01', string.format('%04d', 402))") == "3");
  const std::string long_id(300, 'x');
  CHECK(f.run("return map.terrain(string.rep('x', 300))") ==
        "error: [string \"return map.terrain(string.rep('x', 300))\"]:1: bad argument #1 to 'terrain' (no such "
        "location: '" + long_id + "')");
  CHECK(f.run("return map.line('port', 'hills')") ==
        "error: [string \"return map.line('port', 'hills')\"]:1: bad argument #1 to 'line' (line needs a hex "
        "map, and 'coast' is an area map)");
  CHECK(f.run("return map.within('0101', -1)") ==
        "error: [string \"return map.within('0101', -1)\"]:1: bad argument #2 to 'within' (distance must not "
        "be negative)");
  CHECK(f.run("return map.place('Brav')") ==
        "error: [string \"return map.place('Brav')\"]:1: bad argument #1 to 'place' (no such place: 'Brav': "
        "did you mean 'Bravo'?)");
  CHECK(f.run("return map.path('0101', '0102', 'x')") ==
        "error: [string \"return map.path('0101', '0102', 'x')\"]:1: bad argument #3 to 'path' (function "
        "expected, got string)");
  CHECK(f.run("far = function() return 'far' end return true") == "true");
  // The first step tried is the first neighbour in direction order: 0201.
  CHECK(f.run("return map.path('0101', '0102', far)") ==
        "error: [string \"return map.path('0101', '0102', far)\"]:1: cost function returned a string for "
        "'0101' to '0201': expected a number, or false or nil for impassable");
  // An error raised inside the cost function propagates unchanged.
  CHECK(f.run("return map.path('0101', '0102', function() error('boom', 0) end)") == "error: boom");
  // The state is still usable afterwards.
  CHECK(f.run("return map.distance('0101', '0102')") == "1");
}
