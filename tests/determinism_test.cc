// Determinism across processes: the same seed and decisions give the same
// state hash after every action in any process. Lua seeds its string hash
// from addresses and the time, so two processes lay out tables differently;
// the fixture tests/games/order folds a pairs() iteration over string keys
// into the state every step, so any leak of Lua's own order would show.
//
// The parent runs this test binary again twice (fresh processes, fresh
// address-space layout) on the hidden test case below, which writes its
// hashes to the file named by CARDBOARD_HASH_OUT, and compares them with its
// own in-process run.
#include <catch2/catch.hpp>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "script/game.h"
#include "support.h"

extern char** environ;

using namespace cardboard;
using namespace cardboard::testing;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kSeed = 20240601;

// Plays the order fixture with choices alternating left, right; the hex hash
// after start and after every action, one a line.
std::string play_hashes(const std::string& scenario_game) {
  auto g = make_game(load_fixture(scenario_game, scenario_game == "order" ? "long" : "short"));
  std::string out;
  must_ok(g->start(kSeed));
  out += hash_hex(g->state().hash()) + "\n";
  for (int i = 0; i < 500 && !g->state().finished; ++i) {
    must_ok(g->act(i % 2));
    out += hash_hex(g->state().hash()) + "\n";
  }
  return out;
}

// Runs this binary on the hidden child test; returns what it wrote.
std::string run_child(const std::string& game, int index) {
  const fs::path out = fs::temp_directory_path() /
                       ("cardboard_determinism_" + std::to_string(::getpid()) + "_" + std::to_string(index));
  fs::remove(out);
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
  env_strings.push_back("CARDBOARD_HASH_OUT=" + out.string());
  env_strings.push_back("CARDBOARD_HASH_GAME=" + game);
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::string exe = fs::read_symlink("/proc/self/exe").string();
  std::string name = "determinism: child process run";
  std::vector<char*> argv = {exe.data(), name.data(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  REQUIRE(rc == 0);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  INFO("child " << index << " wait status " << status);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  std::ifstream in(out);
  std::stringstream ss;
  ss << in.rdbuf();
  fs::remove(out);
  return ss.str();
}

}  // namespace

TEST_CASE("determinism: child process run", "[.][determinism-child]") {
  const char* out = std::getenv("CARDBOARD_HASH_OUT");
  const char* game = std::getenv("CARDBOARD_HASH_GAME");
  if (!out || !game) return;
  std::ofstream(out) << play_hashes(game);
}

TEST_CASE("determinism: two processes and this one agree on every hash of the order game",
          "[kernel][determinism]") {
  const std::string here = play_hashes("order");
  REQUIRE(std::count(here.begin(), here.end(), '\n') == 21);  // start + 10 turns of 2 decisions
  const std::string first = run_child("order", 1);
  const std::string second = run_child("order", 2);
  CHECK(first == here);
  CHECK(second == here);
}

TEST_CASE("determinism: two processes and this one agree on every hash of the race game",
          "[kernel][determinism]") {
  const std::string here = play_hashes("race");
  REQUIRE(!here.empty());
  CHECK(run_child("race", 3) == here);
  CHECK(run_child("race", 4) == here);
}

TEST_CASE("determinism: games side by side in one process agree on the order game", "[kernel][determinism]") {
  // Each Game has its own Lua state, so its own string hash seed.
  std::vector<std::unique_ptr<Game>> games;
  for (int i = 0; i < 4; ++i) {
    games.push_back(make_game(load_fixture("order", "long")));
    must_ok(games.back()->start(kSeed));
  }
  for (int step = 0; !games[0]->state().finished; ++step) {
    for (auto& g : games) REQUIRE(g->state().hash() == games[0]->state().hash());
    for (auto& g : games) must_ok(g->act(step % 2));
  }
  const Value* first = games[0]->state().vars.find("first");
  REQUIRE(first);
  CHECK(first->as_string() == "alpha_10blue");  // sorted order, not Lua's hash order
}
