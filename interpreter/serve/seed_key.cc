#include "serve/seed_key.h"

#include <fcntl.h>
#include <openssl/hmac.h>
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>

namespace cardboard {

namespace {

constexpr size_t kKeyBytes = 32;
constexpr const char* kFileName = ".seed-key";
const char kHex[] = "0123456789abcdef";

std::string to_hex(const std::string& bytes) {
  std::string out;
  for (unsigned char b : bytes) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

// The key from the file's text (64 hex digits and a newline), or nothing.
std::optional<std::string> from_hex(const std::string& text) {
  if (text.size() != 2 * kKeyBytes + 1 || text.back() != '\n') return std::nullopt;
  std::string out;
  for (size_t i = 0; i < 2 * kKeyBytes; i += 2) {
    const char* hi = std::strchr(kHex, text[i]);
    const char* lo = std::strchr(kHex, text[i + 1]);
    if (!text[i] || !text[i + 1] || !hi || !lo) return std::nullopt;
    out += static_cast<char>((hi - kHex) << 4 | (lo - kHex));
  }
  return out;
}

std::optional<std::string> read_small(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return std::nullopt;
  char buf[2 * kKeyBytes + 2];
  size_t got = 0;
  ssize_t n;
  while (got < sizeof buf && (n = ::read(fd, buf + got, sizeof buf - got)) != 0) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  return std::string(buf, got);
}

bool write_all(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return ::fsync(fd) == 0;
}

}  // namespace

Result<SeedKey> SeedKey::open(const std::string& saves) {
  const std::string path = saves + "/" + kFileName;
  std::error_code ec;
  std::filesystem::create_directories(saves, ec);
  const auto cannot = [&](const std::string& why) {
    return rejected(path + ": " + why + ": games cannot be started from a typed seed");
  };
  // Made whole beside it and linked into place, so that a second server
  // starting on the same folder reads the whole key or makes none.
  if (!std::filesystem::exists(path, ec)) {
    std::string key(kKeyBytes, '\0');
    size_t got = 0;
    while (got < kKeyBytes) {
      const ssize_t n = getrandom(key.data() + got, kKeyBytes - got, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return cannot("the system's random generator failed");
      got += static_cast<size_t>(n);
    }
    const std::string tmp = path + "." + std::to_string(::getpid()) + ".new";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return cannot(std::string("cannot be made (") + std::strerror(errno) + ")");
    const bool written = write_all(fd, to_hex(key) + "\n");
    ::close(fd);
    const bool linked = written && (::link(tmp.c_str(), path.c_str()) == 0 || errno == EEXIST);
    std::remove(tmp.c_str());
    if (!linked) return cannot("cannot be written");
  }
  const auto text = read_small(path);
  if (!text) return cannot(std::string("cannot be read (") + std::strerror(errno) + ")");
  auto key = from_hex(*text);
  if (!key) return cannot("is not a seed key (64 hex digits and a newline); remove it to make a new one");
  SeedKey k;
  k.key_ = std::move(*key);
  return k;
}

uint64_t SeedKey::derive(uint64_t typed) const {
  unsigned char message[8];
  for (int i = 0; i < 8; ++i) message[i] = static_cast<unsigned char>(typed >> (8 * i));
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), key_.data(), static_cast<int>(key_.size()), message, sizeof message, digest, &size);
  uint64_t out = 0;
  for (int i = 0; i < 8; ++i) out |= static_cast<uint64_t>(digest[i]) << (8 * i);
  return out & 0x7fffffffffffffffULL;
}

}  // namespace cardboard
