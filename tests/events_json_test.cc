// The JSON text that holds one action's events in a save: what it looks
// like, that any bytes round-trip, and the pinned messages for damaged text.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "store/events_json.h"

using namespace cardboard;

namespace {

std::string encode(const std::vector<EventRow>& events) {
  std::string out;
  append_events_json(out, events);
  return out;
}

std::vector<EventRow> decode(const std::string& json, int64_t action = 7) {
  std::vector<EventRow> out;
  const Status st = read_events_json(json, action, out);
  if (!st.ok()) FAIL(st.error().message);
  return out;
}

std::string error_of(const std::string& json) {
  std::vector<EventRow> out;
  const Status st = read_events_json(json, 1, out);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().kind == ErrorKind::kRejected);
  return st.error().message;
}

}  // namespace

TEST_CASE("events json: one array per event, visible_to only when set", "[store]") {
  CHECK(encode({}) == "[]");
  const std::vector<EventRow> events{{0, 0, "sequence", "", "Turn 2", "", {}},
                                     {0, 0, "draw", "2.1", "Jihad drawn", "arab", {}}};
  const std::string json = encode(events);
  CHECK(json == R"([["sequence","","Turn 2"],["draw","2.1","Jihad drawn","arab"]])");
  const auto back = decode(json, 12);
  REQUIRE(back.size() == 2);
  CHECK(back[0].n == 0);
  CHECK(back[1].n == 1);
  CHECK(back[1].action == 12);
  CHECK(back[0].kind == "sequence");
  CHECK(back[0].rule.empty());
  CHECK(back[0].visible_to.empty());
  CHECK(back[1].rule == "2.1");
  CHECK(back[1].text == "Jihad drawn");
  CHECK(back[1].visible_to == "arab");
  CHECK(decode("[]").empty());
}

TEST_CASE("events json: quotes, backslashes, control characters and any other bytes round-trip", "[store]") {
  std::string all;
  for (int c = 1; c < 256; ++c) all += static_cast<char>(c);
  const std::vector<EventRow> events{
      {0, 0, "log", "7.3A", "say \"hi\" \\ then\nnew line\ttab\r", "", {}},
      {0, 0, "log", "", "Tzahal \xd7\xa6\xd7\x94\"\xd7\x9c, \xff\xfe not UTF-8", "", {}},
      {0, 0, "log", "", all, "side \x01", {}},
      {0, 0, "", "", "", "", {}}};
  const std::string json = encode(events);
  CHECK(json.find('\n') == std::string::npos);
  CHECK(json.find("\\u0001") != std::string::npos);
  const auto back = decode(json);
  REQUIRE(back.size() == events.size());
  for (size_t i = 0; i < events.size(); ++i) {
    CHECK(back[i].kind == events[i].kind);
    CHECK(back[i].rule == events[i].rule);
    CHECK(back[i].text == events[i].text);
    CHECK(back[i].visible_to == events[i].visible_to);
  }
}

TEST_CASE("events json: the reader takes spaces and every JSON escape", "[store]") {
  const auto back = decode(" [ [ \"log\" , \"1\" , \"a\\/b \\u00e9 \\ud83c\\udfb2 \\b\\f\" ] ] ");
  REQUIRE(back.size() == 1);
  CHECK(back[0].text == "a/b \xc3\xa9 \xf0\x9f\x8e\xb2 \b\f");
}

TEST_CASE("events json: damaged text gives a message with the byte, never a crash", "[store]") {
  CHECK(error_of("") == "bad event list at byte 0: expected '['");
  CHECK(error_of("[") == "bad event list at byte 1: expected '[' (an event)");
  CHECK(error_of(R"([["log","1"]])") == "bad event list at byte 11: expected ',' (the text)");
  CHECK(error_of(R"([["log","1","x"])") == "bad event list at byte 16: expected ',' or ']'");
  CHECK(error_of(R"([["log","1","x"]] tail)") == "bad event list at byte 18: expected the end");
  CHECK(error_of(R"([["log","1","x)") == "bad event list at byte 14: expected the end of a string");
  CHECK(error_of(R"([["log","1","\q"]])") == "bad event list at byte 14: expected an escape (one of \"\\/bfnrtu)");
  CHECK(error_of(R"([["log","1","\u12"]])") == "bad event list at byte 17: expected 4 hex digits");
  CHECK(error_of(R"([["log","1","\ud83c"]])") == "bad event list at byte 19: expected a low surrogate");
  CHECK(error_of(R"([["log","1","\udc00"]])") == "bad event list at byte 19: expected a high surrogate before a low one");
  CHECK(error_of("[[\"log\",\"1\",\"a\nb\"]]") == "bad event list at byte 14: expected an escaped control character");
  CHECK(error_of(R"([["log",1,"x"]])") == "bad event list at byte 8: expected a string");
  // Every prefix of a good text is an error, not a crash.
  const std::string good = encode({{0, 0, "roll", "9.1", "2d6 rolled \"7\"", "idf", {}}});
  for (size_t n = 0; n < good.size(); ++n) {
    std::vector<EventRow> out;
    CHECK_FALSE(read_events_json(good.substr(0, n), 1, out).ok());
  }
}

TEST_CASE("events json: the writer builds the same text one event at a time", "[store]") {
  EventsJsonWriter w;
  CHECK(w.json() == "[]");
  w.add("sequence", "", "Turn 2", "");
  CHECK(w.json() == R"([["sequence","","Turn 2"]])");
  w.add("draw", "2.1", "Jihad \"drawn\"", "arab");  // after json(): the array is reopened
  const std::vector<EventRow> same{{0, 0, "sequence", "", "Turn 2", "", {}}, {0, 0, "draw", "2.1", "Jihad \"drawn\"", "arab", {}}};
  CHECK(w.json() == encode(same));
  CHECK(w.json() == encode(same));
  w.clear();
  CHECK(w.json() == "[]");
  w.add("log", "1", "a", "");
  CHECK(w.json() == R"([["log","1","a"]])");
}
