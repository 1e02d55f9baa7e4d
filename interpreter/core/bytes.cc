#include "core/bytes.h"

namespace cardboard {

static inline uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

uint64_t hash_bytes(std::string_view bytes) {
  uint64_t h = 0x243f6a8885a308d3ULL ^ (bytes.size() * 0x9e3779b97f4a7c15ULL);
  size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = (h ^ mix(w)) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
  }
  uint64_t tail = 0;
  for (size_t k = 0; i + k < bytes.size(); ++k)
    tail |= static_cast<uint64_t>(static_cast<uint8_t>(bytes[i + k])) << (8 * k);
  h = (h ^ mix(tail + 1)) * 0x9e3779b97f4a7c15ULL;
  return mix(h);
}

std::string hash_hex(uint64_t h) {
  // 16 lowercase hex digits, most significant first (as "%016llx" writes them).
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<size_t>(i)] = kDigits[h & 15];
  return out;
}

}  // namespace cardboard
