// A compact, deterministic byte encoding (LEB128 varints, length-prefixed
// strings) used to serialize the state, and the 64-bit hash of such bytes.
// Writer never fails; Reader reports a truncated or malformed buffer.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace cardboard {

class ByteWriter {
 public:
  void u(uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>(v | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  void i(int64_t v) { u((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63)); }
  void f(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    for (int k = 0; k < 8; ++k) out_.push_back(static_cast<char>(bits >> (8 * k)));
  }
  void s(std::string_view v) {
    u(v.size());
    out_.append(v);
  }
  const std::string& bytes() const { return out_; }
  std::string take() { return std::move(out_); }
  void clear() { out_.clear(); }

 private:
  std::string out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == in_.size(); }
  uint64_t u() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= in_.size()) return fail();
      const auto b = static_cast<uint8_t>(in_[pos_++]);
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    return fail();
  }
  int64_t i() {
    const uint64_t z = u();
    return static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1);
  }
  double f() {
    if (pos_ + 8 > in_.size()) return static_cast<double>(fail());
    uint64_t bits = 0;
    for (int k = 0; k < 8; ++k) bits |= static_cast<uint64_t>(static_cast<uint8_t>(in_[pos_++])) << (8 * k);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  std::string s() {
    const uint64_t n = u();
    if (!ok_ || n > in_.size() - pos_) return fail(), std::string();
    std::string v(in_.substr(pos_, n));
    pos_ += n;
    return v;
  }

 private:
  uint64_t fail() {
    ok_ = false;
    pos_ = in_.size();
    return 0;
  }
  std::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// A fast 64-bit non-cryptographic hash (multiply-xorshift over 8-byte words).
uint64_t hash_bytes(std::string_view bytes);
std::string hash_hex(uint64_t h);

}  // namespace cardboard
