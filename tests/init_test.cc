// `cardboard init NAME`: the skeleton it writes is a working game. Runs the
// real binary with --root a fresh temporary folder (and CARDBOARD_ROOT set to
// it, so the other commands find the new game there): the files appear, lint
// is clean, 100 random games end without an error, the game's own tests
// pass, a second init refuses, and a bad name is refused with a clear message.
#include <catch2/catch.hpp>

#include "support.h"

#include <cstdio>
#include <filesystem>
#include <string>

#include <unistd.h>

namespace fs = std::filesystem;

namespace {

// Runs cardboard with `args` under the project root `root`; stderr joins stdout.
cardboard::testing::CommandRun cli(const std::string& root, const std::string& args) {
  return cardboard::testing::run_cardboard(root, args);
}

std::string fresh_root(const char* name) {
  const fs::path root = fs::temp_directory_path() / ("cardboard-init-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(root);
  fs::create_directories(root);
  return root.string();
}

}  // namespace

TEST_CASE("init: the skeleton game lints clean, plays to the end and passes its own tests", "[cli][init]") {
  const std::string root = fresh_root("skeleton");
  auto init = cli(root, "init my_game --root '" + root + "'");
  INFO(init.out);
  REQUIRE(init.code == 0);
  for (const char* rel : {"rules/my_game/game.toml", "rules/my_game/my_game.lua", "rules/my_game/README.md",
                          "rules/my_game/tests/my_game_test.lua", "scenarios/my_game/basic.toml"}) {
    INFO(rel);
    CHECK(fs::is_regular_file(fs::path(root) / rel));
    CHECK(init.out.find(std::string("created ") + rel) != std::string::npos);
  }

  auto lint = cli(root, "lint my_game");
  INFO(lint.out);
  CHECK(lint.code == 0);
  CHECK(lint.out.find("my_game: 0 problems") != std::string::npos);

  auto sim = cli(root, "sim my_game/basic --games 100 --json");
  INFO(sim.out);
  CHECK(sim.code == 0);
  CHECK(sim.out.find("\"errors\": 0") != std::string::npos);
  CHECK(sim.out.find("\"games\": 100") != std::string::npos);

  auto test = cli(root, "test my_game");
  INFO(test.out);
  CHECK(test.code == 0);
  CHECK(test.out.find(" 0 failed") != std::string::npos);

  // The title comes from the name.
  CHECK(cli(root, "list").out.find("My game") != std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("init: refuses to overwrite an existing game and writes nothing", "[cli][init]") {
  const std::string root = fresh_root("again");
  REQUIRE(cli(root, "init my_game --root '" + root + "'").code == 0);
  // A changed file must survive the second init.
  const fs::path rules = fs::path(root) / "rules/my_game/my_game.lua";
  fs::remove(fs::path(root) / "scenarios/my_game/basic.toml");
  { FILE* f = std::fopen(rules.c_str(), "w"); std::fputs("-- mine\n", f); std::fclose(f); }
  auto again = cli(root, "init my_game --root '" + root + "'");
  INFO(again.out);
  CHECK(again.code == 2);
  CHECK(again.out.find("already exists") != std::string::npos);
  CHECK(fs::file_size(rules) == 8);
  CHECK_FALSE(fs::exists(fs::path(root) / "scenarios/my_game/basic.toml"));
  fs::remove_all(root);
}

TEST_CASE("init: a name that is not an id is refused with a clear message", "[cli][init]") {
  const std::string root = fresh_root("bad");
  for (const char* bad : {"MyGame", "1game", "my-game", "_x", "a/b"}) {
    auto r = cli(root, std::string("init '") + bad + "' --root '" + root + "'");
    INFO(bad << ": " << r.out);
    CHECK((r.code == 1 || r.code == 2));
    CHECK(r.out.find(std::string("bad game name '") + bad + "'") != std::string::npos);
    CHECK(r.out.find("lowercase letter") != std::string::npos);
  }
  CHECK(fs::is_empty(root));
  fs::remove_all(root);
}
