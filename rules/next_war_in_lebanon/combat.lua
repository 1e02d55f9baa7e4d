-- The Next War in Lebanon: combat (9.0-9.9, 10.1, 10.2; rulings C1, C2, C5,
-- N13, N14, N15, OQ1, OQ2, OQ5, OQ6, OQ19-OQ23). A battle is fought where
-- units of both sides share a zone: each side may add a J-4 (7.4C), the
-- tactical advantage is rolled (9.1), the side that wins it fires (9.2),
-- then the other side's surviving units fire (9.5); after it the collateral
-- damage is drawn, then the winner draws a chit (9.6, 9.9).

local function value(u, key) return pieces.value(u, key) end
local function is_support(u) return value(u, "support") == true end
local function is_rocket(u)
  local class = value(u, "unit_class")
  return class == "rocket" or class == "missile"
end

-- A unit's rating in `mode` (9.2), with the battle's J-4 for its side.
local function rating(b, u, mode)
  local side = pieces.owner(u)
  local at = (b.at and side == "insurgent") and tables.air_defence.at_bonus_2006 or 0
  return value(u, mode .. "_ff") + (b.j4[side] and 1 or 0) + at
end

-- Where a unit goes when it leaves play: Syrian units out of the game (12.1,
-- counted as eliminated for VP: ruling OQ12), others to their side's box.
local function eliminate(u, rule)
  if value(u, "nation") == "syria" then
    pieces.move(u, "removed_from_game", rule)
  else
    pieces.move(u, pieces.owner(u) .. "_eliminated", rule)
  end
  if is_disrupted(u) then pieces.unmark(u, "disrupted", rule) end
  -- Out of its stack, it is seen as its box is: by everyone (8.0).
  if pieces.visibility(u) ~= nil then pieces.set_visibility(u, nil, rule) end
  if pieces.face(u) == "fired" then pieces.set_face(u, "ready", rule) end
  local face = pieces.face(u)
  if face == "reduced_combat" then pieces.set_face(u, "combat", rule) end
  if face == "reduced_dispersed" then pieces.set_face(u, "dispersed", rule) end
end

-- A unit destroyed outside a battle (a deep strike, 11.0).
function eliminate_unit(u, rule)
  eliminate(u, rule)
end

-- 9.4 reduced (rulings OQ1, OQ2): an IDF unit turns to its reduced face, or
-- is eliminated when reduced already; every other unit is eliminated.
local function reduce(b, u, rule)
  local face = pieces.face(u)
  if value(u, "reducible") and (face == "combat" or face == "dispersed") then
    pieces.set_face(u, "reduced_" .. face, rule)
    log(rule, "%P reduced", u)
  else
    log(rule, "%P eliminated", u)
    eliminate(u, rule)
    b.gone[u] = true
  end
end

-- 9.3 disrupted: a disrupted unit disrupted again is reduced; a rocket or
-- missile, and a brittle unit (9.7), leaves play at once; a disrupted unit
-- leaves its TF box for the zone. `and_reduce` (9.2, across modes or an
-- equal roll) reduces it too, once at most (ruling OQ2).
local function disrupt(b, u, and_reduce, rule)
  if is_rocket(u) then
    log("9.3", "%P disrupted: a rocket or missile is eliminated", u)
    eliminate(u, "9.3")
    b.gone[u] = true
    return
  end
  if value(u, "brittle") then
    log("9.7", "%P disrupted: brittle, it is removed", u)
    eliminate(u, "9.7")
    b.gone[u] = true
    return
  end
  local again = is_disrupted(u)
  if not again then pieces.mark(u, "disrupted", rule) end
  if pieces.location(u) ~= b.zone then pieces.move(u, b.zone, "9.3") end
  if and_reduce or again then reduce(b, u, rule) end
end

-- The units of `side` in the battle: in the zone and in its TF boxes there,
-- not gone, not evading.
local function in_battle(b, side)
  local out = {}
  for _, u in ipairs(units_on_map(side, nil, { b.zone })) do
    if not b.gone[u] and not pieces.marked(u, "evading") then out[#out + 1] = u end
  end
  return out
end

-- Whether `firer` may fire at `target` (3.0: a unit in combat mode never at
-- a dispersed one; rockets and missiles are combat-mode units, OQ23).
local function may_fire_at(firer, target)
  return value(firer, "mode") == "dispersed" or value(target, "mode") == "combat"
end

-- 9.2, ruling OQ22: the enemy units `firer` may target now: none twice
-- before every other is once (support units last in each cycle).
local function targets_for(b, firer, enemies)
  local least = {}
  for _, support in ipairs({ false, true }) do
    for _, t in ipairs(enemies) do
      if is_support(t) == support then
        local n = b.targeted[t] or 0
        if not least.n or n < least.n then least = { n = n, support = support } end
      end
    end
  end
  local out = {}
  for _, t in ipairs(enemies) do
    if (b.targeted[t] or 0) == least.n and is_support(t) == least.support and may_fire_at(firer, t) then
      out[#out + 1] = t
    end
  end
  return out
end

-- 9.8, rulings N13, OQ20, OQ21: a support unit adds its rating (its own
-- mode's) to one roll of its side once a battle: CSUs for the battle's
-- attacker, rockets and missiles (turned Fired) for its defender. The owner
-- chooses one or none for the roll of `u`.
local function support_for(b, side, u, rule)
  local role = side == b.attacker and "attacker" or "defender"
  local choices = { "no_support" }
  for _, s in ipairs(in_battle(b, side)) do
    local class = value(s, "unit_class")
    local fits = (role == "attacker" and class == "csu") or (role == "defender" and class ~= "csu")
    if s ~= u and is_support(s) and fits and not b.supported[s] and not is_disrupted(s) and pieces.face(s) ~= "fired" then
      choices[#choices + 1] = { piece = s, option = "support" }
    end
  end
  if #choices == 1 then return 0 end
  local c = ask(side, rule, { prompt = { "Support the roll of %P?", u }, choices = choices })
  if c == "no_support" then return 0 end
  b.supported[c.piece] = true
  if is_rocket(c.piece) then pieces.set_face(c.piece, "fired", rule) end
  return value(c.piece, value(c.piece, "mode") .. "_ff")
end

-- One roll of a unit: d6, its rating in `mode`, -1 when disrupted (9.3),
-- and support.
-- `as_shooter`: the roll is the unit's own attack, which close air support
-- may join (7.3F: three more dice, the best counts; once a battle).
local function firefight_roll(b, u, mode, rule, as_shooter)
  local side = pieces.owner(u)
  local bonus = support_for(b, side, u, rule)
  local die = roll("d6", rule, "%P", u)
  if as_shooter and b.cas == side and not b.cas_used then
    local c = ask(side, "7.3F", { prompt = { "Close air support for the roll of %P?", u }, options = { "use_cas", "not_now" } })
    if c == "use_cas" then
      b.cas_used = true
      local _, a, bb, cc = roll("3d6", "7.3F", "close air support")
      die = math.max(die, a, bb, cc)
    end
  end
  local total = die + rating(b, u, mode) + bonus + (is_disrupted(u) and tables.firefight.disrupted or 0)
  -- 15.3 (ruling OQ26): an Insurgent's unmodified 1 ends the AT fire after
  -- this roll; its J-4 goes back to the pool.
  if b.at and side == "insurgent" and die == 1 then
    pieces.move(b.at, chits_of("insurgent").pool, "15.3")
    b.at = nil
    log("15.3", "The Insurgents run out of anti-tank ammunition")
  end
  return total
end

-- 9.2 one target and the units firing at it: each rolls, the best counts;
-- the target rolls once in the mode of that best shooter.
local function resolve(b, target, shooters, rule)
  local best, best_total, totals = nil, -100, {}
  for _, s in ipairs(shooters) do
    local t = firefight_roll(b, s, value(s, "mode"), rule, true)
    totals[s] = t
    if t > best_total then best, best_total = s, t end
  end
  local mode = value(best, "mode")
  local defence = firefight_roll(b, target, mode, rule)
  log(rule, "%P (%d) against %P (%d)", best, best_total, target, defence)
  if best_total > defence then
    disrupt(b, target, value(target, "mode") ~= mode, rule)
  elseif best_total == defence then
    -- 9.2 note, 10.1: both sides disrupted and reduced; collateral damage.
    b.collateral = true
    disrupt(b, target, true, rule)
    for _, s in ipairs(shooters) do
      if totals[s] == defence and not b.gone[s] then disrupt(b, s, true, rule) end
    end
  else
    local loser = shooters[1]
    if #shooters > 1 then
      loser = ask(pieces.owner(target), rule, { prompt = { "%P won: which of its attackers suffers?", target }, pieces = shooters })
    end
    disrupt(b, loser, value(loser, "mode") ~= value(target, "mode"), rule)
  end
end

-- 9.2, 9.5 a round: each undisrupted unit of `side` that may fire picks a
-- target in turn; then each target is resolved against its shooters.
local function round(b, side, rule)
  b.targeted = {}
  local by_target, order = {}, {}
  for _, u in ipairs(in_battle(b, side)) do
    if not is_disrupted(u) and not is_support(u) then
      local targets = targets_for(b, u, in_battle(b, enemy_of(side)))
      if #targets > 0 then
        local t = ask(side, rule, { prompt = { "%P fires at which unit?", u }, pieces = targets })
        b.targeted[t] = (b.targeted[t] or 0) + 1
        if not by_target[t] then
          by_target[t] = {}
          order[#order + 1] = t
        end
        table.insert(by_target[t], u)
      end
    end
  end
  for _, t in ipairs(order) do resolve(b, t, by_target[t], rule) end
end

-- 7.4C each side may add one J-4: +1 to its units' ratings. IDF and Syrian
-- units in an urban zone only as the attacker with an undisrupted CSU there.
local function combat_support(b)
  for _, side in ipairs({ b.attacker, b.defender }) do
    local has = false
    for _, staff in ipairs(staffs_in_hand(side)) do has = has or staff == "J-4" end
    local urban = map.attr(b.zone, "terrain") == "urban"
    if has and urban and side == "idf" then
      has = side == b.attacker and #units_on_map(side, function(u)
        return value(u, "unit_class") == "csu" and not is_disrupted(u)
      end, { b.zone }) > 0
    end
    -- 7.3C, ruling OQ3: under an ambush the moving side (the defender) has none.
    if has and not (b.ambush and side == b.defender) then
      -- 15.3: in 2006 the Insurgent's J-4 is anti-tank fire instead.
      local at = side == "insurgent" and scenario_rules().insurgent_j4_2006
      local c = ask(side, "7.4C", { prompt = { "Add a J-4 to the battle in %L?", b.zone },
                                    options = { at and "add_at" or "add_j4", "no_j4" } })
      if c == "add_j4" then
        play_chit(side, "J-4", "7.4C")
        b.j4[side] = true
        log("7.4C", "%S adds a J-4: +1 to its units' ratings", side)
      elseif c == "add_at" then
        b.at = play_chit(side, "J-4", "15.3")
        log("15.3", "%S fires anti-tank weapons: +2 to its units' ratings", side)
      end
    end
  end
end


-- 7.2C evasion (a reaction): the defender, then the attacker, may play J-2s:
-- each a d6 (+1 in an urban zone; -1 to the Insurgent in a remote one), the
-- total the most of its units that evade, chosen by it; they stay out of
-- the battles of this phase (marked `evading`; joint_ops.lua clears it).
function evasion(b)
  local t = tables.evade
  for _, side in ipairs({ b.defender, b.attacker }) do
    local most = 0
    while holds_staff(side, "J-2") do
      local c = ask(side, "7.2C", { prompt = { "Play a J-2 to evade the battle in %L?", b.zone },
                                    options = { "evade", "no_evasion" } })
      if c == "no_evasion" then break end
      play_chit(side, "J-2", "7.2C")
      local r = roll("d6", "7.2C", "evasion, %S", side)
      if map.attr(b.zone, "terrain") == "urban" then r = r + t.urban end
      if side == "insurgent" and map.attr(b.zone, "terrain") == "remote" then r = r + t.remote_insurgent end
      most = most + math.max(r, 0)
    end
    local evaded = 0
    while evaded < most do
      local choices = { "done" }
      for _, u in ipairs(in_battle(b, side)) do choices[#choices + 1] = { piece = u, option = "evading_unit" } end
      if #choices == 1 then break end
      -- 7.2C: the enemy need not learn which units evaded.
      local c = ask(side, "7.2C", { prompt = { "Which unit evades (%d of %d)?", evaded, most }, choices = choices,
                                    secret = true })
      if c == "done" then break end
      pieces.mark(c.piece, "evading", "7.2C")
      evaded = evaded + 1
    end
  end
end

-- 7.3F close air support (IDF, never in an ambush), and the Insurgent's
-- SAM against it (7.4A; N10: 5-6 cancels it; 15.3 in 2006: on a 6 the IDF
-- plays no J-3 in that battle).
function close_air_support(b)
  if b.ambush or not holds_staff("idf", "J-3") then return end
  local c = ask("idf", "7.3F", { prompt = { "Add close air support to the battle in %L?", b.zone },
                                 options = { "add_cas", "no_cas" } })
  if c == "no_cas" then return end
  play_chit("idf", "J-3", "7.3F")
  b.cas = "idf"
  while holds_staff("insurgent", "J-4") do
    local s = ask("insurgent", "7.4A", { prompt = "Fire SAMs at the close air support?", options = { "fire_sams", "no_sams" } })
    if s == "no_sams" then return end
    play_chit("insurgent", "J-4", "7.4A")
    local need = scenario_rules().insurgent_j4_2006 and tables.air_defence.sam_2006 or tables.air_defence.sam_against_cas
    if roll("d6", "7.4A", "SAMs") >= need then
      b.cas = nil
      log("7.4A", "SAMs cancel the close air support")
      return
    end
  end
end

-- 14.2B (optional): each side may add J-6s at the start of a battle, +1
-- each to its tactical advantage roll.
function networked_operations(b)
  b.network = {}
  for _, side in ipairs({ b.attacker, b.defender }) do
    b.network[side] = 0
    while holds_staff(side, "J-6") do
      local c = ask(side, "14.2B", { prompt = "Add a J-6 for networked operations?", options = { "add_j6", "no_j6" } })
      if c == "no_j6" then break end
      play_chit(side, "J-6", "14.2B")
      b.network[side] = b.network[side] + tables.tactical_advantage.networked_operations
    end
  end
end

-- 9.1 tactical advantage: the winner of the higher roll fires first.
local function tactical_advantage(b)
  local t = tables.tactical_advantage
  local rolls = {}
  for _, side in ipairs({ b.attacker, b.defender }) do
    local r = roll("d6", "9.1", "tactical advantage, %S", side) + b.network[side]
    if side == b.defender then
      r = r + t.defender
      if map.attr(b.zone, "terrain") == "urban" then r = r + t.urban_defender end
    end
    for _, u in ipairs(in_battle(b, side)) do
      if is_disrupted(u) then
        r = r + t.disrupted
        break
      end
    end
    -- 10.2: the 900 Kfir in an urban zone (not in 2006, 15.2).
    if map.attr(b.zone, "terrain") == "urban" and scenario_rules().kfir_ability then
      for _, u in ipairs(in_battle(b, side)) do
        local bonus = value(u, "urban_advantage")
        if bonus then
          r = r + bonus
          break
        end
      end
    end
    rolls[side] = r
  end
  local first = rolls[b.attacker] > rolls[b.defender] and b.attacker or b.defender
  log("9.1", "%S has the tactical advantage (%d against %d)", first, rolls[first], rolls[enemy_of(first)])
  return first
end

-- Whether any unit of either side may fire at an enemy in `zone`.
function battle_possible(zone)
  for _, side in ipairs({ "idf", "insurgent" }) do
    local enemies = {}
    for _, u in ipairs(units_on_map(enemy_of(side), nil, { zone })) do
      if not pieces.marked(u, "evading") then enemies[#enemies + 1] = u end
    end
    for _, u in ipairs(units_on_map(side, nil, { zone })) do
      if not is_disrupted(u) and not is_support(u) and not pieces.marked(u, "evading") then
        for _, t in ipairs(enemies) do
          if may_fire_at(u, t) then return true end
        end
      end
    end
  end
  return false
end

-- Whether `side` has an undisrupted military unit in `zone`, evading or not.
local function has_undisrupted(side, zone)
  return count_units(side, zone, UNDISRUPTED_OF[side]) > 0
end

-- 9.6, 9.9 (ruling N15): the side keeping an undisrupted military unit
-- in the zone while the enemy keeps none wins and draws one chit blind,
-- usable at once. Units that evaded are still in the zone (7.2C), so they
-- keep it too.
local function consolidate(b)
  local held = {}
  for _, side in ipairs({ "idf", "insurgent" }) do held[side] = has_undisrupted(side, b.zone) end
  for _, side in ipairs({ "idf", "insurgent" }) do
    if held[side] and not held[enemy_of(side)] then
      log("9.9", "%S wins the battle in %L", side, b.zone)
      local chit = cup.draw(chits_of(side).pool, chits_of(side).hand, "9.9")
      if chit then pieces.mark(chit, "drawn", "9.9") end
    end
  end
end

-- 9.0 a battle in `zone`, `attacker` against the other side.
function battle(zone, attacker, opts)
  opts = opts or {}
  local b = { zone = zone, attacker = attacker, defender = enemy_of(attacker), j4 = {}, gone = {}, supported = {},
              targeted = {}, ambush = opts.ambush }
  log("9.0", "Battle in %L: %S attacks", zone, attacker)
  reveal_battle(zone)
  evasion(b)
  if not battle_possible(zone) then
    log("7.2C", "No battle in %L: the units evaded", zone)
    return
  end
  combat_support(b)
  close_air_support(b)
  networked_operations(b)
  local first = tactical_advantage(b)
  round(b, first, "9.2")
  round(b, enemy_of(first), "9.5")
  -- 9.6, ruling C5: after the battle, the collateral damage (one card).
  if b.collateral then
    if map.attr(zone, "country") ~= "israel" then track.add("collateral_damage", 1, "10.1") end
    cascading_effect("10.1", { attacker = attacker })
  end
  consolidate(b)
  -- Ruling OQ19: undisrupted TF units went nowhere; disrupted ones are in
  -- the zone already (9.3). The units go back into their stacks (8.0).
  refresh_stacks()
end

-- Whether every IDF unit in `zone` is an SOF (9.0, 10.2: they do not
-- instigate combat).
function only_sof(zone)
  local units = units_on_map("idf", nil, { zone })
  if #units == 0 then return false end
  for _, u in ipairs(units) do
    if value(u, "unit_class") ~= "sof" then return false end
  end
  return true
end

-- 9.0, 10.2: whether the units the IDF moved into `zone` among the enemy
-- fight there: always, but SOF entering alone (no other IDF unit there), by
-- land (7.3A) or by air (7.4B), fight only if the IDF wishes.
function idf_fights_on_entry(zone)
  if not only_sof(zone) then return true end
  return ask("idf", "9.0", { prompt = { "Fight in %L?", zone }, options = { "fight", "no_fight" } }) == "fight"
end

-- Ruling N14: at the start of each Joint Operations Phase every zone holding
-- undisrupted units of both sides where a unit may fire on an enemy fights,
-- the IDF attacking. Ruling OQ24: where the IDF has only SOF, none in its
-- own phase; in the Insurgent's, the Insurgent decides, and attacks.
function start_of_phase_battles()
  for _, z in ipairs(ZONES) do
    -- A side whose units there are all disrupted is not fought again.
    if has_undisrupted("idf", z) and has_undisrupted("insurgent", z) and battle_possible(z) then
      if not only_sof(z) then
        battle(z, "idf")
      elseif phasing_side() == "insurgent" then
        local c = ask("insurgent", "9.0", { prompt = { "Attack the SOF in %L?", z }, options = { "attack", "leave_them" } })
        if c == "attack" then battle(z, "insurgent") end
      end
    end
  end
end
