// hide_folders: the server's answers name rules files and saves relative
// to its folders, never by the host's own paths.
#include <catch2/catch.hpp>

#include "serve/hidden_folders.h"

using cardboard::hide_folders;

TEST_CASE("hide_folders: a path under a folder loses the folder, also where Lua cut it to '...'", "[serve][hostile]") {
  const std::vector<std::string> folders{"/srv/games/cardboard", "/srv/saves/"};
  CHECK(hide_folders("bot_order: /srv/games/cardboard/rules/x/x.lua:24: boom", folders) ==
        "bot_order: rules/x/x.lua:24: boom");
  CHECK(hide_folders("save /srv/saves/a.cbsave is damaged", folders) == "save a.cbsave is damaged");
  // Lua keeps a long file name's end: the cut may fall anywhere in the folder's path.
  CHECK(hide_folders("...ardboard/rules/x/x.lua:3: boom", folders) == "rules/x/x.lua:3: boom");
  CHECK(hide_folders("...dboard/rules/x.lua:3 and ...d/rules/y.lua:4", folders) == "rules/x.lua:3 and rules/y.lua:4");
  // Every occurrence, in JSON too.
  CHECK(hide_folders(R"({"error":"/srv/games/cardboard/a.lua:1: x","why":"/srv/games/cardboard/b.lua:2"})", folders) ==
        R"({"error":"a.lua:1: x","why":"b.lua:2"})");
  // Other text stays: an ellipsis, a folder's name without its path, another folder.
  CHECK(hide_folders("Wait... then /srv/games/other/x.lua and cardboard/rules", folders) ==
        "Wait... then /srv/games/other/x.lua and cardboard/rules");
  CHECK(hide_folders("/srv/games/cardboardx/y", folders) == "/srv/games/cardboardx/y");
  CHECK(hide_folders("", folders).empty());
  CHECK(hide_folders("/srv/games/cardboard/x", {}) == "/srv/games/cardboard/x");
}
