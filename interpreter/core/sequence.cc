#include "core/sequence.h"

namespace cardboard {

namespace {

int repeats_of(const GameDef& d, const PhaseDef& ph) {
  switch (ph.repeat) {
    case PhaseDef::Repeat::kEachSide: return static_cast<int>(d.sides.size());
    case PhaseDef::Repeat::kTimes: return ph.times;
    case PhaseDef::Repeat::kOnce: break;
  }
  return 1;
}

const std::string kNothing;

}  // namespace

StepKind step_kind(const GameDef& d, const SequencePosition& pos) {
  if (pos.in_setup) return pos.step >= 2 ? StepKind::kSetupDone : StepKind::kRun;
  if (pos.phase == kEndPhase) return StepKind::kRun;
  const bool past_length = d.last_turn > 0 && pos.turn > d.last_turn;
  if (past_length || pos.turn > d.sequence.max_turns) return StepKind::kPastLength;
  return StepKind::kRun;
}

const std::string& step_function(const GameDef& d, const SequencePosition& pos) {
  if (pos.in_setup) return pos.step == 0 ? d.sequence.setup : pos.step == 1 ? d.setup_script : kNothing;
  if (pos.phase == kEndPhase) return d.sequence.at_end;
  const StepDef* step = current_step(d, pos);
  return step ? step->run : kNothing;
}

bool advance(const GameDef& d, SequencePosition& pos) {
  if (pos.in_setup) {
    ++pos.step;
    return false;
  }
  if (pos.phase == kEndPhase || pos.phase < 0 || pos.phase >= static_cast<int>(d.sequence.phases.size())) return false;
  const PhaseDef& ph = d.sequence.phases[pos.phase];
  if (++pos.step < static_cast<int>(ph.steps.size())) return false;
  pos.step = 0;
  if (++pos.repeat < repeats_of(d, ph)) return false;
  pos.repeat = 0;
  if (++pos.phase < static_cast<int>(d.sequence.phases.size())) return false;
  pos.phase = 0;
  // After the scenario's last turn, or the turn limit, comes the end (at_end),
  // still in that turn: game.turn() there is the last turn played.
  const bool last_played = d.last_turn > 0 && pos.turn >= d.last_turn;
  if (last_played || pos.turn >= d.sequence.max_turns) {
    pos.phase = kEndPhase;
    return true;
  }
  ++pos.turn;
  return false;
}

bool at_phase_start(const SequencePosition& pos) {
  return !pos.in_setup && pos.phase >= 0 && pos.step == 0 && pos.repeat == 0;
}

const PhaseDef* current_phase(const GameDef& d, const SequencePosition& pos) {
  if (pos.in_setup || pos.phase < 0 || pos.phase >= static_cast<int>(d.sequence.phases.size())) return nullptr;
  return &d.sequence.phases[pos.phase];
}

const StepDef* current_step(const GameDef& d, const SequencePosition& pos) {
  const PhaseDef* ph = current_phase(d, pos);
  if (!ph || pos.step < 0 || pos.step >= static_cast<int>(ph->steps.size())) return nullptr;
  return &ph->steps[pos.step];
}

int phasing_side(const GameDef& d, const SequencePosition& pos) {
  const PhaseDef* ph = current_phase(d, pos);
  if (!ph || ph->repeat != PhaseDef::Repeat::kEachSide) return -1;
  return pos.repeat >= 0 && pos.repeat < static_cast<int>(d.sides.size()) ? pos.repeat : -1;
}

std::string position_text(const GameDef& d, const SequencePosition& pos) {
  if (pos.in_setup) return "set-up";
  std::string s = "turn " + std::to_string(pos.turn);
  if (const PhaseDef* ph = current_phase(d, pos)) {
    s += ", " + ph->title;
    if (ph->steps.size() > 1 && pos.step < static_cast<int>(ph->steps.size())) s += ", step '" + ph->steps[pos.step].id + "'";
  } else if (pos.phase == kEndPhase) {
    s += ", end of game";
  }
  return s;
}

}  // namespace cardboard
