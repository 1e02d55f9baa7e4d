-- Lebanon '82 set-up: 10.3 Israel by divisional sector, 10.4 Syria inside
-- the SAM envelopes, 10.5 the PLO drawn at random into its hexes; 20.1-20.2
-- and 25.1-25.2 for the other scenarios. Every placement is asked of its
-- side among the legal empty hexes.

-- The letter of `grid` (a table.regions or table.sectors) for `hex`.
local function letter(grid, hex)
  local col, row = tonumber(hex:sub(1, 2)), tonumber(hex:sub(3, 4))
  local line = grid.rows[row]
  return line and line:sub(col, col) or "."
end

-- Each hex's letters, read once: movement and every set-up placement ask
-- them of hundreds of hexes.
local REGION, SECTOR, PLAY_2006 = {}, {}, {}
for _, hex in ipairs(map.hexes()) do
  REGION[hex] = letter(tables.regions, hex)
  SECTOR[hex] = tables.sectors.codes[letter(tables.sectors, hex)] or false
  PLAY_2006[hex] = letter(tables.play_2006, hex) == "P"
end

-- Research 1.4 [P] regions: "L" Lebanon, "S" Syria, "I" Israel, "G" Golan.
function region(hex) return REGION[hex] or "." end

-- 20.0, ruling Q13: whether `hex` is in play (only part of the map in 2006).
function in_play(hex)
  return vars.victory ~= "2006" or PLAY_2006[hex] == true
end

function may_enter(unit, hex) return in_play(hex) end

-- 20.0, ruling Q13: in 2006 a move passes through hexes in play only, as
-- it ends in one (the kit's cost hook closes the others). Rulings L5, L20:
-- where bastions are not in effect (2006, 1976), a bastion costs no +1
-- (`bastion_step_cost`), asked only of a unit that could reach one: each
-- hook runs for every step a move considers.
local PLAY_AREA_MOVES = { cost = function(_, to) if not PLAY_2006[to] then return false end end }
local BASTION_MOVES = { cost = function(_, to, cost) return bastion_step_cost(to, cost) end }
local BOTH_MOVES = { cost = function(_, to, cost)
  if not PLAY_2006[to] then return false end
  return bastion_step_cost(to, cost)
end }
function movement_options(unit)
  local bastion = not bastions_in_effect() and bastion_within_reach(unit)
  if vars.victory == "2006" then return bastion and BOTH_MOVES or PLAY_AREA_MOVES end
  return bastion and BASTION_MOVES or nil
end

-- 10.3 the division whose sector `hex` lies in, or nil.
function sector(hex) return SECTOR[hex] or nil end

-- The land hexes, in the map's order: found once, as every set-up
-- placement asks among them (a search takes the set-up again many times).
local LAND = {}
for _, hex in ipairs(map.hexes()) do
  if map.terrain(hex) ~= "sea" then LAND[#LAND + 1] = hex end
end
local UNITS = pieces.filter({ kind = "unit" })

-- The land hexes for which `keep(hex)` holds, in the map's order: where a
-- kind of unit sets up, found once for all its placements.
local function land_where(keep)
  local out = {}
  for _, hex in ipairs(LAND) do
    if keep(hex) then out[#out + 1] = hex end
  end
  return out
end

-- 10.3's sectors and the regions, as lists of land hexes.
local SECTOR_HEXES, REGION_HEXES = {}, {}
for _, hex in ipairs(LAND) do
  if sector(hex) then
    SECTOR_HEXES[sector(hex)] = SECTOR_HEXES[sector(hex)] or {}
    table.insert(SECTOR_HEXES[sector(hex)], hex)
  end
  REGION_HEXES[region(hex)] = REGION_HEXES[region(hex)] or {}
  table.insert(REGION_HEXES[region(hex)], hex)
end

-- The hexes of `hexes` with no unit in them: where a unit may set up now.
local function empty(hexes)
  return pieces.vacant(hexes, UNITS)
end

local function place(side, unit, hexes, rule)
  if #hexes == 0 then error(("no legal hex is left to set up %s"):format(pieces.name(unit))) end
  local hex = ask(side, rule, { prompt = { "Set up %P in", unit }, piece = unit, to = hexes })
  pieces.move(unit, hex, rule)
end

-- The 880's sectors, each named by where it lies, which its number does not
-- tell a player: "the 90's sector, columns 26-31, rows 04-12 (54 hexes)".
local SECTORS_OF_880 = {}
for _, s in ipairs({ "36", "162", "90", "252" }) do
  local c1, c2, r1, r2 = math.huge, -math.huge, math.huge, -math.huge
  for _, h in ipairs(SECTOR_HEXES[s]) do
    local c, r = tonumber(h:sub(1, 2)), tonumber(h:sub(3, 4))
    c1, c2, r1, r2 = math.min(c1, c), math.max(c2, c), math.min(r1, r), math.max(r2, r)
  end
  SECTORS_OF_880[#SECTORS_OF_880 + 1] = { option = s, shows = SECTOR_HEXES[s], text = { "the %s's sector, columns %02d-%02d, rows %02d-%02d (%d hexes)",
                                                             s, c1, c2, r1, r2, #SECTOR_HEXES[s] } }
end

-- 10.3 ISRAELI SET-UP: each division in its own sector inside Israel (ruling
-- L21), the 880 in one sector of its player's choice but the 91st's.
local function israel_1982()
  local chosen = ask("israel", "10.3", { prompt = "Sector of the 880", choices = SECTORS_OF_880 }).option
  for _, u in ipairs(pieces.at("israeli_setup")) do
    local division = pieces.value(u, "division")
    local want = division == "880" and chosen or division
    place("israel", u, empty(SECTOR_HEXES[want] or {}), "10.3")
  end
end

-- 20.1: three divisions anywhere in Israel but the Golan, each unit next to
-- another of its division (each unit after the first next to one placed).
-- Ruling R-20.1: where every hex next to the division is taken, the unit
-- goes as near to it as the empty hexes allow, so no set-up can dead-end.
local function israel_2006()
  for _, u in ipairs(pieces.at("israeli_setup")) do
    local division = pieces.value(u, "division")
    local placed = {}
    for _, o in ipairs(units_of("israel")) do
      if pieces.value(o, "division") == division then placed[#placed + 1] = pieces.location(o) end
    end
    local near, best = {}, math.huge
    for _, h in ipairs(empty(REGION_HEXES.I or {})) do
      local d = #placed > 0 and map.nearest(h, placed) or 0
      if d < best then near, best = {}, d end
      if d == best then near[#near + 1] = h end
    end
    place("israel", u, near, "20.1")
  end
end

-- 13.0 the hexes within `sites`' envelopes (ruling Q12: a site's own hex
-- too), as a set: each site's hexes in range, rather than each hex of the
-- map measured against each site at every placement.
local function envelope(sites)
  local out = {}
  for _, s in ipairs(sites) do
    for _, h in ipairs(map.within(pieces.location(s), tables.sam.envelope)) do out[h] = true end
  end
  return out
end

-- 10.4 SYRIAN SET-UP: inside any SAM envelope; the 47th, the 82nd and ten
-- commandos inside the envelope of the site at 0908.
local function syria_1982()
  local near_0908, near_any = envelope(pieces.at("0908", { type = "sam_site" })), envelope(sam_sites())
  local zahle = land_where(function(h) return near_0908[h] end)
  local any = land_where(function(h) return near_any[h] end)
  local commandos = 0
  for _, u in ipairs(pieces.at("syrian_setup")) do
    local near_zahle = pieces.type(u) ~= "sy_commando"
    if not near_zahle then
      commandos = commandos + 1
      near_zahle = commandos <= 10
    end
    place("syria", u, empty(near_zahle and zahle or any), "10.4")
  end
end

-- 25.1: the 47th, the 82nd and two commandos drawn at random, on the north
-- (column 01) or east (row 01) map edge, outside the Golan.
local function syria_1976()
  local edge = function(h) return (h:sub(1, 2) == "01" or h:sub(3, 4) == "01") and region(h) ~= "G" end
  for _ = 1, 2 do cup.draw("syrian_cup", "syrian_setup", "25.1") end
  for _, u in ipairs(pieces.at("syrian_cup")) do pieces.move(u, "out_of_play", "25.1") end
  local edges = land_where(edge)
  for _, u in ipairs(pieces.at("syrian_setup")) do place("syria", u, empty(edges), "25.1") end
end

-- 10.5, 20.2, 25.2: the land hexes of Lebanon an entry of tables.plo_setup
-- allows: its listed hexes, those within its reach of a hex, or the coast
-- between two columns.
local function plo_hexes(e)
  local near = {}
  for _, h in ipairs(e.within and map.within(e.of, e.within) or {}) do near[h] = true end
  return land_where(function(h)
    if region(h) ~= "L" then return false end
    if e.at then
      for _, x in ipairs(e.at) do
        if x == h then return true end
      end
      return false
    end
    if e.within then return near[h] == true end
    local col = tonumber(h:sub(1, 2))
    if col < e.coast[1] or col > e.coast[2] then return false end
    for _, n in ipairs(map.neighbours(h)) do
      if map.terrain(n) == "sea" then return true end
    end
    return false
  end)
end

-- Each scenario's entries' hexes, found once: a search sets up again and
-- again, and the map does not change.
local PLO_HEXES = {}
for scenario, entries in pairs(tables.plo_setup) do
  PLO_HEXES[scenario] = {}
  for i, e in ipairs(entries) do PLO_HEXES[scenario][i] = plo_hexes(e) end
end

-- 10.5, 20.2, 25.2 PLO SET-UP: for each entry of the scenario's
-- tables.plo_setup, the PLO chooses a legal hex and a unit drawn at random
-- from the cup goes there. Units left in the cup are out of play.
local function plo_setup(scenario)
  for i, e in ipairs(tables.plo_setup[scenario]) do
    for _ = 1, e.count do
      local hexes = empty(PLO_HEXES[scenario][i])
      if #hexes == 0 then error("no legal hex is left for a PLO unit of the set-up") end
      local hex = ask("plo", "10.5", { prompt = "Place a PLO unit drawn from the cup in", locations = hexes })
      cup.draw("plo_cup", hex, "10.5")
    end
  end
  for _, u in ipairs(pieces.at("plo_cup")) do pieces.move(u, "out_of_play", "10.5") end
end

-- A scenario with `preset = true` in [vars] places every piece itself (a
-- position in mid-game, a test): no set-up is asked.
function setup_forces()
  vars.last_entered = {}
  if vars.preset then return end
  local scenario = vars.victory
  if scenario == "1982" or scenario == "three_players" then
    israel_1982()
    syria_1982()
  elseif scenario == "2006" then
    israel_2006()
  else
    syria_1976()
  end
  plo_setup(scenario == "three_players" and "1982" or scenario)
end
