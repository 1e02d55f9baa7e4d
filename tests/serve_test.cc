// `cardboard serve` over real HTTP (docs/serve.md): a Server on a free port
// of this machine, asked by cpp-httplib's client as a browser would ask it.
// The games are the project's own; the saves go to a temporary folder.
#include <httplib.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "bots/simulate.h"
#include "core/bytes.h"
#include "data/game_loader.h"
#include "script/run_watch.h"
#include "script/sandbox.h"
#include "script/test_globals.h"
#include "serve/compress.h"
#include "serve/link_book.h"
#include "serve/server.h"
#include "session/history.h"
#include "support.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A server on a free port with its saves in a fresh folder, stopped and
// removed when it goes.
struct TestServer {
  bool keep = false;  // the saves folder is the test's (kept_saves), not removed with the server
  fs::path saves;
  std::unique_ptr<cardboard::Server> server;
  std::thread thread;
  int port = 0;

  explicit TestServer(int bot_delay_ms = 0, const std::string& root = CARDBOARD_SOURCE_ROOT,
                      std::vector<std::string> bots = {}, const std::string& hint = "", int hint_searches = 0,
                      const fs::path& kept_saves = {}, int bot_seconds = 60, int request_ms = 10000)
      : keep(!kept_saves.empty()) {
    saves = keep ? kept_saves
                 : fs::temp_directory_path() / ("cardboard-serve-" + std::to_string(::getpid()) + "-" +
                                                std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(saves);
    // A fixed seed key, so that a typed seed between people plays the same
    // game at every run (the server makes a random one where none is).
    if (!fs::exists(saves / ".seed-key")) std::ofstream(saves / ".seed-key") << std::string(64, '7') << "\n";
    cardboard::ServeOptions o;
    o.port = 0;
    o.root = root;
    o.saves = saves.string();
    o.bot_delay_ms = bot_delay_ms;
    o.bots = std::move(bots);
    if (!hint.empty()) o.hint = hint;
    o.hint_searches = hint_searches;
    o.bot_seconds = bot_seconds;
    o.threads = 16;
    o.request_ms = request_ms;
    server = std::make_unique<cardboard::Server>(o);
    auto p = server->bind();
    REQUIRE(p.ok());
    port = *p;
    thread = std::thread([this] { server->run(); });
  }
  ~TestServer() {
    server->stop();
    thread.join();
    server.reset();
    std::error_code ec;
    if (!keep) fs::remove_all(saves, ec);
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(10, 0);
    return c;
  }
  httplib::Headers host() const { return {{"X-Cardboard-Key", server->host_key()}}; }
};

struct Answer {
  int status = 0;
  json body;
  std::string text;
};

Answer get(const TestServer& s, const std::string& path, const httplib::Headers& h = {}) {
  auto r = s.client().Get(path, h);
  REQUIRE(r);
  return {r->status, json::parse(r->body, nullptr, false), r->body};
}

Answer post(const TestServer& s, const std::string& path, const std::string& body, const httplib::Headers& h = {}) {
  auto r = s.client().Post(path, h, body, "application/json");
  REQUIRE(r);
  return {r->status, json::parse(r->body, nullptr, false), r->body};
}

std::string token_of(const std::string& link) { return link.substr(link.rfind('/') + 1); }

// The state read through `token` once the game is over, or `stop` says to
// stop, or after some ten seconds: the bots play meanwhile.
json state_when(const TestServer& s, const std::string& token, const std::function<bool(const json&)>& stop = nullptr) {
  json st;
  for (int i = 0; i < 500; ++i) {
    st = get(s, "/api/play/" + token + "/state").body;
    if (st["view"]["finished"].get<bool>() || (stop && stop(st))) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return st;
}

// Starts golan/october between two people: {syria, israel, spectator} tokens.
std::map<std::string, std::string> golan_between_people(const TestServer& s, int seed = 3) {
  auto a = post(s, "/api/new", json{{"scenario", "golan/october"}, {"seed", seed}}.dump(), s.host());
  REQUIRE(a.status == 200);
  std::map<std::string, std::string> t;
  for (const auto& [who, link] : a.body["links"].items()) t[who] = token_of(link);
  REQUIRE(t.size() == 3);
  return t;
}

// The ids of the pieces a view names (a hidden piece has none).
std::set<int> named_pieces(const json& view, const std::string& owner) {
  std::set<int> ids;
  for (const auto& l : view["locations"])
    if (l.contains("pieces"))
      for (const auto& p : l["pieces"])
        if (p.contains("id") && p.value("owner", "") == owner) ids.insert(p["id"].get<int>());
  return ids;
}

int hidden_pieces(const json& view, const std::string& owner) {
  int n = 0;
  for (const auto& l : view["locations"])
    if (l.contains("pieces"))
      for (const auto& p : l["pieces"]) n += p.value("hidden", false) && p.value("owner", "") == owner;
  return n;
}

}  // namespace

TEST_CASE("serve: the lobby answers only to the host key", "[serve]") {
  TestServer s;
  CHECK(get(s, "/api/lobby").status == 403);
  CHECK(get(s, "/api/lobby", {{"X-Cardboard-Key", std::string(32, '0')}}).status == 403);
  CHECK(post(s, "/api/new", R"({"scenario":"golan/october"})").status == 403);
  auto lobby = get(s, "/api/lobby", s.host());
  REQUIRE(lobby.status == 200);
  bool golan = false;
  for (const auto& g : lobby.body["games"]) golan = golan || g["id"] == "golan";
  CHECK(golan);
  // The printed address sets the key as a cookie the browser keeps.
  auto r = s.client().Get("/?key=" + s.server->host_key());
  REQUIRE(r);
  CHECK(r->status == 303);
  CHECK(r->get_header_value("Set-Cookie").find("HttpOnly") != std::string::npos);
  CHECK(r->get_header_value("Set-Cookie").find("SameSite=Strict") != std::string::npos);
  CHECK(get(s, "/api/lobby", {{"Cookie", "a=b; cardboard_key=" + s.server->host_key()}}).status == 200);
  CHECK(s.client().Get("/?key=" + std::string(32, 'f'))->status == 403);
}

TEST_CASE("serve: each side's link sees its own view, a spectator the public one, to the end of a game", "[serve]") {
  TestServer s;
  auto t = golan_between_people(s);
  CHECK(t["syria"] != t["israel"]);
  CHECK(t["syria"].size() == 32);  // 128 bits
  auto board = get(s, "/api/play/" + t["spectator"] + "/board");
  REQUIRE(board.status == 200);
  CHECK(board.body["maps"][0]["kind"] == "hex");
  CHECK(board.body["maps"][0]["hexes"].size() == 48);

  cardboard::RandomBot bot(11);
  bool saw_fog[2] = {false, false};
  int64_t log_seen[3] = {0, 0, 0};
  const std::string sides[2] = {"syria", "israel"};
  for (int step = 0; step < 2000; ++step) {
    json views[3];
    for (int r = 0; r < 3; ++r) {
      const std::string who = r < 2 ? sides[r] : "spectator";
      auto st = get(s, "/api/play/" + t[who] + "/state");
      REQUIRE(st.status == 200);
      views[r] = st.body;
      // The log after the last action seen: no event of another side alone.
      auto lg = get(s, "/api/play/" + t[who] + "/log?after=" + std::to_string(log_seen[r]));
      REQUIRE(lg.status == 200);
      log_seen[r] = lg.body["actions"].get<int64_t>();
    }
    const json& spectator = views[2]["view"];
    if (spectator["finished"].get<bool>()) break;
    for (int r = 0; r < 2; ++r) {
      const json& v = views[r]["view"];
      const std::string other = sides[1 - r];
      // Every piece of the other side this side's page names, a spectator sees too.
      for (int id : named_pieces(v, other)) CHECK(named_pieces(spectator, other).count(id) == 1);
      saw_fog[r] = saw_fog[r] || hidden_pieces(v, other) > 0;
      // Only the deciding side is sent choices: they can name its hidden pieces.
      if (v["deciding"] != sides[r]) CHECK(v["choices"].empty());
    }
    CHECK(spectator["choices"].empty());
    const std::string deciding = spectator["deciding"].get<std::string>();
    const int r = deciding == "syria" ? 0 : 1;
    const json& choices = views[r]["view"]["choices"];
    REQUIRE(!choices.empty());
    const int64_t at = views[r]["actions"].get<int64_t>();
    // The other side may not act for it.
    CHECK(post(s, "/api/play/" + t[sides[1 - r]] + "/act", json{{"at", at}, {"choice", "1"}}.dump()).status == 403);
    const auto& choice = choices[bot.choose(static_cast<int>(choices.size()))];
    auto acted = post(s, "/api/play/" + t[deciding] + "/act", json{{"at", at}, {"choice", choice["value"]}}.dump());
    REQUIRE(acted.status == 200);
    CHECK(acted.body["actions"] == at + 1);
  }
  // Fog hid each side's pieces from the other at some point, or the checks above proved nothing.
  CHECK(saw_fog[0]);
  CHECK(saw_fog[1]);
  auto end = get(s, "/api/play/" + t["spectator"] + "/state");
  CHECK(end.body["view"]["finished"] == true);
  // Once the game is over everyone sees everything.
  CHECK(hidden_pieces(end.body["view"], "israel") == 0);
}

TEST_CASE("serve: between people an undo past a roll needs the other side's agreement", "[serve]") {
  TestServer s;
  auto t = golan_between_people(s, 7);
  const std::string sides[2] = {"syria", "israel"};
  cardboard::RandomBot bot(5);
  auto state = [&](const std::string& who) { return get(s, "/api/play/" + t[who] + "/state").body; };
  // Plays on until a side's own last action lies beyond an information
  // barrier (it rolled or saw something new): that side's index.
  auto play_to_a_barrier = [&]() -> int {
    for (int step = 0; step < 2000; ++step) {
      for (int r = 0; r < 2; ++r)
        if (state(sides[r])["undo"]["needs_agreement"] == true) return r;
      const json spectator = state("spectator");
      REQUIRE(spectator["view"]["finished"] == false);
      const std::string deciding = spectator["view"]["deciding"];
      const json st = state(deciding);
      const json& choices = st["view"]["choices"];
      const auto& choice = choices[bot.choose(static_cast<int>(choices.size()))];
      REQUIRE(post(s, "/api/play/" + t[deciding] + "/act", json{{"at", st["actions"]}, {"choice", choice["value"]}}.dump()).status == 200);
    }
    FAIL("no side's last action lay past a barrier");
    return -1;
  };

  const int r = play_to_a_barrier();
  const std::string asker = sides[r], other = sides[1 - r];
  json st = state(asker);
  const int64_t n = st["actions"];
  const int64_t count = st["undo"]["count"];
  CHECK(st["undo"]["possible"] == false);
  CHECK(post(s, "/api/play/" + t[asker] + "/undo", json{{"at", n}}.dump()).status == 403);  // not alone
  CHECK(post(s, "/api/play/" + t["spectator"] + "/undo/propose", json{{"at", n}}.dump()).status == 403);
  CHECK(post(s, "/api/play/" + t[asker] + "/undo/propose", json{{"at", n - 1}}.dump()).status == 409);
  CHECK(post(s, "/api/play/" + t[other] + "/undo/answer", json{{"at", n}, {"agree", true}}.dump()).status == 409);  // nothing proposed

  // Proposed, then declined: nothing taken back, both pages told.
  REQUIRE(post(s, "/api/play/" + t[asker] + "/undo/propose", json{{"at", n}}.dump()).status == 200);
  json theirs = state(other);
  REQUIRE(theirs["undo"]["proposal"].is_object());
  CHECK(theirs["undo"]["proposal"]["by"] == asker);
  CHECK(theirs["undo"]["proposal"]["count"] == count);
  CHECK(theirs["undo"]["proposal"]["yours_to_answer"] == true);
  CHECK(state(asker)["undo"]["proposal"]["yours_to_answer"] == false);
  CHECK(state(asker)["undo"]["proposal"]["waiting"] == json::array({other}));
  CHECK(state("spectator")["undo"]["proposal"]["by"] == asker);
  CHECK(post(s, "/api/play/" + t[asker] + "/undo/answer", json{{"at", n}, {"agree", true}}.dump()).status == 400);
  CHECK(post(s, "/api/play/" + t[other] + "/undo/answer", json{{"at", n}, {"agree", "yes"}}.dump()).status == 400);
  REQUIRE(post(s, "/api/play/" + t[other] + "/undo/answer", json{{"at", n}, {"agree", false}}.dump()).status == 200);
  st = state(asker);
  CHECK(st["actions"] == n);
  CHECK(st["undo"]["proposal"].is_null());
  CHECK(st["undo"]["note"].get<std::string>().find("declined") != std::string::npos);

  // Proposed again and agreed: taken back, to the state the game had then.
  REQUIRE(post(s, "/api/play/" + t[asker] + "/undo/propose", json{{"at", n}}.dump()).status == 200);
  auto agreed = post(s, "/api/play/" + t[other] + "/undo/answer", json{{"at", n}, {"agree", true}}.dump());
  REQUIRE(agreed.status == 200);
  CHECK(agreed.body["actions"] == n - count);
  st = state(other);
  CHECK(st["actions"] == n - count);
  CHECK(st["undo"]["proposal"].is_null());
  CHECK(st["undo"]["note"].get<std::string>().find("All agreed") != std::string::npos);

  // A proposal lapses when the game moves on before the answer.
  const int r2 = play_to_a_barrier();
  st = state(sides[r2]);
  const int64_t m = st["actions"];
  REQUIRE(post(s, "/api/play/" + t[sides[r2]] + "/undo/propose", json{{"at", m}}.dump()).status == 200);
  const std::string deciding = state("spectator")["view"]["deciding"];
  const json ds = state(deciding);
  REQUIRE(post(s, "/api/play/" + t[deciding] + "/act", json{{"at", m}, {"choice", ds["view"]["choices"][0]["value"]}}.dump()).status == 200);
  CHECK(state(sides[1 - r2])["undo"]["proposal"].is_null());
  CHECK(post(s, "/api/play/" + t[sides[1 - r2]] + "/undo/answer", json{{"at", m + 1}, {"agree", true}}.dump()).status == 409);
  CHECK(state("spectator")["actions"] == m + 1);
}

// The names of the pieces a location shows in a view (a hidden one has none).
std::vector<std::string> names_at(const json& view, const std::string& location) {
  std::vector<std::string> out;
  for (const auto& l : view["locations"])
    if (l["id"] == location && l.contains("pieces"))
      for (const auto& p : l["pieces"])
        if (p.contains("name")) out.push_back(p["name"]);
  return out;
}

TEST_CASE("serve: in a game with hidden hands each side's page names only its own chits", "[serve]") {
  // The Next War in Lebanon between two people, played a few hundred
  // actions by random choices: the enemy's hand, its secret selections and
  // its strategy never reach a side's state or log; a spectator sees
  // neither hand.
  TestServer s;
  auto a = post(s, "/api/new", json{{"scenario", "next_war_in_lebanon/next_war"}, {"seed", 4}}.dump(), s.host());
  REQUIRE(a.status == 200);
  std::map<std::string, std::string> t;
  for (const auto& [who, link] : a.body["links"].items()) t[who] = token_of(link);
  REQUIRE(t.size() == 3);
  const std::string sides[2] = {"idf", "insurgent"};
  cardboard::RandomBot bot(9);
  int64_t log_seen[2] = {-1, -1};
  bool saw_own_hand[2] = {false, false};
  bool saw_own_selection[2] = {false, false};
  for (int step = 0; step < 300; ++step) {
    json views[2];
    for (int r = 0; r < 2; ++r) {
      views[r] = get(s, "/api/play/" + t[sides[r]] + "/state").body;
      const std::string enemy = sides[1 - r];
      CHECK(names_at(views[r]["view"], enemy + "_hand").empty());
      CHECK(names_at(views[r]["view"], enemy + "_pool").empty());
      saw_own_hand[r] = saw_own_hand[r] || !names_at(views[r]["view"], sides[r] + "_hand").empty();
      // The log after the last action seen: never the enemy's secret choices.
      auto lg = get(s, "/api/play/" + t[sides[r]] + "/log?after=" + std::to_string(log_seen[r]));
      REQUIRE(lg.status == 200);
      log_seen[r] = lg.body["actions"].get<int64_t>();
      // (A chit played, "IDF chose J-3 A: move units", is public; a chit
      // selected, "IDF chose J-3", is not.)
      const std::string enemy_title = enemy == "idf" ? "IDF" : "Insurgent";
      const std::regex selected(enemy_title + " chose (J-[0-9]|Counter.*)$");
      const std::regex own(std::string(r == 0 ? "IDF" : "Insurgent") + " chose J-[0-9]$");
      for (const auto& e : lg.body["events"]) {
        CHECK(!std::regex_search(e["text"].get<std::string>(), selected));
        saw_own_selection[r] = saw_own_selection[r] || std::regex_search(e["text"].get<std::string>(), own);
      }
    }
    const json spectator = get(s, "/api/play/" + t["spectator"] + "/state").body["view"];
    for (const std::string& side : sides) CHECK(names_at(spectator, side + "_hand").empty());
    if (spectator["finished"].get<bool>()) break;
    const std::string deciding = spectator["deciding"];
    const int r = deciding == "idf" ? 0 : 1;
    const json& choices = views[r]["view"]["choices"];
    REQUIRE(!choices.empty());
    const auto& choice = choices[bot.choose(static_cast<int>(choices.size()))];
    auto acted = post(s, "/api/play/" + t[deciding] + "/act",
                      json{{"at", views[r]["actions"]}, {"choice", choice["value"]}}.dump());
    REQUIRE(acted.status == 200);
  }
  // Each side saw its own chits and selections, or the checks above proved nothing.
  CHECK(saw_own_hand[0]);
  CHECK(saw_own_hand[1]);
  CHECK(saw_own_selection[0]);
  CHECK(saw_own_selection[1]);
}

TEST_CASE("serve: of two actions on the same view one is taken, the other refused as stale", "[serve]") {
  TestServer s;
  auto t = golan_between_people(s, 5);
  for (int round = 0; round < 10; ++round) {
    auto st = get(s, "/api/play/" + t["syria"] + "/state");
    REQUIRE(st.status == 200);
    if (st.body["view"]["deciding"] != "syria") break;
    const int64_t at = st.body["actions"].get<int64_t>();
    const std::string body = json{{"at", at}, {"choice", "1"}}.dump();
    std::atomic<int> ok{0}, stale{0}, other{0};
    std::vector<std::thread> racers;
    for (int i = 0; i < 4; ++i)
      racers.emplace_back([&] {
        auto r = s.client().Post("/api/play/" + t["syria"] + "/act", body, "application/json");
        if (!r) ++other;
        else if (r->status == 200) ++ok;
        else if (r->status == 409) ++stale;
        else ++other;
      });
    for (auto& r : racers) r.join();
    CHECK(ok == 1);
    CHECK(stale == 3);
    CHECK(other == 0);
    CHECK(get(s, "/api/play/" + t["syria"] + "/state").body["actions"] == at + 1);
  }
}

TEST_CASE("serve: bad requests get a clear error and change nothing", "[serve]") {
  TestServer s;
  auto t = golan_between_people(s);
  const std::string act = "/api/play/" + t["syria"] + "/act";
  const auto actions = [&] { return get(s, "/api/play/" + t["syria"] + "/state").body["actions"].get<int64_t>(); };
  CHECK(get(s, "/api/play/" + std::string(32, 'a') + "/state").status == 404);
  CHECK(get(s, "/api/play/short/state").status == 404);
  auto malformed = post(s, act, "{not json");
  CHECK(malformed.status == 400);
  CHECK(malformed.body["error"].get<std::string>().find("malformed") != std::string::npos);
  CHECK(post(s, act, "[1,2]").status == 400);
  CHECK(post(s, act, R"({"at":"0","choice":"1"})").status == 400);
  CHECK(post(s, act, R"({"at":0})").status == 400);
  CHECK(post(s, act, std::string(100000, '[')).status == 413);
  CHECK(post(s, act, std::string(5000, '[') + std::string(5000, ']')).status == 400);
  CHECK(post(s, act, R"({"at":0,"choice":"99"})").status == 422);
  CHECK(post(s, act, R"({"at":0,"choice":"no such choice"})").status == 422);
  CHECK(post(s, act, R"({"at":7,"choice":"1"})").status == 409);
  CHECK(post(s, "/api/play/" + t["spectator"] + "/act", R"({"at":0,"choice":"1"})").status == 403);
  CHECK(post(s, "/api/play/" + t["syria"] + "/undo", R"({"at":0})").status == 422);  // nothing to take back
  CHECK(post(s, "/api/play/" + t["syria"] + "/undo", R"({"at":0,"count":0})").status == 400);
  CHECK(get(s, "/api/play/" + t["syria"] + "/log?after=x").status == 400);
  CHECK(get(s, "/api/play/" + t["syria"] + "/asset/../../etc/passwd").status == 404);
  CHECK(actions() == 0);
  // The lobby's requests: no path may leave the saves folder, no scenario outside the catalogue.
  CHECK(post(s, "/api/new", R"({"scenario":"golan/october","save":"../escape.cbsave"})", s.host()).status == 400);
  CHECK(post(s, "/api/new", R"({"scenario":"/etc/passwd"})", s.host()).status == 404);
  CHECK(post(s, "/api/new", R"({"scenario":"golan/october","sides":{"nobody":"bot"}})", s.host()).status == 400);
  CHECK(post(s, "/api/open", R"({"save":"../../x.cbsave"})", s.host()).status == 400);
  CHECK(post(s, "/api/open", R"({"save":"missing.cbsave"})", s.host()).status == 404);
  CHECK(post(s, "/api/replay", R"({"save":"missing.cbsave"})", s.host()).status == 404);
  CHECK(!fs::exists(s.saves.parent_path() / "escape.cbsave"));
  // A file in the saves folder that is no save is refused, with the reason.
  { std::ofstream(s.saves / "junk.cbsave") << "not a save"; }
  auto junk = post(s, "/api/open", R"({"save":"junk.cbsave"})", s.host());
  CHECK(junk.status == 422);
  CHECK(junk.body["error"].get<std::string>().find("not a cardboard save") != std::string::npos);
  // Still playable after all that.
  CHECK(post(s, act, R"({"at":0,"choice":"1"})").status == 200);
}

TEST_CASE("serve: the page and the command line on one save", "[serve]") {
  TestServer s;
  auto t = golan_between_people(s);
  auto stream_client = s.client();
  std::atomic<int> events{0};
  std::atomic<bool> done{false};
  std::thread listener([&] {
    stream_client.Get("/api/play/" + t["israel"] + "/stream", [&](const char* data, size_t n) {
      if (std::string(data, n).find("event: action") != std::string::npos) ++events;
      return !done.load();
    });
  });
  for (int i = 0; i < 50 && events == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(events == 1);  // the first event comes at once
  // What `cardboard act` does, on the save the server has open.
  const std::string save = (s.saves / "golan-october.cbsave").string();
  {
    auto h = cardboard::History::open(save, CARDBOARD_SOURCE_ROOT, cardboard::History::Access::kWrite);
    REQUIRE(h.ok());
    cardboard::testing::must_ok((*h)->act("1"));
  }
  for (int i = 0; i < 150 && events < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(events >= 2);  // the stream saw the command line's action
  CHECK(get(s, "/api/play/" + t["syria"] + "/state").body["actions"] == 1);
  // A page acting on the view before it is stale.
  CHECK(post(s, "/api/play/" + t["syria"] + "/act", R"({"at":0,"choice":"1"})").status == 409);
  done = true;
  s.server->stop();
  listener.join();
}

TEST_CASE("serve: the bots of a game are seeded from its seed: the same game, the same moves", "[serve][bots]") {
  TestServer s;
  std::vector<std::string> hashes;
  for (int run = 0; run < 2; ++run) {
    auto a = post(s, "/api/new", json{{"scenario", "golan/october"}, {"seed", 21}, {"sides", {{"syria", "bot"}, {"israel", "bot"}}}}.dump(),
                  s.host());
    REQUIRE(a.status == 200);
    const json st = state_when(s, token_of(a.body["links"]["spectator"]));
    REQUIRE(st["view"]["finished"] == true);
    hashes.push_back(st["view"]["state_hash"].get<std::string>() + " after " + std::to_string(st["actions"].get<int64_t>()));
  }
  CHECK(hashes[0] == hashes[1]);
}

TEST_CASE("serve: a replay steps through a save and a player takes over from any point", "[serve]") {
  TestServer s;
  auto a = post(s, "/api/new", json{{"scenario", "golan/october"}, {"seed", 9}, {"sides", {{"syria", "bot"}, {"israel", "bot"}}}}.dump(), s.host());
  REQUIRE(a.status == 200);
  const json st = state_when(s, token_of(a.body["links"]["spectator"]));
  REQUIRE(st["view"]["finished"] == true);  // two bots played it to the end
  const int64_t total = st["actions"].get<int64_t>();
  auto r = post(s, "/api/replay", json{{"save", a.body["save"]}}.dump(), s.host());
  REQUIRE(r.status == 200);
  const std::string replay = token_of(r.body["link"]);
  CHECK(get(s, "/api/replay/" + replay + "/board").status == 200);
  std::string first_hash;
  for (int64_t k : {int64_t{0}, total / 2, total, int64_t{1}, int64_t{0}}) {
    auto at = get(s, "/api/replay/" + replay + "/at/" + std::to_string(k));
    REQUIRE(at.status == 200);
    CHECK(at.body["action"] == k);
    CHECK(at.body["total"] == total);
    if (k == 0 && first_hash.empty()) first_hash = at.body["view"]["state_hash"];
    else if (k == 0) CHECK(at.body["view"]["state_hash"] == first_hash);  // back at the start: the same state
  }
  CHECK(get(s, "/api/replay/" + replay + "/at/" + std::to_string(total + 1)).status == 400);
  // The log up to an action, in one request, is the events of each action up to it.
  const int64_t mid = total / 2;
  size_t one_by_one = 0;
  for (int64_t k = 0; k <= mid; ++k) one_by_one += get(s, "/api/replay/" + replay + "/at/" + std::to_string(k)).body["events"].size();
  auto upto = get(s, "/api/replay/" + replay + "/log?upto=" + std::to_string(mid));
  REQUIRE(upto.status == 200);
  CHECK(upto.body["events"].size() == one_by_one);
  CHECK(upto.body["events"].back()["action"].get<int64_t>() <= mid);
  CHECK(get(s, "/api/replay/" + replay + "/log?upto=" + std::to_string(total + 1)).status == 400);
  CHECK(get(s, "/api/replay/" + replay + "/log?upto=x").status == 400);
  CHECK(get(s, "/api/replay/" + replay + "/log").status == 400);
  auto taken = post(s, "/api/replay/" + replay + "/take-over", json{{"at", total / 2}}.dump(), s.host());
  REQUIRE(taken.status == 200);
  auto branch = get(s, "/api/play/" + token_of(taken.body["links"]["spectator"]) + "/state");
  CHECK(branch.body["actions"] == total / 2);
  CHECK(branch.body["view"]["finished"] == false);
}
TEST_CASE("serve: the page's files are built in and served with a strict policy", "[serve]") {
  TestServer s;
  auto t = golan_between_people(s);
  auto page = s.client().Get("/play/" + t["syria"]);
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Security-Policy").find("default-src 'self'") != std::string::npos);
  CHECK(page->get_header_value("Referrer-Policy") == "no-referrer");
  CHECK(page->get_header_value("Cache-Control") == "no-store");
  // The page names its files by the build's version, which a browser keeps.
  std::smatch m;
  REQUIRE(std::regex_search(page->body, m, std::regex("\"(/static/v/[0-9a-f]{16}/style\\.css)\"")));
  const std::string versioned = m[1];
  // It preloads its first answers and every module it will run: play.js
  // and what it imports, near and far, read from the modules themselves.
  CHECK(page->body.find("href=\"/api/play/" + t["syria"] + "/state\"") != std::string::npos);
  for (const char* module : {"play.js", "dom.js", "api.js", "board.js", "counters.js"})
    CHECK(page->body.find("<link rel=\"modulepreload\" href=\"/static/v/" + versioned.substr(10, 16) + "/" + module + "\">") !=
          std::string::npos);
  CHECK(page->body.find("/replay.js\"") == std::string::npos);
  CHECK(page->body.find("/links.js\"") == std::string::npos);  // only the replay's and the lobby's
  CHECK(page->body.find("modulepreload\" href=\"/static/v/" + versioned.substr(10, 16) + "/page.js") == std::string::npos);
  auto replay = post(s, "/api/replay", json{{"save", "golan-october.cbsave"}}.dump(), s.host());
  REQUIRE(replay.status == 200);
  auto replay_page = s.client().Get(replay.body["link"].get<std::string>());
  REQUIRE(replay_page);
  for (const char* module : {"/replay.js\"", "/links.js\"", "/board.js\""}) CHECK(replay_page->body.find(module) != std::string::npos);
  CHECK(replay_page->body.find("/play.js\"") == std::string::npos);
  auto lobby_page = s.client().Get("/", s.host());
  REQUIRE(lobby_page);
  CHECK(lobby_page->body.find("modulepreload\" href=\"/static/v/" + versioned.substr(10, 16) + "/links.js") != std::string::npos);
  auto file = s.client().Get(versioned);
  REQUIRE(file);
  CHECK(file->status == 200);
  CHECK(file->get_header_value("Cache-Control").find("immutable") != std::string::npos);
  CHECK(file->body == s.client().Get("/static/style.css")->body);
  // Each answer in the coding the browser accepts, brotli first; the page's
  // files compressed once, the answers as they go.
  const std::vector<std::string> paths = {versioned, "/api/play/" + t["syria"] + "/state", "/play/" + t["syria"], "/api/nothing"};
  for (const std::string& path : paths) {
    const auto plain = s.client().Get(path);
    REQUIRE(plain);
    CHECK(plain->get_header_value("Content-Encoding").empty());
    for (const auto& [accept, coding] : {std::pair{"gzip, deflate, br, zstd", "br"}, {"gzip, deflate", "gzip"},
                                         {"br;q=0, gzip;q=0.5", "gzip"}, {"identity", ""}}) {
      auto r = s.client().Get(path, {{"Accept-Encoding", accept}});
      REQUIRE(r);
      CHECK(r->status == plain->status);
      CHECK(r->get_header_value("Content-Encoding") == coding);
      CHECK(r->get_header_value("Vary") == "Accept-Encoding");
      CHECK(r->body == plain->body);  // as the client decoded it
    }
  }
  auto stale = s.client().Get("/static/v/0000000000000000/style.css");
  CHECK(stale->status == 200);
  CHECK(stale->get_header_value("Cache-Control") == "no-store");  // another build's page: not kept
  CHECK(s.client().Get("/static/v/0000000000000000/nothing.js")->status == 404);
  CHECK(s.client().Get("/play/" + std::string(32, 'b'))->status == 404);
  CHECK(s.client().Get("/static/..%2Fserver.cc")->status == 404);
  CHECK(s.client().Get("/")->status == 403);
}

TEST_CASE("serve: the coding of an answer is the best the browser accepts", "[serve]") {
  using cardboard::accepted_coding;
  using cardboard::Coding;
  CHECK(accepted_coding("gzip, deflate, br, zstd") == Coding::kBrotli);
  CHECK(accepted_coding("gzip, deflate") == Coding::kGzip);
  CHECK(accepted_coding("BR ;Q=0.000, x-gzip; q=0.5") == Coding::kGzip);
  CHECK(accepted_coding("br;q=0.001") == Coding::kBrotli);
  CHECK(accepted_coding("br;q=0, gzip;q=0") == Coding::kIdentity);
  CHECK(accepted_coding("brotli, gzipped, identity") == Coding::kIdentity);
  CHECK(accepted_coding("") == Coding::kIdentity);
  CHECK(cardboard::compress("same", Coding::kIdentity) == "same");
  CHECK(cardboard::compress(std::string(10000, 'x'), Coding::kBrotli).size() < 100);
  CHECK(cardboard::compress(std::string(10000, 'x'), Coding::kGzip).size() < 100);
}

TEST_CASE("serve: a bot whose move the rules refuse stops, and the pages say why", "[serve]") {
  // The marathon fixture's "explode" is a rules error on purpose: a random
  // bot takes it with odds of one in three a turn, so the long march (2000
  // turns) cannot end before it does; the short one (3 turns) could.
  TestServer s(0, cardboard::testing::fixture_root("marathon"));
  auto a = post(s, "/api/new", json{{"scenario", "marathon/long"}, {"seed", 1}, {"sides", {{"red", "bot"}, {"blue", "bot"}}}}.dump(),
                s.host());
  REQUIRE(a.status == 200);
  const std::string spectator = token_of(a.body["links"]["spectator"]);
  json st = state_when(s, spectator, [](const json& x) { return x.contains("bot_error"); });
  REQUIRE(st.contains("bot_error"));
  CHECK(st["bot_error"].get<std::string>().find("the gamble exploded") != std::string::npos);
  // The save holds the game up to the refused move, and loads.
  const int64_t actions = st["actions"].get<int64_t>();
  auto h = cardboard::History::open((s.saves / "marathon-long.cbsave").string(), cardboard::testing::fixture_root("marathon"));
  REQUIRE(h.ok());
  CHECK((*h)->action_count() == actions);
}

TEST_CASE("serve: a bot thinking in one room holds up no other room's bots", "[serve][bots]") {
  // Arab Israeli Wars' Israel searches for three seconds a decision; the
  // patrol, a random bot, plays its own game meanwhile. With one thread
  // for every room's bots the patrol waited for each search.
  TestServer s(0, CARDBOARD_SOURCE_ROOT, {"random", "israel=mcts:ms=3000"});
  auto slow = post(s, "/api/new", json{{"scenario", "arab_israeli_wars/1948"}, {"seed", 3}, {"sides", {{"israel", "bot"}}}}.dump(),
                   s.host());
  REQUIRE(slow.status == 200);
  const std::string thinker = token_of(slow.body["links"]["spectator"]);
  auto state_of = [&](const std::string& token) { return get(s, "/api/play/" + token + "/state").body; };
  for (int i = 0; i < 100 && state_of(thinker)["view"]["deciding"] != "israel"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(state_of(thinker)["view"]["deciding"] == "israel");
  const int64_t thinker_actions = state_of(thinker)["actions"].get<int64_t>();
  auto fast = post(s, "/api/new", json{{"scenario", "patrol/valley"}, {"seed", 3}, {"sides", {{"patrol", "bot"}}}}.dump(), s.host());
  REQUIRE(fast.status == 200);
  const std::string patrol = token_of(fast.body["links"]["spectator"]);
  json st;
  for (int i = 0; i < 250; ++i) {
    st = state_of(patrol);
    if (st["view"]["finished"].get<bool>() || st["actions"].get<int64_t>() >= 5) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK(st["actions"].get<int64_t>() >= 5);
  // All while Israel's first search went on.
  CHECK(state_of(thinker)["actions"].get<int64_t>() == thinker_actions);
}

TEST_CASE("serve: a bot thinks no longer than --bot-seconds, whatever its parameters, and stops with the server",
          "[serve][bots][hostile]") {
  // A hundred million iterations a decision (a save may record them) would
  // hold a bot's thread, and the server's stop, for hours.
  const std::string endless = "mcts:iterations=100000000";
  SECTION("a bot's move and a hint take the best the search found in a second") {
    TestServer s(0, CARDBOARD_SOURCE_ROOT, {"israel=" + endless}, endless, 0, {}, 1);
    auto a = post(s, "/api/new", json{{"scenario", "arab_israeli_wars/1948"}, {"seed", 3}, {"sides", {{"israel", "bot"}}}}.dump(),
                  s.host());
    REQUIRE(a.status == 200);
    const std::string watcher = token_of(a.body["links"]["spectator"]);
    // Some ten seconds for two of the bot's moves, a second each at most.
    const json st = state_when(s, watcher, [](const json& j) { return j["actions"].get<int64_t>() >= 2; });
    CHECK(st["actions"].get<int64_t>() >= 2);

    TestServer h(0, std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/oracle", {}, endless, 0, {}, 1);
    auto b = post(h, "/api/new", json{{"scenario", "oracle/bet"}, {"seed", 5}}.dump(), h.host());
    REQUIRE(b.status == 200);
    auto hint = post(h, "/api/play/" + token_of(b.body["links"]["keeper"]) + "/hint", json{{"at", 0}}.dump());
    INFO(hint.text);
    REQUIRE(hint.status == 200);
    CHECK(hint.body["stopped"] == true);
    CHECK(hint.body["iterations"].get<int64_t>() >= 1);
    CHECK(hint.body["iterations"].get<int64_t>() < 100000000);
  }
  SECTION("a server stopped while a bot thinks stops at once, and the bot's move is not taken") {
    const fs::path saves = fs::temp_directory_path() / ("cardboard-serve-halt-" + std::to_string(::getpid()));
    fs::remove_all(saves);
    std::string save;
    {
      TestServer s(0, CARDBOARD_SOURCE_ROOT, {"israel=" + endless}, "", 0, saves, 86400);
      auto a = post(s, "/api/new",
                    json{{"scenario", "arab_israeli_wars/1948"}, {"seed", 3}, {"sides", {{"israel", "bot"}}}}.dump(), s.host());
      REQUIRE(a.status == 200);
      save = a.body["save"].get<std::string>();
      const std::string watcher = token_of(a.body["links"]["spectator"]);
      const json st = state_when(s, watcher, [](const json& j) { return j["view"]["deciding"] == "israel"; });
      REQUIRE(st["view"]["deciding"] == "israel");
      REQUIRE(st["actions"] == 0);
      std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the search is under way
      auto stopped = std::async(std::launch::async, [&] { s.server->stop(); });
      CHECK(stopped.wait_for(std::chrono::seconds(30)) == std::future_status::ready);
    }
    auto h = cardboard::History::open((saves / save).string(), CARDBOARD_SOURCE_ROOT);
    REQUIRE(h.ok());
    CHECK((*h)->action_count() == 0);
    fs::remove_all(saves);
  }
}

TEST_CASE("serve: a player's hint says what the bot would take, and takes nothing", "[serve][bots]") {
  // The oracle's bet: the keeper waits three times, then the seeker bets
  // safe (won on 2-6) or long (on a 6).
  TestServer s(0, std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/oracle", {}, "mcts:iterations=200");
  auto a = post(s, "/api/new", json{{"scenario", "oracle/bet"}, {"seed", 5}}.dump(), s.host());
  REQUIRE(a.status == 200);
  std::map<std::string, std::string> t;
  for (const auto& [who, link] : a.body["links"].items()) t[who] = token_of(link);
  const auto hint = [&](const std::string& who, int64_t at) {
    return post(s, "/api/play/" + t[who] + "/hint", json{{"at", at}}.dump());
  };
  // Only the side of people that decides asks: not the other, not a spectator.
  CHECK(hint("seeker", 0).status == 403);
  CHECK(hint("spectator", 0).status == 403);
  auto keeper = hint("keeper", 0);
  CHECK(keeper.status == 200);
  for (int64_t at = 0; at < 3; ++at)
    REQUIRE(post(s, "/api/play/" + t["keeper"] + "/act", json{{"at", at}, {"choice", "1"}}.dump()).status == 200);
  CHECK(hint("seeker", 2).status == 409);  // a view the game has left
  CHECK(post(s, "/api/play/" + t["seeker"] + "/hint", "{\"at\": \"3\"}").status == 400);
  auto h = hint("seeker", 3);
  INFO(h.text);
  REQUIRE(h.status == 200);
  CHECK(h.body["actions"] == 3);
  CHECK(h.body["bot"] == "mcts:iterations=200");
  CHECK(h.body["choice"] == 2);
  CHECK(h.body["text"] == "safe");
  CHECK(h.body["iterations"] == 200);
  REQUIRE(h.body["tried"].size() == 2);
  CHECK(h.body["tried"][0]["n"] == 2);
  CHECK(h.body["tried"][0]["visits"].get<int64_t>() > h.body["tried"][1]["visits"].get<int64_t>());
  CHECK(h.body["tried"][0]["mean"].get<double>() > 0.5);
  // Asked again, the same hint; nothing was taken.
  CHECK(hint("seeker", 3).body == h.body);
  CHECK(get(s, "/api/play/" + t["seeker"] + "/state").body["actions"] == 3);
}

TEST_CASE("serve: hints are worked out one at a time a game, and no more at once than --hint-searches", "[serve][bots]") {
  // Each hint thinks for a second and a half; the server works out one at
  // a time across its games.
  TestServer s(0, std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/oracle", {}, "mcts:ms=1500", 1);
  std::vector<std::string> keepers;
  for (int seed : {5, 6}) {
    auto a = post(s, "/api/new", json{{"scenario", "oracle/bet"}, {"seed", seed}}.dump(), s.host());
    REQUIRE(a.status == 200);
    keepers.push_back(token_of(a.body["links"]["keeper"]));
  }
  struct Asked {
    int status = 0;
    std::string retry_after, body;
  };
  // Hints asked at the same moment, each from a thread of its own (no
  // assertion there: they are checked after).
  const auto ask_together = [&](const std::vector<std::string>& tokens) {
    std::vector<Asked> asked(tokens.size());
    std::vector<std::thread> threads;
    for (size_t i = 0; i < tokens.size(); ++i)
      threads.emplace_back([&, i] {
        auto r = s.client().Post("/api/play/" + tokens[i] + "/hint", json{{"at", 0}}.dump(), "application/json");
        if (r) asked[i] = {r->status, r->get_header_value("Retry-After"), r->body};
      });
    for (auto& t : threads) t.join();
    std::multiset<int> statuses;
    for (const auto& a : asked) statuses.insert(a.status);
    return std::make_pair(asked, statuses);
  };
  SECTION("two in one game: one is worked out, the other refused while it thinks") {
    auto [asked, statuses] = ask_together({keepers[0], keepers[0]});
    CHECK(statuses == std::multiset<int>{200, 429});
    for (const auto& a : asked)
      if (a.status == 429) {
        CHECK(a.retry_after == "1");
        CHECK_THAT(a.body, Catch::Contains("ask again"));
      }
  }
  SECTION("two in two games, with one search at once: the second is refused, and served once the first is done") {
    auto [asked, statuses] = ask_together({keepers[0], keepers[1]});
    CHECK(statuses == std::multiset<int>{200, 503});
    for (const auto& a : asked) {
      INFO(a.body);
      if (a.status == 503) {
        CHECK(a.retry_after == "1");
        CHECK_THAT(a.body, Catch::Contains("as many hints as it may at once (1)"));
      } else {
        CHECK(a.retry_after.empty());
      }
    }
    // The slot was given back: each game is served now, one after the other.
    CHECK(post(s, "/api/play/" + keepers[1] + "/hint", json{{"at", 0}}.dump()).status == 200);
    CHECK(post(s, "/api/play/" + keepers[0] + "/hint", json{{"at", 0}}.dump()).status == 200);
  }
}

TEST_CASE("serve: links outlive the server: after a restart a link opens its game again, and the book holds no link",
          "[serve]") {
  const fs::path dir = fs::temp_directory_path() / ("cardboard-serve-links-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const fs::path book = dir / ".cardboard-links";
  std::map<std::string, std::string> t;
  {
    TestServer first(0, CARDBOARD_SOURCE_ROOT, {}, "", 0, dir);
    auto a = post(first, "/api/new", json{{"scenario", "golan/october"}, {"seed", 3}, {"save", "kept.cbsave"}}.dump(),
                  first.host());
    REQUIRE(a.status == 200);
    for (const auto& [who, link] : a.body["links"].items()) t[who] = token_of(link);
    REQUIRE(t.size() == 3);
    REQUIRE(post(first, "/api/play/" + t["syria"] + "/act", json{{"at", 0}, {"choice", "1"}}.dump()).status == 200);
  }
  // The book holds the links' hashes, never a link (a copy of the saves
  // folder lets nobody in), and the server's user alone reads it.
  REQUIRE(fs::exists(book));
  CHECK((fs::status(book).permissions() & (fs::perms::group_all | fs::perms::others_all)) == fs::perms::none);
  {
    std::ifstream in(book);
    std::stringstream text;
    text << in.rdbuf();
    for (const auto& [who, token] : t) {
      CHECK(text.str().find(token) == std::string::npos);
      CHECK(text.str().find(cardboard::link_hash(token)) != std::string::npos);
    }
  }
  {
    TestServer second(0, CARDBOARD_SOURCE_ROOT, {}, "", 0, dir);
    CHECK(get(second, "/api/lobby", second.host()).body["rooms"].empty());
    // A player's link, the first request after the restart: the game again.
    auto st = get(second, "/api/play/" + t["israel"] + "/state");
    INFO(st.text);
    REQUIRE(st.status == 200);
    CHECK(st.body["actions"] == 1);
    CHECK(st.body["you"]["side"] == "israel");
    CHECK(get(second, "/play/" + t["spectator"]).status == 200);
    // The lobby's Open gives the link the game was opened by, and a new one
    // for each seat whose link has not been used since the restart (the
    // book cannot give it back); the old one still plays its side.
    auto o = post(second, "/api/open", R"({"save":"kept.cbsave"})", second.host());
    REQUIRE(o.status == 200);
    CHECK(token_of(o.body["links"]["israel"]) == t["israel"]);
    const std::string new_syria = token_of(o.body["links"]["syria"]);
    CHECK(new_syria != t["syria"]);
    for (const std::string& syria : {t["syria"], new_syria}) {
      auto s = get(second, "/api/play/" + syria + "/state");
      CHECK(s.status == 200);
      CHECK(s.body["you"]["side"] == "syria");
    }
    CHECK(get(second, "/api/play/" + std::string(32, 'a') + "/state").status == 404);
  }
  {
    // A save a link cannot open again answers 404, and is not tried again
    // at every request: the host's Open brings it back, with its links.
    fs::copy_file(dir / "kept.cbsave", dir / "aside.bin");
    {
      std::ofstream out(dir / "kept.cbsave", std::ios::binary | std::ios::trunc);
      out << "not a save";
    }
    TestServer broken(0, CARDBOARD_SOURCE_ROOT, {}, "", 0, dir);
    CHECK(get(broken, "/api/play/" + t["syria"] + "/state").status == 404);
    fs::copy_file(dir / "aside.bin", dir / "kept.cbsave", fs::copy_options::overwrite_existing);
    fs::remove(dir / "aside.bin");
    CHECK(get(broken, "/api/play/" + t["syria"] + "/state").status == 404);
    auto o = post(broken, "/api/open", R"({"save":"kept.cbsave"})", broken.host());
    REQUIRE(o.status == 200);
    CHECK(get(broken, "/api/play/" + t["syria"] + "/state").status == 200);
  }
  {
    // Reopened with Israel a bot's, Israel's link opens nothing; Syria's still plays.
    TestServer third(0, CARDBOARD_SOURCE_ROOT, {}, "", 0, dir);
    auto o = post(third, "/api/open", R"({"save":"kept.cbsave","sides":{"israel":"bot"}})", third.host());
    REQUIRE(o.status == 200);
    CHECK_FALSE(o.body["links"].contains("israel"));
    CHECK(get(third, "/api/play/" + t["syria"] + "/state").body["you"]["side"] == "syria");
    CHECK(get(third, "/api/play/" + t["israel"] + "/state").status == 404);
  }
  {
    // A book of version 1, which held the links themselves, is read and
    // written back hashed: its links still open their games.
    {
      std::ofstream out(book, std::ios::binary | std::ios::trunc);
      out << json{{"version", 1}, {"saves", {{"kept.cbsave", {{"syria", t["syria"]}}}}}}.dump();
    }
    TestServer upgraded(0, CARDBOARD_SOURCE_ROOT, {}, "", 0, dir);
    std::ifstream in(book);
    const json written = json::parse(in, nullptr, false);
    CHECK(written["version"] == 2);
    CHECK(written.dump().find(t["syria"]) == std::string::npos);
    CHECK(get(upgraded, "/api/play/" + t["syria"] + "/state").body["you"]["side"] == "syria");
  }
  // A book this server did not write is set aside: old links open nothing,
  // and new games are booked afresh.
  for (const std::string& bad : std::vector<std::string>{"{", R"({"version":1,"saves":{"../x.cbsave":{"syria":"00"}}})",
                                                          std::string(100, '\0')}) {
    {
      std::ofstream out(book, std::ios::binary | std::ios::trunc);
      out << bad;
    }
    TestServer fourth(0, CARDBOARD_SOURCE_ROOT, {}, "", 0, dir);
    CHECK(get(fourth, "/api/play/" + t["syria"] + "/state").status == 404);
    auto a = post(fourth, "/api/new", json{{"scenario", "golan/october"}, {"seed", 4}}.dump(), fourth.host());
    REQUIRE(a.status == 200);
    std::ifstream in(book);
    const json written = json::parse(in, nullptr, false);
    CHECK(written["version"] == 2);
  }
  fs::remove_all(dir);
}

TEST_CASE("serve: a new game may name the bot of a side, over the server's", "[serve][bots]") {
  // The server's bot is the random one; this game's keeper is the scripted
  // player "safe" (it yawns each time), the seeker a person's.
  TestServer s(0, std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/oracle", {"random"});
  auto a = post(s, "/api/new",
                json{{"scenario", "oracle_helped/bet"}, {"seed", 3}, {"sides", {{"keeper", "bot:policy:name=safe"}}}}.dump(),
                s.host());
  REQUIRE(a.status == 200);
  CHECK_FALSE(a.body["links"].contains("keeper"));
  const std::string seeker = token_of(a.body["links"]["seeker"]);
  const json st = state_when(s, seeker, [](const json& x) { return x["view"]["deciding"] == "seeker"; });
  REQUIRE(st["actions"] == 3);
  const json log = get(s, "/api/play/" + seeker + "/log?after=-1").body;
  int yawns = 0;
  for (const auto& e : log["events"]) yawns += e["text"].get<std::string>().find("Keeper chose yawn") != std::string::npos;
  CHECK(yawns == 3);
  // A bot the game cannot have, or one that names a side, is refused.
  for (const std::string bad : {"bot:alphazero", "bot:mcts:iterations=0", "bot:keeper=random", "bot:", "robot"}) {
    auto r = post(s, "/api/new", json{{"scenario", "oracle_helped/bet"}, {"sides", {{"keeper", bad}}}}.dump(), s.host());
    INFO(bad << ": " << r.text);
    CHECK(r.status == 400);
  }
}

TEST_CASE("serve: a save reopened with no sides is played by the bots that last played it", "[serve][bots]") {
  const std::string root = std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/oracle";
  TestServer first(0, root, {"random"});
  auto a = post(first, "/api/new",
                json{{"scenario", "oracle_helped/bet"}, {"seed", 3}, {"save", "kept.cbsave"},
                     {"sides", {{"keeper", "bot:policy:name=safe"}}}}
                    .dump(),
                first.host());
  REQUIRE(a.status == 200);
  state_when(first, token_of(a.body["links"]["seeker"]), [](const json& x) { return x["view"]["deciding"] == "seeker"; });
  // Another server (a restart) on a copy of the save.
  TestServer second(0, root, {"random"});
  {
    auto file = cardboard::SaveFile::open((first.saves / "kept.cbsave").string());
    REQUIRE(file.ok());
    cardboard::testing::must_ok((*file)->copy_to((second.saves / "kept.cbsave").string()));
    cardboard::testing::must_ok((*file)->copy_to((second.saves / "people.cbsave").string()));
  }
  const json listed = get(second, "/api/lobby", second.host()).body["saves"];
  REQUIRE(listed.size() == 2);
  CHECK(listed[0]["bots"] == json::array({"keeper=policy:name=safe"}));
  auto b = post(second, "/api/open", R"({"save":"kept.cbsave"})", second.host());
  REQUIRE(b.status == 200);
  CHECK_FALSE(b.body["links"].contains("keeper"));  // still the bot's
  REQUIRE(b.body["links"].contains("seeker"));
  // Chosen again, the choice is what the save remembers next.
  auto c = post(second, "/api/open", R"({"save":"people.cbsave","sides":{"keeper":"person"}})", second.host());
  REQUIRE(c.status == 200);
  CHECK(c.body["links"].contains("keeper"));
  auto people = cardboard::SaveFile::open((second.saves / "people.cbsave").string());
  REQUIRE(people.ok());
  CHECK((*people)->meta()->bots.empty());
  auto kept = cardboard::SaveFile::open((second.saves / "kept.cbsave").string());
  REQUIRE(kept.ok());
  CHECK((*kept)->meta()->bots == "keeper=policy:name=safe");
  // A save whose record names a bot the server cannot play is refused,
  // saying how to open it; the save keeps its actions.
  {
    cardboard::testing::must_ok((*people)->set_meta("bots", "keeper=alphazero"));
    cardboard::testing::must_ok((*people)->copy_to((second.saves / "odd.cbsave").string()));
  }
  const auto before = (*people)->actions();
  REQUIRE(before.ok());
  auto odd = post(second, "/api/open", R"({"save":"odd.cbsave"})", second.host());
  CHECK(odd.status == 400);
  CHECK_THAT(odd.body["error"].get<std::string>(), Catch::Contains("keeper=alphazero") && Catch::Contains("'sides'"));
  auto odd_file = cardboard::SaveFile::open((second.saves / "odd.cbsave").string());
  REQUIRE(odd_file.ok());
  CHECK((*odd_file)->actions()->size() == before->size());
  CHECK(post(second, "/api/open", R"({"save":"odd.cbsave","sides":{}})", second.host()).status == 200);
}

TEST_CASE("serve: a bad --bot or --hint is refused before the server starts, naming it", "[serve][bots][cli]") {
  for (const std::string& args : {std::string("--hint nope"), std::string("--hint mcts:iterations=0"),
                                  std::string("--bot israel=deep_blue")}) {
    auto r = cardboard::testing::run_cardboard(CARDBOARD_SOURCE_ROOT, "serve --port 0 " + args, 30);
    INFO(args << ": " << r.out);
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Catch::Contains(args.substr(0, args.find(' ')) + " '"));
  }
}

TEST_CASE("serve: one hint at a time a game, however often a page asks", "[serve][bots][hostile]") {
  TestServer s(0, std::string(CARDBOARD_SOURCE_ROOT) + "/tests/games/oracle", {}, "mcts:ms=1500");
  auto a = post(s, "/api/new", json{{"scenario", "oracle/guess"}, {"seed", 5}}.dump(), s.host());
  REQUIRE(a.status == 200);
  const std::string seeker = token_of(a.body["links"]["seeker"]);
  const std::string body = json{{"at", 0}}.dump();
  int first = 0;
  std::thread thinking([&] { first = post(s, "/api/play/" + seeker + "/hint", body).status; });
  // Asked while the first search thinks (it has a head start of 300 ms of
  // its 1,500): refused at once, not queued.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const int busy = post(s, "/api/play/" + seeker + "/hint", body).status;
  thinking.join();
  CHECK(busy == 429);
  CHECK(first == 200);
  CHECK(post(s, "/api/play/" + seeker + "/hint", body).status == 200);  // free again
}

TEST_CASE("serve --bot: a search plays a side against a person's page", "[serve][bots]") {
  TestServer s(0, CARDBOARD_SOURCE_ROOT, {"random", "israel=mcts:iterations=5"});
  auto a = post(s, "/api/new", json{{"scenario", "golan/october"}, {"seed", 4}, {"sides", {{"syria", "person"}, {"israel", "bot"}}}}.dump(),
                s.host());
  REQUIRE(a.status == 200);
  const std::string syria = token_of(a.body["links"]["syria"]);
  CHECK_FALSE(a.body["links"].contains("israel"));
  cardboard::RandomBot pick(2);
  int israeli_moves = 0;
  for (int step = 0; step < 400 && israeli_moves < 3; ++step) {
    auto st = get(s, "/api/play/" + syria + "/state").body;
    REQUIRE_FALSE(st.contains("bot_error"));
    if (st["view"]["finished"].get<bool>()) break;
    if (st["view"]["deciding"] != "syria") {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      continue;
    }
    const auto& choices = st["view"]["choices"];
    const auto& choice = choices[pick.choose(static_cast<int>(choices.size()))];
    const int64_t at = st["actions"].get<int64_t>();
    REQUIRE(post(s, "/api/play/" + syria + "/act", json{{"at", at}, {"choice", choice["value"]}}.dump()).status == 200);
    auto log = get(s, "/api/play/" + syria + "/log?after=0").body;
    israeli_moves = 0;
    for (const auto& e : log["events"])
      israeli_moves += e.dump().find("Israel chose") != std::string::npos;
  }
  CHECK(israeli_moves >= 3);
}

TEST_CASE("serve: a save slow to open holds up no other request, and opens once however often it is asked",
          "[serve]") {
  // The marathon fixture with rules that take a while to load (some 140
  // million Lua instructions): opening a save runs them. The lobby and a
  // room's page used to wait for every opening, which held the server's
  // registry.
  const fs::path root = fs::temp_directory_path() / ("cardboard-serve-slow-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::copy(cardboard::testing::fixture_root("marathon"), root, fs::copy_options::recursive);
  {
    std::ofstream rules(root / "rules/marathon/marathon.lua", std::ios::app);
    rules << "\nlocal slow = 0\nfor i = 1, 70000000 do slow = slow + i end\n";
  }
  {
    TestServer s(0, root.string());
    for (const std::string name : {"first", "second", "third"}) {
      auto h = cardboard::History::create((s.saves / (name + ".cbsave")).string(), "marathon/short", root.string(), 3);
      REQUIRE(h.ok());
    }
    auto first = post(s, "/api/open", R"({"save":"first.cbsave"})", s.host());
    REQUIRE(first.status == 200);
    const std::string page = token_of(first.body["links"]["spectator"]);
    // Without the test's assertions, which are for its own thread.
    const auto open = [&](const std::string& save) {
      return std::async(std::launch::async, [&s, save] {
        auto r = s.client().Post("/api/open", s.host(), json{{"save", save}}.dump(), "application/json");
        return r ? std::make_pair(r->status, r->body) : std::make_pair(0, std::string());
      });
    };
    auto second = open("second.cbsave");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // its opening under way
    CHECK(get(s, "/api/lobby", s.host()).status == 200);
    CHECK(get(s, "/api/play/" + page + "/state").status == 200);
    CHECK(second.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);
    CHECK(second.get().first == 200);
    // Asked twice at once, a save opens once: both get the same links.
    auto a = open("third.cbsave");
    auto b = open("third.cbsave");
    const auto [a_status, a_body] = a.get();
    const auto [b_status, b_body] = b.get();
    CHECK(a_status == 200);
    CHECK(b_status == 200);
    CHECK(json::parse(a_body)["links"] == json::parse(b_body)["links"]);
    CHECK(get(s, "/api/lobby", s.host()).body["rooms"].size() == 3);
  }
  fs::remove_all(root);
}

TEST_CASE("serve: a rules error names its file relative to the project, never by the host's folders", "[serve][hostile]") {
  // Sabotage's bots' helpers raise an error once Blue picks "bot_error":
  // a hint's answer says so, with the file and line.
  const std::string root = CARDBOARD_SOURCE_ROOT "/tests/games/sabotage";
  TestServer s(0, root);
  auto a = post(s, "/api/new", json{{"scenario", "sabotage/one"}, {"seed", 1}}.dump(), s.host());
  REQUIRE(a.status == 200);
  const std::string red = token_of(a.body["links"]["red"]), blue = token_of(a.body["links"]["blue"]);
  REQUIRE(post(s, "/api/play/" + red + "/act", json{{"at", 0}, {"choice", "1"}}.dump()).status == 200);
  REQUIRE(post(s, "/api/play/" + blue + "/act", json{{"at", 1}, {"choice", "6"}}.dump()).status == 200);
  auto hint = post(s, "/api/play/" + red + "/hint", json{{"at", 2}}.dump());
  INFO(hint.text);
  CHECK(hint.status == 422);
  CHECK_THAT(hint.text, Catch::Contains("rules/sabotage/sabotage.lua:") && Catch::Contains("bot exploded"));
  CHECK_THAT(hint.text, !Catch::Contains(CARDBOARD_SOURCE_ROOT));
}

TEST_CASE("serve: an image is served from inside its game's folder only, whatever is put in its place", "[serve][hostile]") {
  // The server reads an image at each request: one replaced, after the game
  // was loaded, by a link to a file outside the game's folder was served
  // with that file's bytes; a FIFO in its place would hold a thread.
  cardboard::testing::TempGame g("pictured", "function work() end");
  const fs::path dir = fs::path(g.root) / "rules" / g.name;
  fs::create_directories(dir / "art");
  std::ofstream(dir / "art" / "x.png") << "inside the game";
  std::ofstream(fs::path(g.root) / "secret.png") << "TOP SECRET";
  std::ofstream(dir / "graphics.toml") << "terrain = { clear = { image = \"art/x.png\" } }\n";
  TestServer s(0, g.root);
  auto a = post(s, "/api/new", json{{"scenario", g.scenario()}}.dump(), s.host());
  REQUIRE(a.status == 200);
  const std::string asset = "/api/play/" + token_of(a.body["links"]["spectator"].get<std::string>()) + "/asset/art/x.png";
  CHECK(get(s, asset).text == "inside the game");
  fs::remove(dir / "art" / "x.png");
  fs::create_symlink(fs::path(g.root) / "secret.png", dir / "art" / "x.png");
  auto linked = get(s, asset);
  CHECK(linked.status == 404);
  CHECK(linked.text.find("TOP SECRET") == std::string::npos);
  fs::remove(dir / "art" / "x.png");
  REQUIRE(::mkfifo((dir / "art" / "x.png").c_str(), 0600) == 0);
  CHECK(get(s, asset).status == 404);
  // The game's own image again: served again.
  fs::remove(dir / "art" / "x.png");
  std::ofstream(dir / "art" / "x.png") << "inside the game";
  CHECK(get(s, asset).text == "inside the game");
}

namespace {

// A raw connection to the test server, for requests no client library
// sends: half-sent, trickled. Closed when it goes.
struct RawConnection {
  int fd = -1;
  explicit RawConnection(int port) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(fd);
      fd = -1;
    }
  }
  ~RawConnection() {
    if (fd >= 0) ::close(fd);
  }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;
  RawConnection(RawConnection&& o) noexcept : fd(o.fd) { o.fd = -1; }
  bool send(const std::string& bytes) const {
    return fd >= 0 && ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
  }
  // Whether the server closed it (end of file or reset), waiting `ms` at most.
  bool closed_by_server(int ms) const {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, ms) <= 0) return false;
    char c;
    return ::recv(fd, &c, 1, MSG_DONTWAIT) <= 0;
  }
  // Everything the server answers, until it closes.
  std::string answer() const {
    std::string out;
    char buf[4096];
    pollfd p{fd, POLLIN, 0};
    while (::poll(&p, 1, 5000) > 0) {
      const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;
      out.append(buf, static_cast<size_t>(n));
    }
    return out;
  }
};

}  // namespace

TEST_CASE("serve: idle, half-sent and trickling connections, more than --threads, hold up no request",
          "[serve][hostile]") {
  // 600 idle half-sent connections (more than --threads) kept the lobby
  // from answering for 10 s, and clients trickling a header byte every 4 s
  // kept every thread busy. A connection now waits for its whole request
  // off the threads, within a deadline (here 1 s) that trickling does not
  // extend, and one address holds 32 such connections at most.
  TestServer s(0, CARDBOARD_SOURCE_ROOT, {}, "", 0, {}, 60, 1000);
  const auto lobby_answers = [&] {
    httplib::Client c("127.0.0.1", s.port);
    c.set_connection_timeout(3, 0);
    c.set_read_timeout(3, 0);  // liveness, generously: the lobby answers in milliseconds
    auto r = c.Get("/api/lobby", s.host());
    return r && r->status == 200;
  };
  std::vector<RawConnection> idle;
  for (int i = 0; i < 200; ++i) {
    idle.emplace_back(s.port);
    REQUIRE(idle.back().send("GET /api/lobby HTTP/1.1\r\nHo"));
  }
  CHECK(lobby_answers());
  // One address's oldest are let go past its 32: the newest are held.
  int held = 0;
  for (const auto& c : idle) held += !c.closed_by_server(0);
  CHECK(held <= 32);
  CHECK(held > 0);
  // Trickling one byte every 100 ms: closed at the deadline all the same.
  std::vector<RawConnection> trickling;
  for (int i = 0; i < 20; ++i) trickling.emplace_back(s.port);
  const auto start = std::chrono::steady_clock::now();
  bool all_closed = false;
  while (!all_closed && std::chrono::steady_clock::now() - start < std::chrono::seconds(5)) {
    all_closed = true;
    for (const auto& c : trickling) all_closed = (!c.send("G") || c.closed_by_server(0)) && all_closed;
    CHECK(lobby_answers());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  CHECK(all_closed);
  // A slow client whose request is whole within the deadline is answered,
  // a body arriving after its header too.
  RawConnection slow(s.port);
  REQUIRE(slow.send("GET /api/lobby HTTP/1.1\r\nHost: x\r\n"));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  REQUIRE(slow.send("X-Cardboard-Key: " + s.server->host_key() + "\r\n\r\n"));
  CHECK_THAT(slow.answer(), Catch::StartsWith("HTTP/1.1 200"));
  RawConnection post_in_parts(s.port);
  const std::string body = R"({"scenario":"golan/october","seed":3})";
  REQUIRE(post_in_parts.send("POST /api/new HTTP/1.1\r\nHost: x\r\nX-Cardboard-Key: " + s.server->host_key() +
                             "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
                             "\r\n\r\n" + body.substr(0, 10)));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  REQUIRE(post_in_parts.send(body.substr(10)));
  const std::string made = post_in_parts.answer();
  CHECK_THAT(made, Catch::StartsWith("HTTP/1.1 200") && Catch::Contains("/play/"));
}

TEST_CASE("serve: one address is answered on half the threads at most, the rest of its requests refused at once",
          "[serve][hostile]") {
  // An open page's event stream holds a thread: one client opening as many
  // streams as --threads (here 16) kept every other client waiting.
  TestServer s;
  auto t = golan_between_people(s);
  std::vector<RawConnection> streams;
  for (int i = 0; i < 8; ++i) {
    streams.emplace_back(s.port);
    REQUIRE(streams.back().send("GET /api/play/" + t["syria"] + "/stream HTTP/1.1\r\nHost: x\r\n\r\n"));
  }
  const auto lobby = [&] {
    RawConnection c(s.port);
    REQUIRE(c.send("GET /api/lobby HTTP/1.1\r\nHost: x\r\nX-Cardboard-Key: " + s.server->host_key() + "\r\n\r\n"));
    return c.answer();
  };
  std::string refused;
  for (int i = 0; i < 100 && !refused.starts_with("HTTP/1.1 503"); ++i) {
    refused = lobby();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK_THAT(refused, Catch::StartsWith("HTTP/1.1 503") && Catch::Contains("half its threads"));
  // A page closed gives its thread back.
  streams.pop_back();
  std::string answered;
  for (int i = 0; i < 100 && !answered.starts_with("HTTP/1.1 200"); ++i) {
    answered = lobby();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK_THAT(answered, Catch::StartsWith("HTTP/1.1 200"));
}

// Issue 61.2: with the whole state's hash a side could test guesses at the
// other's hidden pieces, and with a seed it typed it could find the dice by
// trying seeds offline and read every hidden draw from them.
TEST_CASE("serve: a side is sent the hash of its own view only, and a typed seed is not the generator's", "[serve]") {
  const std::string scenario = "next_war_in_lebanon/next_war";
  const auto start_hash = [&](const fs::path& save) {
    auto h = cardboard::History::open(save.string(), CARDBOARD_SOURCE_ROOT);
    REQUIRE(h.ok());
    return cardboard::hash_hex((*h)->game().state().hash());
  };
  const auto start = [&](const TestServer& s) {
    auto a = post(s, "/api/new", json{{"scenario", scenario}, {"seed", 7}}.dump(), s.host());
    REQUIRE(a.status == 200);
    return a.body;
  };
  TestServer s, other;
  fs::remove(s.saves / ".seed-key");  // made by the server, as on a first start
  std::ofstream(other.saves / ".seed-key") << std::string(64, 'a') << "\n";
  const json first = start(s), again = start(s), elsewhere = start(other);
  const std::string hash = start_hash(s.saves / first["save"].get<std::string>());
  CHECK(start_hash(s.saves / again["save"].get<std::string>()) == hash);  // the same typed seed, the same dice
  CHECK(start_hash(other.saves / elsewhere["save"].get<std::string>()) != hash);  // another server's key
  const fs::path direct = s.saves / "direct.cbsave";
  REQUIRE(cardboard::History::create(direct.string(), scenario, CARDBOARD_SOURCE_ROOT, 7).ok());
  CHECK(start_hash(direct) != hash);  // seed 7 as the generator's seed plays other dice

  struct stat st {};
  REQUIRE(::stat((s.saves / ".seed-key").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);

  std::set<std::string> view_hashes;
  for (const auto& [who, link] : first["links"].items()) {
    const json v = get(s, "/api/play/" + token_of(link) + "/state").body["view"];
    INFO(who);
    CHECK(v["state_hash"].is_null());
    CHECK(v["view_hash"].get<std::string>().size() == 16);
    CHECK(v["view_hash"] != hash);
    CHECK(get(s, "/api/play/" + token_of(link) + "/state").text.find(hash) == std::string::npos);
    view_hashes.insert(v["view_hash"].get<std::string>());
  }
  CHECK(view_hashes.size() == 3);  // each side sees its own hand; the spectator neither

  // Against a bot the typed seed is the seed: the same game as on the command line.
  auto solo = post(s, "/api/new", json{{"scenario", scenario}, {"seed", 7}, {"sides", {{"insurgent", "bot"}}}}.dump(), s.host());
  REQUIRE(solo.status == 200);
  CHECK(start_hash(s.saves / solo.body["save"].get<std::string>()) == start_hash(direct));
}

// Issue 59.3: a call stuck inside a library function past its time limit
// ended the process, and with it every game of the server. No function of
// the sandbox stays in C that long; `hold`, a test function that waits in C
// until the test lets it go, stands for one.
std::atomic<bool> g_let_go{false};

int hold_in_c(lua_State*) {
  while (!g_let_go.load()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return 0;
}

TEST_CASE("serve: a game whose rules get stuck in C is closed, and the others play on", "[serve][hostile]") {
  struct ShortLimit {
    ShortLimit() { cardboard::set_default_time_limit(std::chrono::milliseconds(300)); }
    ~ShortLimit() { cardboard::set_default_time_limit(std::chrono::milliseconds(10'000)); }
  } short_limit;
  cardboard::add_test_global("hold", hold_in_c);
  g_let_go = false;
  const fs::path root = fs::temp_directory_path() / ("cardboard-serve-stuck-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::copy(cardboard::testing::fixture_root("marathon"), root, fs::copy_options::recursive);
  cardboard::testing::replace_in((root / "rules/marathon/marathon.lua").string(), "error(\"the gamble exploded\")",
                                 "hold()");
  {
    TestServer s(0, root.string());
    const auto start = [&](int seed) {
      auto a = post(s, "/api/new", json{{"scenario", "marathon/short"}, {"seed", seed}}.dump(), s.host());
      REQUIRE(a.status == 200);
      std::map<std::string, std::string> t;
      for (const auto& [who, link] : a.body["links"].items()) t[who] = token_of(link);
      REQUIRE(post(s, "/api/play/" + t["red"] + "/act", R"({"at":0,"choice":"1"})").status == 200);
      REQUIRE(post(s, "/api/play/" + t["blue"] + "/act", R"({"at":1,"choice":"1"})").status == 200);
      return t;
    };
    auto stuck = start(1), other = start(2);
    // Red's gamble of "explode" holds the call in C.
    auto held = std::async(std::launch::async, [&s, red = stuck["red"]] {
      auto r = s.client().Post("/api/play/" + red + "/act", R"({"at":2,"choice":"3"})", "application/json");
      return r ? r->status : 0;
    });
    Answer closed;
    for (int i = 0; i < 100 && closed.status != 503; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      closed = get(s, "/api/play/" + stuck["blue"] + "/state");
    }
    CHECK(closed.status == 503);
    CHECK_THAT(closed.text, Catch::Contains("stuck inside a library function"));
    CHECK(cardboard::run_watch::stuck_threads() == 1);
    // The server and the other game go on.
    CHECK(get(s, "/api/lobby", s.host()).status == 200);
    CHECK(post(s, "/api/play/" + other["red"] + "/act", R"({"at":2,"choice":"1"})").status == 200);
    CHECK(get(s, "/api/play/" + other["blue"] + "/state").body["actions"] == 3);
    CHECK(held.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);
    // Let go, the call stops at its next instruction; the game stays closed.
    g_let_go = true;
    CHECK(held.get() != 200);
    CHECK(get(s, "/api/play/" + stuck["red"] + "/state").status == 503);
    for (int i = 0; i < 100 && cardboard::run_watch::stuck_threads() > 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE(cardboard::run_watch::stuck_threads() == 0);
  }
  fs::remove_all(root);
}
