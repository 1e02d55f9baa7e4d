// How the sandbox reads rules files: `require` and run_file read only
// regular files inside the game's folders, once symlinks are resolved, so a
// module that is a FIFO cannot hang a game and one that links out of the
// folder is not read. The FIFO case runs in a child, which a hang would end.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/input_file.h"
#include "script/sandbox.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;

namespace {

fs::path rules_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("cardboard-sandbox-files-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir / "game");
  return dir;
}

// What running `code` in a sandbox over `dir` says, in a child: "ok" or the error.
std::string run_in_child(const fs::path& dir, const std::string& code) {
  int status = -1;
  const std::string out = testing::in_child(
      [&] {
        Sandbox sb({dir.string()});
        auto s = sb.run_string(code, "t");
        return s.ok() ? std::string("ok") : s.error().message;
      },
      status);
  INFO("child status " << status);
  REQUIRE(WIFEXITED(status));
  return out;
}

}  // namespace

TEST_CASE("sandbox files: require of a FIFO fails at once instead of blocking", "[script][sandbox_files]") {
  const fs::path dir = rules_dir("fifo");
  REQUIRE(::mkfifo((dir / "game/pipe.lua").c_str(), 0600) == 0);
  CHECK_THAT(run_in_child(dir / "game", "require('pipe')"),
             Catch::Contains("require: no module 'pipe' in the game's folder (looked for pipe.lua)"));
  Sandbox sb({(dir / "game").string()});
  auto s = sb.run_file("pipe.lua");
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message == "no rules file 'pipe.lua' in " + (dir / "game").string());
  fs::remove_all(dir);
}

TEST_CASE("sandbox files: require does not follow a symlink out of the game's folder", "[script][sandbox_files]") {
  const fs::path dir = rules_dir("link");
  std::ofstream(dir / "outside.lua") << "return 'read from outside'\n";
  std::ofstream(dir / "game/inside.lua") << "return 'inside'\n";
  fs::create_symlink(dir / "outside.lua", dir / "game/escape.lua");
  fs::create_symlink(dir / "game/inside.lua", dir / "game/alias.lua");
  CHECK_THAT(run_in_child(dir / "game", "require('escape')"),
             Catch::Contains("require: no module 'escape' in the game's folder (looked for escape.lua)"));
  CHECK(run_in_child(dir / "game", "assert(require('alias') == 'inside')") == "ok");
  fs::remove_all(dir);
}

TEST_CASE("sandbox files: a rules file over the size limit is refused by name", "[script][sandbox_files]") {
  const fs::path dir = rules_dir("big");
  {
    std::ofstream big(dir / "game/big.lua");
    const std::string line = "-- " + std::string(1020, 'x') + "\n";
    for (size_t written = 0; written <= kMaxInputFileBytes; written += line.size()) big << line;
  }
  CHECK_THAT(run_in_child(dir / "game", "require('big')"),
             Catch::Contains("require: cannot read " + (dir / "game/big.lua").string() + ": it holds "));
  CHECK_THAT(run_in_child(dir / "game", "require('big')"),
             Catch::Contains("more than the 16 MiB a data or rules file may hold"));
  fs::remove_all(dir);
}
