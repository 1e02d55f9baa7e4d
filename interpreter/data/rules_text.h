// What of a rules file the rules hash covers: what the file says, not how it
// is written. Comments and layout are left out, so that a comment, a blank
// line or a re-wrapped table marks no save and no balance report as made on
// other rules; any change to the code or the values does.
#pragma once

#include <string>
#include <string_view>

#include "data/toml_file.h"

namespace cardboard {

// A Lua text with each comment, and each run of white space around it, as
// one space; strings (short and long) are kept byte for byte.
std::string lua_code_text(std::string_view lua);
// A TOML table as toml++ writes it: its keys in order, no comments.
std::string toml_data_text(const toml::table& t);

}  // namespace cardboard
