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
#include "data/game_loader.h"
#include "session/history.h"
#include "support.h"

using namespace cardboard;
using cardboard::testing::sql;
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

}  // namespace

// A choice's words may come from a template the rules give only when they
// are read (Arab Israeli Wars words its transfer choices "Haganah Brigades
// from North Front"); a save is re-applied by typed values, which a replay
// by a decider has without making any words.
TEST_CASE("history: choices worded by a template reload by their typed value", "[store]") {
  TempDir t("typed");
  const std::string path = t.file("aiw.cbsave");
  must(History::create(path, "arab_israeli_wars/1948", CARDBOARD_SOURCE_ROOT, 1));
  std::string hash;
  for (int i = 0; i < 8; ++i) {
    auto h = must(History::open(path, CARDBOARD_SOURCE_ROOT, History::Access::kWrite));
    must_ok(h->act("1"));
    hash = hash_of(h->game());
  }
  auto h = must(History::open(path, CARDBOARD_SOURCE_ROOT));
  CHECK(hash_of(h->game()) == hash);
  auto transfer = h->file().action(3);  // after deploying the two cards drawn
  REQUIRE(transfer.ok());
  CHECK(transfer->text == "Special Night Squads from North Front");
  CHECK(transfer->value.rfind("piece=", 0) == 0);
}

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
  CHECK(a->value == "option=wait");
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
  // Input the start does not use is refused (nothing is drawn before the
  // first decision), and no save is written.
  ForcedInput start;
  start.draws.push_back({"weather", {"Sun", "Rain"}});
  auto unused = History::create(path, "marathon/short", kRoot, 3, start);
  REQUIRE_FALSE(unused.ok());
  CHECK(unused.error().kind == ErrorKind::kRejected);
  CHECK_FALSE(fs::exists(path));

  auto h = must(History::create(path, "marathon/short", kRoot, 3));
  CHECK(h->meta().start_forced.empty());
  ForcedInput f;
  f.dice = {6};  // the march
  f.draws.push_back({"weather", {"Sun"}});  // the forage phase's draw, in the same action
  must_ok(h->act("fast", f));
  CHECK(h->game().state().tracks[0] == 6 + 2);
  ForcedInput g;
  g.dice = {1};  // the forage roll
  must_ok(h->act("north", g));
  CHECK(h->game().state().tracks[1] == 1 + 1 + 2);  // the forced Sun gives 2 miles
  auto a = h->file().action(1);
  REQUIRE(a.ok());
  CHECK(a->forced == "dice=6;draw:weather=Sun");
  const std::string hash = hash_of(h->game());

  // The snapshot taken at the forage phase start, inside the first action,
  // holds the draw not yet made.
  auto sn = h->file().latest_snapshot(1);
  REQUIRE(sn.ok());
  REQUIRE(sn->has_value());
  CHECK((*sn)->position == "turn 1, Forage Phase");
  CHECK((*sn)->forced == "draw:weather=sun");

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
    sql(path, "UPDATE actions SET text = 'sprint', value = 'option=sprint' WHERE seq = 2");
    auto h = must(History::open(path, kRoot));
    auto rep = h->verify();
    REQUIRE(rep.ok());
    REQUIRE(rep->divergence);
    CHECK(rep->divergence->seq == 2);
    CHECK(rep->divergence->choices_differ);
    CHECK(rep->divergence->message.find("'sprint' (option=sprint) is not choice") != std::string::npos);
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

TEST_CASE("history: a gap in the actions is reported by verify and refused by a load that crosses it", "[store]") {
  // Opening checks the last actions' numbers only (a few page reads); the
  // actions a load re-applies, and verify's, are read in full and checked.
  TempDir t("gap");
  const std::string path = t.file("m.cbsave");
  {
    auto h = must(History::create(path, "marathon/short", kRoot, 5));
    uint64_t lcg = 9;
    play(*h, 6, lcg);
  }
  sql(path, "DELETE FROM actions WHERE seq = 3");
  const std::string damaged = "save " + path + " is damaged: action 3 is missing (action 4 follows action 2)";
  auto h = must(History::open(path, kRoot));  // from the snapshot of action 6
  auto rep = h->verify();
  REQUIRE_FALSE(rep.ok());
  CHECK(rep.error().kind == ErrorKind::kRejected);
  CHECK(rep.error().message == damaged);
  h.reset();
  // Without the snapshots after action 2, loading re-applies 4, 5, 6.
  sql(path, "UPDATE actions SET snapshot = NULL, snapshot_position = NULL, snapshot_forced = NULL WHERE seq > 2");
  auto reopened = History::open(path, kRoot);
  REQUIRE_FALSE(reopened.ok());
  CHECK(reopened.error().message == damaged);
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
    lua << "\nlocal an_edit = 'changes the rules hash, not the game'\n";
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
    std::ofstream(root / "rules/arab_israeli_wars/aiw.lua", std::ios::app) << "\nlocal an_edit = 'changes the hash'\n";
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
  std::ofstream(root / "rules/race/race.lua", std::ios::app) << "\nlocal an_edit = 'of nothing the game reads'\n";
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

TEST_CASE("history: replay --verify of a Third Lebanon War save names the first decision its base's change moved",
          "[store][mod]") {
  // The mod reads the base's set-up rules: a base whose Insurgent must put
  // three units, not two, in each zone south of the Litani offers other
  // zones once the units left are just enough, and the save diverges there.
  const fs::path root = fs::temp_directory_path() / ("cardboard-history-tlw-" + std::to_string(::getpid()));
  fs::remove_all(root);
  for (const char* dir : {"rules/next_war_in_lebanon", "rules/third_lebanon_war", "scenarios/next_war_in_lebanon",
                          "scenarios/third_lebanon_war"}) {
    fs::create_directories(root / dir);
    fs::copy(fs::path(CARDBOARD_SOURCE_ROOT) / dir, root / dir, fs::copy_options::recursive);
  }
  const std::string save = (root / "tlw.cbsave").string();
  {
    auto h = must(History::create(save, "third_lebanon_war/next_war", root.string(), 3));
    // Through both sides' set-up, taking the first choice: every Insurgent
    // unit goes to the first zone offered until the minimum binds.
    while (h->game().state().position.in_setup) must_ok(h->act("1"));
  }
  {
    auto same = History::verify_file(save, root.string());
    REQUIRE(same.ok());
    CHECK(same->ok());
  }
  {
    std::ifstream in(root / "rules/next_war_in_lebanon/tables.toml");
    std::stringstream text;
    text << in.rdbuf();
    std::string toml = text.str();
    const std::string from = "insurgent_minimum_south = 2     # 15.0: at least";
    REQUIRE(toml.find(from) != std::string::npos);
    toml.replace(toml.find(from), from.size(), "insurgent_minimum_south = 3     # 15.0: at least");
    std::ofstream(root / "rules/next_war_in_lebanon/tables.toml") << toml;
  }
  auto changed = History::verify_file(save, root.string());
  REQUIRE(changed.ok());
  CHECK(changed->rules_changed);
  REQUIRE(changed->divergence);
  const int64_t seq = changed->divergence->seq;
  CHECK(seq > 30);  // after the IDF's set-up, in the Insurgent's
  // The command line says the same.
  auto cli = cardboard::testing::run_cardboard(root.string(), "replay " + save + " --verify");
  CHECK(cli.code != 0);
  INFO(cli.out);
  CHECK(cli.out.find("action " + std::to_string(seq)) != std::string::npos);
  fs::remove_all(root);
}

// ---- a failing command leaves the save as it was --------------------------

TEST_CASE("history: an undo whose rebuild fails leaves the save exactly as it was", "[store]") {
  // Undo moves rows and rebuilds the game from the new tip in one
  // transaction: a damaged snapshot on the way back makes the undo fail and
  // the save keeps its actions (and still opens), instead of losing them.
  TempDir t("undo_atomic");
  const std::string path = t.file("m.cbsave");
  std::string hash;
  {
    auto h = must(History::create(path, "marathon/long", kRoot, 8));
    uint64_t lcg = 6;
    play(*h, 7, lcg);
    hash = hash_of(h->game());
  }
  sql(path, "UPDATE start SET snapshot = x'0400' WHERE rowid = (SELECT min(rowid) FROM start)");
  auto h = must(History::open(path, kRoot));
  const std::string rows = actions_dump(h->file());
  auto st = h->undo(7);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().kind == ErrorKind::kRejected);
  CHECK_THAT(st.error().message, Catch::StartsWith("save " + path + ": the snapshot of the start is damaged"));
  CHECK(h->action_count() == 7);
  CHECK(hash_of(h->game()) == hash);
  CHECK(actions_dump(h->file()) == rows);
  CHECK(h->file().undone()->empty());
  h.reset();
  h = must(History::open(path, kRoot));
  CHECK(h->action_count() == 7);
  CHECK(hash_of(h->game()) == hash);
  must_ok(h->undo(1));  // an undo that does not reach the damage works
  CHECK(h->action_count() == 6);
}

TEST_CASE("history: a rebuild that fails leaves event recording on", "[store]") {
  // Rebuilding turns event recording off while it re-applies actions; every
  // way out of it, failures included, turns it back on, or the game would
  // play on without a log.
  TempDir t("record_events");
  const std::string path = t.file("m.cbsave");
  auto h = must(History::create(path, "marathon/long", kRoot, 8));
  uint64_t lcg = 6;
  play(*h, 3, lcg);
  // The snapshot the next reload restores is damaged behind the game's back.
  sql(path, "UPDATE actions SET snapshot = x'04' WHERE seq = 3");
  ForcedInput bad;
  bad.draws.push_back({"nowhere", {"Rain"}});
  auto st = h->act("1", bad);
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::Contains("(and reloading the save failed: save " + path +
                                                 ": the snapshot of action 3 is damaged"));
  CHECK(h->game().record_events());
}

// ---- two commands on one save ----------------------------------------------

TEST_CASE("history: a write on a save another command changed reloads it and writes nothing", "[store]") {
  // Two Histories on one save, as two commands or a long-running play beside
  // a script. Each write holds the save's lock for its read-decide-write and
  // first checks that the save is still where its game is.
  TempDir t("stale");
  const std::string path = t.file("m.cbsave");
  must(History::create(path, "marathon/long", kRoot, 8));
  auto first = must(History::open(path, kRoot));
  auto second = must(History::open(path, kRoot));
  uint64_t lcg = 6;
  play(*first, 2, lcg);
  const std::string changed = "the save " + path +
                              " was changed by another command while this one ran: nothing was written; it holds 2 "
                              "actions now: look at its status and try again";
  SECTION("an act") {
    auto st = second->act("1");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().kind == ErrorKind::kRejected);
    CHECK(st.error().message == changed);
    // Reloaded: it sees the other command's actions and plays on from them.
    CHECK(second->action_count() == 2);
    CHECK(hash_of(second->game()) == hash_of(first->game()));
    must_ok(second->act("1"));
    CHECK(second->action_count() == 3);
  }
  SECTION("an undo takes back only what its caller saw") {
    auto st = second->undo(1);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == changed);
    CHECK(second->action_count() == 2);
    CHECK(second->file().undone()->empty());
    must_ok(second->undo(1));
    CHECK(second->action_count() == 1);
  }
  SECTION("the same count with another last action is a change too") {
    auto third = must(History::open(path, kRoot));
    must_ok(first->undo(1));
    auto undone = first->file().undone();
    REQUIRE(undone.ok());
    must_ok(first->act(undone->back().choice == 0 ? "2" : "1"));  // another direction than the undone one
    REQUIRE(first->action_count() == third->action_count());
    auto st = third->act("1");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == changed);
    CHECK(hash_of(third->game()) == hash_of(first->game()));
  }
  auto reopened = must(History::open(path, kRoot));
  auto rep = reopened->verify();
  REQUIRE(rep.ok());
  CHECK(rep->ok());
}

TEST_CASE("history: a save locked by another command too long is a clear refusal", "[store]") {
  TempDir t("busy");
  const std::string path = t.file("m.cbsave");
  auto h = must(History::create(path, "marathon/long", kRoot, 8));
  uint64_t lcg = 6;
  play(*h, 2, lcg);
  const std::string hash = hash_of(h->game());
  sqlite3* other = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &other) == SQLITE_OK);
  REQUIRE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);
  h->file().set_busy_timeout_ms(20);
  const std::string busy = "the save " + path + " is in use by another command: try again";
  auto st = h->act("1");
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().kind == ErrorKind::kRejected);
  CHECK(st.error().message == busy);
  st = h->undo(1);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == busy);
  CHECK(h->action_count() == 2);
  CHECK(hash_of(h->game()) == hash);
  REQUIRE(sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(other);
  must_ok(h->act("1"));
  CHECK(h->action_count() == 3);
}

TEST_CASE("history: opened for writing, a save holds its lock until the write", "[store]") {
  // What `act` and `undo` do: the lock is taken before the save is read, so
  // what they decide on is what they write to.
  TempDir t("held");
  const std::string path = t.file("m.cbsave");
  must(History::create(path, "marathon/long", kRoot, 8));
  auto writer = must(History::open(path, kRoot, History::Access::kWrite));
  auto other = must(History::open(path, kRoot));
  other->file().set_busy_timeout_ms(20);
  auto st = other->act("1");
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "the save " + path + " is in use by another command: try again");
  must_ok(writer->act("2"));
  // The write released the lock: the other History reloads and plays on.
  st = other->act("1");
  REQUIRE_FALSE(st.ok());
  CHECK(other->action_count() == 1);
  must_ok(other->act("1"));
  CHECK(other->action_count() == 2);
  // Closed without writing, a History opened for writing leaves no lock.
  { auto idle = must(History::open(path, kRoot, History::Access::kWrite)); }
  must_ok(other->act("1"));
}

// ---- snapshots are untrusted input -----------------------------------------

namespace {

const std::string kSourceRoot = CARDBOARD_SOURCE_ROOT;

std::string blob_hex(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

}  // namespace

TEST_CASE("history: a snapshot of another game is refused, naming the action", "[store]") {
  // An Arab Israeli Wars snapshot copied into A Reign of Missiles save: it
  // decodes, but its pieces, locations and sequence are another game's.
  // Opening it ran the other game's state through these rules (a crash in
  // Game::begin_step, or a rules error far from the cause): it is refused.
  TempDir t("foreign");
  const std::string aiw = t.file("aiw.cbsave"), arom = t.file("arom.cbsave");
  std::string foreign;
  {
    auto h = must(History::create(aiw, "arab_israeli_wars/1948", kSourceRoot, 1));
    auto sn = h->file().latest_snapshot(0);
    REQUIRE(sn.ok());
    REQUIRE(sn->has_value());
    foreign = (*sn)->state;
  }
  int64_t with_snapshot = 0;
  {
    auto h = must(History::create(arom, "reign_of_missiles/gaza_2012", kSourceRoot, 1));
    while (with_snapshot == 0) {
      // Israel places Iron Domes until it may stop, then takes first choices.
      const Decision& p = h->game().state().pending;
      const int last = static_cast<int>(p.choices.size()) - 1;
      const bool stop = h->game().choice_text(last, p.side) == "Place no more Iron Domes";
      must_ok(h->act(stop ? std::to_string(last + 1) : "1"));
      auto sn = h->file().latest_snapshot(h->action_count());
      REQUIRE(sn.ok());
      if (sn->has_value()) with_snapshot = (*sn)->action;
    }
  }
  sql(arom, "UPDATE actions SET snapshot = x'" + blob_hex(foreign) + "' WHERE seq = " + std::to_string(with_snapshot));
  int status = 0;
  const std::string out = cardboard::testing::in_child(
      [&]() -> std::string {
        try {
          auto h = History::open(arom, kSourceRoot);
          return h.ok() ? std::string("opened") : h.error().message;
        } catch (const std::exception& e) {
          return std::string("exception: ") + e.what();
        }
      },
      status);
  REQUIRE(status == 0);
  CHECK(out == "save " + arom + ": the snapshot of action " + std::to_string(with_snapshot) +
                   " is not a state of reign_of_missiles: it has 12 locations: the game has 36 locations");
}

TEST_CASE("history: a save whose meta names another game is refused", "[store]") {
  TempDir t("meta_game");
  const std::string path = t.file("r.cbsave");
  {
    auto h = must(History::create(path, "race/short", kRaceRoot, 1));
    must_ok(h->act("roll"));
  }
  sql(path, "UPDATE meta SET value = 'marathon' WHERE key = 'game'");
  auto h = History::open(path, kRaceRoot);
  REQUIRE_FALSE(h.ok());
  CHECK(h.error().kind == ErrorKind::kRejected);
  CHECK(h.error().message == "save " + path + " is a game of marathon, but its scenario race/short is one of race");
}

namespace {

// Sets each byte of `bytes` in [from, to) to a few values and takes each
// changed snapshot the way loading a save does: decoded, checked against the
// game, restored. Returns "LOADED REFUSED", or what went wrong. Run in a
// child process: a crash must not take the test runner with it.
std::string restore_changed(const std::string& bytes, size_t from, size_t to) {
  try {
    auto def = load_game("arab_israeli_wars/1948", kSourceRoot);
    if (!def.ok()) return "no game: " + def.error().message;
    auto game = Game::create(*def);
    if (!game.ok()) return "no game: " + game.error().message;
    int loaded = 0, refused = 0;
    for (size_t pos = from; pos < to; ++pos) {
      const auto byte = static_cast<unsigned char>(bytes[pos]);
      for (int v : {0x00, 0x01, 0x7f, 0x80, 0xff, byte ^ 0x01, (byte + 1) & 0xff}) {
        std::string changed = bytes;
        changed[pos] = static_cast<char>(v);
        auto state = State::read(changed);
        Status st = state.ok() ? state->check(**def) : Status(state.error());
        if (st.ok()) st = (*game)->restore(*state);
        if (st.ok()) ++loaded;
        else if (st.error().message.empty()) return "a refusal without a message at byte " + std::to_string(pos);
        else ++refused;
      }
    }
    return std::to_string(loaded) + " " + std::to_string(refused);
  } catch (const std::exception& e) {  // escaping, it would end the command with SIGABRT
    return std::string("exception: ") + e.what();
  }
}

}  // namespace

TEST_CASE("history: every single-byte change of a real snapshot loads or is refused, never crashes", "[store]") {
  // The snapshot of Arab Israeli Wars at its first phase start. Before
  // snapshots were checked against the game, a changed byte in the position
  // crashed Game::begin_step (SIGSEGV) and another ran out of memory.
  TempDir t("flips");
  const std::string path = t.file("aiw.cbsave");
  std::string bytes;
  {
    auto h = must(History::create(path, "arab_israeli_wars/1948", kSourceRoot, 5));
    auto sn = h->file().latest_snapshot(0);
    REQUIRE(sn.ok());
    REQUIRE(sn->has_value());
    bytes = (*sn)->state;
  }
  const size_t slice = 64;
  int loaded = 0, refused = 0;
  for (size_t from = 0; from < bytes.size(); from += slice) {
    int status = 0;
    const size_t to = std::min(bytes.size(), from + slice);
    const std::string out = cardboard::testing::in_child([&] { return restore_changed(bytes, from, to); }, status);
    INFO("bytes " << from << " to " << to << " of " << bytes.size() << ": " << out);
    REQUIRE(status == 0);
    int ok = 0, no = 0;
    REQUIRE(std::sscanf(out.c_str(), "%d %d", &ok, &no) == 2);
    loaded += ok;
    refused += no;
  }
  CHECK(loaded > 0);
  CHECK(refused > 0);
  SUCCEED(loaded << " changed snapshots loaded, " << refused << " refused");
}

TEST_CASE("history: a decoded snapshot is checked against its game, field by field", "[store]") {
  // Each field that indexes the game's definition, or an invariant the
  // kernel relies on, broken in turn in a real state: the check names it.
  auto def = load_game("arab_israeli_wars/1948", kSourceRoot);
  REQUIRE(def.ok());
  const GameDef& d = **def;
  State good;
  {
    TempDir t("check");
    auto h = must(History::create(t.file("aiw.cbsave"), "arab_israeli_wars/1948", kSourceRoot, 5));
    auto sn = h->file().latest_snapshot(0);
    REQUIRE(sn.ok());
    REQUIRE(sn->has_value());
    auto read = State::read((*sn)->state);
    REQUIRE(read.ok());
    good = std::move(*read);
  }
  must_ok(good.check(d));
  REQUIRE(good.pieces.size() > 2);
  REQUIRE_FALSE(good.position.in_setup);
  const std::string types = std::to_string(d.types.size()), locations = std::to_string(d.locations.size());
  auto refused = [&](const std::function<void(State&)>& change) {
    State s = good;
    change(s);
    auto st = s.check(d);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().kind == ErrorKind::kRejected);
    return st.error().message;
  };
  const int32_t placed = good.pieces[0].location;
  REQUIRE(placed >= 0);
  CHECK(refused([&](State& s) { s.pieces[1].type = static_cast<int32_t>(d.types.size()); }) ==
        "piece 1 has type " + types + ": the game has " + types + " piece types");
  CHECK(refused([](State& s) { s.pieces[1].type = -1; }) == "piece 1 has type -1: the game has " + types + " piece types");
  CHECK(refused([](State& s) { s.pieces[0].owner = 2; }) == "piece 0 has owner 2: the game has 2 sides");
  CHECK(refused([](State& s) { s.pieces[0].face = 2; }) == "piece 0 shows face 2: its type has 2 faces");
  CHECK(refused([](State& s) { s.pieces[0].visibility = 3; }) == "piece 0 has visibility 3");
  CHECK(refused([](State& s) { s.pieces[0].known = 4; }) ==
        "piece 0 is known to sides 4 (a bit a side): the game has 2 sides");
  CHECK(refused([](State& s) { s.pieces[0].markers = {"b", "a"}; }) == "piece 0's markers are not sorted and unique");
  CHECK(refused([](State& s) { s.pieces[0].counters = {{"hits", 0}}; }) ==
        "piece 0's counters are not sorted, unique and non-zero");
  CHECK(refused([](State& s) { s.contents.pop_back(); }) ==
        "it has " + std::to_string(d.locations.size() - 1) + " locations: the game has " + locations + " locations");
  CHECK(refused([](State& s) { s.pieces[0].location = static_cast<int32_t>(s.contents.size()); }) ==
        "piece 0 is at location " + locations + ": the game has " + locations + " locations");
  CHECK(refused([&](State& s) { s.contents[placed].push_back(static_cast<int32_t>(s.pieces.size())); }) ==
        "location " + std::to_string(placed) + " lists piece " + std::to_string(good.pieces.size()) +
            ", which does not exist");
  CHECK(refused([](State& s) { s.pieces[0].location = -1; }).find(", which is at location -1") != std::string::npos);
  CHECK(refused([&](State& s) {
          s.contents[placed].erase(std::find(s.contents[placed].begin(), s.contents[placed].end(), 0));
        }) == std::to_string(std::count_if(good.pieces.begin(), good.pieces.end(),
                                           [](const PieceState& p) { return p.location >= 0; })) +
                  " pieces are in play but the locations list " +
                  std::to_string(std::count_if(good.pieces.begin(), good.pieces.end(),
                                               [](const PieceState& p) { return p.location >= 0; }) -
                                 1));
  CHECK(refused([](State& s) { s.tracks.push_back(0); }) ==
        "it has " + std::to_string(d.tracks.size() + 1) + " tracks: the game has " + std::to_string(d.tracks.size()) +
            " tracks");
  CHECK(refused([&](State& s) { s.tracks[0] = d.tracks[0].max + 1; }) ==
        "track " + d.tracks[0].id + " is at " + std::to_string(d.tracks[0].max + 1) + ", outside " +
            std::to_string(d.tracks[0].min) + ".." + std::to_string(d.tracks[0].max));
  CHECK(refused([](State& s) {
          s.vars.entries.emplace_back(std::string("zzz"), Value());
        }) == "its vars are not sorted by key, or hold a nil");
  CHECK(refused([](State& s) {
          s.vars.entries.insert(s.vars.entries.begin(), {std::string("zzz"), Value(1)});
          s.vars.entries.emplace_back(std::string("aaa"), Value(1));
        }) == "its vars are not sorted by key, or hold a nil");
  CHECK(refused([](State& s) { s.rng.set_words({0, 0, 0, 0}); }) == "its random number generator is all zero");
  const std::string phases = std::to_string(d.sequence.phases.size());
  CHECK(refused([&](State& s) { s.position.phase = static_cast<int32_t>(d.sequence.phases.size()); })
            .find("names a phase the game does not have (it has " + phases + ")") != std::string::npos);
  CHECK(refused([](State& s) { s.position.phase = -1; }).find("names a phase") != std::string::npos);
  CHECK(refused([](State& s) { s.position.step = 99; }).find("names a step phase") != std::string::npos);
  CHECK(refused([](State& s) { s.position.repeat = 99; }).find("more than its") != std::string::npos);
  CHECK(refused([](State& s) { s.position.turn = 0; }).find("is before turn 1") != std::string::npos);
  CHECK(refused([](State& s) {
          s.position.phase = -2;
          s.position.step = 1;
        }).find("is not the end of the game") != std::string::npos);
  CHECK(refused([](State& s) {
          s.position.in_setup = true;
          s.position.step = 3;
        }) == "its position (turn " + std::to_string(good.position.turn) + ", phase " +
                  std::to_string(good.position.phase) + ", repeat 0, step 3) is not a step of the set-up");
  CHECK(refused([](State& s) { s.pending.side = 2; }) == "its pending decision is side 2's: the game has 2 sides");
  CHECK(refused([](State& s) {
          s.pending.side = 0;
          s.pending.choices.resize(2);
          s.pending.choices[1].piece = static_cast<int32_t>(s.pieces.size());
        }) == "its pending choice 2 names piece " + std::to_string(good.pieces.size()) + ", which does not exist");
  CHECK(refused([](State& s) {
          s.pending.side = 0;
          s.pending.choices.resize(1);
          s.pending.choices[0].location = -2;
        }) == "its pending choice 1 names location -2, which does not exist");
  CHECK(refused([](State& s) { s.winner = -2; }) == "its winner is side -2: the game has 2 sides");
  // What the kernel makes is accepted: the set-up, the end, a finished game.
  State end = good;
  end.position = SequencePosition{3, -2, 0, 0, false};
  end.finished = true;
  end.winner = 1;
  must_ok(end.check(d));
  State setup = good;
  setup.position = SequencePosition{};
  must_ok(setup.check(d));
}
