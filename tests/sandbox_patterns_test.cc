// The sandbox's own Lua patterns (script/lua_patterns.cc) against Lua's:
// the same calls of string.find, match, gmatch and gsub, on many generated
// patterns and subjects, give the same results and the same errors in a
// Sandbox as in a plain lua_State with Lua's own string library. And the
// steps of a pattern count against the instruction budget, so one that
// would backtrack for ages stops with the budget's error.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include <lua.hpp>

#include "script/sandbox.h"
#include "support.h"

using namespace cardboard;

namespace {

// Runs `code` (which returns a string) and returns it, or "error: message".
std::string outcome(lua_State* L, const std::string& code) {
  if (luaL_loadbufferx(L, code.data(), code.size(), "=case", "t") != LUA_OK) return "load: " + std::string(lua_tostring(L, -1));
  const int status = lua_pcall(L, 0, 1, 0);
  std::string out = lua_tostring(L, -1) ? lua_tostring(L, -1) : "(not a string)";
  lua_pop(L, 1);
  return status == LUA_OK ? out : "error: " + out;
}

// A Lua string literal of `s`, every byte escaped.
std::string quote(const std::string& s) {
  std::string q = "\"";
  for (unsigned char c : s) q += "\\" + std::to_string(c);
  return q + "\"";
}

// The results of a call as text: types and values, in order.
const char* kShow =
    "local function show(...) local out = {} for i = 1, select('#', ...) do local v = select(i, ...) "
    "out[#out + 1] = type(v) .. ':' .. tostring(v) end return table.concat(out, ' ') end ";

class Generator {
 public:
  explicit Generator(uint32_t seed) : rng_(seed) {}

  std::string subject() {
    static const std::vector<std::string> alphabet = {"a", "b", "c", "x", "(", ")", "[", "]", "%", "^",
                                                      "$", ".", "1", "2", " ", "\t", "A", "Z", "-", "_",
                                                      std::string(1, '\0'), "\xe9"};
    std::string s;
    const int n = pick(14);
    for (int i = 0; i < n; ++i) s += alphabet[pick(alphabet.size())];
    return s;
  }

  std::string pattern() {
    static const std::vector<std::string> items = {
        "a", "b", "c", "x", ".", "%a", "%d", "%s", "%w", "%p", "%x", "%u", "%l", "%c", "%g", "%z", "%A", "%D",
        "%S", "%W", "%.", "%%", "%(", "%]", "[abc]", "[^a]", "[a-c]", "[%d%a]", "[]]", "[^]]", "[a-]", "[%]]",
        "[%^a]", "%b()", "%bab", "%f[%a]", "%f[%A]", "%f[%s]", "%1", "%2", " ", "1", "-", "^", "$", "(", ")"};
    static const std::vector<std::string> quantifiers = {"", "", "", "*", "+", "-", "?"};
    std::string p;
    if (pick(4) == 0) p += "^";
    const int n = 1 + pick(5);
    int open = 0;
    for (int i = 0; i < n; ++i) {
      const int r = pick(10);
      if (r == 0) {
        p += "(";
        ++open;
      } else if (r == 1 && open > 0) {
        p += ")";
        --open;
      } else if (r == 2) {
        p += "()";
      } else {
        p += items[pick(items.size())];
        p += quantifiers[pick(quantifiers.size())];
      }
    }
    while (open-- > 0 && pick(3) != 0) p += ")";
    if (pick(5) == 0) p += "$";
    if (pick(40) == 0) p += "%";  // malformed
    if (pick(40) == 0) p += "[a";
    return p;
  }

  int pick(size_t n) { return static_cast<int>(rng_() % n); }

 private:
  std::mt19937 rng_;
};

}  // namespace

TEST_CASE("sandbox patterns: find, match, gmatch and gsub agree with Lua's own on generated cases",
          "[kernel][sandbox][patterns]") {
  lua_State* plain = luaL_newstate();
  luaL_openlibs(plain);
  Sandbox sb({});
  Generator gen(20240611);
  const char* calls[] = {
      "return show(string.find(S, P))",
      "return show(string.find(S, P, I))",
      "return show(string.find(S, P, I, true))",
      "return show(string.match(S, P))",
      "return show(S:match(P, I))",
      "local out = {} for a, b in string.gmatch(S, P) do out[#out + 1] = show(a, b) end return table.concat(out, '|')",
      "local out = {} for a in S:gmatch(P, I) do out[#out + 1] = show(a) end return table.concat(out, '|')",
      "return show(string.gsub(S, P, '<%0>'))",
      "return show(string.gsub(S, P, '%1-%%', I))",
      "return show(S:gsub(P, { a = 'A', [''] = 'E', x = false, ['1'] = 7 }))",
      ("return show(string.gsub(S, P, function(a, b) if a == 'b' then return nil end return '[' .. tostring(a) .. "
       "tostring(b) .. ']' end))"),
  };
  int agreed = 0, errors = 0, matches = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string s = gen.subject(), p = gen.pattern();
    const int init = gen.pick(20) - 6;
    for (const char* call : calls) {
      const std::string code = std::string(kShow) + "local S, P, I = " + quote(s) + ", " + quote(p) + ", " +
                               std::to_string(init) + " " + call;
      const std::string want = outcome(plain, code);
      const std::string got = outcome(sb.L(), code);
      INFO("subject " << quote(s) << ", pattern " << quote(p) << ", init " << init << ": " << call);
      REQUIRE(got == want);
      ++agreed;
      errors += want.rfind("error: ", 0) == 0;
      matches += want.find("number:") != std::string::npos || want.find("string:") != std::string::npos;
    }
  }
  // The generated cases reach the errors too, not only the matches.
  CHECK(errors > 100);
  CHECK(matches > 10000);
  INFO(errors << " errors, " << matches << " cases with a result");
  CHECK(agreed == 3000 * 11);
  lua_close(plain);
}

TEST_CASE("sandbox patterns: the manual's examples give Lua's results", "[kernel][sandbox][patterns]") {
  lua_State* plain = luaL_newstate();
  luaL_openlibs(plain);
  Sandbox sb({});
  const char* cases[] = {
      "return show(string.find('hello world', 'o w'))",
      "return show(string.gsub('hello world', '(%w+)', '%1 %1'))",
      "return show(string.gsub('hello world', '%w+', '%0 %0', 1))",
      "return show(string.gsub('hello world from Lua', '(%w+)%s*(%w+)', '%2 %1'))",
      "return show(string.gsub('$name-$version.tar.gz', '%$(%w+)', { name = 'lua', version = '5.4' }))",
      "return show(string.find('THE (quick) fox', '%((%a+)%)'))",
      "return show(string.match('  key = value  ', '^%s*(%S+)%s*=%s*(%S+)'))",
      "return show(string.match('hello', '()ll()'))",
      "return show(string.gsub('THE (quick) fox', '%f[%a]%a+', 'W'))",
      "return show(string.find('f(a(b)c)d', '%b()'))",
      "return show(string.gsub('abc', '', '-'))",
      "return show(string.match('2024-06-11', '(%d+)-(%d+)-(%d+)'))",
      "return show(string.find('a+b', '+', 1, true))",
      "return show(string.match(' x', '^(%s*)$'))",
      "return show(string.gsub('one two', '(%w+) (%w+)', '%2 %1 %0'))",
      "return show(string.rep('ab', 3, ','), string.byte('abc', 1, -1))",
      "return show(string.find(string.rep('a', 300), string.rep('a?', 300)))",
      "return show(string.find('a', string.rep('(', 40)))",
  };
  for (const char* c : cases) {
    const std::string code = std::string(kShow) + c;
    INFO(c);
    CHECK(outcome(sb.L(), code) == outcome(plain, code));
  }
  lua_close(plain);
}

TEST_CASE("sandbox patterns: a pattern that backtracks for ages stops with the budget's error",
          "[kernel][sandbox][patterns]") {
  // Lua's own matcher would take longer than anyone waits, inside one C call
  // where no hook runs: a forked child, so a hang fails the test (the child
  // is killed after 20 seconds) instead of stopping the suite.
  int status = -1;
  const std::string out = testing::in_child(
      [] {
        SandboxLimits limits;
        limits.instructions = 20'000'000;
        limits.count_after = std::chrono::milliseconds(0);
        Sandbox sb({}, limits);
        auto s = sb.run_string("return string.find(string.rep('a', 2000), '.-.-.-.-b')", "t");
        return s.ok() ? std::string("finished") : s.error().message;
      },
      status);
  CHECK(status == 0);
  CHECK_THAT(out, Catch::StartsWith("rules script exceeded the instruction budget (20000000 instructions): "));
  CHECK_THAT(out, Catch::Contains("instruction budget exceeded"));
  // gsub and gmatch count their steps too, and no pcall catches it.
  const std::string again = testing::in_child(
      [] {
        SandboxLimits limits;
        limits.instructions = 20'000'000;
        limits.count_after = std::chrono::milliseconds(0);
        Sandbox sb({}, limits);
        auto s = sb.run_string("local s = string.rep('a', 2000) "
                               "while true do pcall(string.gsub, s, '.-.-.-.-b', '') "
                               "for m in s:gmatch('.-.-.-.-b') do end end",
                               "t");
        return s.ok() ? std::string("finished") : s.error().message;
      },
      status);
  CHECK(status == 0);
  CHECK_THAT(again, Catch::StartsWith("rules script exceeded the instruction budget"));
}
