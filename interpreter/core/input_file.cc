#include "core/input_file.h"

#include <cerrno>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cardboard {

namespace {

// The system's text for an error number, lowercase as our messages are.
std::string reason(int err) {
  std::string s = std::generic_category().message(err);
  if (!s.empty() && s[0] >= 'A' && s[0] <= 'Z') s[0] = static_cast<char>(s[0] - 'A' + 'a');
  return s;
}

const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

std::string size_text(size_t bytes) {
  if (bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// Closes a descriptor on every path out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

Result<std::string> read_input_file(const std::string& path, size_t limit) {
  // O_NONBLOCK: opening a FIFO with no writer must not wait for one.
  const Descriptor d{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (d.fd < 0) return rejected("cannot read " + path + ": " + reason(errno));
  struct stat st;
  if (::fstat(d.fd, &st) != 0) return rejected("cannot read " + path + ": " + reason(errno));
  if (!S_ISREG(st.st_mode))
    return rejected("cannot read " + path + ": it is " + file_kind(st.st_mode) + ", not a regular file");
  const auto too_big = [&](const std::string& size) {
    return rejected("cannot read " + path + ": it holds " + size + ", more than the " + size_text(limit) +
                    " a data or rules file may hold");
  };
  if (st.st_size < 0 || static_cast<uint64_t>(st.st_size) > limit)
    return too_big(std::to_string(st.st_size) + " bytes");
  std::string out;
  out.resize(static_cast<size_t>(st.st_size) + 1);  // one more: a file that grew is noticed
  size_t done = 0;
  for (;;) {
    if (done == out.size()) {
      if (out.size() > limit) return too_big("more than " + std::to_string(limit) + " bytes");
      out.resize(std::min(out.size() * 2, limit + 1));
    }
    const ssize_t n = ::read(d.fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return rejected("cannot read " + path + ": " + reason(errno));
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  out.resize(done);
  return out;
}

Result<std::string> path_inside(const std::string& dir, const std::string& relative) {
  if (relative.empty()) return rejected("it is empty");
  if (fs::path(relative).is_absolute()) return rejected("it is absolute");
  std::error_code ec;
  const fs::path base = fs::canonical(dir, ec);
  if (ec) return rejected("cannot open the folder " + dir + ": " + reason(ec.value()));
  const fs::path full = fs::weakly_canonical(fs::path(dir) / relative, ec);
  if (ec) return rejected("cannot resolve it: " + reason(ec.value()));
  auto b = base.begin();
  for (auto f = full.begin(); b != base.end(); ++b, ++f)
    if (f == full.end() || *f != *b) return rejected("it leads out of " + dir);
  return dir + "/" + relative;
}

}  // namespace cardboard
