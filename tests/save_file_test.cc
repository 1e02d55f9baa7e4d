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

using namespace cardboard;
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
  auto f = must(SaveFile::create(path));
  const SnapshotRow start{0, "turn 1, Play", "S0", ""};
  must_ok(f->write_start(sample_meta(), {{0, 0, "sequence", "", "Turn 1", ""}}, &start));
  for (int64_t k = 1; k <= 10; ++k) {
    std::vector<EventRow> ev{{0, 0, "log", "1", std::to_string(k) + ".1", ""},
                             {0, 0, "draw", "2", std::to_string(k) + ".2", "blue"}};
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
  must_ok(f->append(action(8), {{0, 0, "log", "", "new 8", ""}}, &n8));
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
    REQUIRE(sqlite3_exec(db, "PRAGMA user_version = 4", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    auto f = SaveFile::open(path);
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().message == "not a cardboard save: " + path +
                                   " (format 4 is newer than this cardboard reads (3): update cardboard)");
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
                                   " was made by an older cardboard (save format 1; this one reads format 3): "
                                   "finish that game with the cardboard that made it, or start a new one");
    CHECK(file_bytes(path) == before);  // the file is left as it was
  }
  SECTION("create refuses an existing file") {
    const std::string path = write_file(t.file("x.cbsave"), "keep me");
    auto f = SaveFile::create(path);
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
