// What the server's answers say of its own folders: nothing. A rules error
// names its file by the path the rules were loaded from, which tells a
// page where the host keeps them; the server answers with that path
// relative to the project root (or the saves folder) instead.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cardboard {

// `text` with each of `folders` (absolute paths) left out where a path
// under it starts: "/srv/cb/rules/x/x.lua:3" becomes "rules/x/x.lua:3".
// Lua shortens a long file name to "..." and its end, which may begin
// inside a folder's path: "...cb/rules/x/x.lua:3" becomes "rules/x/x.lua:3" too.
std::string hide_folders(std::string_view text, const std::vector<std::string>& folders);

}  // namespace cardboard
