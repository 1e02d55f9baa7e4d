-- Fire & Movement series rules: the sequence of play (4.1, research
-- rules-gaps.md 1.3 [P]) and the hooks a folio fills. A folio's scripts run
-- after these and redefine the globals marked "a folio's" below; the
-- series' functions look them up when they run.

-- A folio's: the two players, each the sides it plays, as
-- { first = {side, ...}, second = {side, ...} }. Sides of one player move
-- and attack in the same phases (one after the other, in this order).
function players()
  error("a Fire & Movement folio defines players(): { first = {sides}, second = {sides} }")
end

-- A folio's: the set-up before turn 1 (the series has none of its own).
function setup_forces() end

-- A folio's: the end of the game after its last turn (it calls game.finish).
function final_victory() game.finish("the last turn is over") end

-- A folio's: what happens at the end of each game turn, after the series'
-- own (International Pressure, victory checks).
function end_of_turn() end

-- The sides whose phase it is: the first or the second player's.
function phasing_sides()
  local who = game.phase():match("^(%a+)_")
  return players()[who]
end

-- The player ("first" or "second") `side` belongs to, or nil.
function player_of(side)
  for _, who in ipairs({ "first", "second" }) do
    for _, s in ipairs(players()[who]) do
      if s == side then return who end
    end
  end
  return nil
end

-- The sides hostile to `side` (game.allied: one side or allies), in the
-- game's side order.
function enemies_of(side)
  local out = {}
  for _, s in ipairs(game.sides()) do
    if not game.allied(side, s) then out[#out + 1] = s end
  end
  return out
end

local UNITS = pieces.filter { kind = "unit" }

-- `side`'s units on the map, by piece id.
function units_of(side)
  return map.pieces(side, UNITS)
end

-- The units of every enemy of `side` on the map, by piece id.
function enemy_units(side)
  local out = {}
  for _, s in ipairs(enemies_of(side)) do
    for _, u in ipairs(units_of(s)) do out[#out + 1] = u end
  end
  table.sort(out)
  return out
end

-- Whether an enemy unit of `side` stands in `hex`.
function enemy_in(side, hex)
  for _, u in ipairs(pieces.at(hex, UNITS)) do
    if not game.allied(side, pieces.owner(u)) then return true end
  end
  return false
end

function setup()
  setup_forces()
end

-- 4.1 step 4: the phase markers of a player's units come off when its
-- turn ends, so the next turn starts afresh.
function clear_marks(sides)
  for _, side in ipairs(sides) do
    for _, u in ipairs(units_of(side)) do
      for _, m in ipairs({ "moved", "mobile_moved", "attacked" }) do
        if pieces.marked(u, m) then pieces.unmark(u, m) end
      end
    end
  end
end

-- 4.1 step 4 END OF THE GAME TURN: used and withheld support markers go
-- back to their pools (8.6); then the folio's end of turn.
function turn_end()
  for _, box in ipairs({ "support_used", "support_withheld" }) do
    for _, m in ipairs(pieces.at(box)) do pieces.move(m, support_pool(pieces.owner(m)), "8.6") end
  end
  end_of_turn()
end
