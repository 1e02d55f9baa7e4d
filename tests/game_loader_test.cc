// Loading games and scenarios: every reference is checked and every error
// names file:line:column and what was expected. Each case writes a small
// game into a temporary folder, spoils one thing, and pins the message.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>

#include "data/game_loader.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;
using cardboard::testing::replace_once;

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
  TinyProject p("bad-deck", replace_once(kGame, "deck = \"deck\"", "deck = \"dek\""));
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "no such location: 'dek': did you mean 'deck'? (" + p.game_file() + ":22:8)");
}

TEST_CASE("loader: an unknown key in a location names the allowed one", "[data][loader]") {
  TinyProject p("bad-key", replace_once(kGame, "kind = \"deck\"", "knd = \"deck\""));
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "unknown key 'knd' in [[locations]]: did you mean 'kind'? (" + p.game_file() + ":10:1)");
}

TEST_CASE("loader: a TOML syntax error names the line and column", "[data][loader]") {
  TinyProject p("syntax", replace_once(kGame, "min = 0", "min = = 0"));
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK_THAT(def.error().message, Catch::StartsWith(p.game_file() + ":17:7: "));
}

TEST_CASE("loader: a scenario track start outside the track is refused", "[data][loader]") {
  TinyProject p("track", kGame, replace_once(kScenario, "score = 2", "score = 9"));
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
  TinyProject a("repeat", replace_once(kGame, "run = \"play\"", "run = \"play\"\nrepeat = \"twice\""));
  auto da = a.load();
  REQUIRE_FALSE(da.ok());
  CHECK(da.error().message ==
        "bad 'repeat': expected \"once\", \"each_side\" or a number of impulses (" + a.game_file() + ":30:10)");
  TinyProject b("norun", replace_once(kGame, "run = \"play\"\n", ""));
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

// ---- hostile and careless data: every case fails cleanly, with its position ----

namespace {

// What loading says, in a child that a crash, an abort or a hang would end:
// "ok" or the first problem.
std::string load_in_child(const std::string& ref, const std::string& root) {
  int status = -1;
  const std::string out = cardboard::testing::in_child(
      [&] {
        auto def = load_game(ref, root);
        return def.ok() ? std::string("ok") : def.error().message;
      },
      status);
  INFO("child status " << status);
  REQUIRE(WIFEXITED(status));
  return out;
}

// Every problem check_game finds, one a line.
std::string all_problems(const TinyProject& p) {
  GameCheck check = check_game("tiny/one", p.root.string());
  std::string out;
  for (const auto& e : check.problems.list()) out += e.message + "\n";
  return out;
}

}  // namespace

TEST_CASE("loader: an empty piece type name is refused, not an abort", "[data][loader]") {
  TinyProject p("empty-name", replace_once(kGame, "name = \"Card\"", "name = \"\""));
  CHECK(load_in_child("tiny/one", p.root.string()) ==
        "bad 'name': a piece type's name cannot be empty (" + p.game_file() + ":21:8)");
}

TEST_CASE("loader: a scenario that is /dev/zero or a FIFO is refused at once", "[data][loader]") {
  TinyProject p("special");
  const fs::path zero = p.root / "scenarios/tiny/zero.toml";
  fs::create_symlink("/dev/zero", zero);
  CHECK(load_in_child(zero.string(), p.root.string()) ==
        "cannot read " + zero.string() + ": it is a device, not a regular file");
  const fs::path fifo = p.root / "scenarios/tiny/fifo.toml";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(load_in_child(fifo.string(), p.root.string()) ==
        "cannot read " + fifo.string() + ": it is a FIFO, not a regular file");
  // A rules script that is a FIFO is no rules file either.
  fs::remove(p.root / "rules/tiny/tiny.lua");
  REQUIRE(::mkfifo((p.root / "rules/tiny/tiny.lua").c_str(), 0600) == 0);
  CHECK(load_in_child("tiny/one", p.root.string()) ==
        "no such rules file: " + (p.root / "rules/tiny/tiny.lua").string() + " (" + p.game_file() + ":3:12)");
}

TEST_CASE("loader: scripts, files and a map's file stay inside the game's folder", "[data][loader]") {
  TinyProject up("escape-up", replace_once(kGame, "scripts = [\"tiny.lua\"]", "scripts = [\"../../../../etc/passwd\"]"));
  CHECK(load_in_child("tiny/one", up.root.string()) ==
        "bad 'scripts' entry '../../../../etc/passwd': it leads out of " + (up.root / "rules/tiny").string() +
            ": name a file inside the game's folder, by a path relative to it (" + up.game_file() + ":3:12)");
  TinyProject abs("escape-abs", replace_once(kGame, "scripts = [\"tiny.lua\"]", "scripts = [\"tiny.lua\"]\nfiles = [\"/etc/hostname\"]"));
  CHECK(load_in_child("tiny/one", abs.root.string()) ==
        "bad 'files' entry '/etc/hostname': it is absolute: name a file inside the game's folder, by a path "
        "relative to it (" + abs.game_file() + ":4:10)");
  TinyProject map("escape-map", std::string(kGame) + "\n[[maps]]\nid = \"m\"\nfile = \"../../secret.toml\"\n");
  std::ofstream(map.root / "secret.toml") << "kind = \"area\"\n[[areas]]\nid = \"x\"\n";
  CHECK(load_in_child("tiny/one", map.root.string()) ==
        "bad 'file' '../../secret.toml': it leads out of " + (map.root / "rules/tiny").string() +
            ": name a file inside the game's folder, by a path relative to it (" + map.game_file() + ":33:8)");
  // A symlink inside the folder that points out of it leads out too.
  TinyProject link("escape-link", replace_once(kGame, "scripts = [\"tiny.lua\"]", "scripts = [\"tiny.lua\", \"more.lua\"]"));
  std::ofstream(link.root / "more.lua") << "x = 1\n";
  fs::create_symlink(link.root / "more.lua", link.root / "rules/tiny/more.lua");
  CHECK(load_in_child("tiny/one", link.root.string()) ==
        "bad 'scripts' entry 'more.lua': it leads out of " + (link.root / "rules/tiny").string() +
            ": name a file inside the game's folder, by a path relative to it (" + link.game_file() + ":3:24)");
}

TEST_CASE("loader: counts, copies, turns, impulses and track values are bounded before use", "[data][loader]") {
  const auto pieces = [](const std::string& count) {
    return std::string(kScenario) + "[[pieces]]\ntype = \"card\"\nat = \"table\"\ncount = " + count + "\n";
  };
  for (const char* bad : {"-1", "9223372036854775807", "100000000", "10001"}) {
    TinyProject p("count", kGame, pieces(bad));
    CHECK(load_in_child("tiny/one", p.root.string()) ==
          std::string("bad 'count': expected an integer from 0 to 10000, got ") + bad + " (" + p.scenario_file() +
              ":9:9)");
  }
  // Every entry within its bound, but too many pieces in all.
  std::string many = kScenario;
  for (int i = 0; i < 11; ++i) many += "[[pieces]]\ntype = \"card\"\nat = \"table\"\ncount = 10000\n";
  TinyProject total("total", kGame, many);
  CHECK(load_in_child("tiny/one", total.root.string()) ==
        "too many pieces: the set-up makes 100002 pieces with this entry, and a game may have at most 100000 (" +
            total.scenario_file() + ":45:9)");
  TinyProject turns("turns", kGame, replace_once(kScenario, "title = \"One\"", "title = \"One\"\nturns = -5"));
  CHECK(load_in_child("tiny/one", turns.root.string()) ==
        "bad 'turns': expected an integer from 0 to 1000000, got -5 (" + turns.scenario_file() + ":4:9)");
  TinyProject max("max-turns", replace_once(kGame, "[sequence]", "[sequence]\nmax_turns = 0"));
  CHECK(load_in_child("tiny/one", max.root.string()) ==
        "bad 'max_turns': expected an integer from 1 to 1000000, got 0 (" + max.game_file() + ":27:13)");
  TinyProject repeat("impulses", replace_once(kGame, "run = \"play\"", "run = \"play\"\nrepeat = 0"));
  CHECK(load_in_child("tiny/one", repeat.root.string()) ==
        "bad 'repeat': a number of impulses from 1 to 1000 expected, got 0 (" + repeat.game_file() + ":30:10)");
  TinyProject track("track-range", replace_once(kGame, "min = 0", "min = -9000000000"));
  CHECK(load_in_child("tiny/one", track.root.string()) ==
        "bad 'min': expected an integer from -1000000000 to 1000000000, got -9000000000 (" + track.game_file() +
            ":17:7)");
}

TEST_CASE("loader: ids are non-empty words, and run, setup and kind are not empty", "[data][loader]") {
  struct Case {
    const char* from;
    const char* to;
    const char* message;
    const char* at;
  };
  for (const Case& c : {
           Case{"id = \"table\"", "id = \"\"", "bad location id '': an id is 1 to 64 letters, digits, '_' or '-' (such as red_hand)", ":13:6"},
           Case{"id = \"score\"", "id = \"a;b\"", "bad track id 'a;b': an id is 1 to 64 letters, digits, '_' or '-' (such as red_hand)", ":16:6"},
           Case{"id = \"play\"", "id = \"\"", "bad phase id '': an id is 1 to 64 letters, digits, '_' or '-' (such as red_hand)", ":28:6"},
           Case{"id = \"red\"", "id = \"r=d\"", "bad side id 'r=d': an id is 1 to 64 letters, digits, '_' or '-' (such as red_hand)", ":6:6"},
           Case{"run = \"play\"", "run = \"\"", "bad 'run': '' is not a Lua function name (a letter or '_', then letters, digits or '_')", ":29:7"},
           Case{"copies = 2", "copies = 2\nkind = \"\"", "bad 'kind': '' is not a word of letters, digits, '_' or '-' (such as unit or card)", ":24:8"},
           Case{"name = \"Card\"", "name = \"Card\"\nid = \"c|d\"", "bad piece type id 'c|d': an id is 1 to 64 letters, digits, '_' or '-' (such as red_hand)", ":22:6"},
       }) {
    TinyProject p("ids", replace_once(kGame, c.from, c.to));
    CHECK(load_in_child("tiny/one", p.root.string()) == std::string(c.message) + " (" + p.game_file() + c.at + ")");
  }
  TinyProject step("step-id", replace_once(kGame, "run = \"play\"\n", "[[sequence.phases.steps]]\nid = \"\"\nrun = \"play\"\n"));
  CHECK(load_in_child("tiny/one", step.root.string()) ==
        "bad step id '': an id is 1 to 64 letters, digits, '_' or '-' (such as red_hand) (" + step.game_file() + ":30:6)");
}

TEST_CASE("loader: check_game reports every problem of a file, each with its position", "[data][loader]") {
  std::string game = replace_once(kGame, "kind = \"deck\"", "knd = \"deck\"");          // an unknown key
  game = replace_once(game, "min = 0", "min = 0\nmni = 1");                              // another
  game = replace_once(game, "deck = \"deck\"", "deck = \"dek\"");                       // a bad reference
  game = replace_once(game, "copies = 2", "copies = -2");                                // a bad value (same entry)
  game += "\n[[piece_types]]\nname = \"Token\"\nowner = \"blu\"\n";                 // another bad reference
  TinyProject p("all", game, replace_once(kScenario, "score = 2", "score = 9\nscroe = 1"));
  const std::string f = p.game_file(), s = p.scenario_file();
  CHECK(all_problems(p) ==
        "unknown key 'knd' in [[locations]]: did you mean 'kind'? (" + f + ":10:1)\n"
        "unknown key 'mni' in [[tracks]]: did you mean 'min'? (" + f + ":18:1)\n"
        "no such location: 'dek': did you mean 'deck'? (" + f + ":23:8)\n"
        "bad 'copies': expected an integer from 0 to 10000, got -2 (" + f + ":24:10)\n"
        "no such side: 'blu' (" + f + ":34:9)\n"
        "track 'score' start 9 is outside 0..5 (" + s + ":5:9)\n"
        "no such track: 'scroe': did you mean 'score'? (" + s + ":6:9)\n");
  // load_game stops at the first.
  auto def = p.load();
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message == "unknown key 'knd' in [[locations]]: did you mean 'kind'? (" + f + ":10:1)");
}

TEST_CASE("loader: every TOML syntax error of a file is reported, and loading stops there", "[data][loader]") {
  TinyProject p("syntax-all", replace_once(replace_once(kGame, "min = 0", "min = = 0"), "copies = 2", "copies = [2"));
  GameCheck check = check_game("tiny/one", p.root.string());
  CHECK_FALSE(check.def);
  REQUIRE(check.problems.size() == 2);
  CHECK_THAT(check.problems.list()[0].message, Catch::StartsWith(p.game_file() + ":17:7: "));
  CHECK_THAT(check.problems.list()[1].message, Catch::StartsWith(p.game_file() + ":24:"));
}

TEST_CASE("loader: a scenario path loads the rules of the project it lies in", "[data][loader][paths]") {
  // Two projects with the same game id: the root given is A; the scenario is B's.
  TinyProject a("project-a");
  TinyProject b("project-b", replace_once(kGame, "title = \"Tiny\"", "title = \"Tiny B\""));
  auto def = load_game(b.scenario_file(), a.root.string());
  REQUIRE(def.ok());
  CHECK((*def)->title == "Tiny B");
  CHECK((*def)->dir == (b.root / "rules/tiny").string());
  CHECK(root_of(b.scenario_file()) == b.root.string());
  CHECK(root_of((b.root / "rules/tiny").string()) == b.root.string());
  CHECK(root_of(fs::temp_directory_path().string()).empty());
  // By id, the given root.
  auto by_id = load_game("tiny/one", a.root.string());
  REQUIRE(by_id.ok());
  CHECK((*by_id)->title == "Tiny");
}

// Scenario `extends` (docs/toml.md#scenarios): a scenario reuses another and
// gives only what changes.
TEST_CASE("loader: a scenario that extends another inherits it and replaces key by key", "[data][loader][extends]") {
  TinyProject p("extends", kGame, R"([scenario]
game = "tiny"
title = "One"
turns = 6
setup = "play"
[tracks]
score = 2
[vars]
mood = "calm"
level = 1
[[pieces]]
type = "card"
at = "table"
count = 3
)");
  const fs::path two = p.root / "scenarios/tiny/two.toml";
  std::ofstream(two) << R"([scenario]
extends = "one"
turns = 4
[tracks]
score = 5
[vars]
level = 2
[[pieces]]
type = "card"
at = "table"
count = 1
)";
  auto def = load_game("tiny/two", p.root.string());
  REQUIRE(def.ok());
  const GameDef& d = **def;
  CHECK(d.scenario_id == "tiny/two");
  CHECK(d.scenario_title == "One");
  CHECK(d.last_turn == 4);
  CHECK(d.setup_script == "play");
  REQUIRE(d.setup_tracks.size() == 1);
  CHECK(d.setup_tracks[0].second == 5);
  CHECK(d.setup_vars.find("mood")->as_string() == "calm");
  CHECK(d.setup_vars.find("level")->as_int() == 2);
  REQUIRE(d.setup_pieces.size() == 1);
  CHECK(d.setup_pieces[0].count == 1);  // the same type, place and owner: replaced
  const auto base = load_game("tiny/one", p.root.string());
  REQUIRE(base.ok());
  CHECK((*base)->rules_hash != d.rules_hash);  // both files are hashed

  // A new place adds pieces; count 0 takes the base's entry out.
  std::ofstream(two) << R"([scenario]
extends = "tiny/one"
title = "Two"
[[pieces]]
type = "card"
at = "table"
count = 0
[[pieces]]
type = "card"
at = "deck"
count = 2
)";
  def = load_game("tiny/two", p.root.string());
  REQUIRE(def.ok());
  CHECK((*def)->scenario_title == "Two");
  REQUIRE((*def)->setup_pieces.size() == 1);
  CHECK((*def)->setup_pieces[0].location == (*def)->find_location("deck"));
  CHECK((*def)->setup_pieces[0].count == 2);
}

TEST_CASE("loader: a scenario's extends names a scenario that exists, without a cycle", "[data][loader][extends]") {
  TinyProject p("extends-bad");
  const fs::path two = p.root / "scenarios/tiny/two.toml";
  std::ofstream(two) << "[scenario]\nextends = \"three\"\n";
  auto def = load_game("tiny/two", p.root.string());
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message.find("no scenario 'three' to extend: expected") != std::string::npos);
  CHECK(def.error().message.find("two.toml:2:11)") != std::string::npos);

  std::ofstream(two) << "[scenario]\nextends = \"../two\"\n";
  def = load_game("tiny/two", p.root.string());
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message.find("bad 'extends': '../two' is neither a scenario") != std::string::npos);

  // two -> three -> two
  std::ofstream(two) << "[scenario]\nextends = \"three\"\n";
  std::ofstream(p.root / "scenarios/tiny/three.toml") << "[scenario]\nextends = \"two\"\ngame = \"tiny\"\n";
  def = load_game("tiny/two", p.root.string());
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message.find("extends cycle") != std::string::npos);

  // A chain too deep: s0 -> s1 -> ... -> s19.
  for (int i = 0; i < 20; ++i)
    std::ofstream(p.root / ("scenarios/tiny/s" + std::to_string(i) + ".toml"))
        << "[scenario]\ngame = \"tiny\"\nextends = \"s" << i + 1 << "\"\n";
  std::ofstream(p.root / "scenarios/tiny/s20.toml") << "[scenario]\ngame = \"tiny\"\n";
  def = load_game("tiny/s0", p.root.string());
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message.find("more than 16 deep") != std::string::npos);

  // No file of the chain names the game.
  std::ofstream(p.root / "scenarios/tiny/s20.toml") << "[scenario]\ntitle = \"x\"\n";
  std::ofstream(two) << "[scenario]\nextends = \"s20\"\n";
  def = load_game("tiny/two", p.root.string());
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message.find("missing 'game' in [scenario]") != std::string::npos);

  // A bad value in the base is reported at the base's file and line.
  std::ofstream(p.root / "scenarios/tiny/s20.toml") << "[scenario]\ngame = \"tiny\"\n[tracks]\nscore = 9\n";
  def = load_game("tiny/two", p.root.string());
  REQUIRE_FALSE(def.ok());
  CHECK(def.error().message.find("track 'score' start 9 is outside 0..5 (") != std::string::npos);
  CHECK(def.error().message.find("s20.toml:4:9)") != std::string::npos);
}

TEST_CASE("loader: list shows an extending scenario with the title it inherits", "[data][loader][extends]") {
  TinyProject p("extends-list");
  std::ofstream(p.root / "scenarios/tiny/two.toml") << "[scenario]\nextends = \"one\"\n";
  bool found = false;
  for (const auto& e : list_catalog(p.root.string()))
    if (e.scenario == "tiny/two") {
      found = true;
      CHECK(e.scenario_title == "One");
    }
  CHECK(found);
}

TEST_CASE("loader: a phase id, or a step id within a phase, given twice is refused with both places", "[data][loader]") {
  // They passed lint and loaded silently: a save's position, the log and
  // the rules could not tell the two apart.
  const std::string twice = std::string(kGame) + "\n[[sequence.phases]]\nid = \"play\"\nrun = \"play\"\n";
  TinyProject phases("dup-phase", twice);
  auto dp = phases.load();
  REQUIRE_FALSE(dp.ok());
  CHECK(dp.error().message == "duplicate phase id 'play': first defined at " + phases.game_file() + ":28:6 (" +
                                  phases.game_file() + ":32:6)");
  const std::string steps = "[[sequence.phases.steps]]\nid = \"a\"\nrun = \"play\"\n";
  TinyProject dup_steps("dup-step", replace_once(kGame, "run = \"play\"\n", steps + steps));
  auto ds = dup_steps.load();
  REQUIRE_FALSE(ds.ok());
  CHECK(ds.error().message == "duplicate step id 'a' in phase 'play': first defined at " + dup_steps.game_file() +
                                  ":30:6 (" + dup_steps.game_file() + ":33:6)");
  // lint says so, with its position, and fails.
  const auto lint = cardboard::testing::run_cardboard(dup_steps.root.string(), "lint tiny");
  INFO(lint.out);
  CHECK(lint.code == 2);
  CHECK(lint.out.find("duplicate step id 'a' in phase 'play'") != std::string::npos);
  // One step id in two phases is two places: fine.
  const std::string other = "\n[[sequence.phases]]\nid = \"again\"\n" + steps;
  CHECK(TinyProject("two-phases", replace_once(kGame, "run = \"play\"\n", steps) + other).load().ok());
}

TEST_CASE("loader: the scenario's [vars] are bounded: every action copies them", "[data][loader]") {
  // A 2,000,000-element [vars] array loaded, and made every act take 13 s
  // (the state's hash and every phase start's snapshot carry the vars).
  const auto with_vars = [](const std::string& vars) { return std::string(kScenario) + "[vars]\n" + vars + "\n"; };
  const auto array = [](size_t n) {
    std::string a = "big = [";
    for (size_t i = 0; i < n; ++i) a += i ? ",0" : "0";
    return a + "]";
  };
  // The array itself is one value: 9,999 elements make 10,000.
  CHECK(TinyProject("vars-fit", kGame, with_vars(array(9999))).load().ok());
  TinyProject many("vars-many", kGame, with_vars(array(200000)));
  auto dm = many.load();
  REQUIRE_FALSE(dm.ok());
  CHECK(dm.error().message ==
        "bad [vars] 'big': the scenario's vars would hold more than 10000 values (each array element and table entry "
        "counted): every action copies them into the state's hash and every phase start into the save; keep big "
        "data in the rules' Lua (" + many.scenario_file() + ":7:7)");
  // Spread over keys and nested tables, the same.
  std::string spread;
  for (int k = 0; k < 3; ++k) spread += "k" + std::to_string(k) + " = { a = [" + array(4000).substr(7) + " }\n";
  auto ds = TinyProject("vars-spread", kGame, with_vars(spread)).load();
  REQUIRE_FALSE(ds.ok());
  CHECK_THAT(ds.error().message, Catch::Contains("bad [vars] 'k2'") && Catch::Contains("more than 10000 values"));
  auto db = TinyProject("vars-bytes", kGame, with_vars("text = \"" + std::string(size_t{1} << 20, 'x') + "y\"")).load();
  REQUIRE_FALSE(db.ok());
  CHECK_THAT(db.error().message, Catch::Contains("more than 1048576 bytes of strings"));
}
