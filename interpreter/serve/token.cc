#include "serve/token.h"

#include <sys/random.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstdio>

namespace cardboard {

std::string new_token() {
  uint8_t bytes[16];
  size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    // Without the kernel's generator no secret can be made: a guessable link
    // would hand a side's secrets to anyone, so stop rather than go on.
    if (n < 0) {
      std::fprintf(stderr, "cardboard: the system's random generator failed: cannot make a secret link\n");
      std::abort();
    }
    got += static_cast<size_t>(n);
  }
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : bytes) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

}  // namespace cardboard
