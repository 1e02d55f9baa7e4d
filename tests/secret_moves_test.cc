// The kernel refuses a secret choice whose piece leaves a place another side
// sees piece by piece for one it does not see: that side would read the
// choice by what is left (issue 61.1; docs/lua-api.md, ask's `secret`).
#include <unistd.h>

#include <string>

#include <catch2/catch.hpp>

#include "support.h"

namespace {

const char* kCommittedGame = R"(
[game]
title = "Committed"
scripts = ["committed.lua"]

[[sides]]
id = "red"
title = "Red"

[[sides]]
id = "blue"
title = "Blue"

[[locations]]
id = "open_pool"
title = "Open pool"

[[locations]]
id = "own_pool"
title = "Red's own pool"
visibility = "owner"
owner = "red"

[[locations]]
id = "committed"
title = "Committed"
visibility = "owner"
owner = "red"

[[piece_types]]
id = "one"
name = "+1"
owner = "red"

[[piece_types]]
id = "two"
name = "+2"
owner = "red"

[sequence]
setup = "setup"
max_turns = 1

[[sequence.phases]]
id = "play"
title = "Play"
rule = "1"
run = "play"
)";

// Red commits a marker from `vars.pool`, in secret unless vars.open; with
// vars.flash it is turned face down where it lies before it goes.
const char* kCommittedRules = R"(
function setup()
  for _, pool in ipairs({ "open_pool", "own_pool" }) do
    pieces.create("one", pool)
    pieces.create("two", pool)
  end
end

function play()
  local pool = vars.pool
  local m = ask("red", "1", { prompt = "Commit", pieces = pieces.at(pool), secret = not vars.open })
  if vars.flash then pieces.set_visibility(m, "owner", "1") end
  pieces.move(m, "committed", "1")
end
)";

// The error of Red's commitment from `pool` (empty when it is allowed).
std::string commit(const std::string& pool, bool open, bool flash) {
  std::string vars = "\n[vars]\npool = \"" + pool + "\"\nopen = " + (open ? "true" : "false") +
                     "\nflash = " + (flash ? "true" : "false") + "\n";
  cardboard::testing::TempProject p("cardboard-secret-moves-" + std::to_string(::getpid()), "committed", kCommittedGame, "", {{"committed.lua", kCommittedRules}},
                                    "[scenario]\ngame = \"committed\"\ntitle = \"One\"\n" + vars);
  auto g = cardboard::testing::make_game(p.def());
  cardboard::testing::must_ok(g->start(1));
  REQUIRE(g->state().pending.open());
  const auto s = g->act(1);
  return s.ok() ? "" : s.error().message;
}

}  // namespace

TEST_CASE("secret moves: a secret choice may not take a piece out of a place the other side sees", "[kernel][visibility]") {
  const std::string refused = commit("open_pool", false, false);
  CHECK_THAT(refused, Catch::Contains("committed.lua:13"));
  CHECK_THAT(refused, Catch::Contains("a secret choice of red moves a piece out of 'open_pool', where blue sees every "
                                      "piece, to 'committed', where it does not"));
  // Turned face down first, it is still the piece Blue saw there.
  CHECK_THAT(commit("open_pool", false, true), Catch::Contains("out of 'open_pool'"));
  // From a pool Blue sees only the size of, or asked openly, nothing is read.
  CHECK(commit("own_pool", false, false).empty());
  CHECK(commit("own_pool", false, true).empty());
  CHECK(commit("open_pool", true, false).empty());
}
