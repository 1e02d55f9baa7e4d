#include "session/history.h"

#include "core/decision.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

#include <filesystem>

#include "core/bytes.h"
#include "core/sequence.h"
#include "data/game_loader.h"

namespace cardboard {

namespace fs = std::filesystem;

namespace {

std::string state_hash(const Game& g) { return hash_hex(g.state().hash()); }

// Forced input a command gave that its action did not use is refused (issue
// 9.3): kept, it would go to a later roll or draw, maybe the other side's.
// Queues are first in, first out, so the unused part of what was `given` is
// the end of what is left (an older save may carry input queued before).
Status refuse_unused(const Game& g, const ForcedInput& given, const std::string& what, const char* kept) {
  if (given.empty() || !g.has_forced()) return ok_status();
  const ForcedInput left = g.forced_left();
  std::string words;
  const size_t dice = std::min(given.dice.size(), left.dice.size());
  if (dice > 0) {
    words = "--dice ";
    for (size_t i = given.dice.size() - dice; i < given.dice.size(); ++i)
      words += (words.size() > 7 ? "," : "") + std::to_string(given.dice[i]);
  }
  for (const auto& [location, cards] : given.draws) {
    size_t queued = 0;
    for (const auto& [at, still] : left.draws)
      if (at == location) queued = still.size();
    for (size_t i = cards.size() - std::min(cards.size(), queued); i < cards.size(); ++i)
      words += (words.empty() ? "" : " ") + std::string("--draw '") + location + "=" + cards[i] + "'";
  }
  if (words.empty()) return ok_status();
  return rejected(what + " did not use all the forced input it was given: " + words +
                  " is left over; give only what it rolls and draws (" + kept + ")");
}

// The words of an event: `text` for a reader who sees every piece named,
// and in `texts` those of each side and of a spectator where they differ.
void event_words(const GameDef& d, const Event& e, std::string& text, std::map<std::string, std::string>& texts) {
  text = render(e.text, d, kEveryone);
  texts.clear();
  // Only a piece that some side does not see reads otherwise to a side or a
  // spectator (render's reads_piece: with more than 32 sides, the sides past
  // the 32nd read no piece, so every text is made).
  const uint32_t all = d.sides.size() >= 32 ? ~uint32_t{0} : (uint32_t{1} << d.sides.size()) - 1;
  const bool hides_pieces = std::any_of(e.text.args.begin(), e.text.args.end(), [&](const TextArg& a) {
    return a.kind == TextArg::Kind::kPiece && (d.sides.size() > 32 || (a.seen_by & all) != all);
  });
  if (!hides_pieces) return;
  for (size_t side = 0; side < d.sides.size(); ++side) {
    std::string t = render(e.text, d, static_cast<int>(side));
    if (t != text) texts[d.sides[side].id] = std::move(t);
  }
  std::string spectator = render(e.text, d, kPublicOnly);
  if (spectator != text) texts[""] = std::move(spectator);
}

// Runs `f` when the scope ends, however it ends: an early return, or an
// exception unwinding from the rules. Flags that a call turns off and on
// again (event recording, the snapshot capture, the decider) are restored by
// one of these, never by hand on each way out.
template <typename F>
class OnExit {
 public:
  explicit OnExit(F f) : f_(std::move(f)) {}
  ~OnExit() { f_(); }
  OnExit(const OnExit&) = delete;
  OnExit& operator=(const OnExit&) = delete;

 private:
  F f_;
};

std::vector<EventRow> take_events(Game& g) {
  std::vector<EventRow> out;
  out.reserve(g.events().size());
  const auto& sides = g.def().sides;
  for (const auto& e : g.events()) {
    EventRow r;
    r.kind = event_kind_name(e.kind);
    r.rule = e.rule;
    event_words(g.def(), e, r.text, r.texts);
    r.visible_to = visible_to_id(e, sides);
    out.push_back(std::move(r));
  }
  g.clear_events();
  return out;
}

}  // namespace

History::~History() = default;

Status History::apply_forced(Game& g, const ForcedInput& f) { return g.force(f); }

// The forced dice and draws the game still holds, by location and type ids.
ForcedInput History::leftover_forced() const { return game_->forced_left(); }

Status History::attach_game() {
  auto g = Game::create(def_);
  if (!g.ok()) return g.error();
  game_ = std::move(*g);
  // A bot that searches (play --bot, serve) branches from here.
  game_->set_branch_tracking(true);
  game_->set_snapshot_hook([this](const State& s) {
    if (!capturing_) return;
    // Loading restores the latest snapshot at or before an action, so of the
    // phase starts one action passes through only the last is ever used:
    // keep that one. Every action that passes a phase start gets a snapshot.
    // The state is copied here (buffers reused) and serialized once the
    // action is over (taken_snapshot): an action that passes several phase
    // starts serializes one.
    snapshot_state_.assign(s);
    snapshot_.forced = encode_forced(leftover_forced());
    has_snapshot_ = true;
  });
  return ok_status();
}

const SnapshotRow* History::taken_snapshot() {
  if (!has_snapshot_) return nullptr;
  snapshot_writer_.clear();
  snapshot_state_.write(snapshot_writer_);
  snapshot_.state.assign(snapshot_writer_.bytes());
  snapshot_.position = position_text(*def_, snapshot_state_.position);
  return &snapshot_;
}

Result<std::unique_ptr<History>> History::create(const std::string& path, const std::string& scenario_ref,
                                                 const std::string& root, uint64_t seed, const ForcedInput& forced,
                                                 bool overwrite) {
  auto def = load_game(scenario_ref, root);
  if (!def.ok()) return def.error();
  std::unique_ptr<History> h(new History());
  h->def_ = *def;
  CB_TRY(h->attach_game());
  Game& g = *h->game_;
  CB_TRY(h->apply_forced(g, forced));
  // Refuse an existing file before running any rules, and run the rules
  // before creating the file, so a failing start leaves nothing behind.
  std::error_code ec;
  if (!overwrite && fs::exists(path, ec)) return rejected("save " + path + " exists: choose another name or overwrite it");
  g.set_record_events(true);
  g.clear_events();
  h->has_snapshot_ = false;
  Status started = ok_status();
  {
    h->capturing_ = true;
    OnExit stop_capturing([&h] { h->capturing_ = false; });
    started = g.start(seed);
  }
  if (!started.ok()) return started.error();
  CB_TRY(refuse_unused(g, forced, "the start of the game", "no save was written"));

  SaveMeta& m = h->meta_;
  m.format = SaveFile::kFormat;
  m.game = h->def_->id;
  const bool is_path = scenario_ref.size() > 5 && scenario_ref.ends_with(".toml");
  m.scenario = is_path ? fs::absolute(scenario_ref, ec).lexically_normal().string() : scenario_ref;
  m.scenario_id = h->def_->scenario_id;
  m.rules_hash = hash_hex(h->def_->rules_hash);
  if (!h->def_->base_id.empty()) {
    m.base_game = h->def_->base_id;
    m.base_rules_hash = hash_hex(h->def_->base_rules_hash);
  }
  m.seed = seed;
  m.start_forced = encode_forced(forced);
  m.start_hash = state_hash(g);

  auto file = SaveFile::create(path, m, take_events(g), h->taken_snapshot(), overwrite);
  h->has_snapshot_ = false;
  if (!file.ok()) return file.error();
  h->file_ = std::move(*file);
  auto stored = h->file_->meta();
  if (!stored.ok()) return stored.error();
  h->meta_ = std::move(*stored);
  h->count_ = 0;
  h->last_hash_.clear();
  return h;
}

Status History::record_bots(const std::vector<std::string>& texts) {
  std::string joined;
  for (const auto& t : texts) {
    if (t.empty() || t.find('\n') != std::string::npos) return rejected("a bot's text must be one line");
    joined.append(joined.empty() ? "" : "\n").append(t);
  }
  if (joined == meta_.bots) return ok_status();
  CB_TRY(file_->set_meta("bots", joined));
  meta_.bots = std::move(joined);
  return ok_status();
}

Result<std::unique_ptr<History>> History::open(const std::string& path, const std::string& root, Access access) {
  auto h = open_unbuilt(path, root, access == Access::kReadOnly ? SaveFile::Mode::kReadOnly : SaveFile::Mode::kReadWrite);
  if (!h.ok()) return h.error();
  // The rules are loaded before the lock is taken (they are the slow part
  // of opening); the save is read under it.
  if (access == Access::kWrite) {
    auto lock = (*h)->file_->lock_for_write();
    if (!lock.ok()) return lock.error();
    (*h)->held_.emplace(std::move(*lock));
  }
  CB_TRY((*h)->rebuild());
  return h;
}

Result<VerifyReport> History::verify_file(const std::string& path, const std::string& root,
                                          const std::function<void(int64_t done, int64_t total)>& progress) {
  auto h = open_unbuilt(path, root);
  if (!h.ok()) return h.error();
  return (*h)->verify(progress);
}

Result<std::unique_ptr<History>> History::open_unbuilt(const std::string& path, const std::string& root,
                                                       SaveFile::Mode mode) {
  auto file = SaveFile::open(path, SaveFile::kBusyTimeoutMs, mode);
  if (!file.ok()) return file.error();
  std::unique_ptr<History> h(new History());
  h->file_ = std::move(*file);
  auto m = h->file_->meta();
  if (!m.ok()) return m.error();
  h->meta_ = std::move(*m);
  auto def = load_game(h->meta_.scenario, root);
  if (!def.ok()) return rejected("save " + path + " was made with " + h->meta_.scenario + ": " + def.error().message);
  if ((*def)->id != h->meta_.game)
    return rejected("save " + path + " is a game of " + h->meta_.game + ", but its scenario " + h->meta_.scenario +
                    " is one of " + (*def)->id);
  h->def_ = *def;
  const std::string now = hash_hex(h->def_->rules_hash);
  const std::string base_now = h->def_->base_id.empty() ? "" : hash_hex(h->def_->base_rules_hash);
  if (!h->meta_.base_rules_hash.empty() && base_now != h->meta_.base_rules_hash)
    h->warning_ = "the rules of " + h->meta_.base_game + ", which " + h->meta_.game +
                  " extends, changed since this save was made (rules hash " + h->meta_.base_rules_hash + ", now " +
                  (base_now.empty() ? std::string("none") : base_now) + "): run verify to find where the game diverges";
  else if (now != h->meta_.rules_hash)
    h->warning_ = "the rules of " + h->meta_.game + " changed since this save was made (rules hash " +
                  h->meta_.rules_hash + ", now " + now + "): run verify to find where the game diverges";
  CB_TRY(h->attach_game());
  return h;
}

// Re-applies recorded actions through a decider, so the rules never suspend
// (a suspension costs a C++ exception) until the recorded actions run out.
// `begin` starts or restores the game. `check(i)` sees the state reached
// after the first i actions, with the next decision pending, and returns
// false to stop there. Returns how many actions were applied in `applied`;
// `mismatch` is set when a recorded choice is not open where it was taken.
Status History::reapply(Game& g, const std::vector<ActionRow>& actions, const std::function<Status()>& begin,
                        const std::function<bool(size_t)>& check, size_t& applied, bool& mismatch) {
  size_t i = 0;
  mismatch = false;
  Status failure = ok_status();
  g.set_decider([&](Game& game) -> int {
    if (check && !check(i)) return -1;
    if (i >= actions.size()) return -1;
    const ActionRow& a = actions[i];
    const Decision& p = game.state().pending;
    // The typed value names the choice whatever its words (a replay by a
    // decider does not make them): rewording a choice keeps saves good.
    if (a.choice < 0 || a.choice >= static_cast<int>(p.choices.size()) ||
        choice_value(p.choices[a.choice], *def_) != a.value || def_->sides[p.side].id != a.side) {
      mismatch = true;
      return -1;
    }
    auto forced = decode_forced(a.forced);
    if (!forced.ok()) {
      failure = forced.error();
      return -1;
    }
    failure = apply_forced(game, *forced);
    if (!failure.ok()) return -1;
    ++i;
    return a.choice;
  });
  Status st = ok_status();
  {
    // The decider refers to this frame: it must not outlive it.
    OnExit no_decider([&g] { g.set_decider(nullptr); });
    st = begin();
  }
  applied = i;
  if (!failure.ok()) return failure;
  return st;
}

Status History::rebuild() { return rebuild_at(-1); }

Status History::seek(int64_t k) {
  if (k < 0 || k > file_->action_count())
    return Error{ErrorKind::kUsage, "no action " + std::to_string(k) + " in " + file_->path() + ": it holds " +
                                        std::to_string(file_->action_count())};
  return rebuild_at(k);
}

Status History::rebuild_at(int64_t target) {
  Game& g = *game_;
  // One version of the save: under the write lock if one is held, else a
  // read transaction. Both read the tip as they find it.
  auto view = file_->read_view();
  if (!view.ok()) return view.error();
  events_of_ = -1;  // the last action will be read from the save
  const bool recording = g.record_events();
  OnExit restore_recording([&g, recording] { g.set_record_events(recording); });
  g.set_record_events(false);
  capturing_ = false;
  g.clear_forced();
  const int64_t n = target < 0 ? file_->action_count() : std::min(target, file_->action_count());
  auto snap = file_->latest_snapshot(n);
  if (!snap.ok()) return snap.error();
  int64_t from = 0;
  std::string where = "the start";
  std::function<Status()> begin;
  std::optional<State> snapshot_state;
  if (*snap) {
    const SnapshotRow& sn = **snap;
    // A snapshot is untrusted input: decoded, then checked against the game
    // before the kernel indexes anything with it.
    const std::string which = sn.action ? "the snapshot of action " + std::to_string(sn.action) : "the snapshot of the start";
    auto state = State::read(sn.state);
    if (!state.ok())
      return rejected("save " + file_->path() + ": " + which + " is damaged: " + state.error().message);
    if (auto fits = state->check(*def_); !fits.ok())
      return rejected("save " + file_->path() + ": " + which + " is not a state of " + def_->id + ": " +
                      fits.error().message);
    auto forced = decode_forced(sn.forced);
    if (!forced.ok()) return forced.error();
    CB_TRY(g.force(*forced));
    snapshot_state = std::move(*state);
    from = sn.action;
    where = "the snapshot of action " + std::to_string(from) + " (" + sn.position + ")";
    begin = [&] { return g.restore(*snapshot_state); };
  } else {
    auto forced = decode_forced(meta_.start_forced);
    if (!forced.ok()) return forced.error();
    CB_TRY(apply_forced(g, *forced));
    begin = [&] { return g.start(meta_.seed); };
  }
  // Numbered from+1..n without a gap, or an error naming the missing one.
  auto actions = file_->actions(from);
  if (!actions.ok()) return actions.error();
  if (actions->size() > static_cast<size_t>(n - from)) actions->resize(n - from);
  size_t applied = 0;
  bool mismatch = false;
  const Status st = reapply(g, *actions, begin, nullptr, applied, mismatch);
  if (!st.ok() && applied == 0 && actions->empty())
    return Error{st.error().kind, "loading " + file_->path() + " from " + where + ": " + st.error().message};
  if (!st.ok() || mismatch || applied < actions->size()) {
    const ActionRow& a = (*actions)[std::min(applied, actions->size() - 1)];
    const std::string why = !st.ok() ? st.error().message
                            : mismatch ? "that choice is not open there"
                                       : "the game ended before it";
    return Error{st.ok() ? ErrorKind::kRejected : st.error().kind,
                 "loading " + file_->path() + ": re-applying action " + std::to_string(a.seq) + " (" + a.side +
                     " chose " + a.text + ") failed: " + why};
  }
  g.clear_events();
  // The hash recorded after action n: the tip's, or that of the last action re-applied.
  std::string recorded = n == 0 ? meta_.start_hash : n == file_->action_count() ? file_->last_hash() : "";
  if (recorded.empty() && !actions->empty()) recorded = actions->back().state_hash;
  if (recorded.empty() && n > 0) {  // the snapshot is of action n itself
    auto row = file_->action(n);
    if (!row.ok()) return row.error();
    recorded = row->state_hash;
  }
  const std::string actual = state_hash(g);
  if (actual != recorded)
    return rejected("save " + file_->path() + " diverges at action " + std::to_string(n) + ": recorded state " +
                    recorded + ", rebuilt " + actual + " (have the rules changed? run verify)");
  count_ = n;
  last_hash_ = n == 0 ? "" : recorded;
  return ok_status();
}

Result<SaveFile::WriteLock> History::lock_for_write() {
  std::optional<SaveFile::WriteLock> lock;
  if (held_) {
    lock.emplace(std::move(*held_));
    held_.reset();
  } else {
    auto taken = file_->lock_for_write();
    if (!taken.ok()) return taken.error();
    lock.emplace(std::move(*taken));
  }
  if (file_->action_count() == count_ && file_->last_hash() == last_hash_) return std::move(*lock);
  // Another command wrote since the game was built: whatever the caller
  // decided, it decided on a save that is no more. Reload it (under the lock,
  // so the reload reads one version) and write nothing.
  capturing_ = false;
  has_snapshot_ = false;
  game_->clear_events();
  const Status reloaded = rebuild();
  lock->rollback();
  if (!reloaded.ok()) return reloaded.error();
  return rejected("the save " + file_->path() + " was changed by another command while this one ran: nothing was " +
                  "written; it holds " + std::to_string(count_) + (count_ == 1 ? " action" : " actions") +
                  " now: look at its status and try again");
}

Status History::act(const std::string& choice, const ForcedInput& forced) {
  Game& g = *game_;
  auto lock = lock_for_write();
  if (!lock.ok()) return lock.error();
  auto fail = [&](Error e) -> Status {
    capturing_ = false;
    has_snapshot_ = false;
    g.clear_events();
    lock->rollback();  // nothing written is kept
    auto rebuilt = rebuild();
    if (!rebuilt.ok()) e.message += " (and reloading the save failed: " + rebuilt.error().message + ")";
    return e;
  };
  if (g.is_broken()) {
    if (auto st = rebuild(); !st.ok()) return st.error();
  }
  auto idx = g.parse_choice(choice);
  if (!idx.ok()) return idx.error();
  const Decision& pending = g.state().pending;
  ActionRow a;
  a.seq = count_ + 1;
  a.side = def_->sides[pending.side].id;
  a.choice = *idx;
  a.text = g.choice_text(*idx, pending.side);
  a.value = choice_value(pending.choices[*idx], *def_);
  a.forced = encode_forced(forced);
  if (auto st = apply_forced(g, forced); !st.ok()) return fail(st.error());
  g.clear_events();
  has_snapshot_ = false;
  Status st = ok_status();
  {
    capturing_ = true;
    OnExit stop_capturing([this] { capturing_ = false; });
    st = g.act(*idx);
  }
  if (!st.ok()) return fail(st.error());
  if (auto unused = refuse_unused(g, forced, "choice " + std::to_string(*idx + 1), "the save is unchanged"); !unused.ok()) return fail(unused.error());
  a.state_hash = state_hash(g);
  // The events go straight from the game to their JSON text.
  const auto& sides = def_->sides;
  events_json_.clear();
  std::string text;
  std::map<std::string, std::string> texts;
  for (const auto& e : g.events()) {
    event_words(*def_, e, text, texts);
    events_json_.add(event_kind_name(e.kind), e.rule, text, visible_to_id(e, sides), &texts);
  }
  g.clear_events();
  const Status written = file_->append(a, events_json_.json(), taken_snapshot());
  has_snapshot_ = false;
  if (!written.ok()) return fail(written.error());
  // The one commit of the action: the row and the lock together.
  if (auto committed = lock->commit(); !committed.ok()) return fail(committed.error());
  count_ = a.seq;
  last_hash_ = std::move(a.state_hash);
  events_of_ = a.seq;
  return ok_status();
}

Status History::undo(int64_t n, const std::function<Status()>& allowed) {
  auto lock = lock_for_write();
  if (!lock.ok()) return lock.error();
  if (allowed) CB_TRY(allowed());
  CB_TRY(file_->undo(n));
  // The game is rebuilt from the new tip before anything is committed: a
  // save that cannot be rebuilt there (a damaged snapshot on the way back)
  // keeps its actions, and the game goes back to them.
  const Status rebuilt = rebuild();
  const Status committed = rebuilt.ok() ? lock->commit() : rebuilt;
  if (committed.ok()) return ok_status();
  lock->rollback();
  Error e = committed.error();
  if (auto back = rebuild(); !back.ok()) e.message += " (and reloading the save failed: " + back.error().message + ")";
  return e;
}

Result<std::vector<EventRow>> History::last_action_events() {
  // What act wrote is still in its buffer; after an undo or a reload the
  // last action is another one, read from the save.
  if (events_of_ != count_ || count_ == 0) return file_->events(count_);
  std::vector<EventRow> out;
  CB_TRY(read_events_json(events_json_.json(), count_, out));
  return out;
}

Result<std::vector<ReplayStep>> History::replay() {
  auto view = file_->read_view();
  if (!view.ok()) return view.error();
  auto actions = file_->actions(0);
  if (!actions.ok()) return actions.error();
  auto events = file_->events(-1);
  if (!events.ok()) return events.error();
  std::vector<ReplayStep> steps(actions->size() + 1);
  for (size_t i = 0; i < actions->size(); ++i) {
    auto& a = (*actions)[i];
    steps[i + 1].action = a.seq;
    steps[i + 1].side = std::move(a.side);
    steps[i + 1].choice = std::move(a.text);
  }
  for (auto& e : *events)
    if (e.action >= 0 && e.action < static_cast<int64_t>(steps.size()))
      steps[static_cast<size_t>(e.action)].events.push_back(std::move(e));
  return steps;
}

Result<VerifyReport> History::verify(const std::function<void(int64_t done, int64_t total)>& progress) {
  VerifyReport rep;
  rep.recorded_rules_hash = meta_.rules_hash;
  rep.current_rules_hash = hash_hex(def_->rules_hash);
  rep.rules_changed = rep.recorded_rules_hash != rep.current_rules_hash;
  auto actions = file_->actions(0);
  if (!actions.ok()) return actions.error();
  const auto total = static_cast<int64_t>(actions->size());

  auto created = Game::create(def_);
  if (!created.ok()) return created.error();
  Game& g = **created;
  g.set_record_events(false);
  auto diverge = [&](int64_t seq, std::string expected, std::string actual, bool choices, std::string msg) {
    rep.divergence = Divergence{seq, std::move(expected), std::move(actual), choices, std::move(msg)};
    if (progress) progress(rep.actions_checked, total);
    return rep;
  };

  auto start_forced = decode_forced(meta_.start_forced);
  if (!start_forced.ok()) return start_forced.error();
  CB_TRY(apply_forced(g, *start_forced));
  // The state after i actions must hash to the recorded one: the start's
  // hash before the first action, then each action's own.
  std::optional<Divergence> found;
  auto check = [&](size_t i) {
    const std::string& expected = i == 0 ? meta_.start_hash : (*actions)[i - 1].state_hash;
    const std::string actual = state_hash(g);
    if (actual == expected) {
      rep.actions_checked = static_cast<int64_t>(i);
      if (progress && i && (i & 4095) == 0) progress(rep.actions_checked, total);
      return true;
    }
    const int64_t seq = i == 0 ? 0 : (*actions)[i - 1].seq;
    found = Divergence{seq, expected, actual, false,
                       i == 0 ? "the state after the start differs: recorded " + expected + ", now " + actual
                              : "action " + std::to_string(seq) + " (" + (*actions)[i - 1].side + " chose " +
                                    (*actions)[i - 1].text + "): state " + actual + ", recorded " + expected};
    return false;
  };
  size_t applied = 0;
  bool mismatch = false;
  const Status st = reapply(g, *actions, [&] { return g.start(meta_.seed); }, check, applied, mismatch);
  if (found) return diverge(found->seq, found->expected_hash, found->actual_hash, false, found->message);
  if (!st.ok()) {
    const int64_t seq = applied == 0 ? 0 : (*actions)[applied - 1].seq;
    return diverge(seq, applied == 0 ? meta_.start_hash : (*actions)[applied - 1].state_hash, "", false,
                   (applied == 0 ? std::string("the start") : "action " + std::to_string(seq)) +
                       " failed: " + st.error().message);
  }
  if (mismatch || applied < actions->size()) {
    const ActionRow& a = (*actions)[applied];
    const Decision& p = g.state().pending;
    std::string why = "no decision is open there";
    if (!g.state().finished && p.open()) {
      why = def_->sides[p.side].id != a.side ? "the decision is " + def_->sides[p.side].id + "'s, not " + a.side + "'s"
                                              : "'" + a.text + "' (" + a.value + ") is not choice " +
                                                    std::to_string(a.choice + 1) + " there";
    }
    return diverge(a.seq, a.state_hash, "", true, "action " + std::to_string(a.seq) + ": " + why);
  }
  // After the last action no decision may follow (the game ended): check it here.
  if (!actions->empty()) {
    const std::string actual = state_hash(g);
    if (actual != actions->back().state_hash)
      return diverge(actions->back().seq, actions->back().state_hash, actual, false,
                     "action " + std::to_string(actions->back().seq) + " (" + actions->back().side + " chose " +
                         actions->back().text + "): state " + actual + ", recorded " + actions->back().state_hash);
    rep.actions_checked = total;
  }
  if (progress) progress(rep.actions_checked, total);
  return rep;
}

}  // namespace cardboard
