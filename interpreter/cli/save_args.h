// Command-line arguments shared by the commands that work on a save: finding
// the save file, and the forced dice and draws for tests and tutorials.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/error.h"
#include "store/save_file.h"

namespace cardboard {

// A save given by path, or by name under saves/ ("game1" -> saves/game1.cbsave).
std::string resolve_save(const std::string& name);

// A fresh file name under saves/ for a new game of `scenario_id`.
std::string default_save_path(const std::string& scenario_id);

// `--seed`: a 64-bit unsigned number in decimal, nothing else (CLI11 alone
// wraps -1 and 2^64 to 2^64-1).
CLI::Option* add_seed_option(CLI::App* cmd, uint64_t& seed, const std::string& help);

struct ForcedArgs {
  std::string dice;                // "6,1,4"
  std::vector<std::string> draws;  // "event_deck=Major Truce|Jihad"
  void add_to(CLI::App* cmd);
  Result<ForcedInput> parse() const;
};

}  // namespace cardboard
