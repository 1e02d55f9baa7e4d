// Saves on a disk that refuses to be written, through the real `cardboard`
// binary: a full one (simulated by a file size limit, RLIMIT_FSIZE, which
// makes the same writes fail as ENOSPC does, without root or a small file
// system to fill) and a save the user may read but not write. Nothing is
// half-made, a good save is never called damaged, and what only reads
// works (docs/saves.md).
#include <catch2/catch.hpp>

#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "serve/replay.h"
#include "support.h"

namespace fs = std::filesystem;
using cardboard::testing::CommandRun;

namespace {

const std::string kDiskRoot = cardboard::testing::fixture_root("marathon");

CommandRun disk_cli(const std::string& args) { return cardboard::testing::run_cardboard(kDiskRoot, args); }

// `cardboard ARGS` with a file size limit of a few KiB, below what a save of
// marathon needs (its file is 20 KiB, the -shm beside it 32 KiB). The shell
// leaves SIGXFSZ as it found it: cardboard must ignore it itself.
CommandRun cli_on_full_disk(const std::string& args) {
  return cardboard::testing::run_shell(kDiskRoot, "sh -c \"ulimit -f 8; exec '" + std::string(CARDBOARD_BINARY) + "' " +
                                                  args + "\"");
}

struct DiskDir {
  fs::path dir;
  explicit DiskDir(const std::string& name)
      : dir(fs::temp_directory_path() / ("cardboard-disk-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~DiskDir() {
    std::error_code ec;
    fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(dir, ec);
  }
  std::string file(const std::string& n) const { return (dir / n).string(); }
  // The names in the folder, sorted, one a line.
  std::string listing() const {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
    std::string out;
    for (const auto& n : names) out += n + "\n";
    return out;
  }
};

std::string disk_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void check_disk_full(const CommandRun& r) {
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK(r.out.find("no space to write it: the file size limit is reached (EFBIG)") != std::string::npos);
  CHECK(r.out.find("nothing was written") != std::string::npos);
  CHECK(r.out.find("not a cardboard save") == std::string::npos);
  CHECK(r.out.find("disk I/O error") == std::string::npos);
}

// What the server's Replay of `save` says when it opens the save and shows
// its first action, in a child process run as nobody when `as_nobody`:
// "" when both worked, else why not.
std::string replay_as_reader(const std::string& save, bool as_nobody) {
  int status = 0;
  return cardboard::testing::in_child(
      [&]() -> std::string {
        if (as_nobody && (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0))
          return "could not become nobody";
        auto r = cardboard::Replay::open(save, kDiskRoot);
        if (!r.ok()) return r.error().message;
        const cardboard::Reply a = (*r)->at(1);
        return a.status == 200 ? "" : a.body.dump();
      },
      status);
}

}  // namespace

TEST_CASE("save disk: a full disk during new leaves no half-made save, and new works there once there is room",
          "[store][cli]") {
  // It left a file that then blocked `new` at that path ("exists: choose
  // another name or overwrite it"), and said only "disk I/O error".
  DiskDir t("new");
  const std::string save = t.file("s.cbsave");
  const CommandRun full = cli_on_full_disk("new marathon/long --seed 3 --save " + save);
  check_disk_full(full);
  CHECK(full.out.find("cannot create save " + save) != std::string::npos);
  CHECK(t.listing().empty());  // neither the save nor its temporary name, nor a -wal or -shm
  const CommandRun made = disk_cli("new marathon/long --seed 3 --save " + save);
  INFO(made.out);
  CHECK(made.code == 0);
  CHECK(t.listing() == "s.cbsave\n");
  // Overwriting on a full disk keeps the old save whole.
  REQUIRE(disk_cli("act " + save + " 1").code == 0);
  check_disk_full(cli_on_full_disk("new marathon/long --seed 4 --force --save " + save));
  const CommandRun status = disk_cli("status " + save + " --json");
  INFO(status.out);
  REQUIRE(status.code == 0);
  CHECK(nlohmann::json::parse(status.out)["actions"] == 1);
}

TEST_CASE("save disk: act on a full disk names the cause, not damage, and the save is as it was", "[store][cli]") {
  // act and status said "not a cardboard save (disk I/O error)" about a good
  // save; without SIGXFSZ ignored, a file size limit killed the command.
  DiskDir t("act");
  const std::string save = t.file("s.cbsave");
  REQUIRE(disk_cli("new marathon/long --seed 3 --save " + save).code == 0);
  REQUIRE(disk_cli("act " + save + " 1").code == 0);
  const std::string before = disk_bytes(save);
  for (const std::string& command : {"act " + save + " 1", "undo " + save + " 1 --agreed"})
    check_disk_full(cli_on_full_disk(command));
  CHECK(disk_bytes(save) == before);
  // A reader writes nothing, so it reads on a full disk.
  const CommandRun status = cli_on_full_disk("status " + save + " --json");
  INFO(status.out);
  REQUIRE(status.code == 0);
  CHECK(nlohmann::json::parse(status.out)["actions"] == 1);
  REQUIRE(disk_cli("act " + save + " 1").code == 0);
  CHECK(disk_cli("replay " + save + " --verify").code == 0);
}

TEST_CASE("save disk: a save the user may read but not write is read by status, log, replay and hint",
          "[store][cli]") {
  // They said "attempt to write a readonly database": they opened the save
  // for writing. As root the file modes do not bind, so root runs the
  // commands as nobody (setpriv); anyone else has the folder and the file
  // made read-only.
  DiskDir t("readonly");
  const std::string save = t.file("s.cbsave");
  REQUIRE(disk_cli("new marathon/long --seed 3 --save " + save).code == 0);
  REQUIRE(disk_cli("act " + save + " 1").code == 0);
  const bool root = ::geteuid() == 0;
  if (root && cardboard::testing::run_shell(kDiskRoot, "setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c \"test -x '" +
                                                           std::string(CARDBOARD_BINARY) + "' && test -r '" + kDiskRoot +
                                                           "/rules' && test -r '" + save + "'\"")
                  .code != 0) {
    WARN("skipped: nobody cannot reach the binary, the fixture or the temporary folder here");
    return;
  }
  fs::permissions(save, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const auto as_reader = [&](const std::string& args) {
    const std::string who = root ? "setpriv --reuid=nobody --regid=nogroup --clear-groups " : "";
    return cardboard::testing::run_shell(kDiskRoot, who + "'" + std::string(CARDBOARD_BINARY) + "' " + args);
  };
  const std::string before = disk_bytes(save);
  for (bool folder_writable : {false, true}) {
    INFO("the folder may " << (folder_writable ? "" : "not ") << "be written");
    fs::permissions(t.dir, folder_writable ? fs::perms::all : fs::perms::owner_all | fs::perms::group_read |
                                                                  fs::perms::group_exec | fs::perms::others_read |
                                                                  fs::perms::others_exec);
    if (!root && !folder_writable)
      fs::permissions(t.dir, fs::perms::owner_write, fs::perm_options::remove);
    for (const char* command : {"status ", "log ", "replay ", "hint --bot random "}) {
      const CommandRun r = as_reader(command + save);
      INFO(command << r.out);
      CHECK(r.code == 0);
    }
    const CommandRun verify = as_reader("replay " + save + " --verify");
    INFO(verify.out);
    CHECK(verify.code == 0);
    CHECK(verify.out.find("verified: 1 actions") != std::string::npos);
    // The server's replay of it (issue 59): it opened the save for writing.
    CHECK(replay_as_reader(save, root) == "");
    const CommandRun act = as_reader("act " + save + " 1");
    INFO(act.out);
    CHECK(act.code == 2);
    CHECK(act.out.find("cannot be written by this user") != std::string::npos);
    CHECK(act.out.find("not a cardboard save") == std::string::npos);
    CHECK(disk_bytes(save) == before);
  }
}
