#include "script/game.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/sequence.h"
#include "core/visibility.h"
#include "kit/fog.h"
#include "kit/prelude.h"
#include "script/lua_api.h"
#include "script/state_bytes.h"
#include "script/test_globals.h"

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
    case Event::Kind::kChange: return "change";
  }
  return "log";
}

// ---- the runtime ------------------------------------------------------------


namespace {

// The names of the global table (before the freeze, it is a plain table).
std::set<std::string> global_names(lua_State* L) {
  std::set<std::string> out;
  lua_pushglobaltable(L);
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING) out.insert(lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return out;
}

// The kernel's modules (global tables: pieces, map, combat, kit ...) by
// name, with their identity, before the rules run.
std::map<std::string, const void*> module_tables(lua_State* L) {
  std::map<std::string, const void*> out;
  lua_pushglobaltable(L);
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TTABLE) out[lua_tostring(L, -2)] = lua_topointer(L, -1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return out;
}

// The first kernel module the rules replaced by a global of the same name
// (a phase function called `combat`), or "": every rule that used the
// module would fail later, far from the cause. Its fields may be redefined.
std::string replaced_module(lua_State* L, const std::map<std::string, const void*>& modules) {
  for (const auto& [name, table] : modules) {
    lua_getglobal(L, name.c_str());
    const bool same = lua_topointer(L, -1) == table;
    const char* now = luaL_typename(L, -1);
    lua_pop(L, 1);
    if (!same) return "the rules replace the kernel's module '" + name + "' with a " + now + ": name the global otherwise";
  }
  return "";
}

// A mod's `base`: the globals its bases' scripts defined, as they stood
// before the mod's scripts ran, so an override can call what it replaces
// (docs/mods.md). Frozen with the other globals. Which keys it holds does
// not depend on the order lua_next visits them. Returns a reference of the
// registry to it; the global `base` is the latest level's.
int set_base_table(lua_State* L, const std::set<std::string>& kernel_names) {
  lua_newtable(L);
  lua_pushglobaltable(L);
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING && !kernel_names.count(lua_tostring(L, -2)) &&
        std::strcmp(lua_tostring(L, -2), "base") != 0) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -5);
    } else {
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  lua_pushvalue(L, -1);
  lua_setglobal(L, "base");
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

// Each extending level's files open with their own `base` as a local, on
// their first line (so line numbers stay): a game that extends a game that
// extends another reaches, through `base`, the level below its own, even
// when a function of the middle level runs for the top one.
constexpr std::string_view kBaseLocal = "local base = ...; ";

// A format with no placeholders: '%' doubled.
LazyText plain(const std::string& text) {
  LazyText t;
  t.format.reserve(text.size());
  for (char c : text) {
    t.format += c;
    if (c == '%') t.format += '%';
  }
  return t;
}

}  // namespace

Runtime::Runtime(std::shared_ptr<const GameDef> def) : def_(std::move(def)) {}

Runtime::~Runtime() = default;

void Runtime::emit(Event e) {
  if (!recording_) return;
  sandbox_->note_kernel(static_cast<int64_t>(sizeof(Event) + e.rule.size() + e.text.format.size() +
                                             e.text.args.size() * sizeof(TextArg)));
  events_.push_back(std::move(e));
}

void Runtime::emit_plain(Event::Kind kind, std::string rule, const std::string& text) {
  if (recording_) emit(Event{kind, std::move(rule), plain(text), -1});
}

Result<int> Runtime::roll(const DiceSpec& spec, std::vector<int>& faces) {
  if (view_sees_) return script_error("a view cannot roll dice: it only reads the game");
  auto total = roll_dice(spec, state_.rng, forced_dice_, faces);
  if (!total.ok()) input_error_ = total.error().message;
  return total;
}

Result<int> Runtime::draw_from(int location, bool blind) {
  if (view_sees_) return script_error("a view cannot draw: it only reads the game");
  auto& c = state_.contents[location];
  auto it = forced_draws_.find(location);
  if (it != forced_draws_.end() && !it->second.empty()) {
    const std::vector<int> types = std::move(it->second.front());
    it->second.pop_front();
    for (size_t i = c.size(); i-- > 0;)
      if (std::find(types.begin(), types.end(), state_.pieces[c[i]].type) != types.end()) return c[i];
    input_error_ = "the forced draw of " + def_->types[types.front()].name + " from " +
                   def_->locations[location].title + " cannot be honoured: no such card is left there";
    return rejected(input_error_);
  }
  if (c.empty()) return -1;
  return blind ? c[state_.rng.below(c.size())] : c.back();
}

int Runtime::take_choice(int choice) {
  auto& pending = state_.pending;
  const auto n = static_cast<int>(pending.choices.size());
  if (choice < 0 || choice >= n) return -1;
  if (recording_) {
    LazyText t = choice_lazy_text(pending.choices[choice], *def_, state_);
    TextArg side;
    side.kind = TextArg::Kind::kSide;
    side.integer = pending.side;
    t.format = "%S chose " + t.format;
    t.args.insert(t.args.begin(), side);
    events_.push_back({Event::Kind::kDecision, pending.rule, std::move(t), secret_decision_ ? pending.side : -1});
  }
  if (branch_path_) branch_path_->push_back({choice, pending.side, secret_decision_});
  secret_chooser_ = secret_decision_ ? pending.side : -1;
  secret_piece_ = secret_decision_ ? pending.choices[choice].piece : -1;
  // The decision taken becomes the spare one (ask reuses its buffers); the
  // spare, closed and empty since ask swapped it out, becomes the pending one.
  swap(pending, spare_decision_);
  pending.side = -1;
  pending.prompt.clear();
  pending.rule.clear();
  pending.choices.clear();
  return choice;
}

void Runtime::finish(std::string result, int winner) {
  state_.finished = true;
  state_.result = std::move(result);
  state_.winner = winner;
  state_.pending = Decision{};
  if (recording_) emit_plain(Event::Kind::kResult, "", "game over: " + state_.result);
}

// ---- the game ---------------------------------------------------------------

Game::Game(std::shared_ptr<const GameDef> def) : rt_(std::move(def)) {}

Game::~Game() = default;

Result<std::unique_ptr<Game>> Game::create(std::shared_ptr<const GameDef> def, SandboxLimits limits) {
  std::unique_ptr<Game> g(new Game(std::move(def)));
  // A mod's `require` finds its own modules first, then its bases'.
  std::vector<std::string> dirs{g->def().dir};
  dirs.insert(dirs.end(), g->def().base_dirs.begin(), g->def().base_dirs.end());
  g->rt_.sandbox_ = std::make_unique<Sandbox>(std::move(dirs), limits);
  g->rt_.sandbox_->set_host(&g->rt_);
  // A loaded definition's `require` reads the texts loaded with it.
  if (!g->def().script_paths.empty()) g->rt_.sandbox_->set_module_texts(&g->def().lua_texts);
  g->rt_.game_ = g.get();
  CB_TRY(g->load_rules());
  return g;
}

Status Game::load_rules() {
  Sandbox& sb = *rt_.sandbox_;
  // Until the top level of every file has run: no state to read (runtime.h).
  struct Loading {
    bool& flag;
    explicit Loading(bool& f) : flag(f) { flag = true; }
    ~Loading() { flag = false; }
  } loading(rt_.rules_loading_);
  open_lua_api(sb.L());
  open_test_globals(sb.L());
  const GameDef& d = def();
  // The kit's procedures come first, as if the kernel had written them in
  // Lua: the rules (and a mod) may call or redefine them.
  if (d.kit)
    for (const PreludeScript& p : kit_prelude()) CB_TRY(sb.run_string(std::string(p.code), p.name));
  const std::map<std::string, const void*> modules = module_tables(sb.L());
  if (d.script_paths.empty()) {
    for (const auto& script : d.scripts) CB_TRY(sb.run_file(script));
  } else {
    // Every file by its full path: a base's script is never shadowed by a
    // mod's file of the same name. A mod's scripts run last, so they
    // redefine the base's globals before the globals are frozen.
    // The texts were read with the definition (script_code): never again.
    if (d.script_code.size() != d.script_paths.size())
      return script_error("rules error in " + d.id + ": the rules files were not loaded with the game");
    const std::set<std::string> kernel_names = global_names(sb.L());
    int base_ref = LUA_NOREF;
    size_t level = 0;
    for (size_t i = 0; i <= d.script_paths.size(); ++i) {
      // A level with no scripts of its own still takes its `base` (a mod of data only).
      while (level < d.level_starts.size() && d.level_starts[level] == i) {
        base_ref = set_base_table(sb.L(), kernel_names);
        ++level;
      }
      if (i == d.script_paths.size()) break;
      if (base_ref == LUA_NOREF) {
        CB_TRY(sb.run_string(d.script_code[i], d.script_paths[i]));
      } else {
        CB_TRY(sb.run_string(std::string(kBaseLocal) + d.script_code[i], d.script_paths[i], base_ref));
      }
    }
  }
  if (std::string replaced = replaced_module(sb.L(), modules); !replaced.empty())
    return script_error("rules error in " + d.id + ": " + replaced);
  CB_TRY(sb.freeze());
  // Every function the sequence names must exist: an author learns it now, not at turn 7.
  lua_State* L = sb.L();
  auto check = [&](const std::string& fn, const std::string& what, const std::string& where = "") -> Status {
    if (fn.empty()) return ok_status();
    sb.push_global(L, fn);
    const int type = lua_type(L, -1);
    lua_pop(L, 1);
    if (type != LUA_TFUNCTION)
      return script_error("the " + what + " names Lua function '" + fn + "', which the rules of " + d.id +
                          " do not define" + (where.empty() ? "" : " (" + where + ")"));
    return ok_status();
  };
  CB_TRY(check(d.sequence.setup, "sequence's setup"));
  CB_TRY(check(d.sequence.at_end, "sequence's at_end"));
  CB_TRY(check(d.setup_script, "scenario's setup"));
  CB_TRY(check(d.view.summary, "[view] summary"));
  for (const auto& p : d.sequence.phases)
    for (const auto& s : p.steps) CB_TRY(check(s.run, "step '" + s.id + "' of phase '" + p.id + "'", s.run_where));
  // The functions the steps run, each held by a reference of the registry
  // and found by the address of its name in the definition (step_function
  // gives those strings): the globals are frozen, so a name's function
  // never changes, and a step finds it without a look-up by its text.
  auto keep = [&](const std::string& fn) {
    if (fn.empty() || step_functions_.contains(&fn)) return;
    sb.push_global(L, fn);
    step_functions_.emplace(&fn, luaL_ref(L, LUA_REGISTRYINDEX));
  };
  keep(d.sequence.setup);
  keep(d.sequence.at_end);
  keep(d.setup_script);
  for (const auto& p : d.sequence.phases)
    for (const auto& s : p.steps) keep(s.run);
  return ok_status();
}

void Game::push_step_function(lua_State* on, const std::string& fn) {
  if (const auto it = step_functions_.find(&fn); it != step_functions_.end())
    lua_rawgeti(on, LUA_REGISTRYINDEX, it->second);
  else
    rt_.sandbox_->push_global(on, fn);  // not a name of the definition's steps
}

const State& Game::setup_pieces() {
  // The pieces before any shuffle are the same in every game: made once.
  if (!setup_pieces_) {
    const GameDef& d = def();
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
  const GameDef& d = def();
  State& s = rt_.state_;
  for (size_t l = 0; l < d.locations.size(); ++l)
    if (d.locations[l].kind == LocationKind::kDeck) s.shuffle(static_cast<int>(l));
  for (const auto& [track, v] : d.setup_tracks) s.tracks[track] = v;
  for (const auto& e : d.setup_vars.entries) s.vars.set(e.first, e.second);
  hide_at_start(d, s);
}

void Game::apply_position(const ScenarioPosition& at) {
  const GameDef& d = def();
  State& s = rt_.state_;
  if (at.has_generator) s.rng.set_words(at.generator);
  for (int loc : at.shuffled) s.shuffle(loc);
  for (const auto& [track, v] : d.setup_tracks) s.tracks[track] = v;
  for (const auto& e : d.setup_vars.entries) s.vars.set(e.first, e.second);
  s.position = at.at;
  hide_at_start(d, s, &at.fog_default);
}

Status Game::run_from_position(const ScenarioPosition& at) {
  // The rules' own judgement of the position (a hand over its limit), before
  // anything runs: docs/lua-api.md, check_position.
  if (has_function("check_position")) {
    auto found = call_reader("check_position", -1);
    if (!found.ok()) return fail(found.error());
    std::string problems;
    if (found->is_string()) problems = found->as_string();
    if (found->is_table())
      for (const auto& [k, v] : found->as_table().entries)
        if (v.is_string()) problems += (problems.empty() ? "" : "; ") + v.as_string();
    if (!problems.empty())
      return fail(rejected("the position of " + at.where + " breaks the rules: " + problems));
  }
  // The position's decisions are taken as recorded, whoever decides after
  // them (a bot, a save's replay): the decider waits for the last. They are
  // the start, not actions, so a snapshot taken before the last of them
  // would be a start that misses some: the hook waits too.
  const Decider decider = rt_.decider_;
  const auto hook = snapshot_hook_;
  // Once the position stands at the decision after its own (the dice of
  // those are the game's it came from), a game of another seed than the
  // position's rolls other dice from there on: its generator is mixed with
  // the seed at the first decision the rules ask.
  bool mixed = false;
  const auto mix = [&] {
    if (mixed || !at.has_generator || !at.has_seed || seed_ == at.seed) return;
    mixed = true;
    std::array<uint64_t, 4> words = rt_.state_.rng.words();
    const auto mine = Rng(seed_).words(), theirs = Rng(at.seed).words();
    for (size_t i = 0; i < words.size(); ++i) words[i] ^= mine[i] ^ theirs[i];
    if (words != std::array<uint64_t, 4>{}) rt_.state_.rng.set_words(words);
  };
  const Decider then = [&mix, decider](Game& g) {
    mix();
    return decider ? decider(g) : -1;
  };
  if (at.decisions.empty()) rt_.decider_ = then;
  else rt_.decider_ = nullptr, snapshot_hook_ = nullptr;
  Status status = run(0);
  for (size_t i = 0; status.ok() && i < at.decisions.size(); ++i) {
    const auto& decision = at.decisions[i];
    if (i + 1 == at.decisions.size()) rt_.decider_ = then, snapshot_hook_ = hook;
    auto choice = parse_choice(decision.choice);
    status = choice.ok() ? act(*choice) : Status(choice.error());
    if (!status.ok()) {
      Error e = status.error();
      e.message = "decision " + std::to_string(i + 1) + " of the position ('" + decision.choice + "', " +
                  decision.where + "): " + e.message;
      status = fail(std::move(e));
    }
  }
  if (status.ok() && !rt_.state_.finished) mix();
  rt_.decider_ = decider;
  snapshot_hook_ = hook;
  return status;
}

// A suspended or failed coroutine cannot be reused: let it be collected.
namespace {

// A value in short for a message: tables by their entries, sorted, two
// levels deep at most, raw (no metamethod runs).
void describe_value(lua_State* L, int idx, int depth, std::string& out) {
  idx = lua_absindex(L, idx);
  switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
      std::string s = lua_tostring(L, idx);
      if (s.size() > 40) s = s.substr(0, 40) + "...";
      out += '"' + s + '"';
      return;
    }
    case LUA_TNUMBER:
    case LUA_TBOOLEAN:
    case LUA_TNIL: {
      // luaL_tolstring of these runs no metamethod.
      out += luaL_tolstring(L, idx, nullptr);
      lua_pop(L, 1);
      return;
    }
    case LUA_TTABLE: break;
    default: out += luaL_typename(L, idx); return;
  }
  if (depth == 0 || !lua_checkstack(L, 4)) {
    out += "{...}";
    return;
  }
  make_raw_readable(L, idx);  // a frozen table by its contents, a vars view by a copy (never a key: depth 0)
  std::vector<std::pair<std::string, std::string>> entries;
  lua_pushnil(L);
  bool more = false;
  while (!(more = entries.size() == 64) && lua_next(L, idx)) {
    std::string key, value;
    if (lua_type(L, -2) == LUA_TSTRING) key = lua_tostring(L, -2);
    else {
      key = "[";
      describe_value(L, -2, 0, key);
      key += "]";
    }
    describe_value(L, -1, depth - 1, value);
    entries.emplace_back(std::move(key), std::move(value));
    lua_pop(L, 1);
  }
  if (more) lua_pop(L, 1);  // the last key
  std::sort(entries.begin(), entries.end());
  out += '{';
  for (size_t i = 0; i < entries.size(); ++i) out += (i ? ", " : "") + entries[i].first + " = " + entries[i].second;
  out += more ? ", ...}" : "}";
}

}  // namespace

std::vector<Game::Local> Game::suspended_locals() const {
  std::vector<Local> out;
  if (!co_) return out;
  lua_State* L = rt_.sandbox_->L();
  lua_Debug ar;
  for (int level = 0; lua_getstack(co_, level, &ar); ++level) {
    if (!lua_getinfo(co_, "Sln", &ar) || ar.what == std::string("C")) continue;
    const std::string where = std::string(ar.name ? ar.name : "the step") + ", " + ar.short_src + ":" +
                              std::to_string(ar.currentline);
    for (int i = 1; lua_checkstack(co_, 1); ++i) {
      const char* name = lua_getlocal(co_, &ar, i);
      if (!name) break;
      // The value is read on the main thread, which has room for it.
      lua_xmove(co_, L, 1);
      if (name[0] != '(') {
        Local l{where, name, {}};
        describe_value(L, -1, 2, l.value);
        out.push_back(std::move(l));
      }
      lua_pop(L, 1);
    }
  }
  return out;
}

void Game::drop_coroutine() {
  lua_State* L = rt_.sandbox_->L();
  rt_.secret_chooser_ = rt_.secret_piece_ = -1;  // no choice is carried out before the rules ask again
  // The choices of the ask it is suspended in go with it: a game restored
  // or restarted at a decision (a search does so at every iteration) would
  // otherwise keep each one's table for ever.
  if (rt_.choices_ref_ != LUA_NOREF) {
    luaL_unref(L, LUA_REGISTRYINDEX, rt_.choices_ref_);
    rt_.choices_ref_ = LUA_NOREF;
  }
  if (!co_) return;
  luaL_unref(L, LUA_REGISTRYINDEX, co_ref_);
  co_ = nullptr;
}

Status Game::start(uint64_t seed) {
  seed_ = seed;
  broken_ = false;
  drop_coroutine();
  const ScenarioPosition* at = def().position.get();
  rt_.state_.reset_for(def(), seed, at ? &at->pieces : &setup_pieces());
  if (at) apply_position(*at);
  else apply_setup();
  rt_.sandbox_->set_state_bytes(state_bytes(rt_.state_));
  mark_quiet();
  return at ? run_from_position(*at) : run(0);
}

Status Game::restore(const State& snapshot) {
  // Whoever restores, nothing indexes the game's tables with a state that
  // does not fit them (a snapshot is untrusted input).
  if (auto fits = snapshot.check(def()); !fits.ok())
    return rejected("the snapshot is not a state of " + def().id + ": " + fits.error().message);
  broken_ = false;
  drop_coroutine();
  rt_.state_ = snapshot;
  rt_.state_.pending = Decision{};
  rt_.sandbox_->set_state_bytes(state_bytes(rt_.state_));
  mark_quiet();
  return run(0);
}

void Game::set_branch_tracking(bool on) {
  if (!on) {
    branch_.reset();
    rt_.branch_path_ = nullptr;
    return;
  }
  if (branch_) return;
  branch_ = std::make_unique<BranchPoint>();
  rt_.branch_path_ = &branch_->path;
  // Turned on mid-game, it has no quiet point to start from until the next
  // phase: until then the branch point is not set, and a search refuses it.
}

void Game::mark_quiet() {
  if (!branch_) return;
  branch_->quiet.assign(rt_.state_);
  branch_->path.clear();
  branch_->set = true;
}

std::string Game::prompt_text(int reader) const { return render(state().pending.prompt, def(), reader); }

std::string Game::choice_text(int choice, int reader) const {
  const auto& ch = state().pending.choices;
  if (choice < 0 || choice >= static_cast<int>(ch.size())) return {};
  return cardboard::choice_text(ch[choice], def(), state(), reader);
}

std::string Game::note_text(int choice, int reader) const {
  const auto& ch = state().pending.choices;
  if (choice < 0 || choice >= static_cast<int>(ch.size())) return {};
  return render(ch[choice].note, def(), reader);
}

Result<int> Game::parse_choice(const std::string& choice) const {
  const State& s = state();
  const auto& ch = s.pending.choices;
  if (s.finished) return rejected("the game is over: " + s.result);
  if (!s.pending.open()) return rejected("no decision is pending");
  const int reader = s.pending.side;
  auto describe = [&] {
    std::string out = std::to_string(ch.size()) + (ch.size() == 1 ? " choice is" : " choices are") + " open (";
    for (size_t i = 0; i < ch.size() && i < 8; ++i)
      out += (i ? ", " : "") + std::to_string(i + 1) + " " + choice_text(static_cast<int>(i), reader);
    if (ch.size() > 8) out += ", ...";
    return out + ")";
  };
  if (!choice.empty() && std::all_of(choice.begin(), choice.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    const long n = choice.size() > 9 ? 0 : std::stol(choice);
    if (n >= 1 && static_cast<size_t>(n) <= ch.size()) return static_cast<int>(n - 1);
    // Words that are a number past the choices' count (a hex, "1819") name a choice by its words.
    for (size_t i = 0; i < ch.size(); ++i)
      if (choice_text(static_cast<int>(i), reader) == choice) return static_cast<int>(i);
    return rejected("illegal choice " + choice + ": " + describe());
  }
  for (size_t i = 0; i < ch.size(); ++i)
    if (choice_text(static_cast<int>(i), reader) == choice) return static_cast<int>(i);
  // An option's id ("hold"), when one option has it.
  int by_id = -1;
  for (size_t i = 0; i < ch.size(); ++i)
    if (ch[i].kind() == ChoiceKind::kOption && ch[i].option == choice) by_id = by_id == -1 ? static_cast<int>(i) : -2;
  if (by_id >= 0) return by_id;
  // A choice's typed value as the views give it, whole: an option's id may
  // hold a comma ("option=Search Amra (adjacent, 4+)"), which parsing would split.
  for (size_t i = 0; i < ch.size(); ++i)
    if (choice_value(ch[i], def()) == choice) return static_cast<int>(i);
  // A typed value, "piece=12,to=0402": only when it reads as one.
  const size_t eq = choice.find('=');
  if (eq != std::string::npos && eq > 0 && choice.find(' ') > eq) {
    auto value = parse_choice_value(choice, def());
    if (!value.ok()) return value.error();
    for (size_t i = 0; i < ch.size(); ++i)
      if (ch[i].same_value(*value)) return static_cast<int>(i);
    return rejected("illegal choice '" + choice + "': no open choice has these values; " + describe());
  }
  return rejected("illegal choice '" + choice + "': " + describe());
}

Status Game::act(int choice) {
  if (broken_) return rejected("the game stopped on an error: reload it");
  const State& s = state();
  if (s.finished) return rejected("the game is over: " + s.result);
  if (!s.pending.open() || !co_) return rejected("no decision is pending");
  const auto n = static_cast<int>(s.pending.choices.size());
  if (rt_.take_choice(choice) < 0)
    return rejected("illegal choice " + std::to_string(choice + 1) + ": " + std::to_string(n) + " choices are open");
  lua_State* L = rt_.sandbox_->L();
  lua_rawgeti(L, LUA_REGISTRYINDEX, rt_.choices_ref_);
  push_choice_result(L, -1, choice);  // the chosen value and its index
  lua_remove(L, -3);
  lua_xmove(L, co_, 2);
  luaL_unref(L, LUA_REGISTRYINDEX, rt_.choices_ref_);
  rt_.choices_ref_ = LUA_NOREF;
  return run(2);
}

std::string Game::where() const { return position_text(def(), state().position); }

Status Game::fail(Error e) {
  broken_ = true;
  drop_coroutine();
  return e;
}

// Starts the coroutine of the step at the current position, or moves past
// positions that have nothing to run.
Status Game::begin_step() {
  const GameDef& d = def();
  rt_.secret_chooser_ = rt_.secret_piece_ = -1;  // a step begun carries out no earlier choice
  auto& pos = rt_.state_.position;
  switch (step_kind(d, pos)) {
    case StepKind::kSetupDone:
      pos = SequencePosition{1, 0, 0, 0, false};
      return ok_status();
    case StepKind::kPastLength: {
      const bool past_length = d.last_turn > 0 && pos.turn > d.last_turn;
      pos.phase = kEndPhase;
      pos.step = 0;
      rt_.emit_plain(Event::Kind::kSequence, "", past_length ? "the last turn is over" : "the turn limit is reached");
      return ok_status();
    }
    case StepKind::kRun:
      break;
  }
  if (pos.phase == kEndPhase && d.sequence.at_end.empty()) {
    rt_.finish(d.sequence.turn_limit_result, -1);
    return ok_status();
  }
  if (const PhaseDef* ph = current_phase(d, pos)) {
    if (at_phase_start(pos)) {
      // The events' texts are made only when kept.
      if (pos.phase == 0 && rt_.recording_)
        rt_.emit_plain(Event::Kind::kSequence, "", "Turn " + std::to_string(pos.turn));
      if (snapshot_hook_) snapshot_hook_(rt_.state_);
      mark_quiet();
      if (rt_.recording_) rt_.emit_plain(Event::Kind::kSequence, ph->rule, ph->title);
    }
    if (pos.step == 0 && rt_.recording_) {
      if (ph->repeat == PhaseDef::Repeat::kEachSide && d.sides.size() > 1)
        rt_.emit_plain(Event::Kind::kSequence, ph->rule, ph->title + ": " + d.sides[pos.repeat].title);
      if (ph->repeat == PhaseDef::Repeat::kTimes && ph->times > 1)
        rt_.emit_plain(Event::Kind::kSequence, ph->rule, ph->title + ": impulse " + std::to_string(pos.repeat + 1));
    }
  }
  const std::string& fn = step_function(d, pos);
  if (fn.empty()) {
    advance();
    return ok_status();
  }
  lua_State* L = rt_.sandbox_->L();
  if (spare_) {
    co_ = spare_;
    co_ref_ = spare_ref_;
    spare_ = nullptr;
  } else {
    co_ = lua_newthread(L);
    co_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  push_step_function(co_, fn);
  return ok_status();
}

Result<bool> Game::step_result(int nres) {
  const int first = lua_gettop(co_) - nres + 1;
  if (nres == 0 || lua_isnil(co_, first)) return false;
  if (lua_type(co_, first) != LUA_TSTRING)
    return script_error("rules error in " + def().id + " (" + where() + "): the step returned a " +
                        luaL_typename(co_, first) +
                        "; a step returns nothing, or a result text (and a winner) to end the game");
  int winner = -1;
  if (nres >= 2 && !lua_isnil(co_, first + 1)) {
    const char* id = lua_tostring(co_, first + 1);
    winner = id && lua_type(co_, first + 1) == LUA_TSTRING ? def().find_side(id) : -1;
    if (winner < 0)
      return script_error("rules error in " + def().id + " (" + where() + "): the step's winner must be a side id, got " +
                          (id ? "'" + std::string(id) + "'" : std::string(luaL_typename(co_, first + 1))));
  }
  rt_.finish(lua_tostring(co_, first), winner);
  return true;
}

void Game::advance() {
  const GameDef& d = def();
  auto& pos = rt_.state_.position;
  if (pos.phase == kEndPhase && !pos.in_setup) {
    if (!rt_.state_.finished) rt_.finish(d.sequence.turn_limit_result, -1);
    return;
  }
  if (cardboard::advance(d, pos))
    rt_.emit_plain(Event::Kind::kSequence, "",
                   d.last_turn > 0 && pos.turn >= d.last_turn ? "the last turn is over" : "the turn limit is reached");
}

Error Game::rules_failure(const std::string& traceback) {
  if (!rt_.input_error_.empty()) {
    std::string msg = std::move(rt_.input_error_);
    rt_.input_error_.clear();
    return rejected(msg + " (" + where() + ")");
  }
  return script_error("rules error in " + def().id + " (" + where() + "): " + rt_.sandbox_->describe_failure(traceback));
}

Status Game::run(int nargs) {
  lua_State* L = rt_.sandbox_->L();
  rt_.input_error_.clear();
  State& s = rt_.state_;
  while (!s.finished) {
    if (!co_) {
      if (broken_) return rejected("the game stopped on an error: reload it");
      auto st = begin_step();
      if (!st.ok()) return fail(st.error());
      if (!co_) continue;
      nargs = 0;
    }
    int nres = 0;
    int status;
    {
      const Sandbox::Run watched(*rt_.sandbox_, co_);
      status = lua_resume(co_, L, nargs, &nres);
    }
    nargs = 0;
    if (status == LUA_YIELD) {
      lua_pop(co_, nres);
      if (s.finished) break;
      if (s.pending.open()) return ok_status();
      return fail(script_error("a rules procedure yielded without asking (" + where() + ")"));
    }
    if (status != LUA_OK) {
      const std::string text = rt_.sandbox_->traceback(L, co_, Sandbox::error_text(co_, -1), 0);
      return fail(rules_failure(text));
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
  return ok_status();
}

// ---- forced input ----------------------------------------------------------

Status Game::force(const ForcedInput& f) {
  const GameDef& d = def();
  for (int face : f.dice)
    if (face < 0 || face > 1000)
      return rejected("forced die " + std::to_string(face) + " is no die's face (a d10 reads 0-9, other dice 1 and up)");
  std::vector<std::pair<int, std::vector<int>>> draws;
  for (const auto& [location, cards] : f.draws) {
    const int loc = d.find_location(location);
    if (loc < 0) return rejected("no such deck or cup: '" + location + "'");
    const LocationKind kind = d.locations[loc].kind;
    if (kind != LocationKind::kDeck && kind != LocationKind::kCup)
      return rejected("'" + location + "' is a " + location_kind_name(kind) + ", not a deck or a cup: draws are forced from decks and cups");
    // The types a piece of this deck or cup can be: dealt to it, set up in
    // it, or in it now.
    std::vector<bool> in_it(d.types.size(), false);
    for (size_t t = 0; t < d.types.size(); ++t) in_it[t] = d.types[t].deck == loc;
    for (const auto& p : d.setup_pieces)
      if (p.location == loc) in_it[p.type] = true;
    if (static_cast<size_t>(loc) < state().contents.size())  // before the start the state is empty
      for (int p : state().contents[loc]) in_it[state().pieces[p].type] = true;
    for (const auto& card : cards) {
      std::vector<int> types;
      const int by_id = d.find_type(card);
      if (by_id >= 0 && in_it[by_id]) types.push_back(by_id);
      for (size_t t = 0; t < d.types.size() && types.empty(); ++t)
        if (in_it[t] && d.types[t].name == card)
          for (size_t u = t; u < d.types.size(); ++u)
            if (in_it[u] && d.types[u].name == card) types.push_back(static_cast<int>(u));
      if (types.empty())
        return rejected("no card named '" + card + "' can be drawn from " + d.locations[loc].title + " ('" +
                        location + "')");
      draws.emplace_back(loc, std::move(types));
    }
  }
  for (int face : f.dice) rt_.forced_dice_.push(face);
  for (auto& [loc, types] : draws) rt_.forced_draws_[loc].push_back(std::move(types));
  return ok_status();
}

ForcedInput Game::forced_left() const {
  ForcedInput f;
  const auto& faces = rt_.forced_dice_.faces();
  f.dice.assign(faces.begin(), faces.end());
  const GameDef& d = def();
  for (const auto& [loc, q] : rt_.forced_draws_) {
    if (q.empty()) continue;
    std::vector<std::string> types;
    for (const auto& set : q) types.push_back(d.types[set.front()].id);
    f.draws.emplace_back(d.locations[loc].id, std::move(types));
  }
  return f;
}

bool Game::has_forced() const {
  if (!rt_.forced_dice_.empty()) return true;
  for (const auto& [loc, q] : rt_.forced_draws_)
    if (!q.empty()) return true;
  return false;
}

void Game::clear_forced() {
  rt_.forced_dice_.clear();
  rt_.forced_draws_.clear();
}

// ---- Lua for tests and tools ------------------------------------------------

std::set<std::string> Game::rules_globals() const {
  std::set<std::string> out;
  lua_State* L = rt_.sandbox_->L();
  rt_.sandbox_->push_globals(L);  // the globals' values: the global table itself is frozen, empty
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING) out.insert(lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return out;
}

namespace {

// Keeps the plain value at 1 in the Value at 2 (light userdata); raises on
// a value that cannot be kept (check_value), so it is called protected.
int keep_value(lua_State* L) {
  *static_cast<Value*>(lua_touserdata(L, 2)) = check_value(L, 1);
  return 0;
}

}  // namespace

Result<Value> Game::run_lua(const std::string& code, const std::string& chunk_name) {
  Sandbox& sb = *rt_.sandbox_;
  lua_State* L = sb.L();
  const int top = lua_gettop(L);
  const Sandbox::Run run(sb, L);
  if (luaL_loadbufferx(L, code.data(), code.size(), ("=" + chunk_name).c_str(), "t") != LUA_OK ||
      lua_pcall(L, 0, 1, 0) != LUA_OK) {
    std::string msg = Sandbox::error_text(L, -1);
    lua_settop(L, top);
    return script_error(sb.describe_failure(msg));
  }
  // check_value raises on a value it cannot keep: call it protected.
  Value out;
  lua_pushcfunction(L, keep_value);
  lua_insert(L, -2);
  lua_pushlightuserdata(L, &out);
  const int status = lua_pcall(L, 2, 0, 0);
  std::string msg = status == LUA_OK ? "" : Sandbox::error_text(L, -1);
  lua_settop(L, top);
  if (status != LUA_OK) return script_error(msg);
  return out;
}

namespace {

// Reads what a view function returned (at 1) into the summary (at 2, light
// userdata) for the reader (3): its array part the board's lines, its
// string keys locations with theirs. Raises on anything else.
int read_summary(lua_State* L) {
  auto& out = *static_cast<Game::ViewSummary*>(lua_touserdata(L, 2));
  const int reader = static_cast<int>(lua_tointeger(L, 3));
  Runtime& rt = runtime_of(L);
  const GameDef& d = rt.def();
  const char* fn = d.view.summary.c_str();
  if (lua_type(L, 1) != LUA_TTABLE)
    return luaL_error(L, "%s returned %s: a table of lines (and of lines by location id) expected", fn,
                      luaL_typename(L, 1));
  make_raw_readable(L, 1);  // a constant table of the rules reads as its contents
  LazyText text;
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, 1));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 1, i);
    read_text_field(L, -1, fn, "line", &text);
    out.lines.push_back(render(text, d, reader));
    lua_pop(L, 1);
  }
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    if (lua_type(L, -2) == LUA_TNUMBER && lua_isinteger(L, -2) && lua_tointeger(L, -2) >= 1 &&
        lua_tointeger(L, -2) <= n) {
      lua_pop(L, 1);
      continue;
    }
    if (lua_type(L, -2) != LUA_TSTRING)
      return luaL_error(L, "%s returned a key that is neither a line's number nor a location id", fn);
    const int loc = d.find_location(lua_tostring(L, -2));
    if (loc < 0) return luaL_error(L, "%s returned a line for '%s', which is no location", fn, lua_tostring(L, -2));
    read_text_field(L, -1, fn, "location line", &text);
    out.locations.emplace_back(loc, render(text, d, reader));
    lua_pop(L, 1);
  }
  std::sort(out.locations.begin(), out.locations.end());
  return 0;
}

}  // namespace

Result<Game::ViewSummary> Game::view_summary(int reader) {
  ViewSummary out;
  const GameDef& d = def();
  if (d.view.summary.empty() || broken_) return out;
  // What the reader sees: at the end of the game, every side sees all.
  const int as = state().finished && reader >= 0 ? kEveryone : reader;
  std::vector<uint8_t> sees(state().pieces.size(), 1);
  if (as != kEveryone)
    for (size_t p = 0; p < sees.size(); ++p) {
      bool seen = true;
      if (as == kPublicOnly) {
        for (int side = 0; seen && side < static_cast<int>(d.sides.size()); ++side)
          seen = sees_piece(d, state(), static_cast<int>(p), side);
      } else {
        seen = sees_piece(d, state(), static_cast<int>(p), as);
      }
      sees[p] = seen;
    }
  // The function runs on the game itself, then the game is put back as it
  // was: a view changes nothing, and one that tried is an error.
  const State before = state();
  const bool recording = rt_.recording_;
  rt_.recording_ = false;
  rt_.view_sees_ = &sees;
  Sandbox& sb = *rt_.sandbox_;
  lua_State* L = sb.L();
  const int top = lua_gettop(L);
  std::string failure;
  {
    const Sandbox::Run run(sb, L);
    lua_pushcfunction(L, read_summary);
    sb.push_global(L, d.view.summary);
    if (as >= 0) lua_pushstring(L, d.sides[as].id.c_str());
    else lua_pushnil(L);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
      failure = sb.describe_failure(lua_tostring(L, -1) ? lua_tostring(L, -1) : "(error object is not a string)");
    } else {
      lua_pushlightuserdata(L, &out);
      lua_pushinteger(L, as);
      if (lua_pcall(L, 3, 0, 0) != LUA_OK) failure = lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
    }
  }
  lua_settop(L, top);
  rt_.view_sees_ = nullptr;
  rt_.recording_ = recording;
  // Put back only when changed: the step suspended in `ask` holds views of
  // the vars tables, which a copy would replace. After a change the game is
  // broken (a rules error) and is rebuilt before it acts again.
  const bool changed = state().hash() != before.hash();
  if (changed) {
    rt_.state_ = before;
    broken_ = true;
  }
  if (!failure.empty()) return script_error("the view function " + d.view.summary + ": " + failure);
  if (changed)
    return script_error("the view function " + d.view.summary + " changed the game: a view only reads it");
  return out;
}

bool Game::has_function(const std::string& name) const {
  lua_State* L = rt_.sandbox_->L();
  rt_.sandbox_->push_global(L, name);
  const bool is = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 1);
  return is;
}

int Game::push_pending_decision(lua_State* L) {
  const Game& g = *static_cast<const Game*>(lua_touserdata(L, 1));
  lua_pop(L, 1);
  const Decision& d = g.state().pending;
  lua_createtable(L, 0, 3);
  lua_pushlstring(L, d.rule.data(), d.rule.size());
  lua_setfield(L, -2, "rule");
  const auto n = static_cast<int>(d.choices.size());
  lua_createtable(L, n, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, g.rt_.choices_ref_);
  for (int i = 0; i < n; ++i) {
    push_choice_result(L, -1, i);  // the value and its index
    lua_pop(L, 1);
    lua_rawseti(L, -3, i + 1);
  }
  // The piece a question of where to move names (ask's `piece`): its
  // choices are zones, and a bot's plan may depend on what moves. Read
  // raw: the rules' table may have a metatable.
  lua_pushstring(L, "piece");
  lua_rawget(L, -2);
  if (lua_isinteger(L, -1)) lua_setfield(L, -4, "piece");
  else lua_pop(L, 1);
  lua_pop(L, 1);
  lua_setfield(L, -2, "choices");
  return 1;
}

Result<Value> Game::call_reader(const std::string& fn, int side, const std::string* extra, bool with_decision) {
  if (broken_) return rejected("the game stopped on an error: reload it");
  if (!at_quiet_point() && !state().pending.open())
    return rejected(fn + " can only be called at a decision or at a quiet point");
  if (with_decision && (at_quiet_point() || rt_.choices_ref_ == LUA_NOREF))
    return rejected(fn + " can only be called at a decision the rules asked");
  // As a view function runs (view_summary): nothing recorded, no dice or
  // draws, and the game put back if the function changed it. It sees every
  // piece: a bot calls it on its own game, whose hidden pieces it sampled.
  std::vector<uint8_t> sees(state().pieces.size(), 1);
  const uint64_t before_hash = state().hash();
  const bool recording = rt_.recording_;
  rt_.recording_ = false;
  rt_.view_sees_ = &sees;
  Sandbox& sb = *rt_.sandbox_;
  lua_State* L = sb.L();
  const int top = lua_gettop(L);
  std::string failure;
  Value out;
  {
    const Sandbox::Run run(sb, L);
    lua_pushcfunction(L, keep_value);
    sb.push_global(L, fn);
    if (lua_type(L, -1) != LUA_TFUNCTION) {
      failure = "it is not a function";
    } else {
      if (side >= 0 && side < static_cast<int>(def().sides.size())) lua_pushstring(L, def().sides[side].id.c_str());
      else lua_pushnil(L);
      if (extra) lua_pushlstring(L, extra->data(), extra->size());
      // Built under a pcall: running out of memory there is an error, not a panic.
      int decision = LUA_OK;
      if (with_decision) {
        lua_pushcfunction(L, &Game::push_pending_decision);
        lua_pushlightuserdata(L, this);
        decision = lua_pcall(L, 1, 1, 0);
      }
      if (decision != LUA_OK) {
        failure = sb.describe_failure(lua_tostring(L, -1) ? lua_tostring(L, -1) : "(error object is not a string)");
      } else if (lua_pcall(L, 1 + (extra ? 1 : 0) + (with_decision ? 1 : 0), 1, 0) != LUA_OK) {
        failure = sb.describe_failure(lua_tostring(L, -1) ? lua_tostring(L, -1) : "(error object is not a string)");
      } else {
        lua_pushlightuserdata(L, &out);
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) failure = lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
      }
    }
  }
  lua_settop(L, top);
  rt_.view_sees_ = nullptr;
  rt_.recording_ = recording;
  if (state().hash() != before_hash) {
    broken_ = true;
    return script_error(fn + " changed the game: it may only read it");
  }
  if (!failure.empty()) return script_error(fn + ": " + failure);
  return out;
}

}  // namespace cardboard
