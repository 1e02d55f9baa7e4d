// cardboard init NAME: writes a new game's skeleton under the project root
// (rules/NAME/game.toml, NAME.lua, README.md, tests/NAME_test.lua and
// scenarios/NAME/basic.toml) from init_templates.h. It refuses to overwrite:
// when any of the files exists it writes none of them.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.h"
#include "cli/init_templates.h"
#include "data/game_loader.h"

namespace fs = std::filesystem;

namespace cardboard {

namespace {

bool valid_game_id(const std::string& name) {
  static const std::regex id_re("[a-z][a-z0-9_]*");
  return name.size() <= 64 && std::regex_match(name, id_re);
}

// "my_game" -> "My game"
std::string title_of(const std::string& id) {
  std::string t = id;
  for (char& c : t)
    if (c == '_') c = ' ';
  t[0] = static_cast<char>(t[0] - 'a' + 'A');
  return t;
}

std::string fill(std::string text, const std::string& name, const std::string& title) {
  for (const auto& [key, value] : {std::pair<std::string, std::string>{"@NAME@", name}, {"@TITLE@", title}})
    for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
      text.replace(at, key.size(), value);
  return text;
}

}  // namespace

void add_init_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("init", "write a new game's skeleton: rules, README, tests and a scenario");
  struct Args {
    std::string name, root;
  };
  static Args a;
  cmd->add_option("name", a.name, "the new game's id: a lowercase letter, then letters, digits or _")->required();
  cmd->add_option("--root", a.root, "the project root to write under (default: $CARDBOARD_ROOT or the project)");
  cmd->callback([&code] {
    if (!valid_game_id(a.name)) {
      std::fprintf(stderr,
                   "cardboard: bad game name '%s': use a lowercase letter, then lowercase letters, digits or _ "
                   "(for example: my_game)\n",
                   a.name.c_str());
      return void(code = exit_code(ErrorKind::kUsage));
    }
    const std::string root = a.root.empty() ? project_root() : a.root;
    const std::string& n = a.name;
    const std::vector<std::pair<std::string, const char*>> files = {
        {"rules/" + n + "/game.toml", init_templates::kGameToml},
        {"rules/" + n + "/" + n + ".lua", init_templates::kRulesLua},
        {"rules/" + n + "/README.md", init_templates::kReadme},
        {"rules/" + n + "/tests/" + n + "_test.lua", init_templates::kTestLua},
        {"scenarios/" + n + "/basic.toml", init_templates::kScenarioToml},
    };
    std::error_code exists_ec;
    for (const auto& [rel, text] : files)
      if (fs::exists(fs::path(root) / rel, exists_ec)) {
        std::fprintf(stderr, "cardboard: %s already exists: init writes a new game only; choose another name\n",
                     (fs::path(root) / rel).string().c_str());
        return void(code = exit_code(ErrorKind::kRejected));
      }
    const std::string title = title_of(n);
    for (const auto& [rel, text] : files) {
      const fs::path path = fs::path(root) / rel;
      std::error_code ec;
      fs::create_directories(path.parent_path(), ec);
      std::ofstream out(path, std::ios::binary);
      out << fill(text, n, title);
      if (ec || !out.flush()) {
        std::fprintf(stderr, "cardboard: cannot write %s\n", path.string().c_str());
        return void(code = exit_code(ErrorKind::kRejected));
      }
      std::printf("created %s\n", rel.c_str());
    }
    const std::string env = a.root.empty() ? "" : "CARDBOARD_ROOT=" + root + " ";
    std::printf("next:\n");
    for (const std::string& c : {"lint " + n, "test " + n, "sim " + n + "/basic --games 100", "play " + n + "/basic"})
      std::printf("  %scardboard %s\n", env.c_str(), c.c_str());
    code = 0;
  });
}

}  // namespace cardboard
