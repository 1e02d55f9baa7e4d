// Parsing TOML as untrusted input: text nested too deep is refused before
// toml++ sees it (a dotted key 31,000 segments deep overflowed its stack),
// with the position; quoted strings and comments do not count; and every
// syntax error of a file is reported, not only the first. The deep cases run
// in a child, which a stack overflow would kill.
#include <catch2/catch.hpp>

#include <string>
#include <sys/wait.h>

#include "data/toml_file.h"
#include "support.h"

using namespace cardboard;

namespace {

// What parsing `text` says, in a child that a crash would end: "ok" or the error.
std::string parse_in_child(const std::string& text) {
  int status = -1;
  const std::string out = testing::in_child(
      [&] {
        auto t = parse_toml_string(text, "deep.toml");
        return t.ok() ? std::string("ok") : t.error().message;
      },
      status);
  INFO("child status " << status);
  REQUIRE(WIFEXITED(status));
  return out;
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

const std::string kTooDeep = ": nesting deeper than 64 levels (table headers, dotted keys, arrays and inline tables "
                             "together): flatten the data";

}  // namespace

TEST_CASE("toml: a dotted key 31,000 levels deep is refused, not a crash", "[data][toml]") {
  CHECK(parse_in_child("title = \"x\"\na" + repeat(".a", 31000) + " = 1\n") == "deep.toml:2:128" + kTooDeep);
}

TEST_CASE("toml: deep table headers, arrays and inline tables are refused with their position", "[data][toml]") {
  CHECK(parse_in_child("[a" + repeat(".a", 100) + "]\n") == "deep.toml:1:129" + kTooDeep);
  CHECK(parse_in_child("x = " + repeat("[", 100) + repeat("]", 100) + "\n") == "deep.toml:1:68" + kTooDeep);
  CHECK(parse_in_child("x = " + repeat("{a = ", 100) + "1" + repeat("}", 100) + "\n") ==
        "deep.toml:1:323" + kTooDeep);
  // The depths add up: a header, a dotted key and nested arrays.
  CHECK(parse_in_child("[a" + repeat(".a", 29) + "]\nb" + repeat(".b", 29) + " = [[[[[[1]]]]]]\n") ==
        "deep.toml:2:67" + kTooDeep);
}

TEST_CASE("toml: dots and brackets inside strings and comments are not nesting", "[data][toml]") {
  const std::string dots = repeat("a.", 200);
  const std::string brackets = repeat("[", 200);
  CHECK(parse_in_child("\"" + dots + "\" = \"" + dots + brackets + "\"\n# " + dots + brackets + "\n'b." + dots +
                       "' = '''\n" + brackets + "\n'''\nv = 1.5\n") == "ok");
  // Just under the limit is fine.
  CHECK(parse_in_child("a" + repeat(".a", 63) + " = 1\n") == "ok");
  CHECK(parse_in_child("a" + repeat(".a", 64) + " = 1\n") == "deep.toml:1:128" + kTooDeep);
}

TEST_CASE("toml: every syntax error of a file is reported, each with its position", "[data][toml]") {
  Problems all;
  auto t = parse_toml_string("a = 1\nb = = 2\nc = 3\nd = \"open\ne = 5\n[t\nf = 6\n", "bad.toml", &all);
  REQUIRE_FALSE(t.ok());
  CHECK_THAT(t.error().message, Catch::StartsWith("bad.toml:2:5: "));
  REQUIRE(all.size() == 3);
  CHECK(all.first().message == t.error().message);
  CHECK_THAT(all.list()[1].message, Catch::StartsWith("bad.toml:4:"));
  CHECK_THAT(all.list()[2].message, Catch::StartsWith("bad.toml:6:"));
  // A good file reports nothing.
  Problems none;
  CHECK(parse_toml_string("a = 1\n", "good.toml", &none).ok());
  CHECK(none.empty());
}
