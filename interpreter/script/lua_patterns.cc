// Lua 5.4's patterns (the manual, section 6.4.1) for string.find, match,
// gmatch and gsub, written for the sandbox. Lua's own matcher backtracks
// inside C, where no hook runs: `string.find(string.rep("a", 2000),
// ".-.-.-.-b")` would take longer than the universe. This one counts its
// steps against the call's instruction budget, so such a pattern stops with
// the budget's error like any endless loop. It follows the manual:
//
//   classes   x (not ^$()%.[]*+-?) itself; . any byte; %a %c %d %g %l %p %s
//             %u %w %x (and the deprecated %z, the zero byte), in the C
//             locale, and their upper-case complements; %x for any other x
//             that x itself; [set] with ranges a-z, classes, a leading ^ to
//             complement, and ] first to stand for itself
//   items     a class, optionally followed by * (longest), + (one or more,
//             longest), - (shortest) or ?; %1-%9 a capture again; %bxy a
//             balanced run from x to y; %f[set] a frontier
//   pattern   ^ at the start anchors it (find, match, gsub; gmatch reads ^
//             literally), $ at the end anchors it at the subject's end
//   captures  (...) a substring, () a position; at most 32
//
// with the same results and error messages as Lua 5.4.4's (a differential
// test, sandbox_patterns_test.cc, holds it so).
#include <string.h>  // memmem

#include <cstring>
#include <string>

#include "script/sandbox.h"
#include "script/sandbox_lib.h"

namespace cardboard {

namespace {

constexpr int kMaxCaptures = 32;
constexpr int kMaxDepth = 200;          // nested attempts, as Lua's own limit
constexpr int64_t kChargeEvery = 4096;  // steps counted before the budget is charged
constexpr ptrdiff_t kUnfinished = -1;
constexpr ptrdiff_t kPosition = -2;
constexpr char kEscape = '%';
constexpr const char* kSpecials = "^$*+?.([%-";

// The C locale's character classes, independent of the process's locale.
bool is_upper(int c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(int c) { return c >= 'a' && c <= 'z'; }
bool is_alpha(int c) { return is_upper(c) || is_lower(c); }
bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_alnum(int c) { return is_alpha(c) || is_digit(c); }
bool is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool is_cntrl(int c) { return c < 32 || c == 127; }
bool is_graph(int c) { return c > 32 && c < 127; }
bool is_punct(int c) { return is_graph(c) && !is_alnum(c); }
bool is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Whether byte c is in class letter `cl` (after a %): a class or, for any
// other letter, the letter itself.
bool in_class(int c, int cl) {
  bool in;
  switch (cl | 0x20) {  // the lower-case letter
    case 'a': in = is_alpha(c); break;
    case 'c': in = is_cntrl(c); break;
    case 'd': in = is_digit(c); break;
    case 'g': in = is_graph(c); break;
    case 'l': in = is_lower(c); break;
    case 'p': in = is_punct(c); break;
    case 's': in = is_space(c); break;
    case 'u': in = is_upper(c); break;
    case 'w': in = is_alnum(c); break;
    case 'x': in = is_xdigit(c); break;
    case 'z': in = c == 0; break;
    default: return cl == c;
  }
  return is_upper(cl) ? !in : in;
}

struct Capture {
  const char* start;
  ptrdiff_t len;  // kUnfinished while open, kPosition for ()
};

// One match of a pattern against a subject. Positions are pointers into the
// subject; a failed attempt returns nullptr.
class Matcher {
 public:
  Matcher(lua_State* L, const char* s, size_t ls, const char* p, size_t lp)
      : L_(L), src_(s), src_end_(s + ls), pat_end_(p + lp) {}

  // Clears the captures for a new attempt.
  void reset() {
    level_ = 0;
    depth_ = 0;
  }
  // The end of a match of pattern `p` starting at `s`, or nullptr.
  const char* match(const char* s, const char* p);

  int level() const { return level_; }
  // Pushes capture i (0-based) of the match [s, e); capture 0 with no
  // captures is the whole match.
  void push_capture(int i, const char* s, const char* e);
  // Pushes every capture (or the whole match when there are none, if `s`);
  // returns how many.
  int push_captures(const char* s, const char* e);
  void flush_steps() {
    if (steps_ > 0) sandbox_of(L_).charge(L_, steps_);
    steps_ = 0;
  }
  const char* subject() const { return src_; }
  const char* subject_end() const { return src_end_; }

 private:
  void step() {
    if (++steps_ >= kChargeEvery) flush_steps();
  }
  const char* class_end(const char* p);
  bool single(const char* s, const char* p, const char* ep) const;
  bool in_set(int c, const char* p, const char* ec) const;
  const char* longest(const char* s, const char* p, const char* ep);
  const char* shortest(const char* s, const char* p, const char* ep);
  const char* open_capture(const char* s, const char* p, ptrdiff_t what);
  const char* close_capture(const char* s, const char* p);
  const char* balanced(const char* s, const char* p);
  const char* back_reference(const char* s, int letter);

  lua_State* L_;
  const char* src_;
  const char* src_end_;
  const char* pat_end_;
  int level_ = 0;
  int depth_ = 0;
  int64_t steps_ = 0;
  Capture captures_[kMaxCaptures];
};

// The end of the single-character class at p.
const char* Matcher::class_end(const char* p) {
  const char c = *p++;
  if (c == kEscape) {
    if (p >= pat_end_) luaL_error(L_, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (p < pat_end_ && *p == '^') ++p;
    // The first character of a set, even ], stands for itself.
    do {
      if (p >= pat_end_) luaL_error(L_, "malformed pattern (missing ']')");
      const char x = *p++;
      if (x == kEscape && p < pat_end_) ++p;
    } while (p >= pat_end_ || *p != ']');
    return p + 1;
  }
  return p;
}

// Whether c is in the set [ ... ] from p (at '[') to ec (at ']').
bool Matcher::in_set(int c, const char* p, const char* ec) const {
  bool complement = false;
  ++p;
  if (*p == '^') {
    complement = true;
    ++p;
  }
  for (; p < ec; ++p) {
    if (*p == kEscape) {
      ++p;
      if (in_class(c, static_cast<unsigned char>(*p))) return !complement;
    } else if (p + 2 < ec && p[1] == '-') {
      if (static_cast<unsigned char>(p[0]) <= c && c <= static_cast<unsigned char>(p[2])) return !complement;
      p += 2;
    } else if (static_cast<unsigned char>(*p) == c) {
      return !complement;
    }
  }
  return complement;
}

// Whether the byte at s matches the class from p to ep.
bool Matcher::single(const char* s, const char* p, const char* ep) const {
  if (s >= src_end_) return false;
  const int c = static_cast<unsigned char>(*s);
  switch (*p) {
    case '.': return true;
    case kEscape: return in_class(c, static_cast<unsigned char>(p[1]));
    case '[': return in_set(c, p, ep - 1);
    default: return static_cast<unsigned char>(*p) == c;
  }
}

// class* and class+ (after its first): as many as match, then back off one
// at a time until the rest of the pattern matches.
const char* Matcher::longest(const char* s, const char* p, const char* ep) {
  ptrdiff_t n = 0;
  while (single(s + n, p, ep)) {
    ++n;
    step();
  }
  for (; n >= 0; --n) {
    step();
    if (const char* e = match(s + n, ep + 1)) return e;
  }
  return nullptr;
}

// class-: as few as let the rest of the pattern match.
const char* Matcher::shortest(const char* s, const char* p, const char* ep) {
  for (;;) {
    step();
    if (const char* e = match(s, ep + 1)) return e;
    if (!single(s, p, ep)) return nullptr;
    ++s;
  }
}

const char* Matcher::open_capture(const char* s, const char* p, ptrdiff_t what) {
  if (level_ >= kMaxCaptures) luaL_error(L_, "too many captures");
  captures_[level_] = {s, what};
  ++level_;
  const char* e = match(s, p);
  if (!e) --level_;
  return e;
}

const char* Matcher::close_capture(const char* s, const char* p) {
  int open = level_ - 1;
  while (open >= 0 && captures_[open].len != kUnfinished) --open;
  if (open < 0) luaL_error(L_, "invalid pattern capture");
  captures_[open].len = s - captures_[open].start;
  const char* e = match(s, p);
  if (!e) captures_[open].len = kUnfinished;
  return e;
}

// %bxy at p (after "%b"): a run from x to its matching y.
const char* Matcher::balanced(const char* s, const char* p) {
  if (p + 1 >= pat_end_) luaL_error(L_, "malformed pattern (missing arguments to '%%b')");
  if (s >= src_end_ || *s != p[0]) return nullptr;
  const char open = p[0], close = p[1];
  int depth = 1;
  for (const char* q = s + 1; q < src_end_; ++q) {
    step();
    if (*q == close) {
      if (--depth == 0) return q + 1;
    } else if (*q == open) {
      ++depth;
    }
  }
  return nullptr;
}

// %1-%9: the text of a closed capture again.
const char* Matcher::back_reference(const char* s, int letter) {
  const int i = letter - '1';
  if (i < 0 || i >= level_ || captures_[i].len == kUnfinished)
    luaL_error(L_, "invalid capture index %%%d", i + 1);
  const size_t len = static_cast<size_t>(captures_[i].len);  // a position capture never matches
  if (captures_[i].len > 0) steps_ += captures_[i].len / 16;
  if (static_cast<size_t>(src_end_ - s) >= len && std::memcmp(captures_[i].start, s, len) == 0) return s + len;
  return nullptr;
}

const char* Matcher::match(const char* s, const char* p) {
  if (++depth_ > kMaxDepth) luaL_error(L_, "pattern too complex");
  for (;;) {
    step();
    if (p == pat_end_) break;
    if (*p == '(') {
      s = p + 1 < pat_end_ && p[1] == ')' ? open_capture(s, p + 2, kPosition) : open_capture(s, p + 1, kUnfinished);
      break;
    }
    if (*p == ')') {
      s = close_capture(s, p + 1);
      break;
    }
    if (*p == '$' && p + 1 == pat_end_) {
      if (s != src_end_) s = nullptr;
      break;
    }
    if (*p == kEscape && p + 1 < pat_end_) {
      const char next = p[1];
      if (next == 'b') {
        s = balanced(s, p + 2);
        if (!s) break;
        p += 4;
        continue;
      }
      if (next == 'f') {
        p += 2;
        if (p >= pat_end_ || *p != '[') luaL_error(L_, "missing '[' after '%%f' in pattern");
        const char* ep = class_end(p);
        const int before = s == src_ ? 0 : static_cast<unsigned char>(s[-1]);
        const int here = s < src_end_ ? static_cast<unsigned char>(*s) : 0;
        if (in_set(before, p, ep - 1) || !in_set(here, p, ep - 1)) {
          s = nullptr;
          break;
        }
        p = ep;
        continue;
      }
      if (is_digit(static_cast<unsigned char>(next))) {
        s = back_reference(s, next);
        if (!s) break;
        p += 2;
        continue;
      }
    }
    // A single-character class and its quantifier, if any.
    const char* ep = class_end(p);
    const char q = ep < pat_end_ ? *ep : '\0';
    if (q == '?') {
      if (single(s, p, ep)) {
        if (const char* e = match(s + 1, ep + 1)) {
          s = e;
          break;
        }
      }
      p = ep + 1;
      continue;
    }
    if (q == '+') {
      s = single(s, p, ep) ? longest(s + 1, p, ep) : nullptr;
      break;
    }
    if (q == '*') {
      s = longest(s, p, ep);
      break;
    }
    if (q == '-') {
      s = shortest(s, p, ep);
      break;
    }
    if (!single(s, p, ep)) {
      s = nullptr;
      break;
    }
    ++s;
    p = ep;
  }
  --depth_;
  return s;
}

void Matcher::push_capture(int i, const char* s, const char* e) {
  if (i >= level_) {
    if (i != 0) luaL_error(L_, "invalid capture index %%%d", i + 1);
    lua_pushlstring(L_, s, static_cast<size_t>(e - s));
    return;
  }
  const Capture& c = captures_[i];
  if (c.len == kUnfinished) luaL_error(L_, "unfinished capture");
  if (c.len == kPosition) lua_pushinteger(L_, c.start - src_ + 1);
  else lua_pushlstring(L_, c.start, static_cast<size_t>(c.len));
}

int Matcher::push_captures(const char* s, const char* e) {
  const int n = level_ == 0 && s ? 1 : level_;
  luaL_checkstack(L_, n, "too many captures");
  for (int i = 0; i < n; ++i) push_capture(i, s, e);
  return n;
}

// A 1-based position argument, negative from the end, as a 0-based offset
// clamped to [0, len] (a position past the end stays past it, as len + 1).
size_t start_offset(lua_Integer pos, size_t len) {
  if (pos > 0) return static_cast<size_t>(pos) - 1;
  if (pos == 0) return 0;
  if (pos < -static_cast<lua_Integer>(len)) return 0;
  return len + static_cast<size_t>(pos);
}

bool has_specials(const char* p, size_t lp) {
  for (size_t i = 0; i < lp; ++i)
    if (p[i] != '\0' && std::strchr(kSpecials, p[i])) return true;
  return false;
}

// find and match: (s, pattern [, init [, plain]]).
int find_or_match(lua_State* L, bool find) {
  size_t ls = 0, lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  const size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
    sandbox_of(L).charge(L, static_cast<int64_t>((ls - init + lp) / 16) + 1);
    const void* at = lp == 0 ? s + init : memmem(s + init, ls - init, p, lp);
    if (!at) {
      luaL_pushfail(L);
      return 1;
    }
    const auto start = static_cast<const char*>(at) - s;
    lua_pushinteger(L, start + 1);
    lua_pushinteger(L, static_cast<lua_Integer>(start + lp));
    return 2;
  }
  const bool anchored = lp > 0 && *p == '^';
  if (anchored) ++p, --lp;
  Matcher m(L, s, ls, p, lp);
  const char* from = s + init;
  do {
    m.reset();
    if (const char* e = m.match(from, p)) {
      m.flush_steps();
      if (find) {
        lua_pushinteger(L, from - s + 1);
        lua_pushinteger(L, e - s);
        return m.push_captures(nullptr, nullptr) + 2;
      }
      return m.push_captures(from, e);
    }
  } while (from++ < m.subject_end() && !anchored);
  m.flush_steps();
  luaL_pushfail(L);
  return 1;
}

// string.find(s, pattern [, init [, plain]]) -> start, end, captures... | nil
int l_find(lua_State* L) { return find_or_match(L, true); }

// string.match(s, pattern [, init]) -> captures... (or the match) | nil
int l_match(lua_State* L) { return find_or_match(L, false); }

// gmatch's state, in a userdata upvalue: where the next search starts, and
// the end of the last match (an empty match there is skipped).
struct GmatchState {
  size_t next;
  size_t last_end;  // SIZE_MAX: no match yet
};

// The iterator of gmatch: upvalue 1 the subject, 2 the pattern, 3 the state.
int gmatch_step(lua_State* L) {
  size_t ls = 0, lp = 0;
  const char* s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char* p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  auto* state = static_cast<GmatchState*>(lua_touserdata(L, lua_upvalueindex(3)));
  Matcher m(L, s, ls, p, lp);
  for (const char* from = s + state->next; from <= s + ls; ++from) {
    m.reset();
    const char* e = m.match(from, p);
    if (e && static_cast<size_t>(e - s) != state->last_end) {
      m.flush_steps();
      state->next = state->last_end = static_cast<size_t>(e - s);
      return m.push_captures(from, e);
    }
  }
  m.flush_steps();
  state->next = ls + 1;
  return 0;
}

// string.gmatch(s, pattern [, init]) -> an iterator over the matches
int l_gmatch(lua_State* L) {
  size_t ls = 0;
  luaL_checklstring(L, 1, &ls);
  luaL_checkstring(L, 2);
  size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) init = ls + 1;
  lua_settop(L, 2);
  auto* state = static_cast<GmatchState*>(lua_newuserdatauv(L, sizeof(GmatchState), 0));
  *state = {init, SIZE_MAX};
  lua_pushcclosure(L, gmatch_step, 3);
  return 1;
}

// Appends to `b` the replacement of the match [s, e) by gsub's argument 3.
void add_replacement(lua_State* L, Matcher& m, luaL_Buffer& b, const char* s, const char* e) {
  switch (lua_type(L, 3)) {
    case LUA_TFUNCTION: {
      lua_pushvalue(L, 3);
      const int n = m.push_captures(s, e);
      lua_call(L, n, 1);
      break;
    }
    case LUA_TTABLE:
      m.push_capture(0, s, e);
      lua_gettable(L, 3);
      break;
    default: {  // a string (or a number): %0-%9 for captures, %% for %
      size_t lr = 0;
      const char* r = lua_tolstring(L, 3, &lr);
      const char* end = r + lr;
      for (const char* q = r; q < end; ++q) {
        if (*q != kEscape) {
          luaL_addchar(&b, *q);
          continue;
        }
        ++q;
        if (q < end && *q == kEscape) {
          luaL_addchar(&b, kEscape);
        } else if (q < end && is_digit(static_cast<unsigned char>(*q))) {
          if (*q == '0') {
            luaL_addlstring(&b, s, static_cast<size_t>(e - s));
          } else {
            m.push_capture(*q - '1', s, e);
            luaL_tolstring(L, -1, nullptr);
            lua_remove(L, -2);
            luaL_addvalue(&b);
          }
        } else {
          luaL_error(L, "invalid use of '%c' in replacement string", kEscape);
        }
      }
      return;
    }
  }
  if (!lua_toboolean(L, -1)) {  // nil or false: the match stays as it was
    lua_pop(L, 1);
    luaL_addlstring(&b, s, static_cast<size_t>(e - s));
  } else if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  } else {
    luaL_addvalue(&b);
  }
}

// string.gsub(s, pattern, repl [, n]) -> the new string, the number of matches replaced
int l_gsub(lua_State* L) {
  size_t ls = 0, lp = 0;
  const char* src = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  const int tr = lua_type(L, 3);
  luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                   "string/function/table");
  const lua_Integer max = luaL_optinteger(L, 4, static_cast<lua_Integer>(ls) + 1);
  const bool anchored = lp > 0 && *p == '^';
  if (anchored) ++p, --lp;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  Matcher m(L, src, ls, p, lp);
  const char* s = src;
  const char* last_end = nullptr;
  lua_Integer n = 0;
  while (n < max) {
    m.reset();
    const char* e = m.match(s, p);
    if (e && e != last_end) {
      ++n;
      m.flush_steps();
      add_replacement(L, m, b, s, e);
      s = last_end = e;
    } else if (s < src + ls) {
      luaL_addchar(&b, *s++);
    } else {
      break;
    }
    if (anchored) break;
  }
  m.flush_steps();
  luaL_addlstring(&b, s, static_cast<size_t>(src + ls - s));
  luaL_pushresult(&b);
  lua_pushinteger(L, n);
  return 2;
}

}  // namespace

extern const lua_CFunction kGmatchStep = gmatch_step;

void open_sandbox_patterns(lua_State* L) {
  // The string metatable's __index is the string table: methods follow.
  lua_getglobal(L, "string");
  static const luaL_Reg fns[] = {
      {"find", l_find}, {"match", l_match}, {"gmatch", l_gmatch}, {"gsub", l_gsub}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  lua_pop(L, 1);
}

}  // namespace cardboard
