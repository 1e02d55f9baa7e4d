// The library functions that can work long inside C, where Lua's count hook
// does not run, each made to charge its steps to the call's budget before
// doing the work (sandbox_lib.h). The original function then runs as it is,
// called directly, so its results and error messages are Lua's own. Work that
// produces data is charged by the allocator (Sandbox::allocate); these do
// work without producing much: moving elements of a table, sorting it,
// pushing many values, scanning a string. Patterns are lua_patterns.cc's.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <mutex>
#include <unordered_set>

#include "script/proxy.h"
#include "script/sandbox.h"
#include "script/sandbox_lib.h"

namespace cardboard {

namespace {

enum class Cost {
  kInsert, kRemove, kMove, kSort, kConcat, kUnpack,  // table
  kRep, kByte, kPerArgument, kFormatLength,          // string
  kScan, kCodepoint,                                 // utf8
  kToNumber,
};

struct Bounded {
  const char* library;  // nullptr: a global
  const char* name;
  Cost cost;
};

constexpr Bounded kBounded[] = {
    {"table", "insert", Cost::kInsert},        {"table", "remove", Cost::kRemove},
    {"table", "move", Cost::kMove},            {"table", "sort", Cost::kSort},
    {"table", "concat", Cost::kConcat},        {"table", "unpack", Cost::kUnpack},
    {"string", "rep", Cost::kRep},             {"string", "byte", Cost::kByte},
    {"string", "char", Cost::kPerArgument},    {"string", "pack", Cost::kFormatLength},
    {"string", "unpack", Cost::kFormatLength}, {"string", "packsize", Cost::kFormatLength},
    {"utf8", "len", Cost::kScan},              {"utf8", "offset", Cost::kScan},
    {"utf8", "codepoint", Cost::kCodepoint},   {"utf8", "char", Cost::kPerArgument},
    {"math", "max", Cost::kPerArgument},       {"math", "min", Cost::kPerArgument},
    {nullptr, "tonumber", Cost::kToNumber},
};
constexpr size_t kCount = sizeof kBounded / sizeof kBounded[0];

lua_CFunction originals[kCount];  // the same C functions in every state

// The length of the raw table at 1 (a frozen table's contents), 0 for anything else.
int64_t raw_length(lua_State* L) {
  if (lua_type(L, 1) != LUA_TTABLE) return 0;
  push_raw_view(L, 1);
  const auto n = static_cast<int64_t>(lua_rawlen(L, -1));
  lua_pop(L, 1);
  return n;
}

int64_t string_length(lua_State* L, int arg) {
  return lua_type(L, arg) == LUA_TSTRING ? static_cast<int64_t>(lua_rawlen(L, arg)) : 0;
}

// The elements from i to j (a span that may be huge or empty).
int64_t span(lua_Integer i, lua_Integer j) {
  if (j < i) return 0;
  const auto n = static_cast<uint64_t>(j) - static_cast<uint64_t>(i);
  return n >= static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(n) + 1;
}

// Argument `arg` as Lua's functions read an integer (a float or a string
// with an integer value too), or `fallback`.
int64_t opt_integer(lua_State* L, int arg, lua_Integer fallback) {
  int isnum = 0;
  const lua_Integer v = lua_tointegerx(L, arg, &isnum);
  return isnum ? v : fallback;
}

// What one comparison of the strings of the raw table at 1 may cost, in
// steps. Lua compares strings with strcoll, one call for each piece between
// NUL bytes, and its hook sees none of it: table.sort of references to a
// long string of NULs ran for minutes inside C. A step for each NUL and for
// each 16 other bytes of the costliest string (each distinct string once).
int64_t string_compare_cost(lua_State* L) {
  if (lua_type(L, 1) != LUA_TTABLE) return 1;
  push_raw_view(L, 1);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  std::unordered_set<const void*> seen;
  int64_t worst = 1;
  for (lua_Integer i = 1; i <= n; ++i) {
    // A long string is measured once however often it stands in the table;
    // a short one costs less to measure than to remember.
    if (lua_rawgeti(L, -1, i) == LUA_TSTRING && (lua_rawlen(L, -1) <= 64 || seen.insert(lua_topointer(L, -1)).second)) {
      size_t len = 0;
      const char* s = lua_tolstring(L, -1, &len);
      const auto nuls = static_cast<int64_t>(std::count(s, s + len, '\0'));
      worst = std::max(worst, 1 + nuls + static_cast<int64_t>(len / 16));
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return worst;
}

int64_t saturating_product(int64_t a, int64_t b) { return b != 0 && a > INT64_MAX / b ? INT64_MAX : a * b; }

// The steps a call of `cost` with the arguments on the stack may take; the
// arguments' own errors are left to the function.
int64_t steps(lua_State* L, Cost cost) {
  switch (cost) {
    case Cost::kInsert:
      return lua_gettop(L) == 3 ? span(opt_integer(L, 2, 1), raw_length(L) + 1) : 1;
    case Cost::kRemove: {
      const int64_t n = span(opt_integer(L, 2, raw_length(L)), raw_length(L));
      return n == INT64_MAX ? n : n + 1;
    }
    case Cost::kMove: return span(opt_integer(L, 2, 1), opt_integer(L, 3, 0));
    case Cost::kSort: {
      const int64_t n = raw_length(L);
      const int64_t comparisons = n * (std::bit_width(static_cast<uint64_t>(n)) + 1);
      // With a comparator of the rules' own, each comparison is a Lua call
      // the hook sees; without one, Lua compares in C.
      return lua_isnoneornil(L, 2) ? saturating_product(comparisons, string_compare_cost(L)) : comparisons;
    }
    case Cost::kConcat:
    case Cost::kUnpack: {
      const int first = cost == Cost::kConcat ? 3 : 2;
      return span(opt_integer(L, first, 1), opt_integer(L, first + 1, raw_length(L)));
    }
    case Cost::kRep: return std::max<int64_t>(opt_integer(L, 2, 0), 0);
    case Cost::kByte: {
      const lua_Integer i = opt_integer(L, 2, 1);
      return span(i, opt_integer(L, 3, i));
    }
    case Cost::kPerArgument: return lua_gettop(L);
    case Cost::kFormatLength: return string_length(L, 1) / 8 + lua_gettop(L);
    case Cost::kScan: return string_length(L, 1) / 8 + 1;
    case Cost::kCodepoint: {
      const lua_Integer i = opt_integer(L, 2, 1);
      return span(i, opt_integer(L, 3, i));
    }
    case Cost::kToNumber: return string_length(L, 1) / 16 + 1;
  }
  return 1;
}

// upvalue 1: the index of the function in kBounded.
int bounded(lua_State* L) {
  const auto i = static_cast<size_t>(lua_tointeger(L, lua_upvalueindex(1)));
  const Cost cost = kBounded[i].cost;
  // string.rep of the empty string with no separator would loop n times to make "".
  if (cost == Cost::kRep && lua_type(L, 1) == LUA_TSTRING && string_length(L, 1) == 0 &&
      (lua_isnoneornil(L, 3) || (lua_type(L, 3) == LUA_TSTRING && string_length(L, 3) == 0))) {
    int isint = 0;
    lua_tointegerx(L, 2, &isint);
    if (isint) {
      lua_pushliteral(L, "");
      return 1;
    }
  }
  sandbox_of(L).charge(L, steps(L, cost));
  return originals[i](L);
}

}  // namespace

void open_sandbox_bounds(lua_State* L) {
  // Lua's libraries register the same C functions in every state: read once.
  static std::once_flag once;
  std::call_once(once, [L] {
    for (size_t i = 0; i < kCount; ++i) {
      if (kBounded[i].library) lua_getglobal(L, kBounded[i].library);
      else lua_pushglobaltable(L);
      lua_getfield(L, -1, kBounded[i].name);
      originals[i] = lua_tocfunction(L, -1);
      lua_pop(L, 2);
    }
  });
  for (size_t i = 0; i < kCount; ++i) {
    const Bounded& b = kBounded[i];
    if (b.library) lua_getglobal(L, b.library);
    else lua_pushglobaltable(L);
    lua_pushinteger(L, static_cast<lua_Integer>(i));
    lua_pushcclosure(L, bounded, 1);
    lua_setfield(L, -2, b.name);
    lua_pop(L, 1);
  }
}

}  // namespace cardboard
