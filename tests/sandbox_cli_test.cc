// Hostile rules against the real `cardboard` binary: whatever a rules script
// does, the command ends (a child killed after its timeout fails the test),
// with exit code 3 and a message, and the save is left as it was.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "support.h"

using cardboard::testing::run_cardboard;
using cardboard::testing::TempGame;

namespace {

constexpr int kTimeout = 60;

// A game that waits for one decision, then runs `then` in the same step.
std::string after_a_decision(const std::string& then) {
  return "function work()\n"
         "  ask('solo', '1', { prompt = 'go', choices = { 'go', 'wait' } })\n" +
         then + "\nend";
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("cli sandbox: a limit caught by pcall while loading stops new and lint", "[cli][sandbox]") {
  TempGame game("loadloop", "while true do pcall(function() while true do end end) end\nfunction work() end");
  // new fails with a rules error; lint reports the problem it found.
  const std::pair<std::string, int> commands[] = {{"new loadloop/s --save " + game.root + "/x.cbsave", 3},
                                                  {"lint loadloop", 2}};
  for (const auto& [args, code] : commands) {
    INFO(args);
    const auto run = run_cardboard(game.root, args, kTimeout);
    CHECK(run.code == code);
    CHECK_THAT(run.out, Catch::Contains("rules script exceeded the instruction budget (200000000 instructions)"));
  }
}

TEST_CASE("cli sandbox: hostile steps fail the action with exit code 3 and leave the save as it was",
          "[cli][sandbox]") {
  const std::pair<const char*, const char*> steps[] = {
      // A finalizer that never ends used to hang act after it saved, then every status.
      {"setmetatable({}, { __gc = function() while true do end end })", "__gc is not allowed in the rules"},
      {"while true do pcall(function() while true do end end) end", "exceeded the instruction budget"},
      // Pattern matching charges its steps to the budget; under a sanitizer on
      // a loaded machine the 10 s time limit may come first: either stops it.
      {"string.find(string.rep('a', 2000), '.-.-.-.-b')", "exceeded the instruction budget|ran past its time limit"},
      {"error(string.rep('M', 1e8))", "MMMMMMMM"},
      {"local t = {} for i = 1, 1e9 do t[i] = i end", "exceeded the memory cap (256 MiB)"},
      {"rawset(_G, 'n', 1)", "attempt to change global 'n' after the rules loaded"},
      {"getmetatable('').__index = {}", "attempt to change 'getmetatable('').__index' after the rules loaded"},
  };
  int n = 0;
  for (const auto& [code, message] : steps) {
    INFO(code);
    TempGame game("hostile" + std::to_string(++n), after_a_decision(code));
    const std::string save = game.root + "/h.cbsave";
    auto run = run_cardboard(game.root, "new " + game.scenario() + " --seed 1 --save " + save, kTimeout);
    REQUIRE(run.code == 0);
    const std::string before = read_bytes(save);
    run = run_cardboard(game.root, "act " + save + " 1", kTimeout);
    CHECK(run.code == 3);
    const std::string expected = message;
    const auto bar = expected.find('|');
    if (bar == std::string::npos) CHECK_THAT(run.out, Catch::Contains(expected));
    else CHECK_THAT(run.out, Catch::Contains(expected.substr(0, bar)) || Catch::Contains(expected.substr(bar + 1)));
    CHECK(read_bytes(save) == before);
    run = run_cardboard(game.root, "status " + save, kTimeout);
    CHECK(run.code == 0);
    CHECK_THAT(run.out, Catch::Contains("go"));
  }
}
