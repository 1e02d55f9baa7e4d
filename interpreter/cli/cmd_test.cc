// cardboard test: runs a game's own scripted tests (rules/GAME/tests/*.lua).
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "authoring/test_runner.h"
#include "cli/commands.h"
#include "data/game_loader.h"
#include "session/json_text.h"
#include "session/view_format.h"

namespace cardboard {

void add_test_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("test", "run a game's scripted tests (rules/GAME/tests/*.lua)");
  struct Args {
    std::string game, filter;
    bool json = false, quiet = false;
  };
  static Args a;
  cmd->add_option("game", a.game, "a game id (a folder of rules/) or the path of a game folder")->required();
  cmd->add_option("--filter,-f", a.filter, "run only the tests whose \"file: name\" contains this text");
  cmd->add_flag("--json", a.json, "print JSON: {passed, failed, tests: [{file, name, passed, message}]}");
  cmd->add_flag("--quiet,-q", a.quiet, "print failures and the summary only");
  cmd->callback([&code] {
    // A game given by its folder is tested in the project it lies in.
    std::string root = project_root();
    std::error_code ec;
    if (std::filesystem::is_regular_file(a.game + "/game.toml", ec)) {
      if (const std::string tree = root_of(a.game); !tree.empty()) root = tree;
      note_project(a.game);
    }
    auto report_or = run_game_tests(a.game, root, a.filter, [](const TestOutcome& o) {
      if (a.json) return;
      if (!o.passed)
        std::printf("FAIL %s: %s\n  %s\n", o.file.c_str(), terminal_text(o.name).c_str(), terminal_text(o.message).c_str());
      else if (!a.quiet) std::printf("ok   %s: %s\n", o.file.c_str(), terminal_text(o.name).c_str());
      std::fflush(stdout);
    });
    if (!report_or.ok()) return void(code = report(report_or.error()));
    const TestReport& r = *report_or;
    if (a.json) {
      nlohmann::json tests = nlohmann::json::array();
      for (const auto& o : r.outcomes)
        tests.push_back({{"file", o.file}, {"name", o.name}, {"passed", o.passed}, {"message", o.message}});
      std::printf("%s\n", json_text({{"passed", r.passed}, {"failed", r.failed}, {"tests", tests}}, 2).c_str());
    } else {
      std::printf("%d passed, %d failed\n", r.passed, r.failed);
    }
    code = r.failed ? 2 : (r.passed == 0 ? 2 : 0);
  });
}

}  // namespace cardboard
