#include "authoring/global_check.h"

#include <algorithm>
#include <tuple>

#include "core/game_def.h"
#include "data/toml_file.h"
#include "script/bytecode.h"
#include "script/game.h"

namespace cardboard {

using namespace bytecode;

namespace {

struct Walk {
  const std::string& file;
  const std::set<std::string>& declared;
  std::vector<GlobalProblem>& out;

  void function(const Proto& f, int parent_env, const std::string& name, const std::string& enclosing) {
    const int env = env_upvalue(f, parent_env, false);
    std::vector<Access> accesses;
    std::vector<std::string> names;
    scan(f, env, accesses, names);
    std::string where = !name.empty() ? "function '" + name + "'"
                                      : "a function at line " + std::to_string(f.linedefined) +
                                            (enclosing.empty() ? "" : " in '" + enclosing + "'");
    for (const auto& a : accesses) {
      if (declared.count(a.name)) continue;
      GlobalProblem p;
      p.file = file;
      p.line = line_of(f, a.pc);
      p.name = a.name;
      p.kind = a.write ? GlobalProblem::Kind::kAssignment : GlobalProblem::Kind::kUse;
      p.function = name;
      p.where = where;
      out.push_back(std::move(p));
    }
    for (size_t i = 0; i < f.protos.size(); ++i)
      function(f.protos[i], env, names[i], name.empty() ? enclosing : name);
  }
};

bool before(const GlobalProblem& x, const GlobalProblem& y) {
  return std::tie(x.line, x.kind, x.name) < std::tie(y.line, y.kind, y.name);
}


}  // namespace

std::set<std::string> declared_globals(const std::vector<std::string>& files) {
  std::set<std::string> out;
  for (const auto& file : files) {
    Proto main;
    if (!compile(file, main)) continue;
    std::vector<Access> accesses;
    std::vector<std::string> names;
    scan(main, env_upvalue(main, -1, true), accesses, names);
    for (const auto& a : accesses)
      if (a.write && !a.nil_value) out.insert(a.name);
  }
  return out;
}

std::vector<GlobalProblem> check_globals(const std::vector<std::string>& files,
                                         const std::set<std::string>& predeclared) {
  std::set<std::string> declared = declared_globals(files);
  declared.insert(predeclared.begin(), predeclared.end());
  const std::vector<std::string> options(declared.begin(), declared.end());
  std::vector<GlobalProblem> out;
  for (const auto& file : files) {
    Proto main;
    if (!compile(file, main)) continue;
    std::vector<GlobalProblem> found;
    Walk walk{file, declared, found};
    // The main chunk runs before the globals are frozen: only its functions are checked.
    const int env = env_upvalue(main, -1, true);
    std::vector<Access> accesses;
    std::vector<std::string> names;
    scan(main, env, accesses, names);
    for (size_t i = 0; i < main.protos.size(); ++i) walk.function(main.protos[i], env, names[i], "");
    std::stable_sort(found.begin(), found.end(), before);
    // One problem per line and name: `n = n + 1` is reported as the assignment.
    std::vector<GlobalProblem> kept;
    for (auto& p : found) {
      const bool dup = std::any_of(kept.begin(), kept.end(), [&](const GlobalProblem& q) {
        return q.line == p.line && q.name == p.name;
      });
      if (dup) continue;
      if (p.kind == GlobalProblem::Kind::kUse && p.name.size() >= 3) p.suggestion = closest(p.name, options);
      kept.push_back(std::move(p));
    }
    out.insert(out.end(), kept.begin(), kept.end());
  }
  return out;
}

std::vector<std::string> rules_files(const GameDef& def) {
  if (!def.script_paths.empty()) return def.script_paths;
  std::vector<std::string> out;
  for (const auto& s : def.scripts) out.push_back(def.dir + "/" + s);
  return out;
}

namespace {

std::set<std::string> global_names(Game& game) { return game.rules_globals(); }

}  // namespace

std::set<std::string> predeclared_globals(const GameDef& def, Game* loaded) {
  // The same game with no rules: nothing names a Lua function any more.
  auto bare = std::make_shared<GameDef>(def);
  bare->scripts.clear();
  bare->script_paths.clear();
  bare->script_code.clear();
  bare->sequence.setup.clear();
  bare->sequence.at_end.clear();
  bare->setup_script.clear();
  bare->view.summary.clear();
  for (auto& phase : bare->sequence.phases)
    for (auto& step : phase.steps) step.run.clear();
  std::set<std::string> out;
  if (auto kernel = Game::create(bare); kernel.ok()) out = global_names(**kernel);
  if (loaded) out.merge(global_names(*loaded));
  return out;
}

std::vector<GlobalProblem> check_game_globals(const GameDef& def, Game* loaded) {
  return check_globals(rules_files(def), predeclared_globals(def, loaded));
}

std::string describe(const GlobalProblem& p) {
  std::string s = p.file + ":" + std::to_string(p.line) + ": ";
  if (p.kind == GlobalProblem::Kind::kAssignment)
    return s + "assignment to undeclared global '" + p.name + "' (inside " + p.where +
           "): declare it with 'local', or keep game state in vars";
  s += "use of undeclared global '" + p.name + "' (inside " + p.where + ")";
  if (!p.suggestion.empty()) s += ": did you mean '" + p.suggestion + "'?";
  return s;
}

}  // namespace cardboard
