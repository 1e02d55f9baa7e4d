-- Third Lebanon War: what every procedure of the mod reads: modes, ratings
-- and hits, disruption, dummies, and what the enemy sees. Sections are seed
-- 002's (the battle mat "mat N" and its cross-references); rulings T1-T?
-- and the research's R-numbers are in README.md.

-- The base's rules that this game does without. Its Joint Ops functions
-- are not this game's (tables.joint_ops names this game's): each file here
-- adds its own to ACTIONS.
ACTIONS = {}
FREE_ORGANIZE = false             -- 7.3: reorganizing costs a J-1 here
SETUP_MODE_CHANGES = { concentrated = "dispersed" }  -- set-up: regulars in either mode
-- The base's bot_order ranks the destinations of these decisions:
-- reinforcements (7.1), tactical movement (9.1), airmobile movement.
BOT_MOVE_RULES = { ["7.1"] = true, ["9.1"] = true, ["mat J-4 airmobile"] = true }
-- Its scripted IDF "advance" (bot.lua): units move from their TF boxes'
-- zones, and a group's path (9.1) asks where next without naming it;
-- this game's chit functions (tables.joint_ops) and modes.
function bot_zone_of(p) return zone_of(p) end
function bot_moving_zone() return vars.moving and vars.moving[1] and zone_of(vars.moving[1]) end
-- The base's bot_hostile reads the base's firefight (3.0: units in combat
-- mode cannot fire at dispersed ones); this game's battles differ, so no
-- zone is avoided for it here.
function bot_hostile() return false end
-- Nor does its movement take the base's J-3 (7.3A): where a source's
-- units may go is not known here, and none is held back for it.
function bot_source_destinations() return nil end
BOT_ADVANCE = {
  -- 6.2: the chits it selects: a J-2 first where a search is wanted
  -- (bot_search_wanted) and its hand holds none, then J-3s. Selecting
  -- J-3s alone, it seldom held a J-2 to search with: in one game read, 12
  -- IDF units ended in Tyre beside one Underground rocket that kept it
  -- contested; the J-2 a battle won gave it found the rocket, with no J-3
  -- left to attack it. The script alone won 73.5% of 200 next_war games
  -- (seed 7) selecting J-3s, 90% with the J-2.
  -- In 2006 (15.1) a J-4 first too while an SOF could fly to a zone beyond
  -- the Litani (bot_flyer_wanted) and the hand holds none; and J-1s first
  -- while mending (bot_mending) until they match the disrupted units.
  staffs = function(side)
    if bot_mending(side) and #chits_held(side, "J-1") < #units_on_map(side, is_disrupted) then
      return { "J-1", "J-3", "J-4" }
    end
    if #chits_held(side, "J-4") == 0 and bot_flyer_wanted(side) then return { "J-4", "J-3", "J-1" } end
    if not holds_staff(side, "J-2") and bot_search_wanted(side) then return { "J-2", "J-3", "J-4", "J-1" } end
    return { "J-3", "J-4", "J-1" }
  end,
  -- Recovery while mending (7.2: each IDF unit disrupted at the end is a
  -- point to the Insurgent, T12), an SOF's flight beyond the Litani (mat
  -- J-4 airmobile) while one is wanted, attacks (a move stops short of
  -- enemy regulars, 9.1: only an attack takes their zone) unless units
  -- wait to come forward (bot_reserve_waiting), searches (an Underground
  -- unit cannot be attacked and keeps the zone contested, 8.1), tactical
  -- moves, deep strikes, reinforcements.
  functions = { "J-1B", "J-4B", "J-3B", "J-2A", "J-3A", "J-3E", "J-3D", "J-1A" },
  idle = { ["J-1B"] = function(side) return not bot_mending(side) end,
           ["J-4B"] = function(side) return not bot_flyer_wanted(side) end,
           ["J-3B"] = function(side) return bot_reserve_waiting(side) end },
  -- 8.1: a search in the scoring zone it does not control where it has
  -- the most units (none such: left to chance).
  -- Mat J-4 airmobile: the base's flyer, an SOF for a zone beyond the
  -- Litani (2006, 15.1) that it would hold alone.
  -- 7.2: what it recovers (bot_recovery).
  picks = { ["8.1"] = function(_, decision) return bot_search_zone(decision) end, ["mat J-4 airmobile"] = bot_flyer,
            ["7.2"] = function(_, decision) return bot_recovery(decision) end },
  modes = { "concentrated" },
  -- 7.3: reorganizing turns a dispersed unit concentrated (regulars move
  -- only so, 9.1).
  mode_changes = { ["7.3"] = true },
  turns = function(u) return mode_of(u) == "dispersed" end,
  done = {},
  -- The search takes its choice wherever it has one but at a move (the
  -- base's bot_order): with random playouts and 30 iterations it won 2
  -- of 6 next_war games choosing for itself, 6 of 6 following (17 of 20
  -- in the strength table; 30 of 30 once the script selected its J-2).
  followed = true,
  -- Its answers, by rule: the Countervalue strategy (13.1: here the
  -- Insurgent's units are disrupted rather than eliminated, only the
  -- brittle removed, 10.63, while battles with excess hits and strikes on
  -- towns add collateral damage, T35, T71: the script won 17% of 200 next_war
  -- games with Counterforce, 65% with Countervalue, 41.5% left to
  -- chance); every able unit engaged (mat 1) and a J-4 committed (mat 2)
  -- whenever it may (73.5% with both). How many J-3s go to close air
  -- support is left to chance (every one: 59.5%, none: 63.5%).
  answers = {
    ["13.1"] = { "countervalue" },
    ["mat 1"] = { "engage_all" },
    ["mat 2"] = { "commit_j4" },
  },
  -- The base's set-up (4.0): forward, none dispersed (the base's bot.lua).
  setup = { ["4.0"] = true },
}

-- The scripted IDF's search (8.1): of the zones offered, the scoring zone
-- it does not control where it has the most units, or nil.
function bot_search_zone(decision)
  local scoring = {}
  for _, z in ipairs(scoring_zones()) do scoring[z] = true end
  local best, most = nil, 0
  for i, z in ipairs(decision.choices) do
    if scoring[z] and controller(z) ~= "idf" then
      local n = count_units("idf", z)
      if n > most then best, most = i, n end
    end
  end
  return best
end

-- The chits of `staff` in `side`'s hand.
function chits_held(side, staff)
  local out = {}
  for _, chit in ipairs(pieces.at(chits_of(side).hand)) do
    if pieces.value(chit, "staff") == staff then out[#out + 1] = chit end
  end
  return out
end

-- Whether the scripted IDF mends its units: the last two turns (the
-- track's, which Cascading Effects may shorten), two or more of them
-- disrupted, each a point to the Insurgent at the end (T12).
function bot_mending(side)
  return game.turn() >= track.get("last_turn") - 1 and #units_on_map(side, is_disrupted) >= 2
end

-- 7.2: the whole sanctuary recovered where it may be, else a unit (not a
-- TF HQ, nor hits taken off: neither scores at the end).
function bot_recovery(decision)
  for i, c in ipairs(decision.choices) do
    if type(c) == "table" and c.option == "recover_sanctuary" then return i end
  end
  for i, c in ipairs(decision.choices) do
    if type(c) == "table" and c.option == "recover_unit" and pieces.kind(c.piece) == "unit" then return i end
  end
  return nil
end

-- Whether an undisrupted airmobile unit of `side` could fly to a scoring
-- zone beyond the Litani (only the SOF may cross it, 2006, 15.1) that the
-- IDF does not control and where it knows of no Insurgent counter, and
-- holds no such zone already. Alone there it controls the zone (13.1): 2
-- VP to the IDF, one fewer to the Insurgent. The base's bot_flyer then
-- picks it, and bot_order its zone.
function bot_flyer_wanted(side)
  if side ~= "idf" or not scenario_rules().litani_limit then return false end
  local free = {}
  for _, z in ipairs(scoring_zones()) do
    if map.attr(z, "litani") == "north" and controller(z) ~= "idf"
        and #counters_on_map("insurgent", function(u) return pieces.known(u, "idf") end, { z }) == 0 then
      free[#free + 1] = z
    end
  end
  if #free == 0 then return false end
  local flyers = units_on_map(side, function(u) return pieces.value(u, "airmobile") == true and not is_disrupted(u) end)
  for _, u in ipairs(flyers) do
    local at = zone_of(u)
    if not (map.attr(at, "litani") == "north" and controller(at) == "idf") then
      for _, z in ipairs(free) do
        if may_enter(side, u, z) then return true end
      end
    end
  end
  return false
end

-- Whether RESERVE_WAITING or more of `side`'s undisrupted regulars that
-- move by land (9.1: concentrated; not airmobile) stand outside the scoring
-- zones. Attacking first, the scripted IDF spent its J-3s where its first
-- units fought, and 8 or 9 units of Israeli Escalation's force (15.5)
-- stayed in the reserve area all game.
local RESERVE_WAITING = 4
function bot_reserve_waiting(side)
  local scoring = {}
  for _, z in ipairs(scoring_zones()) do scoring[z] = true end
  local waiting = units_on_map(side, function(u)
    return not is_disrupted(u) and pieces.value(u, "airmobile") ~= true and not scoring[zone_of(u)]
        and mode_of(u) == "concentrated"
  end)
  return #waiting >= RESERVE_WAITING
end

-- Whether `side` wants a search (8.1): a scoring zone it does not control
-- holds its units beside the enemy's Underground counters, which cannot
-- be attacked until found (mat 1) and may be what keeps the zone contested.
function bot_search_wanted(side)
  local enemy = side == "idf" and "insurgent" or "idf"
  for _, z in ipairs(scoring_zones()) do
    if controller(z) ~= side and count_units(side, z) > 0
        and pieces.count_inside(z, "holding_box", UNDERGROUND_OF[enemy]) > 0 then
      return true
    end
  end
  return false
end

-- 15.5 a dummy counter.
function is_dummy(u)
  return pieces.value(u, "dummy") == true
end

-- The base's units of a side on the map (its holding boxes included), with
-- the dummies left out: no rule counts a dummy as a unit (control, battles,
-- victory, returns). `counters_on_map` counts them too.
local REAL_UNITS_OF = { idf = pieces.filter { kind = "unit", owner = "idf", lacks = "dummy" },
                        insurgent = pieces.filter { kind = "unit", owner = "insurgent", lacks = "dummy" } }

-- `filter`, a compiled filter of the side's units, in place of all of them.
function units_on_map(side, keep, zones, filter)
  return base.units_on_map(side, keep, zones, filter or REAL_UNITS_OF[side])
end

function count_units(side, zone, filter)
  return base.count_units(side, zone, filter or REAL_UNITS_OF[side])
end

function counters_on_map(side, keep, zones, filter)
  return base.units_on_map(side, keep, zones, filter)
end

-- Each side's counters by what the rules ask of them most, compiled once so
-- that the kernel tests the face (modes are faces, counters.toml) and the
-- disrupted marker rather than a Lua call a counter. The irregulars and the
-- Underground counters include the dummies (a dummy is an Underground
-- counter to the enemy); the others leave them out. UNDISRUPTED_OF replaces
-- the base's, which its rules pass to units_on_map.
IRREGULAR_MODES = { "underground", "revealed" }
IRREGULARS_OF, REGULARS_OF, UNDERGROUND_OF, REVEALED_OF = {}, {}, {}, {}
DISRUPTED_OF, UNDISRUPTED_OF, TARGETABLE_OF = {}, {}, {}
for _, side in ipairs({ "idf", "insurgent" }) do
  IRREGULARS_OF[side] = pieces.filter { kind = "unit", owner = side, face = IRREGULAR_MODES }
  REGULARS_OF[side] = pieces.filter { kind = "unit", owner = side, not_face = IRREGULAR_MODES }
  UNDERGROUND_OF[side] = pieces.filter { kind = "unit", owner = side, face = "underground" }
  REVEALED_OF[side] = pieces.filter { kind = "unit", owner = side, lacks = "dummy", face = "revealed" }
  DISRUPTED_OF[side] = pieces.filter { kind = "unit", owner = side, lacks = "dummy", marked = "disrupted" }
  UNDISRUPTED_OF[side] = pieces.filter { kind = "unit", owner = side, lacks = "dummy", unmarked = "disrupted" }
  -- Mat 1: what is_targetable says.
  TARGETABLE_OF[side] = pieces.filter { kind = "unit", owner = side, lacks = "dummy", unmarked = "disrupted",
                                        not_face = "underground" }
end

-- The zones, as a set.
ZONE_SET = {}
for _, z in ipairs(ZONES) do ZONE_SET[z] = true end

-- The zone a counter is in: its location, or its TF HQ's zone when it is in
-- a holding box (8.1); nil off the map.
function zone_of(u)
  local at = pieces.location(u)
  if ZONE_SET[at] then return at end
  local hq = at and pieces.holder(at, "holding_box")
  local z = hq and pieces.location(hq)
  return ZONE_SET[z] and z or nil
end

-- A unit's mode: concentrated, dispersed, underground or revealed.
function mode_of(u)
  return pieces.value(u, "mode")
end

function is_underground(u)
  return mode_of(u) == "underground"
end

function is_revealed(u)
  return mode_of(u) == "revealed"
end

-- Whether a unit uses the irregulars' modes (underground or revealed).
function has_irregular_modes(u)
  local m = mode_of(u)
  return m == "underground" or m == "revealed"
end

-- Mat step 5: hits on a unit (a counter on the piece).
function hits_of(u)
  return pieces.counter(u, "hits")
end

-- A unit's ratings now: printed, less one for each hit (mat step 5).
function j2_rating(u)
  return math.max(0, (pieces.value(u, "j2") or 0) - hits_of(u))
end

function j3_rating(u)
  return math.max(0, (pieces.value(u, "j3") or 0) - hits_of(u))
end

-- The hits a unit can still take before it is disrupted: its printed J-3
-- less its hits; a unit printed J-3 0 (a rocket) takes one (ruling T7); a
-- disrupted unit none (ruling T8).
function hits_left(u)
  if is_disrupted(u) then return 0 end
  return math.max(1, pieces.value(u, "j3") or 0) - hits_of(u)
end

-- A disrupted TF HQ lowers its side's C2 by one until it recovers (mat
-- step 5, 7.2).
function disrupt_hq(hq, rule)
  if is_disrupted(hq) then return end
  pieces.mark(hq, "disrupted", rule)
  local side = pieces.owner(hq)
  track.add(side .. "_c2", -1, rule)
  log(rule, "%P disrupted: %S C2 Level down to %d", hq, side, c2_level(side))
  enforce_c2(side)
end

function recover_hq(hq, rule)
  if not is_disrupted(hq) then return end
  pieces.unmark(hq, "disrupted", rule)
  local side = pieces.owner(hq)
  track.add(side .. "_c2", 1, rule)
  log(rule, "%P recovers: %S C2 Level up to %d", hq, side, c2_level(side))
end

-- Mat step 5: a unit disrupted: its hit markers replaced by a Disrupted
-- marker; a brittle one (militia, Syrian units: 10.63) is removed instead.
-- A disrupted unit leaves its TF HQ's holding box for the zone (ruling T9).
function disrupt_unit(u, rule)
  if pieces.counter(u, "hits") ~= 0 then pieces.set_counter(u, "hits", 0, rule) end
  if pieces.value(u, "brittle") then
    log("10.63", "%P disrupted: brittle, it is removed", u)
    eliminate_unit(u, "10.63")
    return
  end
  pieces.mark(u, "disrupted", rule)
  local zone = zone_of(u)
  if zone and pieces.location(u) ~= zone then pieces.move(u, zone, rule) end
end

-- Mat step 5: `n` hits on unit `u`; it is disrupted when they reach its
-- printed J-3. Returns the hits it took (at most hits_left).
function take_hits(u, n, rule)
  local taken = math.min(n, hits_left(u))
  if taken <= 0 then return 0 end
  local total = hits_of(u) + taken
  if total >= math.max(1, pieces.value(u, "j3") or 0) then
    disrupt_unit(u, rule)
  else
    pieces.set_counter(u, "hits", total, rule)
  end
  return taken
end

-- A unit turned to `face` (a mode), if it is not on it already.
-- On the map, an Underground counter is face down at once (ruling T11).
function set_mode(u, face, rule)
  if pieces.face(u) ~= face then pieces.set_face(u, face, rule) end
  if zone_of(u) then conceal(u, rule) end
end

-- A counter on the map seen as its mode says (ruling T11): an Underground
-- one by its owner alone. Modes are faces (counters.toml).
function conceal(u, rule)
  pieces.set_visibility(u, pieces.face(u) == "underground" and "owner" or nil, rule)
end

-- 8.1 a counter revealed: a dummy is taken off the map (back to the
-- Insurgent's box of dummies, ruling T10); a unit turns Revealed.
function reveal(u, rule)
  if is_dummy(u) then
    log(rule, "A dummy is revealed and removed")
    pieces.move(u, "insurgent_reinforcements", rule)
    return
  end
  set_mode(u, "revealed", rule)
end

-- What the enemy sees (ruling T11): an Underground counter on the map is
-- face down (its owner's alone: the enemy sees that a counter is there);
-- every other counter on the map is seen by both. A holding box (the OOB
-- mat) is its owner's (the base's 8.1). Replaces the base's stacks of 8.0.
-- An Underground counter in a holding box is face down too, so that leaving
-- the box for the zone (detached, 7.3, or by the C2 falling) names it to
-- nobody but its owner. Each side's counters by mode are found on the map
-- and in the boxes in one call, and set in one (this runs after anything
-- that moves a counter).
local FACE_UP_OF = {}
for _, side in ipairs({ "idf", "insurgent" }) do
  FACE_UP_OF[side] = pieces.filter { kind = "unit", owner = side, not_face = "underground" }
end
function refresh_stacks()
  for _, side in ipairs({ "idf", "insurgent" }) do
    pieces.set_visibility(counters_on_map(side, nil, nil, UNDERGROUND_OF[side]), "owner", "mat")
    pieces.set_visibility(counters_on_map(side, nil, nil, FACE_UP_OF[side]), nil, "mat")
  end
end

-- The base's battles at the start of each Joint Operations Phase (its
-- ruling N14) are not this game's: a battle is an attack (9.2) or an
-- ambush (11.2).
function start_of_phase_battles() end

-- 13.2 (ruling T12): with no reduced faces, an IDF unit disrupted at the
-- end scores the Insurgent as a reduced one does in the base.
function counts_as_reduced(u)
  return is_disrupted(u)
end

-- A unit entering or returning to play (reinforcements, rebuilds, the
-- Cascading Effects' returns): an irregular enters Underground, face down
-- (ruling T18); a regular in the mode its owner chooses.
function choose_entry_mode(side, unit, rule, prompt)
  if has_irregular_modes(unit) then
    set_mode(unit, "underground", rule)
    refresh_stacks()
    return
  end
  local mode = ask(side, rule, { prompt = { prompt or "%P enters in which mode?", unit },
                                 options = { "concentrated", "dispersed" } })
  set_mode(unit, mode, rule)
end
