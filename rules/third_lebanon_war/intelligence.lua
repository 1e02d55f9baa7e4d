-- Third Lebanon War: J-2 Intelligence (mat, J-2 row; 8.1 Tactical
-- Intelligence and the IDF's Air Recon, 8.12 Evasion, 8.2 Operational
-- Intelligence; rulings T40-T48 in README.intel.md).
--
-- The interface the battle calls:
--   evade(side, zone, rule [, units]): `side` may play a J-2 so that some of
--   its Revealed irregular units in `zone` (of `units`, when given: the
--   targets of an attack) go back Underground (8.12). Returns how many did.

-- 8.1, 8.12: dice whose 5s count one success and 6s two (tables.dice).
local function roll_successes(dice, rule, why, ...)
  local faces = { roll(dice .. "d6", rule, why, ...) }
  local n = 0
  for k = 2, #faces do
    if faces[k] >= tables.dice.two_hits then
      n = n + 2
    elseif faces[k] >= tables.dice.one_hit then
      n = n + 1
    end
  end
  return n
end

-- Ruling T43: a unit searches and evades with its current J-2 rating (its
-- printed one less its hits); a disrupted unit does neither.
local function intelligence_rating(u)
  if is_disrupted(u) then return 0 end
  return j2_rating(u)
end

-- The dice of a pool of units, with `terrain_dice` more (or fewer), at
-- least one (research 4.2; ruling T43).
local function pool_dice(units, terrain_dice)
  local n = terrain_dice
  for _, u in ipairs(units) do n = n + intelligence_rating(u) end
  return math.max(n, tables.j2.min_dice)
end

local function terrain_dice(zone)
  return tables.terrain[map.attr(zone, "terrain")] or 0
end

-- Ruling T40: the counters of `owner` a search in `zone` may find: its
-- Underground counters on the map there (dummies included), and every unit
-- in the holding boxes of its TF HQs there (the OOB mat).
function hidden_counters(owner, zone)
  local out = pieces.at(zone, UNDERGROUND_OF[owner])
  for _, hq in ipairs(pieces.at(zone, HQS_OF[owner])) do
    for _, u in ipairs(pieces.at(holding_box(hq), UNITS)) do out[#out + 1] = u end
  end
  return out
end

-- Whether `zone` holds a counter of `owner` a search may find (as
-- hidden_counters, with no list made).
local function any_hidden(owner, zone)
  if pieces.count(zone, UNDERGROUND_OF[owner]) > 0 then return true end
  for _, hq in ipairs(pieces.at(zone, HQS_OF[owner])) do
    if pieces.count(holding_box(hq), UNITS) > 0 then return true end
  end
  return false
end

-- 8.1: the units of `side` that search `zone`: its undisrupted tactical
-- units there, those of its TF boxes included (ruling T43; no dummy).
local function searchers(side, zone)
  return units_on_map(side, nil, { zone }, UNDISRUPTED_OF[side])
end

-- Whether there is one (as searchers, with no list made).
local function has_searchers(side, zone)
  return count_units(side, zone, UNDISRUPTED_OF[side]) > 0
end

-- 8.1: the zones `side` may search: where it has a searching unit and the
-- enemy a counter to find. With `first`, the first only (whether there is one).
local function search_zones(side, first)
  local out = {}
  for _, z in ipairs(ZONES) do
    if has_searchers(side, z) and any_hidden(enemy_of(side), z) then
      out[#out + 1] = z
      if first then break end
    end
  end
  return out
end

-- 8.1 the IDF's Air Recon: any zone with an Insurgent counter to find
-- (ruling T44). With `first`, the first only.
local function recon_zones(side, first)
  local out = {}
  for _, z in ipairs(ZONES) do
    if any_hidden(enemy_of(side), z) then
      out[#out + 1] = z
      if first then break end
    end
  end
  return out
end

-- 8.1 a counter found: a dummy is removed (tlw.lua `reveal`); a unit in a
-- holding box leaves it for the zone, face up (ruling T41); an irregular
-- turns Revealed.
local function expose(u, zone, rule)
  if is_dummy(u) then
    reveal(u, rule)
    return
  end
  if pieces.location(u) ~= zone then pieces.move(u, zone, rule) end
  if has_irregular_modes(u) then reveal(u, rule) end
end

-- 8.1 a search of `zone` by `side` with `dice` dice: each 5 finds one enemy
-- counter, each 6 two, picked at random among those hidden there (ruling
-- T42: the searcher cannot tell them apart; the owner would give up his
-- dummies first); as many finds as hidden counters, or more, find them all
-- with no pick. The irregular units found may evade at once (8.12, ruling
-- T46).
function tactical_intelligence(side, zone, dice, rule)
  local enemy = enemy_of(side)
  local found = roll_successes(dice, rule, "tactical intelligence in %L", zone)
  local every = found >= #hidden_counters(enemy, zone)
  local units, dummies = {}, 0
  for _ = 1, found do
    local hidden = hidden_counters(enemy, zone)
    if #hidden == 0 then break end
    local u = hidden[1]
    if not every then
      -- Picked by position: the kernel's pick names nothing but the index.
      local positions = {}
      for i = 1, #hidden do positions[i] = i end
      local _, i = pick(positions, rule, "a counter found in %L", zone)
      u = hidden[i]
    end
    if is_dummy(u) then dummies = dummies + 1 else units[#units + 1] = u end
    expose(u, zone, rule)
  end
  refresh_stacks()
  for _, u in ipairs(units) do log(rule, "%P found in %L", u, zone) end
  log(rule, "%S found %d units and %d dummies in %L", side, #units, dummies, zone)
  local irregulars = {}
  for _, u in ipairs(units) do
    if is_revealed(u) then irregulars[#irregulars + 1] = u end
  end
  if #irregulars > 0 then evade(enemy, zone, "8.12", irregulars) end
end

-- 8.1 Tactical Intelligence: the units of one zone search it; the IDF's
-- dice are fewer in urban and populated zones.
ACTIONS.tactical_intelligence = {
  targets = search_zones,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Search which zone?", locations = search_zones(side) })
    local dice = pool_dice(searchers(side, z), side == "idf" and -terrain_dice(z) or 0)
    tactical_intelligence(side, z, dice, rule)
  end,
}

-- 8.1 Air Recon (IDF): a search of any zone with three dice, whatever the
-- terrain (ruling T44).
ACTIONS.air_recon = {
  targets = recon_zones,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Air reconnaissance over which zone?", locations = recon_zones(side) })
    tactical_intelligence(side, z, tables.dice.air_recon_dice, rule)
  end,
}

-- 8.12 Evasion (ruling T45): one J-2 for one evasion; the evading side
-- rolls alone, the J-2 ratings of the candidates (its undisrupted Revealed
-- units in `zone`, of `units` when given) plus the terrain's dice; each 5
-- sends one back Underground, each 6 two, of its owner's choice.
function evade(side, zone, rule, units)
  local candidates = {}
  for _, u in ipairs(units or units_on_map(side, nil, { zone })) do
    if is_revealed(u) and not is_disrupted(u) and pieces.location(u) == zone then candidates[#candidates + 1] = u end
  end
  if #candidates == 0 or not holds_staff(side, "J-2") then return 0 end
  local c = ask(side, rule, { prompt = { "Play a J-2 to evade in %L?", zone }, options = { "play_evasion", "no_evasion" } })
  if c == "no_evasion" then return 0 end
  play_chit(side, "J-2", rule)
  log(rule, "%S plays a J-2 to evade in %L", side, zone)
  local scored = roll_successes(pool_dice(candidates, terrain_dice(zone)), rule, "evasion in %L", zone)
  local hidden = 0
  while hidden < scored do
    local left = {}
    for _, u in ipairs(candidates) do
      if is_revealed(u) then left[#left + 1] = u end
    end
    if #left == 0 then break end
    local u = left[1]
    if #left > scored - hidden then
      local choices = {}
      for _, l in ipairs(left) do choices[#choices + 1] = { piece = l, option = "hide_unit" } end
      u = ask(side, rule, { prompt = { "Which unit goes back Underground (%d of %d)?", hidden + 1, scored },
                            choices = choices }).piece
    end
    set_mode(u, "underground", rule)
    hidden = hidden + 1
  end
  refresh_stacks()
  log(rule, "%d units evade in %L", hidden, zone)
  return hidden
end

-- 8.2 Operational Intelligence: the enemy's whole hand, shown to the side
-- that played the J-2 alone, then given back (ruling T48).
ACTIONS.operational_intelligence = {
  targets = function(side) return pieces.at(chits_of(enemy_of(side)).hand) end,
  play = function(side, rule)
    local enemy = enemy_of(side)
    local chits = pieces.at(chits_of(enemy).hand)
    log(rule, "%S inspected the hand of %S and gave it back", side, enemy)
    local words = {}
    for _ = 1, #chits do words[#words + 1] = "%P" end
    tell(side, rule, "%S holds " .. table.concat(words, ", "), enemy, table.unpack(chits))
  end,
}
