// A running game: a definition, its rules loaded in a sandbox, and the
// kernel state. The game walks the sequence of play and calls the rules; a
// rules procedure runs in a coroutine that `ask` suspends until the acting
// side decides. Between two steps no coroutine is alive (a quiet point), so
// the state alone describes the game there; snapshots are taken at every
// phase start, which is a quiet point.
//
// Contract: after start(), restore() or act() return ok, the game is either
// finished or waiting on state().pending. After an error the game is broken
// (is_broken()) and must be rebuilt from a save or restarted; the error's
// kind says whose fault it was (a rejected action, or a failing script).
#pragma once

#include <array>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/dice.h"
#include "core/game_def.h"
#include "core/state.h"
#include "script/sandbox.h"

namespace cardboard {

// Remembers which Lua string (by address) named which location or side.
struct NameCache {
  struct Slot {
    const char* text = nullptr;
    int index = -1;
  };
  std::array<Slot, 256> slots;
};

struct Event {
  // kReveal: a piece shown to a side that did not see it (a move to a more
  // open place, pieces.set_visibility), an information barrier for undo.
  enum class Kind { kSequence, kRoll, kDraw, kMove, kDecision, kLog, kResult, kReveal };
  Kind kind = Kind::kLog;
  std::string rule;
  std::string text;
  int visible_to = -1;  // -1 every side, else the side index that may see it
};

const char* event_kind_name(Event::Kind k);

class Game {
 public:
  // Builds the sandbox and loads the rules. The definition must outlive nothing:
  // the game holds a shared reference.
  static Result<std::unique_ptr<Game>> create(std::shared_ptr<const GameDef> def, SandboxLimits limits = {});
  ~Game();

  // Resets to a new game: the scenario's set-up, then the rules until the
  // first decision. Forced dice and draws already queued are used.
  Status start(uint64_t seed);
  // Resets to a snapshot taken at a quiet point and runs to the next decision.
  Status restore(const State& snapshot, const std::deque<int>& forced_dice = {});
  // Takes the pending decision's choice (0-based) and runs to the next one.
  Status act(int choice);
  // Resolves "3" (1-based number) or the exact text of a choice to an index.
  Result<int> parse_choice(const std::string& choice) const;

  const GameDef& def() const { return *def_; }
  std::shared_ptr<const GameDef> def_ptr() const { return def_; }
  const State& state() const { return state_; }
  State& mutable_state() { return state_; }
  uint64_t seed() const { return seed_; }
  bool is_broken() const { return broken_; }
  bool at_quiet_point() const { return co_ == nullptr; }

  // Forced values for tests and tutorials: the next die faces, and the next
  // draws from a deck or cup by piece type (id or printed name).
  ForcedDice& forced_dice() { return forced_dice_; }
  Status force_draws(const std::string& location, const std::vector<std::string>& types);
  bool has_forced() const;
  void clear_forced();
  const std::map<int, std::deque<int>>& forced_draws() const { return forced_draws_; }

  // Events since the last clear. Recording can be switched off (bots, benchmarks):
  // the rules then skip formatting log text.
  std::vector<Event>& events() { return events_; }
  void set_record_events(bool on) { record_events_ = on; }
  bool record_events() const { return record_events_; }
  void emit(Event::Kind kind, std::string rule, std::string text, int visible_to = -1);

  // A decider takes a decision as soon as the rules ask it, without
  // suspending them: a bot, or the recorded choices of a save being
  // re-applied. It sees the state with the decision pending (so it can hash
  // it; the prompt, presentation only, is filled in just for a decision left
  // to act()) and returns the choice's index, or -1 to leave it to act().
  // Suspending costs a C++ exception in Lua built as C++; deciding inline
  // costs nothing, which is what makes bots and replays fast.
  using Decider = std::function<int(Game&)>;
  void set_decider(Decider decider) { decider_ = std::move(decider); }
  bool has_decider() const { return static_cast<bool>(decider_); }
  int decide() { return decider_(*this); }
  // Logs the choice of the pending decision and clears it; -1 when out of range.
  int take_choice(int choice);
  // Where ask writes a new decision before swapping it into the state: it
  // holds the last decision taken, so its strings keep their room.
  Decision& spare_decision() { return spare_decision_; }

  // Called with the state at every phase start (and at the start of the game).
  void set_snapshot_hook(std::function<void(const State&)> hook) { snapshot_hook_ = std::move(hook); }

  // Kernel services used by the Lua API.
  Result<int> roll(const DiceSpec& spec, std::vector<int>& faces);
  int draw_from(int location);  // index of the drawn piece or -1 when empty; honors forced draws
  Sandbox& sandbox() { return *sandbox_; }
  // Keeps the pending decision's Lua choices (a registry reference) until act().
  void set_choices(int registry_ref) { choices_ref_ = registry_ref; }
  void finish(std::string result, int winner);

  // Caches of name lookups for the Lua API (lua_api.cc).
  NameCache& location_cache() { return location_cache_; }
  NameCache& side_cache() { return side_cache_; }

  // The current phase and step for messages ("turn 3, Battle Phase").
  std::string where() const;

 private:
  explicit Game(std::shared_ptr<const GameDef> def);
  Status load_rules();
  const State& setup_pieces();
  void apply_setup();
  Status run(int nargs);
  Status begin_step();
  // What a finished step returned: true when it ended the game.
  Result<bool> step_result(int nres);
  void advance();
  Status fail(Error e);
  void drop_coroutine();

  std::shared_ptr<const GameDef> def_;
  std::optional<State> setup_pieces_;  // the set-up's pieces before shuffling (setup_pieces())
  std::unique_ptr<Sandbox> sandbox_;
  State state_;
  uint64_t seed_ = 0;
  bool broken_ = false;

  lua_State* co_ = nullptr;  // the running step's coroutine, null at a quiet point
  int co_ref_ = LUA_NOREF;    // keeps co_ alive in the registry
  Decision spare_decision_;
  lua_State* spare_ = nullptr;  // a finished coroutine, reused for the next step
  int spare_ref_ = LUA_NOREF;
  int choices_ref_ = LUA_NOREF;

  ForcedDice forced_dice_;
  std::map<int, std::deque<int>> forced_draws_;  // location -> piece types
  std::vector<Event> events_;
  bool record_events_ = true;
  std::function<void(const State&)> snapshot_hook_;
  Decider decider_;
  NameCache location_cache_, side_cache_;
};

// The game running in a Lua state (any of its threads).
Game& game_of(lua_State* L);

}  // namespace cardboard
