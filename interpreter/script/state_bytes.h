// Estimates of the kernel-side bytes of a game's state, which count against
// the sandbox's memory cap with Lua's own bytes (Sandbox::charge_kernel):
// whatever the rules make the kernel keep (vars values, created pieces,
// markers, counters) is bounded as if Lua held it. An estimate, by sizes
// rather than capacities, so it is the same in every process.
#pragma once

#include <cstddef>
#include <string>

#include "core/lazy_text.h"
#include "core/state.h"
#include "core/value.h"

namespace cardboard {

// The heap bytes of a string beyond its object (0 when it fits inline).
size_t string_bytes(const std::string& s);
size_t value_bytes(const Value& v);
// One entry of a table: its key and its value.
size_t entry_bytes(const Value::Key& k, const Value& v);
size_t table_bytes(const Table& t);
size_t piece_bytes(const PieceState& p);
// A lazy text's format and arguments (a prompt, a choice's words).
size_t text_bytes(const LazyText& t);
size_t marker_bytes(const std::string& marker);
size_t counter_bytes(const std::string& name);
size_t state_bytes(const State& s);

}  // namespace cardboard
