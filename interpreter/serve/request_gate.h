// The HTTP server with a gate before its threads: a connection is served
// only once its whole request (its header, and a body of up to 16 KiB) has
// arrived, within a deadline counted from the connection, so that idle or
// half-sent connections hold no thread. cpp-httplib (0.11) gives each
// connection a thread from accepting it, reading it with a timeout that
// each byte restarts: 600 idle connections, more than --threads, kept the
// lobby from answering for 10 s, and clients trickling a header byte every
// 4 s kept every thread busy.
//
// One thread waits on every held connection at once (epoll, edge-triggered:
// an event for each arrival of bytes, which it peeks, never reads). A
// request complete goes to the thread pool, which serves it as cpp-httplib
// does and closes the connection (one request a connection: a second one
// would be read by a thread, where the deadline no longer holds). A
// connection whose request is not whole by the deadline is closed; so is a
// client's oldest held connection when it holds more than `per_client`,
// and the oldest of all past `held`. One address is answered on half the
// threads at most: its requests past that get a 503 from the gate thread
// (an open page's event stream holds a thread as long as it is open).
//
// The rest of cpp-httplib is as it is: routes, limits, timeouts of writes.
#pragma once

#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <memory>

namespace cardboard {

struct GateLimits {
  size_t threads = 512;                                // requests served at once
  std::chrono::milliseconds deadline{10000};           // for a request to arrive whole
  size_t per_client = 32;                              // connections one address may hold waiting
  size_t held = 4096;                                  // connections held waiting, in all
};

class GatedServer : public httplib::Server {
 public:
  explicit GatedServer(GateLimits limits);
  ~GatedServer() override;
  GatedServer(const GatedServer&) = delete;
  GatedServer& operator=(const GatedServer&) = delete;

  const GateLimits& limits() const { return limits_; }

 private:
  class Gate;
  class Front;
  // Called by cpp-httplib's accept loop for each connection (on that
  // thread, through Front): hands it to the gate, at once.
  bool process_and_close_socket(socket_t sock) override;
  // On a pool thread: the one request of a connection the gate let
  // through, answered, and the connection closed. `rest` bounds the
  // reading of a body larger than the gate waits for.
  void serve(int sock, std::chrono::steady_clock::time_point rest);

  GateLimits limits_;
  std::unique_ptr<Gate> gate_;  // while listening
};

}  // namespace cardboard
