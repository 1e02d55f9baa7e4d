// Fuzzes the snapshot decoder: a save's snapshots (State::serialize bytes)
// are untrusted input, read by State::read when a save is loaded or undone.
//
// An input is one byte, then the snapshot. The byte's low two bits pick one
// of the project's games (fuzz_support.h), its next three how many
// decisions to take after restoring. A snapshot that decodes must encode to
// bytes that decode to the same state; then it is used as loading a save
// uses it: Game::restore on the game, every reader's view printed as
// `status` prints it, and a few decisions taken (the first choice each time).
//
// Whatever the bytes, decoding and restoring succeed or fail with an error.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.h"

using namespace cardboard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const int game_index = data[0] & 3;
  const int decisions = (data[0] >> 2) & 7;
  auto state = State::read(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
  if (!state.ok()) {
    fuzz::check(!state.error().message.empty(), "a refused snapshot says why");
    return 0;
  }
  const std::string bytes = state->serialize();
  auto again = State::read(bytes);
  fuzz::check(again.ok() && again->serialize() == bytes, "a decoded snapshot encodes to a snapshot of the same state");
  fuzz::check(again->hash() == state->hash(), "a decoded snapshot keeps its hash");

  Game& g = fuzz::game(game_index);
  if (!g.restore(*state).ok()) return 0;
  for (int i = 0;; ++i) {
    fuzz::print_views(g);
    if (i == decisions || g.state().finished || !g.state().pending.open()) break;
    if (!g.act(0).ok()) break;
  }
  return 0;
}
