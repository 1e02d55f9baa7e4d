// Commands racing on one save, through the real `cardboard` binary: two
// writers started together (act/act, act/undo, undo/undo, and a reader
// beside a writer) must never lose or duplicate an action, break the save or
// answer with SQLite's words; `--at N` refuses a write on a save that moved;
// a long-running `play` whose save another command changed says so and shows
// the new status instead of applying a choice typed against the old one.
// The fixture is tests/games/marathon (long: thousands of actions, so no race
// ends the game; both sides are people, hence undo --agreed).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support.h"

namespace fs = std::filesystem;
using cardboard::testing::CommandRun;

namespace {

const std::string kRoot = cardboard::testing::fixture_root("marathon");

CommandRun cli(const std::string& args) { return cardboard::testing::run_cardboard(kRoot, args); }

// A save path under the temporary folder, removed (with its -wal and -shm)
// when the test ends, however it ends.
struct TempSave {
  std::string path;
  explicit TempSave(const std::string& name)
      : path((fs::temp_directory_path() / ("cardboard-race-" + std::to_string(::getpid()) + "-" + name + ".cbsave"))
                 .string()) {
    remove();
  }
  ~TempSave() { remove(); }
  void remove() const {
    for (const char* ext : {"", "-wal", "-shm"}) fs::remove(path + ext);
  }
};

// Two commands started together: both processes exist before either is
// waited for, so they load the game and reach the save at about the same time.
std::pair<CommandRun, CommandRun> together(const std::string& a, const std::string& b) {
  auto start = [](const std::string& args) {
    const std::string cmd = "CARDBOARD_ROOT='" + kRoot + "' '" + CARDBOARD_BINARY + "' " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    return p;
  };
  FILE* pa = start(a);
  FILE* pb = start(b);
  CommandRun ra = cardboard::testing::finish_command(pa);
  CommandRun rb = cardboard::testing::finish_command(pb);
  return {ra, rb};
}

int64_t action_count(const std::string& save) {
  auto r = cli("status " + save + " --json");
  INFO(r.out);
  REQUIRE(r.code == 0);
  return nlohmann::json::parse(r.out)["actions"].get<int64_t>();
}

// A refusal a racing command may give: clear, exit 2, and never SQLite's own words.
void check_refusal(const CommandRun& r) {
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK(r.out.find("in use by another command: try again") != std::string::npos);
  CHECK(r.out.find("UNIQUE") == std::string::npos);
  CHECK(r.out.find("database is locked") == std::string::npos);
}

}  // namespace

TEST_CASE("concurrency: two writers on one save lose, duplicate and break nothing", "[concurrency][store]") {
  // Each round starts two commands at once and then checks that the save
  // holds what the successful ones add up to and still verifies. Before the
  // writers held the save for their whole read-decide-write, an undo racing
  // an act took back both (or left actions 1, 2, 4), and a second act failed
  // with "UNIQUE constraint failed: actions.seq".
  const TempSave temp("writers");
  const std::string& save = temp.path;
  REQUIRE(cli("new marathon/long --seed 3 --save " + save).code == 0);
  for (int i = 0; i < 4; ++i) REQUIRE(cli("act " + save + " 1").code == 0);
  const std::string act = "act " + save + " 1", undo = "undo " + save + " 1 --agreed", status = "status " + save;
  struct Pair {
    const char* name;
    std::string a, b;
    int delta_a, delta_b;
  };
  const std::vector<Pair> pairs = {{"act/act", act, act, 1, 1},
                                   {"act/undo", act, undo, 1, -1},
                                   {"undo/act", undo, act, -1, 1},
                                   {"undo/undo", undo, undo, -1, -1},
                                   {"status/undo", status, undo, 0, -1}};
  int64_t count = action_count(save);
  for (int round = 0; round < 12; ++round) {
    for (const auto& p : pairs) {
      INFO("round " << round << ", " << p.name << ", " << count << " actions before");
      while (count < 3) {
        REQUIRE(cli(act).code == 0);
        ++count;
      }
      const auto [ra, rb] = together(p.a, p.b);
      int64_t expected = count;
      for (const auto& [r, delta] : {std::pair{ra, p.delta_a}, std::pair{rb, p.delta_b}}) {
        INFO(r.out);
        if (r.code == 0) expected += delta;
        else check_refusal(r);
      }
      const int64_t now = action_count(save);
      CHECK(now == expected);
      auto verify = cli("replay " + save + " --verify");
      INFO(verify.out);
      REQUIRE(verify.code == 0);
      count = now;
    }
  }
}

TEST_CASE("concurrency: two hard links to one save lose no acknowledged action", "[concurrency][store]") {
  // SQLite names a database's -wal and -shm after the path it was opened
  // by, so two names of one file locked separately: four acts started
  // together, two through each name, all answered 0 and the save grew by 2
  // (every round of 15), once to "database disk image is malformed". Now
  // every act that answers 0 is in the save; the others are refused
  // clearly, and the save is as it was.
  const TempSave temp("links-a"), other("links-b");
  const std::string &save = temp.path, &link = other.path;
  REQUIRE(cli("new marathon/long --seed 3 --save " + save).code == 0);
  REQUIRE(cli("act " + save + " 1").code == 0);
  fs::create_hard_link(save, link);
  int64_t count = 1;
  for (int round = 0; round < 4; ++round) {
    INFO("round " << round);
    std::vector<FILE*> running;
    for (const std::string* name : {&save, &link, &save, &link}) {
      const std::string cmd = "CARDBOARD_ROOT='" + kRoot + "' '" + CARDBOARD_BINARY + "' act " + *name + " 1 2>&1";
      running.push_back(popen(cmd.c_str(), "r"));
      REQUIRE(running.back() != nullptr);
    }
    int64_t acknowledged = 0;
    for (FILE* p : running) {
      const CommandRun r = cardboard::testing::finish_command(p);
      INFO(r.out);
      if (r.code == 0) {
        ++acknowledged;
        continue;
      }
      CHECK(r.code == 2);
      CHECK(r.out.find("has 2 names (hard links to one file)") != std::string::npos);
      CHECK(r.out.find("malformed") == std::string::npos);
    }
    // Read through a connection of its own, outside cardboard, which
    // refuses the save while it has two names.
    count += acknowledged;
    CHECK(cardboard::testing::run_shell(kRoot, "sqlite3 '" + save + "' 'SELECT count(*) FROM actions'").out ==
          std::to_string(count) + "\n");
  }
  // One name again: the save plays on, whole.
  fs::remove(link);
  REQUIRE(cli("act " + save + " 1").code == 0);
  CHECK(action_count(save) == count + 1);
  auto verify = cli("replay " + save + " --verify");
  INFO(verify.out);
  CHECK(verify.code == 0);
}

TEST_CASE("concurrency: --at N refuses a write unless the save holds N actions", "[concurrency][store][cli]") {
  // A caller that must not act on a stale view (a script, a server) says how
  // many actions it saw; a save that moved since is left as it is.
  const TempSave temp("at");
  const std::string& save = temp.path;
  REQUIRE(cli("new marathon/long --seed 3 --save " + save).code == 0);
  REQUIRE(cli("act " + save + " 1 --at 0").code == 0);
  REQUIRE(cli("act " + save + " 1").code == 0);
  const auto before = cli("status " + save + " --json").out;

  auto stale = cli("act " + save + " 1 --at 1");
  CHECK(stale.code == 2);
  CHECK(stale.out == "cardboard: the save " + save +
                         " holds 2 actions, not 1 (--at 1): another command changed it; nothing was done: "
                         "look at its status and try again\n");
  auto undo = cli("undo " + save + " 1 --agreed --at 3");
  CHECK(undo.code == 2);
  CHECK(undo.out == "cardboard: the save " + save +
                        " holds 2 actions, not 3 (--at 3): another command changed it; nothing was done: "
                        "look at its status and try again\n");
  CHECK(cli("status " + save + " --json").out == before);

  auto ok = cli("undo " + save + " 1 --agreed --at 2");
  INFO(ok.out);
  CHECK(ok.code == 0);
  CHECK(action_count(save) == 1);
  CHECK(cli("act " + save + " 2 --at 1 --json").code == 0);
  CHECK(action_count(save) == 2);
  CHECK(cli("act " + save + " 1 --at -1").code == 1);  // not a count of actions
}

namespace {

// `cardboard play SAVE` with its standard input and output on pipes, so a
// test can type at its prompt and run other commands in between.
class Player {
 public:
  explicit Player(const std::string& save) {
    int in[2], out[2];
    REQUIRE(::pipe(in) == 0);
    REQUIRE(::pipe(out) == 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::dup2(out[1], 2);
      for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
      ::setenv("CARDBOARD_ROOT", kRoot.c_str(), 1);
      ::execl(CARDBOARD_BINARY, CARDBOARD_BINARY, "play", save.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Player() {
    if (to_ >= 0) ::close(to_);
    if (from_ >= 0) ::close(from_);
    if (pid_ > 0) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
      }
    }
  }
  // Reads until new output ends with `text` (the prompt), or the process
  // ends; gives up after 20 seconds of silence.
  bool read_until(const std::string& text) {
    char buf[4096];
    const size_t from = out_.size();
    while (out_.size() < from + text.size() || out_.compare(out_.size() - text.size(), text.size(), text) != 0) {
      pollfd p{from_, POLLIN, 0};
      if (::poll(&p, 1, 20000) <= 0) return false;
      const ssize_t n = ::read(from_, buf, sizeof buf);
      if (n <= 0) return false;
      out_.append(buf, static_cast<size_t>(n));
    }
    return true;
  }
  void type(const std::string& line) { REQUIRE(::write(to_, line.data(), line.size()) == static_cast<ssize_t>(line.size())); }
  // Closes its input and waits for it to end; returns its exit code.
  int finish() {
    ::close(to_);
    to_ = -1;
    read_until("\xff");  // to the end of its output
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  const std::string& out() const { return out_; }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string out_;
};

}  // namespace

TEST_CASE("concurrency: play whose save another command changed shows the new status, not a stale choice",
          "[concurrency][store]") {
  const TempSave temp("play");
  const std::string& save = temp.path;
  REQUIRE(cli("new marathon/long --seed 3 --save " + save).code == 0);
  Player play(save);
  REQUIRE(play.read_until("> "));
  CHECK(play.out().find("Pace?") != std::string::npos);
  // Another command takes Red's march meanwhile; the player, still seeing
  // the march, types a pace.
  REQUIRE(cli("act " + save + " 1").code == 0);
  const size_t typed = play.out().size();
  play.type("2\n");
  REQUIRE(play.read_until("> "));
  const std::string after = play.out().substr(typed);
  INFO(after);
  CHECK(after.find("the save " + save + " was changed by another command while this one ran: nothing was written; "
                   "it holds 1 action now: look at its status and try again") != std::string::npos);
  CHECK(after.find("UNIQUE") == std::string::npos);
  // The new status: Blue's forage, which the other command made the decision.
  CHECK(after.find("Forage where?") != std::string::npos);
  play.type("q\n");
  CHECK(play.finish() == 0);
  CHECK(action_count(save) == 1);  // the stale "2" was not applied
  auto log = cli("replay " + save + " --verify");
  CHECK(log.code == 0);
}
