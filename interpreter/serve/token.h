// The server's secrets: the host key and each side's and spectator's link.
#pragma once

#include <string>

namespace cardboard {

// 128 random bits from the kernel's generator (getrandom), as 32 hex digits.
std::string new_token();

}  // namespace cardboard
