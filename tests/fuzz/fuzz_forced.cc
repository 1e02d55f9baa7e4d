// Fuzzes forced input, in its three forms: the text a save records with an
// action (decode_forced), the --dice argument (parse_face_list) and the
// --draw arguments (ForcedArgs::parse, one argument a line).
//
// An input is one byte, then the text. The byte modulo 3 picks the form, the
// byte divided by 3 one of the project's games (fuzz_support.h), started
// with seed 1. Forced input that parses is queued on the game as History::act
// queues it, and the game's first choice taken; input the game accepts is
// what a save records, so it must encode to text that decodes to the same
// input. Whatever the text, each step succeeds or fails with an error.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cli/save_args.h"
#include "core/dice.h"
#include "fuzz_support.h"
#include "store/save_file.h"

using namespace cardboard;

namespace {

Result<ForcedInput> parse(int form, std::string_view text) {
  if (form == 0) return decode_forced(text);
  if (form == 1) {
    auto faces = parse_face_list(text);
    if (!faces.ok()) return faces.error();
    ForcedInput f;
    f.dice = *faces;
    return f;
  }
  ForcedArgs args;
  for (size_t at = 0; at <= text.size();) {
    size_t eol = text.find('\n', at);
    if (eol == std::string_view::npos) eol = text.size();
    args.draws.emplace_back(text.substr(at, eol - at));
    at = eol + 1;
  }
  return args.parse();
}

bool same(const ForcedInput& a, const ForcedInput& b) { return a.dice == b.dice && a.draws == b.draws; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const int form = data[0] % 3;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto forced = parse(form, text);
  if (!forced.ok()) {
    fuzz::check(!forced.error().message.empty(), "refused forced input says why");
    return 0;
  }
  if (form == 0) {
    auto again = decode_forced(encode_forced(*forced));
    fuzz::check(again.ok() && same(*again, *forced), "decoded forced input encodes to the same input");
  }

  Game& g = fuzz::fresh_game(data[0] / 3);
  if (!g.force(*forced).ok()) return 0;
  auto recorded = decode_forced(encode_forced(*forced));
  fuzz::check(recorded.ok() && same(*recorded, *forced), "accepted forced input is recorded as it was given");
  if (!g.state().finished && g.state().pending.open()) (void)g.act(0);
  return 0;
}
