#include "serve/bot_runner.h"

#include <algorithm>

namespace cardboard {

BotRunner::BotRunner(std::chrono::milliseconds delay, std::chrono::milliseconds think, unsigned workers)
    : delay_(delay), think_(think) {
  if (workers == 0) workers = std::max(2u, std::thread::hardware_concurrency());
  for (unsigned i = 0; i < workers; ++i) workers_.emplace_back([this] { work(); });
}

BotRunner::~BotRunner() { stop(); }

void BotRunner::stop() {
  {
    std::lock_guard lock(m_);
    stopping_ = true;
  }
  halt_ = true;
  cv_.notify_all();
  for (std::thread& t : workers_)
    if (t.joinable() && t.get_id() != std::this_thread::get_id()) t.join();
}

void BotRunner::poke(const std::shared_ptr<Room>& room) {
  if (!room->bot_to_move()) return;
  std::lock_guard lock(m_);
  auto [at, fresh] = rooms_.try_emplace(room.get());
  if (!fresh) {
    // Due already, or moving: a move in progress looks again when it ends.
    if (at->second.moving) at->second.changed = true;
    return;
  }
  due_.emplace(Clock::now() + delay_, Due{room.get(), room});
  cv_.notify_one();
}

void BotRunner::work() {
  std::unique_lock lock(m_);
  while (!stopping_) {
    if (due_.empty()) {
      cv_.wait(lock);
      continue;
    }
    const auto when = due_.begin()->first;
    if (Clock::now() < when) {
      cv_.wait_until(lock, when);
      continue;
    }
    const Due due = due_.begin()->second;
    due_.erase(due_.begin());
    auto room = due.room.lock();
    if (!room) {  // closed while it waited
      rooms_.erase(due.key);
      continue;
    }
    Entry& entry = rooms_[room.get()];
    entry.moving = true;
    entry.changed = false;
    lock.unlock();
    const bool moved = room->bot_move({think_, &halt_});
    const bool again = room->bot_to_move();
    lock.lock();
    const bool changed = rooms_[room.get()].changed;
    if (again && (moved || changed) && !stopping_) {
      rooms_[room.get()] = Entry{};
      due_.emplace(Clock::now() + delay_, Due{room.get(), room});
      cv_.notify_one();
    } else {
      rooms_.erase(room.get());
    }
  }
}

}  // namespace cardboard
