// The running game (script/game.h) over the fixture games: tests/games/race
// (two sides draw a card, then roll or wait; first to 10 wins) and
// tests/games/broken (a step that raises on "explode"; a sequence naming a
// function the rules lack).
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "script/game.h"
#include "session/view.h"
#include "session/view_format.h"
#include "support.h"

using namespace cardboard;
using namespace cardboard::testing;

namespace {

std::shared_ptr<const GameDef> race() { return load_fixture("race", "short"); }

// The events of one kind, as their texts for `reader`.
std::vector<std::string> texts(Game& g, Event::Kind kind, int reader = kEveryone) {
  std::vector<std::string> out;
  for (const auto& e : g.events())
    if (e.kind == kind) out.push_back(render(e.text, g.def(), reader));
  return out;
}

ForcedInput dice(std::vector<int> faces) {
  ForcedInput f;
  f.dice = std::move(faces);
  return f;
}

ForcedInput draws(const std::string& location, std::vector<std::string> cards) {
  ForcedInput f;
  f.draws.emplace_back(location, std::move(cards));
  return f;
}

// Plays `choices` (0-based, cycling) until the game ends or `limit` actions;
// returns the hash after start and after every action.
std::vector<uint64_t> play(Game& g, uint64_t seed, const std::vector<int>& choices, int limit = 200) {
  std::vector<uint64_t> hashes;
  must_ok(g.start(seed));
  hashes.push_back(g.state().hash());
  for (int i = 0; i < limit && !g.state().finished; ++i) {
    must_ok(g.act(choices[i % choices.size()]));
    hashes.push_back(g.state().hash());
  }
  return hashes;
}

}  // namespace

TEST_CASE("game: the same seed and choices give the same hash after every action", "[kernel][game]") {
  auto g = make_game(race());
  const auto first = play(*g, 17, {0, 1, 0, 0});
  const auto again = play(*g, 17, {0, 1, 0, 0});  // the same Game, restarted
  CHECK(first == again);
  CHECK(first.size() >= 4);
  auto other = make_game(race());
  CHECK(play(*other, 17, {0, 1, 0, 0}) == first);
  CHECK(play(*other, 18, {0, 1, 0, 0}) != first);
}

TEST_CASE("game: two games with the same seed run side by side in step", "[kernel][game]") {
  auto a = make_game(race());
  auto b = make_game(race());
  must_ok(a->start(99));
  must_ok(b->start(99));
  int actions = 0;
  while (!a->state().finished) {
    REQUIRE(a->state().hash() == b->state().hash());
    const int choice = actions % 3 == 2 ? 1 : 0;
    must_ok(a->act(choice));
    must_ok(b->act(choice));
    REQUIRE(++actions < 200);
  }
  CHECK(b->state().finished);
  CHECK(a->state().hash() == b->state().hash());
  CHECK(a->state().result == b->state().result);
}

TEST_CASE("game: the pending decision names the side, prompt, rule and choices", "[kernel][game]") {
  auto g = make_game(race());
  must_ok(g->start(1));
  const Decision& d = g->state().pending;
  CHECK(d.open());
  CHECK(d.side == 0);
  CHECK(g->prompt_text(0) == "Roll or wait?");
  CHECK(d.rule == "1");
  REQUIRE(d.choices.size() == 2);
  CHECK(d.choices[0].option == "roll");
  CHECK(d.choices[1].option == "wait");
  CHECK(d.choices[0].kind() == ChoiceKind::kOption);
  CHECK(g->choice_text(1, 0) == "wait");
  CHECK(g->state().position.turn == 1);
  CHECK_FALSE(g->state().position.in_setup);
  CHECK(g->where() == "turn 1, Play");
  must_ok(g->act(1));
  CHECK(g->state().pending.side == 1);  // Blue's half of the turn
}

TEST_CASE("game: parse_choice reads a number or a choice's text and names the open choices", "[kernel][game]") {
  auto g = make_game(race());
  must_ok(g->start(1));
  auto two = g->parse_choice("2");
  REQUIRE(two.ok());
  CHECK(*two == 1);
  auto wait = g->parse_choice("wait");
  REQUIRE(wait.ok());
  CHECK(*wait == 1);
  CHECK(*g->parse_choice("1") == 0);
  CHECK(*g->parse_choice("roll") == 0);
  CHECK(*g->parse_choice("option=wait") == 1);  // by its typed value
  auto no_value = g->parse_choice("option=dance");
  REQUIRE_FALSE(no_value.ok());
  CHECK_THAT(no_value.error().message, Catch::StartsWith("illegal choice 'option=dance': no open choice has these values"));
  auto bad_value = g->parse_choice("piece=0");
  REQUIRE_FALSE(bad_value.ok());
  CHECK(bad_value.error().message == "bad choice 'piece=0': a piece is a number from 1");

  auto nine = g->parse_choice("9");
  REQUIRE_FALSE(nine.ok());
  CHECK(nine.error().kind == ErrorKind::kRejected);
  CHECK(nine.error().message == "illegal choice 9: 2 choices are open (1 roll, 2 wait)");
  auto zero = g->parse_choice("0");
  REQUIRE_FALSE(zero.ok());
  CHECK(zero.error().message == "illegal choice 0: 2 choices are open (1 roll, 2 wait)");
  auto dance = g->parse_choice("dance");
  REQUIRE_FALSE(dance.ok());
  CHECK(dance.error().message == "illegal choice 'dance': 2 choices are open (1 roll, 2 wait)");
  auto huge = g->parse_choice("99999999999999999999");
  REQUIRE_FALSE(huge.ok());
  CHECK(huge.error().message == "illegal choice 99999999999999999999: 2 choices are open (1 roll, 2 wait)");

  auto bad_act = g->act(5);
  REQUIRE_FALSE(bad_act.ok());
  CHECK(bad_act.error().message == "illegal choice 6: 2 choices are open");
  CHECK_FALSE(g->is_broken());  // a rejected action leaves the game playable
  must_ok(g->act(0));
}

TEST_CASE("game: a forced die gives the roll and its event", "[kernel][game]") {
  auto g = make_game(race());
  must_ok(g->force(draws("deck", {"Dud"})));
  must_ok(g->start(1));
  g->clear_events();
  must_ok(g->force(dice({6})));
  must_ok(g->act(0));  // Red rolls
  CHECK_FALSE(g->has_forced());
  CHECK(texts(*g, Event::Kind::kRoll) == std::vector<std::string>{"d6 rolled 6: race"});
  for (const auto& e : g->events())
    if (e.kind == Event::Kind::kRoll) CHECK(e.rule == "1");
  CHECK(texts(*g, Event::Kind::kLog) == std::vector<std::string>{"Red scored 6"});
  CHECK(texts(*g, Event::Kind::kDecision) == std::vector<std::string>{"Red chose roll"});
  CHECK(g->state().tracks[g->def().find_track("red_score")] == 6);
}

TEST_CASE("game: a forced draw puts the named card in the hand", "[kernel][game]") {
  auto g = make_game(race());
  must_ok(g->force(draws("deck", {"Boost"})));
  must_ok(g->start(1));
  const int hand = g->def().find_location("red_hand");
  REQUIRE(g->state().contents[hand].size() == 1);
  const int card = g->state().contents[hand][0];
  CHECK(g->def().types[g->state().pieces[card].type].name == "Boost");
  must_ok(g->force(dice({6})));
  must_ok(g->act(0));
  CHECK(g->state().tracks[g->def().find_track("red_score")] == 8);  // 6 + the Boost's bonus 2

  auto bad = g->force(draws("nowhere", {"Boost"}));
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "no such deck or cup: 'nowhere'");
  bad = g->force(draws("deck", {"Joker"}));
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "no card named 'Joker' can be drawn from Deck ('deck')");
  bad = g->force(draws("red_hand", {"Boost"}));
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "'red_hand' is a hand, not a deck or a cup: draws are forced from decks and cups");
}

TEST_CASE("game: a forced face out of range for the die rolled is rejected input, not a rules error", "[kernel][game]") {
  auto g = make_game(race());
  must_ok(g->start(1));
  must_ok(g->force(dice({7})));
  auto s = g->act(0);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().kind == ErrorKind::kRejected);
  CHECK(s.error().message == "forced die 7 is out of range for d6 (1-6) (turn 1, Play)");
  // No die shows -1 or 1001: refused before anything runs.
  auto never = g->force(dice({-1}));
  REQUIRE_FALSE(never.ok());
  CHECK(never.error().message == "forced die -1 is no die's face (a d10 reads 0-9, other dice 1 and up)");
  CHECK(g->is_broken());
  auto after = g->act(0);
  REQUIRE_FALSE(after.ok());
  CHECK(after.error().message == "the game stopped on an error: reload it");
}

TEST_CASE("game: a decider plays the game to its end without act", "[kernel][game]") {
  auto g = make_game(race());
  int asked = 0;
  g->set_decider([&](Game& game) {
    ++asked;
    CHECK(game.state().pending.open());
    CHECK(game.state().pending.choices.size() == 2);
    return 0;
  });
  must_ok(g->start(3));
  CHECK(g->state().finished);
  CHECK_FALSE(g->state().pending.open());
  CHECK(asked > 1);
  CHECK((g->state().result == "Red wins" || g->state().result == "Blue wins"));
  CHECK(g->state().winner == (g->state().result == "Red wins" ? 0 : 1));
  auto after = g->act(0);
  REQUIRE_FALSE(after.ok());
  CHECK(after.error().message == "the game is over: " + g->state().result);
  auto parsed = g->parse_choice("1");
  REQUIRE_FALSE(parsed.ok());
  CHECK(parsed.error().message == "the game is over: " + g->state().result);
}

TEST_CASE("game: a decider returning -1 leaves the decision to act", "[kernel][game]") {
  auto g = make_game(race());
  g->set_decider([](Game&) { return -1; });
  must_ok(g->start(3));
  CHECK(g->state().pending.open());
  must_ok(g->act(1));
  CHECK(g->state().pending.side == 1);
}

TEST_CASE("game: decided inline or through act, the hashes are the same", "[kernel][game]") {
  const std::vector<int> choices = {0, 0, 1, 0, 1, 1, 0};
  auto acted = make_game(race());
  const auto by_act = play(*acted, 21, choices);
  auto inline_game = make_game(race());
  size_t i = 0;
  std::vector<uint64_t> seen;
  inline_game->set_decider([&](Game& game) {
    seen.push_back(game.state().hash());
    return choices[i++ % choices.size()];
  });
  must_ok(inline_game->start(21));
  CHECK(inline_game->state().hash() == by_act.back());
  // The decider sees the state with the decision pending: the hashes act() saw.
  REQUIRE(seen.size() == by_act.size() - 1);
  for (size_t k = 0; k < seen.size(); ++k) CHECK(seen[k] == by_act[k]);
}

TEST_CASE("game: restore refuses a snapshot that does not fit the game and keeps the game as it was",
          "[kernel][game]") {
  // Issue 8 item 3: a phase past the sequence ran the game for ever, a piece
  // type out of range was read past the end of the game's table.
  auto g = make_game(race());
  must_ok(g->start(5));
  must_ok(g->act(1));
  const uint64_t before = g->state().hash();
  const State good = g->state();
  for (const auto& change : std::vector<std::function<void(State&)>>{
           [](State& s) { s.position.phase = 99; },
           [](State& s) { s.pieces.at(0).type = 1000; },
           [](State& s) { s.contents.pop_back(); },
       }) {
    State bad = good;
    change(bad);
    auto st = g->restore(bad);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().kind == ErrorKind::kRejected);
    CHECK_THAT(st.error().message, Catch::StartsWith("the snapshot is not a state of "));
    CHECK(g->state().hash() == before);
  }
  must_ok(g->act(0));
}

TEST_CASE("game: a snapshot's face is checked against its piece's type, not against two faces", "[kernel][game]") {
  // A type may have up to 16 faces (a reduced side, a mode): a piece on its
  // third face must survive a snapshot, and a face past its type's must not.
  TempProject p("cardboard-game-faces", "modes", R"([game]
title = "Modes"
scripts = ["modes.lua"]

[[sides]]
id = "red"

[[locations]]
id = "board"

[[piece_types]]
name = "Tank"
owner = "red"
faces = ["full", "reduced", "dispersed"]

[sequence]
[[sequence.phases]]
id = "play"
run = "play"
)",
                "", {{"modes.lua", "function play() ask('red', '1', { options = { 'wait' } }) end\n"}},
                "[scenario]\ngame = \"modes\"\n[[pieces]]\ntype = \"tank\"\nat = \"board\"\n");
  auto g = make_game(p.def());
  must_ok(g->start(1));
  lua_ok(*g, "pieces.set_face(1, 'dispersed')");
  State third = g->state();
  must_ok(g->restore(third));
  CHECK(g->state().pieces[0].face == 2);
  third.pieces[0].face = 3;
  auto st = g->restore(third);
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::EndsWith("piece 0 shows face 3: its type has 3 faces"));
}

TEST_CASE("game: restored at a decision again and again, it keeps nothing of the asks it left", "[kernel][game]") {
  // A search restores its game at every iteration, each time in the middle
  // of an ask: the ask's choices must go with the coroutine (a leak here
  // filled a Lua heap of 256 MiB in a few turns of a search bot's game).
  auto g = make_game(race());
  must_ok(g->start(1));
  REQUIRE(g->state().pending.open());
  const State at_decision = g->state();
  lua_State* L = g->sandbox().L();
  const auto live_bytes = [&] {
    lua_gc(L, LUA_GCCOLLECT);
    return g->sandbox().lua_bytes();
  };
  for (int i = 0; i < 20; ++i) must_ok(g->restore(at_decision));
  const size_t before = live_bytes();
  for (int i = 0; i < 2000; ++i) must_ok(g->restore(at_decision));
  CHECK(live_bytes() <= before + 1024);
  must_ok(g->start(2));
  for (int i = 0; i < 2000; ++i) must_ok(g->start(2));
  CHECK(live_bytes() <= before + 1024);
}

TEST_CASE("game: snapshots come at every phase start and restore replays to the same hash", "[kernel][game]") {
  auto g = make_game(race());
  struct Snap {
    State state;
    size_t actions;  // decisions taken before it
  };
  std::vector<Snap> snaps;
  size_t taken = 0;
  g->set_snapshot_hook([&](const State& s) { snaps.push_back({s, taken}); });
  std::vector<int> choices;
  std::vector<uint64_t> hashes;
  must_ok(g->start(5));
  hashes.push_back(g->state().hash());
  while (!g->state().finished && taken < 200) {
    const int c = taken % 4 == 3 ? 0 : 1;  // mostly wait: a longer game
    choices.push_back(c);
    ++taken;
    must_ok(g->act(c));
    hashes.push_back(g->state().hash());
  }
  REQUIRE(g->state().finished);
  // One phase a turn, each side in it: a snapshot every second decision.
  REQUIRE(snaps.size() >= 3);
  for (size_t k = 0; k < snaps.size(); ++k) {
    CHECK(snaps[k].actions == 2 * k);
    CHECK(snaps[k].state.position.turn == static_cast<int32_t>(k + 1));
    CHECK(snaps[k].state.position.phase == 0);
    CHECK_FALSE(snaps[k].state.pending.open());
  }
  for (const Snap& snap : {snaps[1], snaps[snaps.size() / 2], snaps.back()}) {
    INFO("restoring the snapshot after " << snap.actions << " decisions");
    auto r = make_game(race());
    must_ok(r->restore(snap.state));
    CHECK(r->state().hash() == hashes[snap.actions]);
    for (size_t k = snap.actions; k < choices.size(); ++k) {
      must_ok(r->act(choices[k]));
      REQUIRE(r->state().hash() == hashes[k + 1]);
    }
    CHECK(r->state().finished);
    CHECK(r->state().result == g->state().result);
  }
}

TEST_CASE("game: a rules error names the game, the turn and the message", "[kernel][game]") {
  auto g = make_game(load_fixture("broken", "one"));
  must_ok(g->start(1));
  must_ok(g->act(0));  // fine
  CHECK(g->state().position.turn == 2);
  auto s = g->act(*g->parse_choice("explode"));
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().kind == ErrorKind::kScript);
  CHECK_THAT(s.error().message, Catch::StartsWith("rules error in broken (turn 2, Choose): "));
  CHECK_THAT(s.error().message, Catch::Contains("broken.lua:4: boom"));
  CHECK_THAT(s.error().message, Catch::Contains("stack traceback"));
  CHECK(g->is_broken());

  // The first turn reads "turn 1".
  auto first = make_game(load_fixture("broken", "one"));
  must_ok(first->start(1));
  auto e = first->act(1);
  REQUIRE_FALSE(e.ok());
  CHECK_THAT(e.error().message, Catch::Contains("turn 1"));
  CHECK_THAT(e.error().message, Catch::Contains("boom"));
  // Starting again repairs a broken game.
  must_ok(first->start(1));
  CHECK_FALSE(first->is_broken());
  CHECK(first->state().pending.open());
}

TEST_CASE("game: a sequence naming an undefined Lua function fails at create", "[kernel][game]") {
  auto g = Game::create(load_fixture("missing", "one", "broken"));
  REQUIRE_FALSE(g.ok());
  CHECK(g.error().kind == ErrorKind::kScript);
  CHECK(g.error().message ==
        "the step 'march' of phase 'march' names Lua function 'no_such_step', which the rules of missing do not "
        "define (" + fixture_root("broken") + "/rules/missing/game.toml:15:7)");
}

TEST_CASE("game: no events are recorded when recording is off", "[kernel][game]") {
  auto g = make_game(race());
  g->set_record_events(false);
  CHECK_FALSE(g->record_events());
  const auto quiet = play(*g, 8, {0, 1});
  CHECK(g->events().empty());
  CHECK(g->state().finished);
  // Recording changes nothing in the state.
  auto loud = make_game(race());
  CHECK(play(*loud, 8, {0, 1}) == quiet);
  CHECK_FALSE(loud->events().empty());
}

TEST_CASE("game: the event log tells the sequence, draws, rolls and the result", "[kernel][game]") {
  auto g = make_game(race());
  must_ok(g->force(draws("deck", {"Boost", "Dud"})));
  must_ok(g->start(1));
  const auto seq = texts(*g, Event::Kind::kSequence);
  CHECK(seq == std::vector<std::string>{"Turn 1", "Play", "Play: Red"});
  // The hands are owner-only, the deck hidden: every side sees Red draw,
  // and only Red reads which card.
  CHECK(texts(*g, Event::Kind::kDraw, 0) == std::vector<std::string>{"Boost drawn from Deck to Red hand"});
  CHECK(texts(*g, Event::Kind::kDraw, 1) == std::vector<std::string>{"a hidden card drawn from Deck to Red hand"});
  CHECK(texts(*g, Event::Kind::kDraw, kPublicOnly) ==
        std::vector<std::string>{"a hidden card drawn from Deck to Red hand"});
  for (const auto& e : g->events())
    if (e.kind == Event::Kind::kDraw) CHECK(e.rule == "1");
}

TEST_CASE("game: the instruction budget is per decision, whoever decides", "[kernel][game]") {
  // The step runs about 1.5 million instructions in all, 300,000 between
  // decisions, under a budget of 1 million: a person answering through act()
  // and a decider answering inline must both get through.
  SandboxLimits limits;
  limits.instructions = 1'000'000;
  limits.count_after = std::chrono::milliseconds(0);  // count every instruction
  auto def = load_fixture("budget", "one");
  auto by_act = make_game(def, limits);
  must_ok(by_act->start(1));
  while (!by_act->state().finished) must_ok(by_act->act(0));
  auto by_decider = make_game(def, limits);
  by_decider->set_decider([](Game&) { return 0; });
  must_ok(by_decider->start(1));
  CHECK(by_decider->state().finished);
  CHECK(by_decider->state().hash() == by_act->state().hash());
}

namespace {

// The ending fixture with vars.how set to `how`, started.
std::unique_ptr<Game> ending(const std::string& how, Status& started) {
  auto def = std::make_shared<GameDef>(*load_fixture("ending", "one"));
  def->setup_vars.set(std::string("how"), Value(how));
  auto g = make_game(def);
  started = g->start(1);
  return g;
}

}  // namespace

TEST_CASE("game: a step ends the game by returning its result, as game.finish does", "[kernel][game]") {
  Status st = ok_status();
  auto by_finish = ending("finish", st);
  must_ok(st);
  REQUIRE(by_finish->state().finished);
  CHECK(by_finish->state().result == "Done");
  CHECK(by_finish->state().winner == 0);
  auto by_return = ending("return", st);
  must_ok(st);
  REQUIRE(by_return->state().finished);
  CHECK(by_return->state().result == "Done");
  CHECK(by_return->state().winner == 0);
  // The same state either way, where the sequence stands included (but for
  // vars.how, which says which way to end).
  State a = by_finish->state(), b = by_return->state();
  a.vars = b.vars = Table{};
  CHECK(a.hash() == b.hash());

  auto no_winner = ending("return_no_winner", st);
  must_ok(st);
  CHECK(no_winner->state().result == "Done");
  CHECK(no_winner->state().winner == -1);
  // A nil first result (or nothing) goes on to the next step: here, to the turn limit.
  for (const char* how : {"nothing", "return_nil"}) {
    auto on = ending(how, st);
    must_ok(st);
    CHECK(on->state().result == "Out of turns");
  }
}

TEST_CASE("game: a step that returns anything but a result is a rules error", "[kernel][game]") {
  Status st = ok_status();
  auto number = ending("return_number", st);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().kind == ErrorKind::kScript);
  CHECK_THAT(st.error().message, Catch::Contains("the step returned a number; a step returns nothing, or a result "
                                                 "text (and a winner) to end the game"));
  auto bad_winner = ending("return_bad_winner", st);
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::Contains("the step's winner must be a side id, got 'nobody'"));
}

TEST_CASE("view: a choice's shows are the ids of the locations it stands for, for the page to light", "[kernel]") {
  auto g = make_game(load_fixture("asks", "one"));
  must_ok(g->start(1));
  const auto& open = g->state().pending.choices;
  int shown = -1;
  for (size_t i = 0; i < open.size(); ++i)
    if (open[i].option == "shown") shown = static_cast<int>(i);
  REQUIRE(shown >= 0);
  must_ok(g->act(shown));
  const nlohmann::json choices = view_json(build_view(*g, g->state().pending.side))["choices"];
  REQUIRE(choices.size() == 3);
  CHECK(choices[0]["shows"] == nlohmann::json::array({"ridge", "hill"}));
  CHECK_FALSE(choices[1].contains("shows"));  // an empty list shows nothing
  CHECK_FALSE(choices[2].contains("shows"));
}
