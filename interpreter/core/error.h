// Errors as values inside the kernel. An Error carries a kind, which the
// command line turns into an exit code, and a message that names the thing at
// fault. Result<T> holds either a value or an Error.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace cardboard {

enum class ErrorKind {
  kUsage = 1,     // the command was called wrongly
  kRejected = 2,  // bad input: an illegal action, a bad file, a bad save, a divergence
  kScript = 3,    // a rules script failed
};

struct Error {
  ErrorKind kind = ErrorKind::kRejected;
  std::string message;
};

inline Error rejected(std::string message) { return {ErrorKind::kRejected, std::move(message)}; }
inline Error script_error(std::string message) { return {ErrorKind::kScript, std::move(message)}; }

// A Status is a Result with no value: ok or an Error.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  T* operator->() { return &value(); }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

struct Ok {};
using Status = Result<Ok>;
inline Status ok_status() { return Ok{}; }

// Propagates an error from an expression that yields a Result.
#define CB_TRY(expr)                                  \
  do {                                                \
    auto cb_try_ = (expr);                            \
    if (!cb_try_.ok()) return cb_try_.error();        \
  } while (0)

}  // namespace cardboard
