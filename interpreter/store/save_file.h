// One save file (`*.cbsave`): an SQLite database in WAL mode holding a game's
// history (meta, the start, the actions with their events and snapshots, and
// the undone branch). This layer knows rows, not rules: History
// (store/history.h) joins it to a Game.
//
// Invariants: actions are numbered 1..n without gaps; an action's row holds
// its events and its snapshot (the start's are in the one row of `start`), so
// appending an action writes one row; the start and each appended action are
// written in one transaction each, so a crash or a kill loses at most the
// action in flight and never leaves a save that does not open. A SaveFile
// owns its connection and cached statements; it is not thread-safe. Every
// failure comes back as an Error (kRejected), never a crash. The schema is
// documented in docs/saves.md.
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
};

struct ActionRow {
  int64_t seq = 0;          // 1..n
  std::string side;         // side id
  int choice = 0;           // 0-based
  std::string text;         // the choice's text
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
  std::string text, forced;
};

class SaveFile {
 public:
  // 2: one row per action; 3: the same rows, snapshots in state format 4
  // (a piece may carry a visibility of its own).
  static constexpr int kFormat = 3;

  // Opens an existing save, checking it is one: a missing file, a file that
  // is not SQLite, is damaged, lacks the schema or has another format gives
  // "not a cardboard save: PATH (REASON)".
  static Result<std::unique_ptr<SaveFile>> open(const std::string& path);
  // Creates a new, empty save with the schema. Refuses an existing file
  // unless `overwrite` (which deletes it and its -wal/-shm first).
  static Result<std::unique_ptr<SaveFile>> create(const std::string& path, bool overwrite = false);
  ~SaveFile();
  SaveFile(const SaveFile&) = delete;
  SaveFile& operator=(const SaveFile&) = delete;

  const std::string& path() const { return path_; }

  // The start of the game, in one transaction: the meta rows (format and
  // created are filled in here), the action-0 events and snapshot (null for
  // none). Only on an empty save.
  Status write_start(const SaveMeta& meta, const std::vector<EventRow>& events, const SnapshotRow* snapshot);
  // Appends action `a` (a.seq must be action_count() + 1; created is filled
  // in) with its events and its snapshot (null for none), in one transaction
  // writing one row.
  Status append(const ActionRow& a, const std::vector<EventRow>& events, const SnapshotRow* snapshot);
  // The same with the events already as their JSON text (store/events_json.h).
  Status append(const ActionRow& a, std::string_view events_json, const SnapshotRow* snapshot);
  // Moves the last n actions to `undone` (their events and snapshots are
  // dropped), in one transaction. Refuses n < 0 or n > action_count().
  Status undo(int64_t n);

  Result<SaveMeta> meta();
  int64_t action_count() const { return count_; }
  // Actions with seq > after, in order.
  Result<std::vector<ActionRow>> actions(int64_t after = 0);
  Result<ActionRow> action(int64_t seq);
  // Every event in order, or those of one action (action >= 0).
  Result<std::vector<EventRow>> events(int64_t action = -1);
  // The snapshot of the highest action <= k that has one; nullopt when none.
  Result<std::optional<SnapshotRow>> latest_snapshot(int64_t k);
  Result<std::vector<UndoneRow>> undone();

  // Copies the WAL into the database file and empties the WAL (tests, backups).
  Status checkpoint();

 private:
  SaveFile(std::string path, sqlite3* db) : path_(std::move(path)), db_(db) {}
  Status init(bool fresh);
  Status exec(const char* sql);
  Result<sqlite3_stmt*> prepare(int slot, const char* sql);
  Error db_error(const std::string& what) const;
  Status read_events(sqlite3_stmt* s, int column, int64_t action, std::vector<EventRow>& out);

  std::string path_;
  sqlite3* db_ = nullptr;
  std::vector<sqlite3_stmt*> stmts_;
  int64_t count_ = 0;  // number of actions, kept in step with the table
  std::string events_json_;  // the events of the action being written (its buffer is reused)
};

}  // namespace cardboard
