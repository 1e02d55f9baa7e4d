// The links the server gave out, kept in the saves folder so that they
// outlive the process: after a restart, a player's link still reaches its
// game (the server opens its save again at the link's first request). One
// JSON file, `.cardboard-links`, readable by the server's user only: it
// holds secrets, and it stays with the server, never in a save a player
// might share.
//
// The file is read as any input is: a book that is not what this server
// writes (malformed, too large, a bad save name or token) is set aside
// with a warning, and the links start afresh.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/error.h"

namespace cardboard {

class LinkBook {
 public:
  using Links = std::map<std::string, std::string>;  // side id or "spectator" -> token

  // The book of the saves folder `saves` (empty when there is none yet),
  // without the saves no longer there; `warning` says why a file there was
  // set aside.
  static LinkBook open(const std::string& saves, std::string* warning);

  // The links of a save, as last written.
  Links of(const std::string& save) const;
  // The save a token opens, if any.
  std::optional<std::string> save_of(const std::string& token) const;
  // Replaces the links of a save and writes the book (a new file renamed
  // over the old, so a crash leaves one or the other).
  Status put(const std::string& save, const Links& links);

  static constexpr const char* kFileName = ".cardboard-links";
  static constexpr size_t kMaxBytes = 16 * 1024 * 1024;

 private:
  void index();

  std::string path_;
  std::map<std::string, Links> saves_;
  std::map<std::string, std::string> by_token_;  // token -> save
};

// A save's name in the saves folder: a plain file name, never a path.
bool valid_save_name(const std::string& name);

}  // namespace cardboard
