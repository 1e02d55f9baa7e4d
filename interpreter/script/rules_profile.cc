#include "script/rules_profile.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <set>

namespace cardboard::rules_profile {

namespace {

struct Counts {
  int64_t samples = 0;
  std::map<std::string, Entry> functions;
  std::map<std::string, int64_t> lines;
};

std::atomic<bool> g_on{false};
std::mutex g_mutex;
Counts g_counts;

// Deep recursion is cut: the top of the stack is what a profile is for.
constexpr int kMaxLevels = 64;

// The file of a chunk: its whole name (short_src cuts long paths).
std::string file_of(const lua_Debug& ar) {
  return ar.source[0] == '@' || ar.source[0] == '=' ? std::string(ar.source + 1) : std::string(ar.short_src);
}

std::string function_key(const lua_Debug& ar) {
  std::string key = file_of(ar) + ":" + std::to_string(ar.linedefined);
  if (ar.name) key += std::string(" ") + ar.name;
  return key;
}

std::vector<Entry> sorted(std::vector<Entry> v, int64_t Entry::*by) {
  std::stable_sort(v.begin(), v.end(), [by](const Entry& a, const Entry& b) { return a.*by > b.*by; });
  return v;
}

}  // namespace

void start() {
  std::lock_guard lock(g_mutex);
  g_counts = {};
  g_on = true;
}

void stop() { g_on = false; }

bool on() { return g_on.load(std::memory_order_relaxed); }

void sample(lua_State* L) {
  // Collected outside the lock: lua_getinfo allocates nothing but may be slow.
  std::vector<std::string> stack;
  std::string line;
  lua_Debug ar;
  for (int level = 0; level < kMaxLevels && lua_getstack(L, level, &ar); ++level) {
    if (!lua_getinfo(L, "Sln", &ar) || ar.what[0] == 'C') continue;
    if (line.empty()) line = file_of(ar) + ":" + std::to_string(ar.currentline);
    stack.push_back(function_key(ar));
  }
  if (stack.empty()) return;
  std::lock_guard lock(g_mutex);
  ++g_counts.samples;
  ++g_counts.lines[line];
  std::set<std::string> seen;  // a recursive function counts once a sample
  for (size_t i = 0; i < stack.size(); ++i) {
    Entry& e = g_counts.functions[stack[i]];
    e.where = stack[i];
    if (i == 0) ++e.self;
    if (seen.insert(stack[i]).second) ++e.total;
  }
}

Report report() {
  std::lock_guard lock(g_mutex);
  Report r;
  r.samples = g_counts.samples;
  std::vector<Entry> functions;
  for (const auto& [key, e] : g_counts.functions) functions.push_back(e);
  r.functions = sorted(std::move(functions), &Entry::total);
  std::vector<Entry> lines;
  for (const auto& [key, n] : g_counts.lines) lines.push_back({key, n, 0});
  r.lines = sorted(std::move(lines), &Entry::self);
  return r;
}

void print(std::FILE* out, const Report& r, int top, const std::string& root) {
  const std::string prefix = root.empty() || root.back() == '/' ? root : root + "/";
  // Relative, and with no control character a folder's name could carry to
  // the terminal.
  auto relative = [&](const std::string& where) {
    std::string s = !prefix.empty() && where.rfind(prefix, 0) == 0 ? where.substr(prefix.size()) : where;
    for (char& c : s)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return s;
  };
  const double n = static_cast<double>(std::max<int64_t>(r.samples, 1));
  std::fprintf(out, "rules profile: %lld samples, one every %d Lua instructions\n", static_cast<long long>(r.samples),
               kEvery);
  std::fprintf(out, "  total%%   self%%  function (with its callees; file:line where it is defined)\n");
  for (size_t i = 0; i < r.functions.size() && i < static_cast<size_t>(top); ++i)
    std::fprintf(out, "  %6.2f  %6.2f  %s\n", 100.0 * static_cast<double>(r.functions[i].total) / n,
                 100.0 * static_cast<double>(r.functions[i].self) / n, relative(r.functions[i].where).c_str());
  std::fprintf(out, "   self%%  line\n");
  for (size_t i = 0; i < r.lines.size() && i < static_cast<size_t>(top); ++i)
    std::fprintf(out, "  %6.2f  %s\n", 100.0 * static_cast<double>(r.lines[i].self) / n,
                 relative(r.lines[i].where).c_str());
}

}  // namespace cardboard::rules_profile
