// The command line on bad data and paths, run as the real `cardboard`: a
// symlink loop, a name too long, a FIFO or /dev/zero end a command with exit
// 2 and a message (never a signal or a hang); a path means that path, in
// whatever project it lies; lint reports every problem, with its parts in
// --json, and warns of slips that load silently.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "support.h"

namespace fs = std::filesystem;
using cardboard::testing::CommandRun;

namespace {

using cardboard::testing::replace_in;

const std::string kRace = std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/race";

// Runs `cardboard ARGS` in folder `cwd` with CARDBOARD_ROOT=root, stderr
// joined to stdout (ARGS may end with 2>/dev/null to drop it). A run still
// going after 30 seconds is killed: its code is then -1, as for any run
// ended by a signal.
CommandRun run_in(const std::string& cwd, const std::string& root, const std::string& args) {
  const std::string cmd = "cd '" + cwd + "' && CARDBOARD_ROOT='" + root + "' timeout -s KILL 30 '" +
                          CARDBOARD_BINARY + "' 2>&1 " + args;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  CommandRun run = cardboard::testing::finish_command(p);
  if (run.code == 137) run.code = -1;  // timeout's KILL, seen through the shell
  return run;
}

CommandRun race(const std::string& args) { return run_in(kRace, kRace, args); }

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("cardboard-cli-data-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// A project at `dir` holding a copy of a fixture's rules/ and scenarios/.
fs::path fixture_project(const std::string& fixture, const std::string& name) {
  const fs::path dir = fresh_dir(name);
  for (const char* sub : {"rules", "scenarios"})
    fs::copy(fs::path(fixture) / sub, dir / sub, fs::copy_options::recursive);
  return dir;
}

fs::path race_project(const std::string& name) { return fixture_project(kRace, name); }

void append_to(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::app) << text; }

int deck_count(const std::string& status_json) {
  const auto status = nlohmann::json::parse(status_json);
  for (const auto& l : status["locations"])
    if (l["id"] == "deck") return l["count"];
  return -1;
}

}  // namespace

TEST_CASE("cli data: a symlink loop or a name too long ends status, act and new with exit 2", "[cli][paths]") {
  const fs::path dir = fresh_dir("loop");
  fs::create_symlink(dir / "loop1", dir / "loop2");
  fs::create_symlink(dir / "loop2", dir / "loop1");
  const std::string loop = (dir / "loop1").string();
  const std::string long_name = (dir / std::string(300, 'a')).string();
  for (const std::string& bad : {loop, long_name, loop + "/x"}) {
    INFO(bad);
    for (const std::string& args : {"status " + bad, "act " + bad + " 1", "new race/short --save " + bad,
                                    "new " + bad + ".toml", "lint " + bad + ".toml"}) {
      INFO(args);
      const CommandRun r = race(args);
      CHECK(r.code == 2);
      CHECK(r.out.rfind("cardboard: ", 0) == 0);
      CHECK(r.out.find("terminate called") == std::string::npos);
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("cli data: a scenario that is /dev/zero or a FIFO is refused at once", "[cli][paths]") {
  const fs::path dir = fresh_dir("special");
  fs::create_symlink("/dev/zero", dir / "zero.toml");
  REQUIRE(::mkfifo((dir / "fifo.toml").c_str(), 0600) == 0);
  for (const char* name : {"zero.toml", "fifo.toml"}) {
    for (const char* cmd : {"new", "lint", "sim"}) {
      const CommandRun r = race(std::string(cmd) + " " + (dir / name).string());
      INFO(cmd << " " << name << ": " << r.out);
      CHECK(r.code == 2);
      CHECK(r.out.find("cannot read " + (dir / name).string() + ": it is a") != std::string::npos);
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("cli data: bad values are refused when loading, before any rule runs", "[cli]") {
  const fs::path project = race_project("values");
  append_to(project / "scenarios/race/short.toml", "[[pieces]]\ntype = \"boost\"\nat = \"deck\"\ncount = -1\n");
  const std::string scenario = (project / "scenarios/race/short.toml").string();
  const CommandRun lint = race("lint " + scenario);
  CHECK(lint.code == 2);
  CHECK(lint.out.find("bad 'count': expected an integer from 0 to 10000, got -1 (" + scenario + ":7:9)") !=
        std::string::npos);
  const CommandRun created = race("new " + scenario + " --save " + (project / "x.cbsave").string());
  CHECK(created.code == 2);
  CHECK_FALSE(fs::exists(project / "x.cbsave"));
  fs::remove_all(project);
}

TEST_CASE("cli data: lint of a game folder checks that folder's project, wherever it is run", "[cli][paths][lint]") {
  const fs::path copy = race_project("lint-copy");
  const fs::path game = copy / "rules/race/game.toml";
  replace_in(game, "title = \"Red score\"", "titel = \"Red score\"");
  const std::string expected =
      "unknown key 'titel' in [[tracks]]: did you mean 'title'? (" + game.string() + ":39:1)";
  // From the race fixture's project, from /, and from inside the copy.
  for (const std::string& cwd : {kRace, std::string("/"), (copy / "rules").string()}) {
    INFO("run from " << cwd);
    const CommandRun r = run_in(cwd, kRace, "lint " + (copy / "rules/race").string());
    CHECK(r.code == 2);
    CHECK(r.out.find(expected) != std::string::npos);
    CHECK(r.out.find("1 problem") != std::string::npos);
  }
  // The output names the project when it is not the current one.
  CHECK(run_in("/", kRace, "lint " + (copy / "rules/race").string()).out.find(
            "cardboard: using the project at " + copy.string() + "\n") != std::string::npos);
  CHECK(run_in("/", kRace, "lint race").out == "race: 0 problems\n");
  auto j = nlohmann::json::parse(run_in("/", kRace, "lint " + (copy / "rules/race").string() + " --json 2>/dev/null").out);
  CHECK(j["root"] == copy.string());
  fs::remove_all(copy);
}

TEST_CASE("cli data: new, status, sim and test on a path use that path's project", "[cli][paths]") {
  // The copy's deck holds 8 cards, the fixture's 6: a start shows which rules ran.
  const fs::path copy = race_project("new-copy");
  replace_in(copy / "rules/race/game.toml", "copies = 3\nbonus = 2", "copies = 5\nbonus = 2");
  const std::string scenario = (copy / "scenarios/race/short.toml").string();
  const std::string save = (copy / "game.cbsave").string();
  const CommandRun created = run_in("/", kRace, "new " + scenario + " --seed 5 --json --save " + save + " 2>/dev/null");
  REQUIRE(created.code == 0);
  CHECK(deck_count(created.out) == 7);  // 8 less the card drawn
  CHECK(deck_count(race("new race/short --seed 5 --json --save " + (copy / "other.cbsave").string()).out) == 5);
  // Opening the save finds the rules next to its scenario, not the current project's.
  const CommandRun status = race("status " + save + " --json");
  REQUIRE(status.code == 0);
  CHECK(status.out.find("warning") == std::string::npos);
  CHECK(deck_count(status.out) == 7);
  CHECK(race("act " + save + " roll").code == 0);
  CHECK(race("replay " + save + " --verify").code == 0);
  // sim and test say which project they use.
  const CommandRun sim = race("sim " + scenario + " --games 10");
  CHECK(sim.code == 0);
  CHECK(sim.out.find("cardboard: using the project at " + copy.string()) != std::string::npos);
  const CommandRun test = run_in("/", kRace, "test " + (copy / "rules/race").string());
  CHECK(test.out.find("cardboard: using the project at " + copy.string()) != std::string::npos);
  fs::remove_all(copy);
}

TEST_CASE("cli data: lint reports the kit's slips against what the maps use, and refuses too many classes", "[cli][lint]") {
  const std::string skirmish = std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/skirmish";
  const fs::path copy = fixture_project(skirmish, "lint-kit");
  const fs::path game = copy / "rules/skirmish/game.toml";
  replace_in(game, "[terrain.woods]", "[terrain.woodz]");
  replace_in(game, "stop_on_entry = true", "stop_on_entri = true");
  const std::string g = game.string();
  CommandRun r = run_in("/", skirmish, "lint " + (copy / "rules/skirmish").string() + " 2>/dev/null");
  CHECK(r.code == 2);
  CHECK(r.out.find("no hex map has the terrain 'woodz': did you mean 'woods'? (" + g + ":") != std::string::npos);
  CHECK(r.out.find("the hex maps use terrain 'woods', which [terrain] does not price") != std::string::npos);
  CHECK(r.out.find("unknown key 'stop_on_entri' in [zoc]: did you mean 'stop_on_entry'? (" + g + ":") !=
        std::string::npos);
  // Each class keeps a cost a cell: their number is bounded.
  const fs::path many = fixture_project(skirmish, "lint-kit-classes");
  std::string classes;
  for (int i = 0; i < 33; ++i) classes += (i ? ", \"c" : "\"c") + std::to_string(i) + "\"";
  replace_in(many / "rules/skirmish/game.toml", "classes = [\"leg\", \"mech\"]", "classes = [" + classes + "]");
  r = run_in("/", skirmish, "lint " + (many / "rules/skirmish").string() + " 2>/dev/null");
  CHECK(r.code == 2);
  CHECK(r.out.find("bad 'classes': at most 32 classes") != std::string::npos);
  // A unit with no movement allowance would never move: a warning at its entry.
  const fs::path gap = fixture_project(skirmish, "lint-kit-gap");
  replace_in(gap / "rules/skirmish/game.toml", "movement = 6\n", "");
  r = run_in("/", skirmish, "lint " + (gap / "rules/skirmish").string() + " 2>/dev/null");
  CHECK(r.code == 0);
  CHECK(r.out.find((gap / "rules/skirmish/game.toml").string() + ":33:1: warning: piece type 'tanks' (unit) has no "
                   "'movement', which the kit reads (docs/kit.md): it counts as 0") != std::string::npos);
  fs::remove_all(copy);
  fs::remove_all(many);
  fs::remove_all(gap);
}

TEST_CASE("cli data: lint reports every problem of a file, TOML syntax errors included", "[cli][lint]") {
  const fs::path copy = race_project("lint-all");
  const fs::path game = copy / "rules/race/game.toml";
  replace_in(game, "kind = \"pile\"", "knd = \"pile\"");
  replace_in(game, "title = \"Blue score\"", "titel = \"Blue score\"");
  replace_in(game, "deck = \"deck\"\ncopies = 3\nbonus = 0", "deck = \"dek\"\ncopies = 3\nbonus = 0");
  const CommandRun r = run_in("/", kRace, "lint " + (copy / "rules/race").string() + " 2>/dev/null");
  CHECK(r.code == 2);
  const std::string g = game.string();
  CHECK(r.out ==
        "unknown key 'knd' in [[locations]]: did you mean 'kind'? (" + g + ":23:1)\n"
        "unknown key 'titel' in [[tracks]]: did you mean 'title'? (" + g + ":45:1)\n"
        "no such location: 'dek': did you mean 'deck'? (" + g + ":59:8)\n" +
            (copy / "rules/race").string() + ": 3 problems\n");
  // Two syntax errors, both reported; the JSON splits each problem into its parts.
  const fs::path syntax = race_project("lint-syntax");
  replace_in(syntax / "rules/race/game.toml", "min = 0", "min = = 0");
  replace_in(syntax / "rules/race/game.toml", "max = 10\n\n[[piece_types]]", "max = 10 10\n\n[[piece_types]]");
  auto j = nlohmann::json::parse(
      run_in("/", kRace, "lint " + (syntax / "rules/race").string() + " --json 2>/dev/null").out);
  REQUIRE(j["problems"].size() == 2);
  const std::string sg = (syntax / "rules/race/game.toml").string();
  CHECK(j["problems"][0]["file"] == sg);
  CHECK(j["problems"][0]["line"] == 40);
  CHECK(j["problems"][0]["column"] == 7);
  CHECK(j["problems"][1]["line"] == 47);
  CHECK(j["problems"][0]["text"].get<std::string>().rfind(sg + ":40:7: ", 0) == 0);
  CHECK(j["problems"][0]["message"] ==
        j["problems"][0]["text"].get<std::string>().substr(sg.size() + std::string(":40:7: ").size()));
  // A loader problem: the position is at the end of its text.
  auto k = nlohmann::json::parse(run_in("/", kRace, "lint " + (copy / "rules/race").string() + " --json 2>/dev/null").out);
  CHECK(k["problems"][2] == nlohmann::json{{"text", "no such location: 'dek': did you mean 'deck'? (" + g + ":59:8)"},
                                           {"file", g},
                                           {"line", 59},
                                           {"column", 8},
                                           {"message", "no such location: 'dek': did you mean 'deck'?"}});
  fs::remove_all(copy);
  fs::remove_all(syntax);
}

TEST_CASE("cli data: lint warns of printed values one slip from the game's others, and of value keys no "
          "piece type has",
          "[cli][lint]") {
  const fs::path copy = race_project("lint-slips");
  const fs::path game = copy / "rules/race/game.toml";
  // Three types have 'defence' and 'attack'; one has 'defense', one 'atack'.
  replace_in(game, "copies = 3\nbonus = 2", "copies = 3\nbonus = 2\ndefence = 1\nattack = 2");
  replace_in(game, "copies = 3\nbonus = 0", "copies = 3\nbonus = 0\ndefence = 1\nattack = 2");
  append_to(game,
            "\n[[piece_types]]\nname = \"Tank\"\ndefence = 3\nattack = 4\n"
            "\n[[piece_types]]\nname = \"Scout\"\ndefense = 1\natack = 1\n");
  const fs::path lua = copy / "rules/race/race.lua";
  append_to(lua, "\nfunction strength(p, loc)\n  return pieces.value(p, \"atack\") + pieces.value(p, \"bonus\")"
                 " + pieces.sum(loc, \"strenght\", { kind = \"unit\" })\n    -- pieces.value(p, \"ignored\")\nend\n");
  int lua_lines = 0;
  {
    std::ifstream in(lua);
    for (std::string line; std::getline(in, line);) ++lua_lines;
  }
  const CommandRun r = run_in("/", kRace, "lint " + (copy / "rules/race").string() + " 2>/dev/null");
  CHECK(r.code == 0);
  const std::string g = game.string(), l = lua.string();
  const int call = lua_lines - 2;  // the line of the pieces.value calls
  CHECK(r.out ==
        g + ":85:1: warning: printed value 'atack' is one slip from 'attack', which 3 other piece types have: did you "
            "mean 'attack'?\n" +
        g + ":84:1: warning: printed value 'defense' is one slip from 'defence', which 3 other piece types have: did "
            "you mean 'defence'?\n" +
        l + ":" + std::to_string(call) +
            ":80: warning: no piece type has the printed value 'strenght': pieces.sum counts 0 for it\n" +
        (copy / "rules/race").string() + ": 0 problems, 3 warnings\n");
  fs::remove_all(copy);
}

TEST_CASE("cli data: a path that is not UTF-8 ends no command with an abort", "[cli][paths]") {
  // JSON holds UTF-8 only: lint replaces the bad byte; any exception still
  // left in a command ends it with "internal error" and exit 2, not an abort.
  const fs::path dir = fresh_dir("utf8");
  const fs::path game = dir / "bad\xff";
  fs::create_directories(game);
  fs::copy(fs::path(kRace) / "rules/race", game, fs::copy_options::recursive);
  const CommandRun lint = race("lint '" + game.string() + "' --json");
  CHECK(lint.code == 0);
  CHECK(nlohmann::json::parse(lint.out)["checked"][0] == (dir / "bad\xef\xbf\xbd").string());
  const CommandRun created = race("new race/short --json --save '" + (dir / "s\xfe.cbsave").string() + "'");
  INFO(created.out);
  CHECK(created.code != -1);
  if (created.code != 0) {
    CHECK(created.code == 2);
    CHECK(created.out.rfind("cardboard: internal error in 'new': ", 0) == 0);
  }
  fs::remove_all(dir);
}
