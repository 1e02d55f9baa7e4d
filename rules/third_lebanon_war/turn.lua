-- Third Lebanon War: the turn (seed 002's turn summary) where it differs
-- from the base's: each player's Preparation and Planning, the first hands,
-- and the set-up's hidden Insurgent and dummies.

-- C2 Determination as the base's (the higher C2 is First Player, the IDF on
-- a tie); a new turn allows a new minor raid (ruling T14).
function c2_determination()
  vars.raid_this_turn = false
  base.c2_determination()
end

-- The holding boxes of the side's TF HQs in `zone` with room under its C2
-- (8.1, the OOB mat).
function boxes_with_room(side, zone)
  local out = {}
  for _, hq in ipairs(pieces.at(zone, HQS_OF[side])) do
    if pieces.count(holding_box(hq), UNITS) < c2_level(side) then
      out[#out + 1] = holding_box(hq)
    end
  end
  return out
end

-- Preparation: each revealed unit of the phasing side flips to Underground,
-- or goes back into the OOB mat: the holding box of a TF HQ of its zone
-- with room (ruling T15: with none there, it flips).
function preparation_phase()
  local side = phasing_side()
  for _, u in ipairs(units_on_map(side, nil, nil, REVEALED_OF[side])) do
    local zone = zone_of(u)
    local boxes = zone and boxes_with_room(side, zone) or {}
    if #boxes == 0 or pieces.location(u) ~= zone then
      set_mode(u, "underground", "turn")
    else
      local choices = { { piece = u, option = "underground" } }
      for _, box in ipairs(boxes) do choices[#choices + 1] = { piece = u, to = box } end
      local c = ask(side, "turn", { prompt = { "%P: flip Underground, or into the OOB mat?", u }, choices = choices })
      set_mode(u, "underground", "turn")
      if c.to then pieces.move(u, c.to, "turn") end
    end
  end
  refresh_stacks()
end

-- A chit back to its side's pool, neither drawn nor kept.
local function to_pool(side, chit, rule)
  if pieces.marked(chit, "drawn") then pieces.unmark(chit, "drawn", rule) end
  if pieces.marked(chit, "kept") then pieces.unmark(chit, "kept", rule) end
  pieces.move(chit, chits_of(side).pool, rule)
end

-- Planning: the phasing side discards its hand, its played chits go back to
-- its pool, and it selects a new hand of its C2 Level, every chit chosen
-- (ruling T16); the chits of an advance plan (J-5) stay set aside.
function planning_phase()
  local side = phasing_side()
  local c = chits_of(side)
  for _, chit in ipairs(pieces.at(c.hand)) do to_pool(side, chit, "turn") end
  for _, chit in ipairs(pieces.at(c.discard)) do to_pool(side, chit, "turn") end
  build_hand(side, 0, c2_level(side), "turn")
end

-- The first hands are selected in full too (ruling T16).
function first_hand(side)
  build_hand(side, 0, c2_level(side), "turn")
end

-- Set-up as the base's, the Insurgent's units face down from the start (so
-- that placing them names none to the IDF). The four set-up dummies (15.5)
-- join them, and the Insurgent's counters are shuffled before he places
-- them one by one (ruling T55): otherwise the order of the placements, which
-- the IDF reads, would tell him which hidden counter is which type, and
-- which are the dummies.
function setup()
  for _, u in ipairs(pieces.at("insurgent_setup", UNITS)) do pieces.set_visibility(u, "owner", "15.5") end
  for _, u in ipairs(pieces.at("insurgent_reinforcements", UNITS)) do
    pieces.set_visibility(u, "owner", "15.5")
  end
  for _ = 1, tables.dummies.at_setup do
    local d = pieces.top("insurgent_reinforcements", { type = "dummy" })
    if not d then break end
    pieces.move(d, "insurgent_setup", "15.5")
  end
  deck.shuffle("insurgent_setup", "15.5")
  base.setup()
  refresh_stacks()
end

-- 15.5 (ruling T55): a dummy is set up as a unit is, face down, but only
-- south of the Litani and never in a holding box; it counts toward the
-- Insurgent's minimum of counters there, which the IDF cannot tell apart.
function setup_placements(side, unit, zones)
  if not is_dummy(unit) then return base.setup_placements(side, unit, zones) end
  local south = {}
  for _, z in ipairs(SOUTH_OF_LITANI) do south[z] = true end
  local out = {}
  for _, z in ipairs(zones) do
    if south[z] then out[#out + 1] = z end
  end
  return out
end
