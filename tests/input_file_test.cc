// Reading a game's files as untrusted input: only regular files, at most a
// size limit, never blocking on a FIFO or reading a device forever; and a
// game's own files confined to its folder once `..` and symlinks are
// resolved. The FIFO and /dev/zero cases run in a child, which a hang or an
// exhausted memory would kill.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/input_file.h"
#include "support.h"

namespace fs = std::filesystem;
using namespace cardboard;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("cardboard-input-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The error of reading `path`, in a child that a hang or a crash would end.
std::string read_error_in_child(const std::string& path, size_t limit = kMaxInputFileBytes) {
  int status = -1;
  const std::string out = testing::in_child(
      [&] {
        auto r = read_input_file(path, limit);
        return r.ok() ? "read " + std::to_string(r->size()) + " bytes" : r.error().message;
      },
      status);
  INFO("child status " << status);
  REQUIRE(WIFEXITED(status));
  return out;
}

}  // namespace

TEST_CASE("input file: a regular file is read whole", "[data][input_file]") {
  const fs::path dir = fresh_dir("regular");
  std::ofstream(dir / "a.toml") << "x = 1\n";
  auto r = read_input_file((dir / "a.toml").string());
  REQUIRE(r.ok());
  CHECK(*r == "x = 1\n");
  auto missing = read_input_file((dir / "none.toml").string());
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message == "cannot read " + (dir / "none.toml").string() + ": no such file or directory");
  fs::remove_all(dir);
}

TEST_CASE("input file: a FIFO is refused at once, not waited on", "[data][input_file]") {
  const fs::path dir = fresh_dir("fifo");
  const std::string fifo = (dir / "scenario.toml").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(read_error_in_child(fifo) == "cannot read " + fifo + ": it is a FIFO, not a regular file");
  fs::remove_all(dir);
}

TEST_CASE("input file: a symlink to /dev/zero is refused, not read until memory runs out", "[data][input_file]") {
  const fs::path dir = fresh_dir("zero");
  const std::string link = (dir / "scenario.toml").string();
  fs::create_symlink("/dev/zero", link);
  CHECK(read_error_in_child(link) == "cannot read " + link + ": it is a device, not a regular file");
  CHECK(read_error_in_child(dir.string()) == "cannot read " + dir.string() + ": it is a folder, not a regular file");
  fs::remove_all(dir);
}

TEST_CASE("input file: a file over the limit is refused with its size and the limit", "[data][input_file]") {
  const fs::path dir = fresh_dir("big");
  std::ofstream(dir / "big.lua") << std::string(2000, 'x');
  const std::string path = (dir / "big.lua").string();
  auto r = read_input_file(path, 1000);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message ==
        "cannot read " + path + ": it holds 2000 bytes, more than the 1000 bytes a data or rules file may hold");
  CHECK(read_input_file(path, 2000).ok());
  fs::remove_all(dir);
}

TEST_CASE("input file: a game's file must stay inside its folder", "[data][input_file]") {
  const fs::path dir = fresh_dir("inside");
  fs::create_directories(dir / "game/lib");
  std::ofstream(dir / "game/lib/a.lua") << "return 1\n";
  std::ofstream(dir / "secret.txt") << "secret\n";
  const std::string game = (dir / "game").string();
  CHECK(path_inside(game, "lib/a.lua").ok());
  CHECK(*path_inside(game, "lib/../lib/a.lua") == game + "/lib/../lib/a.lua");
  CHECK(path_inside(game, "../secret.txt").error().message == "it leads out of " + game);
  CHECK(path_inside(game, "lib/../../secret.txt").error().message == "it leads out of " + game);
  CHECK(path_inside(game, "/etc/passwd").error().message == "it is absolute");
  CHECK(path_inside(game, "").error().message == "it is empty");
  // A symlink out of the folder is out of it; one inside it is fine.
  fs::create_symlink(dir / "secret.txt", dir / "game/link.txt");
  CHECK(path_inside(game, "link.txt").error().message == "it leads out of " + game);
  fs::create_symlink(dir / "game/lib", dir / "game/alias");
  CHECK(path_inside(game, "alias/a.lua").ok());
  // A symlink loop is an error, not an exception.
  fs::create_symlink(dir / "game/loop1", dir / "game/loop2");
  fs::create_symlink(dir / "game/loop2", dir / "game/loop1");
  auto loop = path_inside(game, "loop1/x.lua");
  REQUIRE_FALSE(loop.ok());
  CHECK(loop.error().message == "cannot resolve it: too many levels of symbolic links");
  fs::remove_all(dir);
}
