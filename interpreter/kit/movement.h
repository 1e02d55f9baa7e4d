// Movement over a hex map as the kit's data prices it (kit/movement_def.h):
// what one step costs a movement class, and every hex a piece can reach with
// its allowance, obeying enemy-held hexes and zones of control (kit/zoc.h).
// No Lua is called unless the game gives a hook for its exceptions.
#pragma once

#include <functional>
#include <limits>
#include <vector>

#include "core/error.h"
#include "core/game_def.h"
#include "core/state.h"

namespace cardboard {

struct KitDef;

// What one movement class pays on one hex map, looked up at every step.
struct MoveGrid {
  std::vector<double> enter;  // per cell: the cost to enter it, kProhibited for never
  std::vector<double> cross;  // per cell * 6 + direction: added to cross that hexside, or kProhibited
  std::vector<double> road;   // per cell * 6 + direction: the cost along a road there, or infinity for none
};

// Builds kit.grids[map][class] for every hex map (area maps get empty grids).
void build_move_grids(const GameDef& def, KitDef& kit);

// A piece's movement class (index into MovementDef::classes) and allowance.
int movement_class(const GameDef& def, const State& s, int piece);
double movement_allowance(const GameDef& def, const State& s, int piece);

// The cost for class `cls` of the step from cell a to the adjacent cell b of
// hex map `map`, ignoring other pieces: a road's cost when a road runs
// there (it crosses the hexside by its bridge), else the terrain's plus the
// hexside's; kProhibited when the step cannot be made.
double step_cost(const GameDef& def, int map, int cls, int a, int b);

struct MoveOptions {
  int from = -1;          // the start location (a hex); -1: where the piece is
  double budget = -1;     // below 0: the piece's allowance
  bool zones = true;      // obey enemy zones of control
  // The game's exceptions: given the step and the kit's cost (kProhibited
  // when the kit forbids it), the cost to use; below 0 forbids.
  std::function<double(int from, int to, double cost)> exception;
  // When given, the search stops at the first location reached (its start
  // aside) for which it is true: "is there one" needs no more.
  std::function<bool(int location)> stop_at;
};

struct MoveSearch {
  int map = -1;
  std::vector<double> best;  // per cell: the cheapest cost found, infinity when not reached
  std::vector<int> from;     // per cell: the previous cell of that cheapest path, -1 for none
  std::vector<int> reached;  // the cells reached, the start first, in the order settled
  bool stopped = false;      // stop_at held for the last cell reached
};

// Every cell `piece` can reach on its hex map within the budget: Dijkstra,
// ties to the lower cell (deterministic paths). A hex holding an enemy is
// closed (unless [movement] enemy_hexes = "open"); entering an enemy zone
// ends the move when zones stop; leaving one obeys `leave`, `leave_cost` and
// `zone_to_zone`. Errors: the piece is not on a hex map.
Result<MoveSearch> search_moves(const GameDef& def, const State& s, int piece, const MoveOptions& options);

// The cells of the cheapest path to `to` found by a search, start first; empty when not reached.
std::vector<int> path_to(const MoveSearch& search, int to);

}  // namespace cardboard
