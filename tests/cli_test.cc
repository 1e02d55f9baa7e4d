// The command line's contract, as scripts and tests rely on it: JSON fields,
// exit codes, hidden information in status, and a save left unchanged by a
// rejected action. Runs the real `cardboard` binary on the race fixture game.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "support.h"

namespace fs = std::filesystem;

namespace {

using cardboard::testing::replace_in;

// Runs cardboard with `args` under the race fixture's root; stderr joins stdout.
cardboard::testing::CommandRun cli(const std::string& args) {
  return cardboard::testing::run_cardboard(std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/race", args);
}

std::string temp_save(const char* name) {
  const std::string path = (fs::temp_directory_path() / (std::string("cardboard-cli-") + name + ".cbsave")).string();
  for (const char* ext : {"", "-wal", "-shm"}) fs::remove(path + ext);
  return path;
}

}  // namespace

TEST_CASE("cli: new and status --json give the documented fields", "[cli]") {
  const std::string save = temp_save("fields");
  auto r = cli("new race/short --seed 5 --json --save " + save);
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"turn", "phase", "phase_id", "step", "phasing", "deciding", "prompt", "choices",
                          "state_hash", "finished", "result"})
    CHECK(j.contains(key));
  CHECK(j["deciding"] == "red");
  CHECK(j["phasing"] == "red");
  CHECK(j["phase"] == "Play");
  CHECK(j["choices"] == nlohmann::json::parse(
                            R"([{"n":1,"text":"roll","kind":"option","option":"roll","value":"option=roll"},
                                {"n":2,"text":"wait","kind":"option","option":"wait","value":"option=wait"}])"));
  CHECK(j["finished"] == false);
  auto s = cli("status " + save + " --json");
  REQUIRE(s.code == 0);
  CHECK(j["state_hash"].get<std::string>().size() == 16);
  CHECK(nlohmann::json::parse(s.out)["state_hash"] == j["state_hash"]);
  // A side's view carries the hash of that view, never the whole state's (issue 61.2).
  auto as = nlohmann::json::parse(cli("status " + save + " --json --as blue").out);
  CHECK(as["state_hash"].is_null());
  CHECK(as["view_hash"].get<std::string>().size() == 16);
  CHECK(as["view_hash"] != nlohmann::json::parse(s.out)["view_hash"]);  // red sees its choices, blue does not
}

TEST_CASE("cli: a rules text that is not UTF-8 is printed in JSON with U+FFFD, not an error", "[cli][hostile]") {
  // Lua strings are bytes; JSON is UTF-8. Before, --json failed with an
  // internal error on such a prompt.
  const fs::path root = fs::temp_directory_path() / "cardboard-cli-bytes";
  fs::remove_all(root);
  fs::copy(fs::path(CARDBOARD_SOURCE_ROOT) / "tests/games/race", root, fs::copy_options::recursive);
  replace_in(root / "rules/race/race.lua", "prompt = \"Roll or wait?\"", "prompt = \"Roll \\xff or \\xc3O wait?\"");
  const std::string save = temp_save("bytes");
  auto r = cardboard::testing::run_cardboard(root.string(), "new race/short --seed 5 --json --save " + save);
  INFO(r.out);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["prompt"] == "Roll \xEF\xBF\xBD or \xEF\xBF\xBDO wait?");
  auto s = cardboard::testing::run_cardboard(root.string(), "status " + save + " --json");
  REQUIRE(s.code == 0);
  CHECK(nlohmann::json::parse(s.out)["prompt"] == j["prompt"]);
  // The terminal gets a '?' for each byte that is not UTF-8 (terminal_text).
  auto t = cardboard::testing::run_cardboard(root.string(), "status " + save);
  CHECK(t.out.find("Roll ? or ?O wait?") != std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("cli: no escape sequence of a rules text reaches the terminal", "[cli][hostile]") {
  // A mod's text could set the terminal's title, colours or what it shows;
  // its control bytes are printed as '?', in JSON escaped as JSON does.
  const fs::path root = fs::temp_directory_path() / "cardboard-cli-escape";
  fs::remove_all(root);
  fs::copy(fs::path(CARDBOARD_SOURCE_ROOT) / "tests/games/race", root, fs::copy_options::recursive);
  replace_in(root / "rules/race/race.lua", "prompt = \"Roll or wait?\"",
             "prompt = \"Roll\\27]0;owned\\7 or \\u{9b}2J \\u{e9}wait?\"");
  // A lone byte 0x9B (not UTF-8) opens a sequence on an 8-bit terminal.
  replace_in(root / "rules/race/race.lua", "log(\"1\", \"%s scored %d\"", "log(\"1\", \"%s\\27[2J\\155[1m scored %d\"");
  const std::string save = temp_save("escape");
  auto r = cardboard::testing::run_cardboard(root.string(), "new race/short --seed 5 --save " + save);
  INFO(r.out);
  REQUIRE(r.code == 0);
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK(r.out.find("\xc2\x9b") == std::string::npos);
  // The C1 control U+009B (CSI) too; a letter with an accent stays.
  CHECK(r.out.find("Roll?]0;owned? or ?2J \xc3\xa9wait?") != std::string::npos);
  auto j = cardboard::testing::run_cardboard(root.string(), "status " + save + " --json");
  CHECK(nlohmann::json::parse(j.out)["prompt"] == "Roll\x1b]0;owned\x07 or \xc2\x9b" "2J \xc3\xa9wait?");
  auto a = cardboard::testing::run_cardboard(root.string(), "act " + save + " 1 --dice 6");
  INFO(a.out);
  CHECK(a.out.find('\x1b') == std::string::npos);
  CHECK(a.out.find("?[2J?[1m scored") != std::string::npos);
  auto l = cardboard::testing::run_cardboard(root.string(), "log " + save);
  CHECK(l.out.find('\x1b') == std::string::npos);
  CHECK(l.out.find("?[2J?[1m scored") != std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("cli: status shows only the view of the acting side", "[cli][hidden]") {
  const std::string save = temp_save("hidden");
  REQUIRE(cli("new race/short --seed 5 --save " + save).code == 0);
  auto find = [](const nlohmann::json& view, const std::string& id) {
    for (const auto& l : view["locations"])
      if (l["id"] == id) return l;
    return nlohmann::json();
  };
  auto red = nlohmann::json::parse(cli("status " + save + " --json").out);
  CHECK(find(red, "red_hand").contains("pieces"));
  CHECK(find(red, "deck").value("hidden", false));
  auto blue = nlohmann::json::parse(cli("status " + save + " --json --as blue").out);
  CHECK(find(blue, "red_hand").value("hidden", false));
  CHECK(find(blue, "red_hand")["count"] == 1);
  CHECK(blue["choices"].empty());  // the choices are red's to see
}

TEST_CASE("cli: an illegal choice exits 2 and leaves the save as it was", "[cli]") {
  const std::string save = temp_save("illegal");
  REQUIRE(cli("new race/short --seed 5 --save " + save).code == 0);
  const auto before = nlohmann::json::parse(cli("status " + save + " --json").out);
  auto r = cli("act " + save + " 7");
  CHECK(r.code == 2);
  CHECK(r.out == "cardboard: illegal choice 7: 2 choices are open (1 roll, 2 wait)\n");
  CHECK(cli("act " + save + " dance").code == 2);
  const auto after = nlohmann::json::parse(cli("status " + save + " --json").out);
  CHECK(after["state_hash"] == before["state_hash"]);
  CHECK(after["actions"] == 0);
}

TEST_CASE("cli: act with forced dice, undo, log and replay --verify", "[cli]") {
  const std::string save = temp_save("act");
  REQUIRE(cli("new race/short --seed 5 --save " + save).code == 0);
  auto r = cli("act " + save + " roll --dice 6 --json");
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  bool rolled = false;
  for (const auto& e : j["events"]) rolled |= e["text"] == "d6 rolled 6: race" && e["rule"] == "1";
  CHECK(rolled);
  CHECK(j["status"]["deciding"] == "blue");
  REQUIRE(cli("act " + save + " wait").code == 0);
  auto log = cli("log " + save + " --json");
  REQUIRE(log.code == 0);
  CHECK(nlohmann::json::parse(log.out).size() > 5);
  auto verify = cli("replay " + save + " --verify --json");
  CHECK(verify.code == 0);
  CHECK(nlohmann::json::parse(verify.out)["verified"] == true);
  auto undo = cli("undo " + save + " 1 --agreed --json");  // race is between people
  REQUIRE(undo.code == 0);
  CHECK(nlohmann::json::parse(undo.out)["deciding"] == "blue");
  CHECK(cli("undo " + save + " 5").code == 2);
}

TEST_CASE("cli: forced input an action does not use, or that no die it rolls shows, is refused, the save unchanged",
          "[cli][forced]") {
  // Issue 9.3 and 8.18: a forced die the action did not roll was queued for
  // the next roll, maybe the other side's; one no die showed was a rules
  // error (exit 3).
  const std::string save = temp_save("forced");
  REQUIRE(cli("new race/short --seed 5 --save " + save).code == 0);
  const auto before = nlohmann::json::parse(cli("status " + save + " --json").out);
  auto unused = cli("act " + save + " wait --dice 6");
  CHECK(unused.code == 2);
  CHECK(unused.out ==
        "cardboard: choice 2 did not use all the forced input it was given: --dice 6 is left over; give only what "
        "it rolls and draws (the save is unchanged)\n");
  auto partly = cli("act " + save + " roll --dice 6,2");
  CHECK(partly.code == 2);
  CHECK(partly.out.find("--dice 2 is left over") != std::string::npos);
  auto misfit = cli("act " + save + " roll --dice 7");
  CHECK(misfit.code == 2);
  CHECK(misfit.out.find("forced die 7 is out of range for d6 (1-6)") != std::string::npos);
  const auto after = nlohmann::json::parse(cli("status " + save + " --json").out);
  CHECK(after["state_hash"] == before["state_hash"]);
  CHECK(after["actions"] == 0);
  CHECK_FALSE(after.contains("forced"));
  REQUIRE(cli("act " + save + " roll --dice 6").code == 0);

  const std::string unborn = temp_save("forced-new");
  auto start = cli("new race/short --seed 5 --dice 1 --save " + unborn);
  CHECK(start.code == 2);
  CHECK(start.out.find("the start of the game did not use all the forced input it was given: --dice 1 is left over") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(unborn));
}

TEST_CASE("cli: --as names a side of the game in every command, and --draw a deck or cup", "[cli]") {
  // Issue 8.20: undo and log took --as nobody and went on.
  const std::string save = temp_save("as");
  REQUIRE(cli("new race/short --seed 5 --save " + save).code == 0);
  REQUIRE(cli("act " + save + " roll").code == 0);
  for (const char* cmd : {"undo", "log", "status"}) {
    INFO(cmd);
    auto r = cli(std::string(cmd) + " " + save + " --as nobody");
    CHECK(r.code == 1);
    CHECK(r.out == "cardboard: no such side: 'nobody' (the sides are red, blue)\n");
  }
  CHECK(nlohmann::json::parse(cli("status " + save + " --json").out)["actions"] == 1);
  auto hand = cli("act " + save + " roll --draw red_hand=Boost");
  CHECK(hand.code == 2);
  CHECK(hand.out.find("'red_hand' is a hand, not a deck or a cup") != std::string::npos);
}

TEST_CASE("cli: a seed is a 64-bit unsigned number, nothing else", "[cli]") {
  // Issue 8.19: -1 and 2^64 were taken as 2^64-1.
  for (const char* bad : {"-1", "18446744073709551616", "-5", "1e3", "0x10", ""}) {
    INFO(bad);
    auto r = cli(std::string("sim race/short --games 1 --seed '") + bad + "'");
    CHECK(r.code == 1);
    CHECK(r.out.find("is not a seed: a whole number from 0 to 18446744073709551615") != std::string::npos);
  }
  CHECK(cli("sim race/short --games 1 --seed 18446744073709551615").code == 0);
  const std::string save = temp_save("seed");
  CHECK(cli("new race/short --seed -1 --save " + save).code == 1);
  CHECK_FALSE(fs::exists(save));
}

TEST_CASE("cli: a bad save, an unknown game and a bad option give their exit codes", "[cli]") {
  const std::string junk = temp_save("junk");
  FILE* f = fopen(junk.c_str(), "w");
  fputs("this is not a database, not even close to one; it is long enough to be read", f);
  fclose(f);
  auto bad = cli("status " + junk);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("not a cardboard save") != std::string::npos);
  auto unknown = cli("new race/long");
  CHECK(unknown.code == 2);
  CHECK(unknown.out == "cardboard: no such game or scenario: 'race/long': did you mean 'race/short'? (see 'cardboard list')\n");
  CHECK(cli("sim race/short --games 0").code == 1);
  CHECK(cli("frobnicate").code == 1);
}

TEST_CASE("cli: every command has --help", "[cli]") {
  for (const char* cmd : {"list", "new", "status", "act", "undo", "log", "replay", "play", "sim", "lint", "test"}) {
    auto r = cli(std::string(cmd) + " --help");
    CHECK(r.code == 0);
    CHECK(r.out.find("Usage") != std::string::npos);
  }
}

TEST_CASE("cli: sim gives the same outcomes whatever the number of jobs", "[cli][sim]") {
  auto one = nlohmann::json::parse(cli("sim race/short --games 3000 --seed 9 --jobs 1 --json").out);
  auto two = nlohmann::json::parse(cli("sim race/short --games 3000 --seed 9 --jobs 2 --json").out);
  CHECK(one["outcomes"] == two["outcomes"]);
  CHECK(one["mean_decisions"] == two["mean_decisions"]);
  for (const char* key : {"games", "outcomes", "mean_turns", "mean_decisions", "seconds", "games_per_second"})
    CHECK(one.contains(key));
}

TEST_CASE("cli: lint reports a broken reference with its position", "[cli][lint]") {
  const fs::path dir = fs::temp_directory_path() / "cardboard-lint-broken";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path src = fs::path(CARDBOARD_SOURCE_ROOT) / "tests/games/race/rules/race";
  fs::copy(src, dir, fs::copy_options::recursive);
  {
    FILE* f = fopen((dir / "game.toml").c_str(), "a");
    fputs("\n[[piece_types]]\nname = \"Stray\"\ndeck = \"dek\"\n", f);
    fclose(f);
  }
  auto r = cli("lint " + dir.string());
  CHECK(r.code == 2);
  CHECK(r.out.find("no such location: 'dek': did you mean 'deck'? (" + (dir / "game.toml").string() + ":") !=
        std::string::npos);
  CHECK(cli("lint race").code == 0);
}

TEST_CASE("cli: lint reports an assignment to an undeclared global with its line", "[cli][lint]") {
  const fs::path dir = fs::temp_directory_path() / "cardboard-lint-global";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path src = fs::path(CARDBOARD_SOURCE_ROOT) / "tests/games/race/rules/race";
  fs::copy(src, dir, fs::copy_options::recursive);
  {
    FILE* f = fopen((dir / "race.lua").c_str(), "a");
    fputs("\nfunction rare_branch(n)\n  if n > 5 then\n    cuont = n\n  end\nend\n", f);
    fclose(f);
  }
  int lines = 0;  // the line of `cuont = n`: the file's lines before it, plus 4
  {
    FILE* f = fopen((src / "race.lua").c_str(), "r");
    for (int c; (c = fgetc(f)) != EOF;) lines += c == '\n';
    fclose(f);
  }
  auto r = cli("lint " + dir.string());
  CHECK(r.code == 2);
  CHECK(r.out.find((dir / "race.lua").string() + ":" + std::to_string(lines + 4) +
                   ": assignment to undeclared global 'cuont' (inside function 'rare_branch'): declare it with "
                   "'local', or keep game state in vars") != std::string::npos);
  CHECK(r.out.find("1 problem\n") != std::string::npos);
}

namespace {

// A copy of the race game in a temporary folder, to spoil one thing in it.
fs::path race_copy(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("cardboard-lint-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(fs::path(CARDBOARD_SOURCE_ROOT) / "tests/games/race/rules/race", dir, fs::copy_options::recursive);
  return dir;
}

}  // namespace

TEST_CASE("cli: lint reports a missing required key with its table's position", "[cli][lint]") {
  const fs::path dir = race_copy("missing-key");
  replace_in(dir / "game.toml", "id = \"red_score\"\n", "");
  auto r = cli("lint " + dir.string());
  CHECK(r.code == 2);
  CHECK(r.out.find("missing key 'id': a string is required (" + (dir / "game.toml").string() + ":") !=
        std::string::npos);
}

TEST_CASE("cli: lint reports a Lua syntax error with its line", "[cli][lint]") {
  const fs::path dir = race_copy("syntax");
  replace_in(dir / "race.lua", "if score >= 10 then game.finish", "if score >= 10 game.finish");
  auto r = cli("lint " + dir.string());
  CHECK(r.code == 2);
  CHECK(r.out.find((dir / "race.lua").string() + ":11: 'then' expected near") != std::string::npos);
}

TEST_CASE("cli: lint reports a sequence step whose Lua function is missing, at its run key", "[cli][lint]") {
  const fs::path dir = race_copy("no-function");
  replace_in(dir / "game.toml", "run = \"play\"", "run = \"plya\"");
  auto r = cli("lint " + dir.string());
  CHECK(r.code == 2);
  CHECK(r.out.find("names Lua function 'plya', which the rules of cardboard-lint-no-function do not define (" +
                   (dir / "game.toml").string() + ":") != std::string::npos);
}

TEST_CASE("cli: status as a side that is not deciding does not list the choices", "[cli][hidden]") {
  const std::string save = temp_save("not-deciding");
  REQUIRE(cli("new race/short --seed 5 --save " + save).code == 0);
  auto blue = cli("status " + save + " --as blue");
  REQUIRE(blue.code == 0);
  CHECK(blue.out.find("Red is deciding\n") != std::string::npos);
  CHECK(blue.out.find("1. roll") == std::string::npos);
  CHECK(blue.out.find("Red hand (1): hidden") != std::string::npos);
}

TEST_CASE("cli: a piece's own visibility hides it on an open board and shows it from a hidden hand",
          "[cli][hidden]") {
  const std::string save = temp_save("masked");
  auto masked = [](const std::string& args) {
    return cardboard::testing::run_cardboard(std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/masked", args);
  };
  REQUIRE(masked("new masked/one --seed 1 --save " + save).code == 0);
  auto find = [](const nlohmann::json& view, const std::string& id) {
    for (const auto& l : view["locations"])
      if (l["id"] == id) return l;
    return nlohmann::json();
  };
  auto names = [](const nlohmann::json& loc) {
    std::string out;
    for (const auto& p : loc["pieces"]) out += (out.empty() ? "" : ",") + p.value("name", std::string("?"));
    return out;
  };
  // Red sees its own scout and both its cards.
  auto red = nlohmann::json::parse(masked("status " + save + " --json --as red").out);
  CHECK(names(find(red, "board")) == "Scout,Guard");
  CHECK(names(find(red, "red_hand")) == "Ace,Deuce");
  // Blue sees a face-down red piece (no name, no id) and only the shown card.
  auto blue = nlohmann::json::parse(masked("status " + save + " --json --as blue").out);
  const auto board = find(blue, "board");
  REQUIRE(board["pieces"].size() == 2);
  CHECK(board["pieces"][0] == nlohmann::json::parse(R"({"hidden": true, "owner": "red"})"));
  CHECK(board["pieces"][1]["name"] == "Guard");
  const auto hand = find(blue, "red_hand");
  REQUIRE(hand["pieces"].size() == 2);
  CHECK(hand["pieces"][0]["name"] == "Ace");
  CHECK(hand["pieces"][1] == nlohmann::json::parse(R"({"hidden": true, "owner": "red"})"));
  const auto text = masked("status " + save + " --as blue").out;
  CHECK(text.find("Board (2): hidden Red piece, Guard") != std::string::npos);
  CHECK(text.find("Red hand (2): Ace, hidden Red piece") != std::string::npos);
  // Flashed (turned up and down again where it stands), the scout is
  // hidden from Blue, who remembers it (pieces.known); Red sees it.
  const std::string flashed = temp_save("masked-flash");
  REQUIRE(masked("new masked/one --seed 1 --save " + flashed).code == 0);
  REQUIRE(masked("act " + flashed + " Flash").code == 0);
  auto seen = find(nlohmann::json::parse(masked("status " + flashed + " --json --as blue").out), "board");
  CHECK(seen["pieces"][0]["hidden"] == true);
  CHECK(seen["pieces"][0]["remembered"]["name"] == "Scout");
  CHECK_FALSE(seen["pieces"][0]["remembered"].contains("id"));
  CHECK(masked("status " + flashed + " --as blue").out.find("Board (2): hidden Red piece (seen: Scout), Guard") !=
        std::string::npos);
  CHECK_FALSE(find(nlohmann::json::parse(masked("status " + flashed + " --json --as red").out), "board")["pieces"][0]
                  .contains("remembered"));
  // Revealed, the scout is seen as its location is again.
  REQUIRE(masked("act " + save + " Reveal").code == 0);
  auto after = nlohmann::json::parse(masked("status " + save + " --json --as blue").out);
  CHECK(names(find(after, "board")) == "Scout,Guard");
}

TEST_CASE("cli: a secret told to one side is in its log alone, with the pieces it was shown named", "[cli][hidden]") {
  const std::string save = temp_save("masked-spy");
  auto masked = [](const std::string& args) {
    return cardboard::testing::run_cardboard(std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/masked", args);
  };
  REQUIRE(masked("new masked/one --seed 1 --save " + save).code == 0);
  REQUIRE(masked("act " + save + " Spy").code == 0);
  const std::string blue = masked("log " + save + " --as blue").out;
  CHECK(blue.find("Blue's spy looked into Red hand") != std::string::npos);
  CHECK(blue.find("Blue's spy saw Ace and Deuce in Red hand, and Scout on Board") != std::string::npos);
  // Red and a spectator read that the spy looked, never what it saw.
  for (const std::string& reader : {std::string(" --as red"), std::string("")}) {
    const std::string other = masked("log " + save + reader).out;
    CHECK(other.find("Blue's spy looked into Red hand") != std::string::npos);
    CHECK(other.find("spy saw") == std::string::npos);
  }
  auto events = nlohmann::json::parse(masked("log " + save + " --json --as blue").out);
  bool told = false;
  for (const auto& e : events)
    if (e.value("visible_to", "") == "blue") told = e["kind"] == "reveal" && e["rule"] == "1";
  CHECK(told);
  // Blue still sees the scout face down on the board: the secret is in its log only.
  const std::string status = masked("status " + save + " --as blue").out;
  CHECK(status.find("hidden Red piece") != std::string::npos);
  // Between people Red cannot take back what Blue learnt, and is not told what that was.
  auto undo = masked("undo " + save + " --as red");
  CHECK(undo.code != 0);
  CHECK(undo.out.find("it showed something to blue only") != std::string::npos);
  CHECK(undo.out.find("spy saw") == std::string::npos);
}

TEST_CASE("cli: lint warns of a piece type key one slip from its own keys, and still passes", "[cli][lint]") {
  const fs::path dir = race_copy("typo");
  // "copis" and "onwer" look like misspelt keys; "side" and "bonus" are printed values.
  replace_in(dir / "game.toml", "copies = 3\nbonus = 2", "copis = 3\nonwer = \"red\"\nside = \"red\"\nbonus = 2");
  auto r = cli("lint " + dir.string());
  CHECK(r.code == 0);
  const std::string file = (dir / "game.toml").string();
  CHECK(r.out.find(file + ":") != std::string::npos);
  CHECK(r.out.find(": warning: 'copis' is kept as a printed value of the piece type: did you mean 'copies'?") !=
        std::string::npos);
  CHECK(r.out.find(": warning: 'onwer' is kept as a printed value of the piece type: did you mean 'owner'?") !=
        std::string::npos);
  CHECK(r.out.find("'side'") == std::string::npos);
  CHECK(r.out.find("0 problems, 2 warnings") != std::string::npos);
  auto j = nlohmann::json::parse(cli("lint " + dir.string() + " --json").out);
  CHECK(j["warnings"].size() == 2);
  CHECK(j["problems"].empty());
}

TEST_CASE("cli: between people a side undoes only its own actions, up to the last roll, draw or secret",
          "[cli][undo]") {
  // Race: both sides are people. Red's roll rolled a die (and Blue then drew
  // a card seen by Blue alone): a barrier.
  const std::string save = temp_save("undo-policy");
  REQUIRE(cli("new race/short --seed 5 --save " + save).code == 0);
  REQUIRE(cli("act " + save + " roll").code == 0);
  const auto before = nlohmann::json::parse(cli("status " + save + " --json").out)["state_hash"];
  auto r = cli("undo " + save);
  CHECK(r.code == 2);
  CHECK(r.out.find("cannot undo action 1 (red chose roll): it rolled (d6 rolled") != std::string::npos);
  CHECK(r.out.find("unless both sides agree (undo --agreed)") != std::string::npos);
  r = cli("undo " + save + " --as blue");
  CHECK(r.code == 2);
  CHECK(r.out.find("cannot undo action 1 (red chose roll): it is not blue's") != std::string::npos);
  CHECK(nlohmann::json::parse(cli("status " + save + " --json").out)["state_hash"] == before);
  // Both agreeing, anything goes.
  CHECK(cli("undo " + save + " --agreed").code == 0);
  CHECK(nlohmann::json::parse(cli("status " + save + " --json").out)["deciding"] == "red");

  // Masked: keeping the scout hidden rolls nothing and shows Blue nothing:
  // Red may take it back; revealing it is a barrier.
  const std::string masked_save = temp_save("undo-own");
  auto masked = [](const std::string& args) {
    return cardboard::testing::run_cardboard(std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/masked", args);
  };
  REQUIRE(masked("new masked/one --seed 1 --save " + masked_save).code == 0);
  REQUIRE(masked("act " + masked_save + " \"Keep hidden\"").code == 0);
  CHECK(masked("undo " + masked_save + " --as blue").code == 2);
  auto own = masked("undo " + masked_save);
  CHECK(own.code == 0);
  CHECK(own.out.find("undid 1 action; 0 left") != std::string::npos);
  // Moving its own face-down scout shows Blue nothing new (Blue reads "a
  // hidden Red unit moved"): Red may take it back, Blue may not.
  REQUIRE(masked("act " + masked_save + " Creep").code == 0);
  CHECK(masked("log " + masked_save + " --as blue").out.find("a hidden Red unit moved from Board to Ridge") !=
        std::string::npos);
  CHECK(masked("log " + masked_save + " --as red").out.find("Scout moved from Board to Ridge") != std::string::npos);
  CHECK(masked("undo " + masked_save + " --as blue").code == 2);
  CHECK(masked("undo " + masked_save).code == 0);
  REQUIRE(masked("act " + masked_save + " Reveal").code == 0);
  auto revealed = masked("undo " + masked_save);
  CHECK(revealed.code == 2);
  CHECK(revealed.out.find("cannot undo action 1 (red chose Reveal): it revealed (Scout revealed at Board)") !=
        std::string::npos);
}

TEST_CASE("cli: test runs a game's Lua tests, the test API's chooser and random_play among them", "[cli]") {
  auto r = cli("test race");
  CHECK(r.code == 0);
  CHECK(r.out.find("6 passed, 0 failed") != std::string::npos);
}

TEST_CASE("cli: play hands the screen over between people and shows each side only its own log", "[cli][hidden]") {
  // On a terminal (script(1) gives play one), the screen is handed over.
  const std::string save = temp_save("hot-seat");
  const fs::path input = fs::temp_directory_path() / "cardboard-cli-hot-seat.in";
  std::ofstream(input) << "roll\n\nl\nq\n";
  const std::string cmd = std::string(CARDBOARD_BINARY) + " play race/short --seed 5 --save " + save;
  auto r = cardboard::testing::run_shell(std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/race",
                                         "script -qec '" + cmd + "' /dev/null < '" + input.string() + "'");
  CHECK(r.code == 0);
  const size_t pass = r.out.find("-- Blue to decide: pass the screen, then press Enter (q quits) --");
  REQUIRE(pass != std::string::npos);
  // Red reads the outcome of the roll before passing; Blue's draw is not in it.
  CHECK(r.out.find("d6 rolled 5: race") < pass);
  CHECK(r.out.find("Dud drawn from Deck to Blue hand") > pass);
  // Blue's log has Blue's draw and not Red's card.
  const std::string after = r.out.substr(pass);
  CHECK(after.find("Dud drawn from Deck to Blue hand") != std::string::npos);
  CHECK(after.find("Boost drawn from Deck to Red hand") == std::string::npos);
  CHECK(after.find("a hidden card drawn from Deck to Red hand") != std::string::npos);
  fs::remove(input);
}

TEST_CASE("cli: play with piped input does not pause to hand the screen over", "[cli]") {
  // A script (or a test) pipes its choices: none is swallowed by a pause.
  const std::string save = temp_save("piped");
  const fs::path input = fs::temp_directory_path() / "cardboard-cli-piped.in";
  std::ofstream(input) << "roll\nwait\nq\n";
  auto r = cli("play race/short --seed 5 --save " + save + " < '" + input.string() + "'");
  CHECK(r.code == 0);
  CHECK(r.out.find("pass the screen") == std::string::npos);
  CHECK(nlohmann::json::parse(cli("status " + save + " --json").out)["actions"] == 2);
  fs::remove(input);
}

TEST_CASE("cli: status shows labels, printed values, texts and the game's summary, each side only what it sees",
          "[cli][view]") {
  // Issue 17: a player sees the numbers a decision rests on, and nothing
  // hidden from its side.
  const std::string save = temp_save("viewed");
  auto viewed = [](const std::string& args) {
    return cardboard::testing::run_cardboard(std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/viewed", args);
  };
  REQUIRE(viewed("new viewed/one --seed 1 --save " + save).code == 0);
  auto blue = viewed("status " + save + " --as blue");
  REQUIRE(blue.code == 0);
  CHECK(blue.out ==
        "Viewed - One look\n"
        "Turn 1, Play\n"
        "  Red attack 4 as blue sees it\n"
        "  Field (3): Tank 4-3-6, hidden Red piece, Guard [5]\n"
        "      2 Red, 1 Blue\n"
        "  Red hand (1): hidden\n"
        "  Current order (1): Charge\n"
        "      Charge: Every Red unit attacks at +1\n"
        "  Used orders (1): Charge\n"
        "Red is deciding\n");
  auto red = viewed("status " + save + " --as red");
  CHECK(red.out.find("  Red attack 13 as red sees it\n  Field (3): Tank 4-3-6, Spy 9-1-2, Guard [5]\n") !=
        std::string::npos);
  CHECK(red.out.find("  Red hand (1): Hold\n      Hold: Every Blue unit defends at +1\n") != std::string::npos);
  CHECK(red.out.find("Red: Go? [1]\n") != std::string::npos);

  const auto bj = nlohmann::json::parse(viewed("status " + save + " --as blue --json").out);
  CHECK(bj["summary"] == nlohmann::json::array({"Red attack 4 as blue sees it"}));
  const auto& field = bj["locations"][0];
  CHECK(field["summary"] == "2 Red, 1 Blue");
  CHECK(field["pieces"][0]["label"] == "Tank 4-3-6");
  CHECK(field["pieces"][0]["values"] == nlohmann::json({{"attack", 4}, {"defence", 3}, {"move", 6}}));
  CHECK(field["pieces"][1] == nlohmann::json({{"hidden", true}, {"owner", "red"}}));  // nothing more than before
  CHECK(bj["locations"][1]["hidden"] == true);
  CHECK(bj["locations"][2]["pieces"][0]["text"] == "Every Red unit attacks at +1");
  const auto rj = nlohmann::json::parse(viewed("status " + save + " --as red --json").out);
  CHECK(rj["locations"][1]["pieces"][0]["values"]["ranges"] == nlohmann::json::array({1, 2, 4}));

  // A view function that fails, or tries to change the game, leaves the
  // status standing and the save as it was.
  const auto hash = rj["state_hash"];
  REQUIRE(viewed("act " + save + " Cheat").code == 0);
  auto cheat = viewed("status " + save + " --as red");
  CHECK(cheat.code == 0);
  CHECK(cheat.out.find("  (no summary: the view function view_summary changed the game: a view only reads it)\n") !=
        std::string::npos);
  const auto after = nlohmann::json::parse(viewed("status " + save + " --json").out);
  CHECK(after["summary_error"] == "the view function view_summary changed the game: a view only reads it");
  REQUIRE(viewed("act " + save + " Go").code == 0);
  CHECK(viewed("replay " + save + " --verify").code == 0);
}
