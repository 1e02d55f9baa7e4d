#include "script/run_watch.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace cardboard::run_watch {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr milliseconds kTick{10};  // how often the watchdog looks
constexpr int kMaxDepth = 32;      // deeper runs (none exist) go unwatched

// One run of this thread, as the signal handler reads it: plain data in
// plain thread-locals, which a handler may touch (no lazy construction).
struct Frame {
  lua_State* running;
  lua_Hook hook;
  int every;
  milliseconds after;
  volatile sig_atomic_t armed;
};
thread_local Frame tl_frames[kMaxDepth];
thread_local volatile sig_atomic_t tl_depth = 0;

int alarm_signal() { return SIGRTMIN + 1; }

void arm(Frame& f) {
  f.armed = 1;
  lua_sethook(f.running, f.hook, LUA_MASKCOUNT, f.every);
}

void on_alarm(int) {
  const int d = tl_depth;
  if (d < 1 || d > kMaxDepth) return;
  Frame& f = tl_frames[d - 1];
  if (!f.armed) arm(f);
}

// What the watchdog knows of a thread: its innermost run, by an epoch that
// changes at every begin, restart and end.
struct Slot {
  pthread_t thread = pthread_self();
  std::atomic<uint64_t> epoch{0};
  std::atomic<bool> watched{false};  // the innermost run waits to be armed
  std::atomic<int64_t> after_ms{0};
  // The watchdog's own notes.
  uint64_t seen = 0;
  Clock::time_point since{};
  uint64_t alarmed = UINT64_MAX;
};

struct Registry {
  std::mutex mutex;
  std::vector<Slot*> slots;
  std::atomic<bool> watching{false};  // the watchdog thread runs (in this process)
};

// Never destroyed: the detached watchdog may run past static destructors.
Registry& registry() {
  static Registry* r = new Registry;
  return *r;
}

void watch() {
  Registry& r = registry();
  for (;;) {
    std::this_thread::sleep_for(kTick);
    const std::lock_guard<std::mutex> lock(r.mutex);
    const auto now = Clock::now();
    for (Slot* s : r.slots) {
      const uint64_t e = s->epoch.load(std::memory_order_acquire);
      if (e != s->seen) {
        s->seen = e;
        s->since = now;
        continue;
      }
      if (!s->watched.load(std::memory_order_relaxed) || s->alarmed == e) continue;
      if (now - s->since >= milliseconds(s->after_ms.load(std::memory_order_relaxed))) {
        s->alarmed = e;
        pthread_kill(s->thread, alarm_signal());
      }
    }
  }
}

// Installs the handler once; a forked child keeps only its own thread's slot
// and starts its own watchdog when it next needs one.
void install() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa {};
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;  // an alarm that lands in a system call must not fail it
    sigaction(alarm_signal(), &sa, nullptr);
    pthread_atfork([] { registry().mutex.lock(); }, [] { registry().mutex.unlock(); },
                   [] {
                     Registry& r = registry();
                     const pthread_t self = pthread_self();
                     r.slots.erase(std::remove_if(r.slots.begin(), r.slots.end(),
                                                  [&](Slot* s) { return !pthread_equal(s->thread, self); }),
                                   r.slots.end());
                     r.watching = false;
                     r.mutex.unlock();
                   });
  });
}

void ensure_watchdog(Registry& r) {
  if (r.watching.load(std::memory_order_acquire)) return;
  const std::lock_guard<std::mutex> lock(r.mutex);
  if (r.watching.load(std::memory_order_relaxed)) return;
  std::thread(watch).detach();
  r.watching.store(true, std::memory_order_release);
}

struct ThreadSlot {
  Slot slot;
  ThreadSlot() {
    install();
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    r.slots.push_back(&slot);
  }
  ~ThreadSlot() {
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    r.slots.erase(std::find(r.slots.begin(), r.slots.end(), &slot));
  }
  ThreadSlot(const ThreadSlot&) = delete;
  ThreadSlot& operator=(const ThreadSlot&) = delete;
};

thread_local bool tl_has_slot = false;

Slot& my_slot() {
  thread_local ThreadSlot s;
  tl_has_slot = true;
  return s.slot;
}

// Tells the watchdog what the innermost run is now.
void announce() {
  const int d = tl_depth;
  const bool waiting = d >= 1 && d <= kMaxDepth && !tl_frames[d - 1].armed && tl_frames[d - 1].after.count() > 0;
  if (!waiting && !tl_has_slot) return;  // nothing to watch, and nothing was
  Slot& s = my_slot();
  if (waiting) {
    ensure_watchdog(registry());
    s.after_ms.store(tl_frames[d - 1].after.count(), std::memory_order_relaxed);
  }
  s.watched.store(waiting, std::memory_order_relaxed);
  s.epoch.fetch_add(1, std::memory_order_release);
}

void fence() { std::atomic_signal_fence(std::memory_order_seq_cst); }

}  // namespace

void begin(lua_State* running, lua_Hook hook, int every, milliseconds count_after) {
  const int d = tl_depth;
  if (d < kMaxDepth) {
    Frame& f = tl_frames[d];
    f.running = running;
    f.hook = hook;
    f.every = every;
    f.after = count_after;
    f.armed = 0;
    if (count_after.count() <= 0) arm(f);
  }
  fence();
  tl_depth = d + 1;
  announce();
}

void restart() {
  const int d = tl_depth;
  if (d < 1 || d > kMaxDepth) return;
  Frame& f = tl_frames[d - 1];
  if (f.armed && f.after.count() > 0) {
    tl_depth = d - 1;  // out of the handler's sight while the hook is dropped
    fence();
    lua_sethook(f.running, nullptr, 0, 0);
    f.armed = 0;
    fence();
    tl_depth = d;
  }
  announce();
}

void end() {
  const int d = tl_depth;
  if (d < 1) return;
  tl_depth = d - 1;
  fence();
  if (d <= kMaxDepth && tl_frames[d - 1].armed) {
    Frame& f = tl_frames[d - 1];
    lua_sethook(f.running, nullptr, 0, 0);
    // An outer run on the same Lua thread keeps its own hook.
    if (d >= 2 && tl_frames[d - 2].running == f.running && tl_frames[d - 2].armed) arm(tl_frames[d - 2]);
  }
  announce();
}

bool armed() {
  const int d = tl_depth;
  return d >= 1 && d <= kMaxDepth && tl_frames[d - 1].armed;
}

}  // namespace cardboard::run_watch
