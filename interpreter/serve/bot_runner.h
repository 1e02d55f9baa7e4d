// The bots of every open room, on one thread: after each change a room
// whose deciding side a bot plays is due a move `delay` later, so people
// can follow a bot's moves on the board. A room that a bot cannot move on
// (its rules failed) is left where it is.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "serve/room.h"

namespace cardboard {

class BotRunner {
 public:
  explicit BotRunner(std::chrono::milliseconds delay);
  ~BotRunner();
  // A room newly opened, or just changed: schedules its bot if one decides.
  void watch(const std::shared_ptr<Room>& room) { poke(room); }
  void poke(const std::shared_ptr<Room>& room);
  void stop();

 private:
  using Clock = std::chrono::steady_clock;
  void run();

  std::chrono::milliseconds delay_;
  std::mutex m_;
  std::condition_variable cv_;
  std::multimap<Clock::time_point, std::weak_ptr<Room>> due_;
  std::map<const Room*, bool> scheduled_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace cardboard
