-- The Next War in Lebanon: J-2 Intelligence (7.2; 5.0(2)A; rulings OQ16,
-- X7, X10). What a J-2 shows is told to the side that played it alone
-- (`tell`): the log says for all that it looked, never what it saw.


-- The enemy's selected chits: those in its hand not drawn blind (7.2A, X7).
local function selected_chits(enemy)
  local out = {}
  for _, chit in ipairs(pieces.at(chits_of(enemy).hand)) do
    if not pieces.marked(chit, "drawn") then out[#out + 1] = chit end
  end
  return out
end

local function tell_chits(side, enemy, rule)
  local chits = selected_chits(enemy)
  log(rule, "%S examined the chits %S selected", side, enemy)
  if #chits == 0 then
    tell(side, rule, "%S holds no selected chit", enemy)
    return
  end
  local words = {}
  for _ = 1, #chits do words[#words + 1] = "%P" end
  tell(side, rule, "%S selected: " .. table.concat(words, ", "), enemy, table.unpack(chits))
end

-- 7.2A (X10): either side, in its Preparation or Joint Operations Phase.
ACTIONS.examine_selected_chits = {
  targets = function(side) return selected_chits(enemy_of(side)) end,
  play = function(side, rule) tell_chits(side, enemy_of(side), rule) end,
}

-- The enemy TF HQs on the map outside the enemy's sanctuaries (7.2D; OQ16
-- for 7.2B) whose holding box holds a unit.
local function enemy_tfs(side)
  local enemy = enemy_of(side)
  local shielded = {}
  for _, z in ipairs(sanctuaries(enemy)) do shielded[z] = true end
  local out = {}
  for _, z in ipairs(ZONES) do
    if not shielded[z] then
      for _, hq in ipairs(pieces.at(z, { kind = "hq", owner = enemy })) do
        if pieces.count(holding_box(hq), UNITS) > 0 then out[#out + 1] = hq end
      end
    end
  end
  return out
end

local function examine_tf(side, rule)
  local hq = ask(side, rule, { prompt = "Examine which task force?", pieces = enemy_tfs(side) })
  local units = pieces.at(holding_box(hq), UNITS)
  log(rule, "%S examined %P at %L", side, hq, pieces.location(hq))
  local words = {}
  for _ = 1, #units do words[#words + 1] = "%P (%s)" end
  local args = {}
  for _, u in ipairs(units) do
    args[#args + 1] = u
    args[#args + 1] = pieces.face(u) .. (pieces.marked(u, "disrupted") and ", disrupted" or "")
  end
  tell(side, rule, "%P holds " .. table.concat(words, ", "), hq, table.unpack(args))
end

-- 7.2B, 7.2D: the units of one enemy task force.
ACTIONS.examine_task_force = { targets = enemy_tfs, play = examine_tf }
ACTIONS.intelligence_gathering = { targets = enemy_tfs, play = examine_tf }

-- 5.0(2)A the Preparation Phase: the phasing side may play J-2s to examine
-- the chits the enemy selected.
function preparation_phase()
  local side = phasing_side()
  while true do
    local has = false
    for _, staff in ipairs(staffs_in_hand(side)) do has = has or staff == "J-2" end
    if not has or #selected_chits(enemy_of(side)) == 0 then return end
    local c = ask(side, "5.0(2)A", { prompt = "Play a J-2 to examine the enemy's selected chits?",
                                     options = { "examine_chits", "no_examination" } })
    if c == "no_examination" then return end
    play_chit(side, "J-2", "7.2A")
    tell_chits(side, enemy_of(side), "7.2A")
  end
end
