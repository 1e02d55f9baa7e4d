// cardboard_serve_bench: one `cardboard serve` holding many games open, each
// with its two players' pages connected (a stream each), while the players
// move: how long the server takes to answer (every state, log and act
// request, as percentiles), and how long an action takes to reach the other
// player's stream. A measurement, not a test: nothing here asserts a time.
//
//   cardboard_serve_bench [--games N] [--rounds R] [--workers W] [--scenario S] [--root ROOT]
//
// Prints one JSON line: {"bench": "serve", games, clients, requests,
// p50_ms, p99_ms, max_ms, round_trip_ms_median, round_trip_ms_p99}.
#include <httplib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "data/game_loader.h"
#include "serve/server.h"

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

[[noreturn]] void die(const std::string& m) {
  std::fprintf(stderr, "cardboard_serve_bench: %s\n", m.c_str());
  std::exit(1);
}

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

struct Game {
  std::string tokens[2];  // the two sides' links
  std::atomic<int64_t> sent_at{0};  // when the last act was sent (ns since the clock's epoch), 0 none
  std::atomic<int> waiting_side{-1};  // the side whose stream should see it
};

}  // namespace

int main(int argc, char** argv) {
  int games = 200, rounds = 5, workers = 4;
  std::string scenario = "golan/october", root = cardboard::project_root();
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto next = [&]() -> std::string {
      if (i + 1 >= argc) die(a + " needs a value");
      return argv[++i];
    };
    if (a == "--games") games = std::stoi(next());
    else if (a == "--rounds") rounds = std::stoi(next());
    else if (a == "--workers") workers = std::stoi(next());
    else if (a == "--scenario") scenario = next();
    else if (a == "--root") root = next();
    else die("unknown argument " + a + " (--games N --rounds R --workers W --scenario S --root ROOT)");
  }
  namespace fs = std::filesystem;
  const fs::path saves = fs::temp_directory_path() / ("cardboard-serve-bench-" + std::to_string(::getpid()));
  fs::create_directories(saves);

  cardboard::ServeOptions o;
  o.port = 0;
  o.root = root;
  o.saves = saves.string();
  o.bot_delay_ms = 0;
  o.threads = games * 2 + 64;  // a thread per open stream, and some for requests
  cardboard::Server server(o);
  auto port = server.bind();
  if (!port.ok()) die(port.error().message);
  std::thread serving([&] { server.run(); });
  const httplib::Headers host = {{"X-Cardboard-Key", server.host_key()}};
  const auto client = [&] {
    httplib::Client c("127.0.0.1", *port);
    c.set_read_timeout(60, 0);
    return c;
  };

  std::vector<std::unique_ptr<Game>> rooms;
  for (int g = 0; g < games; ++g) {
    auto r = client().Post("/api/new", host, json{{"scenario", scenario}, {"seed", g + 1}}.dump(), "application/json");
    if (!r || r->status != 200) die("cannot start game " + std::to_string(g) + ": " + (r ? r->body : "no answer"));
    const json links = json::parse(r->body)["links"];
    auto game = std::make_unique<Game>();
    int side = 0;
    for (const auto& [who, link] : links.items())
      if (who != "spectator" && side < 2) game->tokens[side++] = link.get<std::string>().substr(6);
    if (side != 2) die(scenario + " is not a game of two people");
    rooms.push_back(std::move(game));
  }

  // Every player's page: a stream open for the whole run.
  std::mutex m;
  std::vector<double> latencies, round_trips;
  std::atomic<bool> done{false};
  std::atomic<int> connected{0};
  std::vector<std::thread> streams;
  for (auto& game : rooms)
    for (int side = 0; side < 2; ++side)
      streams.emplace_back([&, g = game.get(), side] {
        auto c = client();
        bool first = true;
        c.Get("/api/play/" + g->tokens[side] + "/stream", [&](const char* data, size_t n) {
          if (std::string_view(data, n).find("event: action") == std::string_view::npos) return !done.load();
          if (first) {
            first = false;
            ++connected;
          } else if (g->waiting_side.load() == side) {
            const int64_t t0 = g->sent_at.exchange(0);
            g->waiting_side = -1;
            if (t0 != 0) {
              const double ms = static_cast<double>(Clock::now().time_since_epoch().count() - t0) / 1e6;
              std::lock_guard lock(m);
              round_trips.push_back(ms);
            }
          }
          return !done.load();
        });
      });
  for (int i = 0; i < 3000 && connected < games * 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (connected < games * 2) die("only " + std::to_string(connected.load()) + " streams connected");

  // The players: each round, in every game, the deciding side looks and
  // moves, then both pages fetch the new state and log, as the page does.
  std::atomic<int> next{0};
  const auto timed_get = [&](httplib::Client& c, const std::string& path) {
    const auto t0 = Clock::now();
    auto r = c.Get(path);
    const double ms = ms_since(t0);
    if (!r || r->status != 200) die("GET " + path + ": " + (r ? r->body : "no answer"));
    std::lock_guard lock(m);
    latencies.push_back(ms);
    return json::parse(r->body);
  };
  std::vector<std::thread> players;
  for (int w = 0; w < workers; ++w)
    players.emplace_back([&] {
      auto c = client();
      for (int job; (job = next++) < games * rounds;) {
        Game& g = *rooms[job % games];
        json st[2] = {timed_get(c, "/api/play/" + g.tokens[0] + "/state"),
                      timed_get(c, "/api/play/" + g.tokens[1] + "/state")};
        int side = -1;
        for (int s = 0; s < 2; ++s)
          if (!st[s]["view"]["choices"].empty()) side = s;
        if (side < 0) continue;  // over
        const json body = {{"at", st[side]["actions"]}, {"choice", st[side]["view"]["choices"][0]["value"]}};
        g.waiting_side = 1 - side;
        g.sent_at = Clock::now().time_since_epoch().count();
        const auto t0 = Clock::now();
        auto r = c.Post("/api/play/" + g.tokens[side] + "/act", body.dump(), "application/json");
        const double ms = ms_since(t0);
        if (!r || (r->status != 200 && r->status != 409)) die("act: " + (r ? r->body : "no answer"));
        {
          std::lock_guard lock(m);
          latencies.push_back(ms);
        }
        for (int s = 0; s < 2; ++s) {
          timed_get(c, "/api/play/" + g.tokens[s] + "/state");
          timed_get(c, "/api/play/" + g.tokens[s] + "/log?after=" + st[s]["actions"].dump());
        }
      }
    });
  for (auto& p : players) p.join();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the last streams' events
  done = true;
  server.stop();
  serving.join();
  for (auto& s : streams) s.join();
  std::error_code ec;
  fs::remove_all(saves, ec);

  std::lock_guard lock(m);
  std::printf("%s\n", json{{"bench", "serve"},
                           {"scenario", scenario},
                           {"games", games},
                           {"clients", games * 2},
                           {"requests", latencies.size()},
                           {"p50_ms", percentile(latencies, 0.50)},
                           {"p99_ms", percentile(latencies, 0.99)},
                           {"max_ms", percentile(latencies, 1.0)},
                           {"round_trips", round_trips.size()},
                           {"round_trip_ms_median", percentile(round_trips, 0.5)},
                           {"round_trip_ms_p99", percentile(round_trips, 0.99)}}
                          .dump()
                          .c_str());
  return 0;
}
