// Loading games and scenarios: every reference is checked and every error
// names file:line:column and what was expected. Each case writes a small
// game into a temporary folder, spoils one thing, and pins the message.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "data/game_loader.h"

namespace fs = std::filesystem;
using namespace cardboard;

namespace {

const char* kGame = R"([game]
title = "Tiny"
scripts = ["tiny.lua"]

[[sides]]
id = "red"

[[locations]]
id = "deck"
kind = "deck"

[[locations]]
id = "table"

[[tracks]]
id = "score"
min = 0
max = 5

[[piece_types]]
name = "Card"
deck = "deck"
copies = 2
force = 3

[sequence]
[[sequence.phases]]
id = "play"
run = "play"
)";

const char* kScenario = R"([scenario]
game = "tiny"
title = "One"
[tracks]
score = 2
)";

// A project root holding rules/tiny and scenarios/tiny/one.toml, with an
// optional edit of either file.
struct TinyProject {
  fs::path root;
  explicit TinyProject(const std::string& name, std::string game = kGame, std::string scenario = kScenario) {
    root = fs::temp_directory_path() / ("cardboard-loader-" + name);
    fs::remove_all(root);
    fs::create_directories(root / "rules/tiny");
    fs::create_directories(root / "scenarios/tiny");
    std::ofstream(root / "rules/tiny/game.toml") << game;
    std::ofstream(root / "rules/tiny/tiny.lua") << "function play() end\n";
    std::ofstream(root / "scenarios/tiny/one.toml") << scenario;
  }
  std::string game_file() const { return (root / "rules/tiny/game.toml").string(); }
  std::string scenario_file() const { return (root / "scenarios/tiny/one.toml").string(); }
  Result<std::shared_ptr<GameDef>> load() const { return load_game("tiny/one", root.string()); }
};

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("loader: a good game loads with its pieces, tracks and sequence", "[data][loader]") {
  TinyProject p("good");
  auto def = p.load();
  REQUIRE(def.ok());
  const GameDef& d = **def;
  CHECK(d.id == "tiny");
  CHECK(d.scenario_id == "tiny/one");
  CHECK(d.find_type("card") == 0);
  CHECK(d.types[0].values.find(std::string_view("force"))->as_int() == 3);
  CHECK(d.locations[d.find_location("deck")].visibility == Visibility::kNobody);
  REQUIRE(d.setup_tracks.size() == 1);
  CHECK(d.setup_tracks[0].second == 2);
  CHECK(d.sequence.phases.size() == 1);
  CHECK(d.rules_hash != 0);
}

TEST_CASE("loader: a reference to a missing location suggests the closest one", "[data][loader]") {
  TinyProject p("bad-deck", replace(kGame, "deck = \"deck\"", "deck = \"dek\""));
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "no such location: 'dek': did you mean 'deck'? (" + p.game_file() + ":22:8)");
}

TEST_CASE("loader: an unknown key in a location names the allowed one", "[data][loader]") {
  TinyProject p("bad-key", replace(kGame, "kind = \"deck\"", "knd = \"deck\""));
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "unknown key 'knd' in [[locations]]: did you mean 'kind'? (" + p.game_file() + ":10:1)");
}

TEST_CASE("loader: a TOML syntax error names the line and column", "[data][loader]") {
  TinyProject p("syntax", replace(kGame, "min = 0", "min = = 0"));
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK_THAT(def.error().message, Catch::StartsWith(p.game_file() + ":17:7: "));
}

TEST_CASE("loader: a scenario track start outside the track is refused", "[data][loader]") {
  TinyProject p("track", kGame, replace(kScenario, "score = 2", "score = 9"));
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "track 'score' start 9 is outside 0..5 (" + p.scenario_file() + ":5:9)");
}

TEST_CASE("loader: a scenario naming a missing piece type or location", "[data][loader]") {
  TinyProject a("piece", kGame, std::string(kScenario) + "[[pieces]]\ntype = \"crad\"\nat = \"table\"\n");
  auto da = a.load();
  REQUIRE_FALSE(da.ok());
  CHECK(da.error().message == "no such piece type: 'crad': did you mean 'card'? (" + a.scenario_file() + ":7:8)");
  TinyProject b("at", kGame, std::string(kScenario) + "[[pieces]]\ntype = \"card\"\nat = \"tabel\"\n");
  auto db = b.load();
  REQUIRE_FALSE(db.ok());
  CHECK(db.error().message == "no such location: 'tabel': did you mean 'table'? (" + b.scenario_file() + ":8:6)");
}

TEST_CASE("loader: a bad repeat and a phase without run are refused", "[data][loader]") {
  TinyProject a("repeat", replace(kGame, "run = \"play\"", "run = \"play\"\nrepeat = \"twice\""));
  auto da = a.load();
  REQUIRE_FALSE(da.ok());
  CHECK(da.error().message ==
        "bad 'repeat': expected \"once\", \"each_side\" or a number of impulses (" + a.game_file() + ":30:10)");
  TinyProject b("norun", replace(kGame, "run = \"play\"\n", ""));
  auto db = b.load();
  REQUIRE_FALSE(db.ok());
  CHECK(db.error().message == "phase 'play' needs 'run' (a Lua function) or 'steps' (" + b.game_file() + ":27:1)");
}

TEST_CASE("loader: an unknown game or scenario suggests one", "[data][loader]") {
  TinyProject p("unknown");
  auto def = load_game("tiny/onee", p.root.string());
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "no such game or scenario: 'tiny/onee': did you mean 'tiny/one'? (see 'cardboard list')");
  auto cat = list_catalog(p.root.string());
  REQUIRE(cat.size() == 1);
  CHECK(cat[0].game_title == "Tiny");
  CHECK(cat[0].scenario_title == "One");
}
