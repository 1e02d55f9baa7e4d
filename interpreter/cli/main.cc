// cardboard: the command line of the rules interpreter.
#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <unistd.h>

#include "cli/commands.h"
#include "data/game_loader.h"
#include "session/view_format.h"

namespace cardboard {

int exit_code(ErrorKind kind) { return static_cast<int>(kind); }

int report(const Error& e) {
  // An error may quote a rules script or a data file: no escape sequence reaches the terminal.
  std::fprintf(stderr, "cardboard: %s\n", terminal_text(e.message).c_str());
  return exit_code(e.kind);
}

void note_project(const std::string& path) {
  const std::string tree = root_of(path);
  if (tree.empty()) return;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path current = fs::weakly_canonical(project_root(), ec);
  if (!ec && fs::weakly_canonical(tree, ec) == current) return;
  std::fprintf(stderr, "cardboard: using the project at %s\n", tree.c_str());
}

bool stdout_is_terminal() { return isatty(STDOUT_FILENO); }
bool stdin_is_terminal() { return isatty(STDIN_FILENO); }
bool stderr_is_terminal() { return isatty(STDERR_FILENO); }

}  // namespace cardboard

int main(int argc, char** argv) {
  using namespace cardboard;
  // A file size limit (ulimit -f) reached while writing a save would end
  // the process by SIGXFSZ, mid-transaction and without a word; ignored, the
  // write fails with EFBIG, SQLite rolls it back, and the command says why.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{
      "cardboard: a rules interpreter for board wargames.\n"
      "Exit codes: 0 done, 1 usage, 2 rejected input (illegal action, bad file, bad save, divergence),\n"
      "3 error in a rules script."};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help for every command");
  int code = 0;
  add_list_command(app, code);
  add_save_commands(app, code);
  add_export_command(app, code);
  add_play_command(app, code);
  add_sim_command(app, code);
  add_balance_command(app, code);
  add_merge_command(app, code);
  add_lint_command(app, code);
  add_test_command(app, code);
  add_init_command(app, code);
  add_serve_command(app, code);
  // The last line of defence: an exception that escapes a command is a bug
  // to report, but it ends the command with a message and exit code 2, never
  // with an abort.
  const auto command = [&app] {
    std::string name;
    for (const CLI::App* sub : app.get_subcommands()) name = sub->get_name();
    return name.empty() ? std::string("cardboard") : name;
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int r = app.exit(e);
    return r == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cardboard: internal error in '%s': %s (please report it)\n", command().c_str(), e.what());
    return exit_code(ErrorKind::kRejected);
  } catch (...) {
    std::fprintf(stderr, "cardboard: internal error in '%s': an unknown exception (please report it)\n",
                 command().c_str());
    return exit_code(ErrorKind::kRejected);
  }
  return code;
}
