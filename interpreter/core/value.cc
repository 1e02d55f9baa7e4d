#include "core/value.h"

#include <algorithm>

namespace cardboard {

Value::Value(Table t) : v_(std::make_unique<Table>(std::move(t))) {}
Value::Value(const Value& other) { *this = other; }
Value::~Value() = default;

Value& Value::operator=(const Value& other) {
  if (this == &other) return *this;
  if (other.is_table())
    v_ = std::make_unique<Table>(other.as_table());
  else
    std::visit(
        [this](const auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (!std::is_same_v<T, std::unique_ptr<Table>>) v_ = x;
        },
        other.v_);
  return *this;
}

static bool key_less(const Value::Key& a, const Value::Key& b) { return a < b; }

const Value* Table::find_key(const Value::Key& k) const {
  auto it = std::lower_bound(entries.begin(), entries.end(), k,
                             [](const auto& e, const Value::Key& key) { return key_less(e.first, key); });
  return it != entries.end() && it->first == k ? &it->second : nullptr;
}

const Value* Table::find(std::string_view k) const {
  // Integer keys sort before string keys: skip them, then binary search.
  auto first = std::partition_point(entries.begin(), entries.end(), [](const auto& e) { return e.first.index() == 0; });
  auto it = std::lower_bound(first, entries.end(), k,
                             [](const auto& e, std::string_view key) { return std::get<1>(e.first) < key; });
  return it != entries.end() && std::get<1>(it->first) == k ? &it->second : nullptr;
}

void Table::set(const Value::Key& k, Value v) {
  auto it = std::lower_bound(entries.begin(), entries.end(), k,
                             [](const auto& e, const Value::Key& key) { return key_less(e.first, key); });
  const bool found = it != entries.end() && it->first == k;
  if (v.is_nil()) {
    if (found) entries.erase(it);
  } else if (found) {
    it->second = std::move(v);
  } else {
    entries.insert(it, {k, std::move(v)});
  }
}

void Value::write(ByteWriter& w) const {
  w.u(v_.index());
  switch (v_.index()) {
    case 1: w.u(as_bool()); break;
    case 2: w.i(as_int()); break;
    case 3: w.f(as_number()); break;
    case 4: w.s(as_string()); break;
    case 5: {
      const Table& t = as_table();
      w.u(t.entries.size());
      for (const auto& [k, v] : t.entries) {
        w.u(k.index());
        if (k.index() == 0) w.i(std::get<0>(k)); else w.s(std::get<1>(k));
        v.write(w);
      }
      break;
    }
    default: break;
  }
}

Value Value::read(ByteReader& r, int depth) {
  if (depth > 64) return Value();
  switch (r.u()) {
    case 1: return Value(r.u() != 0);
    case 2: return Value(r.i());
    case 3: return Value(r.f());
    case 4: return Value(r.s());
    case 5: {
      Table t;
      const uint64_t n = r.u();
      for (uint64_t k = 0; k < n && r.ok(); ++k) {
        Key key;
        if (r.u() == 0) key = r.i(); else key = r.s();
        t.entries.emplace_back(std::move(key), read(r, depth + 1));
      }
      return Value(std::move(t));
    }
    default: return Value();
  }
}

bool Value::operator==(const Value& other) const {
  if (v_.index() != other.v_.index()) return false;
  if (!is_table()) {
    ByteWriter a, b;
    write(a);
    other.write(b);
    return a.bytes() == b.bytes();
  }
  const auto& x = as_table().entries;
  const auto& y = other.as_table().entries;
  if (x.size() != y.size()) return false;
  for (size_t k = 0; k < x.size(); ++k)
    if (x[k].first != y[k].first || !(x[k].second == y[k].second)) return false;
  return true;
}

}  // namespace cardboard
