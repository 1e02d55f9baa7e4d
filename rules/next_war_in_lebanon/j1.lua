-- The Next War in Lebanon: J-1 Administration (7.1 A-F) and the entry of
-- reinforcements and rebuilt units by J-1 (15.0; rulings N6, N7, C11, X4).
-- Every function reaches a side's units on the map and in its holding boxes
-- alike (7.1 note).

-- A face and the face of the other mode (3.0).
MODE_FLIP = { combat = "dispersed", dispersed = "combat", reduced_combat = "reduced_dispersed",
              reduced_dispersed = "reduced_combat" }
local REBUILT = { reduced_combat = "combat", reduced_dispersed = "dispersed" }

-- A side's units on the map, in zone order: each zone's own, then those in
-- the holding boxes of the TF HQs there (8.1); `keep(u)` chooses, and
-- `filter` (a compiled filter of that side's pieces) in place of any unit.
function units_on_map(side, keep, zones, filter)
  local found = pieces.inside(zones or ZONES, "holding_box", filter or UNITS_OF[side])
  if not keep then return found end
  local out = {}
  for _, u in ipairs(found) do
    if keep(u) then out[#out + 1] = u end
  end
  return out
end

-- How many of `side`'s units `zone` holds, those in the holding boxes of its
-- TF HQs included; `filter` as units_on_map's. A number, and no table: "does
-- the side hold the zone" is asked of every zone at every step. A mod whose
-- units_on_map leaves some units out replaces this too.
function count_units(side, zone, filter)
  return pieces.count_inside(zone, "holding_box", filter or UNITS_OF[side])
end

-- Each side's units on a face with a mode, and on a reduced face (3.0).
local MODED_OF, REDUCED_OF = {}, {}
for _, side in ipairs(game.sides()) do
  MODED_OF[side] = pieces.filter { kind = "unit", owner = side, face = faces_of(MODE_FLIP) }
  REDUCED_OF[side] = pieces.filter { kind = "unit", owner = side, face = faces_of(REBUILT) }
end

-- Each side's sanctuaries in map order (2.1), the Insurgent's with Syria
-- (12.1) or without; made once, as zone attributes never change.
local SANCTUARIES = { idf = {}, insurgent = {}, insurgent_and_syria = {} }
for _, z in ipairs(ZONES) do
  local s = map.attr(z, "sanctuary")
  if s == "idf" then table.insert(SANCTUARIES.idf, z) end
  if s == "insurgent" then table.insert(SANCTUARIES.insurgent, z) end
  if s == "insurgent" or s == "syria_when_active" then table.insert(SANCTUARIES.insurgent_and_syria, z) end
end

-- The zones that are `side`'s sanctuaries now (2.1; Syria once it is in
-- the war, 12.1), as a new list.
function sanctuaries(side)
  local list = SANCTUARIES[side == "insurgent" and vars.syria_in_war and "insurgent_and_syria" or side] or {}
  return table.move(list, 1, #list, 1, {})
end

-- Who controls a zone (3.0): the side with an undisrupted military unit
-- there when the enemy has none; nil when contested or empty.
function controller(zone)
  local held = {}
  for _, side in ipairs({ "idf", "insurgent" }) do
    held[side] = count_units(side, zone, UNDISRUPTED_OF[side]) > 0
  end
  if held.idf and not held.insurgent then return "idf" end
  if held.insurgent and not held.idf then return "insurgent" end
  return nil
end

-- A unit entering or returning to play chooses its mode (7.3B "in any
-- mode"); rockets and missiles enter ready. `prompt` asks the mode ("%P
-- enters in which mode?" by default). A mod with other modes replaces it.
function choose_entry_mode(side, unit, rule, prompt)
  if pieces.face(unit) == "fired" then pieces.set_face(unit, "ready", rule) end
  if pieces.face(unit) == "ready" then return end
  local mode = ask(side, rule, { prompt = { prompt or "%P enters in which mode?", unit }, options = { "combat", "dispersed" } })
  if pieces.face(unit) ~= mode then pieces.set_face(unit, mode, rule) end
end

-- 7.1A un-disrupt one unit, or turn a fired rocket or missile ready.
ACTIONS.undisrupt_one = {
  targets = function(side)
    return units_on_map(side, function(u) return is_disrupted(u) or pieces.face(u) == "fired" end)
  end,
  play = function(side, rule)
    local u = ask(side, rule, { prompt = "Un-disrupt which unit?", pieces = ACTIONS.undisrupt_one.targets(side) })
    if is_disrupted(u) then pieces.unmark(u, "disrupted", rule) else pieces.set_face(u, "ready", rule) end
  end,
}

-- 7.1B rebuild one reduced unit: its full-strength face, in its mode.
ACTIONS.rebuild_reduced = {
  targets = function(side)
    return units_on_map(side, nil, nil, REDUCED_OF[side])
  end,
  play = function(side, rule)
    local u = ask(side, rule, { prompt = "Rebuild which unit?", pieces = ACTIONS.rebuild_reduced.targets(side) })
    pieces.set_face(u, REBUILT[pieces.face(u)], rule)
  end,
}

-- 7.1D change the mode of one unit (a disrupted one stays disrupted).
ACTIONS.change_mode_one = {
  targets = function(side) return units_on_map(side, nil, nil, MODED_OF[side]) end,
  play = function(side, rule)
    local u = ask(side, rule, { prompt = "Change the mode of which unit?", pieces = ACTIONS.change_mode_one.targets(side) })
    pieces.set_face(u, MODE_FLIP[pieces.face(u)], rule)
  end,
}

-- The side's sanctuaries holding one of its units that `filter` finds.
local function sanctuaries_with(side, filter)
  local out = {}
  for _, z in ipairs(sanctuaries(side)) do
    if count_units(side, z, filter) > 0 then out[#out + 1] = z end
  end
  return out
end

-- 7.1E un-disrupt every unit of the side in one of its sanctuaries.
ACTIONS.undisrupt_sanctuary = {
  targets = function(side) return sanctuaries_with(side, DISRUPTED_OF[side]) end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Un-disrupt the units in which sanctuary?",
                                locations = ACTIONS.undisrupt_sanctuary.targets(side) })
    for _, u in ipairs(units_on_map(side, nil, { z }, DISRUPTED_OF[side])) do pieces.unmark(u, "disrupted", rule) end
  end,
}

-- 7.1F change the mode of any of the side's units in one of its sanctuaries,
-- one at a time until it is done.
ACTIONS.change_mode_sanctuary = {
  targets = function(side) return sanctuaries_with(side, MODED_OF[side]) end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Change modes in which sanctuary?",
                                locations = ACTIONS.change_mode_sanctuary.targets(side) })
    change_modes(side, rule, units_on_map(side, nil, { z }, MODED_OF[side]), "Change the mode of which unit?")
  end,
}

-- `side` changes the mode of any of `units`, each once, one at a time until
-- it is done (7.1F, 7.4D).
function change_modes(side, rule, units, prompt)
  local changed = {}
  while true do
    local choices = { "done" }
    for _, u in ipairs(units) do
      if MODE_FLIP[pieces.face(u)] and not changed[u] then choices[#choices + 1] = { piece = u, option = "change_mode" } end
    end
    if #choices == 1 then return end
    local c = ask(side, rule, { prompt = prompt, choices = choices })
    if c == "done" then return end
    pieces.set_face(c.piece, MODE_FLIP[pieces.face(c.piece)], rule)
    changed[c.piece] = true
  end
end

-- 7.1C, 15.0 (rulings N6, C11): where a rebuilt Insurgent unit may enter: a
-- zone holding no IDF unit and not IDF-controlled, with an Insurgent militia
-- or guerrilla there, or an Insurgent sanctuary. With `first`, the first
-- zone only (whether there is one).
local function militia_or_guerrilla(u)
  local t = pieces.type(u)
  return t == "militia" or t == "guerrilla"
end
local function rebuild_zones(first)
  local out = {}
  local sanctuary = {}
  for _, z in ipairs(sanctuaries("insurgent")) do sanctuary[z] = true end
  for _, z in ipairs(ZONES) do
    if count_units("idf", z) == 0
        and (sanctuary[z] or #units_on_map("insurgent", militia_or_guerrilla, { z }) > 0)
        and controller(z) ~= "idf" then
      out[#out + 1] = z
      if first then return out end
    end
  end
  return out
end

-- The rebuild rate of an eliminated unit's type in this scenario (15.0), 0
-- when it may not be rebuilt (Syrian units never return, 12.1).
local function rebuild_rate(u)
  return scenario_rules().rebuild_per_j1[pieces.type(u)] or 0
end

-- The first eliminated unit of each type that may be rebuilt at `rate` (any
-- rate when nil).
local function rebuildable(rate)
  local out, seen = {}, {}
  for _, u in ipairs(pieces.at("insurgent_eliminated", UNITS)) do
    local r = rebuild_rate(u)
    if r > 0 and (rate == nil or r == rate) and not seen[pieces.type(u)] then
      seen[pieces.type(u)] = true
      out[#out + 1] = u
    end
  end
  return out
end

-- 7.1C rebuild eliminated Insurgent units: one of a type the scenario
-- rebuilds one a J-1 (militia, missile), or up to two of the types it
-- rebuilds two a J-1 (guerrillas, rockets: 15.0).
ACTIONS.rebuild_eliminated = {
  targets = function(side)
    local units = rebuildable(nil)  -- the eliminated box first: cheaper than the zones
    if #units == 0 or #rebuild_zones(true) == 0 then return {} end
    return units
  end,
  play = function(side, rule)
    local u = ask(side, rule, { prompt = "Rebuild which unit?", pieces = rebuildable(nil) })
    local rate = rebuild_rate(u)
    for k = 1, rate do
      if k > 1 then
        local more = rebuildable(rate)
        local zones = rebuild_zones()
        if #more == 0 or #zones == 0 then return end
        local choices = { "done" }
        for _, m in ipairs(more) do choices[#choices + 1] = { piece = m, option = "rebuild" } end
        local c = ask(side, rule, { prompt = "Rebuild another unit?", choices = choices })
        if c == "done" then return end
        u = c.piece
      end
      local to = ask(side, rule, { prompt = { "%P enters where?", u }, piece = u, to = rebuild_zones() })
      pieces.move(u, to, rule)
      choose_entry_mode(side, u, rule)
    end
  end,
}

-- Where an IDF reinforcement enters (15.0): a TF HQ in the IDF sanctuary; a
-- unit in a zone with an IDF TF HQ, or in the IDF sanctuary.
local function idf_entry_zones(unit)
  local out = sanctuaries("idf")
  if pieces.kind(unit) == "hq" then return out end
  local seen = {}
  for _, z in ipairs(out) do seen[z] = true end
  for _, z in ipairs(ZONES) do
    if not seen[z] and pieces.count(z, { kind = "hq", owner = "idf" }) > 0 then out[#out + 1] = z end
  end
  return out
end

-- 15.0, ruling N7: a J-1 enters IDF reinforcements at the scenario's rate
-- (one unit or the TF HQ a J-1; none in 2006, where they come with Israeli
-- Escalation, 15.5). The Insurgent's J-1 entries are its rebuilds (7.1C).
ACTIONS.j1_reinforcements = {
  targets = function(side)
    if side ~= "idf" or scenario_rules().idf_reinforcements_per_j1 == 0 then return {} end
    return pieces.at("idf_reinforcements")
  end,
  play = function(side, rule)
    for _ = 1, scenario_rules().idf_reinforcements_per_j1 do
      local waiting = pieces.at("idf_reinforcements")
      if #waiting == 0 then return end
      local u = ask(side, rule, { prompt = "Which reinforcement enters?", pieces = waiting })
      local to = ask(side, rule, { prompt = { "%P enters where?", u }, piece = u, to = idf_entry_zones(u) })
      pieces.move(u, to, rule)
      if pieces.kind(u) ~= "hq" then choose_entry_mode(side, u, rule) end
    end
  end,
}
