-- The Next War in Lebanon: J-4 Logistics moves (7.4B airmobile, 7.4D
-- strategic; rulings C8, X16) and the IDF's deep strikes (7.3G-I, 11.0,
-- 11.1; rulings C6, N11, OQ23, OQ30). J-4 combat support is part of a
-- battle (combat.lua); the SAM answers strikes here.


-- 7.4B: the IDF units that may fly (light infantry, SOF, the 299: X16),
-- loose on the map, the TF boxes included (C8: from a sanctuary too).
local function flyers()
  return units_on_map("idf", function(u) return pieces.value(u, "airmobile") == true end)
end

-- Where a flying unit may land: any zone it may enter, an enemy sanctuary
-- too (7.4B); 15.1 and the Lebanese Army still bind it.
local function landing_zones(u)
  local out = {}
  for _, z in ipairs(ZONES) do
    local sanctuary = map.attr(z, "sanctuary")
    local enemy_sanctuary = sanctuary == "insurgent" or (sanctuary == "syria_when_active" and vars.syria_in_war)
    if z ~= pieces.location(u) and (enemy_sanctuary or may_enter("idf", u, z)) then out[#out + 1] = z end
  end
  return out
end

-- 7.4B airmobile movement: one unit to any zone, in either mode; never
-- ambushed; a battle where it lands among the enemy; an enemy sanctuary
-- entered draws a Cascading Effect.
ACTIONS.airmobile_move = {
  targets = function() return flyers() end,
  play = function(side, rule)
    local u = ask(side, rule, { prompt = "Which unit flies?", pieces = flyers() })
    local to = ask(side, rule, { prompt = { "%P flies to which zone?", u }, piece = u, to = landing_zones(u) })
    pieces.move(u, to, rule)
    local mode = ask(side, rule, { prompt = { "%P lands in which mode?", u }, options = { "combat", "dispersed" } })
    local face = pieces.face(u)
    local reduced = face:sub(1, 8) == "reduced_"
    local wanted = (reduced and "reduced_" or "") .. mode
    if face ~= wanted then pieces.set_face(u, wanted, rule) end
    local sanctuary = map.attr(to, "sanctuary")
    if sanctuary == "insurgent" or (sanctuary == "syria_when_active" and vars.syria_in_war) then
      cascading_effect("7.4B")
    end
    if battle_possible(to) then battle(to, side) end
  end,
}

-- 7.4D strategic movement (IDF, and the Insurgent's Syrian units): units of
-- one zone, up to the C2, back to a friendly sanctuary, any mode on
-- arrival; never out of a sanctuary, and no combat on the way.
local function strategic_units(side, zone)
  return units_on_map(side, function(u)
    if side == "idf" then return true end
    -- Syrian divisions only: Syria's missiles never leave Syria (N17).
    return pieces.value(u, "nation") == "syria" and pieces.value(u, "support") ~= true
  end, { zone })
end

local function strategic_zones(side)
  local home = {}
  for _, z in ipairs(sanctuaries(side)) do home[z] = true end
  local out = {}
  if #sanctuaries(side) == 0 then return out end
  for _, z in ipairs(ZONES) do
    if not home[z] and #strategic_units(side, z) > 0 then out[#out + 1] = z end
  end
  return out
end

ACTIONS.strategic_move = {
  targets = strategic_zones,
  play = function(side, rule)
    local from = ask(side, rule, { prompt = "Strategic movement from which zone?", locations = strategic_zones(side) })
    local to = sanctuaries(side)[1]
    if #sanctuaries(side) > 1 then
      to = ask(side, rule, { prompt = "To which sanctuary?", locations = sanctuaries(side) })
    end
    local moved, arrived = 0, {}
    while moved < c2_level(side) do
      local choices = { "done" }
      for _, u in ipairs(strategic_units(side, from)) do choices[#choices + 1] = { piece = u, to = to } end
      if #choices == 1 then break end
      local c = ask(side, rule, { prompt = { "Move units to %L (%d moved)", to, moved }, choices = choices })
      if c == "done" then break end
      pieces.move(c.piece, to, rule)
      arrived[#arrived + 1] = c.piece
      moved = moved + 1
    end
    -- They may change mode on arrival.
    change_modes(side, rule, arrived, "Change the mode of a unit that arrived?")
  end,
}

-- 11.0, 11.1 (rulings C6, N11): the Insurgent may answer a strike on a zone
-- with a J-4: the strike is nullified, both chits spent.
local function sam_answers(zone)
  local side = "insurgent"
  -- 14.2C (optional; N11): over Syria a J-6 rolls, 5-6 nullifying the strike.
  if map.attr(zone, "country") == "syria" and holds_staff(side, "J-6") then
    local c = ask(side, "14.2C", { prompt = { "Syrian air defences against the strike on %L?", zone },
                                   options = { "air_defences", "no_air_defences" } })
    if c == "air_defences" then
      play_chit(side, "J-6", "14.2C")
      if roll("d6", "14.2C", "Syrian air defences") >= tables.air_defence.syrian_air_defences then
        log("14.2C", "Syrian air defences nullify the strike on %L", zone)
        return true
      end
    end
  end
  if not holds_staff(side, "J-4") then return false end
  local c = ask(side, "11.1", { prompt = { "Fire SAMs at the strike on %L?", zone }, options = { "fire_sams", "no_sams" } })
  if c == "no_sams" then return false end
  play_chit(side, "J-4", "11.1")
  log("11.1", "SAMs nullify the strike on %L", zone)
  return true
end

-- 12.1: a strike in Syria draws a Cascading Effect.
local function strike_in(zone)
  if map.attr(zone, "country") == "syria" then cascading_effect("12.1") end
end

local function roll_against(u, need, rule)
  if need == 0 then return false end
  return roll("d6", rule, "strike on %P", u) >= need
end

-- The enemy units a strike may hit in a zone (no HQ).
local function struck_units(zone)
  return units_on_map("insurgent", nil, { zone })
end

local function strike_zones()
  local out = {}
  for _, z in ipairs(ZONES) do
    if #struck_units(z) > 0 then out[#out + 1] = z end
  end
  return out
end

-- 11.0 Area Strike: half (rounded down) of the units of one mode in a zone,
-- chosen before rolling; combat mode 5-6 (6 in an urban zone), dispersed 6
-- (immune in an urban zone); rockets count as combat mode (OQ23).
ACTIONS.area_strike = {
  targets = function() return strike_zones() end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Area strike on which zone?", locations = strike_zones() })
    local mode = ask(side, rule, { prompt = "Strike the units in which mode?", options = { "combat", "dispersed" } })
    local pool = {}
    for _, u in ipairs(struck_units(z)) do
      if pieces.value(u, "mode") == mode then pool[#pool + 1] = u end
    end
    local chosen, picked = {}, {}
    for _ = 1, #pool // 2 do
      local left = {}
      for _, u in ipairs(pool) do
        if not picked[u] then left[#left + 1] = u end
      end
      local u = ask(side, rule, { prompt = "Target which unit?", pieces = left })
      picked[u] = true
      chosen[#chosen + 1] = u
    end
    strike_in(z)
    if sam_answers(z) then return end
    local t = tables.deep_strike
    local urban = map.attr(z, "terrain") == "urban"
    local need = mode == "combat" and (urban and t.area_urban_combat or t.area_combat)
      or (urban and t.area_urban_dispersed or t.area_dispersed)
    for _, u in ipairs(chosen) do
      if roll_against(u, need, rule) then
        log(rule, "%P destroyed", u)
        eliminate_unit(u, rule)
      end
    end
  end,
}

-- 11.0 PGM Strike: one unit, either mode, eliminated on 5-6.
ACTIONS.pgm_strike = {
  targets = function() return strike_zones() end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "PGM strike on which zone?", locations = strike_zones() })
    local u = ask(side, rule, { prompt = "Target which unit?", pieces = struck_units(z) })
    strike_in(z)
    if sam_answers(z) then return end
    if roll_against(u, tables.deep_strike.pgm, rule) then
      log(rule, "%P destroyed", u)
      eliminate_unit(u, rule)
    end
  end,
}

-- The Syrian corps HQ on the map, when Syria is in the war (a mod's
-- decapitation strike reads it too).
function syrian_hqs()
  if not vars.syria_in_war then return {} end
  local out = {}
  for _, z in ipairs(ZONES) do
    for _, hq in ipairs(pieces.at(z, { kind = "hq", owner = "insurgent" })) do
      if pieces.value(hq, "nation") == "syria" then out[#out + 1] = hq end
    end
  end
  return out
end

-- 11.0 Decapitation Strike: the Syrian corps HQ on 5-6: it is removed, its
-- units are placed in its zone, and the Insurgent's C2 falls one level.
ACTIONS.decapitation_strike = {
  targets = syrian_hqs,
  play = function(side, rule)
    local hq = ask(side, rule, { prompt = "Decapitation strike on which HQ?", pieces = syrian_hqs() })
    local z = pieces.location(hq)
    strike_in(z)
    if sam_answers(z) then return end
    if not roll_against(hq, tables.deep_strike.decapitation, rule) then return end
    for _, u in ipairs(pieces.at(holding_box(hq), UNITS)) do pieces.move(u, z, rule) end
    pieces.move(hq, "removed_from_game", rule)
    track.add("insurgent_c2", -tables.deep_strike.decapitation_c2_loss, rule)
    log(rule, "The Syrian corps HQ is destroyed")
    enforce_c2("insurgent")
  end,
}
