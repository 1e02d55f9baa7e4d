// History: a Game kept in step with its save file. The fixture games are
// tests/games/race (a few actions) and tests/games/marathon (three decisions
// a turn, thousands of actions; "explode" in the gamble phase is a rules
// error on purpose). Every test works in its own temporary folder.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/bytes.h"
#include "store/history.h"

using namespace cardboard;
namespace fs = std::filesystem;

namespace {

const std::string kRoot = std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/marathon";
const std::string kRaceRoot = std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/race";

// A fresh folder for one test, removed at the end.
struct TempDir {
  fs::path dir;
  explicit TempDir(const std::string& name) {
    dir = fs::temp_directory_path() / ("cardboard_history_" + std::to_string(::getpid()) + "_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~TempDir() { fs::remove_all(dir); }
  std::string file(const std::string& n) const { return (dir / n).string(); }
};

std::string hash_of(const Game& g) { return hash_hex(g.state().hash()); }

std::unique_ptr<History> must(Result<std::unique_ptr<History>> r) {
  if (!r.ok()) FAIL(r.error().message);
  return std::move(*r);
}

void must_ok(const Status& s) {
  if (!s.ok()) FAIL(s.error().message);
}

// A deterministic safe choice (never "explode") for the i-th action.
std::string safe_choice(const Game& g, uint64_t& lcg) {
  lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
  const auto& ch = g.state().pending.choices;
  const size_t safe = ch.size() == 3 && ch[2].option == "explode" ? 2 : ch.size();
  return std::to_string(1 + (lcg >> 33) % safe);
}

// Plays `n` safe actions.
void play(History& h, int n, uint64_t& lcg) {
  for (int i = 0; i < n; ++i) must_ok(h.act(safe_choice(h.game(), lcg)));
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string actions_dump(SaveFile& f) {
  auto a = f.actions(0);
  REQUIRE(a.ok());
  std::string out;
  for (const auto& r : *a)
    out += std::to_string(r.seq) + " " + r.side + " " + std::to_string(r.choice) + " " + r.text + " " + r.forced +
           " " + r.state_hash + "\n";
  return out;
}

void sql(const std::string& path, const std::string& statement) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, statement.c_str(), nullptr, nullptr, &err);
  const std::string msg = err ? err : "";
  sqlite3_free(err);
  sqlite3_close(db);
  INFO(msg);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("history: new, act, reopen gives the same state hash", "[store]") {
  TempDir t("reload");
  const std::string path = t.file("race.cbsave");
  std::string hash;
  {
    auto h = must(History::create(path, "race/short", kRaceRoot, 42));
    must_ok(h->act("roll"));
    must_ok(h->act("2"));
    must_ok(h->act("roll"));
    CHECK(h->action_count() == 3);
    hash = hash_of(h->game());
  }
  auto h = must(History::open(path, kRaceRoot));
  CHECK(h->action_count() == 3);
  CHECK(hash_of(h->game()) == hash);
  CHECK(h->warning().empty());
  CHECK(h->meta().game == "race");
  CHECK(h->meta().scenario == "race/short");
  CHECK(h->meta().scenario_id == "race/short");
  CHECK(h->meta().seed == 42);
  CHECK(h->meta().format == SaveFile::kFormat);

  auto a = h->file().action(2);
  REQUIRE(a.ok());
  CHECK(a->side == "blue");
  CHECK(a->choice == 1);
  CHECK(a->text == "wait");
}

TEST_CASE("history: create refuses an existing save unless told to overwrite", "[store]") {
  TempDir t("exists");
  const std::string path = t.file("m.cbsave");
  must(History::create(path, "marathon/short", kRoot, 1));
  auto again = History::create(path, "marathon/short", kRoot, 1);
  REQUIRE_FALSE(again.ok());
  CHECK(again.error().kind == ErrorKind::kRejected);
  CHECK(again.error().message == "save " + path + " exists: choose another name or overwrite it");
  auto h = must(History::create(path, "marathon/short", kRoot, 2, {}, true));
  CHECK(h->meta().seed == 2);
}

TEST_CASE("history: undo then redo of the same choices gives the same hash", "[store]") {
  TempDir t("undo");
  const std::string path = t.file("m.cbsave");
  auto h = must(History::create(path, "marathon/short", kRoot, 7));
  uint64_t lcg = 1;
  play(*h, 4, lcg);
  std::vector<std::string> hashes{hash_of(h->game())};
  std::vector<std::string> redo;
  for (int i = 0; i < 3; ++i) {
    redo.push_back(safe_choice(h->game(), lcg));
    must_ok(h->act(redo.back()));
    hashes.push_back(hash_of(h->game()));
  }
  must_ok(h->undo(3));
  CHECK(h->action_count() == 4);
  CHECK(hash_of(h->game()) == hashes[0]);
  auto undone = h->file().undone();
  REQUIRE(undone.ok());
  REQUIRE(undone->size() == 3);
  CHECK((*undone)[0].seq == 5);
  CHECK((*undone)[2].seq == 7);
  auto ev = h->file().events(5);
  REQUIRE(ev.ok());
  CHECK(ev->empty());

  for (int i = 0; i < 3; ++i) {
    must_ok(h->act(redo[i]));
    CHECK(hash_of(h->game()) == hashes[i + 1]);
  }
  // And the same after reopening and after undoing one by one.
  h.reset();
  h = must(History::open(path, kRoot));
  CHECK(hash_of(h->game()) == hashes[3]);
  for (int i = 2; i >= 0; --i) {
    must_ok(h->undo(1));
    CHECK(hash_of(h->game()) == hashes[i]);
  }
}

TEST_CASE("history: undo past the start is refused", "[store]") {
  TempDir t("undo_zero");
  const std::string path = t.file("m.cbsave");
  auto h = must(History::create(path, "marathon/short", kRoot, 7));
  uint64_t lcg = 3;
  play(*h, 2, lcg);
  const std::string before = hash_of(h->game());
  auto st = h->undo(3);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().kind == ErrorKind::kRejected);
  CHECK(st.error().message == "cannot undo 3 actions: the save holds 2");
  CHECK(h->action_count() == 2);
  CHECK(hash_of(h->game()) == before);
  must_ok(h->undo(2));
  CHECK(h->action_count() == 0);
  CHECK(hash_of(h->game()) == h->meta().start_hash);
  st = h->undo(1);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "cannot undo 1 action: the save holds 0");
}

TEST_CASE("history: an illegal choice or a rules error leaves the file byte-identical", "[store]") {
  TempDir t("nothing_lost");
  const std::string path = t.file("m.cbsave");
  auto h = must(History::create(path, "marathon/short", kRoot, 11));
  uint64_t lcg = 5;
  play(*h, 4, lcg);  // turn 2: march, forage, gamble, march
  must_ok(h->act("1"));  // forage
  REQUIRE(h->game().state().pending.choices.back().option == "explode");
  must_ok(h->file().checkpoint());
  const std::string bytes = file_bytes(path);
  const std::string actions = actions_dump(h->file());
  const std::string hash = hash_of(h->game());

  auto st = h->act("4");
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().kind == ErrorKind::kRejected);
  CHECK(st.error().message == "illegal choice 4: 3 choices are open (1 low, 2 high, 3 explode)");
  st = h->act("fold");
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "illegal choice 'fold': 3 choices are open (1 low, 2 high, 3 explode)");

  st = h->act("explode");
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().kind == ErrorKind::kScript);
  CHECK(st.error().message.find("the gamble exploded") != std::string::npos);

  // A forced draw from a location that does not exist is bad input too.
  ForcedInput bad;
  bad.draws.push_back({"nowhere", {"Rain"}});
  st = h->act("1", bad);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "no such deck or cup: 'nowhere'");

  must_ok(h->file().checkpoint());
  CHECK(actions_dump(h->file()) == actions);
  CHECK(hash_bytes(file_bytes(path)) == hash_bytes(bytes));
  CHECK(h->action_count() == 5);
  // The game was rebuilt from the save and plays on.
  CHECK(hash_of(h->game()) == hash);
  CHECK_FALSE(h->game().is_broken());
  must_ok(h->act("high"));
  CHECK(h->action_count() == 6);
}

TEST_CASE("history: forced dice and draws are recorded and re-applied", "[store]") {
  TempDir t("forced");
  const std::string path = t.file("m.cbsave");
  ForcedInput start;
  start.draws.push_back({"weather", {"Sun", "Rain"}});
  auto h = must(History::create(path, "marathon/short", kRoot, 3, start));
  CHECK(h->meta().start_forced == "draw:weather=Sun|Rain");
  ForcedInput f;
  f.dice = {6, 6, 1};  // march uses one, forage the next, gamble the last
  must_ok(h->act("fast", f));
  CHECK(h->game().state().tracks[0] == 6 + 2);
  must_ok(h->act("north"));
  CHECK(h->game().state().tracks[1] == 6 + 1 + 2);  // the forced Sun gives 2 miles
  auto a = h->file().action(1);
  REQUIRE(a.ok());
  CHECK(a->forced == "dice=6,6,1");
  const std::string hash = hash_of(h->game());

  // The snapshot taken at the forage phase start holds the unused die and draw.
  auto sn = h->file().latest_snapshot(1);
  REQUIRE(sn.ok());
  REQUIRE(sn->has_value());
  CHECK((*sn)->position == "turn 1, Forage Phase");
  CHECK((*sn)->forced == "dice=6,1;draw:weather=sun|rain");

  h.reset();
  h = must(History::open(path, kRoot));
  CHECK(hash_of(h->game()) == hash);
  auto rep = h->verify();
  REQUIRE(rep.ok());
  CHECK(rep->ok());
  CHECK(rep->actions_checked == 2);
}

TEST_CASE("history: replay gives the recorded events by action", "[store]") {
  TempDir t("replay");
  const std::string path = t.file("m.cbsave");
  auto h = must(History::create(path, "marathon/short", kRoot, 9));
  uint64_t lcg = 2;
  play(*h, 3, lcg);
  auto steps = h->replay();
  REQUIRE(steps.ok());
  REQUIRE(steps->size() == 4);
  CHECK((*steps)[0].action == 0);
  CHECK_FALSE((*steps)[0].events.empty());
  CHECK((*steps)[0].events[0].text == "Turn 1");
  CHECK((*steps)[1].side == "red");
  bool decision = false;
  for (const auto& e : (*steps)[1].events) decision |= e.kind == "decision" && e.text.rfind("Red chose ", 0) == 0;
  CHECK(decision);
}

TEST_CASE("history: verify reports the first diverging action", "[store]") {
  TempDir t("diverge");
  const std::string path = t.file("m.cbsave");
  {
    auto h = must(History::create(path, "marathon/short", kRoot, 5));
    uint64_t lcg = 9;
    play(*h, 6, lcg);
  }
  SECTION("a different state hash") {
    sql(path, "UPDATE actions SET state_hash = '00000000000000ff' WHERE seq = 4");
    // Opening re-applies from the last snapshot, past action 4: only verify sees it.
    auto h = must(History::open(path, kRoot));
    auto rep = h->verify();
    REQUIRE(rep.ok());
    REQUIRE(rep->divergence);
    CHECK(rep->divergence->seq == 4);
    CHECK(rep->divergence->expected_hash == "00000000000000ff");
    CHECK(rep->divergence->actual_hash.size() == 16);
    CHECK_FALSE(rep->divergence->choices_differ);
    CHECK(rep->actions_checked == 3);
  }
  SECTION("a choice no longer open") {
    sql(path, "UPDATE actions SET text = 'sprint' WHERE seq = 2");
    auto h = must(History::open(path, kRoot));
    auto rep = h->verify();
    REQUIRE(rep.ok());
    REQUIRE(rep->divergence);
    CHECK(rep->divergence->seq == 2);
    CHECK(rep->divergence->choices_differ);
    CHECK(rep->divergence->message.find("'sprint' is not choice") != std::string::npos);
  }
  SECTION("the last action's hash is checked on open") {
    sql(path, "UPDATE actions SET state_hash = '00000000000000ff' WHERE seq = 6");
    auto h = History::open(path, kRoot);
    REQUIRE_FALSE(h.ok());
    CHECK(h.error().kind == ErrorKind::kRejected);
    CHECK(h.error().message.rfind("save " + path + " diverges at action 6: recorded state 00000000000000ff, rebuilt ",
                                  0) == 0);
  }
}

TEST_CASE("history: changed rules give a warning and verify says so", "[store]") {
  TempDir t("rules_changed");
  fs::copy(kRoot, t.dir / "root", fs::copy_options::recursive);
  const std::string root = (t.dir / "root").string();
  const std::string scenario = root + "/scenarios/marathon/short.toml";
  const std::string path = t.file("m.cbsave");
  {
    auto h = must(History::create(path, scenario, root, 5));
    CHECK(h->meta().scenario == scenario);
    uint64_t lcg = 4;
    play(*h, 5, lcg);
  }
  {
    std::ofstream lua(root + "/rules/marathon/marathon.lua", std::ios::app);
    lua << "-- a comment changes the rules hash, not the game\n";
  }
  auto h = must(History::open(path, root));
  CHECK(h->warning().rfind("the rules of marathon changed since this save was made (rules hash ", 0) == 0);
  auto rep = h->verify();
  REQUIRE(rep.ok());
  CHECK(rep->rules_changed);
  CHECK(rep->recorded_rules_hash != rep->current_rules_hash);
  CHECK(rep->ok());
}

TEST_CASE("history: a marathon of 6000 actions opens at the end and verifies", "[store]") {
  TempDir t("marathon");
  const std::string path = t.file("long.cbsave");
  std::string hash;
  {
    auto h = must(History::create(path, "marathon/long", kRoot, 2024));
    uint64_t lcg = 77;
    while (!h->game().state().finished) must_ok(h->act(safe_choice(h->game(), lcg)));
    CHECK(h->action_count() == 6000);
    hash = hash_of(h->game());
  }
  auto h = must(History::open(path, kRoot));
  CHECK(h->action_count() == 6000);
  CHECK(h->game().state().finished);
  CHECK(hash_of(h->game()) == hash);
  int64_t last_done = 0, calls = 0;
  auto rep = h->verify([&](int64_t done, int64_t total) {
    CHECK(total == 6000);
    last_done = done;
    ++calls;
  });
  REQUIRE(rep.ok());
  CHECK(rep->ok());
  CHECK(rep->actions_checked == 6000);
  CHECK(last_done == 6000);
  CHECK(calls >= 2);
  // Undo into the middle and play on.
  must_ok(h->undo(1001));
  CHECK(h->action_count() == 4999);
  CHECK_FALSE(h->game().state().finished);
}

TEST_CASE("history: a process killed while appending leaves a save that loads and verifies", "[store]") {
  TempDir t("sigkill");
  const std::string path = t.file("m.cbsave");
  must(History::create(path, "marathon/long", kRoot, 99));
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(fds[0]);
    auto h = History::open(path, kRoot);
    if (!h.ok()) ::_exit(2);
    uint64_t lcg = 13;
    for (int64_t n = 1;; ++n) {
      if (!(*h)->act(safe_choice((*h)->game(), lcg)).ok()) ::_exit(3);
      if (::write(fds[1], &n, sizeof n) != sizeof n) ::_exit(4);
    }
  }
  ::close(fds[1]);
  int64_t acknowledged = 0, n = 0;
  while (acknowledged < 300 && ::read(fds[0], &n, sizeof n) == sizeof n) acknowledged = n;
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ::close(fds[0]);
  REQUIRE(WIFSIGNALED(status));
  REQUIRE(acknowledged >= 300);

  auto h = must(History::open(path, kRoot));
  CHECK(h->action_count() >= acknowledged);
  auto last = h->file().action(h->action_count());
  REQUIRE(last.ok());
  CHECK(hash_of(h->game()) == last->state_hash);
  auto rep = h->verify();
  REQUIRE(rep.ok());
  CHECK(rep->ok());
  uint64_t lcg = 1;
  play(*h, 3, lcg);
}

TEST_CASE("history: a mod's save records its base and warns when the base changed", "[store][mod]") {
  // Copy both games into a temporary root, save a game of the mod, change the
  // base's Lua, and open the save again.
  const fs::path root = fs::temp_directory_path() / "cardboard-history-mod";
  fs::remove_all(root);
  for (const char* dir : {"rules/arab_israeli_wars", "rules/aiw_house_rules", "scenarios/aiw_house_rules",
                          "scenarios/arab_israeli_wars"}) {
    fs::create_directories(root / dir);
    fs::copy(fs::path(CARDBOARD_SOURCE_ROOT) / dir, root / dir, fs::copy_options::recursive);
  }
  const std::string save = (root / "mod.cbsave").string();
  {
    auto h = History::create(save, "aiw_house_rules/1948", root.string(), 7);
    REQUIRE(h.ok());
    CHECK((*h)->meta().base_game == "arab_israeli_wars");
    CHECK((*h)->meta().base_rules_hash.size() == 16);
  }
  {
    std::ofstream(root / "rules/arab_israeli_wars/aiw.lua", std::ios::app) << "\n-- a comment changes the hash\n";
  }
  auto h = History::open(save, root.string());
  REQUIRE(h.ok());
  CHECK_THAT((*h)->warning(), Catch::StartsWith("the rules of arab_israeli_wars, which aiw_house_rules extends, changed"));
}

TEST_CASE("history: verify_file re-runs a save on edited rules and names the first diverging decision", "[store]") {
  // What `play --watch` does when a rules file changes: the save's snapshots
  // were made by the old rules, so the check starts from the beginning.
  const fs::path root = fs::temp_directory_path() / "cardboard-history-watch";
  fs::remove_all(root);
  for (const char* dir : {"rules/race", "scenarios/race"}) {
    fs::create_directories(root / dir);
    fs::copy(fs::path(CARDBOARD_SOURCE_ROOT) / "tests/games/race" / dir, root / dir, fs::copy_options::recursive);
  }
  const std::string save = (root / "w.cbsave").string();
  {
    auto h = must(History::create(save, "race/short", root.string(), 4));
    must_ok(h->act("wait"));
    must_ok(h->act("roll"));
  }
  // An edit that changes nothing the games depend on replays the same.
  std::ofstream(root / "rules/race/race.lua", std::ios::app) << "\n-- a comment\n";
  auto same = History::verify_file(save, root.string());
  REQUIRE(same.ok());
  CHECK(same->ok());
  CHECK(same->rules_changed);
  // Blue's roll now scores one more: the second decision diverges.
  {
    std::ifstream in(root / "rules/race/race.lua");
    std::stringstream text;
    text << in.rdbuf();
    std::string lua = text.str();
    const std::string from = "pieces.value(card, \"bonus\")";
    lua.replace(lua.find(from), from.size(), from + " + 1");
    std::ofstream(root / "rules/race/race.lua") << lua;
  }
  auto changed = History::verify_file(save, root.string());
  REQUIRE(changed.ok());
  REQUIRE(changed->divergence);
  CHECK(changed->divergence->seq == 2);
}
