// placeholder until the store lands
#include "cli/commands.h"
namespace cardboard {
void add_save_commands(CLI::App&, int&) {}
void add_play_command(CLI::App&, int&) {}
}  // namespace cardboard
