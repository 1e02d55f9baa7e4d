// `cardboard serve`: the HTTP server of docs/serve.md. It holds the open
// games (rooms), the replays, the links that open them and the bots that
// play in them; every answer is built from a Room's or a Replay's view for
// the link's reader. The HTTP library stays inside server.cc.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "session/hint.h"

namespace cardboard {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;        // 0: any free port
  std::string root;       // the project: rules/ and scenarios/
  std::string saves;      // where new games are saved and which saves the lobby lists
  int bot_delay_ms = 400; // a bot's pause before each move
  std::vector<std::string> bots;  // which bot plays a bot's side: "NAME[:PARAMS]", "SIDE=NAME[:PARAMS]" (Room::open)
  std::string hint = kDefaultHint;  // the bot a player's Hint asks: "NAME[:PARAMS]" (Room::hint)
  int hint_searches = 0;  // hints worked out at once across the games (0: as many as the machine has cores)
  int bot_seconds = 60;   // the longest a bot's search or a hint thinks, whatever its parameters
  int threads = 512;      // requests served at once; each open stream holds one
  // A connection waits for its whole request off the threads, this long at
  // most, and one address may hold this many such connections at once
  // (serve/request_gate.h).
  int request_ms = 10000;
  int per_client = 32;
  std::string host_key;   // "" : a new random one
};

class Server {
 public:
  explicit Server(ServeOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the address; returns the port (the one picked for port 0).
  Result<int> bind();
  // Serves until stop() (from another thread or a signal's watcher).
  void run();
  void stop();
  const std::string& host_key() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cardboard
