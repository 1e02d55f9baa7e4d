-- Third Lebanon War: the battle mat (seed 002, steps 1-9) and the J-3
-- attack that starts a battle (9.2). Rulings T20-T39 (README.battle.md).
--
-- A battle is one exchange of fire: the side with the tactical advantage
-- fires first, the other side's units still standing fire back; each hit
-- lowers a unit's ratings by one (tlw.lua). The battle's record lives in
-- vars.battle while it is fought (the units and chits on the mat, the
-- commitments made in secret), so that a position is its state.
--
-- The interface the other files call:
--   battle(zone, attacker, opts): a battle in `zone`, `attacker` against the
--   other side. opts.ambush: the attacker springs an ambush (11.2) on
--   opts.targets (the units that entered the zone); without opts.targets
--   the attacker declares its targets among the enemy units in the zone.
--   attack_zones(side): where `side` could attack now (9.2).
--   is_targetable(u): whether an enemy may declare `u` a target (mat 1).

local MAT = tables.battle.mat
local DICE = tables.dice

local function terrain_of(zone) return map.attr(zone, "terrain") end


-- Mat 1 (rulings T21, T22): a unit the enemy may declare a target: seen
-- (not Underground: it must be found by intelligence first, 8.1), not a
-- dummy, not disrupted.
function is_targetable(u)
  return not is_dummy(u) and not is_underground(u) and not is_disrupted(u)
end

-- Mat 1 (ruling T23): the units `side` may engage as the attacker: its
-- undisrupted units that fire in battle, a printed J-3 of 1 or more
-- (rockets and missiles, J-3 0, fire at Israel only: 12.3; ruling T22), no
-- dummy; in an ambush its irregular units only (11.2).
local ENGAGE_OF, AMBUSH_OF = {}, {}
for _, side in ipairs({ "idf", "insurgent" }) do
  ENGAGE_OF[side] = pieces.filter { kind = "unit", owner = side, lacks = "dummy", unmarked = "disrupted",
                                    at_least = { j3 = 1 } }
  AMBUSH_OF[side] = pieces.filter { kind = "unit", owner = side, lacks = "dummy", unmarked = "disrupted",
                                    at_least = { j3 = 1 }, not_values = { regular = true } }
end

-- Those of `side` in `zone`.
local function engageable(side, zone, ambush)
  return units_on_map(side, nil, { zone }, (ambush and AMBUSH_OF or ENGAGE_OF)[side])
end

-- 9.2: the zones where `side` has a unit to engage and the enemy a target
-- (the count first: it is the cheaper test, and most zones fail it). With
-- `first`, the first only (whether there is one).
function attack_zones(side, first)
  local out = {}
  local enemy = enemy_of(side)
  for _, z in ipairs(ZONES) do
    if count_units(enemy, z, TARGETABLE_OF[enemy]) > 0 and count_units(side, z, ENGAGE_OF[side]) > 0 then
      out[#out + 1] = z
      if first then break end
    end
  end
  return out
end

-- Ruling T38: a decision with one possible answer is not asked.
local function one_of(side, rule, prompt, list)
  if #list == 1 then return list[1] end
  return ask(side, rule, { prompt = prompt, pieces = list })
end

local function contains(list, x)
  for _, y in ipairs(list) do
    if y == x then return true end
  end
  return false
end

-- The chits of `staff` in `side`'s hand (tlw.lua).
local held = chits_held

-- The engaged units of `side` still on the mat and undisrupted.
local function standing(side)
  local out = {}
  for _, u in ipairs(vars.battle.engaged[side]) do
    if pieces.location(u) == MAT and not is_disrupted(u) then out[#out + 1] = u end
  end
  return out
end

-- ---------------------------------------------------------------------------
-- MAT 1 ATTACK DECLARATION AND EVASION

-- Mat 1 (ruling T20): the attacker declares one Concentrated or Revealed
-- unit, or one or more Dispersed units, among `candidates`, into `targets`
-- (a list in vars.battle: each declaration is part of the position).
local function declare_targets(attacker, candidates, targets)
  local first = one_of(attacker, "mat 1", "Declare the target of the attack", candidates)
  table.insert(targets, first)
  if mode_of(first) ~= "dispersed" then return targets end
  while true do
    local choices = { "done" }
    for _, u in ipairs(candidates) do
      if mode_of(u) == "dispersed" and not contains(targets, u) then choices[#choices + 1] = { piece = u, option = "add_target" } end
    end
    if #choices == 1 then return targets end
    local c = ask(attacker, "mat 1", { prompt = { "Dispersed targets: %d declared; another?", #targets }, choices = choices })
    if c == "done" then return targets end
    table.insert(targets, c.piece)
  end
end

-- Mat 1, 8.12 (ruling T24): targeted irregular defenders may evade (the
-- hook of intelligence.lua, told which units are targets); a target
-- Underground after it is out of the battle.
local function after_evasion(defender, zone, targets)
  local irregular = false
  for _, u in ipairs(targets) do irregular = irregular or has_irregular_modes(u) end
  if irregular then evade(defender, zone, "8.12", targets) end
  local out = {}
  for _, u in ipairs(targets) do
    if zone_of(u) == zone and is_targetable(u) then out[#out + 1] = u end
  end
  return out
end

-- Mat 1 (ruling T23): the attacker designates the units it engages, one at
-- a time or all that are left, at least one, into `chosen` (a list in
-- vars.battle).
local function engage_attackers(attacker, able, chosen)
  if #able <= 1 then
    for _, u in ipairs(able) do table.insert(chosen, u) end
    return
  end
  while #chosen < #able do
    local choices = {}
    if #chosen > 0 then choices[1] = "done" end
    choices[#choices + 1] = "engage_all"
    for _, u in ipairs(able) do
      if not contains(chosen, u) then choices[#choices + 1] = { piece = u, option = "engage" } end
    end
    local c = ask(attacker, "mat 1", { prompt = { "Engage which units? (%d engaged)", #chosen }, choices = choices })
    if c == "done" then break end
    if c == "engage_all" then
      for _, u in ipairs(able) do
        if not contains(chosen, u) then table.insert(chosen, u) end
      end
      break
    end
    table.insert(chosen, c.piece)
  end
end

-- ---------------------------------------------------------------------------
-- MAT 2 COMMITMENT

-- Mat 2: what `side` may commit to a battle in `zone`: how many J-3s as
-- close air support (the IDF's, 12.1; never when it defends against an
-- ambush, 11.21) and whether a J-4 (one at most; the IDF's only with an
-- undisrupted CSU in the zone, ruling T26; under an ambush too, T27).
function battle_commitments(side, zone, attacker, ambush)
  local cas = 0
  if side == "idf" and not (ambush and side ~= attacker) then cas = #held(side, "J-3") end
  local j4 = #held(side, "J-4") > 0
  if j4 and side == "idf" then
    j4 = #units_on_map(side, function(u)
      return pieces.value(u, "unit_class") == "csu" and not is_disrupted(u)
    end, { zone }) > 0
  end
  return cas, j4
end

-- Mat 2 (ruling T25): each side decides in secret, the attacker first; what
-- it decided waits in vars.battle, which no player reads, until both have.
local function commit(side)
  local b = vars.battle
  local cas, j4 = battle_commitments(side, b.zone, b.attacker, b.ambush)
  if cas > 0 then
    b.commit[side].cas = ask(side, "mat 2", { prompt = "Commit how many J-3s as close air support (12.1)?",
                                              numbers = { 0, cas }, secret = true })
  end
  if j4 then
    b.commit[side].j4 = ask(side, "mat 2", { prompt = "Commit a J-4 as combat support?",
                                             options = { "commit_j4", "no_j4" }, secret = true }) == "commit_j4"
  end
end

-- ---------------------------------------------------------------------------
-- MAT 3 PLACEMENT

-- A unit onto the mat, where both sides see it; where it came from is kept
-- for housekeeping (mat 7).
local function place_unit(u)
  table.insert(vars.battle.from, { piece = u, at = pieces.location(u) })
  if pieces.visibility(u) ~= nil then pieces.set_visibility(u, nil, "mat 3") end
  pieces.move(u, MAT, "mat 3")
end

-- Mat 3: the committed chits leave the hand for the mat, shown. A side
-- commits only chits it holds (mat 2), but the search bot plays on in
-- worlds where the enemy's hand is a guess and the secret commitment is
-- not (docs/bots.md): there a hand may lack a committed chit, and what
-- it holds is placed.
local function place_chits(side)
  local b = vars.battle
  local c = b.commit[side]
  c.cas = math.min(c.cas, #held(side, "J-3"))
  c.j4 = c.j4 and #held(side, "J-4") > 0
  for _ = 1, c.cas do
    local chit = held(side, "J-3")[1]
    pieces.move(chit, MAT, "mat 3")
    table.insert(b.cas, chit)
  end
  if c.j4 then
    local chit = held(side, "J-4")[1]
    pieces.move(chit, MAT, "mat 3")
    b.j4[side] = chit
  end
  if c.cas > 0 or c.j4 then
    log("mat 2", "%S committed %d J-3s as close air support and %d J-4", side, c.cas, c.j4 and 1 or 0)
  else
    log("mat 2", "%S committed no chit", side)
  end
end

-- Mat 3, 10.13 (rulings T28, T29): the Insurgent may turn its committed J-4
-- against the close air support: a d6 at each CAS J-3, which a 5-6
-- discards; a 1 on any of them removes the J-4 from the game, else it is
-- discarded. Either way it gives no combat support.
local function sam(b)
  if #b.cas == 0 or not b.j4.insurgent then return end
  local c = ask("insurgent", "10.13", { prompt = "Fire the committed J-4 at the close air support?",
                                        options = { "sam_at_cas", "keep_support" } })
  if c == "keep_support" then return end
  local j4 = b.j4.insurgent
  b.j4.insurgent = false
  local faces = { roll(#b.cas .. "d6", "10.13", "SAMs against %d close air support", #b.cas) }
  local lost, kept = false, {}
  for k = 2, #faces do
    local chit = b.cas[k - 1]
    if faces[k] >= DICE.sam_discards_on then
      pieces.move(chit, chits_of("idf").discard, "10.13")
      log("10.13", "The SAMs shoot down a close air support J-3")
    else
      kept[#kept + 1] = chit
    end
    lost = lost or faces[k] == DICE.sam_lost_on
  end
  b.cas = kept
  if lost then
    pieces.move(j4, tables.battle.removed, "10.13")
    log("10.13", "The SAM J-4 is removed from the game")
  else
    pieces.move(j4, chits_of("insurgent").discard, "10.13")
  end
end

-- ---------------------------------------------------------------------------
-- MAT 5-6 FIRE

-- `n` d6 (in rolls of at most 100 dice, the kernel's limit): their faces.
local function roll_dice(n, rule, side)
  local faces = {}
  while n > 0 do
    local k = math.min(n, 100)
    local r = { roll(k .. "d6", rule, "%S fires", side) }
    for i = 2, #r do faces[#faces + 1] = r[i] end
    n = n - k
  end
  return faces
end

-- Mat 5 (ruling T32): `side` places `hits` on its engaged units, one at a
-- time, each on a unit that can still take one; returns the hits left over.
local function distribute(side, hits, rule)
  for i = 1, hits do
    local able = {}
    for _, u in ipairs(standing(side)) do
      if hits_left(u) > 0 then able[#able + 1] = u end
    end
    if #able == 0 then return hits - i + 1 end
    local u = one_of(side, rule, { "Hit %d of %d: on which unit?", i, hits }, able)
    take_hits(u, 1, rule)
  end
  return 0
end

-- Mat 5 (ruling T33): a side whose engaged units are all disrupted or
-- removed loses its TF HQs in the zone too: each is hit and disrupted.
local function hq_hit(side, rule)
  if #standing(side) > 0 then return end
  for _, hq in ipairs(pieces.at(vars.battle.zone, HQS_OF[side])) do
    if not is_disrupted(hq) then
      log(rule, "%P takes a hit: every engaged unit of its side is disrupted", hq)
      disrupt_hq(hq, rule)
    end
  end
end

-- Mat 5, 6 (rulings T30, T31, T37): `side` fires with its engaged units
-- still undisrupted: their J-3 ratings now, one die each with its J-4, three
-- per CAS J-3 in force. 5 is a hit, 6 two; a 1 costs the Insurgent its J-4
-- (10.41). Terrain shields the battle's defender, never in an ambush. The
-- enemy places the hits; the excess is collateral damage (13.0).
local function fire(side, rule)
  local b = vars.battle
  local firing, rating = {}, 0
  for _, u in ipairs(standing(side)) do
    if j3_rating(u) > 0 then
      firing[#firing + 1] = u
      rating = rating + j3_rating(u)
    end
  end
  if #firing == 0 then
    log(rule, "%S has no undisrupted unit to fire", side)
    return
  end
  local j4 = b.j4[side] and #firing * DICE.j4_dice_per_unit or 0
  local cas = side == "idf" and #b.cas * DICE.cas_dice or 0
  local dice = rating + j4 + cas
  log(rule, "%S fires %d dice: %d for its units' J-3, %d for its J-4, %d for close air support", side, dice, rating, j4,
      cas)
  local hits, ones = 0, false
  for _, f in ipairs(roll_dice(dice, rule, side)) do
    if f >= DICE.two_hits then hits = hits + 2 elseif f >= DICE.one_hit then hits = hits + 1 end
    ones = ones or f == DICE.depletion
  end
  if side == "insurgent" and ones and b.j4.insurgent then
    pieces.move(b.j4.insurgent, tables.battle.removed, "10.41")
    b.j4.insurgent = false
    log("10.41", "Ammunition depleted: the Insurgent's J-4 is removed from the game")
  end
  local target = enemy_of(side)
  local cut = 0
  if target == b.defender and not b.ambush then cut = math.min(hits, tables.terrain[terrain_of(b.zone)] or 0) end
  if cut > 0 then
    log(rule, "%S scores %d hits, %d taken off for the terrain of %L: %d", side, hits, cut, b.zone, hits - cut)
  else
    log(rule, "%S scores %d hits", side, hits)
  end
  local excess = distribute(target, hits - cut, rule)
  if hits - cut > 0 then hq_hit(target, rule) end
  if excess > 0 then
    b.collateral = true
    log("13.0", "Collateral damage: %S's units could not take %d of the hits", target, excess)
  end
end

-- ---------------------------------------------------------------------------
-- MAT 7-9

-- Mat 7 (ruling T34): the units back: a disrupted one into the zone (ruling
-- T9), another where it came from (its TF HQ's box while it has room under
-- the C2, else the zone); the chits on the mat to their owners' discard,
-- which joins the pool (the Available Pile) at the owner's Planning.
local function housekeeping(b)
  for _, e in ipairs(b.from) do
    local u = e.piece
    if pieces.location(u) == MAT then
      local to = b.zone
      if not is_disrupted(u) and e.at ~= b.zone then
        local c2 = c2_level(pieces.owner(u))
        for _, hq in ipairs(pieces.at(b.zone, { kind = "hq", owner = pieces.owner(u) })) do
          if holding_box(hq) == e.at and pieces.count(e.at, UNITS) < c2 then to = e.at end
        end
      end
      pieces.move(u, to, "mat 7")
    end
  end
  for _, chit in ipairs(pieces.at(MAT)) do pieces.move(chit, chits_of(pieces.owner(chit)).discard, "mat 7") end
  log("mat 7", "The battle marker is removed from %L", b.zone)
end

-- Mat 9 (ruling T36): the winner: every engaged enemy unit disrupted or
-- removed, one of its own engaged units undisrupted.
local function winner_of(b)
  for _, side in ipairs({ b.attacker, b.defender }) do
    if #standing(side) > 0 and #standing(enemy_of(side)) == 0 then return side end
  end
  return nil
end

local function is_consolidation_staff(staff) return contains(tables.battle.consolidation_staffs, staff) end

-- ---------------------------------------------------------------------------
-- THE BATTLE

-- The units that may be targets: the entering units of an ambush still
-- targetable, else every targetable enemy unit in the zone.
local function candidates(zone, defender, opts)
  if not opts.targets then return units_on_map(defender, nil, { zone }, TARGETABLE_OF[defender]) end
  local out = {}
  for _, u in ipairs(opts.targets) do
    if pieces.owner(u) == defender and zone_of(u) == zone and is_targetable(u) then out[#out + 1] = u end
  end
  return out
end

function battle(zone, attacker, opts)
  opts = opts or {}
  local defender = enemy_of(attacker)
  local ambush = opts.ambush == true
  -- Mat 1: the targets, evasion, the attacker's units.
  local able = engageable(attacker, zone, ambush)
  local targets = candidates(zone, defender, opts)
  if #able == 0 or #targets == 0 then
    log("mat 1", "No battle in %L: no unit to engage or no target", zone)
    return
  end
  if ambush then
    log("11.2", "%S springs an ambush in %L", attacker, zone)
  else
    log("9.2", "%S attacks in %L", attacker, zone)
  end
  -- The battle's record is in vars.battle from its first decision on, so
  -- that each declaration and engagement is a position of its own.
  vars.battle = { zone = zone, attacker = attacker, defender = defender, ambush = ambush,
                  engaged = { [attacker] = {}, [defender] = {} }, from = {}, cas = {},
                  j4 = { idf = false, insurgent = false }, collateral = false, winner = false,
                  commit = { idf = { cas = 0, j4 = false }, insurgent = { cas = 0, j4 = false } } }
  declare_targets(attacker, targets, vars.battle.engaged[defender])
  targets = after_evasion(defender, zone, vars.battle.engaged[defender])
  if #targets == 0 then
    vars.battle = nil
    log("8.12", "No battle in %L: the targets evaded", zone)
    refresh_stacks()
    return
  end
  vars.battle.engaged[defender] = targets
  engage_attackers(attacker, able, vars.battle.engaged[attacker])
  for _, u in ipairs(vars.battle.engaged[attacker]) do
    if is_underground(u) then set_mode(u, "revealed", "mat 1") end
  end
  log("mat 1", "The battle marker is placed in %L", zone)
  -- Mat 2: commitment, in secret.
  commit(attacker)
  commit(defender)
  -- Mat 3: placement; the SAM.
  local b = vars.battle
  for _, side in ipairs({ attacker, defender }) do
    for _, u in ipairs(b.engaged[side]) do place_unit(u) end
  end
  place_chits(attacker)
  place_chits(defender)
  sam(b)
  -- Mat 4: the tactical advantage.
  local first = ambush and attacker or defender
  log("mat 4", "%S has the tactical advantage%s", first, ambush and " (an ambush)" or "")
  -- Mat 5, 6: first fire and return fire.
  fire(first, "mat 5")
  fire(enemy_of(first), "mat 6")
  b.winner = winner_of(b) or false
  -- Mat 7: housekeeping.
  housekeeping(b)
  refresh_stacks()
  -- Mat 8: one Cascading Effects card for any collateral damage (ruling T35).
  if b.collateral then
    if map.attr(zone, "country") ~= "israel" then track.add("collateral_damage", 1, "13.0") end
    cascading_effect("13.0", { attacker = attacker })
  end
  -- Mat 9: consolidation.
  if b.winner then
    log("mat 9", "%S wins the battle in %L", b.winner, zone)
    select_from_pool(b.winner, "mat 9", "Consolidation: select a J-2 or J-3 chit", chits_of(b.winner).hand,
                     is_consolidation_staff)
  end
  vars.battle = nil
  refresh_stacks()
end

-- 9.2 J-3 ATTACK: in a zone where the side has a unit to engage and the
-- enemy a target; the J-3 played is the attack's (mat 1).
ACTIONS.attack = {
  targets = attack_zones,
  play = function(side, rule)
    local zone = attack_zones(side)
    if #zone == 1 then zone = zone[1] else zone = ask(side, rule, { prompt = "Attack in which zone?", locations = zone }) end
    battle(zone, side)
  end,
}
