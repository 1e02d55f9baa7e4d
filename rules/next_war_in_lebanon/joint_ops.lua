-- The Next War in Lebanon: the Joint Operations Phase (5.0(2)B, 6.3): the
-- phasing side plays its chits one at a time, each for one of the functions
-- tables.joint_ops gives its staff (16.0), until it ends the phase.
--
-- ACTIONS[action] = { targets = function(side, first) -> a non-empty list
-- when the function can be used now (with `first`, only whether it can:
-- the list may stop at its first target), play = function(side, rule) }. A function of
-- tables.joint_ops without an entry here is not offered: the functions of
-- J-2, J-3, J-4, J-5 and J-6, reactions and combat are still to write.
ACTIONS = {}

-- 8.1: TF units are attached and detached at any time of the phase, with no
-- chit (a mod where that costs a chit sets this false).
FREE_ORGANIZE = true

-- The side whose player turn it is: the First Player in the first player
-- turn (5.0(1)), the other in the second.
function phasing_side()
  if game.phase() == "first_player_turn" then return vars.first_player end
  return vars.first_player == "idf" and "insurgent" or "idf"
end

-- The rows of tables.joint_ops each side may play on a chit of each staff
-- (16.0; no reaction), in the table's order: FUNCTIONS[side][staff].
local FUNCTIONS = {}
for i, f in ipairs(tables.joint_ops) do
  for _, side in ipairs(f.sides) do
    if not f.reaction then
      FUNCTIONS[side] = FUNCTIONS[side] or {}
      FUNCTIONS[side][f.staff] = FUNCTIONS[side][f.staff] or {}
      table.insert(FUNCTIONS[side][f.staff], i)
    end
  end
end

-- The functions `side` may play now, as choices, one for each staff in its
-- hand and each of that staff's functions it can use.
local function playable(side)
  local choices = {}
  for _, staff in ipairs(staffs_in_hand(side)) do
    for _, i in ipairs((FUNCTIONS[side] or {})[staff] or {}) do
      local f = tables.joint_ops[i]
      local a = ACTIONS[f.action]
      if a and #a.targets(side, true) > 0 then
        choices[#choices + 1] = { option = f.staff .. f.letter, text = { "%s %s: %s", f.staff, f.letter, f.words }, row = i }
      end
    end
  end
  return choices
end

-- The units a TF HQ may take, by side and by corps: the Syrian corps takes
-- Syrian units, the others the rest (OQ18).
local ATTACHABLE_OF = {}
for _, side in ipairs(game.sides()) do
  ATTACHABLE_OF[side] = {
    syrian = pieces.filter { kind = "unit", owner = side, unmarked = "disrupted", values = { nation = "syria" } },
    other = pieces.filter { kind = "unit", owner = side, unmarked = "disrupted", not_values = { nation = "syria" } },
  }
end

-- 8.1 (no chit): the units `side` may attach to a TF HQ in their zone (its
-- box under the C2, the unit undisrupted: 9.3) or detach from one, as
-- moves (unit, to). Ruling X17: within one organizing, a unit attached is
-- not detached again, and a unit detached is not put back in the box it
-- left (`attached`, `left`: unit -> true, unit -> box). With `first`, the
-- first move only (whether there is one).
local function organize_choices(side, attached, left, first)
  attached, left = attached or {}, left or {}
  local out = {}
  local c2 = c2_level(side)
  -- The side's TF HQs on the map, zone by zone.
  for _, hq in ipairs(pieces.at(ZONES, HQS_OF[side])) do
    local z, box = pieces.location(hq), holding_box(hq)
    local held = pieces.at(box, UNITS)
    for _, u in ipairs(held) do
      if not attached[u] then
        out[#out + 1] = { piece = u, to = z, option = "detach" }
        if first then return out end
      end
    end
    if #held < c2 then
      local corps = pieces.value(hq, "nation") == "syria" and "syrian" or "other"
      for _, u in ipairs(pieces.at(z, ATTACHABLE_OF[side][corps])) do
        if left[u] ~= box then
          out[#out + 1] = { piece = u, to = box, option = "attach" }
          if first then return out end
        end
      end
    end
  end
  return out
end

-- 8.1 attaching and detaching, one unit at a time, until done (ruling X17:
-- no move undoes one of the same organizing, so it always ends).
local function organize(side)
  local attached, left = {}, {}
  while true do
    local choices = organize_choices(side, attached, left)
    if #choices == 0 then return end
    table.insert(choices, 1, "done")
    local c = ask(side, "8.1", { prompt = "Attach or detach which unit?", choices = choices })
    if c == "done" then return end
    if c.option == "attach" then attached[c.piece] = true else left[c.piece] = pieces.location(c.piece) end
    pieces.move(c.piece, c.to, "8.1")
  end
end

-- 8.1: when a side's C2 falls, each of its TF boxes above it gives up the
-- excess units, of its owner's choice, to its HQ's zone.
function enforce_c2(side)
  for _, z in ipairs(ZONES) do
    for _, hq in ipairs(pieces.at(z, HQS_OF[side])) do
      while pieces.count(holding_box(hq), UNITS) > c2_level(side) do
        local u = ask(side, "8.1", { prompt = { "Detach a unit from %P (the C2 fell)", hq },
                                     pieces = pieces.at(holding_box(hq), UNITS) })
        pieces.move(u, z, "8.1")
      end
    end
  end
end

-- 5.0(2)B, 6.3 the phasing side plays chits until it ends the phase, after
-- the battles of zones holding both sides (ruling N14); it may attach and
-- detach TF units at any time of it (8.1): once between two chits (ruling
-- X17), since one organizing reaches any arrangement.
function joint_operations_phase()
  start_of_phase_battles()
  local side = phasing_side()
  local organized = false
  while true do
    refresh_stacks()
    local choices = playable(side)
    if FREE_ORGANIZE and not organized and #organize_choices(side, nil, nil, true) > 0 then
      choices[#choices + 1] = "organize_task_forces"
    end
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
    if c == "organize_task_forces" then
      organize(side)
      organized = true
      goto continue
    end
    organized = false
    local f = tables.joint_ops[c.row]
    play_chit(side, f.staff, f.rule)
    log(f.rule, "%S played a %s chit to %s", side, f.staff, f.words)
    ACTIONS[f.action].play(side, f.rule)
    ::continue::
  end
end
