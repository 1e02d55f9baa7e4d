// One game open in the server: its History (the save), which sides bots
// play, and the change signal the pages' streams wait on. A room answers in
// the words and with the secrets of one reader: a side index, or
// kPublicOnly for a spectator; once the game is over every reader sees
// everything, as the command line's log does.
//
// Every call takes the room's lock (History is not thread-safe): requests on
// one game are applied one at a time, and an action is taken only when the
// game holds exactly the number of actions its sender saw (`at`), so of two
// requests made on the same view one is applied and the other refused as
// stale. The save may also be changed by the command line meanwhile: the
// room notices its new tip (refresh) before it answers.
//
// A call into the rules that gets stuck inside a library function past its
// time limit (run_watch.h) closes its room, not the server: the stuck thread
// keeps the room's lock, and every other call answers 503 with why instead
// of waiting for it; the save keeps every action taken before.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bots/bot.h"
#include "core/error.h"
#include "script/run_watch.h"
#include "serve/search_slots.h"
#include "session/history.h"

namespace cardboard {

// An answer: an HTTP status and its JSON body ({"error": ...} for a refusal).
struct Reply {
  int status = 200;
  nlohmann::json body;
};
Reply refusal(int status, const std::string& message);
// The status of a kernel error: a usage slip 400, a refused input 422, a
// failing rules script 422, a save in use by another command 503.
Reply refusal(const Error& e);

// How long a search in a room (a bot's move, a hint) may think, whatever
// the bot's parameters (serve --bot-seconds), and the flag that stops it at
// once (the server stopping). Past the time the search takes the best it
// has found; a search stopped otherwise, or overtaken by the game moving
// on, is dropped.
struct SearchLimit {
  std::chrono::milliseconds time{60000};
  const std::atomic<bool>* halt = nullptr;
};

class Room {
 public:
  // Opens the save at `path`; bots[i] says whether a bot plays side i, and
  // `bot_specs` which bot (serve --bot: "NAME[:PARAMS]" for every side a bot
  // plays, "SIDE=NAME[:PARAMS]" for a side by its id; the random bot when
  // none says).
  static Result<std::shared_ptr<Room>> open(const std::string& path, const std::string& root, std::vector<bool> bots,
                                            const std::vector<std::string>& bot_specs = {});

  // {actions, you, spectator, view, undo}: docs/serve.md.
  Reply state(int reader);
  // {events}: the events of the actions after `after` that the reader sees.
  Reply log(int reader, int64_t after);
  // Takes `choice` for the reader when it decides and the game holds `at` actions.
  Reply act(int reader, int64_t at, const std::string& choice);
  // Takes back `count` actions (-1: back to and with the reader's last one)
  // as the undo policy allows; a practice game (one side of people, the
  // others bots) undoes freely.
  Reply undo(int reader, int64_t at, int64_t count);
  // Between people, an undo past the policy's limit needs every other side
  // of people to agree: one side proposes it (count as for undo), each other
  // side answers; the last agreement takes the actions back, one refusal
  // drops it. A proposal lapses when the game moves on.
  Reply propose_undo(int reader, int64_t at, int64_t count);
  Reply answer_undo(int reader, int64_t at, bool agree);

  // What the bot `spec` ("NAME[:PARAMS]", serve --hint) would take for the
  // reader at its decision, when the game holds `at` actions: {actions,
  // bot, choice, value, text, iterations, tried: [{n, value, text, visits,
  // mean}]} (docs/serve.md). The search runs with the room unlocked, on a
  // copy, and samples what the reader's side cannot see; one hint at a time
  // a room (429 meanwhile), each in one of the server's `slots` (503 when
  // none is free), and none once the game moved on (409); `limit` bounds
  // its time (stopped: true in the answer when it ran out).
  Reply hint(int reader, int64_t at, const std::string& spec, SearchSlots& slots, const SearchLimit& limit);

  // The room's change count; each change (an action, an undo, the command
  // line's write) adds one. Waits up to `timeout` for it to pass `seen`.
  uint64_t wait_change(uint64_t seen, std::chrono::milliseconds timeout);
  int64_t actions();  // -1 once the room is closed
  // Plays one move of the bot whose side decides now (a search runs with
  // the room unlocked, on a copy of the position, and its move is taken
  // only if the game is still there, a search given up as soon as it
  // moves on); false when none does (a person decides, the game is over,
  // or it moved on meanwhile). `limit` bounds the search's time.
  bool bot_move(const SearchLimit& limit);
  bool bot_to_move();

  const GameDef& def() const { return *def_; }
  const std::string& path() const { return path_; }
  bool is_bot(int side) const { return side >= 0 && side < static_cast<int>(bots_.size()) && bots_[side]; }
  // Whether two or more sides are played by people here.
  bool between_people() const;
  // Whether the room's rules got stuck (above): it answers nothing more.
  bool closed() const { return stuck_.load(); }

 private:
  Room() = default;
  // A call's hold on the room: its lock, and the notice that closes the
  // room if the rules get stuck meanwhile. False (no lock) when the room is
  // closed, whoever got stuck.
  class Hold {
   public:
    explicit Hold(Room& room);
    explicit operator bool() const { return lock_.owns_lock(); }
    void unlock() { lock_.unlock(); }
    // Takes the lock again; false when the room closed meanwhile.
    bool relock();

   private:
    Room& room_;
    run_watch::StuckNotice notice_;
    std::unique_lock<std::timed_mutex> lock_;
  };
  Reply closed_reply() const;
  // Reloads the game when the save's tip moved under it (the command line
  // acted); a change wakes the streams.
  void refresh();
  void changed();
  // A search's stop (BotPosition): the limit's halt or time, or the room
  // changing from now on.
  std::function<bool()> search_stop(const SearchLimit& limit) const;
  int reader_of(int seat) const;  // kEveryone once the game is over
  std::string reader_id(int reader) const;
  nlohmann::json events_json(const std::vector<EventRow>& events, int reader) const;
  bool bot_decides() const;
  // The number of actions an undo of `count` takes back (-1: back to and
  // with the seat's last action), or why there is none.
  Result<int64_t> undo_count(int seat, int64_t count);
  nlohmann::json undo_json(int seat);
  // Takes back `count` actions for `side` as the undo policy allows
  // (`agreed`: the other sides of people agreed); a proposal lapses.
  Reply take_back(int64_t count, const std::string& side, bool agreed);
  bool is_side(int seat) const { return seat >= 0 && seat < static_cast<int>(def_->sides.size()); }
  bool plays_person(int seat) const { return is_side(seat) && !def_->sides[seat].automatic && !is_bot(seat); }

  struct UndoProposal {
    int by = -1;
    int64_t at = 0, count = 0;
    std::vector<bool> agreed;  // per side
  };

  std::timed_mutex m_;
  std::mutex signal_m_;  // cv_'s, apart from m_
  std::condition_variable cv_;
  std::atomic<bool> stuck_ = false;
  std::atomic<uint64_t> version_ = 0;  // changed under m_; read without it by a search's stop
  std::unique_ptr<History> h_;
  std::shared_ptr<const GameDef> def_;
  std::string path_;
  std::vector<bool> bots_;
  std::vector<std::unique_ptr<Bot>> bot_of_;  // by side, for the sides bots_ names
  std::string bot_error_;  // why the bot's last move failed, "" when it did not
  bool hinting_ = false;   // a hint's search is running
  std::optional<UndoProposal> proposal_;
  std::string undo_note_;  // how the last proposal ended, for every page
};

}  // namespace cardboard
