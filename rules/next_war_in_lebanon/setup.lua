-- The Next War in Lebanon: the map's zones as the rules read them, and the
-- set-up (4.0, 13.1, 15.0; ruling X8). The rules read zone attributes,
-- never a zone id (map.toml).

-- Every zone, in map order, and the lists the set-up reads; built once.
ZONES = map.within(tables.map.first_zone, tables.map.reach)

local function zones_where(test)
  local out = {}
  for _, z in ipairs(ZONES) do
    if test(z) then out[#out + 1] = z end
  end
  return out
end

ISRAEL = zones_where(function(z) return map.attr(z, "country") == "israel" end)
LEBANON = zones_where(function(z) return map.attr(z, "country") == "lebanon" end)
SOUTH_OF_LITANI = zones_where(function(z)
  return map.attr(z, "country") == "lebanon" and map.attr(z, "litani") == "south"
end)

-- What differs by scenario (15.0-15.6): tables.scenario_rules[vars.rules].
function scenario_rules()
  return tables.scenario_rules[vars.rules]
end

-- The other side.
function enemy_of(side)
  return side == "idf" and "insurgent" or "idf"
end

-- 9.3 (ruling X4): disruption is a marker on the unit.
function is_disrupted(u)
  return pieces.marked(u, "disrupted")
end

-- Each side's chit locations (tables.chits).
function chits_of(side)
  return tables.chits[side]
end

-- The holding box of a TF HQ (8.1): its printed `holding_box`.
function holding_box(hq)
  return pieces.value(hq, "holding_box")
end

-- A side's C2 Level (3.0), its track `SIDE_c2`.
local C2_TRACKS = {}
for _, side in ipairs(game.sides()) do C2_TRACKS[side] = side .. "_c2" end
function c2_level(side)
  return track.get(C2_TRACKS[side])
end

-- The faces a table of faces names as its keys, sorted (for a filter's
-- `face`: the order of pairs changes between processes, a sorted list not).
function faces_of(set)
  local faces = {}
  for face in pairs(set) do faces[#faces + 1] = face end
  table.sort(faces)
  return faces
end

-- Compiled filters, read once rather than at every call: units and TF HQs,
-- of any side or of one, and a side's disrupted and undisrupted units (for
-- units_on_map's filter: a mod whose units_on_map leaves some units out
-- replaces these too).
UNITS = pieces.filter { kind = "unit" }
HQS = pieces.filter { kind = "hq" }
UNITS_OF, HQS_OF, DISRUPTED_OF, UNDISRUPTED_OF = {}, {}, {}, {}
for _, side in ipairs(game.sides()) do
  UNITS_OF[side] = pieces.filter { kind = "unit", owner = side }
  HQS_OF[side] = pieces.filter { kind = "hq", owner = side }
  DISRUPTED_OF[side] = pieces.filter { kind = "unit", owner = side, marked = "disrupted" }
  UNDISRUPTED_OF[side] = pieces.filter { kind = "unit", owner = side, unmarked = "disrupted" }
end

-- 4.0, 13.1 THE IDF'S STRATEGY, chosen in secret (ruling X8: its marker goes
-- into the IDF's own box; N20: 2006 knows only Counterforce, 15.6).
local function choose_strategy()
  local strategies = scenario_rules().strategies
  local chosen = strategies[1]
  if #strategies > 1 then
    chosen = ask("idf", "13.1", { prompt = "Your strategy for the game (secret until the end)", options = strategies,
                                  secret = true })
  end
  pieces.move(pieces.top("idf_strategy_markers", { type = "strategy_" .. chosen }), "idf_strategy", "13.1")
  if #strategies > 1 then log("13.1", "%S chose its strategy in secret", "idf") end
end

-- 14.0 the optional J-5 and J-6 chits join each side's pool.
local function optional_chits()
  if not vars.optional_j5_j6 then return end
  for _, side in ipairs({ "idf", "insurgent" }) do
    for _, chit in ipairs(pieces.at(chits_of(side).optional)) do pieces.move(chit, chits_of(side).pool, "14.0") end
  end
end

-- A side's military units in a zone, those in the holding boxes of its TF
-- HQs there included (a TF's units are in its HQ's zone, 8.1).
function units_in_zone(zone, side)
  return pieces.count_inside(zone, "holding_box", UNITS_OF[side])
end

-- Where `side` may place `unit` at set-up: a zone of `zones`, or the holding
-- box of one of its TF HQs there with room: fewer units than the side's C2
-- Level (4.0, 8.1). A global so that a mod may narrow it for counters of its
-- own.
function setup_placements(side, unit, zones)
  local places = table.move(zones, 1, #zones, 1, {})
  local c2 = c2_level(side)
  for _, hq in ipairs(pieces.at(zones, HQS_OF[side])) do
    local box = holding_box(hq)
    if pieces.count(box, UNITS) < c2 then places[#places + 1] = box end
  end
  return places
end

-- 4.0 the faces a unit may be turned to at set-up, by the face it is placed
-- on (a mod with other modes replaces this table).
SETUP_MODE_CHANGES = { combat = "dispersed" }

-- 4.0 either mode at set-up: after placing, the side turns any of its units
-- with a dispersed face to it, one at a time, until it is done.
local function choose_modes(side, rule)
  local changeable = pieces.filter { kind = "unit", owner = side, face = faces_of(SETUP_MODE_CHANGES) }
  while true do
    local combat = pieces.inside(ZONES, "holding_box", changeable)
    if #combat == 0 then return end
    local choices = { "done" }
    for _, u in ipairs(combat) do choices[#choices + 1] = { piece = u, option = "disperse" } end
    local c = ask(side, rule, { prompt = "Set up any unit in dispersed mode?", choices = choices })
    if c == "done" then return end
    pieces.set_face(c.piece, SETUP_MODE_CHANGES[pieces.face(c.piece)], rule)
  end
end

-- 4.0, 15.0 a side places its TF HQs, then its units, from its set-up box.
-- `needed` (zone -> count) is a minimum of units a zone must get: once the
-- units left are just enough to meet it, only the zones short of it are
-- offered.
local function place_forces(side, box, zones, rule, needed)
  for _, hq in ipairs(pieces.at(box, HQS)) do
    local to = ask(side, rule, { prompt = { "Set up %P", hq }, piece = hq, to = zones })
    pieces.move(hq, to, rule)
  end
  local units = pieces.at(box, UNITS)
  local with_minimum = {}
  for _, z in ipairs(zones) do
    if needed[z] then with_minimum[#with_minimum + 1] = z end
  end
  for i, unit in ipairs(units) do
    -- The units still to place must cover what the zones lack.
    local short, short_zones = 0, {}
    for _, z in ipairs(with_minimum) do
      local missing = needed[z] - units_in_zone(z, side)
      if missing > 0 then
        short = short + missing
        short_zones[#short_zones + 1] = z
      end
    end
    local must = short >= #units - i + 1
    local to = ask(side, rule, { prompt = { "Set up %P", unit }, piece = unit,
                                 to = setup_placements(side, unit, must and short_zones or zones) })
    pieces.move(unit, to, rule)
  end
  choose_modes(side, rule)
end

-- 15.0 the Insurgent's minimum: two units in each zone south of the Litani
-- (Marjayoun included).
local function insurgent_minimum()
  local needed = {}
  for _, z in ipairs(SOUTH_OF_LITANI) do needed[z] = scenario_rules().insurgent_minimum_south end
  return needed
end

-- 4.0 SETTING UP THE GAME: the IDF sets up first (its strategy, then its
-- forces anywhere in Israel), then the Insurgent; then both hands.
function setup()
  optional_chits()
  choose_strategy()
  place_forces("idf", "idf_setup", ISRAEL, "4.0", {})
  refresh_stacks() -- the Insurgent sets up seeing only the tops of the IDF's stacks (8.0)
  local zones = scenario_rules().insurgent_setup == "south_of_litani" and SOUTH_OF_LITANI or LEBANON
  place_forces("insurgent", "insurgent_setup", zones, "15.0", insurgent_minimum())
  refresh_stacks()
  first_hand("idf")
  first_hand("insurgent")
end
