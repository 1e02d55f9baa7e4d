#include "core/json_nesting.h"
#include "serve/server.h"

#include <httplib.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <random>
#include <regex>
#include <set>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/input_file.h"
#include "core/lazy_text.h"
#include "data/game_loader.h"
#include "script/run_watch.h"
#include "serve/board_json.h"
#include "serve/hidden_folders.h"
#include "serve/bot_runner.h"
#include "serve/compress.h"
#include "serve/link_book.h"
#include "serve/replay.h"
#include "serve/request_gate.h"
#include "serve/room.h"
#include "serve/seed_key.h"
#include "serve/token.h"
#include "serve/web_files.h"
#include "session/json_text.h"
#include "store/save_file.h"

namespace cardboard {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxBody = 64 * 1024;
constexpr int kMaxJsonDepth = 16;
const char kTokenPattern[] = "([0-9a-f]{32})";

// The page's own policy: its scripts, styles and requests stay on this
// server, and no other page may frame it. Tokens travel in paths, so no
// Referer may carry them anywhere.
void secure_headers(httplib::Response& res) {
  res.set_header("Content-Security-Policy",
                 "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                 "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("Referrer-Policy", "no-referrer");
  if (!res.has_header("Cache-Control")) res.set_header("Cache-Control", "no-store");
}

void send(httplib::Response& res, const Reply& r) {
  res.status = r.status;
  // Busy (a hint being worked out, the save in another command's hands):
  // the same request may be made again in a moment.
  if (r.status == 429 || r.status == 503) res.set_header("Retry-After", "1");
  res.set_content(json_text(r.body), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) { send(res, refusal(status, message)); }

// Nesting deeper than any request of ours needs is refused before parsing:
// a body of 60,000 '[' must not cost a deep recursion anywhere.
bool shallow(const std::string& body) { return json_nesting(body) <= static_cast<size_t>(kMaxJsonDepth); }

// The request's JSON object, or a 400 reply saying what is wrong with it.
std::optional<nlohmann::json> json_body(const httplib::Request& req, httplib::Response& res) {
  if (req.body.size() > kMaxBody) {
    send_error(res, 413, "the request body is over " + std::to_string(kMaxBody) + " bytes");
    return std::nullopt;
  }
  if (!shallow(req.body)) {
    send_error(res, 400, "malformed JSON: nested deeper than " + std::to_string(kMaxJsonDepth));
    return std::nullopt;
  }
  auto j = nlohmann::json::parse(req.body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    send_error(res, 400, "malformed request: a JSON object expected");
    return std::nullopt;
  }
  return j;
}

// A field of the body: absent gives `fallback`; the wrong type is a 400.
template <typename T>
bool field(const nlohmann::json& j, const char* key, T& out, httplib::Response& res, bool required) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) send_error(res, 400, std::string("malformed request: missing '") + key + "'");
    return !required;
  }
  bool fits = false;
  if constexpr (std::is_same_v<T, std::string>) fits = it->is_string();
  else if constexpr (std::is_same_v<T, bool>) fits = it->is_boolean();
  else fits = it->is_number_integer();
  if (!fits) {
    send_error(res, 400, std::string("malformed request: bad '") + key + "'");
    return false;
  }
  out = it->get<T>();
  return true;
}

// An undo's `at` (required) and `count` (1 or more; -1 when absent: back to
// and with the side's last action).
bool undo_fields(const nlohmann::json& body, int64_t& at, int64_t& count, httplib::Response& res) {
  if (!field(body, "at", at, res, true) || !field(body, "count", count, res, false)) return false;
  if (body.contains("count") && count < 1) {
    send_error(res, 400, "malformed request: bad 'count' (1 or more)");
    return false;
  }
  return true;
}

const char* content_type(const std::string& name) {
  const std::string ext = fs::path(name).extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".webp") return "image/webp";
  return "application/octet-stream";
}

const WebFile* web_file(const std::string& name) {
  for (const WebFile& f : web_files())
    if (name == f.name) return &f;
  return nullptr;
}

// The modules each of the page's modules imports, read from their import
// and export statements (`import {x} from './dom.js'`, `export {y} from
// './z.js'`, `import './w.js'`): the page's modules sit in one folder and
// name each other so. A dynamic import() is not followed: the page asks
// for the module it needs (docs/serve.md).
const std::map<std::string, std::vector<std::string>, std::less<>>& module_imports() {
  static const auto imports = [] {
    static const std::regex statement(
        R"((?:^|[;\n])[ \t]*(?:import|export)\b(?:[^;'"()]*?\bfrom)?[ \t]*(['"])\./([A-Za-z0-9_.-]+\.js)\1)");
    std::map<std::string, std::vector<std::string>, std::less<>> m;
    for (const WebFile& f : web_files()) {
      if (!std::string_view(f.name).ends_with(".js")) continue;
      auto& names = m[f.name];
      for (std::cregex_iterator it(f.bytes.data(), f.bytes.data() + f.bytes.size(), statement), end; it != end; ++it) {
        const std::string name = (*it)[2];
        if (web_file(name) && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      }
    }
    return m;
  }();
  return imports;
}

// `roots` and every module they import, directly or not, each once, nearest
// first.
std::vector<std::string> module_graph(const std::vector<std::string>& roots) {
  std::vector<std::string> order;
  for (const std::string& r : roots)
    if (std::find(order.begin(), order.end(), r) == order.end()) order.push_back(r);
  for (size_t i = 0; i < order.size(); ++i) {
    const auto it = module_imports().find(order[i]);
    if (it == module_imports().end()) continue;
    for (const std::string& m : it->second)
      if (std::find(order.begin(), order.end(), m) == order.end()) order.push_back(m);
  }
  return order;
}

// The modules a page's HTML runs: <script type="module" src="/static/NAME">.
std::vector<std::string> html_modules(std::string_view html) {
  std::vector<std::string> names;
  const std::string_view tag = "<script type=\"module\" src=\"/static/";
  for (size_t at = html.find(tag); at != std::string_view::npos; at = html.find(tag, at + 1)) {
    const size_t start = at + tag.size(), end = html.find('"', start);
    if (end != std::string_view::npos) names.emplace_back(html.substr(start, end - start));
  }
  return names;
}

bool compressible(const std::string& type) {
  return type.starts_with("text/") || type.starts_with("application/json") || type.starts_with("image/svg+xml");
}

// Sends `bytes` (which `owner`, if any, keeps alive) in `coding`, through a
// content provider of known length: cpp-httplib sends that as it is, where
// it would compress a body itself, with brotli at its best, 20 ms for an
// answer of 15 kB (docs/serve.md).
void set_encoded(httplib::Response& res, std::string_view bytes, std::shared_ptr<const std::string> owner,
                 const std::string& type, Coding coding) {
  res.set_header("Vary", "Accept-Encoding");
  if (const char* name = coding_name(coding)) res.set_header("Content-Encoding", name);
  res.set_content_provider(bytes.size(), type, [bytes, owner](size_t offset, size_t length, httplib::DataSink& sink) {
    return sink.write(bytes.data() + offset, length);
  });
}

Coding coding_for(const httplib::Request& req, const std::string& type) {
  return compressible(type) ? accepted_coding(req.get_header_value("Accept-Encoding")) : Coding::kIdentity;
}

// A handler's answer, compressed as the request accepts if it is text.
void encode(const httplib::Request& req, httplib::Response& res) {
  if (res.body.empty()) return;
  const std::string type = res.get_header_value("Content-Type");
  const Coding coding = coding_for(req, type);
  auto body = std::make_shared<const std::string>(coding == Coding::kIdentity ? std::move(res.body)
                                                                              : compress(res.body, coding));
  res.body.clear();
  set_encoded(res, *body, body, type, coding);
}

// The page's files in each coding, compressed once: they are the same for
// the server's whole life.
struct EncodedFile {
  const WebFile* file;
  std::string brotli, gzip;

  std::string_view in(Coding coding) const {
    return coding == Coding::kBrotli ? brotli : coding == Coding::kGzip ? gzip : file->bytes;
  }
};

const std::map<std::string, EncodedFile, std::less<>>& encoded_files() {
  static const auto files = [] {
    std::map<std::string, EncodedFile, std::less<>> m;
    for (const WebFile& f : web_files()) {
      const bool text = compressible(content_type(f.name));
      m[f.name] = {&f, text ? compress(f.bytes, Coding::kBrotli) : "", text ? compress(f.bytes, Coding::kGzip) : ""};
    }
    return m;
  }();
  return files;
}

// One of the page's files, as the request accepts it; false if there is none of that name.
bool send_file(const std::string& name, const httplib::Request& req, httplib::Response& res) {
  const auto it = encoded_files().find(name);
  if (it == encoded_files().end()) return false;
  const std::string type = content_type(name);
  const Coding coding = coding_for(req, type);
  set_encoded(res, it->second.in(coding), nullptr, type, coding);
  return true;
}

// The page's files as this build has them, named by a hash of all their
// bytes: a browser keeps them for good under /static/v/VERSION/, and a new
// build's pages ask for new names. Relative imports inside the modules
// stay under the same prefix by themselves.
const std::string& web_version() {
  static const std::string version = [] {
    uint64_t h = 14695981039346656037ULL;  // FNV-1a
    for (const WebFile& f : web_files())
      for (char c : std::string(f.name) + '\0' + std::string(f.bytes)) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return std::string(hex);
  }();
  return version;
}

struct GameEntry {
  std::string id, title;
  std::vector<CatalogEntry> scenarios;
  nlohmann::json sides = nlohmann::json::array();
};

// Who a link lets in: a side of a room (side >= 0) or its spectators
// (kPublicOnly: -1 would be kEveryone, who sees every secret).
struct Seat {
  std::shared_ptr<Room> room;
  int side = kPublicOnly;
};

struct OpenRoom {
  std::shared_ptr<Room> room;
  std::string save;  // its name in the saves folder
  std::map<std::string, std::string> links;  // side id or "spectator" -> token
};

}  // namespace

namespace {

// How many connections the gate holds waiting for their requests, in all:
// half the files the process may open (the rest: saves, a page's answers).
size_t held_connections() {
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur == RLIM_INFINITY) return 4096;
  return std::max<size_t>(64, static_cast<size_t>(files.rlim_cur) / 2);
}

GateLimits gate_limits(const ServeOptions& o) {
  GateLimits g;
  g.threads = static_cast<size_t>(std::max(4, o.threads));
  g.deadline = std::chrono::milliseconds(std::max(1, o.request_ms));
  g.per_client = static_cast<size_t>(std::max(1, o.per_client));
  g.held = held_connections();
  return g;
}

}  // namespace

struct Server::Impl {
  ServeOptions options;
  GatedServer http;
  std::vector<GameEntry> games;
  std::mutex registry;  // guards rooms, seats, replays
  std::map<std::string, OpenRoom> rooms;  // by save name
  std::map<std::string, Seat> seats;      // by token
  std::map<std::string, std::shared_ptr<Replay>> replays;  // by token
  std::unique_ptr<BotRunner> bot_runner;
  SearchSlots hint_slots;
  LinkBook book;  // the links given out, by save (guarded by registry)
  std::optional<Result<SeedKey>> seed_key;  // made at the first typed seed (guarded by registry)
  // Booked saves a link could not open again (guarded by registry): not
  // tried again at every request, until the host opens them.
  std::set<std::string> unopenable;
  // Saves being opened (guarded by registry): a save opens outside the
  // lock, and a second request for it waits for `opened`.
  std::set<std::string> opening;
  std::condition_variable opened;
  std::atomic<bool> stopping{false};
  std::vector<std::string> folders;  // own_folders(): what answers leave out of the paths they name

  explicit Impl(ServeOptions o) : options(std::move(o)), http(gate_limits(options)), hint_slots(options.hint_searches) {
    if (options.host_key.empty()) options.host_key = new_token();
    folders = own_folders();
    std::string warning;
    book = LinkBook::open(options.saves, &warning);
    if (!warning.empty()) std::fprintf(stderr, "cardboard serve: %s\n", warning.c_str());
    bot_runner = std::make_unique<BotRunner>(std::chrono::milliseconds(options.bot_delay_ms), think());
    load_catalog();
    routes();
    // Read and compressed before the first page asks for them.
    encoded_files();
    module_imports();
  }

  std::chrono::milliseconds think() const { return std::chrono::seconds(options.bot_seconds); }

  // The project root's and the saves folder's absolute paths.
  std::vector<std::string> own_folders() const {
    std::vector<std::string> folders;
    for (const std::string& f : {options.root, options.saves}) {
      std::error_code ec;
      const fs::path absolute = fs::absolute(f, ec).lexically_normal();
      if (!ec && absolute.has_relative_path()) folders.push_back(absolute.string());
    }
    return folders;
  }

  // A JSON answer (a rules error naming its file, a save's problem) with
  // the server's own folders left out of the paths it names.
  void hide_own_folders(httplib::Response& res) const {
    if (res.body.empty() || !res.get_header_value("Content-Type").starts_with("application/json")) return;
    res.body = hide_folders(res.body, folders);
  }

  void load_catalog() {
    for (const CatalogEntry& e : list_catalog(options.root)) {
      if (games.empty() || games.back().id != e.game) games.push_back({e.game, e.game_title, {}, {}});
      games.back().scenarios.push_back(e);
    }
    for (GameEntry& g : games) {
      auto def = load_game(g.scenarios.front().scenario, options.root);
      if (!def.ok()) continue;
      for (const auto& s : (*def)->sides)
        g.sides.push_back({{"id", s.id}, {"title", s.title}, {"automatic", s.automatic}});
    }
  }

  bool known_scenario(const std::string& ref) const {
    for (const GameEntry& g : games)
      for (const auto& s : g.scenarios)
        if (s.scenario == ref) return true;
    return false;
  }

  // The host key from the cookie or the header.
  bool is_host(const httplib::Request& req) const {
    if (req.get_header_value("X-Cardboard-Key") == options.host_key) return true;
    const std::string cookies = req.get_header_value("Cookie");
    const std::string want = "cardboard_key=" + options.host_key;
    size_t at = 0;
    while (at < cookies.size()) {
      size_t end = cookies.find(';', at);
      if (end == std::string::npos) end = cookies.size();
      std::string c = cookies.substr(at, end - at);
      c.erase(0, c.find_first_not_of(' '));
      if (c == want) return true;
      at = end + 1;
    }
    return false;
  }

  bool host_only(const httplib::Request& req, httplib::Response& res) {
    if (is_host(req)) return true;
    send_error(res, 403, "the lobby needs the host key: open the address `cardboard serve` printed");
    return false;
  }

  std::optional<Seat> seat(const std::string& token) {
    std::optional<LinkBook::Seat> booked;
    {
      std::lock_guard lock(registry);
      const auto it = seats.find(token);
      if (it != seats.end()) return it->second;
      booked = book.seat_of(token);
      if (!booked || unopenable.count(booked->save)) return std::nullopt;
      // A link given before a restart, to a game open again since (by
      // another link, or the host's Open, which gave its seat a new link).
      if (auto r = rooms.find(booked->save); r != rooms.end()) return take_seat(r->second, booked->who, token);
    }
    // Its game opens again, played as it was last (the bots its save
    // records), and the link takes its seat.
    if (!reopen(booked->save, {{booked->who, token}})) {
      std::lock_guard lock(registry);
      unopenable.insert(booked->save);
      return std::nullopt;
    }
    std::lock_guard lock(registry);
    const auto it = seats.find(token);
    if (it == seats.end()) return std::nullopt;
    return it->second;
  }

  // The seat of `who` (a side id or "spectator") in an open room for a
  // booked link: none when people no longer play that side. Under the
  // registry's lock.
  std::optional<Seat> take_seat(const OpenRoom& r, const std::string& who, const std::string& token) {
    if (!r.links.count(who)) return std::nullopt;
    const int side = who == "spectator" ? kPublicOnly : r.room->def().find_side(who);
    if (who != "spectator" && side < 0) return std::nullopt;
    return seats[token] = {r.room, side};
  }

  // Opens the save `name` of a booked link as it was last played, with the
  // links `known` (who -> token) in their seats; false when it cannot be
  // (gone, unreadable, or recording a bot this server lacks: the host's
  // lobby opens it then, choosing its players).
  bool reopen(const std::string& name, const LinkBook::Links& known) {
    std::error_code ec;
    if (!fs::is_regular_file(options.saves + "/" + name, ec)) return false;
    httplib::Response ignored;
    auto players = players_of(name, nullptr, ignored);
    return players && open_room(name, *players, known).status == 200;
  }

  std::shared_ptr<Replay> replay(const std::string& token) {
    std::lock_guard lock(registry);
    const auto it = replays.find(token);
    return it == replays.end() ? nullptr : it->second;
  }

  nlohmann::json links_json(const OpenRoom& r) const {
    nlohmann::json links = nlohmann::json::object();
    for (const auto& [who, token] : r.links) links[who] = "/play/" + token;
    return {{"room", r.save},
            {"save", r.save},
            {"game", r.room->def().id},
            {"title", r.room->def().title + " - " + r.room->def().scenario_title},
            {"links", links}};
  }

  // Who plays each side of a new or reopened game ('sides': a side id to
  // "person", "bot" (the server's --bot) or "bot:NAME[:PARAMS]", that bot
  // for this game): the sides bots play, and the bot specs for Room::open,
  // this game's own after the server's, so that they win.
  struct Players {
    std::vector<bool> bots;
    std::vector<std::string> specs;
  };

  // Opens the save `name` as a room (or answers with the open one): a link
  // for each side people play and one for spectators. Opening runs the
  // rules and replays the save, which may take seconds: the registry is
  // unlocked meanwhile, so that no other game's requests wait for it.
  Reply open_room(const std::string& name, const Players& players, const LinkBook::Links& known = {}) {
    std::unique_lock lock(registry);
    opened.wait(lock, [&] { return !opening.count(name); });
    if (auto it = rooms.find(name); it != rooms.end()) return {200, links_json(it->second)};
    opening.insert(name);
    // Runs with the lock held on every way out, a throw included.
    struct Opened {
      Impl& server;
      const std::string& name;
      ~Opened() {
        server.opening.erase(name);
        server.opened.notify_all();
      }
    } done{*this, name};
    auto room = [&] {
      lock.unlock();
      struct Relock {
        std::unique_lock<std::mutex>& lock;
        ~Relock() { lock.lock(); }
      } relock{lock};
      return Room::open(options.saves + "/" + name, options.root, players.bots, players.specs);
    }();
    if (!room.ok()) return refusal(room.error());
    OpenRoom r{*room, name, {}};
    const GameDef& def = r.room->def();
    // The link a restarted game was opened by keeps its seat; every other
    // seat gets a new link, and the book keeps the links it had given the
    // seats people still play, which take their seats when they are used
    // (seat()). The book holds hashes: a link not used since the restart
    // cannot be given again.
    const auto link = [&](const std::string& who) {
      const auto it = known.find(who);
      return it != known.end() ? it->second : new_token();
    };
    for (size_t s = 0; s < def.sides.size(); ++s) {
      if (def.sides[s].automatic || r.room->is_bot(static_cast<int>(s))) continue;
      const std::string t = link(def.sides[s].id);
      seats[t] = {r.room, static_cast<int>(s)};
      r.links[def.sides[s].id] = t;
    }
    const std::string spectator = link("spectator");
    seats[spectator] = {r.room, kPublicOnly};
    r.links["spectator"] = spectator;
    unopenable.erase(name);
    if (auto kept = book.put(name, r.links); !kept.ok())
      std::fprintf(stderr, "cardboard serve: %s\n", kept.error().message.c_str());
    bot_runner->watch(r.room);
    return {200, links_json(rooms[name] = std::move(r))};
  }

  // How many sides people play: neither automatic nor a bot's.
  static int people(const GameDef& def, const Players& players) {
    int n = 0;
    for (size_t s = 0; s < def.sides.size(); ++s) n += !def.sides[s].automatic && !players.bots[s];
    return n;
  }

  // "sides": {"syria": "bot"}: which sides bots play.
  std::optional<Players> bot_sides(const nlohmann::json& body, const GameDef& def, httplib::Response& res) {
    Players p{std::vector<bool>(def.sides.size(), false), options.bots};
    const auto it = body.find("sides");
    if (it == body.end() || it->is_null()) return p;
    if (!it->is_object()) {
      send_error(res, 400, "malformed request: 'sides' must map side ids to \"person\", \"bot\" or \"bot:NAME[:PARAMS]\"");
      return std::nullopt;
    }
    for (const auto& [side, who] : it->items()) {
      const int s = def.find_side(side);
      const std::string text = who.is_string() ? who.get<std::string>() : "";
      const bool named = text.rfind("bot:", 0) == 0;
      if (s < 0 || (text != "person" && text != "bot" && !named)) {
        send_error(res, 400, "malformed request: bad 'sides' entry '" + side +
                                 "' (a side id, \"person\", \"bot\" or \"bot:NAME[:PARAMS]\")");
        return std::nullopt;
      }
      p.bots[s] = text != "person";
      if (!named) continue;
      const std::string spec = text.substr(4);
      if (auto ok = check_bot_text(spec, "sides." + side); !ok.ok() || !spec_side(spec).empty()) {
        send_error(res, 400, ok.ok() ? "sides." + side + ": '" + spec + "' names a side: give the bot alone" : ok.error().message);
        return std::nullopt;
      }
      p.specs.push_back(side + "=" + spec);
    }
    return p;
  }

  std::string free_save_name(const std::string& stem) {
    std::string base;
    for (char c : stem) base += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '-';
    for (int n = 1;; ++n) {
      const std::string name = base + (n == 1 ? std::string() : std::string("-").append(std::to_string(n))) + ".cbsave";  // a GCC 12 false -Wrestrict
      std::error_code ec;
      if (!fs::exists(options.saves + "/" + name, ec)) return name;
    }
  }

  void lobby(const httplib::Request& req, httplib::Response& res) {
    if (!host_only(req, res)) return;
    nlohmann::json games_json = nlohmann::json::array();
    for (const GameEntry& g : games) {
      nlohmann::json sc = nlohmann::json::array();
      for (const auto& s : g.scenarios) {
        const auto slash = s.scenario.find('/');
        sc.push_back({{"ref", s.scenario}, {"id", s.scenario.substr(slash + 1)}, {"title", s.scenario_title}});
      }
      games_json.push_back({{"id", g.id}, {"title", g.title}, {"sides", g.sides}, {"scenarios", sc}});
    }
    nlohmann::json saves = nlohmann::json::array();
    std::error_code ec;
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(options.saves, ec))
      if (valid_save_name(e.path().filename().string())) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
      auto file = SaveFile::open(options.saves + "/" + name, 200, SaveFile::Mode::kReadOnly);
      if (!file.ok()) continue;
      auto meta = (*file)->meta();
      if (!meta.ok()) continue;
      const int64_t n = (*file)->action_count();
      bool finished = false;
      if (auto last = (*file)->events(n); last.ok())
        for (const auto& e : *last) finished = finished || e.kind == "result";
      saves.push_back({{"name", name}, {"game", meta->game}, {"scenario", meta->scenario}, {"actions", n},
                       {"finished", finished}, {"bots", meta->bot_texts()}});
    }
    nlohmann::json open = nlohmann::json::array();
    {
      std::lock_guard lock(registry);
      for (const auto& [name, r] : rooms) open.push_back(links_json(r));
    }
    send(res, {200, {{"games", games_json}, {"saves", saves}, {"rooms", open}}});
  }

  void new_game(const httplib::Request& req, httplib::Response& res) {
    if (!host_only(req, res)) return;
    auto body = json_body(req, res);
    if (!body) return;
    std::string scenario, save;
    int64_t seed = 0;
    if (!field(*body, "scenario", scenario, res, true) || !field(*body, "save", save, res, false)) return;
    const bool seeded = body->contains("seed") && !(*body)["seed"].is_null();
    if (!field(*body, "seed", seed, res, false)) return;
    if (seeded && seed < 0) return send_error(res, 400, "malformed request: bad 'seed' (0 or more)");
    if (!known_scenario(scenario)) return send_error(res, 404, "no such scenario: '" + scenario + "' (see the lobby's list)");
    if (!save.empty() && !valid_save_name(save))
      return send_error(res, 400, "bad 'save': a file name ending in .cbsave, of letters, digits, '-', '_' and '.'");
    auto def = load_game(scenario, options.root);
    if (!def.ok()) return send(res, refusal(def.error()));
    auto bots = bot_sides(*body, **def, res);
    if (!bots) return;
    if (save.empty()) save = free_save_name((*def)->scenario_id);
    std::error_code ec;
    fs::create_directories(options.saves, ec);
    if (!seeded) {
      std::random_device rd;
      seed = static_cast<int64_t>((static_cast<uint64_t>(rd()) << 32 ^ rd()) & 0x7fffffffffffffffULL);
    } else if (people(**def, *bots) >= 2) {
      // Between people a typed seed names the game on this server, never
      // its generator's seed, which a player could find by trying seeds
      // (SeedKey). Against bots it is the seed, as `cardboard new --seed`.
      std::lock_guard lock(registry);
      if (!seed_key || !seed_key->ok()) seed_key = SeedKey::open(options.saves);
      if (!seed_key->ok()) return send_error(res, 500, seed_key->error().message);
      seed = static_cast<int64_t>((**seed_key).derive(static_cast<uint64_t>(seed)));
    }
    auto h = History::create(options.saves + "/" + save, scenario, options.root, static_cast<uint64_t>(seed));
    if (!h.ok()) return send(res, refusal(h.error()));
    h->reset();
    send(res, open_room(save, *bots));
  }

  // The host's request naming a save of the saves folder: its body and the
  // save's name, or nothing (refused with the reason).
  std::optional<std::pair<nlohmann::json, std::string>> save_request(const httplib::Request& req,
                                                                     httplib::Response& res) {
    if (!host_only(req, res)) return std::nullopt;
    auto body = json_body(req, res);
    if (!body) return std::nullopt;
    std::string save;
    if (!field(*body, "save", save, res, true)) return std::nullopt;
    std::error_code ec;
    if (!valid_save_name(save)) send_error(res, 400, "bad 'save': the name of a save in the saves folder");
    else if (!fs::is_regular_file(options.saves + "/" + save, ec)) send_error(res, 404, "no save '" + save + "'");
    else return std::make_pair(std::move(*body), save);
    return std::nullopt;
  }

  void open_save(const httplib::Request& req, httplib::Response& res) {
    auto request = save_request(req, res);
    if (!request) return;
    const auto& [body, save] = *request;
    {
      std::lock_guard lock(registry);
      if (auto it = rooms.find(save); it != rooms.end()) return send(res, {200, links_json(it->second)});
    }
    const auto sides = body.find("sides");
    auto b = players_of(save, sides == body.end() || sides->is_null() ? nullptr : &body, res);
    if (!b) return;
    send(res, open_room(save, *b));
  }

  // Who plays the save `save` of the saves folder: as a request's 'sides'
  // say (`body`), or with no body as it was last played (recorded_players);
  // nothing when the save or its game cannot be read (refused in `res`).
  std::optional<Players> players_of(const std::string& save, const nlohmann::json* body, httplib::Response& res) {
    auto file = SaveFile::open(options.saves + "/" + save, SaveFile::kBusyTimeoutMs, SaveFile::Mode::kReadOnly);
    const auto refused = [&](const Error& e) {
      send(res, refusal(e));
      return std::nullopt;
    };
    if (!file.ok()) return refused(file.error());
    auto meta = (*file)->meta();
    if (!meta.ok()) return refused(meta.error());
    file->reset();
    auto def = load_game(meta->scenario, options.root);
    if (!def.ok()) return refused(def.error());
    return body ? bot_sides(*body, **def, res) : recorded_players(*meta, **def, save, res);
  }

  // A save opened with no 'sides' is played as it was last: the bots its
  // meta records (Room::open records them), people at the other sides.
  std::optional<Players> recorded_players(const SaveMeta& meta, const GameDef& def, const std::string& save,
                                          httplib::Response& res) {
    Players p{std::vector<bool>(def.sides.size(), false), options.bots};
    for (const std::string& line : meta.bot_texts()) {
      const int s = def.find_side(spec_side(line));
      if (s < 0 || !parse_bot_spec(line, def).ok()) {
        const std::string shown = line.size() > 100 ? line.substr(0, 100) + "..." : line;
        send_error(res, 400, "save '" + save + "' records a bot this server cannot play ('" + shown +
                                 "'): open it with 'sides' to choose its players");
        return std::nullopt;
      }
      p.bots[s] = true;
      p.specs.push_back(line);
    }
    return p;
  }

  void open_replay(const httplib::Request& req, httplib::Response& res) {
    auto request = save_request(req, res);
    if (!request) return;
    const std::string& save = request->second;
    auto r = Replay::open(options.saves + "/" + save, options.root);
    if (!r.ok()) return send(res, refusal(r.error()));
    const std::string token = new_token();
    {
      std::lock_guard lock(registry);
      replays[token] = *r;
    }
    send(res, {200, {{"link", "/replay/" + token}}});
  }

  void take_over(const std::string& token, const httplib::Request& req, httplib::Response& res) {
    auto r = replay(token);
    if (!r) return send_error(res, 404, "no such replay link");
    if (!host_only(req, res)) return;
    auto body = json_body(req, res);
    if (!body) return;
    int64_t at = 0;
    if (!field(*body, "at", at, res, true)) return;
    const std::string stem = fs::path(r->path()).stem().string() + "-from-" + std::to_string(at);
    const std::string name = free_save_name(stem);
    if (auto s = r->branch(at, options.saves + "/" + name); !s.ok()) return send(res, refusal(s.error()));
    send(res, open_room(name, {std::vector<bool>(r->def().sides.size(), false), options.bots}));
  }

  // An image the game's graphics.toml names, served so that an SVG cannot run
  // a script in the page's origin. Loading checked that it lies inside the
  // game's folder; the file is read now, and may have been replaced since
  // by a link out of it, or by a FIFO: it is resolved again the same way
  // (path_inside, from the folder graphics.toml was in: the map holds
  // FOLDER/NAME) and read as any input file is (a regular file only, so
  // nothing can hold a server thread, and 8 MiB at most).
  void asset(const GameDef& def, const std::string& name, httplib::Response& res) {
    const auto it = def.graphics.images.find(name);
    if (it == def.graphics.images.end()) return send_error(res, 404, "no image '" + name + "' in the game's graphics");
    const std::string& file = it->second;
    if (!file.ends_with("/" + name)) return send_error(res, 404, "cannot serve image '" + name + "'");
    auto inside = path_inside(file.substr(0, file.size() - name.size() - 1), name);
    if (!inside.ok()) return send_error(res, 404, "cannot serve image '" + name + "': it leads out of the game's folder");
    auto bytes = read_input_file(*inside, size_t{8} << 20);
    if (!bytes.ok()) return send_error(res, 404, "cannot serve image '" + name + "'");
    res.set_header("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    res.set_content(*bytes, content_type(name));
  }

  nlohmann::json board_for(const GameDef& def, const std::string& prefix) {
    nlohmann::json b = board_json(def);
    b["assets"] = prefix + "/asset/";
    return b;
  }

  void stream(const Seat& s, httplib::Response& res) {
    auto room = s.room;
    auto seen = std::make_shared<uint64_t>(UINT64_MAX);
    auto idle = std::make_shared<int>(0);
    res.set_header("X-Accel-Buffering", "no");
    res.set_chunked_content_provider("text/event-stream", [this, room, seen, idle](size_t, httplib::DataSink& sink) {
      if (stopping) return false;
      // Short waits: a stream also notices the command line's writes to the
      // save (a room refreshes as it waits) and the server stopping.
      const uint64_t v = room->wait_change(*seen, std::chrono::milliseconds(1000));
      if (stopping || room->closed() || !sink.is_writable()) return false;
      if (v == *seen) {
        if (++*idle < 15) return true;
        *idle = 0;
        const char ping[] = ": still here\n\n";
        return sink.write(ping, sizeof ping - 1);
      }
      *seen = v;
      *idle = 0;
      const std::string event = "event: action\ndata: {\"actions\":" + std::to_string(room->actions()) +
                                ",\"version\":" + std::to_string(v) + "}\n\n";
      return sink.write(event.data(), event.size());
    });
  }

  void routes() {
    http.set_payload_max_length(kMaxBody);
    http.set_read_timeout(10, 0);
    http.set_write_timeout(10, 0);
    // A response goes out as a header write and a body write; with Nagle's
    // algorithm the second waits for the client's delayed ACK (40 ms on
    // Linux), once per file on each of the browser's six connections.
    http.set_tcp_nodelay(true);
    http.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) { secure_headers(res); });
    // An exception's words may name a file (std::filesystem's do): the
    // server's own folders are left out of them too.
    http.set_exception_handler([this](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "internal error";
      try {
        if (ep) std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what += std::string(": ") + e.what();
      } catch (...) {
      }
      send_error(res, 500, what);
      hide_own_folders(res);
      encode(req, res);
    });
    // A handler's refusal has its body already (sent by a content provider).
    http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
      if (res.body.empty() && !res.has_header("Content-Type")) {
        const char* what = res.status == 413 ? "the request body is too large" : "no such page or request";
        res.set_content(json_text({{"error", what}}), "application/json");
        encode(req, res);
      }
    });
    // Every answer leaves through encode(), never cpp-httplib's compression.
    // A request whose rules get stuck (opening a save runs them) keeps its
    // thread, not the process: run_watch's notice; a room's own calls close
    // that room (Room).
    const auto get = [this](const std::string& pattern, httplib::Server::Handler handler) {
      http.Get(pattern, [this, handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
        std::atomic<bool> stuck = false;
        const run_watch::StuckNotice notice(stuck);
        handler(req, res);
        hide_own_folders(res);
        encode(req, res);
      });
    };
    const auto post = [this](const std::string& pattern, httplib::Server::Handler handler) {
      http.Post(pattern, [this, handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
        std::atomic<bool> stuck = false;
        const run_watch::StuckNotice notice(stuck);
        handler(req, res);
        hide_own_folders(res);
        encode(req, res);
      });
    };

    get("/", [this](const httplib::Request& req, httplib::Response& res) {
      if (req.has_param("key")) {
        if (req.get_param_value("key") != options.host_key) return send_error(res, 403, "wrong host key");
        res.set_header("Set-Cookie", "cardboard_key=" + options.host_key + "; Path=/; HttpOnly; SameSite=Strict");
        res.set_redirect("/", 303);
        return;
      }
      if (!is_host(req)) {
        res.status = 403;
        res.set_content("This is a cardboard server. Open the address `cardboard serve` printed (with its key), "
                        "or the link a player sent you.\n",
                        "text/plain; charset=utf-8");
        return;
      }
      page("lobby.html", res);
    });
    get(std::string("/play/") + kTokenPattern, [this](const httplib::Request& req, httplib::Response& res) {
      if (!seat(req.matches[1])) return send_error(res, 404, "no such game link");
      const std::string api = "/api/play/" + std::string(req.matches[1]);
      page("board.html", res, "play.js", {api + "/board", api + "/state", api + "/log?after=-1"});
    });
    get(std::string("/replay/") + kTokenPattern, [this](const httplib::Request& req, httplib::Response& res) {
      if (!replay(req.matches[1])) return send_error(res, 404, "no such replay link");
      const std::string api = "/api/replay/" + std::string(req.matches[1]);
      page("board.html", res, "replay.js", {api + "/board", api + "/at/0"});
    });
    get("/static/([A-Za-z0-9_.-]+)", [](const httplib::Request& req, httplib::Response& res) {
      if (!send_file(req.matches[1], req, res)) send_error(res, 404, "no such file");
    });
    get("/static/v/([0-9a-f]{16})/([A-Za-z0-9_.-]+)", [](const httplib::Request& req, httplib::Response& res) {
      if (!send_file(req.matches[2], req, res)) return send_error(res, 404, "no such file");
      // A page of an older build gets today's file, not to be kept.
      if (req.matches[1] == web_version()) res.set_header("Cache-Control", "public, max-age=31536000, immutable");
    });

    get("/api/lobby", [this](const httplib::Request& req, httplib::Response& res) { lobby(req, res); });
    post("/api/new", [this](const httplib::Request& req, httplib::Response& res) { new_game(req, res); });
    post("/api/open", [this](const httplib::Request& req, httplib::Response& res) { open_save(req, res); });
    post("/api/replay", [this](const httplib::Request& req, httplib::Response& res) { open_replay(req, res); });

    const std::string play = std::string("/api/play/") + kTokenPattern;
    const auto with_seat = [this](auto handler) {
      return [this, handler](const httplib::Request& req, httplib::Response& res) {
        auto s = seat(req.matches[1]);
        if (!s) return send_error(res, 404, "no such game link");
        handler(*s, req, res);
      };
    };
    get(play + "/board", with_seat([this](const Seat& s, const httplib::Request& req, httplib::Response& res) {
      send(res, {200, board_for(s.room->def(), "/api/play/" + std::string(req.matches[1]))});
    }));
    get(play + "/state", with_seat([](const Seat& s, const httplib::Request&, httplib::Response& res) {
      send(res, s.room->state(s.side));
    }));
    get(play + "/log", with_seat([](const Seat& s, const httplib::Request& req, httplib::Response& res) {
      int64_t after = -1;  // from the start: action 0's events (the set-up) included
      if (req.has_param("after")) {
        const std::string a = req.get_param_value("after");
        const auto [p, ec] = std::from_chars(a.data(), a.data() + a.size(), after);
        if (ec != std::errc() || p != a.data() + a.size()) return send_error(res, 400, "bad 'after': a number expected");
      }
      send(res, s.room->log(s.side, after));
    }));
    get(play + "/stream", with_seat([this](const Seat& s, const httplib::Request&, httplib::Response& res) {
      stream(s, res);
    }));
    post(play + "/act", with_seat([this](const Seat& s, const httplib::Request& req, httplib::Response& res) {
      auto body = json_body(req, res);
      if (!body) return;
      int64_t at = 0;
      std::string choice;
      if (!field(*body, "at", at, res, true) || !field(*body, "choice", choice, res, true)) return;
      const Reply r = s.room->act(s.side, at, choice);
      if (r.status == 200) bot_runner->poke(s.room);
      send(res, r);
    }));
    post(play + "/undo", with_seat([this](const Seat& s, const httplib::Request& req, httplib::Response& res) {
      auto body = json_body(req, res);
      if (!body) return;
      int64_t at = 0, count = -1;
      if (!undo_fields(*body, at, count, res)) return;
      const Reply r = s.room->undo(s.side, at, count);
      if (r.status == 200) bot_runner->poke(s.room);
      send(res, r);
    }));
    post(play + "/undo/propose", with_seat([](const Seat& s, const httplib::Request& req, httplib::Response& res) {
      auto body = json_body(req, res);
      if (!body) return;
      int64_t at = 0, count = -1;
      if (!undo_fields(*body, at, count, res)) return;
      send(res, s.room->propose_undo(s.side, at, count));
    }));
    post(play + "/undo/answer", with_seat([this](const Seat& s, const httplib::Request& req, httplib::Response& res) {
      auto body = json_body(req, res);
      if (!body) return;
      int64_t at = 0;
      bool agree = false;
      if (!field(*body, "at", at, res, true) || !field(*body, "agree", agree, res, true)) return;
      const Reply r = s.room->answer_undo(s.side, at, agree);
      if (r.status == 200) bot_runner->poke(s.room);
      send(res, r);
    }));
    post(play + "/hint", with_seat([this](const Seat& s, const httplib::Request& req, httplib::Response& res) {
      auto body = json_body(req, res);
      if (!body) return;
      int64_t at = 0;
      if (!field(*body, "at", at, res, true)) return;
      send(res, s.room->hint(s.side, at, options.hint, hint_slots, {think(), &stopping}));
    }));
    get(play + "/asset/([A-Za-z0-9_./-]+)", with_seat([this](const Seat& s, const httplib::Request& req, httplib::Response& res) {
      asset(s.room->def(), req.matches[2], res);
    }));

    const std::string rp = std::string("/api/replay/") + kTokenPattern;
    const auto with_replay = [this](auto handler) {
      return [this, handler](const httplib::Request& req, httplib::Response& res) {
        auto r = replay(req.matches[1]);
        if (!r) return send_error(res, 404, "no such replay link");
        handler(*r, req, res);
      };
    };
    get(rp + "/board", with_replay([this](Replay& r, const httplib::Request& req, httplib::Response& res) {
      send(res, {200, board_for(r.def(), "/api/replay/" + std::string(req.matches[1]))});
    }));
    get(rp + "/at/([0-9]{1,12})", with_replay([](Replay& r, const httplib::Request& req, httplib::Response& res) {
      send(res, r.at(std::stoll(req.matches[2])));
    }));
    get(rp + "/log", with_replay([](Replay& r, const httplib::Request& req, httplib::Response& res) {
      int64_t upto = -1;
      const std::string a = req.get_param_value("upto");
      const auto [p, ec] = std::from_chars(a.data(), a.data() + a.size(), upto);
      if (a.empty() || ec != std::errc() || p != a.data() + a.size()) return send_error(res, 400, "bad 'upto': a number expected");
      send(res, r.log(upto));
    }));
    get(rp + "/asset/([A-Za-z0-9_./-]+)", with_replay([this](Replay& r, const httplib::Request& req, httplib::Response& res) {
      asset(r.def(), req.matches[2], res);
    }));
    post(rp + "/take-over", [this](const httplib::Request& req, httplib::Response& res) {
      take_over(req.matches[1], req, res);
    });
  }

  // A page, its files named by this build's version, and the answers its
  // script will ask for first already asked for while the head is read
  // (page.js makes the same requests; the browser hands it these), with
  // `module`, the module its entry imports to run this page, and every
  // module either imports.
  void page(const char* name, httplib::Response& res, const std::string& module = "",
            const std::vector<std::string>& first_requests = {}) {
    const WebFile* f = web_file(name);
    if (!f) return send_error(res, 404, std::string("this build has no page ") + name);
    std::string html(f->bytes);
    const std::string from = "\"/static/", to = "\"/static/v/" + web_version() + "/";
    for (size_t at = html.find(from); at != std::string::npos; at = html.find(from, at + to.size())) html.replace(at, from.size(), to);
    // Every module the page will run, asked for at once rather than one
    // level of imports after another.
    const std::vector<std::string> entries = html_modules(f->bytes);
    std::vector<std::string> roots = entries;
    if (!module.empty()) roots.push_back(module);
    // The answers first: the server takes longest over them.
    std::string preloads;
    for (const std::string& url : first_requests) preloads += "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"" + url + "\">\n";
    for (const std::string& m : module_graph(roots))
      if (std::find(entries.begin(), entries.end(), m) == entries.end())
        preloads += "<link rel=\"modulepreload\" href=\"/static/v/" + web_version() + "/" + m + "\">\n";
    if (const size_t head = html.find("<meta charset=\"utf-8\">\n"); head != std::string::npos)
      html.insert(head + std::string_view("<meta charset=\"utf-8\">\n").size(), preloads);
    res.set_content(html, content_type(name));
  }
};

Server::Server(ServeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Server::~Server() { stop(); }

Result<int> Server::bind() {
  auto& http = impl_->http;
  const auto& o = impl_->options;
  int listening = -1;
  http.set_socket_options([&listening](int sock) {
    httplib::default_socket_options(sock);
    listening = sock;
  });
  const int port = o.port == 0 ? http.bind_to_any_port(o.host) : (http.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0)
    return rejected("cannot listen on " + o.host + ":" + std::to_string(o.port) +
                    " (in use, or not an address of this machine): try another --port");
  // The library listens with a queue of 5 connections: pages opening at
  // once (a few hundred streams) would wait for the kernel's retries,
  // seconds each. Listening again on the socket lengthens the queue.
  if (listening >= 0) ::listen(listening, SOMAXCONN);
  return port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
  // A thread stuck inside the rules cannot be joined: the process ends
  // without waiting for the others (every action a room took is saved).
  if (const int stuck = run_watch::stuck_threads(); stuck > 0) {
    std::fprintf(stderr,
                 "cardboard serve: stopping while %d call%s into the rules %s stuck inside a library function: the "
                 "process ends without waiting (exit code 3)\n",
                 stuck, stuck == 1 ? "" : "s", stuck == 1 ? "is" : "are");
    std::fflush(stderr);
    ::_exit(3);
  }
  impl_->stopping = true;
  impl_->bot_runner->stop();
  impl_->http.stop();
}

const std::string& Server::host_key() const { return impl_->options.host_key; }

}  // namespace cardboard
