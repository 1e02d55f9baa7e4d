#include "serve/search_slots.h"

#include <algorithm>
#include <thread>

namespace cardboard {

SearchSlots::SearchSlots(int capacity)
    : capacity_(capacity > 0 ? capacity : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))) {}

std::optional<SearchSlots::Held> SearchSlots::take() {
  int used = used_.load(std::memory_order_relaxed);
  do {
    if (used >= capacity_) return std::nullopt;
  } while (!used_.compare_exchange_weak(used, used + 1, std::memory_order_acq_rel));
  return Held(used_);
}

}  // namespace cardboard
