// Fuzzes the kernel's Lua bindings and sandbox with hostile rules: an
// input is the text of a game's rules script, which a modder or a
// downloaded mod could write, run as the game runs its rules.
//
// The game is the project's Patrol (its game.toml, map, scenario and
// view.lua) with patrol.lua replaced by the input, in a scratch copy of
// its folder; or, when the input starts with "--golan" (a Lua comment),
// Golan 1973 with golan.lua replaced, for the hex-and-counter kit's
// functions (zones, supply, sight, the combat table, retreats, the fog).
// The rules are loaded and the game started with seed 1, then
// up to kDecisions decisions are taken (choice i % n at the i-th), every
// reader's view printed at each as `status` prints it; the last state must
// encode to a snapshot that decodes to the same state. The sandbox's limits
// are tighter than the command's (a fuzzer runs thousands of inputs), and
// the same in kind: memory, instructions and time.
//
// Whatever the script does, loading, starting, acting and printing succeed
// or fail with an error that says why; the process must not crash, leak or
// break the kernel's invariants.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "data/game_loader.h"
#include "fuzz_support.h"

namespace fs = std::filesystem;
using namespace cardboard;

namespace {

constexpr int kDecisions = 40;

struct Base {
  const char* game;
  const char* scenario;
  const char* script;  // the file the input replaces
};
constexpr Base kPatrol{"patrol", "patrol/valley", "patrol.lua"};
constexpr Base kGolan{"golan", "golan/october", "golan.lua"};

// The scratch root: both games' rules and scenarios copied once.
const std::string& root() {
  static const std::string r = [] {
    const std::string dir = fuzz::scratch_dir() + "/rules-root";
    fs::create_directories(dir + "/rules");
    fs::create_directories(dir + "/scenarios");
    for (const Base& b : {kPatrol, kGolan}) {
      const std::string game = b.game;
      fs::copy(fuzz::project_root_dir() + "/rules/" + game, dir + "/rules/" + game, fs::copy_options::recursive);
      fs::copy(fuzz::project_root_dir() + "/scenarios/" + game, dir + "/scenarios/" + game, fs::copy_options::recursive);
    }
    return dir;
  }();
  return r;
}


}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view script(reinterpret_cast<const char*>(data), size);
  const Base& base = script.starts_with("--golan") ? kGolan : kPatrol;
  fuzz::write_file(root() + "/rules/" + base.game + "/" + base.script, script);
  auto def = load_game(base.scenario, root());
  if (!def.ok()) {
    fuzz::check(!def.error().message.empty(), "a refused game says why");
    return 0;
  }
  SandboxLimits limits;
  limits.memory_bytes = 64u << 20;
  limits.instructions = 2'000'000;
  limits.count_after = std::chrono::milliseconds(0);
  limits.time_limit = std::chrono::milliseconds(5'000);
  auto made = Game::create(*def, limits);
  if (!made.ok()) {
    fuzz::check(!made.error().message.empty(), "rules that do not load say why");
    return 0;
  }
  Game& g = **made;
  if (const Status s = g.start(1); !s.ok()) {
    fuzz::check(!s.error().message.empty(), "a game that does not start says why");
    return 0;
  }
  for (int i = 0;; ++i) {
    fuzz::print_views(g);
    const auto& pending = g.state().pending;
    if (i == kDecisions || g.state().finished || !pending.open() || pending.choices.empty()) break;
    if (const Status s = g.act(i % static_cast<int>(pending.choices.size())); !s.ok()) {
      fuzz::check(!s.error().message.empty(), "a refused action says why");
      break;
    }
  }
  const std::string bytes = g.state().serialize();
  auto again = State::read(bytes);
  fuzz::check(again.ok() && again->hash() == g.state().hash(), "the state the rules left encodes and decodes the same");
  return 0;
}
