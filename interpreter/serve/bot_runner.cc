#include "serve/bot_runner.h"

namespace cardboard {

BotRunner::BotRunner(std::chrono::milliseconds delay) : delay_(delay), thread_([this] { run(); }) {}

BotRunner::~BotRunner() { stop(); }

void BotRunner::stop() {
  {
    std::lock_guard lock(m_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

void BotRunner::poke(const std::shared_ptr<Room>& room) {
  if (!room->bot_to_move()) return;
  std::lock_guard lock(m_);
  if (scheduled_[room.get()]) return;
  scheduled_[room.get()] = true;
  due_.emplace(Clock::now() + delay_, room);
  cv_.notify_all();
}

void BotRunner::run() {
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
    auto room = due_.begin()->second.lock();
    due_.erase(due_.begin());
    if (!room) continue;
    scheduled_.erase(room.get());
    lock.unlock();
    const bool moved = room->bot_move();
    const bool again = moved && room->bot_to_move();
    lock.lock();
    if (again && !scheduled_[room.get()]) {
      scheduled_[room.get()] = true;
      due_.emplace(Clock::now() + delay_, room);
    }
  }
}

}  // namespace cardboard
