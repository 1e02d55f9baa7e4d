#include "script/test_runner.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <new>

#include "core/bytes.h"
#include "core/rng.h"
#include "data/game_loader.h"
#include "data/toml_file.h"
#include "script/game.h"
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

std::string log_tail(const Game& g, size_t n) {
  const auto& ev = const_cast<Game&>(g).events();
  std::string out;
  const size_t from = ev.size() > n ? ev.size() - n : 0;
  for (size_t i = from; i < ev.size(); ++i) {
    out += "\n    ";
    if (!ev[i].rule.empty()) out += "[" + ev[i].rule + "] ";
    out += ev[i].text;
  }
  return out;
}

Status push_forced(lua_State* L, Game& g, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_getfield(L, idx, "dice") == LUA_TTABLE) {
    const auto n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      g.forced_dice().push(static_cast<int>(luaL_checkinteger(L, -1)));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  if (lua_getfield(L, idx, "draws") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      const std::string loc = luaL_checkstring(L, -2);
      std::vector<std::string> names;
      const auto n = luaL_len(L, -1);
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, -1, i);
        names.emplace_back(luaL_checkstring(L, -1));
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
      CB_TRY(g.force_draws(loc, names));
    }
  }
  lua_pop(L, 1);
  return ok_status();
}

// new_game{scenario = "name" or "GAME/SCENARIO" [, seed = n] [, dice = {...}] [, draws = {loc = {...}}]}
int l_new_game(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  RunnerContext& ctx = context_of(L);
  lua_getfield(L, 1, "scenario");
  std::string scenario = luaL_optstring(L, -1, "");
  lua_pop(L, 1);
  if (scenario.empty()) return luaL_error(L, "new_game: 'scenario' is required");
  if (scenario.find('/') == std::string::npos && scenario.find(".toml") == std::string::npos) {
    scenario = ctx.game_id + "/" + scenario;
  } else if (scenario.find(".toml") != std::string::npos && fs::path(scenario).is_relative()) {
    // A scenario file of the tests: relative to the tests folder, else to the project root.
    for (const auto& base : {ctx.game_dir + "/tests", ctx.root})
      if (fs::exists(base + "/" + scenario)) {
        scenario = base + "/" + scenario;
        break;
      }
  }
  lua_getfield(L, 1, "seed");
  const auto seed = static_cast<uint64_t>(luaL_optinteger(L, -1, 1));
  lua_pop(L, 1);
  auto def = load_game(scenario, ctx.root);
  if (!def.ok()) return luaL_error(L, "new_game: %s", def.error().message.c_str());
  auto game = Game::create(*def);
  if (!game.ok()) return luaL_error(L, "new_game: %s", game.error().message.c_str());
  if (auto s = push_forced(L, **game, 1); !s.ok()) return luaL_error(L, "new_game: %s", s.error().message.c_str());
  auto* box = static_cast<GameBox*>(lua_newuserdatauv(L, sizeof(GameBox), 0));
  new (box) GameBox{std::move(*game)};
  luaL_setmetatable(L, kGameMeta);
  ctx.last_game = box->game.get();
  if (auto s = box->game->start(seed); !s.ok())
    return luaL_error(L, "new_game: %s%s", s.error().message.c_str(), log_tail(*box->game, 12).c_str());
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
  if (!index.ok()) return luaL_error(L, "%s (prompt: %s)", index.error().message.c_str(), g.state().pending.prompt.c_str());
  if (auto s = g.act(*index); !s.ok()) return luaL_error(L, "%s%s", s.error().message.c_str(), log_tail(g, 12).c_str());
  return 0;
}

int l_choices(lua_State* L) {
  const auto& ch = check_game(L).state().pending.choices;
  lua_createtable(L, static_cast<int>(ch.size()), 0);
  for (size_t i = 0; i < ch.size(); ++i) {
    lua_pushstring(L, ch[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

int l_prompt(lua_State* L) {
  const Game& g = check_game(L);
  if (g.state().pending.open()) lua_pushstring(L, g.state().pending.prompt.c_str());
  else lua_pushnil(L);
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
  const auto n = luaL_len(L, 2);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 2, i);
    g.forced_dice().push(static_cast<int>(luaL_checkinteger(L, -1)));
    lua_pop(L, 1);
  }
  return 0;
}

int l_draws(lua_State* L) {
  Game& g = check_game(L);
  const std::string loc = luaL_checkstring(L, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  std::vector<std::string> names;
  const auto n = luaL_len(L, 3);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 3, i);
    names.emplace_back(luaL_checkstring(L, -1));
    lua_pop(L, 1);
  }
  if (auto s = g.force_draws(loc, names); !s.ok()) return luaL_error(L, "%s", s.error().message.c_str());
  return 0;
}

int l_unused_dice(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(check_game(L).forced_dice().size()));
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

int l_at(lua_State* L) {
  const Game& g = check_game(L);
  const int loc = g.def().find_location(luaL_checkstring(L, 2));
  if (loc < 0) return luaL_argerror(L, 2, "no such location");
  const auto& c = g.state().contents[loc];
  lua_createtable(L, static_cast<int>(c.size()), 0);
  for (size_t i = 0; i < c.size(); ++i) {
    lua_pushstring(L, g.def().types[g.state().pieces[c[i]].type].name.c_str());
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

int l_events(lua_State* L) {
  Game& g = check_game(L);
  const auto& ev = g.events();
  lua_createtable(L, static_cast<int>(ev.size()), 0);
  for (size_t i = 0; i < ev.size(); ++i) {
    lua_createtable(L, 0, 3);
    lua_pushstring(L, event_kind_name(ev[i].kind));
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, ev[i].rule.c_str());
    lua_setfield(L, -2, "rule");
    lua_pushstring(L, ev[i].text.c_str());
    lua_setfield(L, -2, "text");
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// g:logged(text [, rule]) -> whether some event's text contains `text` (plain, not a pattern)
int l_logged(lua_State* L) {
  Game& g = check_game(L);
  const std::string text = luaL_checkstring(L, 2);
  const std::string rule = luaL_optstring(L, 3, "");
  for (const auto& e : g.events())
    if (e.text.find(text) != std::string::npos && (rule.empty() || e.rule == rule)) {
      lua_pushboolean(L, 1);
      return 1;
    }
  lua_pushboolean(L, 0);
  return 1;
}

int l_clear_events(lua_State* L) {
  check_game(L).events().clear();
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

int l_hash(lua_State* L) {
  lua_pushstring(L, hash_hex(check_game(L).state().hash()).c_str());
  return 1;
}

// g:run(code) -> the value the code returns: runs Lua in the game's own
// sandbox (with the rules API), to build a position or inspect the state.
int l_run(lua_State* L) {
  Game& g = check_game(L);
  size_t len = 0;
  const char* code = luaL_checklstring(L, 2, &len);
  lua_State* G = g.sandbox().L();
  const Sandbox::Run run(g.sandbox(), G);
  if (luaL_loadbufferx(G, code, len, "=g:run", "t") != LUA_OK || lua_pcall(G, 0, 1, 0) != LUA_OK) {
    std::string msg = g.sandbox().describe_failure(Sandbox::error_text(G, -1));
    lua_pop(G, 1);
    return luaL_error(L, "g:run: %s", msg.c_str());
  }
  Value v;
  {
    // check_value raises on the game's state; catch it there, not here.
    lua_pushcfunction(G, [](lua_State* S) -> int {
      auto* out = static_cast<Value*>(lua_touserdata(S, 2));
      *out = check_value(S, 1);
      return 0;
    });
    lua_insert(G, -2);
    lua_pushlightuserdata(G, &v);
    if (lua_pcall(G, 2, 0, 0) != LUA_OK) {
      std::string msg = Sandbox::error_text(G, -1);
      lua_pop(G, 1);
      return luaL_error(L, "g:run: %s", msg.c_str());
    }
  }
  push_value(L, v);
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
      {"choose", l_choose}, {"choices", l_choices}, {"prompt", l_prompt},   {"side", l_side},
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
  lua_register(L, "expect", l_expect);
  lua_register(L, "expect_eq", l_expect_eq);
  lua_register(L, "expect_error", l_expect_error);
}

}  // namespace

Result<TestReport> run_game_tests(const std::string& game, const std::string& root, const std::string& filter,
                                  const std::function<void(const TestOutcome&)>& progress) {
  RunnerContext ctx;
  ctx.root = root;
  ctx.game_dir = fs::is_directory(game) && fs::exists(game + "/game.toml") ? game : root + "/rules/" + game;
  ctx.game_id = fs::path(ctx.game_dir).lexically_normal().filename().string();
  if (ctx.game_id.empty()) ctx.game_id = fs::path(ctx.game_dir).lexically_normal().parent_path().filename().string();
  const std::string tests_dir = ctx.game_dir + "/tests";
  if (!fs::is_directory(tests_dir)) return rejected("no tests for game '" + game + "': expected " + tests_dir + "/*.lua");
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(tests_dir))
    if (e.path().extension() == ".lua") files.push_back(e.path().filename().string());
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
