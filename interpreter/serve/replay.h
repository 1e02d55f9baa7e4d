// A save stepped through in the browser: the board after any action, with
// that action's events. A replay of a game still being played shows what
// every side sees and no more (someone may be playing it); once the game is
// over it shows everything. Its calls take its lock, as a Room's do.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "serve/room.h"
#include "session/history.h"

namespace cardboard {

class Replay {
 public:
  static Result<std::shared_ptr<Replay>> open(const std::string& path, const std::string& root);

  // {action, total, finished, view, events}: the board after action k.
  Reply at(int64_t k);
  // {upto, events}: the events of actions 0..k, for a log shown after a jump.
  Reply log(int64_t k);
  // Copies the save to `copy` with actions 1..k kept (the later ones kept in
  // the copy as undone), to go on from there.
  Status branch(int64_t k, const std::string& copy);

  const GameDef& def() const { return *def_; }
  const std::string& path() const { return path_; }

 private:
  Replay() = default;
  // In the words of the replay's reader: everything once the game is over.
  nlohmann::json events_json(const std::vector<EventRow>& events) const;
  std::mutex m_;
  std::unique_ptr<History> h_;
  std::shared_ptr<const GameDef> def_;
  std::string path_, root_;
  int64_t total_ = 0;
  bool finished_ = false;
};

}  // namespace cardboard
