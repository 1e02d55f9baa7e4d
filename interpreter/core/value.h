// A plain value: nil, boolean, integer, number, string, or a table of plain
// values. Tables keep their keys sorted (integers before strings), so
// iterating, serializing and hashing a table never depends on insertion order
// or on the process. This is the type of the game's vars tree.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/bytes.h"

namespace cardboard {

struct Table;

class Value {
 public:
  using Key = std::variant<int64_t, std::string>;

  Value() = default;
  Value(bool b) : v_(b) {}
  Value(int64_t i) : v_(i) {}
  Value(int i) : v_(static_cast<int64_t>(i)) {}
  Value(double d) : v_(d) {}
  Value(std::string s) : v_(std::move(s)) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(Table t);
  Value(const Value& other);
  Value(Value&&) noexcept = default;
  Value& operator=(const Value& other);
  Value& operator=(Value&&) noexcept = default;
  ~Value();

  bool is_nil() const { return v_.index() == 0; }
  bool is_bool() const { return v_.index() == 1; }
  bool is_int() const { return v_.index() == 2; }
  bool is_number() const { return v_.index() == 3; }
  bool is_string() const { return v_.index() == 4; }
  bool is_table() const { return v_.index() == 5; }

  bool as_bool() const { return std::get<1>(v_); }
  int64_t as_int() const { return std::get<2>(v_); }
  double as_number() const { return std::get<3>(v_); }
  const std::string& as_string() const { return std::get<4>(v_); }
  const Table& as_table() const { return *std::get<5>(v_); }
  Table& as_table() { return *std::get<5>(v_); }

  void write(ByteWriter& w) const;
  static Value read(ByteReader& r, int depth = 0);
  bool operator==(const Value& other) const;

 private:
  std::variant<std::monostate, bool, int64_t, double, std::string, std::unique_ptr<Table>> v_;
};

struct Table {
  std::vector<std::pair<Value::Key, Value>> entries;  // sorted by key, no nil values
  // Which table this is to the Lua views of vars (script/lua_vars.cc): set
  // when first viewed, unique in the process. Not part of the value: a copy
  // is another table and starts at 0; serializing, hashing and == ignore it.
  uint64_t view_serial = 0;

  Table() = default;
  Table(const Table& other) : entries(other.entries) {}
  Table(Table&& other) noexcept : entries(std::move(other.entries)) {}
  Table& operator=(const Table& other) {
    entries = other.entries;
    return *this;
  }
  Table& operator=(Table&& other) noexcept {
    entries = std::move(other.entries);
    return *this;
  }

  const Value* find_key(const Value::Key& k) const;
  const Value* find(std::string_view k) const;  // a string key, without building a Key
  // Sets k to v; a nil v removes k.
  void set(const Value::Key& k, Value v);
  // Where key k is or would go: the index of the first entry whose key is
  // not less than k (one binary search; integer keys sort before strings).
  size_t place(const Value::Key& k) const;
  size_t place(std::string_view k) const;
  // Whether the entry at index `at` (a place) has key k.
  bool has_at(size_t at, const Value::Key& k) const { return at < entries.size() && entries[at].first == k; }
  bool has_at(size_t at, std::string_view k) const {
    if (at >= entries.size()) return false;
    const std::string* s = std::get_if<1>(&entries[at].first);
    return s && *s == k;
  }
};

}  // namespace cardboard
