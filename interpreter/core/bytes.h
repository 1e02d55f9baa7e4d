// A compact, deterministic byte encoding (LEB128 varints, length-prefixed
// strings) used to serialize the state, and the 64-bit hash of such bytes.
// Writer never fails; Reader reports a truncated or malformed buffer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace cardboard {

class ByteWriter {
 public:
  void u(uint64_t v) { size_ = static_cast<size_t>(put_u(room(10), v) - buf_.data()); }
  void i(int64_t v) { u(zigzag(v)); }
  void f(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    char* p = room(8);
    for (int k = 0; k < 8; ++k) p[k] = static_cast<char>(bits >> (8 * k));
    size_ += 8;
  }
  void s(std::string_view v) {
    u(v.size());
    std::memcpy(room(v.size()), v.data(), v.size());
    size_ += v.size();
  }

  // The hot path of hashing and snapshots writes several varints under one
  // bounds check: claim(n) makes room for n bytes and returns where they go,
  // put_u/put_i write through the cursor, and commit(end) keeps what was written.
  char* claim(size_t n) { return room(n); }
  void commit(const char* end) { size_ = static_cast<size_t>(end - buf_.data()); }
  static char* put_u(char* p, uint64_t v) {
    while (v >= 0x80) {
      *p++ = static_cast<char>(v | 0x80);
      v >>= 7;
    }
    *p++ = static_cast<char>(v);
    return p;
  }
  static char* put_i(char* p, int64_t v) { return put_u(p, zigzag(v)); }
  static constexpr size_t kMaxVarint = 10;

  void reserve(size_t n) {
    if (buf_.size() < n) buf_.resize(n);
  }
  std::string_view bytes() const { return {buf_.data(), size_}; }
  std::string take() {
    buf_.resize(size_);
    size_ = 0;
    return std::move(buf_);
  }
  void clear() { size_ = 0; }

 private:
  static uint64_t zigzag(int64_t v) { return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63); }
  // Makes room for n more bytes and returns where they go.
  char* room(size_t n) {
    if (size_ + n > buf_.size()) buf_.resize(std::max<size_t>(2 * buf_.size(), size_ + n + 256));
    return buf_.data() + size_;
  }
  std::string buf_;  // bytes [0, size_) are written; the rest is spare
  size_t size_ = 0;
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
