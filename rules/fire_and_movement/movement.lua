-- Fire & Movement series rules: movement (5.0), zones of control (6.0) and
-- the mobile movement of 4.1 (research rules-gaps.md 1.3 [P]); the costs,
-- zones and stacking are the kit's, declared in game.toml.

-- A folio's: reinforcements arriving at the start of `side`'s Movement
-- ("movement") or Mobile Movement ("mobile") Phase.
function reinforce(side, phase) end

-- A folio's: whether `unit` may move in this phase at all (a unit that
-- landed this turn may not, for example).
function may_move(unit) return true end

-- A folio's: whether `unit` may end a move, retreat or advance in `hex`
-- (a scenario's play area).
function may_enter(unit, hex) return true end

-- A folio's: called after `unit` entered `hex` by any means (a move, a
-- retreat, an advance), for what standing there does.
function entered(unit, hex) end

-- A folio's: the kit's movement options for `unit`'s moves (docs/kit.md:
-- a `cost` hook closing the hexes a scenario leaves out of play, which a
-- move may not pass through either), or nil for the kit's own.
function movement_options(unit) return nil end

-- 5.0 ruling Q10: a unit that has not moved may always enter one adjacent
-- hex it could enter at all, whatever its cost: no enemy there, not across
-- or into prohibited ground, and room for it. With `first`, the first
-- such hex only (whether there is one).
function minimum_moves(unit, first)
  local out = {}
  for _, hex in ipairs(map.adjacent_moves(unit)) do
    if may_enter(unit, hex) then
      out[#out + 1] = hex
      if first then break end
    end
  end
  return out
end

-- Where `unit` may end its move: the kit's destinations and the minimum
-- move's hexes, by location order, each once; with `costs`, also what the
-- kit's destinations cost ({[hex] = movement points}).
function move_destinations(unit, costs)
  local seen, out = {}, {}
  local reach, cost = kit.destinations(unit, movement_options(unit), costs)
  for _, list in ipairs({ reach, minimum_moves(unit) }) do
    for _, hex in ipairs(list) do
      if not seen[hex] and may_enter(unit, hex) then
        seen[hex] = true
        out[#out + 1] = hex
      end
    end
  end
  table.sort(out)
  return out, cost
end

-- Moves `unit` to `to`: along its cheapest legal path, or, for a minimum
-- move beyond its allowance, the one step. `minimum` says which when the
-- caller knows it (a destination without a cost is a minimum move), and
-- saves a search.
function move_unit(unit, to, rule, minimum)
  local options = movement_options(unit)
  if minimum == nil then minimum = map.path(unit, to, options) == nil end
  if not minimum then
    kit.move(unit, to, rule, options)
  else
    log("5.0", "%P makes the minimum move of one hex", unit)
    pieces.move(unit, to, rule)
  end
  entered(unit, to)
end

-- What each move of `unit` costs, for a player to know before he picks: the
-- movement points of the cheapest legal path, which is the one the move
-- takes (5.0), or that it is the minimum move of ruling Q10. Returns the
-- destinations, their notes and their costs (none for a minimum move).
local MP_NOTES = {}  -- made once: a menu of thirty moves then makes no text
for mp = 0, 60 do MP_NOTES[mp] = mp .. " MP" end

function priced_moves(unit)
  local hexes, costs = move_destinations(unit, true)
  local notes = {}
  for i, hex in ipairs(hexes) do
    local mp = costs[hex]
    notes[i] = mp and (MP_NOTES[mp] or mp .. " MP") or "the minimum move of one hex (5.0)"
  end
  return hexes, notes, costs
end

-- `side` moves its `units` one at a time, each once, until it is done;
-- `mark` is put on each unit that moves.
function move_units(side, units, rule, mark)
  while true do
    -- A unit with a minimum move can move: the costly search of its
    -- destinations waits until it is chosen.
    local movable = {}
    for _, u in ipairs(units) do
      if not pieces.marked(u, "moved") and pieces.location(u) ~= nil and may_move(u)
          and (#minimum_moves(u, true) > 0 or #move_destinations(u) > 0) then
        movable[#movable + 1] = u
      end
    end
    if #movable == 0 then return end
    local unit = ask(side, rule, { prompt = "Move a unit", pieces = movable, text = "%P at %L", options = { "done" } })
    if unit == "done" then return end
    local hexes, notes, costs = priced_moves(unit)
    local to = ask(side, rule, { prompt = { "Move %P to", unit }, piece = unit, to = hexes, notes = notes })
    move_unit(unit, to, rule, costs[to] == nil)
    pieces.mark(unit, "moved")
    if mark then pieces.mark(unit, mark) end
  end
end

-- 5.0 MOVEMENT PHASE: reinforcements first (11.0 in a folio), then any of
-- the player's units may move.
function movement_phase()
  for _, side in ipairs(phasing_sides()) do
    reinforce(side, "movement")
    move_units(side, units_of(side), "5.0")
  end
end

-- 4.1 MOBILE MOVEMENT PHASE: only mobile units that did not move in the
-- Movement Phase (an advance after combat is no move: ruling Q14).
local MOBILE = pieces.filter { kind = "unit", values = { class = "mobile" } }
function mobile_movement_phase()
  for _, side in ipairs(phasing_sides()) do
    reinforce(side, "mobile")
    move_units(side, map.pieces(side, MOBILE), "4.1", "mobile_moved")
  end
end
