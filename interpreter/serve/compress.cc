#include "serve/compress.h"

#include <brotli/encode.h>
#include <zlib.h>

#include <cctype>
#include <cstdint>
#include <stdexcept>

namespace cardboard {

namespace {

// Brotli 5 and gzip 6 shrink the page's files and answers to within a
// tenth of brotli 11, for a twentieth of its time.
constexpr int kBrotliQuality = 5;
constexpr int kGzipLevel = 6;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool same_word(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// Whether `weight` (after "q=") is zero: "0", "0.", "0.0", "0.000".
bool zero_weight(std::string_view weight) {
  if (weight.empty() || weight[0] != '0') return false;
  weight.remove_prefix(1);
  if (weight.empty()) return true;
  if (weight[0] != '.') return false;
  for (char c : weight.substr(1))
    if (c != '0') return false;
  return true;
}

std::string brotli(std::string_view bytes) {
  std::string out(BrotliEncoderMaxCompressedSize(bytes.size()), '\0');
  size_t size = out.size();
  if (!BrotliEncoderCompress(kBrotliQuality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, bytes.size(),
                             reinterpret_cast<const uint8_t*>(bytes.data()), &size, reinterpret_cast<uint8_t*>(out.data())))
    throw std::runtime_error("brotli could not compress an answer");
  out.resize(size);
  return out;
}

std::string gzip(std::string_view bytes) {
  z_stream z{};
  // 16 + 15: a gzip header and trailer around a deflate stream of the largest window.
  if (deflateInit2(&z, kGzipLevel, Z_DEFLATED, 16 + 15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib could not start compressing");
  std::string out(deflateBound(&z, static_cast<uLong>(bytes.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib could not compress an answer");
  return out;
}

}  // namespace

Coding accepted_coding(std::string_view accept_encoding) {
  bool br = false, gz = false;
  while (!accept_encoding.empty()) {
    const size_t comma = accept_encoding.find(',');
    std::string_view item = accept_encoding.substr(0, comma);
    accept_encoding = comma == std::string_view::npos ? std::string_view() : accept_encoding.substr(comma + 1);
    const size_t semi = item.find(';');
    const std::string_view name = trim(item.substr(0, semi));
    bool refused = false;
    for (std::string_view params = semi == std::string_view::npos ? "" : item.substr(semi + 1); !params.empty();) {
      const size_t next = params.find(';');
      const std::string_view p = trim(params.substr(0, next));
      if (p.size() >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') refused = zero_weight(trim(p.substr(2)));
      params = next == std::string_view::npos ? std::string_view() : params.substr(next + 1);
    }
    if (refused) continue;
    if (same_word(name, "br")) br = true;
    else if (same_word(name, "gzip") || same_word(name, "x-gzip")) gz = true;
  }
  return br ? Coding::kBrotli : gz ? Coding::kGzip : Coding::kIdentity;
}

const char* coding_name(Coding coding) {
  switch (coding) {
    case Coding::kBrotli: return "br";
    case Coding::kGzip: return "gzip";
    case Coding::kIdentity: break;
  }
  return nullptr;
}

std::string compress(std::string_view bytes, Coding coding) {
  switch (coding) {
    case Coding::kBrotli: return brotli(bytes);
    case Coding::kGzip: return gzip(bytes);
    case Coding::kIdentity: break;
  }
  return std::string(bytes);
}

}  // namespace cardboard
