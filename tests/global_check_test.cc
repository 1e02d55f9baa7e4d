// The static check of undeclared globals (authoring/global_check.h) that
// `cardboard lint` runs: small rules files written to a temporary folder,
// and the real games, which must lint clean.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "data/game_loader.h"
#include "script/game.h"
#include "authoring/global_check.h"

namespace fs = std::filesystem;
using cardboard::GlobalProblem;

namespace {

// Writes `files` (name, text) to a fresh temporary folder; returns their paths in order.
std::vector<std::string> write_files(const std::string& test,
                                     const std::vector<std::pair<std::string, std::string>>& files) {
  const fs::path dir = fs::temp_directory_path() / ("cardboard-globals-" + test);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::vector<std::string> out;
  for (const auto& [name, text] : files) {
    std::ofstream(dir / name) << text;
    out.push_back((dir / name).string());
  }
  return out;
}

// "line name kind where" of each problem, for compact comparisons.
std::vector<std::string> summary(const std::vector<GlobalProblem>& problems) {
  std::vector<std::string> out;
  for (const auto& p : problems)
    out.push_back(std::to_string(p.line) + " " + p.name + " " +
                  (p.kind == GlobalProblem::Kind::kAssignment ? "set" : "get") + " " + p.where);
  return out;
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("globals: an assignment inside a function to an undeclared name is reported", "[lint]") {
  auto files = write_files("assign", {{"x.lua",
                                       "count = 0\n"
                                       "function play()\n"
                                       "  count = count + 1\n"
                                       "  if count > 99 then\n"
                                       "    cuont = 1\n"
                                       "  end\n"
                                       "end\n"}});
  auto problems = cardboard::check_globals(files, {});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].file == files[0]);
  CHECK(problems[0].line == 5);
  CHECK(problems[0].name == "cuont");
  CHECK(problems[0].function == "play");
  CHECK(cardboard::describe(problems[0]) ==
        files[0] +
            ":5: assignment to undeclared global 'cuont' (inside function 'play'): declare it with 'local', or keep "
            "game state in vars");
}

TEST_CASE("globals: a top-level definition in one file serves the functions of another", "[lint]") {
  auto files = write_files("two_files", {{"a.lua",
                                          "LIMIT = 10\n"
                                          "total = 0\n"
                                          "function helper(n) return n * 2 end\n"},
                                         {"b.lua",
                                          "function play()\n"
                                          "  total = helper(total) + LIMIT\n"
                                          "  return total\n"
                                          "end\n"}});
  CHECK(cardboard::check_globals(files, {}).empty());
  // Alone, b.lua uses three names it does not declare.
  CHECK(summary(cardboard::check_globals({files[1]}, {})) ==
        Names{"2 total set function 'play'", "2 LIMIT get function 'play'", "2 helper get function 'play'",
              "3 total get function 'play'"});
}

TEST_CASE("globals: locals, upvalues and table fields are not globals", "[lint]") {
  auto files = write_files("locals", {{"x.lua",
                                       "local n = 0\n"
                                       "local t = {}\n"
                                       "function play(side)\n"
                                       "  local m = 1\n"
                                       "  n = n + m\n"
                                       "  t.field = side\n"
                                       "  vars.x = 1\n"
                                       "  vars['y'] = m\n"
                                       "  local function inner() m = m + n; return m end\n"
                                       "  return inner()\n"
                                       "end\n"}});
  CHECK(cardboard::check_globals(files, {"vars"}).empty());
}

TEST_CASE("globals: a read of a misspelled kernel module is reported", "[lint]") {
  auto files = write_files("read", {{"x.lua",
                                     "function play()\n"
                                     "  local p = pieces.at('deck')\n"
                                     "  return pices.at('hand'), p\n"
                                     "end\n"}});
  auto problems = cardboard::check_globals(files, {"pieces", "game"});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].kind == GlobalProblem::Kind::kUse);
  CHECK(problems[0].line == 3);
  CHECK(problems[0].suggestion == "pieces");
  CHECK(cardboard::describe(problems[0]) ==
        files[0] + ":3: use of undeclared global 'pices' (inside function 'play'): did you mean 'pieces'?");
}

TEST_CASE("globals: nested and anonymous functions are analysed and named", "[lint]") {
  auto files = write_files("nested", {{"x.lua",
                                       "local M = {}\n"
                                       "function M.outer()\n"
                                       "  local function middle()\n"
                                       "    return function()\n"
                                       "      deep = 1\n"
                                       "    end\n"
                                       "  end\n"
                                       "  return middle\n"
                                       "end\n"
                                       "function M:method() staet = self end\n"
                                       "handlers = { play = function() played = true end }\n"
                                       "x = nil\n"
                                       "function later() x = 1 end\n"}});
  CHECK(summary(cardboard::check_globals(files, {})) ==
        Names{"5 deep set a function at line 4 in 'middle'", "10 staet set function 'M:method'",
              "11 played set function 'play'", "13 x set function 'later'"});
}

TEST_CASE("globals: a function with more than 256 constants reaches _ENV through a register", "[lint]") {
  std::string code = "function huge()\n  local t = {}\n";
  for (int i = 0; i < 300; ++i) code += "  t.k" + std::to_string(i) + " = 'v" + std::to_string(i) + "'\n";
  code += "  typo_set = 1\n  return typo_get, huge\nend\n";
  auto files = write_files("huge", {{"x.lua", code}});
  CHECK(summary(cardboard::check_globals(files, {})) ==
        Names{"303 typo_set set function 'huge'", "304 typo_get get function 'huge'"});
}

TEST_CASE("globals: a local _ENV is not the global table, and broken files are skipped", "[lint]") {
  auto files = write_files("env", {{"x.lua",
                                    "function sandboxed()\n"
                                    "  local _ENV = {}\n"
                                    "  anything = 1\n"
                                    "  return function() more = anything end\n"
                                    "end\n"},
                                   {"broken.lua", "function oops(\n"}});
  CHECK(cardboard::check_globals(files, {}).empty());
}

TEST_CASE("globals: the real games lint clean", "[lint]") {
  const std::string root = CARDBOARD_SOURCE_ROOT;
  for (const char* scenario : {"arab_israeli_wars/1948", "reign_of_missiles/gaza_2012", "aiw_house_rules/1948"}) {
    INFO(scenario);
    auto def = cardboard::load_game(scenario, root);
    REQUIRE(def.ok());
    auto game = cardboard::Game::create(*def);
    REQUIRE(game.ok());
    CHECK(!cardboard::rules_files(**def).empty());
    std::vector<std::string> found;
    for (const auto& p : cardboard::check_game_globals(**def, game->get())) found.push_back(cardboard::describe(p));
    CHECK(found == Names{});
    // Statically too, without the globals the rules define while loading.
    found.clear();
    for (const auto& p : cardboard::check_game_globals(**def)) found.push_back(cardboard::describe(p));
    CHECK(found == Names{});
  }
}
