// What the libFuzzer targets of tests/fuzz share: a scratch folder for the
// files the kernel reads (the loaders and the save file take paths, not
// text), the project's real games, started once per process and reused from
// one input to the next, and a check that ends the process when an invariant
// fails, so libFuzzer reports it as a crash with the input that caused it.
//
// A target never writes outside its scratch folder, which is made under
// $TMPDIR (or /tmp) when first asked for and removed when the process exits
// normally.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/game_def.h"
#include "script/game.h"

namespace cardboard::fuzz {

// The folder the target may write in, made once per process.
const std::string& scratch_dir();

// Writes `bytes` to `path`, replacing it.
void write_file(const std::string& path, std::string_view bytes);

// Removes `path` and whatever is under it; no error when it is missing.
void remove_all(const std::string& path);

// The project's root (rules/, scenarios/): the source tree the targets were built from.
std::string project_root_dir();

// The project's real scenarios: index % kGames picks one (the first byte of
// an input, in the targets that work on a game).
inline constexpr int kGames = 4;
const char* scenario_of(int index);

// The game of scenario `index % kGames`, loaded and created on first use and
// kept for the life of the process (loading the rules costs milliseconds),
// with no forced input, no decider and no events left from the last input;
// the caller starts or restores it. Ends the process when the real game
// cannot be loaded: the target itself would be broken.
Game& game(int index);
// The same, started anew with `seed`, so one input's game does not leak into
// the next. Ends the process when the real game cannot start.
Game& fresh_game(int index, uint64_t seed = 1);

// Prints every reader's view of `g` as `status` prints it (text, JSON and
// the decision): each side's, everyone's (a replay) and a spectator's.
void print_views(Game& g);

// Ends the process (abort) with `what` on stderr when `condition` is false:
// an invariant the kernel promises was broken by this input.
void check(bool condition, const char* what);

}  // namespace cardboard::fuzz
