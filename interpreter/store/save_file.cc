#include "store/save_file.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <ctime>
#include <filesystem>

namespace cardboard {

namespace {

// 'CBSV': marks an SQLite file as a cardboard save.
constexpr int kApplicationId = 0x43425356;

// One row per action: appending an action writes one row of one table, so
// one B-tree leaf page (plus the pages a split touches) goes to the WAL. The
// views give the events and snapshots one row each, for reading with SQL.
constexpr const char* kSchema = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE start(
  events TEXT NOT NULL,
  snapshot_position TEXT,
  snapshot_forced TEXT,
  snapshot BLOB);
CREATE TABLE actions(
  seq INTEGER PRIMARY KEY,
  side TEXT NOT NULL,
  choice INTEGER NOT NULL,
  text TEXT NOT NULL,
  value TEXT NOT NULL,
  forced TEXT NOT NULL DEFAULT '',
  state_hash TEXT NOT NULL,
  created TEXT NOT NULL,
  events TEXT NOT NULL,
  snapshot_position TEXT,
  snapshot_forced TEXT,
  snapshot BLOB);
CREATE TABLE undone(
  id INTEGER PRIMARY KEY,
  undone_at TEXT NOT NULL,
  seq INTEGER NOT NULL,
  side TEXT NOT NULL,
  choice INTEGER NOT NULL,
  text TEXT NOT NULL,
  value TEXT NOT NULL,
  forced TEXT NOT NULL);
CREATE VIEW events(action, n, kind, rule, text, visible_to) AS
  SELECT 0, e.key, json_extract(e.value, '$[0]'), json_extract(e.value, '$[1]'),
         json_extract(e.value, '$[2]'), json_extract(e.value, '$[3]')
    FROM start, json_each(start.events) AS e
  UNION ALL
  SELECT a.seq, e.key, json_extract(e.value, '$[0]'), json_extract(e.value, '$[1]'),
         json_extract(e.value, '$[2]'), json_extract(e.value, '$[3]')
    FROM actions AS a, json_each(a.events) AS e;
CREATE VIEW snapshots(action, position, state, forced) AS
  SELECT 0, snapshot_position, snapshot, snapshot_forced FROM start WHERE snapshot IS NOT NULL
  UNION ALL
  SELECT seq, snapshot_position, snapshot, snapshot_forced FROM actions WHERE snapshot IS NOT NULL;
)sql";

// Cached statement slots.
enum Slot {
  kBegin,
  kBeginRead,
  kCommit,
  kRollback,
  kInsertMeta,
  kSetMeta,
  kInsertStart,
  kInsertAction,
  kSelectMeta,
  kSelectActions,
  kSelectAction,
  kSelectStartEvents,
  kSelectAllEvents,
  kSelectEventsOf,
  kLatestSnapshot,
  kStartSnapshot,
  kTip,
  kMoveUndone,
  kDeleteActions,
  kSelectUndone,
  kSlots
};

// The tables of the schema, with the columns the code reads or writes: what
// opening checks a file has before it reads any row.
struct SchemaTable {
  const char* name;
  std::vector<const char*> columns;
};
const std::vector<SchemaTable>& expected_tables() {
  static const std::vector<SchemaTable> tables = {
      {"meta", {"key", "value"}},
      {"start", {"events", "snapshot_position", "snapshot_forced", "snapshot"}},
      {"actions",
       {"seq", "side", "choice", "text", "value", "forced", "state_hash", "created", "events", "snapshot_position",
        "snapshot_forced", "snapshot"}},
      {"undone", {"id", "undone_at", "seq", "side", "choice", "text", "value", "forced"}},
  };
  return tables;
}

// SQL text with every run of white space made one space, for comparing a
// view's definition with ours whatever its layout.
std::string squeeze(std::string_view sql) {
  std::string out;
  out.reserve(sql.size());
  for (char c : sql) {
    const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (!space) out += c;
    else if (!out.empty() && out.back() != ' ') out += ' ';
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The views of kSchema by name, squeezed: a view is ours if its definition
// is (its columns are then ours too), which costs no compiling of it.
const std::vector<std::pair<std::string, std::string>>& expected_views() {
  static const std::vector<std::pair<std::string, std::string>> views = [] {
    std::vector<std::pair<std::string, std::string>> out;
    const std::string_view schema = kSchema, create = "CREATE VIEW ";
    for (size_t pos = schema.find(create); pos != std::string_view::npos; pos = schema.find(create, pos + 1)) {
      const size_t name = pos + create.size();
      out.emplace_back(std::string(schema.substr(name, schema.find('(', name) - name)),
                       squeeze(schema.substr(pos, schema.find(';', pos) - pos)));
    }
    return out;
  }();
  return views;
}

// ISO 8601 UTC to the second, formatted once a second at most.
std::string now_iso() {
  static thread_local std::time_t last = -1;
  static thread_local std::string text;
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  if (t != last) {
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    text = buf;
    last = t;
  }
  return text;
}

std::string column_text(sqlite3_stmt* s, int i) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s, i));
  return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(s, i))) : std::string();
}

std::string column_blob(sqlite3_stmt* s, int i) {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(s, i));
  return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(s, i))) : std::string();
}

void bind_text(sqlite3_stmt* s, int i, std::string_view v) {
  sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
}

// Resets a statement when it goes out of scope, so a cached statement never
// keeps a read transaction open.
struct Reset {
  sqlite3_stmt* s;
  ~Reset() {
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
  }
};

Error not_a_save(const std::string& path, const std::string& reason) {
  return rejected("not a cardboard save: " + path + " (" + reason + ")");
}

bool is_name_char_ok(std::string_view s) { return s.find_first_of(";=|,") == std::string_view::npos; }

}  // namespace

// ---- forced input ---------------------------------------------------------

std::string encode_forced(const ForcedInput& f) {
  std::string out;
  if (!f.dice.empty()) {
    out += "dice=";
    for (size_t i = 0; i < f.dice.size(); ++i) out += (i ? "," : "") + std::to_string(f.dice[i]);
  }
  for (const auto& [loc, types] : f.draws) {
    if (types.empty()) continue;
    if (!out.empty()) out += ';';
    out += "draw:" + loc + "=";
    for (size_t i = 0; i < types.size(); ++i) out += (i ? "|" : "") + types[i];
  }
  return out;
}

Result<ForcedInput> decode_forced(std::string_view text) {
  ForcedInput f;
  auto bad = [&](const std::string& why) {
    return rejected("bad forced input '" + std::string(text) + "': " + why);
  };
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(';', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view part = text.substr(pos, end - pos);
    pos = end + 1;
    const size_t eq = part.find('=');
    if (eq == std::string_view::npos) return bad("'" + std::string(part) + "' has no '='");
    const std::string_view key = part.substr(0, eq), value = part.substr(eq + 1);
    if (key == "dice") {
      size_t p = 0;
      while (p <= value.size()) {
        size_t q = value.find(',', p);
        if (q == std::string_view::npos) q = value.size();
        const std::string_view n = value.substr(p, q - p);
        int face = 0;
        const auto r = std::from_chars(n.data(), n.data() + n.size(), face);
        if (n.empty() || r.ec != std::errc() || r.ptr != n.data() + n.size())
          return bad("die face '" + std::string(n) + "' is not a number");
        f.dice.push_back(face);
        p = q + 1;
      }
    } else if (key.substr(0, 5) == "draw:" && key.size() > 5) {
      std::vector<std::string> types;
      size_t p = 0;
      while (p <= value.size()) {
        size_t q = value.find('|', p);
        if (q == std::string_view::npos) q = value.size();
        if (q == p) return bad("an empty piece type in " + std::string(key));
        types.emplace_back(value.substr(p, q - p));
        p = q + 1;
      }
      f.draws.emplace_back(std::string(key.substr(5)), std::move(types));
    } else {
      return bad("unknown key '" + std::string(key) + "': expected dice or draw:LOCATION");
    }
  }
  for (const auto& [loc, types] : f.draws) {
    if (!is_name_char_ok(loc)) return bad("location '" + loc + "' contains one of ;=|,");
    for (const auto& t : types)
      if (!is_name_char_ok(t)) return bad("piece type '" + t + "' contains one of ;=|,");
  }
  return f;
}

#define CB_STMT(var, slot, sql)              \
  auto var##_r = prepare(slot, sql);         \
  if (!var##_r.ok()) return var##_r.error(); \
  sqlite3_stmt* var = *var##_r

// ---- opening --------------------------------------------------------------

SaveFile::~SaveFile() {
  end_transaction();
  for (auto* s : stmts_) sqlite3_finalize(s);
  if (db_) sqlite3_close_v2(db_);
}

Error SaveFile::db_error(const std::string& what) const {
  // Waiting for another command gave up (the busy timeout): say so in our
  // words, not SQLite's "database is locked".
  if (busy()) return in_use_error();
  if (!no_space().empty()) return no_space_error(what);
  if (db_ && (sqlite3_errcode(db_) & 0xff) == SQLITE_READONLY && !read_only_) return not_writable();
  return rejected("save " + path_ + ": " + what + ": " + (db_ ? sqlite3_errmsg(db_) : "no database"));
}

// A writer's connection to a file (or a folder, where the -wal and -shm go)
// the user may not write: the save is not damaged, and SQLite wrote nothing.
Error SaveFile::not_writable() const {
  return rejected("save " + path_ + " cannot be written by this user (the file, or its folder where SQLite keeps " +
                  "its -wal and -shm, is read-only): nothing was written; status, log and replay read it");
}

std::string SaveFile::no_space() const {
  if (!db_) return "";
  const int code = sqlite3_errcode(db_) & 0xff;
  if (code == SQLITE_FULL) return "no space to write it: the disk is full (SQLITE_FULL)";
  // SQLite says "disk I/O error" for a write or a -shm the system refused;
  // the system's errno (kept for SQLITE_IOERR and SQLITE_CANTOPEN alone)
  // says whether for want of space.
  if (code != SQLITE_IOERR && code != SQLITE_CANTOPEN) return "";
  switch (sqlite3_system_errno(db_)) {
    case ENOSPC: return "no space to write it: the disk is full (ENOSPC)";
    case EDQUOT: return "no space to write it: the disk quota is used up (EDQUOT)";
    case EFBIG: return "no space to write it: the file size limit is reached (EFBIG)";
    default: return "";
  }
}

Error SaveFile::no_space_error(const std::string& what) const {
  // SQLite rolled the transaction back: the save is as it was.
  const bool limit = (sqlite3_errcode(db_) & 0xff) != SQLITE_FULL && sqlite3_system_errno(db_) == EFBIG;
  return rejected("save " + path_ + ": " + what + ": " + no_space() + ": nothing was written; " +
                  (limit ? "raise the file size limit (ulimit -f)" : "free some space") + " and try again");
}

bool SaveFile::busy() const {
  const int code = db_ ? sqlite3_errcode(db_) & 0xff : SQLITE_ERROR;
  return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

Error SaveFile::in_use_error() const {
  return rejected("the save " + path_ + " is in use by another command: try again");
}

// Why a read made while opening failed: another command holding the file
// past the busy timeout is not damage.
Error SaveFile::unreadable() const {
  if (busy()) return in_use_error();
  // A full disk is no damage: opening a save in WAL mode makes its -shm.
  if (!no_space().empty()) return no_space_error("opening it");
  if ((sqlite3_errcode(db_) & 0xff) == SQLITE_READONLY && !read_only_) return not_writable();
  return not_a_save(path_, sqlite3_errstr(sqlite3_errcode(db_) & 0xff));
}

Error SaveFile::changed_error() const {
  return rejected("the save " + path_ + " was changed by another command while this one ran: nothing was written; " +
                  "it holds " + std::to_string(count_) + (count_ == 1 ? " action" : " actions") +
                  " now: look at its status and try again");
}

Status SaveFile::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errmsg(db_);
    sqlite3_free(err);
    if (!no_space().empty()) return no_space_error("writing it");
    return rejected("save " + path_ + ": " + msg);
  }
  return ok_status();
}

Result<sqlite3_stmt*> SaveFile::prepare(int slot, const char* sql) {
  if (stmts_.empty()) stmts_.assign(kSlots, nullptr);
  if (stmts_[slot]) return stmts_[slot];
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, nullptr) != SQLITE_OK)
    return db_error("preparing a statement");
  stmts_[slot] = s;
  return s;
}

Status SaveFile::step_control(int slot, const char* sql) {
  CB_STMT(s, slot, sql);
  Reset r{s};
  if (sqlite3_step(s) != SQLITE_DONE) return db_error(sql);
  return ok_status();
}

void SaveFile::set_busy_timeout_ms(int ms) { sqlite3_busy_timeout(db_, ms); }

Status SaveFile::init(bool fresh, int busy_timeout_ms) {
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, busy_timeout_ms);
  // The first read parses the header: a file that is not SQLite fails here.
  sqlite3_stmt* s = nullptr;
  // A read-only connection that cannot make the -shm fails here with
  // SQLITE_READONLY or SQLITE_CANTOPEN (open retries it as it stands).
  const auto cannot_index = [this] {
    const int code = sqlite3_errcode(db_) & 0xff;
    return read_only_ && (code == SQLITE_READONLY || code == SQLITE_CANTOPEN);
  };
  if (sqlite3_prepare_v2(db_, "PRAGMA application_id", -1, &s, nullptr) != SQLITE_OK) {
    no_wal_index_ = cannot_index();
    return unreadable();
  }
  int app = 0;
  const int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) app = sqlite3_column_int(s, 0);
  if (rc != SQLITE_ROW) {
    no_wal_index_ = cannot_index();
    const Error e = unreadable();
    sqlite3_finalize(s);
    return e;
  }
  sqlite3_finalize(s);
  if (fresh) {
    CB_TRY(exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"));
    CB_TRY(exec("BEGIN"));
    auto st = exec(kSchema);
    if (st.ok())
      st = exec(("PRAGMA application_id=" + std::to_string(kApplicationId) +
                 "; PRAGMA user_version=" + std::to_string(kFormat) + ";")
                    .c_str());
    if (!st.ok()) {
      (void)exec("ROLLBACK");
      return st.error();
    }
    return exec("COMMIT");
  }
  if (app != kApplicationId) return not_a_save(path_, "no cardboard schema");
  int version = 0;
  {
    sqlite3_stmt* q = nullptr;
    if (sqlite3_prepare_v2(db_, "PRAGMA user_version", -1, &q, nullptr) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
      version = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
  }
  if (version > kFormat)
    return not_a_save(path_, "format " + std::to_string(version) + " is newer than this cardboard reads (" +
                                 std::to_string(kFormat) + "): update cardboard");
  if (version < 1) return not_a_save(path_, "no cardboard schema");
  if (version < kFormat)
    return rejected("save " + path_ + " was made by an older cardboard (save format " + std::to_string(version) +
                    "; this one reads format " + std::to_string(kFormat) +
                    "): finish that game with the cardboard that made it, or start a new one");
  // Nothing is written to the file before it passed every check.
  CB_TRY(check_structure());
  // WAL mode is recorded in the file and every save is made in it: only a
  // copy that lost it (made by a tool that does not know WAL) is switched.
  std::string mode;
  if (sqlite3_prepare_v2(db_, "PRAGMA journal_mode", -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
    mode = column_text(s, 0);
  sqlite3_finalize(s);
  if (read_only_) return ok_status();  // read as it is: a reader writes nothing
  if (mode != "wal" && !exec("PRAGMA journal_mode=WAL").ok()) return unreadable();
  if (!exec("PRAGMA synchronous=NORMAL").ok()) return unreadable();
  return ok_status();
}

// What opening checks, in one read transaction, with a few page reads: the
// file's size against its pages, the schema, the one start row, and the
// numbering of the actions at both ends. A gap in the middle is found by
// reading the actions (SaveFile::actions, so load and verify).
Status SaveFile::check_structure() {
  CB_TRY(step_control(kBeginRead, "BEGIN"));
  txn_ = Txn::kRead;
  ReadView view(this);
  auto pragma = [&](const char* sql, int64_t& out) -> Status {
    sqlite3_stmt* q = nullptr;
    const bool ok = sqlite3_prepare_v2(db_, sql, -1, &q, nullptr) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW;
    const Status st = ok ? ok_status() : Status(unreadable());
    if (ok) out = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return st;
  };
  // A file cut short (or grown) no longer holds the pages its header counts;
  // SQLite reads the missing part as zeroes. The pages the WAL holds may be
  // missing from the file until they are copied back, but only whole pages.
  int64_t pages = 0, page_size = 0;
  CB_TRY(pragma("PRAGMA page_count", pages));
  CB_TRY(pragma("PRAGMA page_size", page_size));
  if (page_size <= 0) return not_a_save(path_, "its page size is " + std::to_string(page_size));
  struct stat db {}, wal {};
  if (::stat(path_.c_str(), &db) != 0) return not_a_save(path_, "no such file");
  const bool wal_empty = ::stat((path_ + "-wal").c_str(), &wal) != 0 || wal.st_size == 0;
  const int64_t need = pages * page_size, have = static_cast<int64_t>(db.st_size);
  if (have != need && (wal_empty || have > need || have % page_size != 0))
    return not_a_save(path_, "the file holds " + std::to_string(have) + " bytes where its " + std::to_string(pages) +
                                 " pages need " + std::to_string(need) + ": it was cut short or damaged");
  // The schema, from the copy SQLite parsed when it read the file: our
  // tables with their columns, our views with their definitions.
  auto kind_of = [&](const std::string& name) {  // for a message only: 'a view', 'an index'...
    std::string kind;
    sqlite3_stmt* q = nullptr;
    if (sqlite3_prepare_v2(db_, "SELECT type FROM sqlite_schema WHERE name = ?", -1, &q, nullptr) == SQLITE_OK) {
      bind_text(q, 1, name);
      if (sqlite3_step(q) == SQLITE_ROW) kind = column_text(q, 0);
    }
    sqlite3_finalize(q);
    return kind;
  };
  for (const auto& table : expected_tables()) {
    if (sqlite3_table_column_metadata(db_, "main", table.name, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) !=
        SQLITE_OK) {
      const std::string kind = kind_of(table.name);
      return not_a_save(path_, kind.empty() ? std::string("missing table '") + table.name + "'"
                                            : std::string("'") + table.name + "' is a " + kind + ", not a table");
    }
  }
  for (const auto& table : expected_tables()) {
    for (const char* column : table.columns) {
      const char* type = nullptr;
      int primary_key = 0;
      if (sqlite3_table_column_metadata(db_, "main", table.name, column, &type, nullptr, nullptr, &primary_key,
                                        nullptr) != SQLITE_OK)
        return not_a_save(path_, std::string("table '") + table.name + "' has no column '" + column + "'");
      if (std::string_view(table.name) == "actions" && std::string_view(column) == "seq" &&
          (!primary_key || !type || std::string_view(type) != "INTEGER"))
        return not_a_save(path_, "column 'seq' of table 'actions' is not its INTEGER PRIMARY KEY");
    }
  }
  // Our views, by their definitions.
  const auto& views = expected_views();
  std::vector<std::string> view_sql(views.size());
  {
    sqlite3_stmt* q = nullptr;
    if (sqlite3_prepare_v2(db_, "SELECT name, sql FROM sqlite_schema WHERE type = 'view'", -1, &q, nullptr) !=
        SQLITE_OK)
      return not_a_save(path_, sqlite3_errmsg(db_));
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
      const auto* name = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
      for (size_t v = 0; v < views.size(); ++v)
        if (name && views[v].first == name) view_sql[v] = column_text(q, 1);
    }
    const Status st = rc == SQLITE_DONE ? ok_status() : Status(unreadable());
    sqlite3_finalize(q);
    CB_TRY(st);
  }
  for (size_t v = 0; v < views.size(); ++v) {
    const std::string& name = views[v].first;
    if (view_sql[v].empty()) {
      const std::string kind = kind_of(name);
      return not_a_save(path_, kind.empty() ? "missing view '" + name + "'" : "'" + name + "' is a " + kind + ", not a view");
    }
    if (squeeze(view_sql[v]) != views[v].second)
      return not_a_save(path_, "view '" + name + "' is not the one a cardboard save defines");
  }
  // One start, and actions numbered from 1 (min reads one path of the
  // B-tree, where count(*) over the actions would read every page).
  int64_t starts = 0, first = 0;
  bool any = false;
  {
    sqlite3_stmt* q = nullptr;
    if (sqlite3_prepare_v2(db_, "SELECT count(*), (SELECT min(seq) FROM actions) FROM start", -1, &q, nullptr) !=
        SQLITE_OK)
      return not_a_save(path_, sqlite3_errmsg(db_));
    const int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
      starts = sqlite3_column_int64(q, 0);
      any = sqlite3_column_type(q, 1) != SQLITE_NULL;
      first = sqlite3_column_int64(q, 1);
    }
    const Status st = rc == SQLITE_ROW ? ok_status() : Status(unreadable());
    sqlite3_finalize(q);
    CB_TRY(st);
  }
  if (starts != 1)
    return not_a_save(path_, "table 'start' holds " + std::to_string(starts) + (starts == 1 ? " row" : " rows") +
                                 ", not 1: " + (starts == 0 ? "the start of the game is missing" : "the start is doubled"));
  if (any && first != 1)
    return not_a_save(path_, "actions are not numbered 1..n: the first is action " + std::to_string(first));
  return read_tip();
}

Status SaveFile::read_tip() {
  CB_STMT(s, kTip, "SELECT seq, state_hash FROM actions ORDER BY seq DESC LIMIT 2");
  Reset r{s};
  int64_t n = 0, before = 0;
  std::string hash;
  int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) {
    n = sqlite3_column_int64(s, 0);
    hash = column_text(s, 1);
    rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
      before = sqlite3_column_int64(s, 0);
      rc = sqlite3_step(s);
    }
  }
  if (rc != SQLITE_DONE) return db_error("reading the last actions");
  // The last two actions are n-1 and n (or the only one is 1): a last row
  // renumbered, or a row missing just before it, is found at once.
  if (n > 0 && before != n - 1)
    return not_a_save(path_, "actions are not numbered 1..n: " +
                                 (before == 0 ? "the only action is " + std::to_string(n)
                                              : "action " + std::to_string(n) + " follows action " + std::to_string(before)));
  count_ = n;
  last_hash_ = std::move(hash);
  tip_version_ = data_version();
  tip_known_ = true;
  return ok_status();
}

uint32_t SaveFile::data_version() const {
  // Counts every change of the file the pager has seen, its own and other
  // connections' (the latter at the start of each transaction).
  unsigned version = 0;
  if (sqlite3_file_control(db_, "main", SQLITE_FCNTL_DATA_VERSION, &version) != SQLITE_OK) return 0;
  return version;
}

namespace {
Error more_than_one_name(const std::string& path, nlink_t links) {
  return rejected("save " + path + " has " + std::to_string(links) +
                  " names (hard links to one file): SQLite keeps a save's journal under the name it is opened by, "
                  "so commands through two names would lose each other's actions; nothing was read or written: "
                  "keep one name (remove the other links) or make a copy with cp");
}
}  // namespace

Status SaveFile::note_identity() {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) return not_a_save(path_, "no such file");
  if (st.st_nlink > 1) return more_than_one_name(path_, st.st_nlink);
  device_ = static_cast<uint64_t>(st.st_dev);
  inode_ = static_cast<uint64_t>(st.st_ino);
  return ok_status();
}

Status SaveFile::check_identity() const {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0 || static_cast<uint64_t>(st.st_dev) != device_ ||
      static_cast<uint64_t>(st.st_ino) != inode_)
    return rejected("the save " + path_ +
                    " was renamed, removed or replaced while this command had it open: nothing was written; "
                    "open it again by the name it has now");
  if (st.st_nlink > 1) return more_than_one_name(path_, st.st_nlink);
  return ok_status();
}

namespace {
// `path` as an SQLite URI (file:...), every byte that is not plain
// percent-encoded, so that no '?' or '#' in a name is read as a parameter.
std::string file_uri(const std::string& path) {
  std::string out = "file:";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '.' || c == '_' || c == '-' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

// Removes a draft save and its -wal and -shm unless released: what create
// leaves when it fails at any point.
struct Draft {
  std::string path;
  bool keep = false;
  ~Draft() {
    if (keep) return;
    for (const char* suffix : {"", "-wal", "-shm"}) ::unlink((path + suffix).c_str());
  }
};
}  // namespace

Result<std::unique_ptr<SaveFile>> SaveFile::open(const std::string& path, int busy_timeout_ms, Mode mode) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return not_a_save(path, "no such file");
  const bool read_only = mode == Mode::kReadOnly;
  const auto connect = [&](const std::string& name, int flags) -> Result<std::unique_ptr<SaveFile>> {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(name.c_str(), &db, flags, nullptr);
    std::unique_ptr<SaveFile> f(new SaveFile(path, db));
    f->read_only_ = read_only;
    if (rc != SQLITE_OK) return not_a_save(path, sqlite3_errstr(rc));
    // Before the first read: a second name must not even create its -wal.
    CB_TRY(f->note_identity());
    const Status ready = f->init(false, busy_timeout_ms);
    // A reader on a full disk cannot make the -shm either.
    f->no_wal_index_ = f->no_wal_index_ || (read_only && !f->no_space().empty());
    if (!ready.ok() && !f->no_wal_index_) return ready.error();
    if (!ready.ok()) return Result<std::unique_ptr<SaveFile>>(std::move(f));  // the caller retries
    return f;
  };
  auto f = connect(path, read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE);
  if (!f.ok() || !(*f)->no_wal_index_) return f;
  // A read-only connection could not make the -shm (the folder is not the
  // user's to write, or the disk is full). With no -wal beside it, or an
  // empty one, the file holds the whole save and nobody is writing it (a
  // writer's transaction puts pages in the -wal): it is read as it stands,
  // without the WAL's locks.
  struct stat wal {};
  if (::stat((path + "-wal").c_str(), &wal) == 0 && wal.st_size > 0) {
    if (!(*f)->no_space().empty()) return (*f)->unreadable();
    return not_a_save(path, "it is read-only here, and its -wal cannot be read without a -shm beside it: "
                            "ask its owner to close the command that writes it");
  }
  auto immutable = connect(file_uri(path) + "?immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
  if (immutable.ok() && (*immutable)->no_wal_index_) return (*immutable)->unreadable();
  return immutable;
}

Result<std::unique_ptr<SaveFile>> SaveFile::create(const std::string& path, const SaveMeta& meta,
                                                   const std::vector<EventRow>& events, const SnapshotRow* snapshot,
                                                   bool overwrite) {
  struct stat st {};
  const std::string exists = "save " + path + " exists: choose another name or overwrite it";
  if (!overwrite && ::stat(path.c_str(), &st) == 0) return rejected(exists);
  // The save is made whole under a name of its own beside `path`, then
  // renamed to it: a failure on the way leaves nothing behind, a full disk
  // no half-made file that would block `new` at that path, and no reader
  // ever sees half a save. Its messages name `path`, the save asked for.
  static std::atomic<unsigned> drafts{0};  // two threads of one server may make saves at once
  Draft draft{path + "-new-" + std::to_string(::getpid()) + "-" + std::to_string(drafts++)};
  const auto named = [&](const Error& e) {
    std::string m = e.message;
    for (size_t at = m.find(draft.path); at != std::string::npos; at = m.find(draft.path, at + path.size()))
      m.replace(at, draft.path.size(), path);
    const std::string own = "save " + path + ": ";  // said once
    if (m.starts_with(own)) m.erase(0, own.size());
    return Error{e.kind, "cannot create save " + path + ": " + m};
  };
  for (const char* suffix : {"", "-wal", "-shm"}) ::unlink((draft.path + suffix).c_str());  // a killed run's
  {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(draft.path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    std::unique_ptr<SaveFile> f(new SaveFile(draft.path, db));
    if (rc != SQLITE_OK) return rejected("cannot create save " + path + ": " + sqlite3_errstr(rc));
    if (auto s = f->note_identity(); !s.ok()) return named(s.error());
    if (auto s = f->init(true, kBusyTimeoutMs); !s.ok()) return named(s.error());
    if (auto s = f->write_start(meta, events, snapshot); !s.ok()) return named(s.error());
    // Every page into the file itself, so that the file alone is the save
    // once renamed (its -wal keeps the draft's name).
    if (sqlite3_wal_checkpoint_v2(f->db_, "main", SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr) != SQLITE_OK)
      return named(f->db_error("writing it"));
  }
  if (overwrite) {
    for (const char* suffix : {"-wal", "-shm"}) ::unlink((path + suffix).c_str());
    if (::rename(draft.path.c_str(), path.c_str()) != 0)
      return rejected("cannot create save " + path + ": " + std::strerror(errno));
  } else if (::renameat2(AT_FDCWD, draft.path.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
    // Another command made the save meanwhile: it is kept. A file system
    // without renameat2's flags is given a link, which refuses the same.
    if (errno == EEXIST) return rejected(exists);
    if (errno != EINVAL && errno != ENOSYS) return rejected("cannot create save " + path + ": " + std::strerror(errno));
    if (::link(draft.path.c_str(), path.c_str()) != 0)
      return errno == EEXIST ? rejected(exists) : rejected("cannot create save " + path + ": " + std::strerror(errno));
    ::unlink(draft.path.c_str());  // one name again, before it is opened
  }
  return open(path);
}

Status SaveFile::checkpoint() {
  if (sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr) != SQLITE_OK)
    return db_error("checkpoint");
  return ok_status();
}

Status SaveFile::copy_to(const std::string& path) {
  if (txn_ != Txn::kNone) return rejected("cannot copy " + path_ + " inside a transaction");
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return rejected("will not overwrite " + path + " with a copy of " + path_);
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db_, "VACUUM INTO ?", -1, &s, nullptr) != SQLITE_OK) return db_error("copy");
  sqlite3_bind_text(s, 1, path.c_str(), static_cast<int>(path.size()), SQLITE_TRANSIENT);
  const int rc = sqlite3_step(s);
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) return db_error("copy to " + path);
  return ok_status();
}

// ---- transactions ---------------------------------------------------------

void SaveFile::end_transaction() {
  if (txn_ == Txn::kNone) return;
  auto rollback = prepare(kRollback, "ROLLBACK");
  if (rollback.ok() && sqlite3_get_autocommit(db_) == 0) {
    Reset r{*rollback};
    sqlite3_step(*rollback);
  }
  txn_ = Txn::kNone;
}

Result<SaveFile::WriteLock> SaveFile::lock_for_write() {
  if (read_only_) return rejected("save " + path_ + " was opened to be read, not written (a bug in cardboard)");
  if (txn_ != Txn::kNone)
    return rejected("save " + path_ + ": a write lock was asked for inside another transaction (a bug in cardboard)");
  const int64_t known_count = count_;
  const std::string known_hash = last_hash_;
  CB_TRY(step_control(kBegin, "BEGIN IMMEDIATE"));
  txn_ = Txn::kWrite;
  locked_count_ = known_count;
  locked_last_hash_ = known_hash;
  locked_version_ = tip_version_;
  locked_known_ = tip_known_;
  WriteLock lock(this, false);
  // Under the lock, so that a name added since open (a hard link another
  // command may write through) or a path that no longer names this file is
  // found before anything is read or written.
  CB_TRY(check_identity());  // the lock's destructor rolls back
  // BEGIN IMMEDIATE began the read too: the pager has seen any commit of
  // another connection and counted it in its data version. Unchanged since
  // the tip was last read (or written by this SaveFile), the tip is known
  // and the query is saved: the one writer's case, every action.
  if (!tip_known_ || data_version() != tip_version_) {
    CB_TRY(read_tip());  // the lock's destructor rolls back
    locked_count_ = count_;
    locked_last_hash_ = last_hash_;
    locked_version_ = tip_version_;
    locked_known_ = true;
  }
  lock.moved_ = count_ != known_count || last_hash_ != known_hash;
  return Result<WriteLock>(std::move(lock));
}

Status SaveFile::WriteLock::commit() {
  if (!file_) return rejected("a write lock was committed twice (a bug in cardboard)");
  SaveFile& f = *file_;
  auto commit = f.prepare(kCommit, "COMMIT");
  if (commit.ok()) {
    Reset r{*commit};
    if (sqlite3_step(*commit) == SQLITE_DONE) {
      f.txn_ = Txn::kNone;
      f.tip_version_ = f.data_version();  // the tip is what this SaveFile wrote
      f.tip_known_ = true;
      file_ = nullptr;
      return ok_status();
    }
  }
  const Error e = f.db_error("commit");
  rollback();
  return e;
}

void SaveFile::WriteLock::rollback() {
  if (!file_) return;
  file_->end_transaction();
  file_->count_ = file_->locked_count_;
  file_->last_hash_ = file_->locked_last_hash_;
  file_->tip_version_ = file_->locked_version_;
  file_->tip_known_ = file_->locked_known_;
  file_ = nullptr;
}

Result<SaveFile::ReadView> SaveFile::read_view() {
  if (txn_ != Txn::kNone) return ReadView(nullptr);
  CB_TRY(step_control(kBeginRead, "BEGIN"));
  txn_ = Txn::kRead;
  ReadView view(this);
  CB_TRY(read_tip());  // the view's destructor ends the transaction
  return Result<ReadView>(std::move(view));
}

SaveFile::ReadView::~ReadView() {
  if (file_) file_->end_transaction();
}

template <typename F>
Status SaveFile::write(F&& body) {
  if (txn_ == Txn::kWrite) return body();  // under the caller's lock, which commits
  auto lock = lock_for_write();
  if (!lock.ok()) return lock.error();
  // This SaveFile's idea of the save is stale: whatever it was about to
  // write was decided on another save. The lock rolls back.
  if (lock->tip_moved()) return changed_error();
  CB_TRY(body());
  return lock->commit();
}

// ---- writing --------------------------------------------------------------

namespace {
// Binds a snapshot's position, forced input and state to parameters
// first..first+2, or NULLs for none.
void bind_snapshot(sqlite3_stmt* s, int first, const SnapshotRow* sn) {
  if (!sn) return;  // unbound parameters are NULL
  bind_text(s, first, sn->position);
  bind_text(s, first + 1, sn->forced);
  sqlite3_bind_blob(s, first + 2, sn->state.data(), static_cast<int>(sn->state.size()), SQLITE_STATIC);
}
}  // namespace

Status SaveFile::write_start(const SaveMeta& meta, const std::vector<EventRow>& events, const SnapshotRow* snapshot) {
  CB_STMT(ins, kInsertMeta, "INSERT INTO meta(key, value) VALUES(?,?)");
  CB_STMT(start, kInsertStart,
          "INSERT INTO start(events, snapshot_position, snapshot_forced, snapshot) VALUES(?,?,?,?)");
  const std::pair<const char*, std::string> rows[] = {
      {"format", std::to_string(kFormat)},   {"game", meta.game},
      {"scenario", meta.scenario},           {"scenario_id", meta.scenario_id},
      {"rules_hash", meta.rules_hash},       {"seed", std::to_string(meta.seed)},
      {"created", now_iso()},                {"start_forced", meta.start_forced},
      {"start_hash", meta.start_hash},       {"base_game", meta.base_game},
      {"base_rules_hash", meta.base_rules_hash}};
  events_json_.clear();
  append_events_json(events_json_, events);
  return write([&]() -> Status {
    if (count_ != 0) return rejected("save " + path_ + " already holds a game");
    for (const auto& [k, v] : rows) {
      Reset r{ins};
      bind_text(ins, 1, k);
      bind_text(ins, 2, v);
      if (sqlite3_step(ins) != SQLITE_DONE) return db_error("writing meta");
    }
    Reset r{start};
    bind_text(start, 1, events_json_);
    bind_snapshot(start, 2, snapshot);
    if (sqlite3_step(start) != SQLITE_DONE) return db_error("writing the start");
    return ok_status();
  });
}

Status SaveFile::set_meta(std::string_view key, std::string_view value) {
  CB_STMT(set, kSetMeta, "INSERT OR REPLACE INTO meta(key, value) VALUES(?,?)");
  return write([&]() -> Status {
    Reset r{set};
    bind_text(set, 1, key);
    bind_text(set, 2, value);
    if (sqlite3_step(set) != SQLITE_DONE) return db_error("writing meta");
    return ok_status();
  });
}

Status SaveFile::append(const ActionRow& a, const std::vector<EventRow>& events, const SnapshotRow* snapshot) {
  events_json_.clear();
  append_events_json(events_json_, events);
  return append(a, std::string_view(events_json_), snapshot);
}

Status SaveFile::append(const ActionRow& a, std::string_view events_json, const SnapshotRow* snapshot) {
  CB_STMT(ins, kInsertAction,
          "INSERT INTO actions(seq, side, choice, text, forced, state_hash, created, events, "
          "snapshot_position, snapshot_forced, snapshot, value) VALUES(?,?,?,?,?,?,?,?,?,?,?,?)");
  const std::string created = now_iso();
  return write([&]() -> Status {
    if (a.seq != count_ + 1)
      return rejected("save " + path_ + ": action " + std::to_string(a.seq) + " does not follow action " +
                      std::to_string(count_));
    Reset r{ins};
    sqlite3_bind_int64(ins, 1, a.seq);
    bind_text(ins, 2, a.side);
    sqlite3_bind_int(ins, 3, a.choice);
    bind_text(ins, 4, a.text);
    bind_text(ins, 5, a.forced);
    bind_text(ins, 6, a.state_hash);
    bind_text(ins, 7, created);
    bind_text(ins, 8, events_json);
    bind_snapshot(ins, 9, snapshot);
    bind_text(ins, 12, a.value);
    if (sqlite3_step(ins) != SQLITE_DONE) return db_error("writing action " + std::to_string(a.seq));
    count_ = a.seq;
    last_hash_ = a.state_hash;
    return ok_status();
  });
}

Status SaveFile::undo(int64_t n) {
  if (n < 0) return rejected("cannot undo " + std::to_string(n) + " actions");
  CB_STMT(move, kMoveUndone,
          "INSERT INTO undone(undone_at, seq, side, choice, text, value, forced) "
          "SELECT ?, seq, side, choice, text, value, forced FROM actions WHERE seq > ? ORDER BY seq");
  CB_STMT(del, kDeleteActions, "DELETE FROM actions WHERE seq > ?");
  const std::string now = now_iso();
  return write([&]() -> Status {
    if (n > count_)
      return rejected("cannot undo " + std::to_string(n) + (n == 1 ? " action" : " actions") + ": the save holds " +
                      std::to_string(count_));
    if (n == 0) return ok_status();
    const int64_t keep = count_ - n;
    {
      Reset r{move};
      bind_text(move, 1, now);
      sqlite3_bind_int64(move, 2, keep);
      if (sqlite3_step(move) != SQLITE_DONE) return db_error("undo");
    }
    {
      Reset r{del};
      sqlite3_bind_int64(del, 1, keep);
      if (sqlite3_step(del) != SQLITE_DONE) return db_error("undo");
    }
    return read_tip();
  });
}

// ---- reading --------------------------------------------------------------

std::vector<std::string> SaveMeta::bot_texts() const {
  std::vector<std::string> out;
  size_t from = 0;
  while (from < bots.size()) {
    const size_t end = std::min(bots.find('\n', from), bots.size());
    if (end > from) out.push_back(bots.substr(from, end - from));
    from = end + 1;
  }
  return out;
}

Result<SaveMeta> SaveFile::meta() {
  CB_STMT(s, kSelectMeta, "SELECT key, value FROM meta");
  Reset r{s};
  SaveMeta m;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    const std::string k = column_text(s, 0), v = column_text(s, 1);
    if (k == "format") m.format = std::atoi(v.c_str());
    else if (k == "game") m.game = v;
    else if (k == "scenario") m.scenario = v;
    else if (k == "scenario_id") m.scenario_id = v;
    else if (k == "rules_hash") m.rules_hash = v;
    else if (k == "seed") m.seed = std::strtoull(v.c_str(), nullptr, 10);
    else if (k == "created") m.created = v;
    else if (k == "start_forced") m.start_forced = v;
    else if (k == "start_hash") m.start_hash = v;
    else if (k == "base_game") m.base_game = v;
    else if (k == "base_rules_hash") m.base_rules_hash = v;
    else if (k == "bots") m.bots = v;
  }
  if (rc != SQLITE_DONE) return db_error("reading meta");
  if (m.scenario.empty()) return not_a_save(path_, "no game was started in it");
  return m;
}

namespace {
ActionRow read_action(sqlite3_stmt* s) {
  ActionRow a;
  a.seq = sqlite3_column_int64(s, 0);
  a.side = column_text(s, 1);
  a.choice = sqlite3_column_int(s, 2);
  a.text = column_text(s, 3);
  a.forced = column_text(s, 4);
  a.state_hash = column_text(s, 5);
  a.created = column_text(s, 6);
  a.value = column_text(s, 7);
  return a;
}
}  // namespace

Result<std::vector<ActionRow>> SaveFile::actions(int64_t after) {
  CB_STMT(s, kSelectActions,
          "SELECT seq, side, choice, text, forced, state_hash, created, value FROM actions WHERE seq > ? ORDER BY seq");
  Reset r{s};
  sqlite3_bind_int64(s, 1, after);
  std::vector<ActionRow> out;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    out.push_back(read_action(s));
    const int64_t expected = after + static_cast<int64_t>(out.size());
    if (out.back().seq != expected)
      return rejected("save " + path_ + " is damaged: action " + std::to_string(expected) + " is missing (action " +
                      std::to_string(out.back().seq) + " follows action " + std::to_string(expected - 1) + ")");
  }
  if (rc != SQLITE_DONE) return db_error("reading actions");
  return out;
}

Result<ActionRow> SaveFile::action(int64_t seq) {
  CB_STMT(s, kSelectAction, "SELECT seq, side, choice, text, forced, state_hash, created, value FROM actions WHERE seq = ?");
  Reset r{s};
  sqlite3_bind_int64(s, 1, seq);
  const int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) return read_action(s);
  if (rc == SQLITE_DONE) return rejected("save " + path_ + " has no action " + std::to_string(seq));
  return db_error("reading action " + std::to_string(seq));
}

Status SaveFile::read_events(sqlite3_stmt* s, int column, int64_t action, std::vector<EventRow>& out) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s, column));
  const std::string_view json(p ? p : "", p ? static_cast<size_t>(sqlite3_column_bytes(s, column)) : 0);
  const Status st = read_events_json(json, action, out);
  if (!st.ok())
    return rejected("save " + path_ + ": the events of " + (action ? "action " + std::to_string(action) : "the start") +
                    " are damaged (" + st.error().message + ")");
  return st;
}

Result<std::vector<EventRow>> SaveFile::events(int64_t action) {
  std::vector<EventRow> out;
  std::optional<ReadView> view;  // every event: the start's row and the actions' of one version
  if (action < 0) {
    auto v = read_view();
    if (!v.ok()) return v.error();
    view.emplace(std::move(*v));
  }
  if (action <= 0) {
    CB_STMT(s, kSelectStartEvents, "SELECT events FROM start");
    Reset r{s};
    const int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) CB_TRY(read_events(s, 0, 0, out));
    else if (rc != SQLITE_DONE) return db_error("reading events");
    if (action == 0) return out;
  }
  sqlite3_stmt* s = nullptr;
  if (action < 0) {
    CB_STMT(all, kSelectAllEvents, "SELECT seq, events FROM actions ORDER BY seq");
    s = all;
  } else {
    CB_STMT(one, kSelectEventsOf, "SELECT seq, events FROM actions WHERE seq = ?");
    s = one;
    sqlite3_bind_int64(s, 1, action);
  }
  Reset r{s};
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) CB_TRY(read_events(s, 1, sqlite3_column_int64(s, 0), out));
  if (rc != SQLITE_DONE) return db_error("reading events");
  return out;
}

Result<std::optional<SnapshotRow>> SaveFile::latest_snapshot(int64_t k) {
  // Scans backwards from action k to the first that has a snapshot (the
  // record header says whether it does); the start's is the last resort.
  CB_STMT(s, kLatestSnapshot,
          "SELECT seq, snapshot_position, snapshot_forced, snapshot FROM actions "
          "WHERE seq <= ? AND snapshot IS NOT NULL ORDER BY seq DESC LIMIT 1");
  CB_STMT(first, kStartSnapshot,
          "SELECT 0, snapshot_position, snapshot_forced, snapshot FROM start WHERE snapshot IS NOT NULL");
  auto view = read_view();
  if (!view.ok()) return view.error();
  sqlite3_bind_int64(s, 1, k);
  for (sqlite3_stmt* q : {s, first}) {
    Reset r{q};
    const int rc = sqlite3_step(q);
    if (rc == SQLITE_DONE) continue;
    if (rc != SQLITE_ROW) return db_error("reading a snapshot");
    SnapshotRow sn;
    sn.action = sqlite3_column_int64(q, 0);
    sn.position = column_text(q, 1);
    sn.forced = column_text(q, 2);
    sn.state = column_blob(q, 3);
    return std::optional<SnapshotRow>(std::move(sn));
  }
  return std::optional<SnapshotRow>();
}

Result<std::vector<UndoneRow>> SaveFile::undone() {
  CB_STMT(s, kSelectUndone, "SELECT id, undone_at, seq, side, choice, text, forced, value FROM undone ORDER BY id");
  Reset r{s};
  std::vector<UndoneRow> out;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    UndoneRow u;
    u.id = sqlite3_column_int64(s, 0);
    u.undone_at = column_text(s, 1);
    u.seq = sqlite3_column_int64(s, 2);
    u.side = column_text(s, 3);
    u.choice = sqlite3_column_int(s, 4);
    u.text = column_text(s, 5);
    u.forced = column_text(s, 6);
    u.value = column_text(s, 7);
    out.push_back(std::move(u));
  }
  if (rc != SQLITE_DONE) return db_error("reading undone actions");
  return out;
}

}  // namespace cardboard
