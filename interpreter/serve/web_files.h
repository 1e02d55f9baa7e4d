// The page's files (serve/web/*), built into the binary: the server needs
// nothing on disk but the games and the saves.
#pragma once

#include <span>
#include <string_view>

namespace cardboard {

struct WebFile {
  const char* name;       // the file's name, as /static/NAME serves it
  std::string_view bytes;
};

std::span<const WebFile> web_files();

}  // namespace cardboard
