-- The Next War in Lebanon: the Joint Operations Phase (5.0(2)B, 6.3): the
-- phasing side plays its chits one at a time, each for one of the functions
-- tables.joint_ops gives its staff (16.0), until it ends the phase.
--
-- ACTIONS[action] = { targets = function(side) -> a non-empty list when the
-- function can be used now, play = function(side, rule) }. A function of
-- tables.joint_ops without an entry here is not offered: the functions of
-- J-2, J-3, J-4, J-5 and J-6, reactions and combat are still to write.
ACTIONS = {}

-- The side whose player turn it is: the First Player in the first player
-- turn (5.0(1)), the other in the second.
function phasing_side()
  if game.phase() == "first_player_turn" then return vars.first_player end
  return vars.first_player == "idf" and "insurgent" or "idf"
end

-- The functions `side` may play now, as choices, one for each staff in its
-- hand and each of that staff's functions it can use.
local function playable(side)
  local choices = {}
  for _, staff in ipairs(staffs_in_hand(side)) do
    for i, f in ipairs(tables.joint_ops) do
      local a = ACTIONS[f.action]
      local mine = false
      for _, s in ipairs(f.sides) do mine = mine or s == side end
      if f.staff == staff and mine and not f.reaction and a then
        local targets = a.targets(side)
        if #targets > 0 then
          choices[#choices + 1] = { option = f.staff .. f.letter, text = { "%s %s: %s", f.staff, f.letter, f.words }, row = i }
        end
      end
    end
  end
  return choices
end

-- 5.0(2)B, 6.3 the phasing side plays chits until it ends the phase, after
-- the battles of zones holding both sides (ruling N14).
function joint_operations_phase()
  start_of_phase_battles()
  local side = phasing_side()
  while true do
    local choices = playable(side)
    choices[#choices + 1] = "end_phase"
    local c = ask(side, "6.3", { prompt = "Play a Joint Ops chit", choices = choices })
    if c == "end_phase" then
      -- 7.2C: evasion lasts until the end of the phase.
      for _, z in ipairs(ZONES) do
        for _, side in ipairs({ "idf", "insurgent" }) do
          for _, u in ipairs(units_on_map(side, function(u) return pieces.marked(u, "evading") end, { z })) do
            pieces.unmark(u, "evading", "7.2C")
          end
        end
      end
      return
    end
    local f = tables.joint_ops[c.row]
    play_chit(side, f.staff, f.rule)
    log(f.rule, "%S played a %s chit to %s", side, f.staff, f.words)
    ACTIONS[f.action].play(side, f.rule)
  end
end
