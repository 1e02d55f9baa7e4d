// The Lua combat module (script/lua_combat.cc) on the fixture
// tests/games/combat: the differential table crt with a row per terrain
// (clear -4..+7, rough -3..+7, town -2..+7, mountain -1..+5 from its second
// column), the odds table odds (1:2 .. 4:1, beyond = "none", roll_beyond =
// "error"). Pieces 1 and 2 are Red armors (6-4, reduced 3-2, two steps), 3
// a Red infantry (3-3, reduced 1-2), 4 a Blue brigade (4-5, reduced 2-3), 5
// to 9 Blue militia (1-2, one step). The game waits on its first ask; the
// tests run Lua on the sandbox's main thread.
#include <catch2/catch.hpp>

#include <string>

#include "script/game.h"
#include "support.h"

using namespace cardboard;
using namespace cardboard::testing;

namespace {

std::unique_ptr<Game> combat_game() {
  auto g = make_game(load_fixture("combat", "front"));
  must_ok(g->start(1));
  REQUIRE(g->state().pending.open());
  return g;
}

}  // namespace

TEST_CASE("lua combat: column gives the column, its header and the odds, or nil and why", "[kit][combat][lua]") {
  auto g = combat_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return combat.column('crt', 15, 5, {row = 'clear'})") == "9,+7,+10");
  CHECK(lua_ok(L, "return combat.column('crt', 6, 2, {row = 'rough', shift = -2})") == "5,+1,+4");
  CHECK(lua_ok(L, "return combat.column('crt', 15, 2, {row = 'mountain'})") == "6,+5,+13");
  CHECK(lua_ok(L, "return combat.column('odds', 4.5, 3)") == "3,1.5:1,1.5:1");
  CHECK(lua_ok(L, "return combat.column('odds', 12, 5)") == "4,2:1,2.4:1");
  CHECK(lua_ok(L, "return combat.column('odds', 3, 9)") == "nil,1:3 is below the first column, 1:2");
  CHECK(lua_ok(L, "return combat.column('odds', 0, 0)") == "nil,no strength on either side");
  CHECK(lua_ok(L, "return combat.column('odds', 4, 1, {shift = 1})") ==
        "nil,4:1 shifted 1 column right is beyond the last column, 4:1");
  // A constant options table (frozen) reads as a fresh one.
  CHECK(lua_ok(L, "return combat.column('crt', 6, 2, tables.none or {row = 'town'})") == "6,+4..+6,+4");
}

TEST_CASE("lua combat: lookup, result and table read the declarations", "[kit][combat][lua]") {
  auto g = combat_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return combat.lookup('crt', 9, 1), combat.lookup('crt', 1, 6)") == "De,Ae");
  CHECK(lua_ok(L, "return combat.lookup('crt', 9, 0), combat.lookup('crt', 9, 12)") == "De,Ex");  // clamped
  CHECK(lua_ok(L, "return combat.lookup('odds', 5, 4)") == "EX");
  CHECK(lua_ok(L, "local r = combat.result('Ex') return r.code, r.exchange, r.attacker.steps, r.defender.steps, "
                  "r.attacker.eliminate, r.defender.retreat") == "Ex,false,1,1,false,0");
  CHECK(lua_ok(L, "local r = combat.result('D2') return r.defender.retreat, r.defender.instead_steps") == "2,1");
  CHECK(lua_ok(L, "local r = combat.result('EX') return r.exchange") == "true");
  CHECK(lua_ok(L, "local r = combat.result('•') return r.attacker.steps + r.defender.steps") == "0");
  // A fresh table each time: the rules may change theirs.
  CHECK(lua_ok(L, "local r = combat.result('De') r.defender.eliminate = false "
                  "return combat.result('De').defender.eliminate") == "true");
  CHECK(lua_ok(L, "local t = combat.table('crt') return t.id, t.kind, t.dice, t.columns, t.lowest_roll, "
                  "t.highest_roll, table.concat(t.rows, ' ')") == "crt,differential,d6,9,1,6,clear mountain rough town");
  CHECK(lua_ok(L, "local t = combat.table('odds') return t.kind, t.columns, t.rows") == "odds,6,nil");
}

TEST_CASE("lua combat: strength sums the values the pieces print on their faces", "[kit][combat][lua]") {
  auto g = combat_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return combat.strength({1, 2, 3}, 'attack'), combat.strength({4, 5, 6}, 'defence')") == "15,9");
  CHECK(lua_ok(L, "return combat.strength({}, 'attack')") == "0");
  CHECK(lua_ok(L, "pieces.set_face(1, 'reduced') pieces.set_face(4, 'reduced') "
                  "return combat.strength({1, 2, 3}, 'attack'), combat.strength({4}, 'defence')") == "12,3");
  CHECK(lua_ok(L, "return math.type(combat.strength({1}, 'attack'))") == "integer");
}

TEST_CASE("lua combat: steps, reduced_face and eliminated_box follow the faces and the owner", "[kit][combat][lua]") {
  auto g = combat_game();
  Game& L = *g;
  CHECK(lua_ok(L, "return combat.steps(1), combat.reduced_face(1), combat.eliminated_box(1)") ==
        "2,reduced,red_eliminated");
  CHECK(lua_ok(L, "pieces.set_face(1, 'reduced') return combat.steps(1), combat.reduced_face(1)") == "1,nil");
  CHECK(lua_ok(L, "return combat.steps(5), combat.reduced_face(5), combat.eliminated_box(5)") ==
        "1,nil,blue_eliminated");
  // A one-step unit on its back face (a mode, not a step) still has its step.
  CHECK(lua_ok(L, "pieces.set_face(5, 'back') return combat.steps(5), combat.reduced_face(5)") == "1,nil");
  CHECK(lua_ok(L, "pieces.set_owner(5, nil) return combat.eliminated_box(5)") == "nil");
}

TEST_CASE("lua combat: argument errors name the argument and what was expected", "[kit][combat][lua]") {
  auto g = combat_game();
  Game& L = *g;
  CHECK_THAT(lua_error(L, "return combat.column(nil, 5, 5)"),
             Catch::Contains("bad argument #1 to 'column' (combat table id expected, got nil)"));
  CHECK_THAT(lua_error(L, "return combat.column('crtt', 5, 5)"),
             Catch::Contains("bad argument #1 to 'column' (no combat table 'crtt': did you mean 'crt'?)"));
  CHECK_THAT(lua_error(L, "return combat.column('odds', 'x', 5)"),
             Catch::Contains("bad argument #2 to 'column' (number expected, got string)"));
  CHECK_THAT(lua_error(L, "return combat.column('odds', 5, -1)"),
             Catch::Contains("bad argument #3 to 'column' (a strength from 0 to 1000000000 expected, got -1)"));
  CHECK_THAT(lua_error(L, "return combat.column('odds', 0/0, 1)"),
             Catch::Contains("bad argument #2 to 'column' (a strength from 0 to 1000000000 expected, got"));
  CHECK_THAT(lua_error(L, "return combat.column('crt', 5, 5)"),
             Catch::Contains("bad argument #4 to 'column' (table 'crt' has its columns by row: give {row = ...}, one "
                             "of clear, mountain, rough, town)"));
  CHECK_THAT(lua_error(L, "return combat.column('crt', 5, 5, {row = 'clearr'})"),
             Catch::Contains("bad argument #4 to 'column' (no row 'clearr': did you mean 'clear'? (the rows of table "
                             "'crt': clear, mountain, rough, town))"));
  CHECK_THAT(lua_error(L, "return combat.column('odds', 5, 5, {row = 'clear'})"),
             Catch::Contains("bad argument #4 to 'column' (table 'odds' has one row of columns: 'row' does not apply)"));
  CHECK_THAT(lua_error(L, "return combat.column('odds', 5, 5, {rows = 'clear'})"),
             Catch::Contains("bad argument #4 to 'column' (unknown option 'rows' (row, shift))"));
  CHECK_THAT(lua_error(L, "return combat.column('crt', 5, 5, {row = 1})"),
             Catch::Contains("bad argument #4 to 'column' (row: a row key (a string) expected, got number)"));
  CHECK_THAT(lua_error(L, "return combat.column('odds', 5, 5, {shift = 1.5})"),
             Catch::Contains("bad argument #4 to 'column' (shift: a whole number of columns expected, got number)"));
  CHECK_THAT(lua_error(L, "return combat.column('odds', 5, 5, {shift = '1'})"),
             Catch::Contains("bad argument #4 to 'column' (shift: a whole number of columns expected, got string)"));
  CHECK_THAT(lua_error(L, "return combat.column('odds', 5, 5, 'clear')"),
             Catch::Contains("bad argument #4 to 'column' (table expected, got string)"));
  CHECK_THAT(lua_error(L, "return combat.lookup('crt', 10, 1)"),
             Catch::Contains("bad argument #2 to 'lookup' (no column 10 in table 'crt': its columns are 1 to 9)"));
  CHECK_THAT(lua_error(L, "return combat.lookup('crt', 1.5, 1)"),
             Catch::Contains("bad argument #2 to 'lookup' (number has no integer representation)"));
  CHECK_THAT(lua_error(L, "return combat.lookup('odds', 1, 7)"),
             Catch::Contains("bad argument #3 to 'lookup' (roll 7 is beyond the rows of table 'odds' (rolls 1 to 6))"));
  CHECK_THAT(lua_error(L, "return combat.result('Dee')"),
             Catch::Contains("bad argument #1 to 'result' (no combat result 'Dee': did you mean 'De'?)"));
  CHECK_THAT(lua_error(L, "return combat.result()"),
             Catch::Contains("bad argument #1 to 'result' (string expected, got no value)"));
  CHECK_THAT(lua_error(L, "return combat.strength('x', 'attack')"),
             Catch::Contains("bad argument #1 to 'strength' (table expected, got string)"));
  CHECK_THAT(lua_error(L, "return combat.strength({1}, 'attak')"),
             Catch::Contains("bad argument #2 to 'strength' (invalid option 'attak')"));
  CHECK_THAT(lua_error(L, "return combat.strength({1, 'a'}, 'attack')"),
             Catch::Contains("bad argument #1 to 'strength' (piece expected at index 2, got string)"));
  CHECK_THAT(lua_error(L, "return combat.strength({99}, 'attack')"),
             Catch::Contains("bad argument #1 to 'strength' (no such piece: 99 (at index 1))"));
  CHECK_THAT(lua_error(L, "return combat.table('odd')"),
             Catch::Contains("bad argument #1 to 'table' (no combat table 'odd': did you mean 'odds'?)"));
  CHECK_THAT(lua_error(L, "return combat.steps('x')"),
             Catch::Contains("bad argument #1 to 'steps' (piece expected, got string)"));
  CHECK_THAT(lua_error(L, "return combat.reduced_face(0)"),
             Catch::Contains("bad argument #1 to 'reduced_face' (no such piece: 0)"));
  CHECK_THAT(lua_error(L, "return combat.eliminated_box()"),
             Catch::Contains("bad argument #1 to 'eliminated_box' (piece expected, got no value)"));
}

TEST_CASE("lua combat: the module and its procedures are frozen with the rules", "[kit][combat][lua]") {
  auto g = combat_game();
  Game& L = *g;
  CHECK_THAT(lua_error(L, "combat.column = nil"),
             Catch::Contains("attempt to change 'combat.column' after the rules loaded"));
  CHECK_THAT(lua_error(L, "combat.resolve = print"),
             Catch::Contains("attempt to change 'combat.resolve' after the rules loaded"));
  CHECK(lua_ok(L, "return type(combat.resolve), type(combat.apply), type(combat.reduce), type(combat.eliminate)") ==
        "function,function,function,function");
}

TEST_CASE("lua combat: a game without the kit has no combat module", "[kit][combat][lua]") {
  auto g = make_game(load_fixture("api", "basic"));
  must_ok(g->start(1));
  CHECK_THAT(lua_error(*g, "return combat"), Catch::Contains("undeclared global 'combat'"));
}
