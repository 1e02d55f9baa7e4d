// Keeps the reference docs from falling behind the kernel: every Lua name a
// game's sandbox really has (walked at run time on the race fixture, and on
// the combat fixture for the kit's modules), every function of the test
// API, and every TOML key the game, map and kit loaders check must appear
// in docs/lua-api.md, docs/toml.md, docs/maps.md or docs/kit.md. A failure
// names the missing entries.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <lua.hpp>

#include "script/lua_api.h"
#include "script/runtime.h"
#include "script/proxy.h"
#include "support.h"

namespace {

std::string read_source(const std::string& relative) {
  const std::string path = std::string(CARDBOARD_SOURCE_ROOT) + "/" + relative;
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path);
  REQUIRE(in.good());
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Whether the docs name `name` as a code span: `name`, `name (...)` or `name {...}`.
bool documented(const std::string& docs, const std::string& name) {
  for (const char* after : {"`", " (", " {", " ="})
    if (docs.find("`" + name + after) != std::string::npos) return true;
  return false;
}

std::string join(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// The global names of a plain Lua state with every standard library.
std::set<std::string> plain_lua_globals() {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  std::set<std::string> out;
  lua_pushglobaltable(L);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING) out.insert(lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  lua_close(L);
  return out;
}

// The names of the C functions in the table at the top of the stack.
std::vector<std::string> c_functions_of_table(lua_State* L) {
  std::vector<std::string> out;
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_iscfunction(L, -1)) out.push_back(lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  return out;
}

}  // namespace

TEST_CASE("docs: every Lua name the kernel registers is in docs/lua-api.md", "[docs]") {
  const std::string docs = read_source("docs/lua-api.md");
  // The Lua API opened on a sandbox of its own, as a game opens it.
  auto def = cardboard::testing::load_fixture("race", "short");
  cardboard::Runtime runtime(def);
  cardboard::Sandbox sandbox({});
  sandbox.set_host(&runtime);
  cardboard::open_lua_api(sandbox.L());
  lua_State* L = sandbox.L();
  const std::set<std::string> plain = plain_lua_globals();

  // Walk the globals' values raw (the frozen global table is empty, and
  // raises on unknown names).
  std::vector<std::string> names;
  std::vector<std::string> modules;
  lua_pushglobaltable(L);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      const std::string name = lua_tostring(L, -2);
      // The kernel's own: C functions and tables a plain Lua does not have
      // (the rules' own functions are Lua functions).
      if (!plain.count(name) && (lua_iscfunction(L, -1) || lua_istable(L, -1))) {
        names.push_back(name);
        if (lua_istable(L, -1)) modules.push_back(name);
      }
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  // The modules' functions, and math's two that belong to the game.
  for (const auto& m : modules) {
    lua_getglobal(L, m.c_str());
    cardboard::push_raw_view(L, -1);  // a frozen module's contents
    for (const auto& f : c_functions_of_table(L)) names.push_back(m + "." + f);
    lua_pop(L, 2);
  }
  names.push_back("math.random");
  names.push_back("math.randomseed");
  // The sandbox's replacements of standard functions.
  for (const char* replaced : {"pairs", "next", "require", "print", "pcall", "xpcall", "setmetatable", "getmetatable",
                               "rawget", "rawset", "rawlen", "string.find", "string.match", "string.gmatch",
                               "string.gsub"})
    names.push_back(replaced);

  // The kernel must register what the brief names, so the walk cannot pass empty.
  for (const char* expected : {"roll", "pick", "ask", "log", "pieces.move", "pieces.at", "deck.draw", "cup.draw",
                               "track.add", "game.finish", "map.path", "vars", "tables"}) {
    INFO(expected);
    CHECK(std::find(names.begin(), names.end(), expected) != names.end());
  }

  std::vector<std::string> missing;
  for (const auto& n : names)
    if (!documented(docs, n)) missing.push_back(n);
  std::sort(missing.begin(), missing.end());
  INFO("docs/lua-api.md does not document: " << join(missing));
  CHECK(missing.empty());

  // What plain Lua has and the sandbox removes must be said too.
  std::vector<std::string> removed;
  for (const auto& n : plain) {
    lua_pushglobaltable(L);
    lua_pushstring(L, n.c_str());
    const bool present = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    if (!present && !documented(docs, n)) removed.push_back(n);
  }
  INFO("docs/lua-api.md does not say the sandbox removes: " << join(removed));
  CHECK(removed.empty());
}

TEST_CASE("docs: every function of the kit's Lua modules is in docs/lua-api.md", "[docs]") {
  // A kit game's sandbox with its rules loaded: the kernel's functions and
  // the kit's Lua procedures (kit/lua/*.lua) alike.
  const std::string docs = read_source("docs/lua-api.md");
  auto game = cardboard::testing::make_game(cardboard::testing::load_fixture("combat", "front"));
  lua_State* L = game->sandbox().L();
  std::vector<std::string> names;
  for (const char* module : {"combat", "kit", "fog", "stacking"}) {
    lua_getglobal(L, module);
    REQUIRE(lua_istable(L, -1));
    cardboard::push_raw_view(L, -1);  // the frozen module's contents
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_isfunction(L, -1))
        names.push_back(std::string(module) + "." + lua_tostring(L, -2));
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
  }
  for (const char* expected : {"combat.column", "combat.lookup", "combat.result", "combat.strength",
                               "combat.resolve", "combat.apply", "combat.reduce", "combat.retreat_rules",
                               "kit.move_one", "kit.retreat", "kit.advance"}) {
    INFO(expected);
    CHECK(std::find(names.begin(), names.end(), expected) != names.end());
  }
  std::vector<std::string> missing;
  for (const auto& n : names)
    if (!documented(docs, n)) missing.push_back(n);
  std::sort(missing.begin(), missing.end());
  INFO("docs/lua-api.md does not document: " << join(missing));
  CHECK(missing.empty());
}

TEST_CASE("docs: every function of the test API is in docs/lua-api.md", "[docs]") {
  const std::string docs = read_source("docs/lua-api.md");
  const std::string src = read_source("interpreter/authoring/test_runner.cc");
  std::vector<std::string> names;
  static const std::regex global_re(R"re(lua_register\(L,\s*"(\w+)")re");
  for (auto it = std::sregex_iterator(src.begin(), src.end(), global_re); it != std::sregex_iterator(); ++it)
    names.push_back((*it)[1]);
  static const std::regex method_re(R"re(\{"(\w+)",\s*l_\w+\})re");
  for (auto it = std::sregex_iterator(src.begin(), src.end(), method_re); it != std::sregex_iterator(); ++it)
    names.push_back("g:" + (*it)[1].str());
  REQUIRE(names.size() > 20);
  std::vector<std::string> missing;
  for (const auto& n : names)
    if (!documented(docs, n) && docs.find("`" + n + " ()") == std::string::npos) missing.push_back(n);
  INFO("docs/lua-api.md does not document the test API's: " << join(missing));
  CHECK(missing.empty());
}

// The keys a loader source accepts: its check_keys lists, and the keys it
// reads one by one (piece types accept any key, so they have no list).
std::set<std::string> accepted_keys(const std::string& src, int& lists) {
  std::set<std::string> keys;
  static const std::regex list_re(R"re(check_keys\([^{]*\{([^}]*)\})re");
  static const std::regex str_re(R"re("(\w+)")re");
  lists = 0;
  for (auto it = std::sregex_iterator(src.begin(), src.end(), list_re); it != std::sregex_iterator(); ++it) {
    ++lists;
    const std::string list = (*it)[1];
    for (auto s = std::sregex_iterator(list.begin(), list.end(), str_re); s != std::sregex_iterator(); ++s)
      keys.insert((*s)[1]);
  }
  static const std::regex get_re(R"re(get_(?:string|int)\([^,()]+,\s*[^,()]+,\s*"(\w+)")re");
  for (auto it = std::sregex_iterator(src.begin(), src.end(), get_re); it != std::sregex_iterator(); ++it)
    keys.insert((*it)[1]);
  return keys;
}

TEST_CASE("docs: every TOML key the loaders accept is in docs/toml.md, docs/maps.md or docs/kit.md", "[docs]") {
  struct Reference {
    const char* source;
    const char* doc;
    int min_lists;
  };
  for (const Reference& r : {Reference{"interpreter/data/game_loader.cc", "docs/toml.md", 10},
                             Reference{"interpreter/data/position_loader.cc", "docs/toml.md", 2},
                             Reference{"interpreter/data/map_file.cc", "docs/maps.md", 4},
                             Reference{"interpreter/data/movement_loader.cc", "docs/kit.md", 4},
                             Reference{"interpreter/data/combat_loader.cc", "docs/kit.md", 4},
                             Reference{"interpreter/data/supply_loader.cc", "docs/kit.md", 1},
                             Reference{"interpreter/data/sight_loader.cc", "docs/kit.md", 1},

                             Reference{"interpreter/data/retreat_loader.cc", "docs/kit.md", 2},
                             Reference{"interpreter/data/graphics_loader.cc", "docs/graphics.md", 3}}) {
    const std::string docs = read_source(r.doc);
    int lists = 0;
    const std::set<std::string> keys = accepted_keys(read_source(r.source), lists);
    REQUIRE(lists >= r.min_lists);
    std::vector<std::string> missing;
    for (const auto& k : keys)
      if (docs.find("`" + k + "`") == std::string::npos) missing.push_back(k);
    INFO(r.doc << " does not document the keys of " << r.source << ": " << join(missing));
    CHECK(missing.empty());
  }
}
