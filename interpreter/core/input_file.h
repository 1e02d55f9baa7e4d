// Reading the files a game is made of (TOML data, maps, Lua rules and
// tests) as untrusted input. Every such file is read through here, so none
// can hang the process or exhaust its memory: only a regular file is read (a
// FIFO, a device such as /dev/zero, a folder or a socket is refused without
// blocking), and at most a size limit. A game's own files must also lie
// inside its folder: path_inside resolves `..` and symlinks before saying so.
// Nothing here throws; failures are Errors (kRejected) naming the path.
#pragma once

#include <cstddef>
#include <string>

#include "core/error.h"

namespace cardboard {

// The most a data or rules file may hold: far above any real game's file.
inline constexpr size_t kMaxInputFileBytes = size_t{16} << 20;  // 16 MiB

// The whole content of the regular file at `path`. Refuses what is not a
// regular file, and a file of more than `limit` bytes (with its size and the
// limit), before reading it.
Result<std::string> read_input_file(const std::string& path, size_t limit = kMaxInputFileBytes);

// `relative` joined to the folder `dir` ("dir/relative"), when it names
// something inside `dir` once `..` and symlinks are resolved. Refuses an
// empty or absolute path and one that leaves the folder; the message says
// why without naming the key or position (the caller adds them).
Result<std::string> path_inside(const std::string& dir, const std::string& relative);

}  // namespace cardboard
