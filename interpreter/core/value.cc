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

namespace {

// Orders texts as std::string does (bytes as unsigned char, then length),
// most of them by their first byte, without a call to memcmp: a table's keys
// are short words that mostly differ there.
int compare_text(std::string_view a, std::string_view b) {
  if (!a.empty() && !b.empty() && a[0] != b[0])
    return static_cast<unsigned char>(a[0]) < static_cast<unsigned char>(b[0]) ? -1 : 1;
  return a.compare(b);
}

}  // namespace

size_t Table::place(std::string_view k) const {
  size_t lo = 0, hi = entries.size();
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    const std::string* s = std::get_if<1>(&entries[mid].first);
    if (!s || compare_text(*s, k) < 0) lo = mid + 1;  // an integer key sorts first
    else hi = mid;
  }
  return lo;
}

size_t Table::place(const Value::Key& k) const {
  if (const std::string* s = std::get_if<1>(&k)) return place(std::string_view(*s));
  const int64_t i = std::get<0>(k);
  size_t lo = 0, hi = entries.size();
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    const int64_t* e = std::get_if<0>(&entries[mid].first);
    if (e && *e < i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const Value* Table::find_key(const Value::Key& k) const {
  const size_t at = place(k);
  return has_at(at, k) ? &entries[at].second : nullptr;
}

const Value* Table::find(std::string_view k) const {
  const size_t at = place(k);
  return has_at(at, k) ? &entries[at].second : nullptr;
}

void Table::set(const Value::Key& k, Value v) {
  const size_t at = place(k);
  const bool found = has_at(at, k);
  const auto it = entries.begin() + static_cast<std::ptrdiff_t>(at);
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
