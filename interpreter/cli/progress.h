// Progress of a long run of games (sim, balance) on stderr: on a terminal
// a line that counts up in place; written to a file or a pipe (a Slurm
// job's log, a script's), a full line at most once a minute, with the time
// so far and a guess of what is left, so that a run of hours tells where it
// stands without filling its log.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace cardboard {

std::function<void(int64_t done, int64_t total)> games_progress(const std::string& name);

}  // namespace cardboard
