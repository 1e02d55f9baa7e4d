// The part of a running game that the Lua API works on: the state, the
// log, the forced input, the decision being asked and the deciders. Only the
// binding files (script/lua_*.cc) and Game use it; everyone else sees a game
// through Game's public interface (script/game.h).
//
// Invariant: events are kept only while recording(); every call that would
// make one checks its arguments whether or not it records, so a bot meets
// the errors a player meets.
#pragma once

#include <array>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <lua.hpp>

#include "core/dice.h"
#include "core/event.h"
#include "core/game_def.h"
#include "core/state.h"
#include "script/anchored_names.h"
#include "script/sandbox.h"

namespace cardboard {

class Game;
struct PrintedValues;

// A choice taken since the branch point (Game::BranchPoint): which, whose,
// and whether the decision was secret (ask's `secret`).
struct PathStep {
  int choice = 0;
  int side = -1;
  bool secret = false;
};

// The directives of the formats the rules gave (lua_api.cc's
// format_classes), parsed once and found by the identity of the format's Lua
// string (anchored_names.h): a format is nearly always a literal, one string
// object, so a hit needs no comparison of texts. Each string kept is
// anchored in the registry for good. What is kept does not depend on
// addresses: the first kMaxKept formats seen, each of at most kMaxKeptBytes
// (a longer or a later one is parsed at each use), so the Lua bytes the
// cache holds, which count against the memory cap, are the same in every
// process. A format kept never changes: a reference to it stays good while
// rules code runs (a __tostring may log).
struct FormatCache {
  static constexpr size_t kMaxKept = 512;
  static constexpr size_t kMaxKeptBytes = 512;
  struct Format {
    std::vector<ArgClass> classes;
    bool nests = false;  // a directive is %t (a text nested in it)
  };
  FormatCache() { kept.reserve(kMaxKept); }  // never reallocated: references stay good
  AnchoredNames ids;          // format string -> its index in kept
  std::vector<Format> kept;
  Format scratch;             // format_classes' answer for a format not kept
};

// Where a run of a decision's choices came from in the ask that made them
// (script/lua_game.cc): which of its lists, how many, for a range of
// numbers the first, and whether the list was left frozen in ask's stack
// slot (a constant list of locations found by its address).
struct ChoiceSegment {
  uint8_t source = 0;
  int count = 0;
  int64_t first = 0;
  bool frozen = false;
};

class Runtime {
 public:
  explicit Runtime(std::shared_ptr<const GameDef> def);
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  const GameDef& def() const { return *def_; }
  State& state() { return state_; }
  const State& state() const { return state_; }
  Sandbox& sandbox() { return *sandbox_; }

  // The log.
  bool recording() const { return recording_; }
  // An event is kept only when recording; its bytes count against the
  // sandbox's memory cap (a call that logs without end is stopped).
  void emit(Event e);
  void emit(Event::Kind kind, std::string rule, LazyText text, int visible_to = -1) {
    if (recording_) emit(Event{kind, std::move(rule), std::move(text), visible_to});
  }
  // A plain text with no placeholders (a sequence step's title).
  void emit_plain(Event::Kind kind, std::string rule, const std::string& text);

  // Dice and draws, with the forced input queued by a test or a command.
  Result<int> roll(const DiceSpec& spec, std::vector<int>& faces);
  // A buffer for the faces of a roll whose faces are not kept past it,
  // kept from one roll to the next (such a roll needs no allocation).
  std::vector<int>& dice_faces() { return dice_faces_; }
  // The piece a draw from `location` takes (a forced one first), or -1 when
  // it is empty; `blind` draws at random, else the top. A forced draw that
  // cannot be honoured is an error (rejected input), not a random draw.
  Result<int> draw_from(int location, bool blind);

  // A decision: ask writes it into spare_decision(), then swaps it in.
  Decision& spare_decision() { return spare_decision_; }
  // Whether the pending decision is secret: the event of the choice taken
  // is then its side's alone. Set by each ask (the rules run again on a
  // load, so it needs no place in the state).
  void set_secret_decision(bool secret) { secret_decision_ = secret; }
  bool secret_decision() const { return secret_decision_; }
  // The side whose secret choice the rules carry out now (from the choice
  // taken until the next ask or step), or -1 after an open one; and the
  // piece that choice took (-1: none).
  int secret_chooser() const { return secret_chooser_; }
  int secret_piece() const { return secret_piece_; }
  bool has_decider() const { return static_cast<bool>(decider_); }
  int decide() { return decider_(*game_); }
  // Logs the choice of the pending decision and closes it; -1 when out of range.
  int take_choice(int choice);
  // Keeps the pending decision's Lua choices (a registry reference) until act().
  void set_choices(int registry_ref) { choices_ref_ = registry_ref; }
  std::vector<ChoiceSegment>& choice_layout() { return choice_layout_; }
  void finish(std::string result, int winner);

  // An error in the input a command gave (a forced die out of range, a
  // forced draw not in the deck): the rules error it raises is reported as
  // rejected input, not as a rules error.
  void set_input_error(std::string message) { input_error_ = std::move(message); }

  // While the rules' files run their top level (Game::load_rules): there is
  // no game yet, so a function that reads or changes it refuses
  // (refuse_while_loading, lua_api.h).
  bool rules_loading() const { return rules_loading_; }

  // While a view function runs for a reader (Game::view_summary): for each
  // piece whether that reader sees it; null otherwise. The pieces it does
  // not see are not there for the rules' queries, and naming one is an error.
  const std::vector<uint8_t>* view_sees() const { return view_sees_; }

  // The location and side ids as strings anchored in this Lua state
  // (script/anchored_names.h), made by open_lua_api.
  AnchoredNames& location_names() { return location_names_; }
  AnchoredNames& side_names() { return side_names_; }
  FormatCache& format_cache() { return format_cache_; }
  // The locations of the rules' frozen lists that ask was given, checked,
  // by the address of the frozen tables (lua_game.cc): their contents never
  // change and they live as long as the state (the registry's proxy_of
  // holds them), so an address names one list for good.
  std::unordered_map<const void*, std::vector<int>>& frozen_location_lists() { return frozen_location_lists_; }
  // The printed values of the piece types as the pieces module reads them
  // (lua_pieces.cc; a userdata of the module owns them).
  PrintedValues* printed_values() const { return printed_values_; }
  void set_printed_values(PrintedValues* v) { printed_values_ = v; }
  // The compiled filters alive in this Lua state (lua_pieces.cc), by the
  // address of their userdata: a filter argument is known by one look-up.
  std::unordered_set<const void*>& compiled_filters() { return compiled_filters_; }
  // The root view of vars (lua_vars.cc), by address.
  const void* vars_root() const { return vars_root_; }
  void set_vars_root(const void* root) { vars_root_ = root; }
  // The longest string this state's Lua interns (short_string_limit).
  size_t short_string_limit() const { return short_string_limit_; }
  void set_short_string_limit(size_t n) { short_string_limit_ = n; }
  // The addresses (lua_topointer) of the interned key strings ask reads its
  // tables by (script/lua_game.cc), in this Lua state.
  std::array<const void*, 18>& key_strings() { return key_strings_; }

 private:
  friend class Game;

  std::shared_ptr<const GameDef> def_;
  Game* game_ = nullptr;  // the game this runtime belongs to, for the decider
  // Before the sandbox: closing the Lua state runs the filters' __gc, which
  // take them out of it.
  std::unordered_set<const void*> compiled_filters_;
  std::unique_ptr<Sandbox> sandbox_;
  State state_;
  std::vector<Event> events_;
  bool recording_ = true;
  bool secret_decision_ = false;
  int secret_chooser_ = -1;
  int secret_piece_ = -1;
  ForcedDice forced_dice_;
  std::map<int, std::deque<std::vector<int>>> forced_draws_;  // location -> queue of acceptable type sets
  std::function<int(Game&)> decider_;
  std::vector<PathStep>* branch_path_ = nullptr;  // the choices since the branch point (Game::BranchPoint), while tracked
  Decision spare_decision_;
  int choices_ref_ = LUA_NOREF;
  std::vector<ChoiceSegment> choice_layout_;
  std::string input_error_;
  AnchoredNames location_names_, side_names_;
  size_t short_string_limit_ = 0;
  FormatCache format_cache_;
  std::vector<int> dice_faces_;
  std::unordered_map<const void*, std::vector<int>> frozen_location_lists_;
  const void* vars_root_ = nullptr;
  PrintedValues* printed_values_ = nullptr;
  std::array<const void*, 18> key_strings_{};
  const std::vector<uint8_t>* view_sees_ = nullptr;
  bool rules_loading_ = false;
};

// The runtime of the game running in a Lua state (any of its threads): the
// host of its sandbox. Inline: the bindings ask at every call.
inline Runtime& runtime_of(lua_State* L) { return *static_cast<Runtime*>(sandbox_of(L).host()); }

}  // namespace cardboard
