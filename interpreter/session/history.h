// A game and its save file, kept in step: every action taken through History
// is applied to the Game first and appended to the save only if it succeeded,
// so the file always holds a game that loads. Loading restores the latest
// snapshot (taken at every phase start, and checked against the game before
// use: a save is untrusted input) and re-applies the few actions recorded
// after it; undo does the same from an earlier point.
//
// Each write (act, undo) holds the save's write lock for its whole
// read-decide-write and first checks that the save's tip is the one its game
// is at: a save another command changed meanwhile is reloaded and the write
// refused, so nothing is decided on a stale view. A failing write leaves the
// save exactly as it was.
//
// Invariant between calls: game() is at the state reached by applying the
// save's actions 1..action_count() to the start, waiting on a decision or
// finished; its hash equals the recorded hash of the last action.
// A History owns its SaveFile and its Game; it is not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/error.h"
#include "script/game.h"
#include "store/save_file.h"

namespace cardboard {

// The first point where re-running a save on the current rules differs.
struct Divergence {
  int64_t seq = 0;             // the action (0: the start of the game)
  std::string expected_hash;   // recorded
  std::string actual_hash;     // re-computed, '' when the action could not be applied
  bool choices_differ = false; // the recorded choice is not open there (side or text differ)
  std::string message;         // one line for the user
};

struct VerifyReport {
  int64_t actions_checked = 0;
  bool rules_changed = false;  // the rules hash differs from the recorded one
  std::string recorded_rules_hash, current_rules_hash;
  std::optional<Divergence> divergence;
  bool ok() const { return !divergence; }
};

// One action's recorded events, for replay (action 0: the start; no choice).
struct ReplayStep {
  int64_t action = 0;
  std::string side, choice;
  std::vector<EventRow> events;
};

class History {
 public:
  // Loads the scenario (GAME/SCENARIO or a .toml path, resolved under root),
  // starts it with the seed and the forced input, and records the start in a
  // new save at `path`. Refuses an existing file unless `overwrite`.
  static Result<std::unique_ptr<History>> create(const std::string& path, const std::string& scenario_ref,
                                                 const std::string& root, uint64_t seed,
                                                 const ForcedInput& forced = {}, bool overwrite = false);
  // kRead: the save is read in one read transaction (one version of the
  // file). kWrite: the save's write lock is taken before its actions are
  // read and held until the first act or undo, which commits through it (or
  // until the History is closed, having written nothing): what a command
  // that writes does, so that it decides on the save it writes to.
  // kReadOnly: as kRead, through a read-only connection (SaveFile's
  // kReadOnly), for a command that never writes (status, hint, replay
  // --verify): a save the user may read but not write is read; act, undo
  // and record_bots are refused.
  enum class Access { kRead, kWrite, kReadOnly };
  // Opens a save: loads its game by the recorded scenario reference (a save
  // whose meta names another game is refused), warns (warning()) when the
  // rules changed, restores the latest snapshot and re-applies the actions
  // after it. A snapshot that does not fit the game, or a rebuilt state whose
  // hash differs from the recorded one, is an error (kRejected) naming the
  // action.
  static Result<std::unique_ptr<History>> open(const std::string& path, const std::string& root,
                                               Access access = Access::kRead);
  // Re-executes a save from its start on the rules now on disk, without
  // using its snapshots (they were made by the rules it was played with):
  // what `play --watch` asks when a rules file changes.
  static Result<VerifyReport> verify_file(const std::string& path, const std::string& root,
                                          const std::function<void(int64_t done, int64_t total)>& progress = {});
  ~History();

  // Takes a choice ("2" 1-based, or the exact text) with the forced input
  // queued before it, under the save's write lock. On any error (kRejected
  // for an illegal choice, bad forced input, a save in use by another
  // command or changed by one since the game was built; kScript for a
  // failing rule) nothing is written, and the game is rebuilt from the save.
  Status act(const std::string& choice, const ForcedInput& forced = {});
  // Removes the last n actions (kept in the save's `undone` table) and
  // rebuilds the game from the new last one, under the save's write lock;
  // `allowed` (the undo policy) is asked under the lock first. Commits only
  // when the rebuild succeeded: a failing undo leaves the save and the game
  // as they were. Refuses n < 0 or n > action_count(), and a save changed by
  // another command since the game was built (reloading it).
  Status undo(int64_t n, const std::function<Status()>& allowed = nullptr);
  // The events of the last action, as recorded (those of an action this
  // History just took without reading the save again).
  Result<std::vector<EventRow>> last_action_events();
  // The recorded events grouped by action, with no rules code run.
  Result<std::vector<ReplayStep>> replay();
  // Re-executes the save from the start on the current rules, comparing the
  // state hash after every action. progress(done, total) is called every few
  // thousand actions and at the end. An error means the save could not be read.
  Result<VerifyReport> verify(const std::function<void(int64_t done, int64_t total)>& progress = {});

  // Puts the game at action k of the save (0: the start), to look at: a
  // replay. The game is then behind the save's tip, so act and undo reload
  // the save and refuse, as for a save another command changed.
  Status seek(int64_t k);

  // The number of actions the game is at (the save's, as last read).
  int64_t action_count() const { return count_; }
  // The state hash recorded after that action ('' at the start).
  const std::string& last_hash() const { return last_hash_; }
  Game& game() { return *game_; }
  const Game& game() const { return *game_; }
  const SaveMeta& meta() const { return meta_; }
  // The bots that last played the save ("SIDE=NAME[:PARAMS]" each, as
  // --bot takes them), for a command that resumes it with the same
  // players; record_bots replaces them (writing nothing when they are the
  // same). The texts are recorded as given: the caller checks them.
  std::vector<std::string> recorded_bots() const { return meta_.bot_texts(); }
  Status record_bots(const std::vector<std::string>& texts);
  SaveFile& file() { return *file_; }
  // Non-empty when the rules changed since the save was made.
  const std::string& warning() const { return warning_; }

 private:
  History() = default;
  // Opens the file and loads the game, leaving the game unstarted.
  static Result<std::unique_ptr<History>> open_unbuilt(const std::string& path, const std::string& root,
                                                       SaveFile::Mode mode = SaveFile::Mode::kReadWrite);
  Status attach_game();
  // Puts the game at the save's last action (snapshot + re-applied actions),
  // reading under the write lock if one is held, else under a read view.
  Status rebuild();
  // The same up to action `target` (-1: the tip).
  Status rebuild_at(int64_t target);
  // The write lock for one write: the one held since open(kWrite), or a new
  // one. A save whose tip is not the game's is reloaded under it and the
  // write refused (the lock is released).
  Result<SaveFile::WriteLock> lock_for_write();
  Status apply_forced(Game& g, const ForcedInput& f);
  Status reapply(Game& g, const std::vector<ActionRow>& actions, const std::function<Status()>& begin,
                 const std::function<bool(size_t)>& check, size_t& applied, bool& mismatch);
  ForcedInput leftover_forced() const;
  // The snapshot row of the last phase start the action in flight passed,
  // serialized now; null when it passed none.
  const SnapshotRow* taken_snapshot();

  std::unique_ptr<SaveFile> file_;
  std::optional<SaveFile::WriteLock> held_;  // by open(kWrite), for the first write; released before file_ closes
  int64_t count_ = 0;       // the save's tip the game is at: its number of actions
  std::string last_hash_;   // and the state hash after the last one ('' for none)
  std::shared_ptr<const GameDef> def_;
  std::unique_ptr<Game> game_;
  SaveMeta meta_;
  std::string warning_;
  bool capturing_ = false;      // the snapshot hook records while an action runs
  bool has_snapshot_ = false;   // snapshot_state_ holds the last phase start of the action in flight
  State snapshot_state_;        // that state, copied (serialized by taken_snapshot)
  SnapshotRow snapshot_;        // its forced input, then its row
  ByteWriter snapshot_writer_;
  EventsJsonWriter events_json_;  // the events of the action in flight, then of action events_of_
  int64_t events_of_ = -1;
};

}  // namespace cardboard
