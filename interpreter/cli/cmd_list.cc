// cardboard list: the games and scenarios under the project root.
#include <cstdio>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "data/game_loader.h"
#include "session/json_text.h"
#include "session/view_format.h"

namespace cardboard {

void add_list_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("list", "list the games and their scenarios, with titles");
  static bool json = false;
  cmd->add_flag("--json", json, "print JSON: [{game, game_title, scenario, title}]");
  cmd->callback([&code] {
    const auto entries = list_catalog(project_root());
    if (json) {
      nlohmann::json j = nlohmann::json::array();
      for (const auto& e : entries)
        j.push_back({{"game", e.game}, {"game_title", e.game_title}, {"scenario", e.scenario}, {"title", e.scenario_title}});
      std::printf("%s\n", json_text(j, 2).c_str());
    } else {
      std::string game;
      for (const auto& e : entries) {
        if (e.game != game) std::printf("%s%s\n", game.empty() ? "" : "\n", terminal_text(e.game_title).c_str());
        game = e.game;
        std::printf("  %-32s %s\n", e.scenario.c_str(), terminal_text(e.scenario_title).c_str());
      }
      if (entries.empty()) std::printf("no games under %s/scenarios\n", project_root().c_str());
    }
    code = 0;
  });
}

}  // namespace cardboard
