// Fuzzes `cardboard serve`'s HTTP API as a hostile page or script would
// call it, over real HTTP on this machine's loopback. An input is up to 16
// requests, one a line:
//
//   G PATH          a GET
//   P PATH BODY     a POST, BODY the rest of the line
//
// a leading H sending the host key as well ("HP /api/new {...}"). In PATH
// and BODY, {0} and {1} stand for the links of a game's two sides (the
// one that decides first first) and {2} for its spectator's (golan/october
// between people), {r} for a replay token of it and {s} for its save's
// name; {n0} and {n1} for the people's links of the game the input made or
// opened last (in the order of the sides' ids) and {n2} for its
// spectator's. A byte of PATH outside printable ASCII is sent
// percent-encoded.
//
// The server's games are Golan, Patrol and Arab Israeli Wars, and
// Sabotage (tests/games/sabotage), whose rules misbehave on request: its
// step, its view or its bots' helpers raise errors, change the game or
// give back what they must not.
//
// Every request must be answered (none may hang or drop the connection),
// never with a 5xx but 503 (a save in use, the hint slots full, the server
// stopping), and an answer of the API with JSON; after the input the lobby
// and the game must still answer. Each input starts on the game at its
// start, so that a crash it finds comes again when it is run alone: after
// an input that sent a POST (GETs change no game) the game is taken back
// to its start by an undo both sides agree to, or, where that fails, made
// anew (which costs more than a whole input's requests). The server, with
// a fresh saves folder, is made anew every kInputsPerServer inputs, so
// that the games those inputs make do not pile up.
#include <httplib.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "serve/server.h"

using namespace cardboard;

namespace {

constexpr int kInputsPerServer = 64;
constexpr size_t kMaxRequests = 16;

// A project root holding the games the server serves: the project's own
// that the corpus plays, and the Sabotage fixture. Made once a process.
const std::string& served_root() {
  static const std::string root = [] {
    namespace fs = std::filesystem;
    const std::string out = fuzz::scratch_dir() + "/served";
    fuzz::remove_all(out);
    const fs::path project = fuzz::project_root_dir();
    const auto copy = [&](const fs::path& from, const std::string& game) {
      for (const char* part : {"rules", "scenarios"}) {
        fs::create_directories(fs::path(out) / part / game);
        fs::copy(from / part / game, fs::path(out) / part / game, fs::copy_options::recursive);
      }
    };
    for (const char* game : {"golan", "patrol", "arab_israeli_wars"}) copy(project, game);
    copy(project / "tests/games/sabotage", "sabotage");
    return out;
  }();
  return root;
}

struct Running {
  std::string saves;
  std::unique_ptr<Server> server;
  std::thread thread;
  int port = 0;
  int inputs = 0;
  bool played = false;  // the last input sent a POST: its game may have moved

  explicit Running(int generation) {
    saves = fuzz::scratch_dir() + "/serve-" + std::to_string(generation);
    fuzz::remove_all(saves);
    std::filesystem::create_directories(saves);
    ServeOptions o;
    o.port = 0;
    o.root = served_root();
    o.saves = saves;
    o.bot_delay_ms = 0;
    o.hint = "mcts:iterations=8";
    o.hint_searches = 2;
    o.bot_seconds = 2;
    o.threads = 8;
    server = std::make_unique<Server>(o);
    auto p = server->bind();
    fuzz::check(p.ok(), "the server binds a free port");
    port = *p;
    thread = std::thread([this] { server->run(); });
    make_game();
  }
  ~Running() {
    server->stop();
    thread.join();
    server.reset();
    fuzz::remove_all(saves);
  }
  // The game the inputs play on, its links and a replay of it (the names
  // of PATH and BODY).
  std::map<std::string, std::string> names;
  void make_game() {
    httplib::Client c = client();
    auto made = c.Post("/api/new", host(), R"({"scenario": "golan/october", "seed": 1})", "application/json");
    fuzz::check(made && made->status == 200, "a new game is made");
    const auto game = nlohmann::json::parse(made->body);
    // {0} and {1} the sides, {2} the spectator (the links come by name).
    std::string spectator;
    std::vector<std::string> sides;
    for (const auto& [who, link] : game["links"].items()) {
      const std::string l = link.get<std::string>();
      (who == "spectator" ? spectator : sides.emplace_back()) = l.substr(l.rfind('/') + 1);
    }
    fuzz::check(sides.size() == 2 && !spectator.empty(), "a game between two people gives three links");
    // {0} is the side that decides first (Syria), so that the corpus's
    // first moves are taken.
    const auto st = c.Get("/api/play/" + sides[1] + "/state");
    fuzz::check(st && st->status == 200, "a side's link answers");
    const auto view = nlohmann::json::parse(st->body)["view"];
    if (!view["choices"].empty()) std::swap(sides[0], sides[1]);
    names["{0}"] = sides[0];
    names["{1}"] = sides[1];
    names["{2}"] = spectator;
    names["{s}"] = game["save"].get<std::string>();
    auto replay = c.Post("/api/replay", host(), nlohmann::json{{"save", names["{s}"]}}.dump(), "application/json");
    fuzz::check(replay && replay->status == 200, "a replay of the game is opened");
    const std::string link = nlohmann::json::parse(replay->body)["link"].get<std::string>();
    names["{r}"] = link.substr(link.rfind('/') + 1);
  }
  // Takes the game back to its start: a waiting proposal refused, then an
  // undo of every action proposed by one side and agreed by the other.
  // False where the game is not at its start after it.
  bool rewind() {
    httplib::Client c = client();
    const auto state = [&]() {
      const auto r = c.Get("/api/play/" + names["{0}"] + "/state");
      return r && r->status == 200 ? nlohmann::json::parse(r->body, nullptr, false) : nlohmann::json();
    };
    const auto post = [&](const std::string& who, const std::string& what, const nlohmann::json& body) {
      c.Post("/api/play/" + names[who] + "/undo/" + what, body.dump(), "application/json");
    };
    nlohmann::json st = state();
    if (!st.is_object() || !st.contains("actions")) return false;
    const nlohmann::json at = st["actions"];
    if (st["undo"].is_object() && st["undo"].contains("proposal") && !st["undo"]["proposal"].is_null())
      for (const char* who : {"{0}", "{1}"}) post(who, "answer", {{"at", at}, {"agree", false}});
    if (at != 0) {
      post("{0}", "propose", {{"at", at}, {"count", at}});
      post("{1}", "answer", {{"at", at}, {"agree", true}});
    }
    st = state();
    return st.is_object() && st.value("actions", nlohmann::json()) == 0 && st["undo"].is_object() &&
           st["undo"].value("proposal", nlohmann::json()).is_null();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port);
    c.set_connection_timeout(5, 0);
    c.set_read_timeout(20, 0);
    c.set_write_timeout(5, 0);
    return c;
  }
  httplib::Headers host() const { return {{"X-Cardboard-Key", server->host_key()}}; }
};

Running& running() {
  static std::unique_ptr<Running> r;
  static int generation = 0;
  if (!r || r->inputs >= kInputsPerServer) {
    r.reset();
    r = std::make_unique<Running>(generation++);
  }
  ++r->inputs;
  return *r;
}

std::string encode_path(std::string_view path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : path) {
    if (c > 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string substitute(std::string text, const std::map<std::string, std::string>& names) {
  for (const auto& [name, value] : names)
    for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + value.size()))
      text.replace(at, name.size(), value);
  return text;
}

bool answered_well(const httplib::Result& r, const std::string& path) {
  if (!r) return false;
  if (r->status >= 500 && r->status != 503) return false;
  if (path.starts_with("/api/") && path.find("/asset/") == std::string::npos && !r->body.empty())
    return nlohmann::json::accept(r->body);
  return true;
}

// {n0} {n1} {n2}: the links of an answer that gives a game's ("links").
void name_links(const nlohmann::json& answer, std::map<std::string, std::string>& names) {
  if (!answer.is_object() || !answer.contains("links") || !answer["links"].is_object()) return;
  int person = 0;
  for (const auto& [who, link] : answer["links"].items()) {
    if (!link.is_string()) continue;
    const std::string l = link.get<std::string>();
    const std::string token = l.substr(l.rfind('/') + 1);
    if (who == "spectator") names["{n2}"] = token;
    else if (person < 2) names["{n" + std::to_string(person++) + "}"] = token;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Running& s = running();
  if (s.played && !s.rewind()) s.make_game();
  s.played = false;
  httplib::Client c = s.client();
  // The names of the server's game, and those of the game this input made
  // or opened last.
  std::map<std::string, std::string> names = s.names;

  const std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t start = 0;
  for (size_t n = 0; n < kMaxRequests && start < input.size(); ++n) {
    size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    std::string_view line = input.substr(start, end - start);
    start = end + 1;
    const bool host = line.starts_with('H');
    if (host) line.remove_prefix(1);
    if (line.size() < 3 || (line[0] != 'G' && line[0] != 'P') || line[1] != ' ') continue;
    const bool post = line[0] == 'P';
    s.played = s.played || post;
    line.remove_prefix(2);
    const size_t space = line.find(' ');
    const std::string path = encode_path(substitute(std::string(line.substr(0, space)), names));
    if (!path.starts_with('/') || path.find("/stream") != std::string::npos) continue;  // a stream stays open by design
    const std::string body = space == std::string_view::npos ? "" : substitute(std::string(line.substr(space + 1)), names);
    const httplib::Headers headers = host ? s.host() : httplib::Headers{};
    const auto r = post ? c.Post(path, headers, body, "application/json") : c.Get(path, headers);
    if (r && r->status == 200 && path.starts_with("/api/")) name_links(nlohmann::json::parse(r->body, nullptr, false), names);
    if (!answered_well(r, path)) {
      std::fprintf(stderr, "fuzz_serve: %s %s %s\n  -> %s\n", post ? "POST" : "GET", path.c_str(), body.c_str(),
                   r ? (std::to_string(r->status) + " " + r->body).c_str() : httplib::to_string(r.error()).c_str());
      fuzz::check(false, "every request is answered, never with a 5xx but 503, the API's with JSON");
    }
  }

  const auto lobby = c.Get("/api/lobby", s.host());
  fuzz::check(lobby && lobby->status == 200, "the lobby answers after the input");
  const auto state = c.Get("/api/play/" + names.at("{2}") + "/state");
  fuzz::check(state && state->status == 200, "the input's game answers after it");
  return 0;
}
