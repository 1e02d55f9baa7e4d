// A bot takes the decisions of one side. Any side of any game can be a
// person or a bot: the command line names bots `--bot SIDE=NAME[:KEY=VALUE,...]`
// (sim, balance, play, serve), e.g. `israel=mcts:iterations=500,c=0.7`.
// The bots are the random one (bots/random_bot.h), Monte Carlo tree
// search (bots/mcts.h) and the game's scripted player (bots/policy_bot.h);
// docs/bots.md says what each parameter does.
//
// A bot sees its side's view only: the random bot looks at nothing but the
// number of choices; a search samples what its side cannot see before it
// uses the position (bots/determinize.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "script/game.h"

namespace cardboard {

struct BotSpec {
  int side = -1;     // side index
  std::string name;  // random, mcts, policy
  std::vector<std::pair<std::string, std::string>> params;  // as given, in order
  std::string text;  // as given ("israel=mcts:iterations=500"), for reports
};

// Reads "SIDE=NAME[:KEY=VALUE,...]". An error names the part that is wrong
// and what would be right (the game's sides, the bots, their parameters).
// `option` is the command line's option the text came from, for errors.
Result<BotSpec> parse_bot_spec(std::string_view text, const GameDef& def, std::string_view option = "--bot");
// The side a bot text names ("israel" of "israel=mcts:c=1"), or "" when it
// names none ("mcts:c=1", "random").
std::string spec_side(std::string_view text);
// Checks "NAME[:KEY=VALUE,...]" alone (a bot for no game yet: serve --bot).
Status check_bot_text(std::string_view text, std::string_view option = "--bot");
// Reads several, one a side: naming a side twice, or an automatic side
// (the rules play it), is an error.
Result<std::vector<BotSpec>> parse_bot_specs(const std::vector<std::string>& texts, const GameDef& def);
// One line a bot: its name, what it does and its parameters (for --help).
std::string bot_help();

// What a bot decides from: the game waiting on a decision of the bot's
// side, and where a search branches from (Game::BranchPoint; null when the
// game does not track it). `stop`, when given, is asked between a search's
// iterations: true ends the search with what it has found (after one
// iteration at least), whatever its parameters (serve's time limit, a
// server stopping, a game that moved on).
struct BotPosition {
  const GameDef* def = nullptr;
  const State* now = nullptr;
  const Game::BranchPoint* branch = nullptr;
  const std::function<bool()>* stop = nullptr;
  static BotPosition of(const Game& g) { return {&g.def(), &g.state(), g.branch_point()}; }
};

class Bot {
 public:
  virtual ~Bot() = default;
  // Whether choose() is cheap enough to run inside the rules' ask, as a
  // decider (script/game.h): the random bot is. A search runs games of its
  // own and is asked at a suspended decision instead.
  virtual bool decides_inline() const { return false; }
  // Whether it needs the game's branch point (Game::set_branch_tracking).
  virtual bool needs_branch_point() const { return false; }
  // The choice (0-based) for the pending decision, which is its side's.
  virtual Result<int> choose(const BotPosition& position) = 0;
  // A new game: its decisions are seeded from `seed` (and the seed the
  // spec gave, if any), so game i of a run plays the same in any process.
  virtual void reseed(uint64_t seed) = 0;
  // Of its last decision: the iterations of a search left out because the
  // rules failed in their sampled world (bots/mcts.h); 0 for a bot that
  // does not sample.
  virtual int64_t samples_failed() const { return 0; }
  // 1 when its last decision's search failed in every sample and the
  // choice was taken without it (bots/mcts.h); 0 otherwise.
  virtual int64_t searches_failed() const { return 0; }
};

// The bot `spec` names, for the game `def`, seeded with `seed` unless the
// spec gives a seed. A bot's generator is its own: it never changes the
// game's dice.
Result<std::unique_ptr<Bot>> make_bot(const BotSpec& spec, std::shared_ptr<const GameDef> def, uint64_t seed);

}  // namespace cardboard
