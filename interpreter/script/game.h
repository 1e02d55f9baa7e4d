// A running game: a definition, its rules loaded in a sandbox, and the
// kernel state. The game walks the sequence of play (core/sequence.h) and
// calls the rules; a rules procedure runs in a coroutine that `ask` suspends
// until the deciding side decides. Between two steps no coroutine is alive
// (a quiet point), so the state alone describes the game there; snapshots
// are taken at every phase start, which is a quiet point.
//
// Contract: after start(), restore() or act() return ok, the game is either
// finished or waiting on state().pending. After an error the game is broken
// (is_broken()) and must be rebuilt from a save or restarted; the error's
// kind says whose fault it was (rejected input, or a failing script).
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/event.h"
#include "core/forced_input.h"
#include "core/game_def.h"
#include "core/state.h"
#include "script/runtime.h"
#include "script/sandbox.h"

namespace cardboard {

class Game {
 public:
  // Builds the sandbox and loads the rules.
  static Result<std::unique_ptr<Game>> create(std::shared_ptr<const GameDef> def, SandboxLimits limits = {});
  ~Game();
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  // Resets to a new game: the scenario's set-up, then the rules until the
  // first decision. Forced dice and draws already queued are used.
  Status start(uint64_t seed);
  // Resets to a snapshot taken at a quiet point and runs to the next decision.
  // A snapshot that does not fit the game (State::check) is refused, the
  // game left as it was.
  Status restore(const State& snapshot);
  // Takes the pending decision's choice (0-based) and runs to the next one.
  Status act(int choice);
  // Resolves a choice as a player or a script names it: its 1-based number,
  // its text as the deciding side reads it, an option's id, or its typed
  // value ("piece=12,to=0402": core/decision.h).
  Result<int> parse_choice(const std::string& choice) const;

  const GameDef& def() const { return rt_.def(); }
  std::shared_ptr<const GameDef> def_ptr() const { return rt_.def_; }
  const State& state() const { return rt_.state(); }
  uint64_t seed() const { return seed_; }
  bool is_broken() const { return broken_; }
  bool at_quiet_point() const { return co_ == nullptr; }

  // The words of the pending decision and of its choices for `reader`.
  std::string prompt_text(int reader) const;
  std::string choice_text(int choice, int reader) const;
  std::string note_text(int choice, int reader) const;

  // Forced input for tests and tutorials. force_dice refuses a face no die
  // shows (below 0 or above 1000); force_draws refuses a location that is not
  // a deck or a cup, and a card no piece of that deck or cup can be (names
  // are resolved within it). A forced die out of range for the die rolled,
  // or a forced card that is not in the deck when it is drawn, fails the
  // action as rejected input.
  Status force(const ForcedInput& f);
  // What is queued and not yet used, by ids.
  ForcedInput forced_left() const;
  bool has_forced() const;
  void clear_forced();

  // Events since the last clear_events(). Recording can be switched off
  // (bots, loading); every argument is still checked.
  const std::vector<Event>& events() const { return rt_.events_; }
  void clear_events() { rt_.events_.clear(); }
  void set_record_events(bool on) { rt_.recording_ = on; }
  bool record_events() const { return rt_.recording_; }

  // A decider takes a decision as soon as the rules ask it, without
  // suspending them: a bot, or the recorded choices of a save being
  // re-applied. It sees the state with the decision pending (so it can hash
  // it) and returns the choice's index, or -1 to leave it to act(); only
  // then are the decision's words read. Suspending costs a C++ exception in
  // Lua built as C++; deciding inline costs nothing, which is what makes
  // bots and replays fast.
  using Decider = std::function<int(Game&)>;
  void set_decider(Decider decider) { rt_.decider_ = std::move(decider); }

  // Called with the state at every phase start (and at the start of the game).
  void set_snapshot_hook(std::function<void(const State&)> hook) { snapshot_hook_ = std::move(hook); }

  // Where a search branches from (bots/mcts.h): the state at the last quiet
  // point that restore() takes (the start, a restore, a phase start) and the
  // choices taken since. Restoring `quiet` on another game of the same
  // definition and taking `path` again puts it at this game's decision,
  // without re-running the game from its start. Kept only while tracking is
  // on (it costs a copy of the state at every phase start); null when off.
  // Each step of the path says whose choice it was and whether it was
  // secret (PathStep): a search takes again what its side saw, and samples
  // what another side chose in secret (bots/mcts.cc).
  struct BranchPoint {
    State quiet;
    std::vector<PathStep> path;
    bool set = false;  // whether `quiet` is a quiet point yet (turned on mid-game: not until the next phase)
  };
  void set_branch_tracking(bool on);
  const BranchPoint* branch_point() const { return branch_.get(); }
  // Whether the pending decision is secret (ask's `secret`).
  bool pending_is_secret() const { return rt_.secret_decision(); }

  // The state, for a search to change at a decision of its own game: to
  // sample what its side cannot see, and to give the dice of the moves it
  // tries a generator of its own (bots/determinize.h). The rules read the
  // changes when they resume. Nothing else changes a game this way.
  State& state_for_search() { return rt_.state_; }

  // Whether the rules define a global function `name` (bot_eval, bot_order).
  bool has_function(const std::string& name) const;
  // Calls the rules' global function `fn` with a side's id (and `extra`,
  // when given, as a second argument), at a decision (not inside one: the
  // game is suspended or finished) and returns what it returned (plain:
  // core/value.h). It reads the game and may not change it,
  // roll, draw or ask; one that changes it is an error and the game, put
  // back, is_broken(). For the functions a game gives its bots (docs/bots.md).
  // With `with_decision`, at a suspended decision, the function gets one more
  // argument: {rule =, choices =}, the decision's rule and, for each open
  // choice in order, the value `ask` would return for it.
  Result<Value> call_reader(const std::string& fn, int side, const std::string* extra = nullptr,
                            bool with_decision = false);

  // The current phase and step for messages ("turn 3, Battle Phase").
  std::string where() const;

  // Runs Lua text in the game's sandbox with the rules API (tests, tools):
  // it may read and change the state, not ask. The value it returns must
  // be plain (nil, boolean, number, string, table of those).
  Result<Value> run_lua(const std::string& code, const std::string& chunk_name);
  // The Lua sandbox the rules run in, for tests and tools that measure it
  // (its memory, its limits); the rules' API needs none of it.
  Sandbox& sandbox() { return *rt_.sandbox_; }

  // The names of the globals the rules and the kernel define (for lint).
  std::set<std::string> rules_globals() const;

  // What the game's view function ([view] summary) says for `reader` (a
  // side, kEveryone or kPublicOnly): lines for the whole board, and a line
  // for some locations (by index, in order). It runs with the pieces the
  // reader does not see hidden from it, cannot roll, draw or ask, and
  // leaves the game as it was; one that changes the game is an error, and
  // the game, put back, is_broken() (rebuilt before it acts). Empty when the
  // game declares none.
  struct ViewSummary {
    std::vector<std::string> lines;
    std::vector<std::pair<int, std::string>> locations;
  };
  Result<ViewSummary> view_summary(int reader);

  // The local variables of the step suspended in `ask`, innermost function
  // first, for an author's diagnosis: where ("transfer_one, phases.lua:107"),
  // the name, and the value in short ("3", "\"north\"", "{[12] = true}").
  // Empty at a quiet point.
  struct Local {
    std::string where, name, value;
  };
  std::vector<Local> suspended_locals() const;

 private:
  explicit Game(std::shared_ptr<const GameDef> def);
  Status load_rules();
  const State& setup_pieces();
  void apply_setup();
  // A scenario's [position] in place of the set-up (core/position.h).
  void apply_position(const ScenarioPosition& at);
  Status run_from_position(const ScenarioPosition& at);
  Status run(int nargs);
  Status begin_step();
  // Pushes on `on` the function a step runs, named by `fn`, a string of the
  // definition (step_function).
  void push_step_function(lua_State* on, const std::string& fn);
  // What a finished step returned: true when it ended the game.
  Result<bool> step_result(int nres);
  void advance();
  Status fail(Error e);
  void drop_coroutine();
  // A lua_CFunction (the Game its light userdata argument): pushes {rule =,
  // choices =} of the decision the rules are suspended in (call_reader).
  static int push_pending_decision(lua_State* L);
  Error rules_failure(const std::string& traceback);

  Runtime rt_;
  std::optional<State> setup_pieces_;  // the set-up's pieces before shuffling (setup_pieces())
  uint64_t seed_ = 0;
  bool broken_ = false;
  lua_State* co_ = nullptr;  // the running step's coroutine, null at a quiet point
  int co_ref_ = LUA_NOREF;    // keeps co_ alive in the registry
  lua_State* spare_ = nullptr;  // a finished coroutine, reused for the next step
  int spare_ref_ = LUA_NOREF;
  std::unordered_map<const std::string*, int> step_functions_;  // a step's name in the definition -> its function's registry ref
  std::function<void(const State&)> snapshot_hook_;
  std::unique_ptr<BranchPoint> branch_;  // while tracking
  // Starts a branch point at the current state (a quiet point), when tracking.
  void mark_quiet();
};

}  // namespace cardboard
