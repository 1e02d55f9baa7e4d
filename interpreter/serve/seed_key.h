// The server's seed key: a secret kept in the saves folder that turns the
// seed a host types into the seed of the game's generator. A seed typed in
// the lobby is small and known to whoever typed or was told it; used as it
// is, a player could find the dice by trying seeds offline. Derived with a
// key no player holds, the same typed seed still plays the same dice on the
// same server, and no one can compute them (docs/serve.md).
#pragma once

#include <cstdint>
#include <string>

#include "core/error.h"

namespace cardboard {

class SeedKey {
 public:
  // The key of the saves folder `saves` (its file .seed-key), made there
  // with 256 random bits the first time; an error says why it can be
  // neither read nor made.
  static Result<SeedKey> open(const std::string& saves);

  // The generator's seed for the typed seed `typed`: 63 bits of
  // HMAC-SHA-256 under the key.
  uint64_t derive(uint64_t typed) const;

 private:
  std::string key_;  // 32 bytes
};

}  // namespace cardboard
