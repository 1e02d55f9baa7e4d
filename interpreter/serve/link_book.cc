#include "serve/link_book.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "session/json_text.h"

namespace cardboard {

namespace fs = std::filesystem;

namespace {

bool all_hex(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// Whether `token` looks like one of the server's (32 lowercase hex digits).
bool valid_token(const std::string& token) { return token.size() == 32 && all_hex(token); }

bool valid_hash(const std::string& hash) { return hash.size() == 64 && all_hex(hash); }

}  // namespace

std::string link_hash(const std::string& token) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(token.data(), token.size(), digest, &size, EVP_sha256(), nullptr) != 1) return "";
  std::string out;
  char hex[3];
  for (unsigned int i = 0; i < size; ++i) {
    std::snprintf(hex, sizeof hex, "%02x", digest[i]);
    out += hex;
  }
  return out;
}

bool valid_save_name(const std::string& name) {
  if (name.empty() || name.size() > 128 || !name.ends_with(".cbsave") || name[0] == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

namespace {

using Book = std::map<std::string, std::map<std::string, std::vector<std::string>>>;

// The book's saves from the file's text, or why it is not a book. Version
// 2 holds each seat's hashes; version 1 held one token a seat, hashed here.
std::optional<Book> parse(const std::string& text, std::string& why, bool& upgrade) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  const int version = j.is_object() ? j.value("version", 0) : 0;
  if (j.is_discarded() || (version != 1 && version != 2) || !j.contains("saves") || !j["saves"].is_object()) {
    why = "not a book of links (version 2)";
    return std::nullopt;
  }
  upgrade = version == 1;
  Book out;
  for (const auto& [save, links] : j["saves"].items()) {
    if (!valid_save_name(save) || !links.is_object()) {
      why = "a bad entry '" + save.substr(0, 100) + "'";
      return std::nullopt;
    }
    for (const auto& [who, held] : links.items()) {
      std::vector<std::string> hashes;
      if (version == 1 && held.is_string() && valid_token(held.get<std::string>())) {
        hashes.push_back(link_hash(held.get<std::string>()));
      } else if (version == 2 && held.is_array() && !held.empty() && held.size() <= LinkBook::kMaxLinksPerSeat) {
        for (const auto& h : held)
          if (h.is_string() && valid_hash(h.get<std::string>())) hashes.push_back(h.get<std::string>());
        if (hashes.size() != held.size()) hashes.clear();
      }
      if (who.empty() || who.size() > 64 || hashes.empty()) {
        why = "a bad link in '" + save + "'";
        return std::nullopt;
      }
      out[save][who] = std::move(hashes);
    }
  }
  return out;
}

}  // namespace

LinkBook LinkBook::open(const std::string& saves, std::string* warning) {
  LinkBook b;
  b.path_ = saves + "/" + kFileName;
  std::error_code ec;
  if (!fs::exists(b.path_, ec)) return b;
  std::string why;
  const auto size = fs::file_size(b.path_, ec);
  if (ec || size > kMaxBytes) {
    why = ec ? ec.message() : "over " + std::to_string(kMaxBytes) + " bytes";
  } else {
    std::ifstream in(b.path_, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) why = "cannot be read";
    else if (auto parsed = parse(text.str(), why, b.upgrade_)) b.saves_ = std::move(*parsed);
  }
  std::erase_if(b.saves_, [&](const auto& entry) { return !fs::is_regular_file(saves + "/" + entry.first, ec); });
  b.index();
  if (!why.empty() && warning)
    *warning = b.path_ + ": " + why + "; the links given before this start no longer open their games";
  // The links themselves no longer lie in the folder once it is read.
  if (b.upgrade_ && why.empty())
    if (auto s = b.write(); !s.ok() && warning) *warning = s.error().message;
  return b;
}

std::optional<LinkBook::Seat> LinkBook::seat_of(const std::string& token) const {
  if (!valid_token(token)) return std::nullopt;
  const auto it = by_hash_.find(link_hash(token));
  if (it == by_hash_.end()) return std::nullopt;
  return it->second;
}

void LinkBook::index() {
  by_hash_.clear();
  for (const auto& [save, seats] : saves_)
    for (const auto& [who, hashes] : seats)
      for (const auto& h : hashes) by_hash_[h] = {save, who};
}

Status LinkBook::put(const std::string& save, const Links& links) {
  auto seats = saves_[save];
  std::erase_if(seats, [&](const auto& seat) { return !links.count(seat.first); });
  for (const auto& [who, token] : links) {
    auto& hashes = seats[who];
    const std::string h = link_hash(token);
    if (std::find(hashes.begin(), hashes.end(), h) != hashes.end()) continue;
    hashes.push_back(h);
    if (hashes.size() > kMaxLinksPerSeat) hashes.erase(hashes.begin());
  }
  if (seats == saves_[save]) return ok_status();
  saves_[save] = std::move(seats);
  index();
  return write();
}

Status LinkBook::write() {
  nlohmann::json j = {{"version", 2}, {"saves", nlohmann::json::object()}};
  for (const auto& [name, seats] : saves_) j["saves"][name] = seats;
  const std::string text = json_text(j, 1) + "\n";
  const std::string tmp = path_ + ".new";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return Error{ErrorKind::kRejected, "cannot write " + tmp + ": the links will not outlive the server"};
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  const bool written = done == text.size() && ::fsync(fd) == 0;
  ::close(fd);
  if (!written || std::rename(tmp.c_str(), path_.c_str()) != 0) {
    std::remove(tmp.c_str());
    return Error{ErrorKind::kRejected, "cannot write " + path_ + ": the links will not outlive the server"};
  }
  return ok_status();
}

}  // namespace cardboard
