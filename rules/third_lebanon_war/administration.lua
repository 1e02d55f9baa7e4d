-- Third Lebanon War: J-1 Administration (mat, J-1 row): 7.1 reinforcements
-- and dummies, 7.2 Recover, 7.3 Reorganize (rulings T49-T55 in
-- README.intel.md). Organizing TF boxes is a J-1's work here, not free
-- (tlw.lua sets the base's FREE_ORGANIZE false).

-- ---------------------------------------------------------------------------
-- 7.1 REINFORCEMENTS AND DUMMIES

-- Whether `side` has a tactical unit (not a dummy) or a TF HQ in `zone`.
local function friends_in(side, zone)
  return count_units(side, zone) > 0 or pieces.count(zone, HQS_OF[side]) > 0
end

-- 7.1 (research 4.2; ruling T49): where a counter of `side` enters: one of
-- its sanctuaries, or a zone holding a friendly unit or TF HQ, that it may
-- enter (the base's may_enter: the Lebanese Army, 2006's Litani, Syria); an
-- IDF TF HQ in a sanctuary only (the base's 15.0); an Insurgent counter
-- never where an IDF unit is (the base's ruling N6). With `first`, the
-- list stops at its first zone: whether there is one.
function entry_zones(side, u, first)
  local out, home = {}, {}
  for _, z in ipairs(sanctuaries(side)) do home[z] = true end
  for _, z in ipairs(ZONES) do
    local ok = may_enter(side, u, z) and (home[z] or (pieces.kind(u) ~= "hq" and friends_in(side, z)))
    if ok and side == "insurgent" then ok = count_units("idf", z) == 0 end
    if ok then
      out[#out + 1] = z
      if first then break end
    end
  end
  return out
end

-- 7.1 (ruling T50): how many units of a type one J-1 rebuilds: the base's
-- scenario table, or this game's for its own types (main force).
local function rebuild_rate(u)
  local t = pieces.type(u)
  return scenario_rules().rebuild_per_j1[t] or tables.j1.rebuild_per_j1[t] or 0
end

-- The units `side` may enter now, with `rate` (the Insurgent's rebuild rate,
-- any when nil): the IDF's listed reinforcements at the scenario's rate
-- (none in 2006: Israeli Escalation brings them, the base's 15.5); the
-- first eliminated Insurgent unit of each type it rebuilds. Each with a zone
-- to enter.
local function waiting(side, rate)
  local out = {}
  if side == "idf" then
    if scenario_rules().idf_reinforcements_per_j1 == 0 then return out end
    for _, u in ipairs(pieces.at("idf_reinforcements")) do
      if #entry_zones(side, u, true) > 0 then out[#out + 1] = u end
    end
    return out
  end
  local seen = {}
  for _, u in ipairs(pieces.at("insurgent_eliminated", UNITS)) do
    local r = rebuild_rate(u)
    if r > 0 and (rate == nil or r == rate) and not seen[pieces.type(u)] and #entry_zones(side, u, true) > 0 then
      seen[pieces.type(u)] = true
      out[#out + 1] = u
    end
  end
  return out
end

-- 15.5: the Insurgent's dummies waiting in his box.
local function waiting_dummies()
  return pieces.at("insurgent_reinforcements", { type = "dummy" })
end

-- 7.1 a unit (or TF HQ) enters: an irregular Underground, face down before it
-- is placed; a regular in the mode its owner chooses (ruling T51).
local function enter(side, u, rule)
  local to = ask(side, rule, { prompt = { "%P enters where?", u }, piece = u, to = entry_zones(side, u) })
  if pieces.kind(u) == "unit" and hits_of(u) ~= 0 then pieces.set_counter(u, "hits", 0, rule) end
  if has_irregular_modes(u) then
    set_mode(u, "underground", rule)
    if pieces.visibility(u) ~= "owner" then pieces.set_visibility(u, "owner", rule) end
    pieces.move(u, to, rule)
  else
    pieces.move(u, to, rule)
    if pieces.kind(u) == "unit" then
      set_mode(u, ask(side, rule, { prompt = { "%P enters in which mode?", u }, options = { "concentrated", "dispersed" } }),
               rule)
    end
  end
end

-- 7.1 (research 4.2): the Insurgent's dummies, tables.dummies.per_j1 of them,
-- face down, each where one of his units could enter.
local function enter_dummies(side, rule)
  for i = 1, tables.dummies.per_j1 do
    local d = waiting_dummies()[1]
    if not d or #entry_zones(side, d, true) == 0 then return end
    if pieces.visibility(d) ~= "owner" then pieces.set_visibility(d, "owner", rule) end
    local to = ask(side, rule, { prompt = { "Enter a dummy (%d of %d) where?", i, tables.dummies.per_j1 }, piece = d,
                                 to = entry_zones(side, d) })
    pieces.move(d, to, rule)
  end
end

-- What a J-1 may enter: each waiting unit, and the dummies (Insurgent).
local function reinforcement_choices(side)
  local out = {}
  for _, u in ipairs(waiting(side)) do out[#out + 1] = { piece = u, option = "enter_unit" } end
  if side == "insurgent" then
    local d = waiting_dummies()[1]
    if d and #entry_zones(side, d, true) > 0 then out[#out + 1] = "enter_dummies" end
  end
  return out
end

-- 7.1: one J-1 enters the IDF's listed reinforcements at the scenario's rate
-- (one a J-1), or rebuilds the Insurgent's eliminated units at theirs (one,
-- or two of the types rebuilt two a J-1), or enters dummies instead.
ACTIONS.reinforce = {
  targets = reinforcement_choices,
  play = function(side, rule)
    local c = ask(side, rule, { prompt = "Enter which reinforcement?", choices = reinforcement_choices(side) })
    if c == "enter_dummies" then
      enter_dummies(side, rule)
    else
      local rate = side == "idf" and scenario_rules().idf_reinforcements_per_j1 or rebuild_rate(c.piece)
      enter(side, c.piece, rule)
      for _ = 2, rate do
        local more = waiting(side, side == "insurgent" and rate or nil)
        if #more == 0 then break end
        local choices = { "done" }
        for _, u in ipairs(more) do choices[#choices + 1] = { piece = u, option = "enter_unit" } end
        local m = ask(side, rule, { prompt = "Enter another?", choices = choices })
        if m == "done" then break end
        enter(side, m.piece, rule)
      end
    end
    refresh_stacks()
  end,
}

-- ---------------------------------------------------------------------------
-- 7.2 RECOVER (ruling T52): one of three, by one J-1.

local function disrupted_hqs(side, zones)
  local out = {}
  for _, z in ipairs(zones or ZONES) do
    for _, hq in ipairs(pieces.at(z, HQS_OF[side])) do
      if is_disrupted(hq) then out[#out + 1] = hq end
    end
  end
  return out
end

-- With `first`, the first kind of recovery found only (whether there is one).
local function recover_choices(side, first)
  local out = {}
  -- Un-disrupt one tactical unit or TF HQ.
  for _, hq in ipairs(disrupted_hqs(side)) do out[#out + 1] = { piece = hq, option = "recover_unit" } end
  for _, u in ipairs(units_on_map(side, nil, nil, DISRUPTED_OF[side])) do out[#out + 1] = { piece = u, option = "recover_unit" } end
  if first and #out > 0 then return out end
  -- Or every one in a sanctuary of the side (where none is disrupted, none is
  -- there).
  for _, z in ipairs(#out > 0 and sanctuaries(side) or {}) do
    if count_units(side, z, DISRUPTED_OF[side]) + #disrupted_hqs(side, { z }) > 0 then
      out[#out + 1] = { location = z, option = "recover_sanctuary" }
    end
  end
  -- Or 1d6 hits off one unit (research 4.3).
  for _, u in ipairs(units_on_map(side, function(u) return hits_of(u) > 0 end)) do
    out[#out + 1] = { piece = u, option = "remove_hits" }
    if first then return out end
  end
  return out
end

-- A unit or TF HQ un-disrupted (a TF HQ gives its side back its C2 level).
local function undisrupt(p, rule)
  if pieces.kind(p) == "hq" then
    recover_hq(p, rule)
  else
    pieces.unmark(p, "disrupted", rule)
  end
end

ACTIONS.recover = {
  targets = recover_choices,
  play = function(side, rule)
    local c = ask(side, rule, { prompt = "Recover what?", choices = recover_choices(side) })
    if c.option == "recover_unit" then
      undisrupt(c.piece, rule)
    elseif c.option == "recover_sanctuary" then
      for _, hq in ipairs(disrupted_hqs(side, { c.location })) do undisrupt(hq, rule) end
      for _, u in ipairs(units_on_map(side, nil, { c.location }, DISRUPTED_OF[side])) do undisrupt(u, rule) end
    else
      local d = roll("d6", rule, "hits removed from %P", c.piece)
      pieces.set_counter(c.piece, "hits", math.max(0, hits_of(c.piece) - d), rule)
    end
  end,
}

-- ---------------------------------------------------------------------------
-- 7.3 REORGANIZE (ruling T53): in one zone, attach units to the side's TF
-- HQs there and detach them, and change modes; each unit moves once and
-- changes mode once for one J-1.

-- The mode a unit may change to by reorganizing: a regular's other mode; an
-- Underground unit on the map Revealed; never a Revealed unit Underground,
-- nor a dummy (ruling T54: only Preparation and evasion hide a unit).
local function reorganized_mode(u)
  if is_dummy(u) then return nil end
  local face = pieces.face(u)
  if face == "concentrated" then return "dispersed" end
  if face == "dispersed" then return "concentrated" end
  if face == "underground" and ZONE_SET[pieces.location(u)] then return "revealed" end
  return nil
end

-- The units that may join a TF HQ's box, by side and by corps (the base's
-- 8.1 and OQ18: undisrupted, the Syrian corps its own units, the others the
-- rest); not a Revealed unit (ruling T54: the OOB mat hides it) nor a dummy.
local ATTACHABLE_OF = {}
for _, side in ipairs({ "idf", "insurgent" }) do
  ATTACHABLE_OF[side] = {
    syrian = pieces.filter { kind = "unit", owner = side, unmarked = "disrupted", lacks = "dummy",
                             values = { nation = "syria" }, not_values = { mode = "revealed" } },
    other = pieces.filter { kind = "unit", owner = side, unmarked = "disrupted", lacks = "dummy",
                            not_values = { nation = "syria", mode = "revealed" } },
  }
end

-- The changes `side` may still make in `zone`; `moved` and `changed` hold
-- the units moved and changed by this J-1 already. With `first`, the first
-- change only (whether there is one).
local function reorganize_choices(side, zone, moved, changed, first)
  local out = {}
  for _, hq in ipairs(pieces.at(zone, HQS_OF[side])) do
    local box = holding_box(hq)
    for _, u in ipairs(pieces.at(box, UNITS)) do
      if not moved[u] then
        out[#out + 1] = { piece = u, to = zone, option = "detach" }
        if first then return out end
      end
    end
    if pieces.count(box, UNITS) < c2_level(side) then
      local corps = pieces.value(hq, "nation") == "syria" and "syrian" or "other"
      for _, u in ipairs(pieces.at(zone, ATTACHABLE_OF[side][corps])) do
        if not moved[u] then
          out[#out + 1] = { piece = u, to = box, option = "attach" }
          if first then return out end
        end
      end
    end
  end
  for _, u in ipairs(counters_on_map(side, nil, { zone })) do
    if not changed[u] and reorganized_mode(u) then
      out[#out + 1] = { piece = u, option = "change_mode" }
      if first then return out end
    end
  end
  return out
end

local function reorganize_zones(side, first)
  local out = {}
  for _, z in ipairs(ZONES) do
    if #reorganize_choices(side, z, {}, {}, true) > 0 then
      out[#out + 1] = z
      if first then break end
    end
  end
  return out
end

ACTIONS.reorganize = {
  targets = reorganize_zones,
  play = function(side, rule)
    local z = ask(side, rule, { prompt = "Reorganize in which zone?", locations = reorganize_zones(side) })
    local moved, changed = {}, {}
    while true do
      local choices = reorganize_choices(side, z, moved, changed)
      if #choices == 0 then break end
      table.insert(choices, 1, "done")
      local c = ask(side, rule, { prompt = { "Reorganize in %L", z }, choices = choices })
      if c == "done" then break end
      if c.to then
        pieces.move(c.piece, c.to, rule)
        moved[c.piece] = true
      else
        set_mode(c.piece, reorganized_mode(c.piece), rule)
        changed[c.piece] = true
      end
      refresh_stacks()
    end
    refresh_stacks()
  end,
}
