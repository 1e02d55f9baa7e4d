// terminal_text: what a rules text may put on a player's terminal. Any
// byte may come from a mod; only text that cannot act on the terminal
// goes through.
#include <catch2/catch.hpp>

#include "session/view_format.h"

using cardboard::terminal_text;

TEST_CASE("terminal_text: control bytes, C1 controls and bytes that are not UTF-8 become '?'", "[view][hostile]") {
  // Line breaks, tabs and printable ASCII stay.
  CHECK(terminal_text("a\tb\nc ~") == "a\tb\nc ~");
  // ASCII controls and DEL.
  CHECK(terminal_text("\x1b[2J\x07\x7f") == "?[2J??");
  // UTF-8 letters, of two, three and four bytes, stay.
  CHECK(terminal_text("\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2") == "\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2");
  // C1 controls written in UTF-8 (U+009B is CSI), one '?' each.
  CHECK(terminal_text("\xc2\x9b" "2J\xc2\x80") == "?2J?");
  // U+00A0, the first character past them, stays.
  CHECK(terminal_text("\xc2\xa0") == "\xc2\xa0");
  // Lone bytes 0x80 to 0xFF: CSI on an 8-bit terminal among them.
  CHECK(terminal_text("\x9b[1m") == "?[1m");
  CHECK(terminal_text("\x80\xbf\xff\xfe") == "????");
  // Sequences cut short, overlong forms, surrogates, past U+10FFFF: a '?' a byte.
  CHECK(terminal_text("\xe2\x82") == "??");
  CHECK(terminal_text("\xc0\x9b") == "??");
  CHECK(terminal_text("\xe0\x82\x9b") == "???");
  CHECK(terminal_text("\xed\xa0\x80") == "???");
  CHECK(terminal_text("\xf4\x90\x80\x80") == "????");
  CHECK(terminal_text("\xf5\x80") == "??");
  // A lead byte whose sequence breaks: the byte after it is read again.
  CHECK(terminal_text("\xe2" "a\xc3\xa9") == "?a\xc3\xa9");
  CHECK(terminal_text("") == "");
}
