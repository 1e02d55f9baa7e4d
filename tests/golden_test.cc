// Golden playthroughs: recorded games whose replay must keep giving the same
// state hash after every decision. A change to the rules, the kernel or the
// state format that alters any game shows up here as the first decision that
// differs. Each tests/golden/*.golden file holds the scenario, the seed, and
// one line per decision: the choice (its typed value, as `act` takes it, or
// its words), a tab, the state hash after it, and after a second tab the
// choice's words for the reader (not read back: rewording a choice changes
// no golden game).
//
// To record a file again after an intended change, run the tests with
// CARDBOARD_UPDATE_GOLDEN=1: the games are replayed by their recorded
// choices and the hashes and words rewritten.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/decision.h"
#include "data/game_loader.h"
#include "script/game.h"

namespace fs = std::filesystem;
using namespace cardboard;

namespace {

struct Golden {
  std::string scenario;
  uint64_t seed = 0;
  std::vector<std::pair<std::string, std::string>> steps;  // choice text, hash after it
};

Golden read_golden(const fs::path& path) {
  Golden g;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("scenario ", 0) == 0) g.scenario = line.substr(9);
    else if (line.rfind("seed ", 0) == 0) g.seed = std::stoull(line.substr(5));
    else {
      const auto tab = line.find('\t');
      REQUIRE(tab != std::string::npos);
      const auto second = line.find('\t', tab + 1);
      g.steps.emplace_back(line.substr(0, tab), line.substr(tab + 1, second == std::string::npos ? std::string::npos
                                                                                                : second - tab - 1));
    }
  }
  return g;
}

}  // namespace

TEST_CASE("golden: recorded games replay to the same state hash after every decision", "[golden]") {
  const fs::path dir = fs::path(CARDBOARD_SOURCE_ROOT) / "tests/golden";
  const bool update = std::getenv("CARDBOARD_UPDATE_GOLDEN") != nullptr;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".golden") continue;
    ++files;
    const Golden golden = read_golden(entry.path());
    INFO("golden file " << entry.path().filename().string() << " (" << golden.scenario << ", seed " << golden.seed
                        << ")");
    auto def = load_game(golden.scenario, CARDBOARD_SOURCE_ROOT);
    REQUIRE(def.ok());
    auto game = Game::create(*def);
    REQUIRE(game.ok());
    Game& g = **game;
    REQUIRE(g.start(golden.seed).ok());
    std::ostringstream rewritten;
    rewritten << "# " << golden.scenario << ", seed " << golden.seed
              << ": the choice's value, tab, the state hash after it, tab, its words\n"
              << "scenario " << golden.scenario << "\nseed " << golden.seed << "\n";
    for (size_t i = 0; i < golden.steps.size(); ++i) {
      const auto& [choice, hash] = golden.steps[i];
      INFO("decision " << i + 1 << ": " << choice);
      auto index = g.parse_choice(choice);
      REQUIRE(index.ok());
      const std::string value = choice_value(g.state().pending.choices[*index], g.def());
      const std::string words = g.choice_text(*index, g.state().pending.side);
      REQUIRE(g.act(*index).ok());
      const std::string actual = hash_hex(g.state().hash());
      if (!update) REQUIRE(actual == hash);
      rewritten << value << '\t' << actual << '\t' << words << '\n';
    }
    CHECK(g.state().finished);
    if (update) std::ofstream(entry.path()) << rewritten.str();
  }
  CHECK(files > 0);
}
