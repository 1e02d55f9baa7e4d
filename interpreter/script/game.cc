#include "script/game.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "script/lua_api.h"
#include "script/state_bytes.h"

namespace cardboard {

const char* event_kind_name(Event::Kind k) {
  switch (k) {
    case Event::Kind::kSequence: return "sequence";
    case Event::Kind::kRoll: return "roll";
    case Event::Kind::kDraw: return "draw";
    case Event::Kind::kMove: return "move";
    case Event::Kind::kDecision: return "decision";
    case Event::Kind::kLog: return "log";
    case Event::Kind::kResult: return "result";
    case Event::Kind::kReveal: return "reveal";
  }
  return "log";
}

Game& game_of(lua_State* L) { return *static_cast<Game*>(sandbox_of(L).host()); }

Game::Game(std::shared_ptr<const GameDef> def) : def_(std::move(def)) {}

Game::~Game() = default;

Result<std::unique_ptr<Game>> Game::create(std::shared_ptr<const GameDef> def, SandboxLimits limits) {
  std::unique_ptr<Game> g(new Game(std::move(def)));
  // A mod's `require` finds its own modules first, then its bases'.
  std::vector<std::string> dirs{g->def_->dir};
  dirs.insert(dirs.end(), g->def_->base_dirs.begin(), g->def_->base_dirs.end());
  g->sandbox_ = std::make_unique<Sandbox>(std::move(dirs), limits);
  g->sandbox_->set_host(g.get());
  CB_TRY(g->load_rules());
  return g;
}

Status Game::load_rules() {
  open_lua_api(sandbox_->L());
  if (def_->script_paths.empty()) {
    for (const auto& script : def_->scripts) CB_TRY(sandbox_->run_file(script));
  } else {
    // Every file by its full path: a base's script is never shadowed by a
    // mod's file of the same name. A mod's scripts run last, so they
    // redefine the base's globals before the globals are frozen.
    for (const auto& path : def_->script_paths) {
      std::ifstream in(path, std::ios::binary);
      if (!in) return script_error("no rules file '" + path + "'");
      std::ostringstream code;
      code << in.rdbuf();
      CB_TRY(sandbox_->run_string(code.str(), path));
    }
  }
  CB_TRY(sandbox_->freeze());
  // Every function the sequence names must exist: an author learns it now, not at turn 7.
  lua_State* L = sandbox_->L();
  auto check = [&](const std::string& fn, const std::string& what, const std::string& where = "") -> Status {
    if (fn.empty()) return ok_status();
    sandbox_->push_global(L, fn);
    const int type = lua_type(L, -1);
    lua_pop(L, 1);
    if (type != LUA_TFUNCTION)
      return script_error("the " + what + " names Lua function '" + fn + "', which the rules of " + def_->id +
                          " do not define" + (where.empty() ? "" : " (" + where + ")"));
    return ok_status();
  };
  CB_TRY(check(def_->sequence.setup, "sequence's setup"));
  CB_TRY(check(def_->sequence.at_end, "sequence's at_end"));
  CB_TRY(check(def_->setup_script, "scenario's setup"));
  for (const auto& p : def_->sequence.phases)
    for (const auto& s : p.steps) CB_TRY(check(s.run, "step '" + s.id + "' of phase '" + p.id + "'", s.run_where));
  return ok_status();
}

void Game::emit(Event::Kind kind, std::string rule, std::string text, int visible_to) {
  if (!record_events_) return;
  sandbox_->note_kernel(static_cast<int64_t>(sizeof(Event) + rule.size() + text.size()));
  events_.push_back({kind, std::move(rule), std::move(text), visible_to});
}

const State& Game::setup_pieces() {
  // The pieces before any shuffle are the same in every game: made once.
  if (!setup_pieces_) {
    const GameDef& d = *def_;
    State& s = setup_pieces_.emplace();
    s.reset_for(d, 0);
    for (size_t t = 0; t < d.types.size(); ++t) {
      const auto& type = d.types[t];
      if (type.deck < 0) continue;
      for (int c = 0; c < type.copies; ++c) s.create_piece(static_cast<int>(t), type.owner, type.deck);
    }
    for (const auto& p : d.setup_pieces)
      for (int c = 0; c < p.count; ++c)
        s.create_piece(p.type, p.owner >= 0 ? p.owner : d.types[p.type].owner, p.location);
  }
  return *setup_pieces_;
}

void Game::apply_setup() {
  const GameDef& d = *def_;
  for (size_t l = 0; l < d.locations.size(); ++l)
    if (d.locations[l].kind == LocationKind::kDeck) state_.shuffle(static_cast<int>(l));
  for (const auto& [track, v] : d.setup_tracks) state_.tracks[track] = v;
  for (const auto& e : d.setup_vars.entries) state_.vars.set(e.first, e.second);
}

// A suspended or failed coroutine cannot be reused: let it be collected.
void Game::drop_coroutine() {
  if (!co_) return;
  luaL_unref(sandbox_->L(), LUA_REGISTRYINDEX, co_ref_);
  co_ = nullptr;
}

Status Game::start(uint64_t seed) {
  seed_ = seed;
  broken_ = false;
  drop_coroutine();
  state_.reset_for(*def_, seed, &setup_pieces());
  apply_setup();
  sandbox_->set_state_bytes(state_bytes(state_));
  return run(0);
}

Status Game::restore(const State& snapshot, const std::deque<int>& forced_dice) {
  broken_ = false;
  drop_coroutine();
  state_ = snapshot;
  state_.pending = Decision{};
  forced_dice_.clear();
  for (int f : forced_dice) forced_dice_.push(f);
  sandbox_->set_state_bytes(state_bytes(state_));
  return run(0);
}

Result<int> Game::parse_choice(const std::string& choice) const {
  const auto& ch = state_.pending.choices;
  if (state_.finished) return rejected("the game is over: " + state_.result);
  if (!state_.pending.open()) return rejected("no decision is pending");
  auto describe = [&] {
    std::string s = std::to_string(ch.size()) + (ch.size() == 1 ? " choice is" : " choices are") + " open (";
    for (size_t i = 0; i < ch.size() && i < 8; ++i) s += (i ? ", " : "") + std::to_string(i + 1) + " " + ch[i];
    if (ch.size() > 8) s += ", ...";
    return s + ")";
  };
  if (!choice.empty() && std::all_of(choice.begin(), choice.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    const long n = choice.size() > 9 ? 0 : std::stol(choice);
    if (n >= 1 && static_cast<size_t>(n) <= ch.size()) return static_cast<int>(n - 1);
    return rejected("illegal choice " + choice + ": " + describe());
  }
  for (size_t i = 0; i < ch.size(); ++i)
    if (ch[i] == choice) return static_cast<int>(i);
  return rejected("illegal choice '" + choice + "': " + describe());
}

int Game::take_choice(int choice) {
  const auto n = static_cast<int>(state_.pending.choices.size());
  if (choice < 0 || choice >= n) return -1;
  if (record_events_) {
    const auto& side = def_->sides[state_.pending.side];
    emit(Event::Kind::kDecision, state_.pending.rule, side.title + " chose " + state_.pending.choices[choice]);
  }
  // The decision taken becomes the spare one (ask reuses its strings); the
  // spare, closed and empty since ask swapped it out, becomes the pending one.
  std::swap(state_.pending, spare_decision_);
  state_.pending.side = -1;
  state_.pending.prompt.clear();
  state_.pending.rule.clear();
  state_.pending.choices.clear();
  return choice;
}

Status Game::act(int choice) {
  if (broken_) return rejected("the game stopped on an error: reload it");
  if (state_.finished) return rejected("the game is over: " + state_.result);
  if (!state_.pending.open() || !co_) return rejected("no decision is pending");
  const auto n = static_cast<int>(state_.pending.choices.size());
  if (take_choice(choice) < 0)
    return rejected("illegal choice " + std::to_string(choice + 1) + ": " + std::to_string(n) + " choices are open");
  lua_State* L = sandbox_->L();
  lua_rawgeti(L, LUA_REGISTRYINDEX, choices_ref_);
  lua_rawgeti(L, -1, choice + 1);
  lua_remove(L, -2);
  lua_pushinteger(L, choice + 1);
  lua_xmove(L, co_, 2);
  luaL_unref(L, LUA_REGISTRYINDEX, choices_ref_);
  choices_ref_ = LUA_NOREF;
  return run(2);
}

std::string Game::where() const {
  const auto& p = state_.position;
  if (p.in_setup) return "set-up";
  std::string s = "turn " + std::to_string(p.turn);
  if (p.phase >= 0 && p.phase < static_cast<int>(def_->sequence.phases.size())) {
    const auto& ph = def_->sequence.phases[p.phase];
    s += ", " + ph.title;
    if (p.step < static_cast<int>(ph.steps.size()) && ph.steps.size() > 1) s += ", step '" + ph.steps[p.step].id + "'";
  } else if (p.phase == -2) {
    s += ", end of game";
  }
  return s;
}

Status Game::fail(Error e) {
  broken_ = true;
  drop_coroutine();
  return e;
}

void Game::finish(std::string result, int winner) {
  state_.finished = true;
  state_.result = std::move(result);
  state_.winner = winner;
  state_.pending = Decision{};
  emit(Event::Kind::kResult, "", "game over: " + state_.result);
}

// Starts the coroutine of the step at the current position, or moves past
// positions that have nothing to run.
Status Game::begin_step() {
  const GameDef& d = *def_;
  auto& pos = state_.position;
  // The name stays in the definition: Lua's cache of C strings knows its
  // address, so pushing it does not hash the text again.
  const std::string* fn = nullptr;
  if (pos.in_setup) {
    if (pos.step == 0) fn = &d.sequence.setup;
    else if (pos.step == 1) fn = &d.setup_script;
    else {
      pos = SequencePosition{1, 0, 0, 0, false};
      return ok_status();
    }
  } else if (pos.phase == -2) {
    fn = &d.sequence.at_end;
    if (fn->empty()) {
      finish(d.sequence.turn_limit_result, -1);
      return ok_status();
    }
  } else {
    const bool past_length = d.last_turn > 0 && pos.turn > d.last_turn;
    if (past_length || pos.turn > d.sequence.max_turns) {
      pos.phase = -2;
      pos.step = 0;
      emit(Event::Kind::kSequence, "", past_length ? "the last turn is over" : "the turn limit is reached");
      return ok_status();
    }
    if (d.sequence.phases.empty()) return rejected("game " + d.id + " declares no phases in its sequence of play");
    const PhaseDef& ph = d.sequence.phases[pos.phase];
    if (pos.step == 0 && pos.repeat == 0) {
      // The texts are built only when events are recorded.
      if (record_events_ && pos.phase == 0) emit(Event::Kind::kSequence, "", "Turn " + std::to_string(pos.turn));
      if (snapshot_hook_) snapshot_hook_(state_);
      if (record_events_) emit(Event::Kind::kSequence, ph.rule, ph.title);
    }
    if (record_events_ && pos.step == 0) {
      if (ph.repeat == PhaseDef::Repeat::kEachSide && d.sides.size() > 1)
        emit(Event::Kind::kSequence, ph.rule, ph.title + ": " + d.sides[pos.repeat].title);
      if (ph.repeat == PhaseDef::Repeat::kTimes && ph.times > 1)
        emit(Event::Kind::kSequence, ph.rule, ph.title + ": impulse " + std::to_string(pos.repeat + 1));
    }
    fn = &ph.steps[pos.step].run;
  }
  if (fn->empty()) {
    advance();
    return ok_status();
  }
  lua_State* L = sandbox_->L();
  if (spare_) {
    co_ = spare_;
    co_ref_ = spare_ref_;
    spare_ = nullptr;
  } else {
    co_ = lua_newthread(L);
    co_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  sandbox_->push_global(co_, *fn);
  return ok_status();
}

Result<bool> Game::step_result(int nres) {
  const int first = lua_gettop(co_) - nres + 1;
  if (nres == 0 || lua_isnil(co_, first)) return false;
  if (lua_type(co_, first) != LUA_TSTRING)
    return script_error("rules error in " + def_->id + " (" + where() + "): the step returned a " +
                        luaL_typename(co_, first) +
                        "; a step returns nothing, or a result text (and a winner) to end the game");
  int winner = -1;
  if (nres >= 2 && !lua_isnil(co_, first + 1)) {
    const char* id = lua_tostring(co_, first + 1);
    winner = id && lua_type(co_, first + 1) == LUA_TSTRING ? def_->find_side(id) : -1;
    if (winner < 0)
      return script_error("rules error in " + def_->id + " (" + where() + "): the step's winner must be a side id, got " +
                          (id ? "'" + std::string(id) + "'" : std::string(luaL_typename(co_, first + 1))));
  }
  finish(lua_tostring(co_, first), winner);
  return true;
}

void Game::advance() {
  const GameDef& d = *def_;
  auto& pos = state_.position;
  if (pos.in_setup || pos.phase == -2) {
    if (pos.phase == -2) {
      if (!state_.finished) finish(d.sequence.turn_limit_result, -1);
      return;
    }
    ++pos.step;
    return;
  }
  const PhaseDef& ph = d.sequence.phases[pos.phase];
  if (++pos.step < static_cast<int>(ph.steps.size())) return;
  pos.step = 0;
  const int repeats = ph.repeat == PhaseDef::Repeat::kEachSide ? static_cast<int>(d.sides.size())
                      : ph.repeat == PhaseDef::Repeat::kTimes  ? ph.times
                                                               : 1;
  if (++pos.repeat < repeats) return;
  pos.repeat = 0;
  if (++pos.phase < static_cast<int>(d.sequence.phases.size())) return;
  pos.phase = 0;
  // After the scenario's last turn, or the turn limit, comes the end (at_end),
  // still in that turn: game.turn() there is the last turn played.
  const bool last_played = d.last_turn > 0 && pos.turn >= d.last_turn;
  if (last_played || pos.turn >= d.sequence.max_turns) {
    pos.phase = -2;
    emit(Event::Kind::kSequence, "", last_played ? "the last turn is over" : "the turn limit is reached");
    return;
  }
  ++pos.turn;
}

Status Game::run(int nargs) {
  lua_State* L = sandbox_->L();
  while (!state_.finished) {
    if (!co_) {
      if (broken_) return rejected("the game stopped on an error: reload it");
      auto s = begin_step();
      if (!s.ok()) return fail(s.error());
      if (!co_) continue;
      nargs = 0;
    }
    int nres = 0;
    int status;
    {
      const Sandbox::Run watched(*sandbox_, co_);
      status = lua_resume(co_, L, nargs, &nres);
    }
    nargs = 0;
    if (status == LUA_YIELD) {
      lua_pop(co_, nres);
      if (state_.finished) break;
      if (state_.pending.open()) return ok_status();
      return fail(script_error("a rules procedure yielded without asking (" + where() + ")"));
    }
    if (status != LUA_OK) {
      const std::string text = sandbox_->traceback(L, co_, Sandbox::error_text(co_, -1), 0);
      return fail(script_error("rules error in " + def_->id + " (" + where() + "): " +
                               sandbox_->describe_failure(text)));
    }
    // A step ends the game by returning its result: no unwinding, which
    // game.finish costs (a yield is a C++ exception).
    auto ended = step_result(nres);
    lua_settop(co_, 0);
    if (!ended.ok()) return fail(ended.error());
    spare_ = co_;
    spare_ref_ = co_ref_;
    co_ = nullptr;
    if (!*ended) advance();
  }
  drop_coroutine();
  if (choices_ref_ != LUA_NOREF) {
    luaL_unref(L, LUA_REGISTRYINDEX, choices_ref_);
    choices_ref_ = LUA_NOREF;
  }
  return ok_status();
}

Result<int> Game::roll(const DiceSpec& spec, std::vector<int>& faces) { return roll_dice(spec, state_.rng, forced_dice_, faces); }

Status Game::force_draws(const std::string& location, const std::vector<std::string>& types) {
  const int loc = def_->find_location(location);
  if (loc < 0) return rejected("no such deck or cup: '" + location + "'");
  auto& q = forced_draws_[loc];
  for (const auto& t : types) {
    int type = def_->find_type(t);
    if (type < 0)
      for (size_t i = 0; i < def_->types.size(); ++i)
        if (def_->types[i].name == t) type = static_cast<int>(i);
    if (type < 0) return rejected("no such piece type to force from '" + location + "': '" + t + "'");
    q.push_back(type);
  }
  return ok_status();
}

bool Game::has_forced() const {
  if (!forced_dice_.empty()) return true;
  for (const auto& [loc, q] : forced_draws_)
    if (!q.empty()) return true;
  return false;
}

void Game::clear_forced() {
  forced_dice_.clear();
  forced_draws_.clear();
}

int Game::draw_from(int location) {
  auto& c = state_.contents[location];
  if (c.empty()) return -1;
  auto it = forced_draws_.find(location);
  if (it != forced_draws_.end() && !it->second.empty()) {
    const int type = it->second.front();
    it->second.pop_front();
    for (size_t i = c.size(); i-- > 0;)
      if (state_.pieces[c[i]].type == type) return c[i];
    // A forced card that is not there is the test's mistake; say so in the log.
    emit(Event::Kind::kLog, "", "forced draw of " + def_->types[type].name + " ignored: not in " +
                                    def_->locations[location].title);
  }
  const bool blind = def_->locations[location].kind == LocationKind::kCup;
  return blind ? c[state_.rng.below(c.size())] : c.back();
}

}  // namespace cardboard
