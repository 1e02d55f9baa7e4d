#include "script/test_globals.h"

#include <mutex>
#include <utility>
#include <vector>

namespace cardboard {

namespace {

struct TestGlobals {
  std::mutex mutex;
  std::vector<std::pair<const char*, lua_CFunction>> functions;
};

TestGlobals& test_globals() {
  static TestGlobals g;
  return g;
}

}  // namespace

void add_test_global(const char* name, lua_CFunction f) {
  TestGlobals& g = test_globals();
  const std::lock_guard lock(g.mutex);
  g.functions.emplace_back(name, f);
}

void open_test_globals(lua_State* L) {
  TestGlobals& g = test_globals();
  const std::lock_guard lock(g.mutex);
  for (const auto& [name, f] : g.functions) lua_register(L, name, f);
}

}  // namespace cardboard
