-- The Next War in Lebanon: J-3 Operations (7.3). Movement (7.3A; 2.1, 8.1,
-- 9.0, 10.2, 12.1, 15.1, the Lebanese Army card; rulings N16, N17, OQ29,
-- X18): one TF HQ with the units of its box that may move, or units of one
-- zone up to the C2 Level, each to an adjacent zone, then a battle wherever
-- they met the enemy (9.0). Rocket attacks (7.3D; N9, OQ9, OQ15) and raids
-- (7.3E; C7).


-- 3.0, N16: a unit in combat mode moves, disrupted or not; Syrian missiles
-- never leave Syria (N17).
local function movable(u)
  if pieces.value(u, "mode") ~= "combat" then return false end
  return not (pieces.value(u, "nation") == "syria" and pieces.value(u, "support"))
end

-- Whether unit (or TF HQ) `u` of `side` may enter zone `z`.
function may_enter(side, u, z)
  local sanctuary = map.attr(z, "sanctuary")
  local enemy_sanctuary = (side == "idf" and (sanctuary == "insurgent" or (sanctuary == "syria_when_active" and vars.syria_in_war)))
    or (side == "insurgent" and sanctuary == "idf")
  -- 2.1, 10.2: only SOF enter enemy sanctuaries.
  if enemy_sanctuary and not pieces.value(u, "enters_sanctuaries") then return false end
  -- Each test below only says no, so the cheap ones go first.
  local country, litani_limit = map.attr(z, "country"), scenario_rules().litani_limit
  if side == "idf" and pieces.value(u, "regular") then
    -- 12.1: IDF regulars never enter Syria.
    if country == "syria" then return false end
    -- 15.1 (2006): IDF regulars stay south of the Litani.
    if litani_limit and map.attr(z, "litani") == "north" then return false end
    -- The Lebanese Army card: IDF regulars never enter its zones.
    for _, c in ipairs(vars.lebanese_army_zones) do
      if c == z then return false end
    end
  end
  -- 15.1 (2006): nobody enters Syria.
  if litani_limit and country == "syria" then return false end
  -- 12.1: Syrian units never enter Israel.
  if country == "israel" and pieces.value(u, "nation") == "syria" then return false end
  return true
end

-- The zones a TF HQ may move to: adjacent zones every unit of its box that
-- moves with it may enter; with `first`, the first of them only (whether
-- there is one).
local function tf_destinations(side, hq, first)
  local out = {}
  local box = pieces.at(holding_box(hq), UNITS)
  for _, z in ipairs(map.neighbours(pieces.location(hq))) do
    local ok = may_enter(side, hq, z)
    for _, u in ipairs(box) do ok = ok and (not movable(u) or may_enter(side, u, z)) end
    if ok then
      out[#out + 1] = z
      if first then break end
    end
  end
  return out
end

-- The loose units of `side` in `zone` that may move now.
local function loose_movers(side, zone)
  local out = {}
  for _, u in ipairs(pieces.at(zone, UNITS_OF[side])) do
    if movable(u) then out[#out + 1] = u end
  end
  return out
end

-- The zones one of move_choices' choices may take units to (the search
-- bot reads them, bot.lua): a TF HQ's, or those a loose unit of the zone
-- may enter, in the map's order; with `first`, only whether there is one.
function move_destinations(side, c, first)
  if c.option == "move_tf" then return tf_destinations(side, c.piece, first) end
  local out, seen = {}, {}
  for _, u in ipairs(loose_movers(side, c.location)) do
    for _, to in ipairs(map.neighbours(c.location)) do
      if not seen[to] and may_enter(side, u, to) then
        seen[to] = true
        out[#out + 1] = to
        if first then return out end
      end
    end
  end
  return out
end

-- What `side` may move with one J-3: its TF HQs with a destination, and its
-- zones with a movable loose unit; with `first`, the first of them only.
local function move_choices(side, first)
  local choices = {}
  for _, z in ipairs(ZONES) do
    for _, hq in ipairs(pieces.at(z, HQS_OF[side])) do
      if #tf_destinations(side, hq, true) > 0 then
        choices[#choices + 1] = { piece = hq, option = "move_tf" }
        if first then return choices end
      end
    end
  end
  for _, z in ipairs(ZONES) do
    if #move_destinations(side, { location = z, option = "move_units" }, true) > 0 then
      choices[#choices + 1] = { location = z, option = "move_units" }
      if first then return choices end
    end
  end
  return choices
end



-- 9.0: a battle in each zone entered where the enemy is, the mover
-- attacking; 7.3C (rulings C3, C4, OQ3): the enemy may ambush units
-- entering a zone its undisrupted units hold with a J-3, then attacking,
-- unless the mover played a second J-3 in tandem or an entering unit
-- prevents ambush (SOF, the 299). 9.0, 10.2: IDF SOF entering alone fight
-- only if the IDF wishes (idf_fights_on_entry).
local function fight_where_entered(side, entered, tandem)
  for _, e in ipairs(entered) do
    local z = e.zone
    -- 10.2, 12.1: IDF units entering an enemy sanctuary or Syria draw a card.
    local sanctuary = map.attr(z, "sanctuary")
    if side == "idf" and (sanctuary == "insurgent" or map.attr(z, "country") == "syria") then
      cascading_effect(map.attr(z, "country") == "syria" and "12.1" or "10.2")
    end
    if battle_possible(z) then
      local prevents = false
      for _, u in ipairs(e.units) do prevents = prevents or pieces.value(u, "prevents_ambush") == true end
      local enemy = enemy_of(side)
      local held = count_units(enemy, z, UNDISRUPTED_OF[enemy]) > 0
      local ambush = false
      if held and not tandem and not prevents and holds_staff(enemy, "J-3") then
        ambush = ask(enemy, "7.3C", { prompt = { "Ambush the units entering %L?", z }, options = { "ambush", "no_ambush" } })
          == "ambush"
      end
      if ambush then
        play_chit(enemy, "J-3", "7.3C")
        battle(z, enemy, { ambush = true })
      elseif side ~= "idf" or idf_fights_on_entry(z) then
        battle(z, side)
      end
    end
  end
end

ACTIONS.move = {
  targets = function(side, first) return move_choices(side, first) end,
  play = function(side, rule)
    local c = ask(side, rule, { prompt = "Move a TF HQ, or units of one zone?", choices = move_choices(side) })
    -- 7.3C: a second J-3 in tandem, declared before entering, forestalls ambushes.
    local tandem = false
    if holds_staff(side, "J-3") then
      tandem = ask(side, "7.3C", { prompt = "Play a second J-3 in tandem against ambushes?",
                                   options = { "tandem", "no_tandem" } }) == "tandem"
      if tandem then play_chit(side, "J-3", "7.3C") end
    end
    local entered = {}
    if c.option == "move_tf" then
      local to = ask(side, rule, { prompt = { "Move %P to which zone?", c.piece }, piece = c.piece,
                                   to = tf_destinations(side, c.piece) })
      -- 3.0 (ruling X18): units that cannot move (dispersed; Syria's
      -- missiles, N17) are left behind, loose in the zone the HQ leaves.
      for _, u in ipairs(pieces.at(holding_box(c.piece), UNITS)) do
        if not movable(u) then pieces.move(u, pieces.location(c.piece), rule) end
      end
      pieces.move(c.piece, to, rule)
      entered[1] = { zone = to, units = pieces.at(holding_box(c.piece), UNITS) }
    else
      local moved, seen = 0, {}
      while moved < c2_level(side) do
        local choices = { "done" }
        for _, u in ipairs(loose_movers(side, c.location)) do
          for _, to in ipairs(map.neighbours(c.location)) do
            if may_enter(side, u, to) then choices[#choices + 1] = { piece = u, to = to } end
          end
        end
        if #choices == 1 then break end
        local m = ask(side, rule, { prompt = { "Move units from %L (%d of %d moved)", c.location, moved,
                                               c2_level(side) }, choices = choices })
        if m == "done" then break end
        pieces.move(m.piece, m.to, rule)
        moved = moved + 1
        if not seen[m.to] then
          seen[m.to] = { zone = m.to, units = {} }
          entered[#entered + 1] = seen[m.to]
        end
        table.insert(seen[m.to].units, m.piece)
      end
    end
    fight_where_entered(side, entered, tandem)
  end,
}

-- 7.3D: where a rocket or missile may fire from: SR and MR rockets from
-- their bands, missiles from anywhere (OQ15, 7.3D for Syria's).
local function may_fire_from(u, zone)
  local range = pieces.value(u, "range")
  if range == "sr" then return map.attr(zone, "sr_band") == true end
  if range == "mr" then return map.attr(zone, "mr_band") == true end
  return true
end

-- The zones holding a ready rocket or missile of the Insurgent's that may
-- fire from there.
local function rocket_zones()
  local out = {}
  for _, z in ipairs(ZONES) do
    local ready = units_on_map("insurgent", function(u)
      return pieces.face(u) == "ready" and may_fire_from(u, z)
    end, { z })
    if #ready > 0 then out[#out + 1] = z end
  end
  return out
end

-- 7.3D (rulings N9, OQ9): every ready rocket and missile of one zone fires
-- (each its dice: one a rocket, two a missile) and turns Fired; each 6 is a
-- hit on civilian infrastructure, 1 VP; any hit draws one Cascading Effect.
ACTIONS.rocket_attack = {
  targets = function(side) return rocket_zones() end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Fire the rockets of which zone?", locations = rocket_zones() })
    local hits = 0
    for _, u in ipairs(units_on_map("insurgent", function(u)
      return pieces.face(u) == "ready" and may_fire_from(u, z)
    end, { z })) do
      local dice = { roll(pieces.value(u, "attack_dice") .. "d6", rule, "%P fires", u) }
      for k = 2, #dice do
        if dice[k] >= tables.rocket_attack.hit_on then hits = hits + 1 end
      end
      pieces.set_face(u, "fired", rule)
    end
    log(rule, "%d hits on Israel", hits)
    if hits > 0 then
      track.add("insurgent_vp", hits * tables.vp.insurgent.civilian_hit, "13.2")
      cascading_effect("10.1", { attacker = "insurgent" })
    end
  end,
}

-- 7.3E: the zones next to the raid target the Insurgent controls.
local function raid_zones()
  local out = {}
  if vars.raid_this_turn then return out end
  for _, t in ipairs(ZONES) do
    if map.attr(t, "raid_target") then
      for _, z in ipairs(map.neighbours(t)) do
        if controller(z) == "insurgent" then out[#out + 1] = z end
      end
    end
  end
  return out
end

-- 7.3E (ruling C7): once a turn, from a controlled zone next to Nahariyya, a
-- raid scores the d6 in VP; a 6 also draws a Cascading Effect.
ACTIONS.raid = {
  targets = function(side) return raid_zones() end,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Raid from which zone?", locations = raid_zones() })
    vars.raid_this_turn = true
    local d = roll("d6", rule, "raid from %L", z)
    track.add("insurgent_vp", d, rule)
    log(rule, "The raid scores %d VP", d)
    if d >= tables.raid.collateral_on then cascading_effect("10.1", { attacker = "insurgent" }) end
  end,
}
