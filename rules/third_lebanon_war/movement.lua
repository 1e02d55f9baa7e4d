-- Third Lebanon War: movement. J-3 tactical movement (9.1) with the ambush
-- of units entering a zone (11.2); J-4 strategic and airmobile movement
-- (mat J-4). Who may enter where is the base's may_enter (2.1, 12.1, 15.1,
-- the Lebanese Army card). Rulings T60-T67 (README.move.md).

-- Ruling T60: a counter with Underground/Revealed faces moves as an
-- irregular (rockets, missiles and dummies too), one with
-- Concentrated/Dispersed faces as a regular (the IDF's SOF too: T3).
local function irregular(u)
  return has_irregular_modes(u)
end

-- 9.1: militia never move; Syria's missiles never leave Syria (the base's
-- N17). Ruling T60: this holds for every kind of movement.
local function never_moves(u)
  local class = pieces.value(u, "unit_class")
  return class == "militia" or (class == "missile" and pieces.value(u, "nation") == "syria")
end

-- Ruling T62: an IDF TF HQ keeps to the zones its regular units may enter
-- (the base's rules name only units, so a lone HQ could go into Syria, past
-- the 2006 Litani line or into a zone the Lebanese Army holds).
function may_enter(side, u, z)
  if not base.may_enter(side, u, z) then return false end
  if side ~= "idf" or pieces.kind(u) ~= "hq" then return true end
  if map.attr(z, "country") == "syria" then return false end
  if scenario_rules().litani_limit and map.attr(z, "litani") == "north" then return false end
  for _, closed in ipairs(vars.lebanese_army_zones) do
    if closed == z then return false end
  end
  return true
end

-- Whether every piece of `group` (units and TF HQs, a TF HQ with the units
-- of its holding box) may enter zone `z`.
local function can_enter(side, group, z)
  for _, p in ipairs(group) do
    if not may_enter(side, p, z) then return false end
    if pieces.kind(p) == "hq" then
      for _, u in ipairs(pieces.at(holding_box(p), UNITS)) do
        if not may_enter(side, u, z) then return false end
      end
    end
  end
  return true
end

-- The tactical units of a group: its units, and those in its TF HQs' boxes.
local function tactical_units(group)
  local out = {}
  for _, p in ipairs(group) do
    if pieces.kind(p) == "hq" then
      for _, u in ipairs(pieces.at(holding_box(p), UNITS)) do out[#out + 1] = u end
    else
      out[#out + 1] = p
    end
  end
  return out
end

-- Whether unit `u` may make a move of `kind` ("tactical", "strategic",
-- "airmobile") by itself: 9.1 a regular only in Concentrated mode; mat J-4
-- strategic a regular in either mode; airmobile the IDF's light infantry
-- and SOF (their printed `airmobile`).
local function may_move(u, kind)
  if never_moves(u) then return false end
  if kind == "airmobile" then return pieces.value(u, "airmobile") == true end
  if kind == "tactical" and not irregular(u) then return mode_of(u) == "concentrated" end
  return true
end

-- Ruling T62 (T67 for airmobile): a TF HQ moves with its holding box as one
-- regular unit when every unit of the box could make the move itself.
local function hq_may_move(hq, kind)
  for _, u in ipairs(pieces.at(holding_box(hq), UNITS)) do
    if not may_move(u, kind) then return false end
  end
  return true
end

-- The zones next to `here` the group may enter, those in `visited` left
-- out; with `first`, the first of them only (whether there is one).
local function next_zones(side, group, here, visited, first)
  local out = {}
  for _, z in ipairs(map.neighbours(here)) do
    if not visited[z] and can_enter(side, group, z) then
      out[#out + 1] = z
      if first then break end
    end
  end
  return out
end

-- Ruling T65: an IDF unit entering the Insurgent's sanctuary or Syria (by
-- any move; only the SOF may) draws one Cascading Effects card.
local function entered_enemy_ground(side, zone, rule)
  if side ~= "idf" then return end
  if map.attr(zone, "sanctuary") == "insurgent" or map.attr(zone, "country") == "syria" then
    cascading_effect(rule)
  end
end

-- 11.2 (ruling T63): the units that could spring an ambush in `zone`:
-- undisrupted Insurgent irregulars that fight (a J-3 rating; no dummy, no
-- rocket), loose or in a TF box there.
local AMBUSHERS = pieces.filter { kind = "unit", owner = "insurgent", lacks = "dummy", unmarked = "disrupted",
                                  face = IRREGULAR_MODES }
local function ambushers(zone)
  return units_on_map("insurgent", function(u) return (pieces.value(u, "j3") or 0) > 0 end, { zone }, AMBUSHERS)
end

-- Ruling T63: the Insurgent is asked whenever the zone shows a counter in
-- irregular modes or an Insurgent TF HQ, whether an ambush is possible or
-- not: the question gives nothing away.
local function may_hide_ambushers(zone)
  if pieces.count(zone, { kind = "hq", owner = "insurgent" }) > 0 then return true end
  for _, u in ipairs(pieces.at(zone, { kind = "unit", owner = "insurgent" })) do
    if irregular(u) then return true end
  end
  return false
end

-- 11.2: the enemy may ambush the units entering `zone` with a J-3: a battle
-- in which the ambusher attacks them. Only the Insurgent has irregulars.
-- Returns whether it did (the move then ends there).
local function ambush(side, zone, entering)
  if side ~= "idf" or #entering == 0 or not may_hide_ambushers(zone) then return false end
  local choices = { "no_ambush" }
  if #ambushers(zone) > 0 and holds_staff("insurgent", "J-3") then choices[2] = "spring_ambush" end
  local c = ask("insurgent", "11.2", { prompt = { "Ambush the IDF units entering %L?", zone }, choices = choices })
  if c ~= "spring_ambush" then return false end
  play_chit("insurgent", "J-3", "11.2")
  log("11.2", "%S springs an ambush in %L", "insurgent", zone)
  battle(zone, "insurgent", { ambush = true, targets = entering })
  return true
end

-- 9.1: whether `zone` holds undisrupted enemy regular units (in TF boxes
-- too: a TF is where its HQ is).
local UNDISRUPTED_REGULARS_OF = {}
for _, side in ipairs({ "idf", "insurgent" }) do
  UNDISRUPTED_REGULARS_OF[side] = pieces.filter { kind = "unit", owner = side, lacks = "dummy",
                                                  unmarked = "disrupted", not_face = IRREGULAR_MODES }
end
local function enemy_regulars(side, zone)
  local enemy = enemy_of(side)
  return count_units(enemy, zone, UNDISRUPTED_REGULARS_OF[enemy]) > 0
end

-- 9.1 (ruling T61): the group moves together, zone by zone, up to
-- tables.movement.tactical_zones; it stops where it is ambushed (11.2) or
-- where undisrupted enemy regulars are.
local function tactical_path(side, group, rule)
  local here = zone_of(group[1])
  local visited = { [here] = true }
  for step = 1, tables.movement.tactical_zones do
    local choices = {}
    if step > 1 then choices[1] = "stop_here" end
    for _, z in ipairs(next_zones(side, group, here, visited)) do
      choices[#choices + 1] = { location = z, option = "move_to" }
    end
    if #choices == 0 or choices[#choices] == "stop_here" then break end
    local c = ask(side, rule, { prompt = { "Move on from %L (zone %d of %d)", here, step, tables.movement.tactical_zones },
                                choices = choices })
    if c == "stop_here" then break end
    here = c.location
    visited[here] = true
    for _, p in ipairs(group) do pieces.move(p, here, rule) end
    refresh_stacks()
    entered_enemy_ground(side, here, rule)
    if ambush(side, here, tactical_units(group)) then break end
    if enemy_regulars(side, here) then
      log(rule, "The move stops in %L: enemy regular units are there", here)
      break
    end
  end
  refresh_stacks()
end

-- The counters of `side` loose in `zone` that may move as irregulars.
local function irregulars_in(side, zone, kind)
  local out = {}
  for _, u in ipairs(pieces.at(zone, IRREGULARS_OF[side])) do
    if may_move(u, kind) then out[#out + 1] = u end
  end
  return out
end

-- The regular units and TF HQs of `side` loose in `zone` that may make a
-- move of `kind` by themselves.
local function regulars_in(side, zone, kind)
  local out = {}
  for _, u in ipairs(pieces.at(zone, REGULARS_OF[side])) do
    if may_move(u, kind) then out[#out + 1] = u end
  end
  for _, hq in ipairs(pieces.at(zone, HQS_OF[side])) do
    if hq_may_move(hq, kind) then out[#out + 1] = hq end
  end
  return out
end

-- `where(group, first)` lists the zones a group may reach (with `first`,
-- only whether there is one); a choice is offered for
-- each regular unit or TF HQ, and each zone of irregulars, with somewhere
-- to go (9.1, mat J-4). With `first`, the first choice only.
local function move_choices(side, kind, where, first)
  local choices = {}
  for _, z in ipairs(ZONES) do
    for _, p in ipairs(regulars_in(side, z, kind)) do
      if #where({ p }, true) > 0 then
        choices[#choices + 1] = { piece = p, option = pieces.kind(p) == "hq" and "move_tf" or "move_unit" }
        if first then return choices end
      end
    end
    local any = false
    for _, u in ipairs(irregulars_in(side, z, kind)) do any = any or #where({ u }, true) > 0 end
    if any then
      choices[#choices + 1] = { location = z, option = "move_irregulars" }
      if first then return choices end
    end
  end
  return choices
end

-- Ruling T60: irregulars of one zone, up to the C2 Level, dummies among
-- them, join `group`, one at a time until the player is done (the first
-- must join). `more` adds the regular units and TF HQs of the zone (a
-- networked move, ruling T78).
local function gather(side, zone, group, kind, more)
  local c2 = c2_level(side)
  local taken, irregulars = {}, 0
  for _, p in ipairs(group) do
    taken[p] = true
    if pieces.kind(p) == "unit" and irregular(p) then irregulars = irregulars + 1 end
  end
  while true do
    local choices = {}
    if #group > 0 then choices[1] = "done" end
    if irregulars < c2 then
      for _, u in ipairs(irregulars_in(side, zone, kind)) do
        if not taken[u] then choices[#choices + 1] = { piece = u, option = "join_group" } end
      end
    end
    if more then
      for _, p in ipairs(regulars_in(side, zone, kind)) do
        if not taken[p] then choices[#choices + 1] = { piece = p, option = "join_group" } end
      end
    end
    if #choices == 0 or (#choices == 1 and choices[1] == "done") then return group end
    local c = ask(side, kind == "tactical" and "9.1" or "mat J-4",
                  { prompt = { "Which units move together from %L (%d irregular of %d)?", zone, irregulars, c2 },
                                 choices = choices })
    if c == "done" then return group end
    group[#group + 1] = c.piece
    table.insert(vars.moving, c.piece)
    taken[c.piece] = true
    if pieces.kind(c.piece) == "unit" and irregular(c.piece) then irregulars = irregulars + 1 end
  end
end

-- The group a move choice starts: a unit or TF HQ alone, or irregulars of
-- a zone gathered; a J-6 may network it (ruling T78). The group is kept in
-- vars.moving until the move is over: two alike units in one zone make the
-- same position, but not the same move (the state hash covers vars).
local function group_of(side, c, kind)
  local zone = c.location or zone_of(c.piece)
  local group = c.piece and { c.piece } or {}
  vars.moving = c.piece and { c.piece } or {}
  local networked = kind == "tactical" and network_mission(side, zone, "mat J-6")
  if c.option == "move_irregulars" or networked then group = gather(side, zone, group, kind, networked) end
  return group
end

-- 9.1 J-3 tactical movement.
local function tactical_reach(side)
  return function(group, first)
    return next_zones(side, group, zone_of(group[1]), {}, first)
  end
end

ACTIONS.tactical_move = {
  targets = function(side, first) return move_choices(side, "tactical", tactical_reach(side), first) end,
  play = function(side, rule)
    local c = ask(side, rule, { prompt = "Move a unit, a TF HQ with its units, or irregular units of a zone?",
                                choices = move_choices(side, "tactical", tactical_reach(side)) })
    tactical_path(side, group_of(side, c, "tactical"), rule)
    vars.moving = nil
  end,
}

-- Mat J-4 strategic movement (ruling T66): to any friendly sanctuary the
-- whole group may enter, other than its own zone; any distance, nothing on
-- the way.
local function sanctuary_reach(side)
  return function(group, first)
    local out = {}
    local here = zone_of(group[1])
    for _, z in ipairs(sanctuaries(side)) do
      if z ~= here and can_enter(side, group, z) then
        out[#out + 1] = z
        if first then break end
      end
    end
    return out
  end
end

ACTIONS.strategic_move = {
  targets = function(side, first) return move_choices(side, "strategic", sanctuary_reach(side), first) end,
  play = function(side, rule)
    local c = ask(side, rule, { prompt = "Strategic movement: which unit, TF HQ or irregular units?",
                                choices = move_choices(side, "strategic", sanctuary_reach(side)) })
    local group = group_of(side, c, "strategic")
    local zones = sanctuary_reach(side)(group)
    if #zones == 0 then
      log(rule, "No sanctuary those units may all enter: they stay")
      return
    end
    local to = ask(side, rule, { prompt = "To which sanctuary?", locations = zones })
    for _, p in ipairs(group) do pieces.move(p, to, rule) end
    vars.moving = nil
    refresh_stacks()
  end,
}

-- Mat J-4 airmobile movement (ruling T67): the IDF's light infantry and
-- SOF, on the map or in a TF box (it leaves the box), or a TF HQ whose box
-- holds only such units; to any zone it may enter, the SOF into the
-- Insurgent's sanctuary or Syria too (a card each time: T65); no ambush
-- where it lands, its mode unchanged.
local function landing_zones(p, first)
  local out = {}
  local here = zone_of(p)
  for _, z in ipairs(ZONES) do
    if z ~= here and can_enter("idf", { p }, z) then
      out[#out + 1] = z
      if first then break end
    end
  end
  return out
end

local function flyers(first)
  local out = {}
  for _, u in ipairs(units_on_map("idf", function(u) return may_move(u, "airmobile") end)) do
    if #landing_zones(u, true) > 0 then
      out[#out + 1] = { piece = u, option = "fly_unit" }
      if first then return out end
    end
  end
  for _, z in ipairs(ZONES) do
    for _, hq in ipairs(pieces.at(z, { kind = "hq", owner = "idf" })) do
      if hq_may_move(hq, "airmobile") and #landing_zones(hq, true) > 0 then
        out[#out + 1] = { piece = hq, option = "fly_unit" }
      end
    end
  end
  return out
end

ACTIONS.airmobile_move = {
  targets = function(side, first) return flyers(first) end,
  play = function(side, rule)
    local p = ask(side, rule, { prompt = "Which unit or TF HQ flies?", choices = flyers() }).piece
    vars.moving = { p }
    local to = ask(side, rule, { prompt = { "%P flies to which zone?", p }, piece = p, to = landing_zones(p) })
    pieces.move(p, to, rule)
    vars.moving = nil
    refresh_stacks()
    entered_enemy_ground(side, to, rule)
  end,
}
