// Fuzzes action parsing: the CHOICE of `cardboard act SAVE CHOICE` and of
// the prompt of `play` (a 1-based number or a choice's exact text), which
// History::act hands to Game::parse_choice before anything is recorded.
//
// An input is one byte, then the choice's text. The byte's low two bits pick
// one of the project's games (fuzz_support.h), started with seed 1, its
// next four how many decisions to take first (the first choice each time),
// so the text meets different prompts. A parsed choice must be one of
// the open choices, and taking it succeeds or fails with an error.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"

using namespace cardboard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  Game& g = fuzz::fresh_game(data[0] & 3);
  const int decisions = (data[0] >> 2) & 15;
  for (int i = 0; i < decisions && !g.state().finished && g.state().pending.open(); ++i)
    if (!g.act(0).ok()) return 0;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto choice = g.parse_choice(text);
  if (!choice.ok()) {
    fuzz::check(!choice.error().message.empty(), "a refused choice says why");
    return 0;
  }
  const auto open = g.state().pending.choices.size();
  fuzz::check(*choice >= 0 && static_cast<size_t>(*choice) < open, "a parsed choice is one of the open choices");
  (void)g.act(*choice);
  return 0;
}
