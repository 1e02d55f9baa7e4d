#include "script/state_bytes.h"

#include <utility>

namespace cardboard {

size_t string_bytes(const std::string& s) { return s.size() < sizeof(std::string) ? 0 : s.size() + 1; }

size_t value_bytes(const Value& v) {
  size_t n = sizeof(Value);
  if (v.is_string()) n += string_bytes(v.as_string());
  else if (v.is_table()) n += table_bytes(v.as_table());
  return n;
}

size_t entry_bytes(const Value::Key& k, const Value& v) {
  return sizeof(Value::Key) + (k.index() == 1 ? string_bytes(std::get<1>(k)) : 0) + value_bytes(v);
}

size_t table_bytes(const Table& t) {
  size_t n = sizeof(Table);
  for (const auto& [k, v] : t.entries) n += entry_bytes(k, v);
  return n;
}

size_t text_bytes(const LazyText& t) {
  size_t n = string_bytes(t.format) + t.args.size() * sizeof(TextArg);
  for (const auto& a : t.args) n += string_bytes(a.text);
  return n;
}

size_t marker_bytes(const std::string& marker) { return sizeof(std::string) + string_bytes(marker); }

size_t counter_bytes(const std::string& name) {
  return sizeof(std::pair<std::string, int64_t>) + string_bytes(name);
}

size_t piece_bytes(const PieceState& p) {
  size_t n = sizeof(PieceState) + sizeof(int32_t);  // and its place in a location's contents
  if (p.markers.empty() && p.counters.empty()) return n;
  for (const auto& m : p.markers) n += marker_bytes(m);
  for (const auto& [name, value] : p.counters) n += counter_bytes(name);
  return n;
}

size_t state_bytes(const State& s) {
  size_t n = sizeof(State) + table_bytes(s.vars) + s.tracks.size() * sizeof(int64_t);
  n += s.pieces.size() * piece_bytes(PieceState{});
  for (const auto& p : s.pieces)
    if (!p.markers.empty() || !p.counters.empty()) n += piece_bytes(p) - piece_bytes(PieceState{});
  for (const auto& c : s.contents) n += sizeof(c);
  n += text_bytes(s.pending.prompt) + string_bytes(s.pending.rule) + string_bytes(s.result);
  for (const auto& c : s.pending.choices)
    n += sizeof(Choice) + string_bytes(c.option) + text_bytes(c.text) + text_bytes(c.note);
  return n;
}

}  // namespace cardboard
