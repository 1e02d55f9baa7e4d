// The bots of every open room, on a few threads of their own: after each
// change a room whose deciding side a bot plays is due a move `delay`
// later, so people can follow a bot's moves on the board. Rooms move at
// once, each on one thread at a time, so a search that thinks for seconds
// in one room holds up no other. A room that a bot cannot move on (its
// rules failed) is left where it is.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "serve/room.h"

namespace cardboard {

class BotRunner {
 public:
  // `workers` rooms move at once (0: as many as the machine has cores, at
  // least two); a search thinks for `think` at most (Room::bot_move).
  BotRunner(std::chrono::milliseconds delay, std::chrono::milliseconds think, unsigned workers = 0);
  ~BotRunner();
  // A room newly opened, or just changed: schedules its bot if one decides.
  void watch(const std::shared_ptr<Room>& room) { poke(room); }
  void poke(const std::shared_ptr<Room>& room);
  // Stops the searches under way (their moves are not taken) and the workers.
  void stop();

 private:
  using Clock = std::chrono::steady_clock;
  // A room's place in the runner: due (waiting in due_), or moving on a
  // worker; `changed` while moving: the room was poked meanwhile (a person
  // acted or undid while the bot thought), so its bot looks again after.
  struct Entry {
    bool moving = false;
    bool changed = false;
  };
  void work();

  std::chrono::milliseconds delay_;
  std::chrono::milliseconds think_;
  std::atomic<bool> halt_ = false;  // stopping_, for the searches to read without the lock
  std::mutex m_;
  std::condition_variable cv_;
  struct Due {
    const Room* key;  // its entry in rooms_, kept even if the room is gone
    std::weak_ptr<Room> room;
  };
  std::multimap<Clock::time_point, Due> due_;
  std::map<const Room*, Entry> rooms_;  // due or moving
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace cardboard
