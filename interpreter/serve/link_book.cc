#include "serve/link_book.h"

#include <fcntl.h>
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

// Whether `token` looks like one of the server's (32 lowercase hex digits).
bool valid_token(const std::string& token) {
  return token.size() == 32 &&
         std::all_of(token.begin(), token.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace

bool valid_save_name(const std::string& name) {
  if (name.empty() || name.size() > 128 || !name.ends_with(".cbsave") || name[0] == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

namespace {

// The book's saves from the file's text, or why it is not a book.
std::optional<std::map<std::string, LinkBook::Links>> parse(const std::string& text, std::string& why) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("version", 0) != 1 || !j.contains("saves") ||
      !j["saves"].is_object()) {
    why = "not a book of links (version 1)";
    return std::nullopt;
  }
  std::map<std::string, LinkBook::Links> out;
  for (const auto& [save, links] : j["saves"].items()) {
    if (!valid_save_name(save) || !links.is_object()) {
      why = "a bad entry '" + save.substr(0, 100) + "'";
      return std::nullopt;
    }
    for (const auto& [who, token] : links.items()) {
      if (who.empty() || who.size() > 64 || !token.is_string() || !valid_token(token.get<std::string>())) {
        why = "a bad link in '" + save + "'";
        return std::nullopt;
      }
      out[save][who] = token.get<std::string>();
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
    else if (auto parsed = parse(text.str(), why)) b.saves_ = std::move(*parsed);
  }
  std::erase_if(b.saves_, [&](const auto& entry) { return !fs::is_regular_file(saves + "/" + entry.first, ec); });
  b.index();
  if (!why.empty() && warning)
    *warning = b.path_ + ": " + why + "; the links given before this start no longer open their games";
  return b;
}

LinkBook::Links LinkBook::of(const std::string& save) const {
  const auto it = saves_.find(save);
  return it == saves_.end() ? Links{} : it->second;
}

std::optional<std::string> LinkBook::save_of(const std::string& token) const {
  const auto it = by_token_.find(token);
  if (it == by_token_.end()) return std::nullopt;
  return it->second;
}

void LinkBook::index() {
  by_token_.clear();
  for (const auto& [save, links] : saves_)
    for (const auto& [who, token] : links) by_token_[token] = save;
}

Status LinkBook::put(const std::string& save, const Links& links) {
  if (saves_.count(save) && saves_[save] == links) return ok_status();
  saves_[save] = links;
  index();
  nlohmann::json j = {{"version", 1}, {"saves", nlohmann::json::object()}};
  for (const auto& [name, l] : saves_) j["saves"][name] = l;
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
