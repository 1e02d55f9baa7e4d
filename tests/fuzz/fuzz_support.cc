// The fuzz targets' shared helpers: see fuzz_support.h.
#include "fuzz_support.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/lazy_text.h"
#include "data/game_loader.h"
#include "session/json_text.h"
#include "session/view.h"
#include "session/view_format.h"

namespace fs = std::filesystem;

namespace cardboard::fuzz {

namespace {

// Owns the scratch folder; removed by the static destructor at a normal exit
// (a crash leaves it, with the files of the input that crashed).
struct Scratch {
  std::string path;
  Scratch() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/cardboard-fuzz-XXXXXX";
    if (!::mkdtemp(pattern.data())) {
      std::perror("cardboard fuzz: mkdtemp");
      std::abort();
    }
    path = pattern;
  }
  ~Scratch() { remove_all(path); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

constexpr std::array<const char*, kGames> kScenarios = {
    "arab_israeli_wars/1948", "aiw_house_rules/1948", "reign_of_missiles/gaza_2012", "patrol/valley"};

struct Loaded {
  std::shared_ptr<const GameDef> def;
  std::unique_ptr<Game> game;
};

}  // namespace

const std::string& scratch_dir() {
  static Scratch scratch;
  return scratch.path;
}

void write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  check(static_cast<bool>(out), "cannot write a file in the scratch folder");
}

void remove_all(const std::string& path) {
  std::error_code ec;
  fs::remove_all(path, ec);
}

std::string project_root_dir() { return CARDBOARD_SOURCE_ROOT; }

const char* scenario_of(int index) { return kScenarios[static_cast<size_t>(index % kGames)]; }

Game& game(int index) {
  static std::array<Loaded, kGames> games;
  Loaded& l = games[static_cast<size_t>(index % kGames)];
  if (!l.game) {
    auto def = load_game(scenario_of(index), project_root_dir());
    if (!def.ok()) {
      std::fprintf(stderr, "cardboard fuzz: %s\n", def.error().message.c_str());
      std::abort();
    }
    l.def = *def;
    auto g = Game::create(l.def);
    if (!g.ok()) {
      std::fprintf(stderr, "cardboard fuzz: %s\n", g.error().message.c_str());
      std::abort();
    }
    l.game = std::move(*g);
  }
  Game& g = *l.game;
  g.clear_forced();
  g.set_decider(nullptr);
  g.set_record_events(true);
  g.clear_events();
  return g;
}

Game& fresh_game(int index, uint64_t seed) {
  Game& g = game(index);
  const Status started = g.start(seed);
  if (!started.ok()) {
    std::fprintf(stderr, "cardboard fuzz: starting %s: %s\n", scenario_of(index), started.error().message.c_str());
    std::abort();
  }
  g.clear_events();
  return g;
}

void print_views(Game& g) {
  for (int reader = kPublicOnly; reader < static_cast<int>(g.def().sides.size()); ++reader) {
    const View v = build_view(g, reader);
    (void)view_text(v);
    (void)json_text(view_json(v));
    (void)decision_text(v);
  }
}

void check(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "cardboard fuzz: invariant broken: %s\n", what);
  std::abort();
}

}  // namespace cardboard::fuzz
