#include "serve/room.h"

#include <random>

#include "core/lazy_text.h"
#include "session/undo_policy.h"
#include "session/view.h"
#include "session/view_format.h"

namespace cardboard {

Reply refusal(int status, const std::string& message) { return {status, {{"error", message}}}; }

Reply refusal(const Error& e) {
  if (e.message.find("in use by another command") != std::string::npos) return refusal(503, e.message);
  return refusal(e.kind == ErrorKind::kUsage ? 400 : 422, e.message);
}

Result<std::shared_ptr<Room>> Room::open(const std::string& path, const std::string& root, std::vector<bool> bots) {
  auto h = History::open(path, root);
  if (!h.ok()) return h.error();
  std::shared_ptr<Room> room(new Room());
  room->def_ = (*h)->game().def_ptr();
  bots.resize(room->def_->sides.size(), false);
  for (size_t s = 0; s < bots.size(); ++s) bots[s] = bots[s] && !room->def_->sides[s].automatic;
  room->bots_ = std::move(bots);
  room->h_ = std::move(*h);
  room->path_ = path;
  std::random_device rd;
  room->bot_ = RandomBot(static_cast<uint64_t>(rd()) << 32 ^ rd());
  return room;
}

bool Room::between_people() const {
  int people = 0;
  for (size_t s = 0; s < def_->sides.size(); ++s) people += !def_->sides[s].automatic && !bots_[s];
  return people >= 2;
}

void Room::changed() {
  ++version_;
  cv_.notify_all();
}

void Room::refresh() {
  SaveFile& f = h_->file();
  {
    auto view = f.read_view();
    if (!view.ok()) return;  // busy: answer from the game as it stands
  }
  if (f.action_count() == h_->action_count() && f.last_hash() == h_->last_hash()) return;
  // Another command wrote the save: go to its new tip. A save that no longer
  // loads keeps the game where it was; the next write reports why.
  if (h_->seek(f.action_count()).ok()) changed();
}

// Any seat that is not a side reads as a spectator: a stray -1 (kEveryone)
// must never open every secret.
int Room::reader_of(int seat) const {
  if (h_->game().state().finished) return kEveryone;
  return seat >= 0 && seat < static_cast<int>(def_->sides.size()) ? seat : kPublicOnly;
}

std::string Room::reader_id(int reader) const {
  if (reader >= 0) return def_->sides[reader].id;
  return reader == kEveryone ? "*" : "";
}

nlohmann::json Room::events_json(const std::vector<EventRow>& events, int reader) const {
  const std::string id = reader_id(reader);
  nlohmann::json out = nlohmann::json::array();
  for (const auto& e : events)
    if (e.seen_by(id))
      out.push_back({{"action", e.action}, {"kind", e.kind}, {"rule", e.rule}, {"text", e.text_for(id)}});
  return out;
}

Reply Room::state(int seat) {
  std::lock_guard lock(m_);
  refresh();
  const Game& g = h_->game();
  const int reader = reader_of(seat);
  nlohmann::json you = nullptr;
  if (seat >= 0) you = {{"side", def_->sides[seat].id}, {"title", def_->sides[seat].title}};
  nlohmann::json body = {{"actions", h_->action_count()},
                         {"you", you},
                         {"spectator", seat < 0},
                         {"between_people", between_people()},
                         {"view", view_json(build_view(h_->game(), reader))}};
  const int deciding = g.state().finished ? -1 : g.state().pending.side;
  body["bot_deciding"] = deciding >= 0 && is_bot(deciding);
  if (!bot_error_.empty()) body["bot_error"] = bot_error_;
  body["undo"] = {{"possible", seat >= 0 && h_->action_count() > 0}};
  return {200, std::move(body)};
}

Reply Room::log(int seat, int64_t after) {
  std::lock_guard lock(m_);
  refresh();
  const int reader = reader_of(seat);
  const int64_t n = h_->action_count();
  if (after < -1 || after > n) return refusal(400, "bad 'after': " + std::to_string(after) + " (the game holds " + std::to_string(n) + " actions)");
  std::vector<EventRow> events;
  if (n - after <= 32) {
    for (int64_t k = after + 1; k <= n; ++k) {
      auto e = h_->file().events(k);
      if (!e.ok()) return refusal(e.error());
      events.insert(events.end(), e->begin(), e->end());
    }
  } else {
    auto all = h_->file().events();
    if (!all.ok()) return refusal(all.error());
    for (auto& e : *all)
      if (e.action > after && e.action <= n) events.push_back(std::move(e));
  }
  return {200, {{"actions", n}, {"events", events_json(events, reader)}}};
}

Reply Room::act(int seat, int64_t at, const std::string& choice) {
  std::lock_guard lock(m_);
  refresh();
  const Game& g = h_->game();
  const int64_t n = h_->action_count();
  if (at != n)
    return refusal(409, "the game holds " + std::to_string(n) + " actions, not " + std::to_string(at) +
                            ": somebody acted meanwhile; nothing was done");
  if (g.state().finished) return refusal(422, "the game is over: " + g.state().result);
  const int deciding = g.state().pending.side;
  if (seat < 0 || seat != deciding)
    return refusal(403, deciding >= 0 ? def_->sides[deciding].title + " decides now, not " +
                                            (seat >= 0 ? def_->sides[seat].title : std::string("a spectator"))
                                      : std::string("nobody decides now"));
  const Status s = h_->act(choice);
  if (!s.ok()) {
    // The save moved under us (the command line acted): stale, not illegal.
    if (h_->action_count() != n) {
      changed();
      return refusal(409, s.error().message);
    }
    return refusal(s.error());
  }
  changed();
  auto events = h_->last_action_events();
  if (!events.ok()) return refusal(events.error());
  return {200, {{"actions", h_->action_count()}, {"events", events_json(*events, reader_of(seat))}}};
}

Reply Room::undo(int seat, int64_t at, int64_t count) {
  std::lock_guard lock(m_);
  refresh();
  const int64_t n = h_->action_count();
  if (seat < 0) return refusal(403, "a spectator cannot take actions back");
  if (at != n)
    return refusal(409, "the game holds " + std::to_string(n) + " actions, not " + std::to_string(at) +
                            ": somebody acted meanwhile; nothing was done");
  const std::string side = def_->sides[seat].id;
  if (count < 0) {
    // Back to and with this side's last action.
    count = 0;
    for (int64_t k = n; k >= 1 && count == 0; --k) {
      auto a = h_->file().action(k);
      if (!a.ok()) return refusal(a.error());
      if (a->side == side) count = n - k + 1;
    }
    if (count == 0) return refusal(422, def_->sides[seat].title + " has no action to take back");
  }
  if (count == 0 || count > n)
    return refusal(400, "bad 'count': " + std::to_string(count) + " (the game holds " + std::to_string(n) + " actions)");
  // A practice game against bots undoes freely, as a solitaire game does.
  const UndoRequest request{count, side, !between_people()};
  if (auto allowed = check_undo(*h_, request); !allowed.ok()) return refusal(403, allowed.error().message);
  if (auto s = h_->undo(count); !s.ok()) {
    if (h_->action_count() != n) changed();
    return refusal(s.error());
  }
  changed();
  return {200, {{"actions", h_->action_count()}}};
}

uint64_t Room::wait_change(uint64_t seen, std::chrono::milliseconds timeout) {
  std::unique_lock lock(m_);
  refresh();
  cv_.wait_for(lock, timeout, [&] { return version_ != seen; });
  return version_;
}

int64_t Room::actions() {
  std::lock_guard lock(m_);
  return h_->action_count();
}

bool Room::bot_decides() const {
  const auto& st = h_->game().state();
  return !st.finished && st.pending.side >= 0 && is_bot(st.pending.side) && !st.pending.choices.empty();
}

bool Room::bot_to_move() {
  std::lock_guard lock(m_);
  return bot_decides();
}

bool Room::bot_move() {
  std::lock_guard lock(m_);
  refresh();
  if (!bot_decides()) return false;
  const int n = static_cast<int>(h_->game().state().pending.choices.size());
  const Status s = h_->act(std::to_string(bot_.choose(n) + 1));
  // A bot whose move the rules refuse stops there; the pages say why.
  if (!s.ok()) bot_error_ = s.error().message;
  changed();
  return s.ok();
}

}  // namespace cardboard
