// How many searches the server's hints run at once, across every game. A
// hint's search holds a core and a copy of the game for as long as it
// thinks; each game runs one at a time (Room::hint), but the request threads
// are many (serve --threads), so without a bound a host with many open
// games could have more searches than cores, each slower for the others,
// and memory for all of them. A hint that finds no free slot is refused at
// once (503) rather than queued: the player asks again, and no request
// thread waits on a search.
#pragma once

#include <atomic>
#include <optional>

namespace cardboard {

class SearchSlots {
 public:
  // A slot held; given back when it goes.
  class Held {
   public:
    explicit Held(std::atomic<int>& used) : used_(&used) {}
    Held(Held&& o) noexcept : used_(o.used_) { o.used_ = nullptr; }
    Held(const Held&) = delete;
    Held& operator=(const Held&) = delete;
    Held& operator=(Held&&) = delete;
    ~Held() {
      if (used_) used_->fetch_sub(1, std::memory_order_acq_rel);
    }

   private:
    std::atomic<int>* used_;
  };

  // `capacity` searches at once (0: as many as the machine has cores).
  explicit SearchSlots(int capacity);
  // A free slot, or nothing when all are held.
  std::optional<Held> take();
  int capacity() const { return capacity_; }

 private:
  int capacity_;
  std::atomic<int> used_{0};
};

}  // namespace cardboard
