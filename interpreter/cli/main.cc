// cardboard: the command line of the rules interpreter.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <unistd.h>

#include "cli/commands.h"

namespace cardboard {

int exit_code(ErrorKind kind) { return static_cast<int>(kind); }

int report(const Error& e) {
  std::fprintf(stderr, "cardboard: %s\n", e.message.c_str());
  return exit_code(e.kind);
}

bool stdout_is_terminal() { return isatty(STDOUT_FILENO); }
bool stdin_is_terminal() { return isatty(STDIN_FILENO); }
bool stderr_is_terminal() { return isatty(STDERR_FILENO); }

}  // namespace cardboard

int main(int argc, char** argv) {
  using namespace cardboard;
  CLI::App app{
      "cardboard: a rules interpreter for board wargames.\n"
      "Exit codes: 0 done, 1 usage, 2 rejected input (illegal action, bad file, bad save, divergence),\n"
      "3 error in a rules script."};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help for every command");
  int code = 0;
  add_list_command(app, code);
  add_save_commands(app, code);
  add_play_command(app, code);
  add_sim_command(app, code);
  add_lint_command(app, code);
  add_test_command(app, code);
  add_init_command(app, code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int r = app.exit(e);
    return r == 0 ? 0 : 1;
  }
  return code;
}
