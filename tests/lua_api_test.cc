// The Lua API over the kernel (script/lua_*.cc), exercised on the fixture
// tests/games/api: locations deck, discard (pile), cup, red_hand, board and
// dead; track vp (0-20, start 5); Tanks (red, attack 4, speed 2.5, armored)
// and Infantry (blue, attack 2) on the board, four Chits in the cup, two Aces
// and two Kings in the deck. The game is started and waits on its one ask;
// the tests then run Lua on the sandbox's main thread.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "data/game_loader.h"
#include "script/game.h"
#include "support.h"

using namespace cardboard;
using namespace cardboard::testing;

namespace {

std::unique_ptr<Game> api_game(uint64_t seed = 1) {
  auto g = make_game(load_fixture("api", "basic"));
  must_ok(g->start(seed));
  REQUIRE(g->state().pending.open());
  return g;
}

std::vector<std::string> event_texts(Game& g, Event::Kind kind, int reader = kEveryone) {
  std::vector<std::string> out;
  for (const auto& e : g.events())
    if (e.kind == kind) out.push_back(render(e.text, g.def(), reader));
  return out;
}

// The text of event i for `reader`.
std::string text_of(Game& g, size_t i, int reader = kEveryone) { return render(g.events().at(i).text, g.def(), reader); }

void force_dice(Game& g, std::vector<int> faces) {
  ForcedInput f;
  f.dice = std::move(faces);
  must_ok(g.force(f));
}

}  // namespace

TEST_CASE("lua pieces: at, count and sum honor every filter field", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return pieces.count('board'), pieces.count('cup'), pieces.count('deck')") == "5,4,4");
  CHECK(lua_ok(L, "return pieces.count('board', {owner = 'red'}), pieces.count('board', {owner = 'blue'})") == "2,3");
  CHECK(lua_ok(L, "return pieces.count('board', {type = 'infantry'}), #pieces.at('board', {type = 'tank'})") ==
        "3,2");
  CHECK(lua_ok(L, "return pieces.count('board', {kind = 'unit'}), pieces.count('deck', {kind = 'card'}), "
                  "pieces.count('cup', {kind = 'unit'})") == "5,4,0");
  CHECK(lua_ok(L, "return pieces.count('board', {has = 'armored'}), pieces.count('board', {has = 'attack'})") ==
        "2,5");
  // lacks: the value is absent or false (infantry prints armored = false).
  CHECK(lua_ok(L, "return pieces.count('board', {lacks = 'armored'}), pieces.count('board', {lacks = 'attack'}), "
                  "pieces.count('board', {lacks = 'nothing'}), "
                  "pieces.count('board', pieces.filter {owner = 'blue', lacks = 'armored'}), "
                  "#pieces.at('board', {kind = 'unit', lacks = 'speed'})") == "3,0,5,3,3");
  CHECK(lua_ok(L, "local p = pieces.at('board')[3] pieces.mark(p, 'disrupted') "
                  "return pieces.count('board', {marked = 'disrupted'}), "
                  "pieces.at('board', {marked = 'disrupted'})[1] == p") == "1,true");
  CHECK(lua_ok(L, "return pieces.count('board', {owner = 'blue', marked = 'disrupted'})") == "1");
  // unmarked: the pieces without the marker (units not yet moved this phase).
  CHECK(lua_ok(L, "return pieces.count('board', {unmarked = 'disrupted'}), "
                  "pieces.count('board', pieces.filter {unmarked = 'disrupted'}), "
                  "pieces.count('board', {unmarked = 'fired'}), "
                  "pieces.at('board', {unmarked = 'disrupted'})[3] == pieces.at('board')[4]") == "4,4,5,true");
  CHECK(lua_ok(L, "return pieces.sum('board', 'attack'), pieces.sum('board', 'attack', {owner = 'blue'}), "
                  "pieces.sum('board', 'speed'), pieces.sum('board', 'nothing'), (pieces.sum('deck', 'points'))") ==
        "14,6,5.0,0,28");
  // The second result counts the matching pieces, with the value or without.
  CHECK(lua_ok(L, "return select(2, pieces.sum('board', 'speed')), select(2, pieces.sum('board', 'nothing')), "
                  "select(2, pieces.sum('board', 'attack', {owner = 'blue'})), select(2, pieces.sum('dead', 'attack'))") ==
        "5,5,3,0");
  // at lists bottom to top, and matches the kernel's contents.
  const auto& board = g->state().contents[g->def().find_location("board")];
  std::string ids;
  for (int id : board) ids += (ids.empty() ? "" : ",") + std::to_string(id + 1);
  CHECK(lua_ok(L, "return table.concat(pieces.at('board'), ',')") == ids);
}

TEST_CASE("lua pieces: face and not_face filter by the face a piece shows", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  // The fixture's types name the default faces, front and back.
  CHECK(lua_ok(L, "pieces.flip(pieces.at('board', {type = 'infantry'})[2]) "
                  "return pieces.count('board', {face = 'back'}), pieces.count('board', {face = 'front'}), "
                  "pieces.count('board', {not_face = 'front'}), pieces.count('board', {face = {'front', 'back'}}), "
                  "pieces.count('board', {not_face = {'front', 'back'}}), pieces.count('board', {face = 'sideways'})") ==
        "1,4,1,5,0,0");
  // Compiled, with the other fields, and as pieces.at gives them.
  CHECK(lua_ok(L, "local back = pieces.filter {owner = 'blue', face = 'back'} "
                  "local front = pieces.filter {kind = 'unit', not_face = {'back'}} "
                  "return pieces.count('board', back), pieces.count('board', front), "
                  "pieces.at('board', back)[1] == pieces.at('board', {type = 'infantry'})[2], "
                  "pieces.count('board', {owner = 'red', face = 'back'})") == "1,4,true,0");
  // A flip changes what a compiled filter finds: it reads the face at each call.
  CHECK(lua_ok(L, "local back = pieces.filter {face = 'back'} local n = pieces.count('board', back) "
                  "pieces.flip(pieces.at('board', {type = 'tank'})[1]) return n, pieces.count('board', back)") == "1,2");
  CHECK_THAT(lua_error(L, "return pieces.count('board', {face = 1})"),
             Catch::Contains("bad argument #2 to 'count' (filter field 'face' must be a face's name or an array of them)"));
  CHECK_THAT(lua_error(L, "return pieces.filter {not_face = {}}"),
             Catch::Contains("filter field 'not_face' must be a face's name or an array of them"));
  CHECK_THAT(lua_error(L, "return pieces.count('board', {face = {'front', 2}})"),
             Catch::Contains("filter field 'face' must be a face's name or an array of them"));
}

TEST_CASE("lua pieces: values, not_values and at_least filter by printed values", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  // The board: two red tanks (attack 4, armored, speed 2.5), three blue
  // infantry (attack 2, armored = false, no speed).
  CHECK(lua_ok(L, "return pieces.count('board', {values = {attack = 4}}), pieces.count('board', {values = {attack = {2, 4}}}), "
                  "pieces.count('board', {values = {armored = false}}), pieces.count('board', {values = {attack = 4.0}}), "
                  "pieces.count('board', {owner = 'red', values = {speed = 2.5}}), "
                  "pieces.count('board', {values = {nothing = 1}})") == "2,5,3,2,2,0");
  CHECK(lua_ok(L, "return pieces.count('board', {not_values = {attack = 4}}), pieces.count('board', {not_values = {speed = 2.5}}), "
                  "pieces.count('board', {not_values = {nothing = 1}}), pieces.count('board', {not_values = {attack = {2, 4}}})") ==
        "3,3,5,0");
  CHECK(lua_ok(L, "return pieces.count('board', {at_least = {attack = 3}}), pieces.count('board', {at_least = {attack = 2}}), "
                  "pieces.count('board', {at_least = {speed = 0}}), pieces.count('board', {at_least = {armored = 0}}), "
                  "pieces.count('board', {at_least = {attack = 2, speed = 1}})") == "2,5,2,0,2");
  // Compiled, with the other fields, and the same pieces as a table filter finds.
  CHECK(lua_ok(L, "local strong = pieces.filter {kind = 'unit', at_least = {attack = 3}, not_values = {armored = false}} "
                  "local weak = pieces.filter {owner = 'blue', values = {attack = 2}} "
                  "return pieces.count('board', strong), pieces.count('board', weak), "
                  "table.concat(pieces.at('board', weak), ',') == table.concat(pieces.at('board', {type = 'infantry'}), ','), "
                  "(pieces.sum('board', 'attack', strong))") == "2,3,true,8");
  CHECK_THAT(lua_error(L, "return pieces.count('board', {values = 4})"),
             Catch::Contains("filter field 'values' must be a table {key = value or {values}}"));
  CHECK_THAT(lua_error(L, "return pieces.count('board', {values = {attack = {}}})"),
             Catch::Contains("filter field 'values' must be a table {key = value or {values}}"));
  // A list of values is bounded (64), as a list of faces is.
  CHECK_THAT(lua_error(L, "local t = {} for i = 1, 65 do t[i] = i end return pieces.count('board', {values = {attack = t}})"),
             Catch::Contains("filter field 'values' must be a table {key = value or {values}}"));
  CHECK(lua_ok(L, "local t = {} for i = 1, 64 do t[i] = i end return pieces.count('board', {values = {attack = t}})") == "5");
  CHECK_THAT(lua_error(L, "return pieces.filter {not_values = {attack = {1, {}}}}"),
             Catch::Contains("filter field 'not_values' must be a table {key = value or {values}}"));
  CHECK_THAT(lua_error(L, "return pieces.count('board', {at_least = {attack = 'x'}})"),
             Catch::Contains("filter field 'at_least' must be a table {key = number}"));
  CHECK_THAT(lua_error(L, "return pieces.count('board', {at_least = {attack = 0/0}})"),
             Catch::Contains("filter field 'at_least' must be a table {key = number}"));
  CHECK_THAT(lua_error(L, "return pieces.count('board', {at_least = {[1] = 2}})"),
             Catch::Contains("filter field 'at_least' must be a table {key = number}"));
}

TEST_CASE("lua pieces: a printed-value filter reads the values of the face a piece shows", "[kernel][lua]") {
  auto g = make_game(load_fixture("combat", "front"));
  must_ok(g->start(1));
  Game& L = *g;
  // Red's armors print attack 6, 3 on their reduced faces; its infantry 3, 1.
  const std::string count = "local strong = pieces.filter {at_least = {attack = 3}} "
                            "return pieces.count('0101', {at_least = {attack = 3}}), pieces.count('0101', strong), "
                            "pieces.count('0101', {values = {attack = 3}}), "
                            "pieces.type(pieces.at('0101', {values = {attack = 3}})[1])";
  CHECK(lua_ok(L, count) == "3,3,1,infantry");
  CHECK(lua_ok(L, "pieces.set_face(pieces.at('0101', {type = 'armor'})[1], 'reduced') "
                  "pieces.set_face(pieces.at('0101', {type = 'infantry'})[1], 'reduced')") == "");
  // The reduced armor (6 -> 3) and infantry (3 -> 1).
  CHECK(lua_ok(L, count) == "2,2,1,armor");
}

TEST_CASE("lua pieces: inside reaches the boxes a location's pieces name, holder finds the piece naming a box",
          "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return pieces.holder('truck_hold', 'hold'), pieces.holder('board', 'hold'), "
                  "pieces.holder('truck_hold', 'nothing')") == "nil,nil,nil");
  // A truck on the board, one infantry and one tank in its hold.
  CHECK(lua_ok(L, "local t = pieces.create('truck', 'board') "
                  "pieces.move(pieces.at('board', {type = 'infantry'})[1], 'truck_hold') "
                  "pieces.move(pieces.at('board', {type = 'tank'})[1], 'truck_hold') "
                  "return pieces.holder('truck_hold', 'hold') == t, pieces.location(t)") == "true,board");
  // The board's own pieces first, bottom to top, then its truck's hold.
  CHECK(lua_ok(L, "local out = {} for _, p in ipairs(pieces.inside('board', 'hold')) do out[#out + 1] = pieces.type(p) end "
                  "return table.concat(out, ',')") == "tank,infantry,infantry,truck,infantry,tank");
  CHECK(lua_ok(L, "local out = {} for _, p in ipairs(pieces.inside('board', 'hold', {owner = 'blue'})) do "
                  "out[#out + 1] = pieces.type(p) end return table.concat(out, ',')") == "infantry,infantry,infantry");
  // A key that names no location, or no key: the location's own pieces.
  CHECK(lua_ok(L, "return #pieces.inside('board', 'attack'), #pieces.inside('board', 'nothing'), "
                  "#pieces.inside('truck_hold', 'hold')") == "4,4,2");
  // The holder is found wherever it is; one level deep only.
  CHECK(lua_ok(L, "local t = pieces.holder('truck_hold', 'hold') pieces.move(t, 'dead') "
                  "return pieces.holder('truck_hold', 'hold') == t, #pieces.inside('dead', 'hold'), "
                  "#pieces.inside('board', 'hold')") == "true,3,3");
  CHECK(lua_error(L, "return pieces.inside('nowhere', 'hold')").find("no such location") != std::string::npos);
  // A list of locations: each in turn, as one call each would give.
  CHECK(lua_ok(L, "local a, b = pieces.inside('board', 'hold'), pieces.inside('dead', 'hold') "
                  "local both = pieces.inside({'board', 'dead'}, 'hold') "
                  "if #both ~= #a + #b then return 'lengths differ' end "
                  "for i, p in ipairs(both) do if p ~= (a[i] or b[i - #a]) then return 'differs at ' .. i end end "
                  "return #both, #pieces.inside({}, 'hold')") == "6,0");
  CHECK(lua_error(L, "return pieces.inside({'board', 'nowhere'}, 'hold')")
            .find("bad argument #1 to 'inside' (element 2: no such location: 'nowhere')") != std::string::npos);
  CHECK(lua_error(L, "return pieces.inside({'board', 7}, 'hold')").find("element 2: no such location: '7'") !=
        std::string::npos);
  // count_inside: the length of the same answer, with no table.
  CHECK(lua_ok(L, "return pieces.count_inside('board', 'hold'), pieces.count_inside('dead', 'hold', {owner = 'blue'}), "
                  "pieces.count_inside({'board', 'dead'}, 'hold'), #pieces.inside('dead', 'hold', {owner = 'blue'})") ==
        "3,1,6,1");
  CHECK(lua_error(L, "return pieces.count_inside({'board', 'nowhere'}, 'hold')")
            .find("bad argument #1 to 'count_inside' (element 2: no such location: 'nowhere')") != std::string::npos);
}

TEST_CASE("lua pieces: vacant keeps the locations of a list where no piece matches, in order", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return table.concat(pieces.vacant({'dead', 'board', 'truck_hold', 'cup'}), ',')") ==
        "dead,truck_hold");
  CHECK(lua_ok(L, "return table.concat(pieces.vacant({'cup', 'board', 'deck'}, {kind = 'card'}), ',')") == "cup,board");
  CHECK(lua_ok(L, "pieces.move(pieces.at('board', {owner = 'blue'})[1], 'dead') "
                  "return table.concat(pieces.vacant({'dead', 'truck_hold'}, {owner = 'blue'}), ','), "
                  "#pieces.vacant({})") == "truck_hold,0");
  CHECK(lua_error(L, "return pieces.vacant('board')").find("bad argument #1 to 'vacant' (table expected") !=
        std::string::npos);
  CHECK(lua_error(L, "return pieces.vacant({'board', 'nowhere'})").find("element 2: no such location: 'nowhere'") !=
        std::string::npos);
}

TEST_CASE("lua pieces: a bad filter is an argument error", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK_THAT(lua_error(L, "return pieces.count('board', {color = 'red'})"),
             Catch::Contains("bad argument #2 to 'count' (unknown filter field 'color' (owner, type, kind, has, "
                             "lacks, marked, unmarked, face, not_face, values, not_values, at_least))"));
  CHECK_THAT(lua_error(L, "return pieces.count('board', {owner = 'green'})"),
             Catch::Contains("bad argument #2 to 'count' (no such side: 'green')"));
  CHECK_THAT(lua_error(L, "return pieces.at('board', {type = 'dragon'})"),
             Catch::Contains("bad argument #2 to 'at' (no such piece type: 'dragon')"));
  CHECK_THAT(lua_error(L, "return pieces.count('board', {owner = 1})"),
             Catch::Contains("bad argument #2 to 'count' (filter field 'owner' must be a string)"));
  CHECK_THAT(lua_error(L, "return pieces.sum('board', 'attack', 'red')"),
             Catch::Contains("bad argument #3 to 'sum' (table expected, got string)"));
}

TEST_CASE("lua pieces: a compiled filter matches as its table does and is fixed when made", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  // Every field, compiled and as a table, through at, count, sum and top.
  for (const char* f : {"{owner = 'red'}", "{type = 'infantry'}", "{kind = 'unit'}", "{has = 'armored'}",
                        "{owner = 'blue', has = 'attack'}", "{kind = 'card'}", "{}"}) {
    const std::string code = std::string("local t = ") + f +
                             " local c = pieces.filter(t) "
                             "return pieces.count('board', t) == pieces.count('board', c), "
                             "table.concat(pieces.at('board', t), ',') == table.concat(pieces.at('board', c), ','), "
                             "pieces.sum('board', 'attack', t) == pieces.sum('board', 'attack', c), "
                             "pieces.top('board', t) == pieces.top('board', c)";
    INFO(f);
    CHECK(lua_ok(L, code) == "true,true,true,true");
  }
  CHECK(lua_ok(L, "local p = pieces.at('board')[2] pieces.mark(p, 'disrupted') "
                  "local c = pieces.filter {marked = 'disrupted'} return pieces.count('board', c), "
                  "pieces.top('board', c) == p") == "1,true");
  // Changing the table afterwards does not change the compiled filter.
  CHECK(lua_ok(L, "local t = {owner = 'red'} local c = pieces.filter(t) t.owner = 'blue' "
                  "return pieces.count('board', c), pieces.count('board', t)") == "2,3");
  CHECK_THAT(lua_error(L, "return pieces.filter {color = 'red'}"),
             Catch::Contains("bad argument #1 to 'filter' (unknown filter field 'color'"));
  CHECK_THAT(lua_error(L, "return pieces.filter('red')"),
             Catch::Contains("bad argument #1 to 'filter' (table expected, got string)"));
}

TEST_CASE("lua api: a bad rule reference is an error whether or not events are recorded", "[kernel][lua]") {
  for (bool recording : {true, false}) {
    auto g = api_game();
    g->set_record_events(recording);
    Game& L = *g;
    INFO("recording " << recording);
    CHECK_THAT(lua_error(L, "pieces.move(pieces.at('board')[1], 'dead', {})"),
               Catch::Contains("bad argument #3 to 'move' (string expected, got table)"));
    CHECK_THAT(lua_error(L, "deck.draw('deck', 'discard', true)"),
               Catch::Contains("bad argument #3 to 'draw' (string expected, got boolean)"));
    // The words of a log line are checked whether or not anything records.
    CHECK_THAT(lua_error(L, "log('2.1', '%d cards', 'many')"),
               Catch::Contains("bad argument #3 to 'log' (number expected, got string)"));
    CHECK_THAT(lua_error(L, "log('2.1', '%d and %d', 1)"),
               Catch::Contains("bad argument #4 to 'log' (no value for directive #2 of the format)"));
    CHECK_THAT(lua_error(L, "log('2.1', '%q', 'x')"), Catch::Contains("invalid conversion '%q' to 'log'"));
    CHECK_THAT(lua_error(L, "log('2.1', '%P moved', 999)"), Catch::Contains("bad argument #3 to 'log' (no such piece: 999)"));
    CHECK_THAT(lua_error(L, "roll('d6', '1', '%L', 'nowhere')"),
               Catch::Contains("bad argument #4 to 'roll' (no such location: 'nowhere')"));
    CHECK_THAT(lua_error(L, "track.add('vp', 1, {})"), Catch::Contains("bad argument #3 to 'add' (string expected"));
    CHECK_THAT(lua_error(L, "pick({1, 2}, {})"), Catch::Contains("bad argument #2 to 'pick' (string expected"));
    // A number is a rule reference too.
    CHECK(lua_ok(L, "local before = track.get('vp') return track.add('vp', 1, 5) - before") == "1");
  }
}

TEST_CASE("lua pieces: top is the topmost match, or nil", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "local all = pieces.at('board') return pieces.top('board') == all[#all]") == "true");
  CHECK(lua_ok(L, "local reds = pieces.at('board', {owner = 'red'}) "
                  "return pieces.top('board', {owner = 'red'}) == reds[#reds]") == "true");
  CHECK(lua_ok(L, "return pieces.top('board', {kind = 'card'}), pieces.top('dead')") == "nil,nil");
}

TEST_CASE("lua pieces: a piece's printed values, name, type, kind and owner", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "local t = pieces.at('board', {type = 'tank'})[1] "
                  "return pieces.value(t, 'attack'), pieces.value(t, 'speed'), pieces.value(t, 'armored'), "
                  "pieces.value(t, 'missing'), pieces.name(t), pieces.type(t), pieces.kind(t), pieces.owner(t), "
                  "pieces.location(t)") == "4,2.5,true,nil,Tank,tank,unit,red,board");
  CHECK(lua_ok(L, "local c = pieces.at('cup')[1] return pieces.owner(c), pieces.kind(c), pieces.name(c)") ==
        "nil,chit,Chit");
  CHECK(lua_ok(L, "local c = pieces.at('cup')[1] pieces.set_owner(c, 'blue') local o1 = pieces.owner(c) "
                  "pieces.set_owner(c, nil) return o1, pieces.owner(c)") == "blue,nil");
}

TEST_CASE("lua pieces: faces by name, marks and counters change the piece, each an event", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "local p = pieces.at('board')[1] return pieces.face(p), pieces.flip(p), pieces.face(p), "
                  "pieces.flip(p), pieces.set_face(p, 'back', '8.1'), pieces.set_face(p, 'front')") ==
        "front,back,back,front,back,front");
  CHECK(lua_ok(L, "local p = pieces.at('board')[1] return pieces.mark(p, 'fired'), pieces.marked(p, 'fired'), "
                  "pieces.mark(p, 'fired'), pieces.unmark(p, 'fired'), pieces.marked(p, 'fired'), "
                  "pieces.unmark(p, 'fired')") == "false,true,true,true,false,false");
  g->clear_events();
  lua_ok(L, "local p = pieces.at('board')[1] pieces.flip(p, '8.2') pieces.mark(p, 'fired', '8.3') "
            "pieces.mark(p, 'fired') pieces.unmark(p, 'fired', '8.4') pieces.set_counter(p, 'hits', 2, '8.5') "
            "pieces.set_owner(p, 'blue', '8.6')");
  CHECK(event_texts(*g, Event::Kind::kChange) ==
        std::vector<std::string>{"Tank turned to its back side", "Tank marked fired", "Tank no longer marked fired",
                                 "Tank hits 0 -> 2", "Tank now belongs to Blue"});
  CHECK(g->events()[0].rule == "8.2");
  lua_ok(L, "local p = pieces.at('board')[1] pieces.set_owner(p, 'red') pieces.set_counter(p, 'hits', 0)");
  CHECK(lua_ok(L, "local p = pieces.at('board')[2] local before = pieces.counter(p, 'hits') "
                  "pieces.set_counter(p, 'hits', 2) local after = pieces.counter(p, 'hits') "
                  "return before, after") == "0,2");
  const int p = g->state().contents[g->def().find_location("board")][1];
  CHECK(counter(g->state().pieces[p], "hits") == 2);
  lua_ok(L, "pieces.set_counter(pieces.at('board')[2], 'hits', 0)");
  CHECK(g->state().pieces[p].counters.empty());
  CHECK_THAT(lua_error(L, "pieces.set_counter(pieces.at('board')[2], 'hits', 1.5)"),
             Catch::Contains("bad argument #3 to 'set_counter' (number has no integer representation)"));
}

TEST_CASE("lua pieces: create places a new piece with its type's owner", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  const auto before = g->state().pieces.size();
  CHECK(lua_ok(L, "local p = pieces.create('tank', 'dead') return p, pieces.owner(p), pieces.location(p), "
                  "pieces.at('dead')[1] == p") == std::to_string(before + 1) + ",red,dead,true");
  CHECK(lua_ok(L, "local p = pieces.create('chit', 'board', '3.1', { owner = 'blue' }) return pieces.owner(p)") == "blue");
  CHECK(g->state().pieces.size() == before + 2);
  CHECK_THAT(lua_error(L, "pieces.create('dragon', 'board')"),
             Catch::Contains("bad argument #1 to 'create' (no such piece type: 'dragon')"));
  CHECK_THAT(lua_error(L, "pieces.create('tank', 'nowhere')"),
             Catch::Contains("bad argument #2 to 'create' (no such location: 'nowhere')"));
  CHECK_THAT(lua_error(L, "pieces.create('tank', 'board', nil, { owner = 'green' })"),
             Catch::Contains("no such side: 'green'"));
}

TEST_CASE("lua pieces: move goes to the top, pieces.move(p, nil) removes from play", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  g->clear_events();
  CHECK(lua_ok(L, "local p = pieces.at('board')[1] pieces.move(p, 'dead', '7.3') local q = pieces.at('board')[1] "
                  "pieces.move(q, 'dead') local at = pieces.at('dead') "
                  "return #at, at[2] == q, pieces.location(p)") == "2,true,dead");
  CHECK(event_texts(*g, Event::Kind::kMove) ==
        std::vector<std::string>{"Tank moved from Board to Dead pile", "Tank moved from Board to Dead pile"});
  CHECK(g->events()[0].rule == "7.3");
  CHECK(lua_ok(L, "local p = pieces.at('dead')[1] pieces.move(p, nil) return pieces.location(p), pieces.count('dead')") ==
        "nil,1");
  CHECK(event_texts(*g, Event::Kind::kMove).back() == "Tank moved from Dead pile to out of play");
  // Every piece is still in exactly the place it says it is.
  const State& s = g->state();
  for (size_t id = 0; id < s.pieces.size(); ++id) {
    int found = 0;
    for (const auto& c : s.contents)
      for (int x : c) found += x == static_cast<int>(id);
    CHECK(found == (s.pieces[id].location >= 0 ? 1 : 0));
  }
}

TEST_CASE("lua pieces: a piece's own visibility, and who sees its moves", "[kernel][lua][hidden]") {
  auto g = api_game();
  Game& L = *g;
  // Board pieces are seen as the board is, until given a visibility of their own.
  CHECK(lua_ok(L, "local t = pieces.at('board', {type = 'tank'})[1] local before = pieces.visibility(t) "
                  "pieces.set_visibility(t, 'owner') local own = pieces.visibility(t) "
                  "return before, own") == "nil,owner");
  g->clear_events();
  // Face down on the open board: every side sees it move to the open dead
  // pile, where it stays face down: Red reads its name, Blue does not.
  CHECK(lua_ok(L, "local t = pieces.at('board', {type = 'tank'})[1] pieces.move(t, 'dead', '4')") == "");
  REQUIRE(g->events().size() == 1);
  CHECK(text_of(*g, 0, 0) == "Tank moved from Board to Dead pile");
  CHECK(text_of(*g, 0, 1) == "a hidden Red unit moved from Board to Dead pile");
  CHECK(g->events()[0].visible_to == -1);
  // Seen by nobody on its own: both ends hidden, the event names no piece.
  g->clear_events();
  CHECK(lua_ok(L, "local t = pieces.at('dead', {type = 'tank'})[1] pieces.set_visibility(t, 'nobody') "
                  "pieces.move(t, 'board', '4')") == "");
  REQUIRE(g->events().size() == 1);
  CHECK(text_of(*g, 0, 0) == "a hidden Red unit moved from Dead pile to Board");
  CHECK(text_of(*g, 0, kPublicOnly) == "a hidden Red unit moved from Dead pile to Board");
  // Face down for its owner: shown to Red (a reveal), then Red reads its
  // name in its moves and Blue does not.
  g->clear_events();
  CHECK(lua_ok(L, "local t = pieces.top('board', {type = 'tank'}) pieces.set_visibility(t, 'owner') "
                  "pieces.move(t, 'board', '4')") == "");
  REQUIRE(g->events().size() == 2);
  CHECK(g->events()[0].kind == Event::Kind::kReveal);
  CHECK(text_of(*g, 1, 0) == "Tank moved from Board to Board");
  CHECK(text_of(*g, 1, 1) == "a hidden Red unit moved from Board to Board");
  // Shown: public even from Red's hand, an owner-only place.
  g->clear_events();
  CHECK(lua_ok(L, "local t = pieces.at('board', {type = 'tank'})[1] pieces.set_visibility(t, 'public') "
                  "pieces.move(t, 'red_hand', '4') pieces.set_visibility(t, nil) return pieces.visibility(t)") == "nil");
  REQUIRE(g->events().size() == 1);
  CHECK(text_of(*g, 0, 1) == "Tank moved from Board to Red hand");
  // Showing a piece to a side that did not see it is a reveal: a move out of
  // Red's hand onto the open board, or its visibility opened where it is.
  g->clear_events();
  CHECK(lua_ok(L, "local t = pieces.at('red_hand', {type = 'tank'})[1] pieces.move(t, 'board', '5')") == "");
  REQUIRE(g->events().size() == 1);
  CHECK(g->events()[0].kind == Event::Kind::kReveal);
  CHECK(text_of(*g, 0, 1) == "Tank moved from Red hand to Board");
  g->clear_events();
  CHECK(lua_ok(L, "local t = pieces.at('board', {type = 'tank'})[1] pieces.set_visibility(t, 'nobody') "
                  "pieces.set_visibility(t, 'owner', '6') pieces.set_visibility(t, 'public', '6')") == "");
  REQUIRE(g->events().size() == 2);  // hiding reveals nothing
  CHECK(g->events()[0].kind == Event::Kind::kReveal);
  CHECK(text_of(*g, 0, 0) == "Tank revealed at Board");     // nobody to owner: shown to Red
  CHECK(text_of(*g, 0, 1) == "a hidden Red unit revealed at Board");
  CHECK(text_of(*g, 1, 1) == "Tank revealed at Board");     // owner to public: shown to Blue
  CHECK(g->events()[1].rule == "6");
  CHECK_THAT(lua_error(L, "pieces.set_visibility(pieces.at('board')[1], 'sideways')"),
             Catch::Contains("bad argument #2 to 'set_visibility' (invalid option 'sideways')"));
  CHECK_THAT(lua_error(L, "pieces.set_visibility(pieces.at('cup')[1], 'owner')"),
             Catch::Contains("has no owner, so it cannot be seen by its owner only"));
}

TEST_CASE("lua pieces: set_visibility sets an array of pieces, set_stack_visibility the stacks of locations",
          "[kernel][lua][hidden]") {
  auto g = api_game();
  Game& L = *g;
  const std::string visibilities =
      "local function seen(loc, f) local out = {} for _, p in ipairs(pieces.at(loc, f)) do "
      "out[#out + 1] = pieces.visibility(p) or '-' end return table.concat(out, ',') end ";
  // An array: each piece in turn; hiding reveals nothing, showing each piece is its reveal.
  g->clear_events();
  CHECK(lua_ok(L, visibilities + "pieces.set_visibility(pieces.at('board'), 'nobody') return seen('board')") ==
        "nobody,nobody,nobody,nobody,nobody");
  CHECK(g->events().empty());
  CHECK(lua_ok(L, visibilities + "pieces.set_visibility(pieces.at('board', {owner = 'blue'}), nil, '7') "
                  "return seen('board', {owner = 'blue'})") == "-,-,-");
  REQUIRE(g->events().size() == 3);
  CHECK(g->events()[0].kind == Event::Kind::kReveal);
  CHECK(g->events()[2].rule == "7");
  // Setting what is already so changes nothing and tells nothing.
  g->clear_events();
  CHECK(lua_ok(L, "pieces.set_visibility(pieces.at('board', {owner = 'blue'}), nil) pieces.set_visibility({}, 'owner')") ==
        "");
  CHECK(g->events().empty());
  // Stacks of 2 from the bottom: each stack's top, and the last piece, get
  // the first visibility; the rest the second.
  CHECK(lua_ok(L, visibilities + "pieces.set_stack_visibility('board', {owner = 'blue'}, 2, nil, 'owner') "
                  "return seen('board', {owner = 'blue'}), seen('board', {owner = 'red'})") ==
        "owner,-,-,nobody,nobody");
  CHECK(lua_ok(L, visibilities + "pieces.move(pieces.at('board', {owner = 'red'})[1], 'dead') "
                  "pieces.set_stack_visibility({'board', 'dead'}, {owner = 'red'}, 1, 'public', nil) "
                  "pieces.set_stack_visibility('board', {owner = 'blue'}, 3, 'public', 'owner') "
                  "return seen('board'), seen('dead')") == "public,owner,owner,public,public");
  CHECK_THAT(lua_error(L, "pieces.set_visibility({pieces.at('board')[1], 99}, 'owner')"),
             Catch::Contains("bad argument #1 to 'set_visibility' (element 2: no such piece: 99)"));
  CHECK_THAT(lua_error(L, "pieces.set_stack_visibility('board', nil, 0, nil, 'owner')"),
             Catch::Contains("bad argument #3 to 'set_stack_visibility' (a stack holds at least one piece)"));
  CHECK_THAT(lua_error(L, "pieces.set_stack_visibility('board', nil, 2, 'sideways')"),
             Catch::Contains("bad argument #4 to 'set_stack_visibility' (invalid option 'sideways')"));
  CHECK_THAT(lua_error(L, "pieces.set_stack_visibility({'cup'}, nil, 1, 'owner')"),
             Catch::Contains("bad argument #4 to 'set_stack_visibility' (piece"));
}

TEST_CASE("lua pieces: a side knows a piece it saw that was hidden where it stands, until it moves or changes",
          "[kernel][lua][hidden]") {
  auto g = api_game();
  Game& L = *g;
  // A Tank on the open board, seen by both; hidden from Blue where it stands:
  // Blue remembers it, and forgets it once it changes or moves.
  const std::string tank = "local t = pieces.at('board', {type = 'tank'})[1] ";
  CHECK(lua_ok(L, tank + "return pieces.known(t, 'blue'), pieces.known(t, 'red')") == "true,true");
  const std::vector<std::string> changes = {
      "pieces.mark(t, 'fired')",        "pieces.set_counter(t, 'hits', 1)", "pieces.flip(t)",
      "pieces.set_owner(t, 'blue')",    "pieces.move(t, 'board')",          "pieces.move(t, 'dead')",
  };
  for (const auto& change : changes) {
    INFO(change);
    CHECK(lua_ok(L, tank + "pieces.set_visibility(t, nil) pieces.set_visibility(t, 'owner') "
                           "local kept = pieces.known(t, 'blue') pieces.set_visibility(t, 'nobody') "
                           "local still = pieces.known(t, 'blue') " +
                           change + " return kept, still, pieces.known(t, 'blue'), pieces.visibility(t)") ==
          "true,true,false,nobody");
    lua_ok(L, "for _, t in ipairs(pieces.at('dead')) do pieces.move(t, 'board') end "
              "for _, t in ipairs(pieces.at('board', {type = 'tank'})) do pieces.set_owner(t, 'red') "
              "pieces.set_counter(t, 'hits', 0) pieces.unmark(t, 'fired') pieces.set_face(t, 'front') end");
  }
  // What changes nothing of the piece keeps the memory: a mark it had, a
  // counter set to its value, its own face.
  CHECK(lua_ok(L, tank + "pieces.mark(t, 'fired') pieces.set_visibility(t, nil) pieces.set_visibility(t, 'owner') "
                         "pieces.mark(t, 'fired') pieces.set_counter(t, 'hits', 0) pieces.set_face(t, 'front') "
                         "return pieces.known(t, 'blue')") == "true");
  // Seen again, then hidden again: known; a card never seen is not.
  CHECK(lua_ok(L, tank + "pieces.set_visibility(t, 'public') local seen = pieces.known(t, 'blue') "
                         "pieces.set_visibility(t, 'owner') return seen, pieces.known(t, 'blue')") == "true,true");
  CHECK(lua_ok(L, "local c = pieces.top('deck') return pieces.known(c, 'red'), pieces.known(c, 'blue')") ==
        "false,false");
  // A card shown on the face-down deck and hidden there is known until the
  // deck is shuffled: then it is somewhere in the deck.
  CHECK(lua_ok(L, "local c = pieces.top('deck') pieces.set_visibility(c, 'public') pieces.set_visibility(c, nil) "
                  "local kept = pieces.known(c, 'blue') deck.shuffle('deck') "
                  "local after = false for _, d in ipairs(pieces.at('deck')) do after = after or pieces.known(d, 'blue') end "
                  "return kept, after") == "true,false");
  CHECK_THAT(lua_error(L, tank + "return pieces.known(t, 'green')"),
             Catch::Contains("bad argument #2 to 'known' (no such side: 'green')"));
}

TEST_CASE("lua api: argument errors read like Lua's own", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_error(L, "pieces.move(nil, 'board')") == "test:1: bad argument #1 to 'move' (piece expected, got nil)");
  CHECK(lua_error(L, "pieces.move(1, 'nowhere')") == "test:1: bad argument #2 to 'move' (no such location: 'nowhere')");
  CHECK(lua_error(L, "pieces.move(1)") == "test:1: bad argument #2 to 'move' (location expected, got no value)");
  CHECK(lua_error(L, "pieces.set_face(1, 'upside')") ==
        "test:1: bad argument #2 to 'set_face' (no face 'upside' (the faces of Ace are front, back))");
  CHECK(lua_error(L, "pieces.move(1, 5)") == "test:1: bad argument #2 to 'move' (location expected, got number)");
  CHECK(lua_error(L, "pieces.move(999, 'board')") == "test:1: bad argument #1 to 'move' (no such piece: 999)");
  CHECK(lua_error(L, "pieces.move(0, 'board')") == "test:1: bad argument #1 to 'move' (no such piece: 0)");
  CHECK(lua_error(L, "pieces.move('tank', 'board')") == "test:1: bad argument #1 to 'move' (piece expected, got string)");
  CHECK(lua_error(L, "return pieces.value(1)") == "test:1: bad argument #2 to 'value' (string expected, got no value)");
  CHECK(lua_error(L, "return deck.draw('nowhere', 'board')") ==
        "test:1: bad argument #1 to 'draw' (no such location: 'nowhere')");
  CHECK(lua_error(L, "return game.title('zz')") == "test:1: bad argument #1 to 'title' (nothing is named 'zz')");
}

// The kernel finds ids, value keys and formats by the identity of their Lua
// strings (script/anchored_names.h, the format cache of runtime.h): a string
// made at run time, a format the cache has no room for and one too long to
// keep read and fail exactly as literals do.
TEST_CASE("lua api: names and formats made at run time read as literals do", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "local b = 'bo' .. 'ard' return pieces.count(b), pieces.value(pieces.at(b)[1], 'att' .. 'ack')") ==
        lua_ok(L, "return pieces.count('board'), pieces.value(pieces.at('board')[1], 'attack')"));
  CHECK(lua_ok(L, "return pieces.value(1, 5), pieces.value(1, 'no_such_key')") == "nil,nil");
  CHECK(lua_error(L, "pieces.move(1, 'no' .. 'where')") ==
        "test:1: bad argument #2 to 'move' (no such location: 'nowhere')");
  // More distinct formats than the cache keeps, then one too long to keep:
  // each is checked and read at every use.
  L.clear_events();
  lua_ok(L, "for i = 1, 600 do log('1', 'format ' .. i .. ': %d', i) end");
  const auto logs = event_texts(L, Event::Kind::kLog);
  REQUIRE(logs.size() == 600);
  CHECK(logs.front() == "format 1: 1");
  CHECK(logs.back() == "format 600: 600");
  CHECK_THAT(lua_error(L, "log('1', 'format ' .. 7 .. ': %d', 'x')"),
             Catch::Contains("bad argument #3 to 'log' (number expected, got string)"));
  for (int i = 0; i < 2; ++i) {
    L.clear_events();
    lua_ok(L, "log('1', string.rep('x', 600) .. ' %d', 3)");
    CHECK(event_texts(L, Event::Kind::kLog) == std::vector<std::string>{std::string(600, 'x') + " 3"});
    CHECK_THAT(lua_error(L, "log('1', string.rep('x', 600) .. ' %d')"),
               Catch::Contains("no value for directive #1 of the format"));
  }
}

TEST_CASE("lua decks: draw takes the top of a deck and a blind piece from a cup", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  g->clear_events();
  CHECK(lua_ok(L, "local at = pieces.at('deck') local top = at[#at] local p = deck.draw('deck', 'red_hand', '2.1') "
                  "return p == top, pieces.location(p), pieces.count('deck'), pieces.count('red_hand')") ==
        "true,red_hand,3,1");
  // Deck to an owner-only hand: every side sees the draw, Red reads the card.
  REQUIRE(g->events().size() == 1);
  CHECK(g->events()[0].rule == "2.1");
  CHECK_THAT(text_of(*g, 0, 1), Catch::StartsWith("a hidden "));
  CHECK(lua_ok(L, "local before = pieces.at('cup') local p = cup.draw('cup', 'board') local was = false "
                  "for _, q in ipairs(before) do was = was or q == p end "
                  "return was, pieces.count('cup'), pieces.location(p)") == "true,3,board");
  // Deck to cup: both hidden, nobody reads the name (but a replay, which sees all).
  lua_ok(L, "deck.draw('deck', 'cup')");
  CHECK_THAT(render(g->events().back().text, g->def(), 0), Catch::StartsWith("a hidden "));
  CHECK(lua_ok(L, "local n = 0 while deck.draw('deck', 'discard') do n = n + 1 end return n, deck.draw('deck', 'discard')") ==
        "2,nil");
}

TEST_CASE("lua decks: a cup draw is seeded by the game", "[kernel][lua]") {
  auto a = api_game(12);
  auto b = api_game(12);
  const std::string code = "local out = {} for i = 1, 4 do out[i] = cup.draw('cup', 'board') end "
                           "return table.concat(out, ',')";
  CHECK(lua_ok(*a, code) == lua_ok(*b, code));
  CHECK(a->state().hash() == b->state().hash());
}

TEST_CASE("lua decks: shuffle, reshuffle, a move to the bottom and count", "[kernel][lua]") {
  auto g = api_game(4);
  Game& L = *g;
  CHECK(lua_ok(L, "local p = pieces.at('deck')[4] pieces.move(p, 'deck', nil, { bottom = true }) return pieces.at('deck')[1] == p, "
                  "pieces.count('deck')") == "true,4");
  CHECK(lua_ok(L, "local p = pieces.at('board')[1] pieces.move(p, 'deck', nil, { bottom = true }) "
                  "return pieces.at('deck')[1] == p, pieces.count('deck'), pieces.count('board')") == "true,5,4");
  CHECK(lua_ok(L, "for i = 1, 3 do deck.draw('deck', 'discard') end return pieces.count('deck'), pieces.count('discard')") ==
        "2,3");
  g->clear_events();
  CHECK(lua_ok(L, "return deck.reshuffle('discard', 'deck', '3.2'), pieces.count('deck'), pieces.count('discard')") ==
        "3,5,0");
  CHECK(event_texts(*g, Event::Kind::kDraw) == std::vector<std::string>{"3 from Discard reshuffled into Deck"});
  // A shuffle permutes the deck, the same way for the same seed.
  const std::string before = lua_ok(L, "local t = pieces.at('deck') table.sort(t) return table.concat(t, ',')");
  lua_ok(L, "deck.shuffle('deck')");
  CHECK(lua_ok(L, "local t = pieces.at('deck') table.sort(t) return table.concat(t, ',')") == before);
  CHECK(event_texts(*g, Event::Kind::kDraw).back() == "Deck shuffled");
  auto again = api_game(4);
  lua_ok(*again, "local p = pieces.at('deck')[4] pieces.move(p, 'deck', nil, { bottom = true }) pieces.move(pieces.at('board')[1], 'deck', nil, { bottom = true }) for i = 1, 3 do deck.draw('deck', 'discard') end deck.reshuffle('discard', 'deck') "
             "deck.shuffle('deck')");
  CHECK(again->state().hash() == g->state().hash());
}

TEST_CASE("lua tracks: get, set and add clamp to the bounds", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return track.get('vp'), track.bounds('vp')") == "5,0,20");
  CHECK(lua_ok(L, "return track.set('vp', 12), track.add('vp', 3), track.add('vp', 100), track.get('vp')") ==
        "12,15,20,20");
  CHECK(lua_ok(L, "return track.set('vp', -4), track.add('vp', -1), track.add('vp', 7)") == "0,0,7");
  CHECK(g->state().tracks[g->def().find_track("vp")] == 7);
  g->clear_events();
  lua_ok(L, "track.add('vp', 2, '10.1') track.add('vp', 0)");
  REQUIRE(g->events().size() == 1);  // an unchanged value is no event
  CHECK(text_of(*g, 0) == "Victory points 7 -> 9");
  CHECK(g->events()[0].rule == "10.1");
  CHECK(lua_error(L, "track.get('morale')") == "test:1: bad argument #1 to 'get' (no such track: 'morale')");
  CHECK(lua_error(L, "track.set('vp', 'x')") == "test:1: bad argument #2 to 'set' (number expected, got string)");
  CHECK(lua_error(L, "track.add('vp')") == "test:1: bad argument #2 to 'add' (number expected, got no value)");
}

TEST_CASE("lua vars: values are stored as copies, nested writes reach the state, and nil deletes", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "vars.n = 3 vars.x = 1.5 vars.s = 'text' vars.b = false "
                  "return vars.n, vars.x, vars.s, vars.b, vars.absent, math.type(vars.n)") ==
        "3,1.5,text,false,nil,integer");
  // A Lua table is copied in: changing it afterwards changes nothing. A
  // table read from vars is a view of the state: writing to it writes the state.
  CHECK(lua_ok(L, "local t = { a = { b = 1 }, list = { 'x', 'y' } } vars.t = t t.a.b = 2 "
                  "local r1 = vars.t.a.b vars.t.a.b = 3 local r2 = vars.t.a.b "
                  "local view = vars.t view.a.b = 4 vars.t = view "
                  "return r1, r2, vars.t.a.b, vars.t.list[2], vars.t == vars.t") == "1,3,4,y,false");
  const Value* t = g->state().vars.find("t");
  REQUIRE(t);
  CHECK(t->as_table().find("a")->as_table().find("b")->as_int() == 4);
  CHECK(lua_ok(L, "vars.t = nil return vars.t") == "nil");
  CHECK(g->state().vars.find("t") == nullptr);
  CHECK(lua_ok(L, "local keys = {} for k in pairs(vars) do keys[#keys + 1] = k end "
                  "return table.concat(keys, ',')") == "b,n,s,x");
}

TEST_CASE("lua vars: only plain values can be stored", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK_THAT(lua_error(L, "vars.f = function() end"),
             Catch::Contains("cannot store a function in the game state: only nil, booleans, numbers, strings and "
                             "tables"));
  CHECK_THAT(lua_error(L, "vars.t = { inner = { print } }"), Catch::Contains("cannot store a function"));
  CHECK_THAT(lua_error(L, "vars.t = { [1.5] = true }"),
             Catch::Contains("cannot store a table with a number key: use integer or string keys"));
  CHECK_THAT(lua_error(L, "vars.t = { [true] = 1 }"),
             Catch::Contains("cannot store a table with a boolean key: use integer or string keys"));
  CHECK(g->state().vars.entries.empty());
}

TEST_CASE("lua vars: deeply nested tables are stored, read back or refused safely", "[kernel][lua]") {
  // check_value and push_value (script/lua_api.cc) recurse into nested
  // tables, two stack slots a level: each level checks the stack, so a deep
  // table is stored or refused, never written past the Lua stack. Each case
  // runs in a child process so a regression cannot take the suite down.
  auto run = [](int depth) {
    int status = -1;
    const std::string out = in_child(
        [depth] {
          auto def = load_game("api/basic", fixture_root("api"));
          if (!def.ok()) return std::string("load failed");
          auto g = Game::create(*def);
          if (!g.ok() || !(*g)->start(1).ok()) return std::string("start failed");
          const std::string d = std::to_string(depth);
          LuaRun r = run_lua(**g,
                             "local t = {} local cur = t for i = 1, " + d + " do cur.x = {} cur = cur.x end "
                             "vars.deep = t local n, back = 0, vars.deep while back.x do n = n + 1 back = back.x end "
                             "return n");
          g->reset();
          // Churn the heap so that a corrupted block is noticed before exit.
          for (int i = 0; i < 3; ++i) {
            auto again = Game::create(*def);
            if (again.ok()) (void)(*again)->start(static_cast<uint64_t>(i));
          }
          return r.ok ? r.values : r.error;
        },
        status);
    return std::make_pair(status, out);
  };
  for (int depth : {8, 16, 31}) {
    INFO("a table nested " << depth << " levels deep");
    const auto [status, out] = run(depth);
    CHECK(status == 0);
    CHECK(out == std::to_string(depth));
  }
  const auto [status, out] = run(40);
  CHECK(status == 0);
  CHECK_THAT(out, Catch::Contains("value too deeply nested to store (more than 32 levels)"));
}

TEST_CASE("lua tables: the game's data tables are read-only", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return tables.crt[2], #tables.crt, tables.terrain.forest") == "2,3,2");
  CHECK(lua_ok(L, "local out = {} for k, v in pairs(tables.terrain) do out[#out + 1] = k .. '=' .. v end "
                  "return table.concat(out, ',')") == "clear=1,forest=2");
  CHECK(lua_ok(L, "local s = 0 for _, v in ipairs(tables.crt) do s = s + v end return s") == "6");
  CHECK_THAT(lua_error(L, "tables.crt = {}"),
             Catch::Contains("attempt to change 'tables.crt': the game's data tables are read-only"));
  CHECK_THAT(lua_error(L, "tables.crt[4] = 9"),
             Catch::Contains("attempt to change 'tables.crt[4]': the game's data tables are read-only"));
  CHECK_THAT(lua_error(L, "tables.terrain.swamp = 3"),
             Catch::Contains("attempt to change 'tables.terrain.swamp': the game's data tables are read-only"));
  CHECK_THAT(lua_error(L, "rawset(tables, 'crt', 0)"),
             Catch::Contains("attempt to change 'tables.crt': the game's data tables are read-only"));
  CHECK_THAT(lua_error(L, "rawset(tables.crt, 1, 0)"),
             Catch::Contains("attempt to change 'tables.crt[1]': the game's data tables are read-only"));
  CHECK_THAT(lua_error(L, "setmetatable(tables, nil)"),
             Catch::Contains("attempt to change the metatable of 'tables': the game's data tables are read-only"));
  CHECK_THAT(lua_error(L, "table.insert(tables.crt, 4)"),
             Catch::Contains("attempt to change 'tables.crt[4]': the game's data tables are read-only"));
  CHECK(lua_ok(L, "return rawget(tables.crt, 2), rawlen(tables.crt), next(tables.terrain), getmetatable(tables)") ==
        "2,3,clear,nil");
}

TEST_CASE("lua dice: math.random draws from the game's generator", "[kernel][lua]") {
  auto a = api_game(31);
  auto b = api_game(31);
  auto c = api_game(32);
  const std::string code = "local out = {} for i = 1, 20 do out[#out + 1] = math.random(1, 1000) end "
                           "out[#out + 1] = math.random(6) out[#out + 1] = math.random() return table.concat(out, ',')";
  const auto words = a->state().rng.words();
  const std::string first = lua_ok(*a, code);
  CHECK(lua_ok(*b, code) == first);
  CHECK(lua_ok(*c, code) != first);
  CHECK(a->state().rng.words() != words);
  CHECK(a->state().hash() == b->state().hash());
  Game& L = *a;
  CHECK(lua_ok(L, "local ok = true for i = 1, 1000 do local r = math.random(3, 5) ok = ok and r >= 3 and r <= 5 "
                  "and math.type(r) == 'integer' end return ok") == "true");
  CHECK_THAT(lua_error(L, "math.random(5, 1)"), Catch::Contains("bad argument #2 to 'random' (interval is empty)"));
  CHECK_THAT(lua_error(L, "math.randomseed(42)"),
             Catch::Contains("math.randomseed is not available: the game's generator is seeded when the game "
                             "starts"));
}

TEST_CASE("lua dice: roll returns the total and the faces and logs the roll", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  g->clear_events();
  force_dice(*g, {3});
  force_dice(*g, {4});
  CHECK(lua_ok(L, "return roll('2d6', '9.1', 'firefight')") == "7,3,4");
  force_dice(*g, {0});
  CHECK(lua_ok(L, "return roll('d10', '9.2')") == "0,0");
  REQUIRE(g->events().size() == 2);
  CHECK(g->events()[0].kind == Event::Kind::kRoll);
  CHECK(text_of(*g, 0) == "2d6 rolled 7 (3+4): firefight");
  CHECK(g->events()[0].rule == "9.1");
  CHECK(text_of(*g, 1) == "d10 rolled 0");
  lua_ok(L, "roll('d6', '9.3', 'fire at %L by %P', 'board', pieces.at('board')[1])");
  CHECK_THAT(text_of(*g, 2), Catch::EndsWith(": fire at Board by Tank"));
  CHECK(lua_ok(L, "local ok = true for i = 1, 500 do local t, f = roll('d6') ok = ok and t == f and t >= 1 and t <= 6 "
                  "end return ok") == "true");
  CHECK(lua_error(L, "roll('x6')") ==
        "test:1: bad argument #1 to 'roll' (bad dice 'x6': expected NdM such as d6, 2d6 or d10)");
  force_dice(*g, {7});
  CHECK(lua_error(L, "roll('d6')") == "test:1: forced die 7 is out of range for d6 (1-6)");
  g->clear_forced();
}

TEST_CASE("lua dice: pick chooses an element as a die with one face per element", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  g->clear_events();
  force_dice(*g, {2});
  CHECK(lua_ok(L, "return pick({'north', 'centre', 'south'}, '4.1', 'weather')") == "centre,2");
  CHECK(render(g->events().back().text, g->def(), kEveryone) == "picked 2 of 3 (centre): weather");
  CHECK(g->events().back().rule == "4.1");
  CHECK(lua_ok(L, "return pick({'only'})") == "only,1");
  CHECK(lua_error(L, "pick({})") == "test:1: bad argument #1 to 'pick' (non-empty list expected)");
  CHECK(lua_ok(L, "local seen = {} for i = 1, 300 do seen[pick({'a', 'b', 'c'})] = true end "
                  "return seen.a and seen.b and seen.c") == "true");
}

TEST_CASE("lua game: ask outside a step of the sequence is refused", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK_THAT(lua_error(L, "ask('red', '1', { prompt = 'now?', choices = { 'yes' } })"),
             Catch::Contains("ask can only be called from a step of the sequence of play"));
  CHECK_THAT(lua_error(L, "game.finish('draw')"),
             Catch::Contains("game.finish can only be called from a step of the sequence of play"));
  CHECK_THAT(lua_error(L, "ask('green', '1', { choices = { 'yes' } })"),
             Catch::Contains("bad argument #1 to 'ask' (no such side: 'green')"));
  // The game still waits on its own decision and goes on.
  REQUIRE(g->state().pending.choices.size() == 2);
  CHECK(g->state().pending.choices[0].option == "go");
  must_ok(g->act(0));
}

TEST_CASE("lua game: where the sequence stands and the names of things", "[kernel][lua]") {
  auto g = api_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return game.turn(), game.phase(), game.step(), game.impulse(), game.phasing(), game.scenario(), "
                  "game.last_turn()") == "1,wait,wait,1,nil,api/basic,nil");
  CHECK(lua_ok(L, "return table.concat(game.sides(), ','), game.title('red'), game.title('red_hand'), "
                  "game.title('tank'), game.title('vp')") == "red,blue,Red,Red hand,Tank,Victory points");
  g->clear_events();
  g->set_record_events(false);
  lua_ok(L, "log('1', 'never %s', 'kept')");
  CHECK(g->events().empty());
  g->set_record_events(true);
  lua_ok(L, "log('1.2', '%s moved %d hexes', 'Tank', 3) log('1.3', 'plain text') "
            "log('1.4', '%P in %L for %S (%T), %.1f%%', pieces.at('board')[1], 'board', 'red', 'infantry', 2.25)");
  CHECK(event_texts(*g, Event::Kind::kLog) ==
        std::vector<std::string>{"Tank moved 3 hexes", "plain text", "Tank in Board for Red (Infantry), 2.2%"});
}
