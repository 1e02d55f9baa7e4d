// Runs a game's own scripted tests: the Lua files in rules/<game>/tests/.
// A test file calls test(name, fn); fn starts games with new_game{...},
// forces dice and draws, makes decisions and checks the outcome with
// expect/expect_eq. Test files run in a sandbox of their own; each game they
// start is a real Game with its own sandbox. See docs/testing.md.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/error.h"

namespace cardboard {

struct TestOutcome {
  std::string file;
  std::string name;
  bool passed = false;
  std::string message;  // why it failed, with the log of the game it was playing
};

struct TestReport {
  std::vector<TestOutcome> outcomes;
  int passed = 0;
  int failed = 0;
};

// Runs every test of `game` (a folder under root/rules, or a path to a game
// folder) whose "file: name" contains `filter`. `progress` sees each outcome
// as it comes. Errors are for a missing game or tests folder only; a failing
// test is an outcome.
Result<TestReport> run_game_tests(const std::string& game, const std::string& root, const std::string& filter,
                                  const std::function<void(const TestOutcome&)>& progress);

}  // namespace cardboard
