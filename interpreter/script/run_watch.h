// The instruction budget at no cost to the calls that end quickly, and the
// wall-clock limit of every call. While a count hook is set, Lua 5.4 leaves
// its interpreter loop for the hook machinery on every instruction, which
// costs about a tenth of a game's time. So a call into the rules runs
// unhooked, and a watchdog thread arms the count hook only when the call has
// run for `count_after`: from then on the budget counts instructions. A board
// game's rules finish a step in well under a millisecond, so only a runaway
// script is ever counted. With count_after = 0 the hook is set from the start
// and every instruction is counted, as tests of the exact limit need.
//
// Arming is what lua.c does for Ctrl-C: the watchdog sends a signal to the
// thread running the call, and the handler, on that thread, sets the hook
// (lua_sethook may be called from a signal handler). Runs nest (a test that
// starts a game runs the game inside its own run); the innermost is watched,
// and its clock starts again when an inner run ends.
//
// The time limit: when the innermost run has run for `time_limit`, the
// watchdog marks it overtime and has the hook set to fire at the very next
// instruction, where the sandbox stops the call (overtime()). A call that
// stays inside one C function, where no hook runs, for half as long again
// (at least two seconds) cannot be stopped that way: the watchdog then writes "rules script ran past
// its time limit ..." to stderr and ends the process with exit code 3, with
// async-signal-safe calls only (an uncommitted save transaction is rolled
// back by SQLite when the save is next opened), unless the thread holds a
// StuckNotice (below).
//
// Each thread watches its own runs; the functions act on the calling thread.
#pragma once

#include <atomic>
#include <chrono>

#include <lua.hpp>

namespace cardboard::run_watch {

// A call into the rules starts on `running` (the Lua thread that will run).
// `hook` is armed with LUA_MASKCOUNT every `every` instructions.
// time_limit = 0: no time limit.
void begin(lua_State* running, lua_Hook hook, int every, std::chrono::milliseconds count_after,
           std::chrono::milliseconds time_limit);
// The innermost run starts its clocks again and drops its hook, if armed (a
// new decision inside the same call gets a fresh budget and time).
void restart();
// The innermost run ends; its hook, if armed, is removed.
void end();
// Whether the innermost run's hook is armed (for tests).
bool armed();
// Whether the innermost run of this thread has passed its time limit.
bool overtime();

// What a stuck call of this thread does instead of ending the process: while
// a notice is held, the watchdog sets `stuck`, writes why to stderr, stops
// watching that run, and the process goes on. The thread stays inside its
// call (nothing can take it out of C), so whoever owns `stuck` closes what
// the thread served: a server closes that one game, and the others play on.
// Notices nest; the innermost counts.
class StuckNotice {
 public:
  explicit StuckNotice(std::atomic<bool>& stuck);
  ~StuckNotice();
  StuckNotice(const StuckNotice&) = delete;
  StuckNotice& operator=(const StuckNotice&) = delete;

 private:
  std::atomic<bool>* previous_;
};
// How many threads are inside a call the watchdog gave up as stuck (a
// process that stops cannot wait for them).
int stuck_threads();

}  // namespace cardboard::run_watch
