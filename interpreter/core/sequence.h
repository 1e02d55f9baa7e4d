// The sequence of play as a walk over positions (core/state.h's
// SequencePosition): the set-up (the game's setup function, then the
// scenario's), then turns of phases of steps, a phase repeated once per side
// or a number of impulses, until the scenario's last turn or the safety
// limit, then the end (at_end). Pure functions of the definition and the
// position: the game (script/game.h) runs the Lua function each step names.
#pragma once

#include <string>

#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

// The position of the end of the game (at_end runs there).
constexpr int kEndPhase = -2;

// Where the walk stands before running anything at `pos`.
enum class StepKind {
  kRun,         // run the function step_function names (maybe empty: nothing to run)
  kSetupDone,   // the set-up is over: move to turn 1
  kPastLength,  // the turn is past the scenario's length or the safety limit: move to the end
};
StepKind step_kind(const GameDef& d, const SequencePosition& pos);

// The Lua function to run at `pos` (kRun only): "" when nothing runs there.
const std::string& step_function(const GameDef& d, const SequencePosition& pos);

// Moves `pos` past the step that ran. Returns true when this took it to the
// end of the game (after the scenario's last turn or the safety limit).
bool advance(const GameDef& d, SequencePosition& pos);

// Whether `pos` is at the start of a phase (its first step, first repeat):
// a quiet point, where snapshots are taken.
bool at_phase_start(const SequencePosition& pos);

// The side whose phase it is (a phase repeated per side), or -1.
int phasing_side(const GameDef& d, const SequencePosition& pos);
// The current phase and step definitions, or null (set-up, the end).
const PhaseDef* current_phase(const GameDef& d, const SequencePosition& pos);
const StepDef* current_step(const GameDef& d, const SequencePosition& pos);

// "turn 3, Battle Phase, step 'fire'", "set-up", "turn 7, end of game".
std::string position_text(const GameDef& d, const SequencePosition& pos);

}  // namespace cardboard
