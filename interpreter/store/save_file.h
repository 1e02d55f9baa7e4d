// One save file (`*.cbsave`): an SQLite database in WAL mode holding a game's
// history (meta, the start, the actions with their events and snapshots, and
// the undone branch). This layer knows rows, not rules: History
// (session/history.h) joins it to a Game.
//
// Invariants: actions are numbered 1..n without gaps; an action's row holds
// its events and its snapshot (the start's are in the one row of `start`), so
// appending an action writes one row; the start and each appended action are
// written in one transaction each, so a crash or a kill loses at most the
// action in flight and never leaves a save that does not open.
//
// One writer at a time: every write runs under the save's write lock (an
// SQLite write transaction), taken by the write itself or held by the caller
// across its read-decide-write (WriteLock), so two commands writing one save
// are serialised and the second sees what the first wrote. A write that finds
// the save changed since this SaveFile last read it writes nothing and says
// so. Several reads see one version of the file under a ReadView.
//
// One name a save: SQLite keeps a database's journal (-wal) and its lock
// (-shm) under the name it was opened by, so two hard links to one file
// would be two saves writing one file, each blind to the other's actions.
// A file with more than one name is refused, at open and again at every
// write lock (which also refuses a path that no longer names the file this
// SaveFile opened: renamed or replaced meanwhile).
//
// Opening checks the structure cheaply (no scan of the actions) and writes
// nothing to a file it refuses. A SaveFile owns its connection and cached
// statements; it is not thread-safe. Every failure comes back as an Error
// (kRejected), never a crash. The schema and these promises are documented in
// docs/saves.md.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/forced_input.h"
#include "store/events_json.h"

struct sqlite3;
struct sqlite3_stmt;

namespace cardboard {

// The text form of forced input, as a save records it:
// "dice=6,1,4;draw:event_deck=jihad|truce" ('' when none). Location and
// piece-type names must not contain ';', '=', '|' or ','.
std::string encode_forced(const ForcedInput& f);
Result<ForcedInput> decode_forced(std::string_view text);

struct SaveMeta {
  int format = 0;
  std::string game;         // the GameDef id
  std::string scenario;     // the reference it was started with: GAME/SCENARIO or an absolute path
  std::string scenario_id;
  std::string rules_hash;   // hex
  std::string base_game;    // the game a mod extends, '' for none
  std::string base_rules_hash;  // hex, '' for none
  uint64_t seed = 0;
  std::string created;      // ISO 8601, UTC
  std::string start_forced; // encoded ForcedInput given to `new`
  std::string start_hash;   // state hash (hex) once the game started, before action 1
  std::string bots;         // the bots that last played it, "SIDE=NAME[:PARAMS]" a line; '' for none

  // `bots` as its lines (empty ones skipped).
  std::vector<std::string> bot_texts() const;
};

struct ActionRow {
  int64_t seq = 0;          // 1..n
  std::string side;         // side id
  int choice = 0;           // 0-based
  std::string text;         // the choice's words, as the deciding side read them
  std::string value;        // its typed value ("piece=12,to=north": core/decision.h), what a replay checks
  std::string forced;       // encoded ForcedInput given with the action, '' when none
  std::string state_hash;   // hex, after the action
  std::string created;
};

// The state at a phase start: of the phase starts one action passes, the save
// keeps the last (loading uses only the latest snapshot at or before an action).
struct SnapshotRow {
  int64_t action = 0;       // filled when read
  std::string position;     // "turn 3, Battle Phase"
  std::string state;        // State::serialize()
  std::string forced;       // forced input still unused when it was taken, encoded
};

struct UndoneRow {
  int64_t id = 0;
  std::string undone_at;
  int64_t seq = 0;
  std::string side;
  int choice = 0;
  std::string text, value, forced;
};

class SaveFile {
 public:
  // 2: one row per action; 3: the same rows, snapshots in state format 4
  // (a piece may carry a visibility of its own); 4: an action keeps its
  // choice's typed value, snapshots in state format 5 (typed choices).
  static constexpr int kFormat = 4;
  // How long a command waits for another one that holds the save before it
  // gives up with "the save PATH is in use by another command: try again".
  static constexpr int kBusyTimeoutMs = 5000;

  // The save's write lock: an SQLite write transaction (BEGIN IMMEDIATE), so
  // no other command writes the save while it is held. What is written under
  // it is committed by commit(), the one commit of the write; a lock
  // destroyed or rolled back without it leaves the save as it was. A lock
  // must not outlive its SaveFile.
  class [[nodiscard]] WriteLock {
   public:
    WriteLock(WriteLock&& other) noexcept : file_(other.file_), moved_(other.moved_) { other.file_ = nullptr; }
    WriteLock& operator=(WriteLock&&) = delete;
    ~WriteLock() { rollback(); }
    // Commits and releases the lock. On failure the writes are rolled back.
    Status commit();
    // Drops what was written and releases the lock (a no-op once released).
    void rollback();
    // Whether the save's tip (its action count and last state hash) was not
    // what this SaveFile knew when the lock was taken: another command wrote.
    bool tip_moved() const { return moved_; }

   private:
    friend class SaveFile;
    WriteLock(SaveFile* file, bool moved) : file_(file), moved_(moved) {}
    SaveFile* file_;
    bool moved_;
  };

  // A read transaction: every read under it sees one version of the file,
  // whatever other commands commit meanwhile. Under a write lock or another
  // view it does nothing (their reads are one version already).
  class [[nodiscard]] ReadView {
   public:
    ReadView(ReadView&& other) noexcept : file_(other.file_) { other.file_ = nullptr; }
    ReadView& operator=(ReadView&&) = delete;
    ~ReadView();

   private:
    friend class SaveFile;
    explicit ReadView(SaveFile* file) : file_(file) {}
    SaveFile* file_;  // null when the view began no transaction
  };

  // Opens an existing save, checking it is one: a missing file, a file that
  // is not SQLite, is damaged or cut short, lacks the schema (tables, views,
  // columns), has not exactly one start, whose last actions are not numbered
  // n-1 and n, or has another format gives "not a cardboard save: PATH
  // (REASON)". The checks cost a few page reads, whatever the save's length.
  // A file refused is not written to. A file another command holds for
  // longer than `busy_timeout_ms` is "in use by another command".
  //
  // kReadOnly: for a command that only reads (status, log, replay). The
  // connection is read-only, so a save the user may read but not write is
  // read; one in a folder the user may not write either, where SQLite
  // cannot make the -shm it reads a WAL save with, is read as it stands
  // (SQLite's immutable mode) when no -wal beside it holds later pages.
  // Such a SaveFile refuses every write.
  enum class Mode { kReadWrite, kReadOnly };
  static Result<std::unique_ptr<SaveFile>> open(const std::string& path, int busy_timeout_ms = kBusyTimeoutMs,
                                                Mode mode = Mode::kReadWrite);
  // Creates a save with the schema and the start of its game (as
  // write_start: meta, the action-0 events and snapshot, null for none),
  // and opens it. It is made whole under a temporary name beside `path`
  // and then renamed to it, so a failure on the way (a full disk) leaves
  // nothing at `path`, nor at the temporary name. Refuses an existing file
  // unless `overwrite` (which removes its -wal/-shm, and replaces it only
  // once the new save is whole).
  static Result<std::unique_ptr<SaveFile>> create(const std::string& path, const SaveMeta& meta,
                                                  const std::vector<EventRow>& events, const SnapshotRow* snapshot,
                                                  bool overwrite = false);
  ~SaveFile();
  SaveFile(const SaveFile&) = delete;
  SaveFile& operator=(const SaveFile&) = delete;

  const std::string& path() const { return path_; }

  // Takes the write lock, waiting up to the busy timeout for another command
  // to release it, and reads the tip as the lock finds it. One at a time.
  Result<WriteLock> lock_for_write();
  // Begins a read transaction and reads the tip as it finds it.
  Result<ReadView> read_view();
  // How long lock_for_write and reads wait for another command (tests).
  void set_busy_timeout_ms(int ms);

  // Appends action `a` (a.seq must be action_count() + 1; created is filled
  // in) with its events and its snapshot (null for none), writing one row:
  // under the caller's write lock (committed by it), or in a transaction of
  // its own, which refuses to write on a save another command changed since
  // this SaveFile read it.
  Status append(const ActionRow& a, const std::vector<EventRow>& events, const SnapshotRow* snapshot);
  // The same with the events already as their JSON text (store/events_json.h).
  Status append(const ActionRow& a, std::string_view events_json, const SnapshotRow* snapshot);
  // Moves the last n actions to `undone` (their events and snapshots are
  // dropped), under the caller's write lock or in a transaction of its own
  // as append does. Refuses n < 0 or n > action_count().
  Status undo(int64_t n);

  // Sets one meta row (the game's own rows are written by write_start), in
  // a transaction of its own as append does.
  Status set_meta(std::string_view key, std::string_view value);
  Result<SaveMeta> meta();
  // The save's tip as last read (open, a lock, a view, or this SaveFile's own
  // writes): its number of actions, and the state hash after the last one
  // ('' when there is none).
  int64_t action_count() const { return count_; }
  const std::string& last_hash() const { return last_hash_; }
  // Actions with seq > after, in order. A gap in their numbering is an error
  // naming the missing action.
  Result<std::vector<ActionRow>> actions(int64_t after = 0);
  Result<ActionRow> action(int64_t seq);
  // Every event in order, or those of one action (action >= 0).
  Result<std::vector<EventRow>> events(int64_t action = -1);
  // The snapshot of the highest action <= k that has one; nullopt when none.
  Result<std::optional<SnapshotRow>> latest_snapshot(int64_t k);
  Result<std::vector<UndoneRow>> undone();

  // Writes a copy of the save, as it stands committed, to a new file `path`
  // (refused if it exists): a branch to go on from.
  Status copy_to(const std::string& path);
  // Copies the WAL into the database file and empties the WAL (tests, backups).
  Status checkpoint();

 private:
  enum class Txn { kNone, kRead, kWrite };
  SaveFile(std::string path, sqlite3* db) : path_(std::move(path)), db_(db) {}
  Status init(bool fresh, int busy_timeout_ms);
  // The start of the game, in one transaction: the meta rows (format and
  // created are filled in here), the action-0 events and snapshot (null for
  // none). Only on an empty save (create).
  Status write_start(const SaveMeta& meta, const std::vector<EventRow>& events, const SnapshotRow* snapshot);
  // When the last failure was for want of space (SQLITE_FULL, or a write
  // the system refused with ENOSPC, EDQUOT or EFBIG), the words for it;
  // '' otherwise.
  std::string no_space() const;
  Error no_space_error(const std::string& what) const;
  Error not_writable() const;
  // Records which file path_ names, refusing one with another name (a hard
  // link): what open checks before it reads or writes anything.
  Status note_identity();
  // The path still names that file, and that file has no other name.
  Status check_identity() const;
  Status check_structure();
  // Reads the tip (the last two actions' numbers and the last hash).
  Status read_tip();
  // SQLite's count of the changes to the file this connection has seen
  // (SQLITE_FCNTL_DATA_VERSION).
  uint32_t data_version() const;
  Status exec(const char* sql);
  Status step_control(int slot, const char* sql);
  Result<sqlite3_stmt*> prepare(int slot, const char* sql);
  Error db_error(const std::string& what) const;
  bool busy() const;  // the last failure was waiting too long for another command
  Error in_use_error() const;
  Error unreadable() const;
  Error changed_error() const;
  Status read_events(sqlite3_stmt* s, int column, int64_t action, std::vector<EventRow>& out);
  void end_transaction();
  // Runs `write` under the caller's write lock, or under one of its own that
  // refuses a save changed since it was last read and commits after `write`.
  template <typename F>
  Status write(F&& write);

  std::string path_;
  uint64_t device_ = 0, inode_ = 0;  // the file path_ named when it was opened
  sqlite3* db_ = nullptr;
  bool read_only_ = false;           // opened with Mode::kReadOnly
  bool no_wal_index_ = false;        // opening failed: a read-only connection could not make the -shm
  std::vector<sqlite3_stmt*> stmts_;
  Txn txn_ = Txn::kNone;
  int64_t count_ = 0;      // the tip: number of actions
  std::string last_hash_;  // the tip: state hash after the last action, '' for none
  bool tip_known_ = false;     // count_ and last_hash_ were read or written at
  uint32_t tip_version_ = 0;  // this data_version()
  int64_t locked_count_ = 0;       // the tip when the write lock was taken,
  std::string locked_last_hash_;   // restored when its writes are rolled back
  uint32_t locked_version_ = 0;
  bool locked_known_ = false;
  std::string events_json_;  // the events of the action being written (its buffer is reused)
};

}  // namespace cardboard
