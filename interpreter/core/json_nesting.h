// The deepest nesting of arrays and objects in JSON text, strings skipped:
// untrusted JSON (a request, a shard's records) too deeply nested is
// refused before a parser recurses into it (a million '[' would otherwise
// cost a deep recursion).
#pragma once

#include <cstddef>
#include <string_view>

namespace cardboard {

size_t json_nesting(std::string_view text);

}  // namespace cardboard
