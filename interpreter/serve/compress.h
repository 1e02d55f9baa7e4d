// The content codings of the server's answers: brotli or gzip as the
// browser accepts them, at a setting that costs about a millisecond for the
// largest answer (cpp-httplib's own, brotli at its best, costs 20 ms an
// answer and 130 for the page's files: see docs/serve.md).
#pragma once

#include <string>
#include <string_view>

namespace cardboard {

enum class Coding { kIdentity, kGzip, kBrotli };

// What an Accept-Encoding header allows, brotli first; a coding given
// q=0 is refused.
Coding accepted_coding(std::string_view accept_encoding);

// The Content-Encoding value (nullptr for identity).
const char* coding_name(Coding coding);

// `bytes` in `coding` (identity: unchanged).
std::string compress(std::string_view bytes, Coding coding);

}  // namespace cardboard
