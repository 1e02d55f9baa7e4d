#include "cli/progress.h"

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/commands.h"

namespace cardboard {

std::function<void(int64_t, int64_t)> games_progress(const std::string& name) {
  const std::string prefix = name.empty() ? "" : name + ": ";
  if (stderr_is_terminal())
    return [prefix](int64_t done, int64_t total) {
      std::fprintf(stderr, "\r%s%lld/%lld games", prefix.c_str(), static_cast<long long>(done),
                   static_cast<long long>(total));
      if (done == total) std::fprintf(stderr, "\n");
    };
  using Clock = std::chrono::steady_clock;
  struct Times {
    Clock::time_point start = Clock::now(), last = Clock::now();
  };
  auto times = std::make_shared<Times>();
  return [prefix, times](int64_t done, int64_t total) {
    const auto now = Clock::now();
    if (done >= total || done <= 0 || now - times->last < std::chrono::minutes(1)) return;
    times->last = now;
    const double spent = std::chrono::duration<double>(now - times->start).count();
    const double left = spent / static_cast<double>(done) * static_cast<double>(total - done);
    std::fprintf(stderr, "%s%lld/%lld games, %.0f min so far, about %.0f min left\n", prefix.c_str(),
                 static_cast<long long>(done), static_cast<long long>(total), spent / 60, left / 60);
    std::fflush(stderr);
  };
}

}  // namespace cardboard
