#include "serve/request_gate.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace cardboard {

namespace {

using Clock = std::chrono::steady_clock;

// The most of a request the gate waits for: a header this long without its
// end, or a body longer, goes to a thread as it is (cpp-httplib refuses a
// header past 8 KiB; the body's reading is bounded by the deadline there).
// Both fit any socket's receive buffer, so a client can always send them.
constexpr size_t kHeaderWait = 16 * 1024;
constexpr size_t kBodyWait = 16 * 1024;

int millis_until(Clock::time_point t) {
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(t - Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(ms, 0, 24 * 3600 * 1000));
}

// Whether `sock` shows `events` within `ms` (a hang-up or an error counts:
// the read or write that follows says what it is).
bool wait_for(int sock, short events, int ms) {
  pollfd p{sock, events, 0};
  for (;;) {
    const int n = ::poll(&p, 1, ms);
    if (n < 0 && errno == EINTR) continue;
    return n > 0;
  }
}

std::string address(const sockaddr_storage& a, int& port) {
  char text[INET6_ADDRSTRLEN] = "";
  port = -1;
  if (a.ss_family == AF_INET) {
    const auto& in = reinterpret_cast<const sockaddr_in&>(a);
    ::inet_ntop(AF_INET, &in.sin_addr, text, sizeof text);
    port = ntohs(in.sin_port);
  } else if (a.ss_family == AF_INET6) {
    const auto& in6 = reinterpret_cast<const sockaddr_in6&>(a);
    ::inet_ntop(AF_INET6, &in6.sin6_addr, text, sizeof text);
    port = ntohs(in6.sin6_port);
  }
  return text;
}

std::string peer(int sock, int& port) {
  sockaddr_storage a{};
  socklen_t size = sizeof a;
  if (::getpeername(sock, reinterpret_cast<sockaddr*>(&a), &size) != 0) return "";
  return address(a, port);
}

void close_socket(int sock) {
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
}

// A connection's socket as cpp-httplib reads and writes it. Reading ends
// at the request's deadline (the gate let the request through whole, but
// for a body longer than it waits for); each write waits `write_timeout`
// at most for the client to take it.
class SocketStream final : public httplib::Stream {
 public:
  SocketStream(int sock, Clock::time_point read_until, int write_timeout_ms)
      : sock_(sock), read_until_(read_until), write_timeout_ms_(write_timeout_ms) {}

  bool is_readable() const override { return wait_for(sock_, POLLIN, millis_until(read_until_)); }
  bool is_writable() const override { return wait_for(sock_, POLLOUT, write_timeout_ms_) && alive(); }

  ssize_t read(char* ptr, size_t size) override {
    for (;;) {
      const ssize_t n = ::recv(sock_, ptr, size, MSG_DONTWAIT);
      if (n >= 0) return n;
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
      if (!wait_for(sock_, POLLIN, millis_until(read_until_))) return -1;
    }
  }

  ssize_t write(const char* ptr, size_t size) override {
    for (;;) {
      const ssize_t n = ::send(sock_, ptr, size, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n >= 0) return n;
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
      if (!wait_for(sock_, POLLOUT, write_timeout_ms_)) return -1;
    }
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { ip = peer(sock_, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage a{};
    socklen_t size = sizeof a;
    ip.clear();
    port = -1;
    if (::getsockname(sock_, reinterpret_cast<sockaddr*>(&a), &size) == 0) ip = address(a, port);
  }
  socket_t socket() const override { return sock_; }

 private:
  // The client has not closed its end (an event stream's page gone).
  bool alive() const {
    if (!wait_for(sock_, POLLIN, 0)) return true;
    char c;
    const ssize_t n = ::recv(sock_, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    return n > 0 || (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
  }

  int sock_;
  Clock::time_point read_until_;
  int write_timeout_ms_;
};

// Whether the bytes a connection has sent so far are a whole request, as
// far as the gate waits for one.
bool whole(std::string_view bytes) {
  const size_t end = bytes.find("\r\n\r\n");
  if (end == std::string_view::npos) return bytes.size() >= kHeaderWait;
  std::string header(bytes.substr(0, end + 2));
  std::transform(header.begin(), header.end(), header.begin(), [](unsigned char c) { return std::tolower(c); });
  if (header.find("\r\ntransfer-encoding:") != std::string::npos) return true;  // read by a thread, to the deadline
  const size_t at = header.find("\r\ncontent-length:");
  if (at == std::string::npos) return true;
  size_t length = 0;
  for (size_t i = at + 17; i < header.size(); ++i) {
    const char c = header[i];
    if (c == ' ' || c == '\t') continue;
    if (c < '0' || c > '9') break;
    length = std::min(length * 10 + static_cast<size_t>(c - '0'), kBodyWait + 1);
  }
  return length > kBodyWait || bytes.size() >= end + 4 + length;
}

}  // namespace

// The connections waiting for their requests, on one thread of their own;
// whole requests go to the pool.
class GatedServer::Gate {
 public:
  explicit Gate(GatedServer& server) : server_(server), pool_(server.limits_.threads) {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    wake_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.fd = wake_;
    ::epoll_ctl(epoll_, EPOLL_CTL_ADD, wake_, &e);
    thread_ = std::thread([this] { run(); });
  }

  // Closes what it holds and waits for the requests being served.
  ~Gate() {
    stopping_ = true;
    poke();
    thread_.join();
    for (const auto& [sock, h] : held_) close_socket(sock);
    for (int sock : incoming_) close_socket(sock);
    pool_.shutdown();
    ::close(wake_);
    ::close(epoll_);
  }

  // From the accept loop: returns at once.
  void admit(int sock) {
    {
      std::lock_guard lock(mutex_);
      incoming_.push_back(sock);
    }
    poke();
  }

 private:
  struct Held {
    std::string client;
    Clock::time_point deadline;
    uint64_t id = 0;
  };
  struct Entry {  // in order of arrival, so of deadline too
    uint64_t id;
    int sock;
    std::string client;
  };

  void poke() {
    const uint64_t one = 1;
    [[maybe_unused]] const ssize_t n = ::write(wake_, &one, sizeof one);
  }

  void run() {
    std::vector<epoll_event> events(256);
    while (!stopping_) {
      const int n = ::epoll_wait(epoll_, events.data(), static_cast<int>(events.size()), next_timeout());
      for (int i = 0; i < n; ++i) {
        const int sock = events[static_cast<size_t>(i)].data.fd;
        const uint32_t what = events[static_cast<size_t>(i)].events;
        if (sock == wake_) {
          uint64_t count;
          [[maybe_unused]] const ssize_t r = ::read(wake_, &count, sizeof count);
          std::vector<int> arrived;
          {
            std::lock_guard lock(mutex_);
            arrived.swap(incoming_);
          }
          for (int s : arrived) hold(s);
          continue;
        }
        if (!held_.count(sock)) continue;
        check(sock);
        // Its end closed, or an error, with the request not whole: it never will be.
        if (held_.count(sock) && (what & (EPOLLRDHUP | EPOLLHUP | EPOLLERR))) drop(sock, true);
      }
      expire();
    }
  }

  void hold(int sock) {
    int port = -1;
    const std::string client = peer(sock, port);
    const GateLimits& limits = server_.limits_;
    // Past a limit, the oldest waits no more: a client that opens more than
    // its share closes its own first, the newest (a page's request) goes on.
    if (count_[client] >= limits.per_client) drop_oldest(by_client_[client]);
    if (held_.size() >= limits.held) drop_oldest(order_);
    const uint64_t id = next_id_++;
    held_[sock] = {client, Clock::now() + limits.deadline, id};
    order_.push_back({id, sock, client});
    by_client_[client].push_back({id, sock, client});
    ++count_[client];
    epoll_event e{};
    e.events = EPOLLIN | EPOLLET | EPOLLRDHUP;
    e.data.fd = sock;
    if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, sock, &e) != 0) return drop(sock, true);
    check(sock);  // what arrived before it was watched
  }

  bool live(const Entry& e) const {
    const auto it = held_.find(e.sock);
    return it != held_.end() && it->second.id == e.id;
  }

  void drop_oldest(std::deque<Entry>& queue) {
    while (!queue.empty() && !live(queue.front())) queue.pop_front();
    if (queue.empty()) return;
    const int sock = queue.front().sock;
    queue.pop_front();
    drop(sock, true);
  }

  // Stops holding `sock`: closed, or gone to the pool.
  void drop(int sock, bool close) {
    const auto it = held_.find(sock);
    if (it == held_.end()) return;
    ::epoll_ctl(epoll_, EPOLL_CTL_DEL, sock, nullptr);
    if (--count_[it->second.client] == 0) count_.erase(it->second.client);
    held_.erase(it);
    if (close) close_socket(sock);
  }

  // Peeks at what `sock` has sent: a whole request goes to the pool.
  void check(int sock) {
    const ssize_t n = ::recv(sock, peek_.data(), peek_.size(), MSG_PEEK | MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) return drop(sock, true);
    if (n < 0 || !whole(std::string_view(peek_.data(), static_cast<size_t>(n)))) return;
    const Clock::time_point deadline = held_[sock].deadline;
    const std::string client = held_[sock].client;
    drop(sock, false);
    if (!take_thread(client)) return refuse_busy(sock);
    pool_.enqueue([this, sock, deadline, client] {
      server_.serve(sock, deadline);
      const std::lock_guard lock(busy_mutex_);
      if (--busy_[client] == 0) busy_.erase(client);
    });
  }

  // Whether `client` may have one more request answered now: one address
  // is given half the threads at most, so that one client's event streams
  // (each holds a thread while its page is open) leave room for the others.
  bool take_thread(const std::string& client) {
    const std::lock_guard lock(busy_mutex_);
    size_t& busy = busy_[client];
    if (busy >= std::max<size_t>(1, server_.limits_.threads / 2)) return false;
    ++busy;
    return true;
  }

  // The answer to a request past its address's share, sent without a
  // thread. The request is read first: closing a socket with unread bytes
  // resets the connection, and the client could lose the answer.
  void refuse_busy(int sock) {
    char unread[4096];
    while (::recv(sock, unread, sizeof unread, MSG_DONTWAIT) > 0) {
    }
    static const std::string body =
        R"({"error":"this address has as many requests being answered as the server gives one address (half its )"
        R"(threads): close a page of this server, or ask again once one has finished"})";
    const std::string answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                               "Content-Length: " + std::to_string(body.size()) +
                               "\r\nConnection: close\r\nRetry-After: 1\r\n\r\n" + body;
    [[maybe_unused]] const ssize_t n = ::send(sock, answer.data(), answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    close_socket(sock);
  }

  // Closes the connections past their deadline, and forgets the entries
  // of those no longer held.
  void expire() {
    const Clock::time_point now = Clock::now();
    while (!order_.empty()) {
      const Entry& e = order_.front();
      const bool held = live(e);
      if (held && held_[e.sock].deadline > now) break;
      auto& mine = by_client_[e.client];
      while (!mine.empty() && mine.front().id <= e.id) mine.pop_front();
      if (mine.empty()) by_client_.erase(e.client);
      const int sock = e.sock;
      order_.pop_front();
      if (held) drop(sock, true);
    }
  }

  int next_timeout() {
    while (!order_.empty() && !live(order_.front())) order_.pop_front();
    return order_.empty() ? -1 : millis_until(held_[order_.front().sock].deadline);
  }

  GatedServer& server_;
  httplib::ThreadPool pool_;
  int epoll_ = -1, wake_ = -1;
  std::thread thread_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;           // guards incoming_
  std::vector<int> incoming_;  // accepted, not yet held
  std::mutex busy_mutex_;                 // guards busy_
  std::map<std::string, size_t> busy_;   // requests being answered, by address
  // The gate thread's own:
  std::map<int, Held> held_;
  std::deque<Entry> order_;
  std::map<std::string, std::deque<Entry>> by_client_;
  std::map<std::string, size_t> count_;
  uint64_t next_id_ = 0;
  std::vector<char> peek_ = std::vector<char>(kHeaderWait + 4 + kBodyWait);
};

// cpp-httplib's task queue while it listens: each accepted connection is
// handed to the gate on the accept loop's thread (process_and_close_socket
// only registers it); stopping closes the gate and its pool.
class GatedServer::Front final : public httplib::TaskQueue {
 public:
  explicit Front(GatedServer& server) : server_(server) { server_.gate_ = std::make_unique<Gate>(server_); }
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override { server_.gate_.reset(); }

 private:
  GatedServer& server_;
};

GatedServer::GatedServer(GateLimits limits) : limits_(limits) {
  limits_.threads = std::max<size_t>(1, limits_.threads);
  limits_.per_client = std::max<size_t>(1, limits_.per_client);
  limits_.held = std::max<size_t>(1, limits_.held);
  new_task_queue = [this] { return new Front(*this); };
}

GatedServer::~GatedServer() { gate_.reset(); }

bool GatedServer::process_and_close_socket(socket_t sock) {
  if (gate_) gate_->admit(sock);
  else close_socket(sock);
  return true;
}

void GatedServer::serve(int sock, std::chrono::steady_clock::time_point rest) {
  const int write_ms = static_cast<int>(write_timeout_sec_ * 1000 + write_timeout_usec_ / 1000);
  SocketStream stream(sock, rest, std::max(write_ms, 1));
  std::string ip, local_ip;
  int port = -1, local_port = -1;
  stream.get_remote_ip_and_port(ip, port);
  stream.get_local_ip_and_port(local_ip, local_port);
  bool closed = false;
  // One request a connection (the answer says Connection: close): a second
  // would be read here, past the gate.
  process_request(stream, true, closed, [&](httplib::Request& req) {
    req.remote_addr = ip;
    req.remote_port = port;
    req.local_addr = local_ip;
    req.local_port = local_port;
  });
  close_socket(sock);
}

}  // namespace cardboard
