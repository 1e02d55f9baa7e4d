// Where the rules' Lua spends its instructions: a sampling profile for rule
// authors and for the kernel's own speed work (docs/performance.md). perf
// sees only C and C++, so the rules' Lua is one opaque `luaV_execute` to it;
// this names the Lua functions and lines.
//
// While on, every call into the rules counts instructions from its first one
// (the sandbox's count hook, run_watch.h), and each time the hook fires, every
// kEvery instructions, the Lua stack is sampled: the function and
// line running get a self sample, each function on the stack one total
// sample. Sampling by instructions, not time, so a profile is the same in
// every run of the same games; time spent inside kernel functions is not in
// it (perf shows that part).
//
// Process-wide and thread-safe: every thread's samples go into one profile.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <lua.hpp>

namespace cardboard::rules_profile {

// The instructions between two samples. The hook's count starts again at
// each call into the rules, so a call shorter than this is never sampled.
constexpr int kEvery = 100;

// Starts collecting (clearing what was collected); stop() ends it.
void start();
void stop();
bool on();

// Called from the count hook on the running thread.
void sample(lua_State* L);

struct Entry {
  std::string where;   // "FILE:120 name" for a function (where it is defined), "FILE:131" for a line
  int64_t self = 0;    // samples with it running
  int64_t total = 0;   // samples with it on the stack (functions only)
};

struct Report {
  int64_t samples = 0;
  std::vector<Entry> functions;  // most total samples first
  std::vector<Entry> lines;      // most self samples first
};
Report report();

// Writes the `top` functions and lines of `r` to `out`, each file named
// relative to `root` where it lies under it.
void print(std::FILE* out, const Report& r, int top, const std::string& root);

}  // namespace cardboard::rules_profile
