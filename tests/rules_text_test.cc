// What of a rules file the rules hash covers (data/rules_text.h): its code
// and values, never its comments or layout.
#include <catch2/catch.hpp>

#include "data/rules_text.h"

TEST_CASE("rules text: Lua without its comments, each gap one space, strings as written", "[data][hash]") {
  using cardboard::lua_code_text;
  CHECK(lua_code_text("-- 9.2 firefight\nlocal  x =\t1 -- one\n\n\nreturn x\n") == "local x = 1 return x");
  CHECK(lua_code_text("a--[[ a long\ncomment ]]b --[==[ another ]] ]==] c") == "a b c");
  // Strings keep their bytes: dashes, brackets and runs of spaces.
  CHECK(lua_code_text("s = '--  kept' .. \"a \\\" -- b\"") == "s = '--  kept' .. \"a \\\" -- b\"");
  CHECK(lua_code_text("s = [[ --[[ kept\n  ]] t = [=[ ]] ]=]") == "s = [[ --[[ kept\n  ]] t = [=[ ]] ]=]");
  // Indexing is no long string; an unclosed comment or string ends the text.
  CHECK(lua_code_text("t[ [[k]] ] = t[1]") == "t[ [[k]] ] = t[1]");
  CHECK(lua_code_text("x = 1 --[[ open") == "x = 1");
  CHECK(lua_code_text("x = 'open") == "x = 'open");
  // Code that differs only in its gaps is the same text; code that differs is not.
  CHECK(lua_code_text("f(a,b)\n") == lua_code_text("f(a,b) -- call"));
  CHECK(lua_code_text("x = a - -b") != lua_code_text("x = a --b"));
}

TEST_CASE("rules text: a TOML table without its comments, in key order", "[data][hash]") {
  const auto text = [](const char* toml) {
    auto t = cardboard::parse_toml_string(toml, "t.toml");
    REQUIRE(t.ok());
    return cardboard::toml_data_text(*t);
  };
  CHECK(text("# a note\nb = 2\na = [1, 2] # a list\n") == text("a = [ 1,\n  2 ]\nb = 2"));
  CHECK(text("a = 'x'") != text("a = 'y'"));
  CHECK(text("a = 1.0") != text("a = 1.0000001"));
}
