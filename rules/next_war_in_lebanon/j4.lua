-- The Next War in Lebanon: J-4 Logistics moves (7.4B airmobile, 7.4D
-- strategic; rulings C8, X16) and the IDF's deep strikes (7.3G-I, 11.0,
-- 11.1; rulings C6, N11, OQ23, OQ30, X19). J-4 combat support is part of a
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
-- ambushed; a battle where it lands among the enemy (9.0, 10.2: an SOF
-- alone there fights only if the IDF wishes); an enemy sanctuary entered
-- draws a Cascading Effect.
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
    if battle_possible(to) and idf_fights_on_entry(to) then battle(to, side) end
  end,
}

-- 7.4D strategic movement (IDF, and the Insurgent's Syrian units): units of
-- one zone, up to the C2, back to a friendly sanctuary, any mode on
-- arrival; never out of a sanctuary, and no combat on the way.
local function syrian_division(u)
  return pieces.value(u, "nation") == "syria" and pieces.value(u, "support") ~= true
end
local function strategic_units(side, zone)
  -- The Insurgent's Syrian divisions only: Syria's missiles never leave Syria (N17).
  return units_on_map(side, side ~= "idf" and syrian_division or nil, { zone })
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

-- 11.0, 11.1 (rulings C6, N11): the Insurgent may answer the strikes on a
-- zone with a J-4: they are nullified, the chits spent.
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

-- A strike's die on `u`: `need` or more destroys it (0: immune, no roll).
local function hit(u, need, rule)
  if need > 0 and roll("d6", rule, "strike on %P", u) >= need then
    log(rule, "%P destroyed", u)
    eliminate_unit(u, rule)
  end
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

-- A mission `m` is the strikes declared together on one zone (11.0): the
-- units and HQ they target (`m.targeted`; no two strikes of it target the
-- same one) and the modes its area strikes took (`m.modes`; one a mode).
-- The units of `z` it does not target yet, of `mode` if given:
local function untargeted(z, m, mode)
  local out = {}
  for _, u in ipairs(struck_units(z)) do
    if not m.targeted[u] and (not mode or pieces.value(u, "mode") == mode) then out[#out + 1] = u end
  end
  return out
end

-- The Syrian corps HQ in `z` that `m` does not target yet, if any.
local function decapitation_target(z, m)
  for _, hq in ipairs(syrian_hqs()) do
    if pieces.location(hq) == z and not m.targeted[hq] then return hq end
  end
  return nil
end

-- Each strike type declares its targets on a zone, before any die, and
-- gives what it does when it goes in.
local DECLARE = {}

-- 11.0 Area Strike: half (rounded down) of the units of one mode in a zone,
-- chosen before rolling; combat mode 5-6 (6 in an urban zone), dispersed 6
-- (immune in an urban zone); rockets count as combat mode (OQ23).
function DECLARE.area_strike(side, rule, z, m)
  local modes = {}
  for _, mode in ipairs({ "combat", "dispersed" }) do
    if not m.modes[mode] then modes[#modes + 1] = mode end
  end
  local mode = modes[1]
  if #modes > 1 then mode = ask(side, rule, { prompt = "Strike the units in which mode?", options = modes }) end
  m.modes[mode] = true
  local n = 0
  for _, u in ipairs(struck_units(z)) do
    if pieces.value(u, "mode") == mode then n = n + 1 end
  end
  local chosen = {}
  for _ = 1, n // 2 do
    local left = untargeted(z, m, mode)
    if #left == 0 then break end
    local u = ask(side, rule, { prompt = "Target which unit?", pieces = left })
    m.targeted[u] = true
    chosen[#chosen + 1] = u
  end
  local t = tables.deep_strike
  local urban = map.attr(z, "terrain") == "urban"
  local need = mode == "combat" and (urban and t.area_urban_combat or t.area_combat)
    or (urban and t.area_urban_dispersed or t.area_dispersed)
  return function()
    for _, u in ipairs(chosen) do hit(u, need, rule) end
  end
end

-- 11.0 PGM Strike: one unit, either mode, eliminated on 5-6.
function DECLARE.pgm_strike(side, rule, z, m)
  local u = ask(side, rule, { prompt = "Target which unit?", pieces = untargeted(z, m) })
  m.targeted[u] = true
  return function() hit(u, tables.deep_strike.pgm, rule) end
end

-- 11.0 Decapitation Strike: the Syrian corps HQ (`hq`, else the zone's) on
-- 5-6: it is removed, its units are placed in its zone, and the
-- Insurgent's C2 falls one level.
function DECLARE.decapitation_strike(side, rule, z, m, hq)
  hq = hq or decapitation_target(z, m)
  m.targeted[hq] = true
  return function()
    if roll("d6", rule, "strike on %P", hq) < tables.deep_strike.decapitation then return end
    for _, u in ipairs(pieces.at(holding_box(hq), UNITS)) do pieces.move(u, z, rule) end
    pieces.move(hq, "removed_from_game", rule)
    track.add("insurgent_c2", -tables.deep_strike.decapitation_c2_loss, rule)
    log(rule, "The Syrian corps HQ is destroyed")
    enforce_c2("insurgent")
  end
end

-- The strikes still open to mission `m` on `z`, and "no_more".
local function more_strikes(z, m)
  local out = {}
  if #untargeted(z, m) > 0 then
    if not (m.modes.combat and m.modes.dispersed) then out[#out + 1] = "area_strike" end
    out[#out + 1] = "pgm_strike"
  end
  if decapitation_target(z, m) then out[#out + 1] = "decapitation_strike" end
  out[#out + 1] = "no_more"
  return out
end

-- The words of each strike's function (16.0), by its action.
local WORDS = {}
for _, f in ipairs(tables.joint_ops) do WORDS[f.action] = f.words end

-- 11.0 (rulings C6, OQ30): a mission on zone `z`: the strike `kind` (its
-- J-3 played), then any more the IDF declares with it, a J-3 each. Each
-- strike in Syria draws a card (12.1); one SAM nullifies them all, every
-- J-3 spent (11.1); else each goes in, in the order declared.
local function mission(side, rule, z, kind, hq)
  local m = { targeted = {}, modes = {} }
  local strikes = { DECLARE[kind](side, rule, z, m, hq) }
  while holds_staff(side, "J-3") do
    local c = ask(side, rule, { prompt = { "Declare another strike on %L with it?", z }, options = more_strikes(z, m) })
    if c == "no_more" then break end
    play_chit(side, "J-3", rule)
    log(rule, "%S played a J-3 chit to %s", side, WORDS[c])
    strikes[#strikes + 1] = DECLARE[c](side, rule, z, m)
  end
  for _ = 1, #strikes do strike_in(z) end
  if sam_answers(z) then return end
  for _, strike in ipairs(strikes) do strike() end
end

ACTIONS.area_strike = {
  targets = function() return strike_zones() end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Area strike on which zone?", locations = strike_zones() })
    mission(side, rule, z, "area_strike")
  end,
}

ACTIONS.pgm_strike = {
  targets = function() return strike_zones() end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "PGM strike on which zone?", locations = strike_zones() })
    mission(side, rule, z, "pgm_strike")
  end,
}

ACTIONS.decapitation_strike = {
  targets = syrian_hqs,
  play = function(side, rule)
    local hq = ask(side, rule, { prompt = "Decapitation strike on which HQ?", pieces = syrian_hqs() })
    mission(side, rule, pieces.location(hq), "decapitation_strike", hq)
  end,
}
