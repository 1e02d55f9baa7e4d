-- Third Lebanon War: strikes. The IDF's deep strikes (12.2: area attack,
-- PGM strike, decapitation) with their collateral damage (13.0); the
-- Insurgent's rocket and missile attacks on Israel (12.3) and minor raids
-- (12.4). Rulings T68-T75 (README.move.md).

-- Ruling T68: a deep strike singles out only units loose on the map (a
-- TF's holding box, the OOB mat, is off it), undisrupted; class "regular"
-- (either mode) or "revealed" (irregulars), nil for both. Modes are faces:
-- an irregular is underground or revealed (counters.toml).
local STRIKE_TARGETS = {
  regular = pieces.filter { kind = "unit", owner = "insurgent", lacks = "dummy", unmarked = "disrupted",
                            not_face = { "underground", "revealed" } },
  revealed = pieces.filter { kind = "unit", owner = "insurgent", lacks = "dummy", unmarked = "disrupted",
                             face = "revealed" },
  both = pieces.filter { kind = "unit", owner = "insurgent", lacks = "dummy", unmarked = "disrupted",
                         not_face = "underground" },
}
local function strike_targets(zone, class)
  return pieces.at(zone, STRIKE_TARGETS[class or "both"])
end

-- 12.2: the dice a unit draws by its mode: 3 Concentrated, 2 Dispersed or
-- Revealed.
local function strike_dice(u)
  return tables.deep_strike_dice[mode_of(u)]
end

-- Mat step 5, 12.2: `n` dice, each 5 one hit and each 6 two. Returns the hits.
local function roll_hits(n, rule, why, ...)
  if n <= 0 then return 0 end
  local faces = { roll(n .. "d6", rule, why, ...) }
  local hits = 0
  for k = 2, #faces do
    if faces[k] >= tables.dice.two_hits then hits = hits + 2
    elseif faces[k] >= tables.dice.one_hit then hits = hits + 1 end
  end
  return hits
end

-- 12.2: the Insurgent spreads `hits` over `targets` still in `zone`, one at
-- a time (take_hits in tlw.lua). Returns the hits no target could take.
local function spread_hits(targets, zone, hits, rule)
  while hits > 0 do
    local open = {}
    for _, u in ipairs(targets) do
      if zone_of(u) == zone and hits_left(u) > 0 then open[#open + 1] = u end
    end
    if #open == 0 then break end
    local u = open[1]
    if #open > 1 then
      u = ask("insurgent", rule, { prompt = { "The strike on %L: which unit takes a hit (%d to place)?", zone, hits },
                                   pieces = open })
    end
    take_hits(u, 1, rule)
    hits = hits - 1
  end
  return hits
end

-- Ruling T71 (OQ17; 13.0): a strike on an urban zone, or whose hits its
-- targets could not all take, causes collateral damage: one event and one
-- Cascading Effects card, at most once a strike.
local function collateral_damage(zone, excess)
  if map.attr(zone, "terrain") ~= "urban" and excess <= 0 then return end
  log("13.0", "The strike on %L causes collateral damage", zone)
  if map.attr(zone, "country") ~= "israel" then track.add("collateral_damage", 1, "13.0") end
  cascading_effect("13.0", { attacker = "idf" })
end

-- Ruling T71: a strike on Syria draws a Cascading Effects card first, as in
-- the base (12.1).
local function strike_on(zone)
  if map.attr(zone, "country") == "syria" then cascading_effect("12.1") end
end

-- 12.2 Area attack: every undisrupted regular of a zone, or every revealed
-- irregular there; terrain takes hits off (2 urban, 1 populated).
local function area_choices()
  local out = {}
  for _, z in ipairs(ZONES) do
    if pieces.count(z, STRIKE_TARGETS.regular) > 0 then out[#out + 1] = { location = z, option = "area_regulars" } end
    if pieces.count(z, STRIKE_TARGETS.revealed) > 0 then out[#out + 1] = { location = z, option = "area_revealed" } end
  end
  return out
end

ACTIONS.area_attack = {
  targets = function() return area_choices() end,
  play = function(side, rule)
    local c = ask(side, rule, { prompt = "Area attack on which units?", choices = area_choices() })
    local z = c.location
    local targets = strike_targets(z, c.option == "area_regulars" and "regular" or "revealed")
    local dice = 0
    for _, u in ipairs(targets) do dice = dice + strike_dice(u) end
    strike_on(z)
    local hits = roll_hits(dice, rule, "area attack on %L", z)
    local saved = math.min(hits, tables.terrain[map.attr(z, "terrain")] or 0)
    log(rule, "%d hits on %L, %d saved by the terrain", hits, z, saved)
    collateral_damage(z, spread_hits(targets, z, hits - saved, rule))
    refresh_stacks()
  end,
}

-- 12.2 PGM strike: one unit, its dice by its mode; the terrain saves none.
local function pgm_targets()
  return strike_targets(ZONES, nil)
end

ACTIONS.pgm_strike = {
  targets = function() return pgm_targets() end,
  play = function(side, rule)
    local u = ask(side, rule, { prompt = "PGM strike on which unit?", pieces = pgm_targets() })
    local z = zone_of(u)
    strike_on(z)
    local hits = roll_hits(strike_dice(u), rule, "PGM strike on %P", u)
    log(rule, "%d hits on %P", hits, u)
    collateral_damage(z, hits - take_hits(u, hits, rule))
    refresh_stacks()
  end,
}

-- 12.2 Decapitation (research 4.3): the Syrian TF HQ only, on the map
-- (the base's syrian_hqs).
-- Ruling T70 (OQ6): two dice; any hit removes the HQ for good (Syrian
-- units are brittle, 10.63) and the Insurgent's C2 falls one level for
-- good; the units of its box are placed in its zone, detached. Hits beyond
-- the first cause no collateral damage; an urban zone does.
ACTIONS.decapitation_strike = {
  targets = function() return syrian_hqs() end,
  play = function(side, rule)
    local hq = ask(side, rule, { prompt = "Decapitation strike on which TF HQ?", pieces = syrian_hqs() })
    local z = pieces.location(hq)
    strike_on(z)
    local hits = roll_hits(tables.strikes.decapitation_dice, rule, "decapitation strike on %P", hq)
    if hits > 0 then
      for _, u in ipairs(pieces.at(holding_box(hq), UNITS)) do pieces.move(u, z, rule) end
      pieces.move(hq, "removed_from_game", rule)
      track.add("insurgent_c2", -tables.strikes.decapitation_c2_loss, rule)
      log(rule, "%P is destroyed: the Insurgent's C2 Level falls to %d", hq, track.get("insurgent_c2"))
      enforce_c2("insurgent")
    else
      log(rule, "The decapitation strike misses")
    end
    collateral_damage(z, 0)
    refresh_stacks()
  end,
}

-- 12.3: where a rocket or missile may fire from: SR rockets south of the
-- Litani (the map's sr_band), MR rockets anywhere but a sanctuary
-- (mr_band), missiles anywhere.
local function may_fire_from(u, zone)
  local range = pieces.value(u, "range")
  if range == "sr" then return map.attr(zone, "sr_band") == true end
  if range == "mr" then return map.attr(zone, "mr_band") == true end
  return true
end

-- Ruling T72: the undisrupted rockets and missiles loose in `zone` that
-- may fire from it (not those in a TF box, off the map), Revealed or not.
local function launchers(zone)
  local out = {}
  for _, u in ipairs(pieces.at(zone, { kind = "unit", owner = "insurgent" })) do
    local class = pieces.value(u, "unit_class")
    if (class == "rocket" or class == "missile") and not is_disrupted(u) and may_fire_from(u, zone) then
      out[#out + 1] = u
    end
  end
  return out
end

local function launch_zones()
  local out = {}
  for _, z in ipairs(ZONES) do
    if #launchers(z) > 0 then out[#out + 1] = z end
  end
  return out
end

-- 12.3, 12.4: `hits` on Israel. Civilian (ruling T73): 1 VP a hit and, if
-- any, one Cascading Effects card for the attack. Military (ruling T74):
-- each hit disrupts one undisrupted IDF CSU loose on the map, the IDF
-- choosing; hits beyond them are lost.
local function hits_on_israel(hits, target, rule)
  log(rule, "%d hits on %s infrastructure in Israel", hits, target == "civilian_target" and "civilian" or "military")
  if hits == 0 then return end
  if target == "civilian_target" then
    track.add("insurgent_vp", hits * tables.vp.insurgent.civilian_hit, rule)
    cascading_effect(rule, { attacker = "insurgent" })
    return
  end
  for _ = 1, hits do
    local csus = {}
    for _, z in ipairs(ZONES) do
      for _, u in ipairs(pieces.at(z, { kind = "unit", owner = "idf" })) do
        if pieces.value(u, "unit_class") == "csu" and not is_disrupted(u) then csus[#csus + 1] = u end
      end
    end
    if #csus == 0 then
      log(rule, "No CSU left on the map to disrupt")
      return
    end
    local u = csus[1]
    if #csus > 1 then u = ask("idf", rule, { prompt = "A hit on military infrastructure: which CSU is disrupted?", pieces = csus }) end
    disrupt_unit(u, rule)
  end
end

local function choose_target(rule)
  return ask("insurgent", rule, { prompt = "Target civilian or military infrastructure?",
                                  options = { "civilian_target", "military_target" } })
end

-- 12.3 (ruling T72): the Insurgent fires any of a zone's launchers (at
-- least one), which turn Revealed first; a rocket rolls one die, a missile
-- two (their printed attack_dice); each 6 is a hit.
ACTIONS.rocket_attack = {
  targets = function() return launch_zones() end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Fire rockets and missiles from which zone?", locations = launch_zones() })
    local firing, chosen = {}, {}
    while true do
      local choices = {}
      if #firing > 0 then choices[1] = "done" end
      for _, u in ipairs(launchers(z)) do
        if not chosen[u] then choices[#choices + 1] = { piece = u, option = "fire_rocket" } end
      end
      if #choices == 0 or (#choices == 1 and choices[1] == "done") then break end
      local c = ask(side, rule, { prompt = { "Which units fire from %L (%d chosen)?", z, #firing }, choices = choices })
      if c == "done" then break end
      firing[#firing + 1] = c.piece
      chosen[c.piece] = true
    end
    local target = choose_target(rule)
    for _, u in ipairs(firing) do reveal(u, rule) end
    refresh_stacks()
    local hits = 0
    for _, u in ipairs(firing) do
      local faces = { roll(pieces.value(u, "attack_dice") .. "d6", rule, "%P fires at Israel", u) }
      for k = 2, #faces do
        if faces[k] >= tables.dice.rocket_hit_on then hits = hits + 1 end
      end
    end
    hits_on_israel(hits, target, rule)
  end,
}

-- 12.4 (ruling T75): a Lebanese zone next to Israel that the Insurgent
-- controls (the base's controller: Underground units count, dummies not).
local function raid_bases()
  local out = {}
  if vars.raid_this_turn then return out end
  for _, z in ipairs(LEBANON) do
    local border = false
    for _, n in ipairs(map.neighbours(z)) do border = border or map.attr(n, "country") == "israel" end
    if border and controller(z) == "insurgent" then out[#out + 1] = z end
  end
  return out
end

-- 12.4 (rulings T73-T75): once a turn (OQ14; turn.lua clears the flag),
-- two dice, each 6 a hit, the effects of a rocket attack.
ACTIONS.minor_raid = {
  targets = function() return raid_bases() end,
  play = function(side, rule)
    vars.raid_this_turn = true
    local target = choose_target(rule)
    local faces = { roll(tables.dice.raid_dice .. "d6", rule, "minor raid on Israel") }
    local hits = 0
    for k = 2, #faces do
      if faces[k] >= tables.dice.rocket_hit_on then hits = hits + 1 end
    end
    hits_on_israel(hits, target, rule)
  end,
}
