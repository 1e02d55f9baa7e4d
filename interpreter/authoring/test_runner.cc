#include "authoring/test_runner.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <new>
#include <optional>

#include "core/bytes.h"
#include "core/rng.h"
#include "core/visibility.h"
#include "data/game_loader.h"
#include "data/toml_file.h"
#include "core/decision.h"
#include "script/game.h"
#include "authoring/identity_check.h"
#include "script/lua_api.h"
#include "script/sandbox.h"

namespace fs = std::filesystem;

namespace cardboard {

namespace {

constexpr const char* kGameMeta = "cardboard.test_game";

struct RunnerContext {
  std::string root;
  std::string game_dir;
  std::string game_id;
  Game* last_game = nullptr;  // the game a failure message shows the log of
};

RunnerContext& context_of(lua_State* L) { return *static_cast<RunnerContext*>(sandbox_of(L).host()); }

struct GameBox {
  std::unique_ptr<Game> game;
};

Game& check_game(lua_State* L) {
  auto* box = static_cast<GameBox*>(luaL_checkudata(L, 1, kGameMeta));
  if (!box->game) luaL_error(L, "this game was closed");
  context_of(L).last_game = box->game.get();
  return *box->game;
}

std::string event_text(const Game& g, const Event& e) { return render(e.text, g.def(), kEveryone); }

std::string log_tail(const Game& g, size_t n) {
  const auto& ev = g.events();
  std::string out;
  const size_t from = ev.size() > n ? ev.size() - n : 0;
  for (size_t i = from; i < ev.size(); ++i) {
    out += "\n    ";
    if (!ev[i].rule.empty()) out += "[" + ev[i].rule + "] ";
    out += event_text(g, ev[i]);
  }
  return out;
}

// The cards of a list at `idx` (type ids or printed names).
std::vector<std::string> card_names(lua_State* L, int idx) {
  std::vector<std::string> names;
  const auto n = luaL_len(L, idx);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, idx, i);
    names.emplace_back(luaL_checkstring(L, -1));
    lua_pop(L, 1);
  }
  return names;
}

std::vector<int> face_list(lua_State* L, int idx) {
  std::vector<int> faces;
  const auto n = luaL_len(L, idx);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, idx, i);
    faces.push_back(static_cast<int>(luaL_checkinteger(L, -1)));
    lua_pop(L, 1);
  }
  return faces;
}

// The forced input of new_game's table at idx: dice = {...}, draws = {loc = {...}}.
Status push_forced(lua_State* L, Game& g, int idx) {
  idx = lua_absindex(L, idx);
  ForcedInput f;
  if (lua_getfield(L, idx, "dice") == LUA_TTABLE) f.dice = face_list(L, lua_gettop(L));
  lua_pop(L, 1);
  if (lua_getfield(L, idx, "draws") == LUA_TTABLE) {
    // In sorted order, so the same table queues the same draws in every process.
    std::vector<std::string> locations;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      locations.emplace_back(luaL_checkstring(L, -2));
      lua_pop(L, 1);
    }
    std::sort(locations.begin(), locations.end());
    for (const auto& loc : locations) {
      lua_getfield(L, -1, loc.c_str());
      luaL_checktype(L, -1, LUA_TTABLE);
      f.draws.emplace_back(loc, card_names(L, lua_gettop(L)));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return g.force(f);
}

// The scenario a test names: "name" (a scenario of the game under test),
// "GAME/SCENARIO", or a .toml file relative to the tests folder or the root.
std::string test_scenario(const RunnerContext& ctx, std::string scenario) {
  if (scenario.find('/') == std::string::npos && scenario.find(".toml") == std::string::npos) {
    scenario = ctx.game_id + "/" + scenario;
  } else if (scenario.find(".toml") != std::string::npos && fs::path(scenario).is_relative()) {
    for (const auto& base : {ctx.game_dir + "/tests", ctx.root})
      if (std::error_code ec; fs::exists(base + "/" + scenario, ec)) {
        scenario = base + "/" + scenario;
        break;
      }
  }
  return scenario;
}

// Pushes a new game object (a GameBox) holding `game`.
GameBox& push_game(lua_State* L, std::unique_ptr<Game> game) {
  auto* box = static_cast<GameBox*>(lua_newuserdatauv(L, sizeof(GameBox), 0));
  new (box) GameBox{std::move(game)};
  luaL_setmetatable(L, kGameMeta);
  return *box;
}

// new_game{scenario = "name" or "GAME/SCENARIO" [, seed = n] [, dice = {...}] [, draws = {loc = {...}}]}
int l_new_game(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  RunnerContext& ctx = context_of(L);
  lua_getfield(L, 1, "scenario");
  const std::string scenario = test_scenario(ctx, luaL_optstring(L, -1, ""));
  lua_pop(L, 1);
  if (scenario.empty()) return luaL_error(L, "new_game: 'scenario' is required");
  lua_getfield(L, 1, "seed");
  const auto seed = static_cast<uint64_t>(luaL_optinteger(L, -1, 1));
  lua_pop(L, 1);
  auto def = load_game(scenario, ctx.root);
  if (!def.ok()) return luaL_error(L, "new_game: %s", def.error().message.c_str());
  auto game = Game::create(*def);
  if (!game.ok()) return luaL_error(L, "new_game: %s", game.error().message.c_str());
  if (auto s = push_forced(L, **game, 1); !s.ok()) return luaL_error(L, "new_game: %s", s.error().message.c_str());
  GameBox& box = push_game(L, std::move(*game));
  ctx.last_game = box.game.get();
  if (auto s = box.game->start(seed); !s.ok())
    return luaL_error(L, "new_game: %s%s", s.error().message.c_str(), log_tail(*box.game, 12).c_str());
  return 1;
}

int l_gc(lua_State* L) {
  auto* box = static_cast<GameBox*>(luaL_checkudata(L, 1, kGameMeta));
  if (context_of(L).last_game == box->game.get()) context_of(L).last_game = nullptr;
  box->~GameBox();
  return 0;
}

// g:choose(choice): a number (1-based) or the exact text of a legal choice.
int l_choose(lua_State* L) {
  Game& g = check_game(L);
  const std::string choice = lua_type(L, 2) == LUA_TNUMBER ? std::to_string(luaL_checkinteger(L, 2))
                                                           : std::string(luaL_checkstring(L, 2));
  auto index = g.parse_choice(choice);
  if (!index.ok())
    return luaL_error(L, "%s (prompt: %s)\n  log (last events):%s", index.error().message.c_str(),
                      g.prompt_text(kEveryone).c_str(), log_tail(g, 15).c_str());
  if (auto s = g.act(*index); !s.ok())
    return luaL_error(L, "%s\n  log (last events):%s", s.error().message.c_str(), log_tail(g, 15).c_str());
  return 0;
}

// The reader named by optional argument `idx`: a side id reads as that
// side does; none reads as the referee, who sees every piece.
int opt_reader(lua_State* L, int idx, const Game& g) {
  if (lua_isnoneornil(L, idx)) return kEveryone;
  const char* id = luaL_checkstring(L, idx);
  const int side = g.def().find_side(id);
  if (side < 0) luaL_error(L, "bad argument #1 (no such side: '%s')", id);
  return side;
}

// An array of one string for each open choice, as `reader` reads it.
int push_choice_words(lua_State* L, std::string (Game::*words)(int, int) const) {
  const Game& g = check_game(L);
  const int reader = opt_reader(L, 2, g);
  const auto n = g.state().pending.choices.size();
  lua_createtable(L, static_cast<int>(n), 0);
  for (size_t i = 0; i < n; ++i) {
    lua_pushstring(L, (g.*words)(static_cast<int>(i), reader).c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// g:choices([side]) -> the words of the open choices, for `side` or the referee
int l_choices(lua_State* L) { return push_choice_words(L, &Game::choice_text); }

// g:notes([side]) -> the note of each open choice ("" for none), for `side`
// or the referee
int l_notes(lua_State* L) { return push_choice_words(L, &Game::note_text); }

// g:choice_values() -> the typed value of each open choice ("piece=12,to=0402")
int l_choice_values(lua_State* L) {
  const Game& g = check_game(L);
  const auto& ch = g.state().pending.choices;
  lua_createtable(L, static_cast<int>(ch.size()), 0);
  for (size_t i = 0; i < ch.size(); ++i) {
    lua_pushstring(L, choice_value(ch[i], g.def()).c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// g:prompt([side]) -> the pending prompt, for `side` or the referee
int l_prompt(lua_State* L) {
  const Game& g = check_game(L);
  const int reader = opt_reader(L, 2, g);
  if (g.state().pending.open()) lua_pushstring(L, g.prompt_text(reader).c_str());
  else lua_pushnil(L);
  return 1;
}

// g:summary([side]) -> what the game's view function says for `side` (or
// every side's view): its lines, and by location id the locations' lines.
// Raises what the view function raised.
int l_summary(lua_State* L) {
  Game& g = check_game(L);
  const int reader = opt_reader(L, 2, g);
  auto summary = g.view_summary(reader);
  if (!summary.ok()) return luaL_error(L, "%s", summary.error().message.c_str());
  lua_createtable(L, static_cast<int>(summary->lines.size()), static_cast<int>(summary->locations.size()));
  for (size_t i = 0; i < summary->lines.size(); ++i) {
    lua_pushstring(L, summary->lines[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i) + 1);
  }
  for (const auto& [loc, line] : summary->locations) {
    lua_pushstring(L, line.c_str());
    lua_setfield(L, -2, g.def().locations[loc].id.c_str());
  }
  return 1;
}

int l_side(lua_State* L) {
  const Game& g = check_game(L);
  if (g.state().pending.open()) lua_pushstring(L, g.def().sides[g.state().pending.side].id.c_str());
  else lua_pushnil(L);
  return 1;
}

int l_turn(lua_State* L) {
  lua_pushinteger(L, check_game(L).state().position.turn);
  return 1;
}

int l_phase(lua_State* L) {
  const Game& g = check_game(L);
  const auto& pos = g.state().position;
  if (pos.in_setup || pos.phase < 0) lua_pushnil(L);
  else lua_pushstring(L, g.def().sequence.phases[pos.phase].id.c_str());
  return 1;
}

int l_finished(lua_State* L) {
  lua_pushboolean(L, check_game(L).state().finished);
  return 1;
}

int l_result(lua_State* L) {
  const Game& g = check_game(L);
  if (!g.state().finished) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, g.state().result.c_str());
  if (g.state().winner >= 0) lua_pushstring(L, g.def().sides[g.state().winner].id.c_str());
  else lua_pushnil(L);
  return 2;
}

int l_dice(lua_State* L) {
  Game& g = check_game(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  ForcedInput f;
  f.dice = face_list(L, 2);
  if (auto s = g.force(f); !s.ok()) return luaL_error(L, "%s", s.error().message.c_str());
  return 0;
}

int l_draws(lua_State* L) {
  Game& g = check_game(L);
  const std::string loc = luaL_checkstring(L, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  ForcedInput f;
  f.draws.emplace_back(loc, card_names(L, 3));
  if (auto s = g.force(f); !s.ok()) return luaL_error(L, "%s", s.error().message.c_str());
  return 0;
}

int l_unused_dice(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(check_game(L).forced_left().dice.size()));
  return 1;
}

int l_track(lua_State* L) {
  const Game& g = check_game(L);
  const int t = g.def().find_track(luaL_checkstring(L, 2));
  if (t < 0) return luaL_argerror(L, 2, "no such track");
  lua_pushinteger(L, g.state().tracks[t]);
  return 1;
}

int l_var(lua_State* L) {
  const Game& g = check_game(L);
  const Value* v = g.state().vars.find(std::string_view(luaL_checkstring(L, 2)));
  if (v) push_value(L, *v);
  else lua_pushnil(L);
  return 1;
}

// g:at(loc [, side]) -> the names of the pieces at `loc`, bottom first; as
// `side` sees them when given, a piece it does not see as "hidden".
int l_at(lua_State* L) {
  Game& g = check_game(L);
  const int loc = g.def().find_location(luaL_checkstring(L, 2));
  if (loc < 0) return luaL_argerror(L, 2, "no such location");
  const int reader = opt_reader(L, 3, g);
  const auto& c = g.state().contents[loc];
  lua_createtable(L, static_cast<int>(c.size()), 0);
  for (size_t i = 0; i < c.size(); ++i) {
    if (reader >= 0 && !sees_piece(g.def(), g.state(), c[i], reader)) lua_pushliteral(L, "hidden");
    else lua_pushstring(L, g.def().types[g.state().pieces[c[i]].type].name.c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

int l_count(lua_State* L) {
  const Game& g = check_game(L);
  const int loc = g.def().find_location(luaL_checkstring(L, 2));
  if (loc < 0) return luaL_argerror(L, 2, "no such location");
  lua_pushinteger(L, static_cast<lua_Integer>(g.state().contents[loc].size()));
  return 1;
}

// g:events([side]) -> the log as {kind =, rule =, text =}: all of it for the
// referee, or the events `side` sees, in its words
int l_events(lua_State* L) {
  Game& g = check_game(L);
  const int reader = opt_reader(L, 2, g);
  const auto& ev = g.events();
  lua_createtable(L, static_cast<int>(ev.size()), 0);
  lua_Integer n = 0;
  for (const Event& e : ev) {
    if (reader >= 0 && e.visible_to != Event::kEverySide && e.visible_to != reader) continue;
    lua_createtable(L, 0, 3);
    lua_pushstring(L, event_kind_name(e.kind));
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, e.rule.c_str());
    lua_setfield(L, -2, "rule");
    lua_pushstring(L, render(e.text, g.def(), reader).c_str());
    lua_setfield(L, -2, "text");
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

// g:logged(text [, rule]) -> whether some event's text contains `text` (plain, not a pattern)
int l_logged(lua_State* L) {
  Game& g = check_game(L);
  const std::string text = luaL_checkstring(L, 2);
  const std::string rule = luaL_optstring(L, 3, "");
  for (const auto& e : g.events())
    if ((rule.empty() || e.rule == rule) && event_text(g, e).find(text) != std::string::npos) {
      lua_pushboolean(L, 1);
      return 1;
    }
  lua_pushboolean(L, 0);
  return 1;
}

int l_clear_events(lua_State* L) {
  check_game(L).clear_events();
  return 0;
}

// chooser(seed) -> a function(n) giving 1..n: the same seeded sequence in
// every run and every process, for random-play tests (the kernel's own
// generator, apart from any game's).
int l_chooser(lua_State* L) {
  const auto seed = static_cast<uint64_t>(luaL_checkinteger(L, 1));
  auto* rng = static_cast<Rng*>(lua_newuserdatauv(L, sizeof(Rng), 0));
  new (rng) Rng(seed);  // trivially destructible: no __gc needed
  lua_pushcclosure(
      L,
      [](lua_State* S) -> int {
        const lua_Integer n = luaL_checkinteger(S, 1);
        if (n < 1) return luaL_argerror(S, 1, "a positive count expected");
        auto* r = static_cast<Rng*>(lua_touserdata(S, lua_upvalueindex(1)));
        lua_pushinteger(S, static_cast<lua_Integer>(r->below(static_cast<uint64_t>(n))) + 1);
        return 1;
      },
      1);
  return 1;
}

// Options of random_play, read from its table argument.
struct RandomPlay {
  std::string scenario;
  int64_t games = 100;
  int64_t seed = 1;
  int64_t max_decisions = 10000;
  int64_t max_turn = 0;    // 0: no check
  int64_t every = 1;       // check every N decisions
  int64_t replay_every = 10;  // replay game i when i % N == 0; 0: never
  int64_t transpositions = 0;  // check the hash as identity every N decisions; 0: never
  int check = 0, at_end = 0, results = 0, sides = 0;  // stack indices, 0 when absent
};

int64_t opt_count(lua_State* L, const char* key, int64_t fallback, int64_t low) {
  lua_getfield(L, 1, key);
  const int64_t v = lua_isnil(L, -1) ? fallback : luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  if (v < low) luaL_error(L, "random_play: '%s' must be at least %d", key, static_cast<int>(low));
  return v;
}

// Leaves field `key` of the options on the stack when it has type `type`
// and returns its index; 0 (nothing pushed) when it is nil.
int opt_field(lua_State* L, const char* key, int type) {
  if (lua_getfield(L, 1, key) == LUA_TNIL) {
    lua_pop(L, 1);
    return 0;
  }
  if (lua_type(L, -1) != type)
    luaL_error(L, "random_play: '%s' must be a %s, got %s", key, lua_typename(L, type), luaL_typename(L, -1));
  return lua_gettop(L);
}

// Raises the error of a failed random game with where it happened and the log.
[[noreturn]] void random_play_failure(lua_State* L, const Game& g, uint64_t seed, int64_t decisions,
                                      const std::string& what) {
  luaL_error(L, "random_play (game seed %s, after %d decisions): %s\n  log (last events):%s",
             std::to_string(seed).c_str(), static_cast<int>(decisions), what.c_str(), log_tail(g, 15).c_str());
  __builtin_unreachable();
}

// Calls fn(g, seed, decisions); an error gains the game's seed and decision.
void call_check(lua_State* L, int fn, int box, const Game& g, uint64_t seed, int64_t decisions) {
  lua_pushvalue(L, fn);
  lua_pushvalue(L, box);
  lua_pushinteger(L, static_cast<lua_Integer>(seed));
  lua_pushinteger(L, decisions);
  if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
    std::string msg = lua_tostring(L, -1) ? lua_tostring(L, -1) : "(error object is not a string)";
    lua_pop(L, 1);
    if (sandbox_of(L).over_budget() || sandbox_of(L).over_memory()) lua_error(L);
    random_play_failure(L, g, seed, decisions, msg);
  }
}

// random_play{scenario = s [, games = 100] [, seed = 1] [, max_decisions = 10000]
//   [, results = {text = winner or false}] [, sides = {side...}] [, max_turn = n]
//   [, check = fn(g, seed, decisions)] [, every = 1] [, at_end = fn(g, seed)]
//   [, replay_every = 10]} -> {games =, decisions =, turns =, outcomes = {result = count}}
// Plays complete games choosing uniformly at random among the legal choices
// (the chooser of game i is seeded from `seed` and i, game i with seed + i - 1),
// and fails at the first rules error, dead end, unknown result, side not in
// `sides`, game past max_decisions or max_turn, or failed check. Every
// replay_every-th game is played again from its seed by its recorded choices
// and must end with the same state hash.
int l_random_play(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  RunnerContext& ctx = context_of(L);
  RandomPlay o;
  lua_getfield(L, 1, "scenario");
  if (!lua_isstring(L, -1)) return luaL_error(L, "random_play: 'scenario' is required");
  o.scenario = test_scenario(ctx, lua_tostring(L, -1));
  lua_pop(L, 1);
  o.games = opt_count(L, "games", o.games, 1);
  o.seed = opt_count(L, "seed", o.seed, 0);
  o.max_decisions = opt_count(L, "max_decisions", o.max_decisions, 1);
  o.max_turn = opt_count(L, "max_turn", o.max_turn, 0);
  o.every = opt_count(L, "every", o.every, 1);
  o.replay_every = opt_count(L, "replay_every", o.replay_every, 0);
  // transpositions = true checks at every decision, a number n at every n-th.
  if (lua_getfield(L, 1, "transpositions") == LUA_TBOOLEAN) o.transpositions = lua_toboolean(L, -1) ? 1 : 0;
  else if (!lua_isnil(L, -1)) o.transpositions = opt_count(L, "transpositions", 0, 1);
  lua_pop(L, 1);
  o.check = opt_field(L, "check", LUA_TFUNCTION);
  o.at_end = opt_field(L, "at_end", LUA_TFUNCTION);
  o.results = opt_field(L, "results", LUA_TTABLE);
  o.sides = opt_field(L, "sides", LUA_TTABLE);

  auto def = load_game(o.scenario, ctx.root);
  if (!def.ok()) return luaL_error(L, "random_play: %s", def.error().message.c_str());
  std::vector<bool> side_allowed((*def)->sides.size(), o.sides == 0);
  if (o.sides) {
    for (lua_Integer i = 1; lua_rawgeti(L, o.sides, i) != LUA_TNIL; ++i) {
      const int side = (*def)->find_side(luaL_checkstring(L, -1));
      if (side < 0) return luaL_error(L, "random_play: no such side in 'sides': '%s'", lua_tostring(L, -1));
      side_allowed[side] = true;
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  auto created = Game::create(*def);
  if (!created.ok()) return luaL_error(L, "random_play: %s", created.error().message.c_str());
  GameBox& box = push_game(L, std::move(*created));
  const int box_index = lua_gettop(L);
  Game& g = *box.game;
  ctx.last_game = &g;
  std::unique_ptr<Game> replayer;
  std::vector<int> taken;
  std::optional<IdentityCheck> identity;
  // The hook refers to this call's locals: it goes when the call ends, by
  // an error (a C++ exception in Lua built as C++) or not.
  struct HookReset {
    Game& g;
    ~HookReset() { g.set_snapshot_hook(nullptr); }
  } hook_reset{g};
  if (o.transpositions) {
    identity.emplace(*def);
    g.set_snapshot_hook([&](const State& st) { identity->snapshot(st, taken.size()); });
  }

  std::map<std::string, int64_t> outcomes;
  int64_t total_decisions = 0, total_turns = 0;
  for (int64_t i = 0; i < o.games; ++i) {
    const auto seed = static_cast<uint64_t>(o.seed + i);
    Rng chooser(derive_seed(static_cast<uint64_t>(o.seed), static_cast<uint64_t>(i)));
    // The identity check draws from its own generator: checking it or not
    // plays the same games.
    Rng probe(derive_seed(~static_cast<uint64_t>(o.seed), static_cast<uint64_t>(i)));
    taken.clear();
    g.clear_events();
    if (identity) identity->start(seed);
    if (auto st = g.start(seed); !st.ok()) random_play_failure(L, g, seed, 0, st.error().message);
    int64_t decisions = 0;
    while (!g.state().finished) {
      if (o.check && decisions % o.every == 0) call_check(L, o.check, box_index, g, seed, decisions);
      // The view function runs for the side deciding, as its player sees it.
      if (decisions % o.every == 0)
        if (auto summary = g.view_summary(g.state().pending.side); !summary.ok())
          random_play_failure(L, g, seed, decisions, summary.error().message);
      if (identity && decisions % o.transpositions == 0)
        if (auto st = identity->check(taken, probe); !st.ok())
          random_play_failure(L, g, seed, decisions, st.error().message);
      const Decision& d = g.state().pending;
      if (!side_allowed[d.side])
        random_play_failure(L, g, seed, decisions, "side '" + (*def)->sides[d.side].id + "' was asked, not one of 'sides'");
      const int choice = static_cast<int>(chooser.below(d.choices.size()));
      taken.push_back(choice);
      g.clear_events();  // only the last events are kept, for a failure's log
      if (auto st = g.act(choice); !st.ok()) random_play_failure(L, g, seed, decisions, st.error().message);
      if (++decisions > o.max_decisions)
        random_play_failure(L, g, seed, decisions,
                            "the game did not end within " + std::to_string(o.max_decisions) + " decisions");
    }
    const State& s = g.state();
    if (o.max_turn && s.position.turn > o.max_turn)
      random_play_failure(L, g, seed, decisions, "the game ended in turn " + std::to_string(s.position.turn) +
                                                    ", past max_turn " + std::to_string(o.max_turn));
    if (o.results) {
      const int t = lua_getfield(L, o.results, s.result.c_str());
      const std::string winner = s.winner >= 0 ? (*def)->sides[s.winner].id : "";
      if (t == LUA_TNIL) random_play_failure(L, g, seed, decisions, "unknown result '" + s.result + "'");
      const std::string expected = t == LUA_TSTRING ? lua_tostring(L, -1) : "";
      lua_pop(L, 1);
      if (expected != winner)
        random_play_failure(L, g, seed, decisions, "result '" + s.result + "' names winner '" + winner +
                                                      "', expected '" + expected + "'");
    }
    if (o.at_end) call_check(L, o.at_end, box_index, g, seed, decisions);
    if (o.replay_every && i % o.replay_every == 0) {
      if (!replayer) {
        auto r = Game::create(*def);
        if (!r.ok()) return luaL_error(L, "random_play: %s", r.error().message.c_str());
        replayer = std::move(*r);
        replayer->set_record_events(false);
      }
      size_t next = 0;
      replayer->set_decider([&](Game&) { return next < taken.size() ? taken[next++] : -1; });
      const Status st = replayer->start(seed);
      replayer->set_decider(nullptr);
      if (!st.ok() || !replayer->state().finished || replayer->state().hash() != s.hash())
        random_play_failure(L, g, seed, decisions,
                            "replaying the game by its recorded choices did not reach the same end" +
                                (st.ok() ? std::string() : ": " + st.error().message));
    }
    ++outcomes[s.result];
    total_decisions += decisions;
    total_turns += s.position.turn;
  }
  lua_createtable(L, 0, 4);
  lua_pushinteger(L, o.games);
  lua_setfield(L, -2, "games");
  lua_pushinteger(L, total_decisions);
  lua_setfield(L, -2, "decisions");
  lua_pushinteger(L, total_turns);
  lua_setfield(L, -2, "turns");
  lua_createtable(L, 0, static_cast<int>(outcomes.size()));
  for (const auto& [result, n] : outcomes) {
    lua_pushinteger(L, n);
    lua_setfield(L, -2, result.c_str());
  }
  lua_setfield(L, -2, "outcomes");
  return 1;
}

int l_hash(lua_State* L) {
  lua_pushstring(L, hash_hex(check_game(L).state().hash()).c_str());
  return 1;
}

// g:run(code) -> the value the code returns: runs Lua in the game's own
// sandbox (with the rules API), to build a position or inspect the state.
int l_run(lua_State* L) {
  Game& g = check_game(L);
  auto v = g.run_lua(luaL_checkstring(L, 2), "g:run");
  if (!v.ok()) return luaL_error(L, "g:run: %s", v.error().message.c_str());
  push_value(L, *v);
  return 1;
}

std::string show(lua_State* L, int idx) {
  if (lua_type(L, idx) == LUA_TSTRING) return "\"" + std::string(lua_tostring(L, idx)) + "\"";
  if (lua_type(L, idx) == LUA_TTABLE) {
    std::string s = "{";
    const auto n = luaL_len(L, idx);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, idx, i);
      s += (i > 1 ? ", " : "") + show(L, lua_gettop(L));
      lua_pop(L, 1);
    }
    return s + "}";
  }
  std::string s = luaL_tolstring(L, idx, nullptr);
  lua_pop(L, 1);
  return s;
}

bool deep_equal(lua_State* L, int a, int b) {
  a = lua_absindex(L, a);
  b = lua_absindex(L, b);
  if (lua_type(L, a) != LUA_TTABLE || lua_type(L, b) != LUA_TTABLE) return lua_rawequal(L, a, b);
  const auto n = luaL_len(L, a);
  if (n != luaL_len(L, b)) return false;
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, a, i);
    lua_rawgeti(L, b, i);
    const bool eq = deep_equal(L, -2, -1);
    lua_pop(L, 2);
    if (!eq) return false;
  }
  return true;
}

[[noreturn]] void fail_expectation(lua_State* L, const std::string& what) {
  std::string msg = what;
  RunnerContext& ctx = context_of(L);
  if (ctx.last_game) msg += "\n  log (last events):" + log_tail(*ctx.last_game, 15);
  luaL_where(L, 1);
  std::string where = lua_tostring(L, -1);
  lua_pop(L, 1);
  lua_pushstring(L, (where + msg).c_str());
  lua_error(L);
  __builtin_unreachable();
}

// expect(condition [, message])
int l_expect(lua_State* L) {
  if (!lua_toboolean(L, 1)) fail_expectation(L, std::string("expectation failed: ") + luaL_optstring(L, 2, "(no message)"));
  return 0;
}

// expect_eq(actual, expected [, message]): plain values and arrays compare by content
int l_expect_eq(lua_State* L) {
  lua_settop(L, 3);
  if (!deep_equal(L, 1, 2)) {
    std::string msg = lua_isnil(L, 3) ? "" : std::string(lua_tostring(L, 3)) + ": ";
    fail_expectation(L, msg + "expected " + show(L, 2) + ", got " + show(L, 1));
  }
  return 0;
}

// expect_error(fn, text): fn must raise an error whose message contains text
int l_expect_error(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  const std::string text = luaL_checkstring(L, 2);
  lua_pushvalue(L, 1);
  if (lua_pcall(L, 0, 0, 0) == LUA_OK) fail_expectation(L, "expected an error containing \"" + text + "\", got none");
  // A limit of the test's own call is not an error to expect: it ends the test.
  if (sandbox_of(L).limit_hit() != Sandbox::Limit::kNone) return lua_error(L);
  const std::string msg = Sandbox::error_text(L, -1);
  if (msg.find(text) == std::string::npos)
    fail_expectation(L, "expected an error containing \"" + text + "\", got: " + msg);
  return 0;
}

int l_test(lua_State* L) {
  luaL_checkstring(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_getfield(L, LUA_REGISTRYINDEX, "cardboard.tests");
  const auto n = luaL_len(L, -1);
  lua_createtable(L, 2, 0);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, 1);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, 2);
  lua_rawseti(L, -2, n + 1);
  return 0;
}

void open_test_api(lua_State* L) {
  luaL_newmetatable(L, kGameMeta);
  static const luaL_Reg methods[] = {
      {"choose", l_choose}, {"choices", l_choices}, {"choice_values", l_choice_values}, {"notes", l_notes},
      {"prompt", l_prompt}, {"side", l_side},       {"summary", l_summary},
      {"turn", l_turn},     {"phase", l_phase},     {"finished", l_finished}, {"result", l_result},
      {"dice", l_dice},     {"draws", l_draws},     {"unused_dice", l_unused_dice}, {"track", l_track},
      {"var", l_var},       {"at", l_at},           {"count", l_count},     {"events", l_events},
      {"logged", l_logged}, {"clear_events", l_clear_events}, {"hash", l_hash}, {"run", l_run},
      {nullptr, nullptr}};
  lua_newtable(L);
  luaL_setfuncs(L, methods, 0);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, l_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  lua_register(L, "test", l_test);
  lua_register(L, "new_game", l_new_game);
  lua_register(L, "chooser", l_chooser);
  lua_register(L, "random_play", l_random_play);
  lua_register(L, "expect", l_expect);
  lua_register(L, "expect_eq", l_expect_eq);
  lua_register(L, "expect_error", l_expect_error);
}

}  // namespace

Result<TestReport> run_game_tests(const std::string& game, const std::string& root, const std::string& filter,
                                  const std::function<void(const TestOutcome&)>& progress) {
  RunnerContext ctx;
  ctx.root = root;
  std::error_code ec;
  ctx.game_dir = fs::is_directory(game, ec) && fs::exists(game + "/game.toml", ec) ? game : root + "/rules/" + game;
  ctx.game_id = fs::path(ctx.game_dir).lexically_normal().filename().string();
  if (ctx.game_id.empty()) ctx.game_id = fs::path(ctx.game_dir).lexically_normal().parent_path().filename().string();
  const std::string tests_dir = ctx.game_dir + "/tests";
  if (!fs::is_directory(tests_dir, ec)) return rejected("no tests for game '" + game + "': expected " + tests_dir + "/*.lua");
  std::vector<std::string> files;
  for (auto e = fs::directory_iterator(tests_dir, ec); !ec && e != fs::directory_iterator(); e.increment(ec))
    if (e->path().extension() == ".lua") files.push_back(e->path().filename().string());
  std::sort(files.begin(), files.end());

  // A mod's tests may require its bases' test helpers: search the game's
  // folders, then each base's, nearest first.
  std::vector<std::string> search_dirs = {tests_dir, ctx.game_dir};
  for (std::string dir = ctx.game_dir; search_dirs.size() < 32;) {
    auto parsed = parse_toml_file(dir + "/game.toml");
    if (!parsed.ok()) break;
    const std::string base = (*parsed)["game"]["extends"].value_or(std::string());
    if (base.empty()) break;
    dir = base.find('/') != std::string::npos ? (fs::path(dir) / base).lexically_normal().string()
                                              : root + "/rules/" + base;
    search_dirs.push_back(dir + "/tests");
    search_dirs.push_back(dir);
  }

  TestReport report;
  for (const auto& file : files) {
    Sandbox sb(search_dirs);
    sb.set_host(&ctx);
    lua_State* L = sb.L();
    open_test_api(L);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "cardboard.tests");
    auto loaded = sb.run_file(file);
    if (!loaded.ok()) {
      TestOutcome o{file, "(loading the file)", false, loaded.error().message};
      ++report.failed;
      progress(o);
      report.outcomes.push_back(o);
      continue;
    }
    lua_getfield(L, LUA_REGISTRYINDEX, "cardboard.tests");
    const auto n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      lua_rawgeti(L, -1, 1);
      TestOutcome o{file, lua_tostring(L, -1), true, ""};
      lua_pop(L, 1);
      if (!filter.empty() && (file + ": " + o.name).find(filter) == std::string::npos) {
        lua_pop(L, 1);
        continue;
      }
      lua_rawgeti(L, -1, 2);
      lua_remove(L, -2);
      ctx.last_game = nullptr;
      lua_pushcfunction(L, &Sandbox::message_handler);
      lua_insert(L, -2);
      int status;
      {
        const Sandbox::Run run(sb, L);
        status = lua_pcall(L, 0, 0, -2);
      }
      if (status != LUA_OK) {
        o.passed = false;
        o.message = sb.describe_failure(Sandbox::error_text(L, -1));
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
      ctx.last_game = nullptr;
      lua_gc(L, LUA_GCCOLLECT);  // close the games this test started
      (o.passed ? report.passed : report.failed)++;
      progress(o);
      report.outcomes.push_back(std::move(o));
    }
    lua_pop(L, 1);
  }
  return report;
}

}  // namespace cardboard
