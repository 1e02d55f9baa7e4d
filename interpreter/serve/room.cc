#include "serve/room.h"

#include <cstdio>

#include "core/lazy_text.h"
#include "session/hint.h"
#include "session/undo_policy.h"
#include "session/view.h"
#include "session/view_format.h"

namespace cardboard {

Reply refusal(int status, const std::string& message) { return {status, {{"error", message}}}; }

Reply refusal(const Error& e) {
  if (e.message.find("in use by another command") != std::string::npos) return refusal(503, e.message);
  return refusal(e.kind == ErrorKind::kUsage ? 400 : 422, e.message);
}

Result<std::shared_ptr<Room>> Room::open(const std::string& path, const std::string& root, std::vector<bool> bots,
                                         const std::vector<std::string>& bot_specs) {
  auto h = History::open(path, root);
  if (!h.ok()) return h.error();
  std::shared_ptr<Room> room(new Room());
  room->def_ = (*h)->game().def_ptr();
  const GameDef& def = *room->def_;
  bots.resize(def.sides.size(), false);
  for (size_t s = 0; s < bots.size(); ++s) bots[s] = bots[s] && !def.sides[s].automatic;
  // Seeded from the game's seed, as `play` seeds its bots: the same game
  // gives the same bot moves, so a bot's play can be reproduced and tested.
  const uint64_t seed = (*h)->game().seed() ^ 0xb07;
  room->bot_of_.resize(bots.size());
  std::vector<std::string> played;  // the bots, recorded in the save for its next opening
  for (size_t s = 0; s < bots.size(); ++s) {
    if (!bots[s]) continue;
    // The spec for this side by its id, else the one for every side, else random.
    std::string text = "random";
    bool by_side = false;
    for (const auto& b : bot_specs) {
      const std::string side = spec_side(b);
      if (side == def.sides[s].id) text = b.substr(side.size() + 1), by_side = true;
      if (side.empty() && !by_side) text = b;
    }
    auto spec = parse_bot_spec(def.sides[s].id + "=" + text, def);
    if (!spec.ok()) return spec.error();
    auto bot = make_bot(*spec, room->def_, seed + s);
    if (!bot.ok()) return bot.error();
    room->bot_of_[s] = std::move(*bot);
    played.push_back(spec->text);
  }
  if (auto recorded = (*h)->record_bots(played); !recorded.ok())
    std::fprintf(stderr, "cardboard serve: %s: the bots were not recorded: %s\n", path.c_str(),
                 recorded.error().message.c_str());
  room->bots_ = std::move(bots);
  room->h_ = std::move(*h);
  room->path_ = path;
  return room;
}

Room::Hold::Hold(Room& room) : room_(room), notice_(room.stuck_), lock_(room.m_, std::defer_lock) { relock(); }

bool Room::Hold::relock() {
  // A call stuck inside the rules keeps the lock for good: it is waited
  // for only while the room is open.
  while (!room_.stuck_.load())
    if (lock_.try_lock_for(std::chrono::milliseconds(50))) {
      if (!room_.stuck_.load()) return true;
      lock_.unlock();
    }
  room_.signal_m_.lock();  // a stream between its check and its wait sees this notice
  room_.signal_m_.unlock();
  room_.cv_.notify_all();  // the streams waiting on the room end
  return false;
}

Reply Room::closed_reply() const {
  return refusal(503, "this game's rules got stuck inside a library function past their time limit, so the game "
                      "is closed; its save keeps every action taken before that");
}

bool Room::between_people() const {
  int people = 0;
  for (size_t s = 0; s < def_->sides.size(); ++s) people += !def_->sides[s].automatic && !bots_[s];
  return people >= 2;
}

void Room::changed() {
  {
    const std::lock_guard lock(signal_m_);
    ++version_;
  }
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
  Hold hold(*this);
  if (!hold) return closed_reply();
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
  body["undo"] = undo_json(seat);
  body["version"] = version_.load();
  return {200, std::move(body)};
}

Reply Room::log(int seat, int64_t after) {
  Hold hold(*this);
  if (!hold) return closed_reply();
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

namespace {

// A request made on a view the game has left.
Reply stale(int64_t n, int64_t at) {
  return refusal(409, "the game holds " + std::to_string(n) + " actions, not " + std::to_string(at) +
                          ": somebody acted meanwhile; nothing was done");
}

}  // namespace

Reply Room::act(int seat, int64_t at, const std::string& choice) {
  Hold hold(*this);
  if (!hold) return closed_reply();
  refresh();
  const Game& g = h_->game();
  const int64_t n = h_->action_count();
  if (at != n) return stale(n, at);
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

std::function<bool()> Room::search_stop(const SearchLimit& limit) const {
  const auto until = std::chrono::steady_clock::now() + limit.time;
  return [this, until, halt = limit.halt, seen = version_.load()] {
    return (halt && halt->load()) || version_.load() != seen || std::chrono::steady_clock::now() >= until;
  };
}

Reply Room::hint(int seat, int64_t at, const std::string& spec, SearchSlots& slots, const SearchLimit& limit) {
  Hold hold(*this);
  if (!hold) return closed_reply();
  refresh();
  const Game& g = h_->game();
  const int64_t n = h_->action_count();
  if (at != n) return stale(n, at);
  if (g.state().finished) return refusal(422, "the game is over: " + g.state().result);
  const int deciding = g.state().pending.side;
  if (!plays_person(seat) || seat != deciding)
    return refusal(403, "a hint is for the side of people that decides now");
  if (hinting_) return refusal(429, "a hint is being worked out for this game: ask again when it is given");
  auto bot = hint_bot(g, spec);
  if (!bot.ok()) return refusal(bot.error());
  const auto slot = slots.take();
  if (!slot)
    return refusal(503, "the server is working out as many hints as it may at once (" +
                            std::to_string(slots.capacity()) + "): ask again in a moment");
  // A search takes a while: it works on a copy, and the pages go on
  // reading the room meanwhile.
  const State now = g.state();
  const Game::BranchPoint branch = *g.branch_point();
  hinting_ = true;
  const auto stop = search_stop(limit);
  hold.unlock();
  const Result<int> choice = (*bot)->choose({def_.get(), &now, &branch, &stop});
  if (!hold.relock()) return closed_reply();
  hinting_ = false;
  if (limit.halt && limit.halt->load()) return refusal(503, "the server is stopping");
  refresh();
  if (h_->action_count() != n || h_->game().state().hash() != now.hash())
    return refusal(409, "the game moved on while the bot thought: ask again");
  if (!choice.ok()) return refusal(choice.error());
  nlohmann::json body = hint_json(build_view(h_->game(), reader_of(seat)), **bot, *choice, spec);
  body["actions"] = n;
  return {200, std::move(body)};
}

Result<int64_t> Room::undo_count(int seat, int64_t count) {
  const int64_t n = h_->action_count();
  if (count < 0) {
    const std::string& side = def_->sides[seat].id;
    for (int64_t k = n; k >= 1; --k) {
      auto a = h_->file().action(k);
      if (!a.ok()) return a.error();
      if (a->side == side) return n - k + 1;
    }
    return Error{ErrorKind::kRejected, def_->sides[seat].title + " has no action to take back"};
  }
  if (count == 0 || count > n)
    return Error{ErrorKind::kUsage, "bad 'count': " + std::to_string(count) + " (the game holds " + std::to_string(n) + " actions)"};
  return count;
}

namespace {

std::string actions_text(int64_t count) { return std::to_string(count) + (count == 1 ? " action" : " actions"); }

}  // namespace

Reply Room::undo(int seat, int64_t at, int64_t count) {
  Hold hold(*this);
  if (!hold) return closed_reply();
  refresh();
  const int64_t n = h_->action_count();
  if (!is_side(seat)) return refusal(403, "a spectator cannot take actions back");
  if (at != n) return stale(n, at);
  auto c = undo_count(seat, count);
  if (!c.ok()) return refusal(c.error());
  // A practice game against bots undoes freely, as a solitaire game does.
  return take_back(*c, def_->sides[seat].id, !between_people());
}

Reply Room::take_back(int64_t count, const std::string& side, bool agreed) {
  const int64_t n = h_->action_count();
  if (auto allowed = check_undo(*h_, {count, side, agreed}); !allowed.ok()) return refusal(403, allowed.error().message);
  if (auto s = h_->undo(count); !s.ok()) {
    if (h_->action_count() != n) changed();
    return refusal(s.error());
  }
  proposal_.reset();
  changed();
  return {200, {{"actions", h_->action_count()}}};
}

Reply Room::propose_undo(int seat, int64_t at, int64_t count) {
  Hold hold(*this);
  if (!hold) return closed_reply();
  refresh();
  const int64_t n = h_->action_count();
  if (!plays_person(seat)) return refusal(403, "only a side played by a person proposes an undo");
  if (!between_people()) return refusal(400, "no other person to ask: this game undoes freely");
  if (at != n) return stale(n, at);
  auto c = undo_count(seat, count);
  if (!c.ok()) return refusal(c.error());
  proposal_ = UndoProposal{seat, n, *c, std::vector<bool>(def_->sides.size(), false)};
  proposal_->agreed[seat] = true;
  undo_note_.clear();
  changed();
  return {200, {{"actions", n}, {"undo", undo_json(seat)}}};
}

Reply Room::answer_undo(int seat, int64_t at, bool agree) {
  Hold hold(*this);
  if (!hold) return closed_reply();
  refresh();
  const int64_t n = h_->action_count();
  if (!plays_person(seat)) return refusal(403, "only a side played by a person answers an undo");
  if (at != n) return stale(n, at);
  if (!proposal_ || proposal_->at != n) return refusal(409, "no undo is proposed now");
  if (proposal_->by == seat) return refusal(400, "a side does not answer its own proposal");
  const UndoProposal p = *proposal_;
  const std::string& who = def_->sides[seat].title;
  if (!agree) {
    proposal_.reset();
    undo_note_ = who + " declined to take back " + actions_text(p.count);
    changed();
    return {200, {{"actions", n}}};
  }
  proposal_->agreed[seat] = true;
  for (size_t s = 0; s < def_->sides.size(); ++s)
    if (plays_person(static_cast<int>(s)) && !proposal_->agreed[s]) {
      changed();  // the others still to answer
      return {200, {{"actions", n}}};
    }
  Reply r = take_back(p.count, def_->sides[p.by].id, true);
  if (r.status == 200) undo_note_ = "All agreed: " + actions_text(p.count) + " taken back, as " + def_->sides[p.by].title + " asked";
  return r;
}

// What the page's undo button and answer box show to `seat`: whether the
// policy lets it take back its last action now, or only with the others'
// agreement, and the proposal waiting for answers.
nlohmann::json Room::undo_json(int seat) {
  const int64_t n = h_->action_count();
  nlohmann::json u = {{"possible", false}, {"needs_agreement", false}, {"proposal", nullptr}, {"note", undo_note_}};
  if (is_side(seat) && !h_->game().state().finished) {
    if (auto c = undo_count(seat, -1); c.ok()) {
      const bool free = check_undo(*h_, {*c, def_->sides[seat].id, !between_people()}).ok();
      u["possible"] = free;
      u["needs_agreement"] = !free && between_people() && plays_person(seat);
      u["count"] = *c;
    }
  }
  if (proposal_ && proposal_->at == n) {
    nlohmann::json waiting = nlohmann::json::array();
    for (size_t s = 0; s < def_->sides.size(); ++s)
      if (plays_person(static_cast<int>(s)) && !proposal_->agreed[s]) waiting.push_back(def_->sides[s].id);
    u["proposal"] = {{"by", def_->sides[proposal_->by].id},
                     {"count", proposal_->count},
                     {"waiting", waiting},
                     {"yours_to_answer", plays_person(seat) && !proposal_->agreed[seat]}};
  }
  return u;
}

uint64_t Room::wait_change(uint64_t seen, std::chrono::milliseconds timeout) {
  {
    Hold hold(*this);
    if (!hold) return version_;
    refresh();
  }
  // Waited for off the room's lock, which a stuck call would keep.
  std::unique_lock lock(signal_m_);
  cv_.wait_for(lock, timeout, [&] { return version_ != seen || stuck_; });
  return version_;
}

int64_t Room::actions() {
  Hold hold(*this);
  if (!hold) return -1;
  return h_->action_count();
}

bool Room::bot_decides() const {
  const auto& st = h_->game().state();
  return !st.finished && st.pending.side >= 0 && is_bot(st.pending.side) && !st.pending.choices.empty();
}

bool Room::bot_to_move() {
  Hold hold(*this);
  return hold && bot_decides();
}

bool Room::bot_move(const SearchLimit& limit) {
  Hold hold(*this);
  if (!hold) return false;
  refresh();
  if (!bot_decides()) return false;
  const Game& g = h_->game();
  const int side = g.state().pending.side;
  Bot& bot = *bot_of_[static_cast<size_t>(side)];
  Result<int> choice = 0;
  if (bot.decides_inline()) {
    choice = bot.choose(BotPosition::of(g));
  } else {
    // A search takes a while: it works on a copy, and the pages go on
    // reading the room meanwhile.
    const State now = g.state();
    const Game::BranchPoint branch = *g.branch_point();
    const int64_t actions = h_->action_count();
    const auto stop = search_stop(limit);
    hold.unlock();
    choice = bot.choose({def_.get(), &now, &branch, &stop});
    if (limit.halt && limit.halt->load()) return false;  // cut short by the server stopping: no move
    if (!hold.relock()) return false;
    refresh();
    if (h_->action_count() != actions || h_->game().state().hash() != now.hash()) return false;
  }
  const Status s = choice.ok() ? h_->act(std::to_string(*choice + 1)) : Status(choice.error());
  // A bot whose move the rules refuse stops there; the pages say why.
  if (!s.ok()) bot_error_ = s.error().message;
  changed();
  return s.ok();
}

}  // namespace cardboard
