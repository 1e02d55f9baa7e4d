// SaveFile: the rows of a save, without any game. Checks the forced-input
// encoding, the transactions of start/append/undo, the snapshot lookup, and
// the pinned messages for files that are not saves.
#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "store/save_file.h"
#include "support.h"

using namespace cardboard;
using cardboard::testing::sql;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path dir;
  explicit TempDir(const std::string& name) {
    dir = fs::temp_directory_path() / ("cardboard_save_" + std::to_string(::getpid()) + "_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~TempDir() { fs::remove_all(dir); }
  std::string file(const std::string& n) const { return (dir / n).string(); }
};

std::unique_ptr<SaveFile> must(Result<std::unique_ptr<SaveFile>> r) {
  if (!r.ok()) FAIL(r.error().message);
  return std::move(*r);
}

void must_ok(const Status& s) {
  if (!s.ok()) FAIL(s.error().message);
}

SaveMeta sample_meta() {
  SaveMeta m;
  m.game = "race";
  m.scenario = "race/short";
  m.scenario_id = "race/short";
  m.rules_hash = "0123456789abcdef";
  m.seed = 18446744073709551615ULL;
  m.start_forced = "dice=6";
  m.start_hash = "00000000000000aa";
  return m;
}

ActionRow action(int64_t seq) {
  ActionRow a;
  a.seq = seq;
  a.side = seq % 2 ? "red" : "blue";
  a.choice = static_cast<int>(seq % 3);
  a.text = "choice " + std::to_string(seq);
  a.state_hash = "hash" + std::to_string(seq);
  return a;
}

// A save with 10 actions; action k has events "k.1", "k.2" and one snapshot
// per even action.
std::unique_ptr<SaveFile> sample(const std::string& path) {
  const SnapshotRow start{0, "turn 1, Play", "S0", ""};
  auto f = must(SaveFile::create(path, sample_meta(), {{0, 0, "sequence", "", "Turn 1", "", {}}}, &start));
  for (int64_t k = 1; k <= 10; ++k) {
    std::vector<EventRow> ev{{0, 0, "log", "1", std::to_string(k) + ".1", "", {}},
                             {0, 0, "draw", "2", std::to_string(k) + ".2", "blue", {}}};
    const SnapshotRow sn{0, "turn " + std::to_string(k), "S" + std::to_string(k), "dice=1"};
    must_ok(f->append(action(k), ev, k % 2 == 0 ? &sn : nullptr));
  }
  return f;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

}  // namespace

TEST_CASE("save file: forced input encodes as dice=...;draw:LOCATION=...", "[store]") {
  ForcedInput f;
  CHECK(encode_forced(f).empty());
  f.dice = {6, 1, 4};
  f.draws.push_back({"event_deck", {"Jihad", "Truce"}});
  f.draws.push_back({"cup", {"Tank"}});
  const std::string text = encode_forced(f);
  CHECK(text == "dice=6,1,4;draw:event_deck=Jihad|Truce;draw:cup=Tank");
  auto back = decode_forced(text);
  REQUIRE(back.ok());
  CHECK(back->dice == f.dice);
  CHECK(back->draws == f.draws);
  CHECK(decode_forced("").ok());
  CHECK(decode_forced("")->empty());

  auto bad = decode_forced("dice=6,x");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "bad forced input 'dice=6,x': die face 'x' is not a number");
  bad = decode_forced("roll=6");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "bad forced input 'roll=6': unknown key 'roll': expected dice or draw:LOCATION");
  bad = decode_forced("draw:deck=A||B");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "bad forced input 'draw:deck=A||B': an empty piece type in draw:deck");
}

TEST_CASE("save file: start, append, read back and reopen", "[store]") {
  TempDir t("rows");
  const std::string path = t.file("s.cbsave");
  {
    auto f = sample(path);
    CHECK(f->action_count() == 10);
  }
  auto f = must(SaveFile::open(path));
  CHECK(f->action_count() == 10);
  auto m = f->meta();
  REQUIRE(m.ok());
  CHECK(m->format == SaveFile::kFormat);
  CHECK(m->game == "race");
  CHECK(m->seed == 18446744073709551615ULL);
  CHECK(m->start_forced == "dice=6");
  CHECK(m->start_hash == "00000000000000aa");
  CHECK(m->created.size() == 20);  // 2024-05-01T12:00:00Z

  auto a = f->actions(8);
  REQUIRE(a.ok());
  REQUIRE(a->size() == 2);
  CHECK((*a)[0].seq == 9);
  CHECK((*a)[0].side == "red");
  CHECK((*a)[0].text == "choice 9");
  CHECK((*a)[1].state_hash == "hash10");

  auto ev = f->events(7);
  REQUIRE(ev.ok());
  REQUIRE(ev->size() == 2);
  CHECK((*ev)[0].text == "7.1");
  CHECK((*ev)[0].visible_to.empty());
  CHECK((*ev)[1].visible_to == "blue");
  CHECK((*ev)[1].action == 7);
  CHECK(f->events(0)->size() == 1);
  CHECK(f->events(11)->empty());
  CHECK(f->events(-1)->size() == 21);

  auto sn = f->latest_snapshot(10);
  REQUIRE(sn.ok());
  REQUIRE(sn->has_value());
  CHECK((*sn)->action == 10);
  CHECK((*sn)->state == "S10");
  CHECK((*sn)->forced == "dice=1");
  CHECK((*f->latest_snapshot(7))->action == 6);
  CHECK((*f->latest_snapshot(1))->action == 0);

  auto wrong = f->append(action(12), std::vector<EventRow>{}, nullptr);
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.error().message == "save " + path + ": action 12 does not follow action 10");
}

TEST_CASE("save file: undo keeps the removed actions as an abandoned branch", "[store]") {
  TempDir t("undo");
  const std::string path = t.file("s.cbsave");
  auto f = sample(path);
  must_ok(f->undo(3));
  CHECK(f->action_count() == 7);
  CHECK(f->actions(0)->size() == 7);
  CHECK(f->events(8)->empty());
  CHECK(f->events(-1)->size() == 15);
  CHECK((*f->latest_snapshot(7))->action == 6);
  auto u = f->undone();
  REQUIRE(u.ok());
  REQUIRE(u->size() == 3);
  CHECK((*u)[0].seq == 8);
  CHECK((*u)[0].text == "choice 8");
  CHECK((*u)[2].seq == 10);

  auto st = f->undo(8);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "cannot undo 8 actions: the save holds 7");
  // New actions follow the kept ones, with their own events and snapshots.
  const SnapshotRow n8{0, "p", "N8", ""};
  must_ok(f->append(action(8), {{0, 0, "log", "", "new 8", "", {}}}, &n8));
  CHECK((*f->events(8))[0].text == "new 8");
  CHECK((*f->latest_snapshot(8))->state == "N8");
  must_ok(f->undo(8));
  CHECK(f->action_count() == 0);
  CHECK(f->events(-1)->size() == 1);
  CHECK((*f->latest_snapshot(0))->state == "S0");
}

TEST_CASE("save file: files that are not saves give a clear error", "[store]") {
  TempDir t("bad");
  SECTION("missing") {
    auto f = SaveFile::open(t.file("none.cbsave"));
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().message == "not a cardboard save: " + t.file("none.cbsave") + " (no such file)");
  }
  SECTION("not SQLite") {
    const std::string path = write_file(t.file("text.cbsave"), std::string(5000, 'x'));
    auto f = SaveFile::open(path);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().kind == ErrorKind::kRejected);
    CHECK(f.error().message == "not a cardboard save: " + path + " (file is not a database)");
  }
  SECTION("empty") {
    const std::string path = write_file(t.file("empty.cbsave"), "");
    auto f = SaveFile::open(path);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().message == "not a cardboard save: " + path + " (no cardboard schema)");
  }
  SECTION("truncated") {
    const std::string path = t.file("cut.cbsave");
    sample(path).reset();  // closing checkpoints the WAL into the file
    REQUIRE_FALSE(fs::exists(path + "-wal"));
    const auto size = fs::file_size(path);
    REQUIRE(size >= 4 * 4096);
    fs::resize_file(path, size / 2);
    auto f = SaveFile::open(path);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().message == "not a cardboard save: " + path + " (database disk image is malformed)");
  }
  SECTION("another SQLite database") {
    const std::string path = t.file("other.db");
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    auto f = SaveFile::open(path);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().message == "not a cardboard save: " + path + " (no cardboard schema)");
  }
  SECTION("a newer format") {
    const std::string path = t.file("new.cbsave");
    sample(path).reset();
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    const std::string newer = std::to_string(SaveFile::kFormat + 1);
    REQUIRE(sqlite3_exec(db, ("PRAGMA user_version = " + newer).c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    auto f = SaveFile::open(path);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().message == "not a cardboard save: " + path + " (format " + newer +
                                   " is newer than this cardboard reads (" + std::to_string(SaveFile::kFormat) +
                                   "): update cardboard)");
  }
  SECTION("an older format") {
    const std::string path = t.file("old.cbsave");
    sample(path).reset();
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "PRAGMA user_version = 1", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    const std::string before = file_bytes(path);
    auto f = SaveFile::open(path);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().kind == ErrorKind::kRejected);
    CHECK(f.error().message == "save " + path +
                                   " was made by an older cardboard (save format 1; this one reads format " +
                                   std::to_string(SaveFile::kFormat) + "): "
                                   "finish that game with the cardboard that made it, or start a new one");
    CHECK(file_bytes(path) == before);  // the file is left as it was
  }
  SECTION("create refuses an existing file") {
    const std::string path = write_file(t.file("x.cbsave"), "keep me");
    auto f = SaveFile::create(path, sample_meta(), {}, nullptr);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().message == "save " + path + " exists: choose another name or overwrite it");
    std::ifstream in(path);
    std::string s;
    std::getline(in, s);
    CHECK(s == "keep me");
  }
}

TEST_CASE("save file: an action is one row; the events and snapshots views give one row each", "[store]") {
  // The schema of docs/saves.md: actions hold their events (JSON) and their
  // snapshot; the views are what SQL readers query.
  TempDir t("views");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  auto rows = [&](const std::string& q) {
    std::string out;
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, q.c_str(), -1, &s, nullptr) == SQLITE_OK);
    while (sqlite3_step(s) == SQLITE_ROW) {
      for (int i = 0; i < sqlite3_column_count(s); ++i) {
        const auto* v = reinterpret_cast<const char*>(sqlite3_column_text(s, i));
        out += (i ? "|" : "") + (v ? std::string(v) : std::string("NULL"));
      }
      out += "\n";
    }
    sqlite3_finalize(s);
    return out;
  };
  CHECK(rows("SELECT count(*) FROM actions") == "10\n");
  CHECK(rows("SELECT events FROM actions WHERE seq = 3") == R"([["log","1","3.1"],["draw","2","3.2","blue"]])" "\n");
  CHECK(rows("SELECT action, n, kind, rule, text, visible_to FROM events WHERE action <= 1") ==
        "0|0|sequence||Turn 1|NULL\n"
        "1|0|log|1|1.1|NULL\n"
        "1|1|draw|2|1.2|blue\n");
  CHECK(rows("SELECT count(*) FROM events") == "21\n");
  CHECK(rows("SELECT action, position, state, forced FROM snapshots ORDER BY action DESC LIMIT 2") ==
        "10|turn 10|S10|dice=1\n"
        "8|turn 8|S8|dice=1\n");
  CHECK(rows("SELECT action FROM snapshots WHERE action < 3") == "0\n2\n");
  sqlite3_close(db);
}

TEST_CASE("save file: damaged events are an error naming the action, and the file stays as it was", "[store]") {
  TempDir t("damaged_events");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "UPDATE actions SET events = '[[\"log\"' WHERE seq = 4", nullptr, nullptr, nullptr) ==
          SQLITE_OK);
  sqlite3_close(db);
  auto f = must(SaveFile::open(path));
  CHECK(f->events(3).ok());
  for (int64_t action : {int64_t{4}, int64_t{-1}}) {
    auto ev = f->events(action);
    REQUIRE_FALSE(ev.ok());
    CHECK(ev.error().kind == ErrorKind::kRejected);
    CHECK(ev.error().message ==
          "save " + path + ": the events of action 4 are damaged (bad event list at byte 7: expected ',' (the rule))");
  }
  CHECK(f->action_count() == 10);
}

// ---- what opening checks, and that a refused file is not written ------------

namespace {

// Opening `path` is refused with `reason`, and leaves the file byte for byte
// as it was, with no WAL beside it.
void check_refused(const std::string& path, const std::string& reason) {
  const std::string before = file_bytes(path);
  REQUIRE_FALSE(fs::exists(path + "-wal"));
  auto f = SaveFile::open(path);
  REQUIRE_FALSE(f.ok());
  CHECK(f.error().kind == ErrorKind::kRejected);
  CHECK(f.error().message == "not a cardboard save: " + path + " (" + reason + ")");
  CHECK(file_bytes(path) == before);
  CHECK_FALSE(fs::exists(path + "-wal"));
}

}  // namespace

TEST_CASE("save file: a save cut by one byte is refused, and left as it was", "[store]") {
  // SQLite reads the missing end of a page as zeroes: status, act and verify
  // went on with a damaged file. Its pages no longer fill the file.
  TempDir t("cut1");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  const auto size = fs::file_size(path);
  fs::resize_file(path, size - 1);
  check_refused(path, "the file holds " + std::to_string(size - 1) + " bytes where its " + std::to_string(size / 4096) +
                          " pages need " + std::to_string(size) + ": it was cut short or damaged");
  // A byte too many is damage too.
  fs::resize_file(path, size + 1);
  check_refused(path, "the file holds " + std::to_string(size + 1) + " bytes where its " + std::to_string(size / 4096) +
                          " pages need " + std::to_string(size) + ": it was cut short or damaged");
}

TEST_CASE("save file: a foreign SQLite file with our application id is refused by what it lacks", "[store]") {
  // It passed the application id and the format, then failed on the first
  // query with "(SQL logic error)", after being switched to WAL.
  TempDir t("foreign");
  const std::string path = t.file("f.cbsave");
  sql(path, "PRAGMA application_id = 1128420182; PRAGMA user_version = " + std::to_string(SaveFile::kFormat) + "; "
            "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); CREATE TABLE start(events TEXT)");
  check_refused(path, "missing table 'actions'");
  sql(path, "CREATE TABLE actions(seq INTEGER PRIMARY KEY, side TEXT); CREATE TABLE undone(id); "
            "CREATE VIEW events AS SELECT 1; CREATE VIEW snapshots AS SELECT 1");
  check_refused(path, "table 'start' has no column 'snapshot_position'");
  SECTION("a view of our name that is not ours") {
    const TempDir u("foreign_view");
    const std::string other = u.file("v.cbsave");
    sample(other).reset();
    sql(other, "DROP VIEW events; CREATE VIEW events(action, n, kind, rule, text, visible_to) AS "
               "SELECT seq, 0, '', '', '', '' FROM actions; PRAGMA journal_mode = DELETE");
    check_refused(other, "view 'events' is not the one a cardboard save defines");
  }
  SECTION("a view where a table belongs") {
    sql(path, "DROP TABLE actions; CREATE VIEW actions AS SELECT 1 AS seq");
    check_refused(path, "'actions' is a view, not a table");
  }
  SECTION("seq that is not the key") {
    const TempDir u("foreign_key");
    const std::string other = u.file("k.cbsave");
    sample(other).reset();
    sql(other, "PRAGMA legacy_alter_table = ON; ALTER TABLE actions RENAME TO old; "
               "CREATE TABLE actions(seq INTEGER, side TEXT NOT NULL, choice INTEGER NOT NULL, text TEXT NOT NULL, "
               "value TEXT NOT NULL, "
               "forced TEXT NOT NULL DEFAULT '', state_hash TEXT NOT NULL, created TEXT NOT NULL, events TEXT NOT NULL, "
               "snapshot_position TEXT, snapshot_forced TEXT, snapshot BLOB); "
               "INSERT INTO actions SELECT * FROM old; DROP TABLE old; PRAGMA journal_mode = DELETE");
    check_refused(other, "column 'seq' of table 'actions' is not its INTEGER PRIMARY KEY");
  }
}

TEST_CASE("save file: a missing or doubled start is refused", "[store]") {
  TempDir t("start_rows");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  SECTION("deleted") {
    sql(path, "DELETE FROM start");
    check_refused(path, "table 'start' holds 0 rows, not 1: the start of the game is missing");
  }
  SECTION("doubled") {
    sql(path, "INSERT INTO start SELECT * FROM start");
    check_refused(path, "table 'start' holds 2 rows, not 1: the start is doubled");
  }
}

TEST_CASE("save file: the numbering of the last actions is checked on open", "[store]") {
  TempDir t("renumbered");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  SECTION("the last action renumbered") {
    sql(path, "UPDATE actions SET seq = 12 WHERE seq = 10");
    check_refused(path, "actions are not numbered 1..n: action 12 follows action 9");
  }
  SECTION("the action before the last deleted") {
    sql(path, "DELETE FROM actions WHERE seq = 9");
    check_refused(path, "actions are not numbered 1..n: action 10 follows action 8");
  }
  SECTION("the first action renumbered") {
    sql(path, "UPDATE actions SET seq = 0 WHERE seq = 1");
    check_refused(path, "actions are not numbered 1..n: the first is action 0");
  }
  SECTION("a gap in the middle is found when the actions are read") {
    sql(path, "DELETE FROM actions WHERE seq = 4");
    auto f = must(SaveFile::open(path));  // opening reads a few pages, not every action
    CHECK(f->action_count() == 10);
    const std::string damaged = "save " + path + " is damaged: action 4 is missing (action 5 follows action 3)";
    for (int64_t after : {0, 2, 3}) {
      auto a = f->actions(after);
      REQUIRE_FALSE(a.ok());
      CHECK(a.error().message == damaged);
    }
    CHECK(f->actions(4).ok());
    CHECK(f->actions(4)->size() == 6);
  }
}

TEST_CASE("save file: a save that passed is switched to WAL if a copy lost it", "[store]") {
  TempDir t("wal");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  sql(path, "PRAGMA journal_mode = DELETE");
  auto f = must(SaveFile::open(path));
  must_ok(f->append(action(11), std::vector<EventRow>{}, nullptr));
  CHECK(fs::exists(path + "-wal"));
}

TEST_CASE("save file: opening reads a few pages, whatever the save's length", "[store]") {
  // No count(*) over the actions and no integrity check on every open: the
  // bytes read from the file (Linux's /proc/self/io) stay far below its size.
  TempDir t("cheap");
  const std::string path = t.file("s.cbsave");
  {
    auto f = must(SaveFile::create(path, sample_meta(), {}, nullptr));
    const std::string big(2000, 'x');
    for (int64_t k = 1; k <= 3000; ++k) {
      const SnapshotRow sn{0, "p", big, ""};
      must_ok(f->append(action(k), std::vector<EventRow>{{0, 0, "log", "", big, "", {}}}, &sn));
    }
  }
  const auto size = fs::file_size(path);
  REQUIRE(size > 8'000'000);
  auto read_bytes = [] {
    std::ifstream io("/proc/self/io");
    std::string key;
    long long value = 0;
    while (io >> key >> value)
      if (key == "rchar:") return value;
    return -1LL;
  };
  const long long before = read_bytes();
  REQUIRE(before >= 0);
  auto f = must(SaveFile::open(path));
  CHECK(f->action_count() == 3000);
  const long long read = read_bytes() - before;
  CHECK(read < 200'000);
}

// ---- one writer at a time ---------------------------------------------------

TEST_CASE("save file: a write on a save another connection changed writes nothing and says so", "[store]") {
  // Two SaveFiles on one save (two commands). The second's idea of the save
  // is stale: its append failed with "UNIQUE constraint failed: actions.seq",
  // and its undo took back the other's action with its own.
  TempDir t("two");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  auto first = must(SaveFile::open(path));
  auto second = must(SaveFile::open(path));
  must_ok(first->append(action(11), std::vector<EventRow>{}, nullptr));
  const std::string changed = "the save " + path +
                              " was changed by another command while this one ran: nothing was written; it holds 11 "
                              "actions now: look at its status and try again";
  SECTION("append") {
    auto st = second->append(action(11), std::vector<EventRow>{}, nullptr);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == changed);
    CHECK(second->action_count() == 11);  // it knows the save as it is now
    must_ok(second->append(action(12), std::vector<EventRow>{}, nullptr));
  }
  SECTION("undo") {
    auto st = second->undo(1);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == changed);
    CHECK(first->actions(0)->size() == 11);
    CHECK(second->undone()->empty());
  }
}

TEST_CASE("save file: a write lock holds off other writers and rolls back unless committed", "[store]") {
  TempDir t("lock");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  auto f = must(SaveFile::open(path));
  auto other = must(SaveFile::open(path));
  other->set_busy_timeout_ms(20);
  const std::string busy = "the save " + path + " is in use by another command: try again";
  {
    auto lock = f->lock_for_write();
    REQUIRE(lock.ok());
    CHECK_FALSE(lock->tip_moved());
    must_ok(f->append(action(11), std::vector<EventRow>{}, nullptr));
    must_ok(f->append(action(12), std::vector<EventRow>{}, nullptr));
    CHECK(f->action_count() == 12);
    auto st = other->append(action(11), std::vector<EventRow>{}, nullptr);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == busy);
    auto again = other->lock_for_write();
    REQUIRE_FALSE(again.ok());
    CHECK(again.error().message == busy);
    // Not committed: dropped with the lock.
  }
  CHECK(f->action_count() == 10);
  CHECK(f->actions(0)->size() == 10);
  {
    auto lock = f->lock_for_write();
    REQUIRE(lock.ok());
    must_ok(f->append(action(11), std::vector<EventRow>{}, nullptr));
    must_ok(f->undo(3));
    CHECK(f->last_hash() == "hash8");
    must_ok(lock->commit());
  }
  CHECK(other->actions(0)->size() == 8);
  CHECK(other->undone()->size() == 3);
  auto lock = other->lock_for_write();
  REQUIRE(lock.ok());
  CHECK(lock->tip_moved());
  CHECK(other->action_count() == 8);
}

TEST_CASE("save file: a read view sees one version of the save", "[store]") {
  TempDir t("view");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  auto reader = must(SaveFile::open(path));
  auto writer = must(SaveFile::open(path));
  {
    auto view = reader->read_view();
    REQUIRE(view.ok());
    must_ok(writer->undo(4));  // readers do not hold off writers
    CHECK(reader->action_count() == 10);
    CHECK(reader->actions(0)->size() == 10);
    CHECK(reader->events(-1)->size() == 21);
    CHECK((*reader->latest_snapshot(10))->action == 10);
  }
  auto view = reader->read_view();
  REQUIRE(view.ok());
  CHECK(reader->action_count() == 6);
  CHECK(reader->actions(0)->size() == 6);
}

TEST_CASE("save file: a save another command holds is 'in use', not damaged, when opening waits too long", "[store]") {
  // A connection in exclusive locking mode (the sqlite3 tool can make one)
  // holds the file: opening it gave "not a cardboard save (database is
  // locked)", as if the save were damaged.
  TempDir t("held");
  const std::string path = t.file("s.cbsave");
  sample(path).reset();
  sqlite3* other = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &other) == SQLITE_OK);
  REQUIRE(sqlite3_exec(other, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; SELECT count(*) FROM meta", nullptr,
                       nullptr, nullptr) == SQLITE_OK);
  auto f = SaveFile::open(path, 20);
  REQUIRE_FALSE(f.ok());
  CHECK(f.error().kind == ErrorKind::kRejected);
  CHECK(f.error().message == "the save " + path + " is in use by another command: try again");
  REQUIRE(sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(other);
  CHECK(SaveFile::open(path).ok());
}

TEST_CASE("save file: a save with a second name is refused, at open and at every write", "[store]") {
  // SQLite keeps the -wal and -shm of a database under the name it was
  // opened by: two hard links were two saves writing one file, and lost
  // each other's actions (tests/concurrency_test.cc races them).
  TempDir t("names");
  const std::string path = t.file("s.cbsave"), link = t.file("link.cbsave");
  sample(path).reset();
  const std::string two_names = "save " + path +
                                " has 2 names (hard links to one file): SQLite keeps a save's journal under the name "
                                "it is opened by, so commands through two names would lose each other's actions; "
                                "nothing was read or written: keep one name (remove the other links) or make a copy "
                                "with cp";
  SECTION("linked before it is opened: refused by either name, nothing created beside the link") {
    fs::create_hard_link(path, link);
    auto f = SaveFile::open(path);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().kind == ErrorKind::kRejected);
    CHECK(f.error().message == two_names);
    auto g = SaveFile::open(link);
    REQUIRE_FALSE(g.ok());
    CHECK(g.error().message.find("has 2 names") != std::string::npos);
    CHECK_FALSE(fs::exists(link + "-wal"));
    fs::remove(link);
    CHECK(SaveFile::open(path).ok());
  }
  SECTION("linked while it is open: the next write is refused and writes nothing") {
    auto f = must(SaveFile::open(path));
    fs::create_hard_link(path, link);
    auto st = f->append(action(11), std::vector<EventRow>{}, nullptr);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == two_names);
    auto lock = f->lock_for_write();
    REQUIRE_FALSE(lock.ok());
    fs::remove(link);
    CHECK(f->action_count() == 10);
    must_ok(f->append(action(11), std::vector<EventRow>{}, nullptr));
  }
  SECTION("renamed while it is open: the old name's writes are refused") {
    auto f = must(SaveFile::open(path));
    fs::rename(path, link);
    auto st = f->append(action(11), std::vector<EventRow>{}, nullptr);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == "the save " + path +
                                    " was renamed, removed or replaced while this command had it open: nothing was "
                                    "written; open it again by the name it has now");
    f.reset();
    CHECK(must(SaveFile::open(link))->actions(0)->size() == 10);
  }
}
