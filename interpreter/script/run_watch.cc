#include "script/run_watch.h"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstdio>
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
  milliseconds limit;
  volatile sig_atomic_t armed;
};
thread_local Frame tl_frames[kMaxDepth];
thread_local volatile sig_atomic_t tl_depth = 0;

int alarm_signal() { return SIGRTMIN + 1; }

void arm(Frame& f, int every) {
  f.armed = 1;
  lua_sethook(f.running, f.hook, LUA_MASKCOUNT, every);
}

// What the watchdog knows of a thread: its innermost run, by an epoch that
// changes at every begin, restart and end.
struct Slot {
  pthread_t thread = pthread_self();
  std::atomic<uint64_t> epoch{0};
  std::atomic<bool> active{false};       // a run is going on
  std::atomic<int64_t> after_ms{0};      // arm its hook after this long (0: armed already)
  std::atomic<int64_t> limit_ms{0};      // its time limit (0: none)
  std::atomic<uint64_t> overtime{UINT64_MAX};  // the epoch that passed its time limit
  // Where to say that the run is stuck, instead of ending the process
  // (StuckNotice); read and written under the registry's lock.
  std::atomic<bool>* stuck = nullptr;
  // The watchdog's own notes.
  uint64_t seen = 0;
  Clock::time_point since{};
  Clock::time_point overtime_since{};
  int stage = 0;  // 1: armed, 2: overtime, 3: given up as stuck
};
static_assert(std::atomic<uint64_t>::is_always_lock_free, "the signal handler reads the slot's atomics");

thread_local Slot* tl_slot = nullptr;  // this thread's slot, once it has one

bool slot_overtime(const Slot* s) {
  return s && s->overtime.load(std::memory_order_relaxed) == s->epoch.load(std::memory_order_relaxed);
}

void on_alarm(int) {
  const int d = tl_depth;
  if (d < 1 || d > kMaxDepth) return;
  Frame& f = tl_frames[d - 1];
  // Past its time limit the call must stop at its next instruction.
  if (slot_overtime(tl_slot)) arm(f, 1);
  else if (!f.armed) arm(f, f.every);
}

struct Registry {
  std::mutex mutex;
  std::vector<Slot*> slots;
  std::atomic<bool> watching{false};  // the watchdog thread runs (in this process)
  std::atomic<int> stuck{0};          // slots at stage 3
};

// Never destroyed: the detached watchdog may run past static destructors.
Registry& registry() {
  static Registry* r = new Registry;
  return *r;
}

// Writes the decimal digits of n (async-signal-safe).
void write_number(int64_t n) {
  char buf[24];
  int i = sizeof buf;
  do {
    buf[--i] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n > 0 && i > 0);
  ssize_t ignored = ::write(2, buf + i, sizeof buf - i);
  (void)ignored;
}

[[noreturn]] void stop_process(int64_t limit_ms) {
  static const char head[] = "rules script ran past its time limit (";
  static const char tail[] =
      " ms) and did not stop: it is stuck inside a library function, so the process ends (exit code 3)\n";
  ssize_t ignored = ::write(2, head, sizeof head - 1);
  write_number(limit_ms);
  ignored = ::write(2, tail, sizeof tail - 1);
  (void)ignored;
  ::_exit(3);
}

// How long a call told to stop at its next instruction has to get there
// before the process ends: half its time limit, and never less than two
// seconds, so a busy machine that runs the thread late is not mistaken
// for a call stuck in C.
milliseconds grace(int64_t limit_ms) { return std::max(milliseconds(limit_ms / 2), milliseconds(2000)); }

void watch() {
  Registry& r = registry();
  for (;;) {
    std::this_thread::sleep_for(kTick);
    const std::lock_guard<std::mutex> lock(r.mutex);
    const auto now = Clock::now();
    for (Slot* s : r.slots) {
      const uint64_t e = s->epoch.load(std::memory_order_acquire);
      if (e != s->seen) {
        if (s->stage == 3) --r.stuck;  // the stuck call came back at last
        s->seen = e;
        s->since = now;
        s->stage = 0;
        continue;
      }
      if (!s->active.load(std::memory_order_relaxed)) continue;
      const auto elapsed = now - s->since;
      const int64_t after = s->after_ms.load(std::memory_order_relaxed);
      const int64_t limit = s->limit_ms.load(std::memory_order_relaxed);
      // Told to stop at its next instruction a while ago, and still running.
      if (s->stage == 2 && now - s->overtime_since >= grace(limit)) {
        if (!s->stuck) stop_process(limit);
        s->stage = 3;
        ++r.stuck;
        s->stuck->store(true);
        std::fprintf(stderr,
                     "rules script ran past its time limit (%lld ms) and did not stop: it is stuck inside a library "
                     "function; its game is closed, and the process goes on\n",
                     static_cast<long long>(limit));
        continue;
      }
      if (s->stage < 2 && limit > 0 && elapsed >= milliseconds(limit)) {
        s->stage = 2;
        s->overtime_since = now;
        s->overtime.store(e, std::memory_order_relaxed);
        pthread_kill(s->thread, alarm_signal());
      } else if (s->stage < 1 && after > 0 && elapsed >= milliseconds(after)) {
        s->stage = 1;
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
    tl_slot = nullptr;
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    if (slot.stage == 3) --r.stuck;  // came back and ended before the watchdog looked again
    r.slots.erase(std::find(r.slots.begin(), r.slots.end(), &slot));
  }
  ThreadSlot(const ThreadSlot&) = delete;
  ThreadSlot& operator=(const ThreadSlot&) = delete;
};

Slot& my_slot() {
  thread_local ThreadSlot s;
  tl_slot = &s.slot;
  return s.slot;
}

// Tells the watchdog what the innermost run is now.
void announce() {
  const int d = tl_depth;
  const bool watched = d >= 1 && d <= kMaxDepth;
  const Frame* f = watched ? &tl_frames[d - 1] : nullptr;
  const bool needs_arming = f && !f->armed && f->after.count() > 0;
  const bool limited = f && f->limit.count() > 0;
  if (!needs_arming && !limited && !tl_slot) return;  // nothing to watch, and nothing was
  Slot& s = my_slot();
  if (needs_arming || limited) ensure_watchdog(registry());
  s.after_ms.store(needs_arming ? f->after.count() : 0, std::memory_order_relaxed);
  s.limit_ms.store(limited ? f->limit.count() : 0, std::memory_order_relaxed);
  s.active.store(needs_arming || limited, std::memory_order_relaxed);
  // Only this thread writes its epoch: a release store, not a locked
  // read-modify-write (this runs at every call into the rules and decision).
  s.epoch.store(s.epoch.load(std::memory_order_relaxed) + 1, std::memory_order_release);
}

void fence() { std::atomic_signal_fence(std::memory_order_seq_cst); }

}  // namespace

void begin(lua_State* running, lua_Hook hook, int every, milliseconds count_after, milliseconds time_limit) {
  const int d = tl_depth;
  if (d < kMaxDepth) {
    Frame& f = tl_frames[d];
    f.running = running;
    f.hook = hook;
    f.every = every;
    f.after = count_after;
    f.limit = time_limit;
    f.armed = 0;
    if (count_after.count() <= 0) arm(f, every);
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
  } else if (f.armed) {
    arm(f, f.every);  // counted from the start: back to its interval if it was stopping
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
    if (d >= 2 && tl_frames[d - 2].running == f.running && tl_frames[d - 2].armed) arm(tl_frames[d - 2], tl_frames[d - 2].every);
  }
  announce();
}

bool armed() {
  const int d = tl_depth;
  return d >= 1 && d <= kMaxDepth && tl_frames[d - 1].armed;
}

bool overtime() { return tl_depth >= 1 && slot_overtime(tl_slot); }

StuckNotice::StuckNotice(std::atomic<bool>& stuck) {
  Slot& s = my_slot();
  const std::lock_guard<std::mutex> lock(registry().mutex);
  previous_ = s.stuck;
  s.stuck = &stuck;
}

StuckNotice::~StuckNotice() {
  Slot& s = my_slot();
  const std::lock_guard<std::mutex> lock(registry().mutex);
  s.stuck = previous_;
}

int stuck_threads() { return registry().stuck.load(); }

}  // namespace cardboard::run_watch
