// The links the server gave out, kept in the saves folder so that they
// outlive the process: after a restart, a player's link still reaches its
// game (the server opens its save again at the link's first request). One
// JSON file, `.cardboard-links`, readable by the server's user only, that
// holds each link's SHA-256, never the link: a copy of the file (a backup
// of the saves folder) lets nobody into a game. So a restarted server
// knows a link only once it is used; the host's Open, before that, gives
// a side a new link beside its old one, and either plays the side.
//
// The file is read as any input is: a book that is not what this server
// writes (malformed, too large, a bad save name or hash) is set aside with
// a warning, and the links start afresh. A book of version 1 (the links
// themselves, before they were hashed) is read and written back hashed.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace cardboard {

class LinkBook {
 public:
  using Links = std::map<std::string, std::string>;  // side id or "spectator" -> token

  // Where a link leads: a save of the folder, and who plays through it.
  struct Seat {
    std::string save, who;
  };

  // The book of the saves folder `saves` (empty when there is none yet),
  // without the saves no longer there; `warning` says why a file there was
  // set aside.
  static LinkBook open(const std::string& saves, std::string* warning);

  // The seat a token was given, if the book holds it.
  std::optional<Seat> seat_of(const std::string& token) const;
  // Records the links of a save as it is opened now: each token's hash is
  // added to the hashes its seat had (the newest kMaxLinksPerSeat kept),
  // and a seat not in `links` (a side a bot plays now) loses them all. The
  // book is written (a new file renamed over the old, so a crash leaves
  // one or the other) when it changed.
  Status put(const std::string& save, const Links& links);

  static constexpr const char* kFileName = ".cardboard-links";
  static constexpr size_t kMaxBytes = 16 * 1024 * 1024;
  // A seat's links still open it after restarts and new links from Open;
  // past this many the oldest stops.
  static constexpr size_t kMaxLinksPerSeat = 8;

 private:
  Status write();
  void index();

  std::string path_;
  std::map<std::string, std::map<std::string, std::vector<std::string>>> saves_;  // save -> who -> hashes, oldest first
  std::map<std::string, Seat> by_hash_;
  bool upgrade_ = false;  // read from a book of version 1: written back hashed
};

// The SHA-256 of a token, as 64 lowercase hex digits: what the book keeps.
std::string link_hash(const std::string& token);

// A save's name in the saves folder: a plain file name, never a path.
bool valid_save_name(const std::string& name);

}  // namespace cardboard
