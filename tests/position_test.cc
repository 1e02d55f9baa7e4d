// Positions (docs/toml.md, [position]): a scenario that starts in mid-war,
// the loader's checks of it, and `cardboard export`, whose file must load
// to the save's state at every point of a random game of every scenario.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "bots/determinize.h"
#include "core/decision.h"
#include "core/rng.h"
#include "core/visibility.h"
#include "data/game_loader.h"
#include "session/history.h"
#include "session/position_export.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;
using cardboard::testing::must_ok;

namespace {

const std::string kRoot = CARDBOARD_SOURCE_ROOT;

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("cardboard_position_" + std::to_string(getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string file(const std::string& name, const std::string& text = "") const {
    const std::string path = (dir / name).string();
    if (!text.empty()) std::ofstream(path) << text;
    return path;
  }
};

template <typename T>
T must(Result<T> r) {
  if (!r.ok()) FAIL(r.error().message);
  return std::move(*r);
}

// What a decision offers, as a player names each choice.
std::vector<std::string> choices_of(const Game& g) {
  std::vector<std::string> out;
  for (const auto& c : g.state().pending.choices) out.push_back(choice_value(c, g.def()));
  return out;
}

std::unique_ptr<Game> started(const std::string& scenario_file, uint64_t seed, const std::string& root = kRoot) {
  auto g = testing::make_game(must(load_game(scenario_file, root)));
  must_ok(g->start(seed));
  return g;
}

}  // namespace

TEST_CASE("position: an export of every scenario loads to the save's state at several points of a random game",
          "[position]") {
  Scratch scratch;
  for (const auto& entry : list_catalog(kRoot)) {
    DYNAMIC_SECTION(entry.scenario) {
      const uint64_t seed = 11;
      const std::string save = scratch.file("game.cbsave");
      fs::remove(save);
      auto h = must(History::create(save, entry.scenario, kRoot, seed));
      Rng pick(5);
      const std::vector<int64_t> points = {0, 1, 37, 120};
      std::vector<uint64_t> hashes{h->game().state().hash()};
      for (int64_t n = 1; n <= points.back() && !h->game().state().finished; ++n) {
        const auto k = h->game().state().pending.choices.size();
        must_ok(h->act(std::to_string(pick.below(k) + 1)));
        hashes.push_back(h->game().state().hash());
      }
      for (int64_t at : points) {
        if (at > h->action_count()) continue;
        INFO("after action " << at);
        auto e = must(export_position(*h, at, -1, "game.cbsave", kRoot));
        REQUIRE(e.action == at);
        REQUIRE(e.quiet_action + e.decisions == at);
        const std::string file = scratch.file("at_" + std::to_string(at) + ".toml", e.toml);
        auto g = started(file, seed);
        CHECK(g->state().hash() == hashes[at]);
        CHECK(g->state().hash() == h->game().state().hash());
        CHECK(choices_of(*g) == choices_of(h->game()));
        CHECK(g->state().pending.side == h->game().state().pending.side);
        must_ok(check_position_file(file, kRoot, seed, h->game()));
      }
      // One side's export loads too, and holds no generator.
      auto as = must(export_position(*h, h->action_count(), 0, "game.cbsave", kRoot));
      CHECK(as.toml.find("generator") == std::string::npos);
      CHECK(as.toml.find("decisions = [") == std::string::npos);
      started(scratch.file("as.toml", as.toml), seed);
    }
  }
}

TEST_CASE("position: a side's export is the same whatever that side does not see", "[position]") {
  Scratch scratch;
  for (const char* scenario : {"third_lebanon_war/next_war", "lebanon_82/1982", "golan/october"}) {
    DYNAMIC_SECTION(scenario) {
      const std::string save = scratch.file("game.cbsave");
      fs::remove(save);
      auto h = must(History::create(save, scenario, kRoot, 3));
      Rng pick(9);
      for (int n = 0; n < 60 && !h->game().state().finished; ++n)
        must_ok(h->act(std::to_string(pick.below(h->game().state().pending.choices.size()) + 1)));
      Game& g = h->game();
      g.set_branch_tracking(true);
      must_ok(h->seek(h->action_count()));
      const State& quiet = g.branch_point()->quiet;
      for (int side = 0; side < static_cast<int>(g.def().sides.size()); ++side) {
        // Other worlds the side cannot tell from this one: its unseen
        // pieces' identities drawn again, and two of them (their numbers,
        // which the set-up dealt type by type) swapped in their places.
        State other = quiet;
        Rng world(1234);
        determinize(other, g.def(), side, world);
        State swapped = quiet;
        int first = -1;
        bool swapped_two = false;
        for (int p = 0; p < static_cast<int>(swapped.pieces.size()) && !swapped_two; ++p) {
          if (swapped.pieces[p].location < 0 || knows_piece(g.def(), swapped, p, side)) continue;
          if (first < 0) {
            first = p;
            continue;
          }
          const PieceTypeDef &a = g.def().types[swapped.pieces[first].type], &b = g.def().types[swapped.pieces[p].type];
          if (a.owner != b.owner || a.kind != b.kind || a.deck != b.deck) continue;
          auto& pa = swapped.pieces[first];
          auto& pb = swapped.pieces[p];
          auto& ca = swapped.contents[pa.location];
          auto& cb = swapped.contents[pb.location];
          const auto ia = std::find(ca.begin(), ca.end(), first);
          const auto ib = std::find(cb.begin(), cb.end(), p);
          std::swap(*ia, *ib);
          std::swap(pa.location, pb.location);
          std::swap(pa.visibility, pb.visibility);
          swapped_two = true;
        }
        const std::string a = must(side_position_toml(g.def(), quiet, side, kRoot));
        CHECK(a == must(side_position_toml(g.def(), other, side, kRoot)));
        CHECK(a == must(side_position_toml(g.def(), swapped, side, kRoot)));
      }
    }
  }
}

TEST_CASE("position: a scenario sets faces, markers, counters, visibility, order, the step and the side to act",
          "[position]") {
  Scratch scratch;
  // Tiny: a deck of cards and a table, one phase repeated for each side.
  testing::TempProject p("cardboard_position_tiny", "tiny", R"([game]
title = "Tiny"
scripts = ["tiny.lua"]

[[sides]]
id = "red"
[[sides]]
id = "blue"

[[locations]]
id = "deck"
kind = "deck"
[[locations]]
id = "table"
[[locations]]
id = "red_hand"
kind = "hand"
owner = "red"

[[tracks]]
id = "score"
min = 0
max = 9

[[piece_types]]
name = "Card"
deck = "deck"
copies = 3
faces = ["up", "down"]

[sequence]
[[sequence.phases]]
id = "deal"
run = "deal"
[[sequence.phases]]
id = "play"
repeat = "each_side"
[[sequence.phases.steps]]
id = "draw"
run = "draw"
[[sequence.phases.steps]]
id = "pick"
run = "pick"
)",
                             "", {{"tiny.lua", R"(
function deal() end
function draw() end
function pick()
  local cards = {}
  for _, p in ipairs(pieces.at("table")) do cards[#cards + 1] = { piece = p } end
  local c = ask(game.phasing(), "1", { prompt = "Pick", choices = cards })
  game.finish(game.phasing() .. " took " .. c)
end
)"}},
                             R"([scenario]
game = "tiny"
title = "Mid"

[tracks]
score = 4

[vars]
seen = { "[3]" = true, name = "x" }

[position]
turn = 2
phase = "play"
step = "pick"
side = "blue"

[position.order]
table = [3, 1]

[[position.pieces]]
type = "card"
at = "table"
face = "down"
markers = ["bent"]
counters = { folds = 2 }

[[position.pieces]]
type = "card"
at = "red_hand"
visibility = "public"
known = ["blue"]

[[position.pieces]]
type = "card"
at = "table"
)");
  auto def = p.def();
  auto g = testing::make_game(def);
  must_ok(g->start(1));
  const State& s = g->state();
  REQUIRE(s.pieces.size() == 3);  // the type's copies are not made: the position lists every piece
  CHECK(s.position.turn == 2);
  CHECK(s.position.repeat == 1);
  CHECK(s.pending.side == 1);
  CHECK(s.pieces[0].face == 1);
  CHECK(has_marker(s.pieces[0], "bent"));
  CHECK(counter(s.pieces[0], "folds") == 2);
  CHECK(s.pieces[1].visibility == static_cast<int32_t>(Visibility::kPublic));
  CHECK(s.pieces[1].known == 2u);
  CHECK(s.contents[def->find_location("table")] == std::vector<int32_t>{2, 0});
  CHECK(s.tracks[0] == 4);
  CHECK(s.vars.find("seen")->as_table().find_key(Value::Key{int64_t{3}})->as_bool());
  CHECK(choices_of(*g) == std::vector<std::string>{"piece=3", "piece=1"});
}

TEST_CASE("position: every bad reference and range is named with its place", "[position]") {
  const std::string game = R"([game]
title = "Tiny"
scripts = ["tiny.lua"]
[[sides]]
id = "red"
[[locations]]
id = "table"
[[piece_types]]
name = "Card"
faces = ["up", "down"]
[sequence]
[[sequence.phases]]
id = "play"
run = "play"
)";
  const std::map<std::string, std::string> lua = {{"tiny.lua", "function play() game.finish('done') end"}};
  const auto problems = [&](const std::string& position) {
    testing::TempProject p("cardboard_position_bad", "tiny", game, "", lua,
                           "[scenario]\ngame = \"tiny\"\ntitle = \"Bad\"\n" + position);
    return p.problems();
  };
  CHECK_THAT(problems("[position]\nphase = \"plya\"\n"),
             Catch::Contains("no such phase: 'plya': did you mean 'play'?") && Catch::Contains("one.toml:5:9"));
  CHECK_THAT(problems("[position]\nturn = 0\n"), Catch::Contains("bad 'turn'"));
  CHECK_THAT(problems("[position]\nside = \"red\"\n"), Catch::Contains("not repeated for each side"));
  CHECK_THAT(problems("[[position.pieces]]\ntype = \"card\"\nat = \"tabel\"\n"),
             Catch::Contains("no such location: 'tabel': did you mean 'table'?"));
  CHECK_THAT(problems("[[position.pieces]]\ntype = \"card\"\nat = \"table\"\nface = \"sideways\"\n"),
             Catch::Contains("no such face of card: 'sideways'"));
  CHECK_THAT(problems("[[position.pieces]]\ntype = \"card\"\n"), Catch::Contains("missing key 'at'"));
  CHECK_THAT(problems("[[position.pieces]]\ntype = \"card\"\nat = \"table\"\nvisibility = \"owner\"\n"),
             Catch::Contains("a piece that has no owner"));
  CHECK_THAT(problems("[position]\ngenerator = \"00\"\n"), Catch::Contains("64 lowercase hex digits"));
  CHECK_THAT(problems("[position.order]\ntable = [1]\n[[position.pieces]]\ntype = \"card\"\nat = \"table\"\ncount = 2\n"),
             Catch::Contains("must list each of the 2 pieces placed there once"));
  CHECK_THAT(problems("[position]\ndecisions = [3]\n"), Catch::Contains("bad decision"));
  CHECK_THAT(problems("[[pieces]]\ntype = \"card\"\nat = \"table\"\n[position]\n"),
             Catch::Contains("[[pieces]] with the [position] of"));
  CHECK_THAT(problems("[position]\ntrun = 2\n"), Catch::Contains("did you mean 'turn'?"));
}

TEST_CASE("position: stacking past a hex's limit and the rules' own check refuse a position", "[position]") {
  Scratch scratch;
  // Golan stacks two units a hex (4.3): three in 0201 is no position of the game.
  const std::string three = scratch.file("three.toml", R"([scenario]
game = "golan"
title = "Three"
turns = 4

[position]
turn = 1

[[position.pieces]]
type = "syrian_armor"
at = "0201"
count = 3
)");
  auto bad = load_game(three, kRoot);
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.error().message, Catch::Contains("stacking (4.3): ") && Catch::Contains("('0201') holds 3 stacking points, more than its limit of 2") &&
                                      Catch::Contains("three.toml:9:1"));
  // The rules judge what the data cannot say (check_position, docs/lua-api.md).
  testing::TempGame tg("judged", R"(
function work() ask("solo", "1", { prompt = "Go", choices = { "go" } }) end
function check_position()
  if vars.cards and vars.cards > 7 then return { "4.2 hand limit: " .. vars.cards .. " cards in hand, more than 7" } end
end
)");
  const std::string over = tg.root + "/scenarios/judged/over.toml";
  std::ofstream(over) << "[scenario]\ngame = \"judged\"\ntitle = \"Over\"\n[vars]\ncards = 8\n[position]\nturn = 1\n";
  auto g = testing::make_game(must(load_game(over, tg.root)));
  const Status st = g->start(1);
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::Contains("breaks the rules: 4.2 hand limit: 8 cards in hand, more than 7") &&
                                     Catch::Contains("over.toml"));
  const std::string fine = tg.root + "/scenarios/judged/fine.toml";
  std::ofstream(fine) << "[scenario]\ngame = \"judged\"\ntitle = \"Fine\"\n[vars]\ncards = 7\n[position]\nturn = 1\n";
  auto ok = testing::make_game(must(load_game(fine, tg.root)));
  must_ok(ok->start(1));
  CHECK(ok->state().pending.open());
}

TEST_CASE("position: decisions in a position are taken before any bot or replay decides", "[position]") {
  Scratch scratch;
  const std::string save = scratch.file("game.cbsave");
  auto h = must(History::create(save, "golan/october", kRoot, 4));
  Rng pick(2);
  for (int n = 0; n < 30; ++n)
    must_ok(h->act(std::to_string(pick.below(h->game().state().pending.choices.size()) + 1)));
  // The last action that does not start a phase: the position stands at
  // the phase start before it, with decisions to take.
  int64_t at = 30;
  auto e = must(export_position(*h, at, -1, "game.cbsave", kRoot));
  while (e.decisions == 0 && at > 1) e = must(export_position(*h, --at, -1, "game.cbsave", kRoot));
  REQUIRE(e.decisions > 0);
  const std::string file = scratch.file("mid.toml", e.toml);
  // A game started from the file with a decider that would take the last
  // choice each time still stands where the save does.
  auto g = testing::make_game(must(load_game(file, kRoot)));
  g->set_decider([](Game& game) { return static_cast<int>(game.state().pending.choices.size()) - 1; });
  must_ok(g->start(4));
  g->set_decider(nullptr);
  // The decider took every decision after the position's: the game went
  // past the save's decision, never before it. Without a decider it stands there.
  auto plain = started(file, 4);
  CHECK(plain->state().hash() == h->game().state().hash());
  CHECK(g->state().hash() != plain->state().hash());
  // Another seed reaches the same decision (the position's dice are the
  // save's up to there), then rolls its own: the generator differs.
  auto other = started(file, 5);
  CHECK(choices_of(*other) == choices_of(h->game()));
  CHECK(other->state().rng.words() != h->game().state().rng.words());
  State same_dice = other->state();
  same_dice.rng = h->game().state().rng;
  CHECK(same_dice.hash() == h->game().state().hash());
  // A save of a game started from the file replays to the same state.
  const std::string save2 = scratch.file("from_position.cbsave");
  auto h2 = must(History::create(save2, file, kRoot, 4));
  CHECK(h2->game().state().hash() == h->game().state().hash());
  h2.reset();
  auto reopened = must(History::open(save2, kRoot, History::Access::kReadOnly));
  CHECK(reopened->game().state().hash() == h->game().state().hash());
}

TEST_CASE("position: cardboard export writes a checked file, refuses to overwrite, and names a bad request", "[position][cli]") {
  Scratch scratch;
  const std::string save = scratch.file("g.cbsave");
  auto made = testing::run_cardboard(kRoot, "new golan/october --seed 2 --save " + save);
  REQUIRE(made.code == 0);
  for (int i = 0; i < 9; ++i) REQUIRE(testing::run_cardboard(kRoot, "act " + save + " 1").code == 0);
  const std::string out = scratch.file("late.toml");
  auto wrote = testing::run_cardboard(kRoot, "export " + save + " --at 7 --out " + out + " --json");
  REQUIRE(wrote.code == 0);
  CHECK_THAT(wrote.out, Catch::Contains("\"action\": 7"));
  auto again = testing::run_cardboard(kRoot, "export " + save + " --out " + out);
  CHECK(again.code == 2);
  CHECK_THAT(again.out, Catch::Contains("exists: choose another name or overwrite it with --force"));
  CHECK_THAT(testing::run_cardboard(kRoot, "export " + save + " --at 99").out, Catch::Contains("no action 99"));
  CHECK_THAT(testing::run_cardboard(kRoot, "export " + save + " --as nobody").out, Catch::Contains("no such side"));
  // The file plays: a game started from it is at the save's action 7.
  auto status = testing::run_cardboard(kRoot, "new " + out + " --seed 2 --save " + scratch.file("late.cbsave") + " --json");
  REQUIRE(status.code == 0);
  auto h = must(History::open(save, kRoot, History::Access::kReadOnly));
  must_ok(h->seek(7));
  CHECK_THAT(status.out, Catch::Contains(hash_hex(h->game().state().hash())));
}
