-- A Reign of Missiles: the map helpers, 3.0 the Diplomacy Track and the end
-- of the game, 4.0 random events, 5.0 launcher determination, 6.0 asset
-- determination and the set-up (10.0). The 7.0-9.0 rules are in
-- operations.lua. No area is named here: areas are found by the attributes
-- of map.toml (colour, target, city, iron_dome_setup) and connections by
-- their kind (arrow, coast, border). All state is in the kernel.

local LAUNCHER_TYPES = { "qassam", "grad", "fajr5" }

-- MAP HELPERS -----------------------------------------------------------------
-- The map never changes, so what the rules read of it is built once, at
-- load, into constant tables (no game state: that stays in the kernel). The
-- lists keep map order. Callers must not modify the arrays returned.

local AREAS = map.within(tables.map.first_area, tables.map.reach)
local COLOUR, TARGET, CITY, TITLE = {}, {}, {}, {}
local BY_COLOUR = {}
local ARROWS = {}        -- ARROWS[a]: the arrows out of a, {to =, c =}
local DOME_REACH = {}    -- DOME_REACH[a]: {areas =, reach =} of 7.2.2, map order
local COAST_SEAS = {}    -- COAST_SEAS[g]: the sea areas beside Gaza area g
local NAVAL_AREAS = {}   -- the sea areas beside any Gaza area
local DOME_AREAS = { setup = {}, later = {} } -- 10.2 set-up / 6.1 later
local RANGE_END = {}     -- RANGE_END[a][range]: a rocket of that range stops

local function connection_kind(a, b, kind)
  local c = map.connection(a, b)
  if c and c.kind == kind then return c end
  return nil
end

for _, a in ipairs(AREAS) do
  local colour = map.attr(a, "colour")
  COLOUR[a], TARGET[a], CITY[a], TITLE[a] = colour, map.attr(a, "target"), map.attr(a, "city"), game.title(a)
  BY_COLOUR[colour] = BY_COLOUR[colour] or {}
  local list = BY_COLOUR[colour]
  list[#list + 1] = a
  local arrows = {}
  for _, b in ipairs(map.neighbours(a)) do
    local c = connection_kind(a, b, "arrow")
    if c then arrows[#arrows + 1] = { to = b, c = c } end
  end
  ARROWS[a] = arrows
  if map.attr(a, "iron_dome_setup") == true then DOME_AREAS.setup[#DOME_AREAS.setup + 1] = a end
  if colour == "blue" or colour == "black" or colour == "green" then DOME_AREAS.later[#DOME_AREAS.later + 1] = a end
end
for _, a in ipairs(AREAS) do
  local areas, reach = {}, {}
  for _, b in ipairs(AREAS) do
    -- Only an area an Iron Dome may stand in (blue, black, green: 6.1) is listed.
    local c = COLOUR[b]
    if c ~= "blue" and c ~= "black" and c ~= "green" then
      -- no Iron Dome there
    elseif b == a then reach[b] = 0
    elseif connection_kind(b, a, "arrow") or connection_kind(a, b, "arrow") then reach[b] = 1 end
    if reach[b] then areas[#areas + 1] = b end
  end
  DOME_REACH[a] = { areas = areas, reach = reach }
  -- 7.2.1: first_black stops in any black area; black_terminal in a black
  -- area with no arrow on to another black one; other rockets at the end
  -- of the arrows in a green area.
  local terminal = COLOUR[a] == "black"
  for _, arrow in ipairs(ARROWS[a]) do
    if COLOUR[arrow.to] == "black" then terminal = false end
  end
  RANGE_END[a] = { first_black = COLOUR[a] == "black", black_terminal = terminal,
                   other = COLOUR[a] == "green" and #ARROWS[a] == 0 }
  COAST_SEAS[a] = {}
end
for _, s in ipairs(BY_COLOUR.sea or {}) do
  local beside = false
  for _, g in ipairs(AREAS) do
    if connection_kind(s, g, "coast") then
      COAST_SEAS[g][#COAST_SEAS[g] + 1] = s
      beside = true
    end
  end
  if beside then NAVAL_AREAS[#NAVAL_AREAS + 1] = s end
end

local EMPTY = {}

-- Every area of the map, in map order.
function all_areas()
  return AREAS
end

-- The areas of one colour (gaza, blue, black, green, sea), in map order.
function areas_of(colour)
  return BY_COLOUR[colour] or EMPTY
end

-- An area's attributes (map.toml) and title.
function colour_of(area) return COLOUR[area] end
function target_of(area) return TARGET[area] end
function city_of(area) return CITY[area] end
function area_title(area) return TITLE[area] end

-- The connection from a to b when it is of the given kind, else nil.
function connection_of(a, b, kind)
  return connection_kind(a, b, kind)
end

-- The arrows out of an area: an array of {to = area, c = attributes}.
function arrows_from(area)
  return ARROWS[area]
end

-- 7.2.2: the areas from which an Iron Dome reaches a rocket in `area`:
-- {areas = the areas in map order, reach = by area, 0 (the area itself) or
-- 1 (an arrow either way)}.
function dome_reach(area)
  return DOME_REACH[area]
end

-- 6.1, ruling N1: the sea areas beside Gaza area g.
function coast_seas(area)
  return COAST_SEAS[area] or EMPTY
end

-- 6.1: the areas an Iron Dome may stand in (blue, black, green), map order.
function iron_dome_areas()
  return DOME_AREAS.later
end

-- 7.2.1: whether a rocket of range `range` goes no further than `area`.
function range_ends_in(area, range)
  local e = RANGE_END[area]
  if range == "first_black" or range == "black_terminal" then return e[range] end
  return e.other
end

-- 7.1.1, ruling R1: the third impulse (Evening, or Night) is the night one.
function is_night()
  return game.phase() == "operations" and game.impulse() == 3
end

local IMPULSE_NAMES = { "AM", "PM", "Evening" }
function impulse_name()
  return IMPULSE_NAMES[game.impulse()] or "?"
end

-- 3.0 THE DIPLOMACY TRACK AND THE END OF THE GAME -----------------------------

-- Ruling D3: each printed space of the track (green 10 .. white 0 .. blue
-- 10, ruling D1) is divided into boxes, tables.diplomacy_track.boxes[n + 1]
-- for the spaces numbered n (the same on both sides; white 0's count is odd,
-- so that it is centred on box 0); a marker moves one box a space. With one
-- box a space the track is the printed 21. NUMBER_AT[|i| + 1] is the printed
-- number of box i; TRACK_END the last box on either side.
local function number_table()
  local boxes = tables.diplomacy_track.boxes
  local ok = type(boxes) == "table" and #boxes == 11
  for n = 1, 11 do
    ok = ok and math.type(boxes[n]) == "integer" and boxes[n] >= 1 and boxes[n] <= 10
  end
  if not ok or boxes[1] % 2 == 0 then
    error("tables.diplomacy_track.boxes must list 11 whole numbers from 1 to 10, the first odd (ruling D3)")
  end
  local at = {}
  for _ = 0, (boxes[1] - 1) // 2 do at[#at + 1] = 0 end
  for n = 1, 10 do
    for _ = 1, boxes[n + 1] do at[#at + 1] = n end
  end
  return at
end
local NUMBER_AT = number_table()
TRACK_END = #NUMBER_AT - 1
local ONE_BOX = TRACK_END == 10

-- The signed printed number of box `index` (negative: green, Hamas' side).
function printed_number(index)
  local n = NUMBER_AT[math.min(math.abs(index), TRACK_END) + 1]
  return index < 0 and -n or n
end

-- The name of a box by its index: the printed space, and the box's index
-- when a space has more than one. The log names the boxes at every move of
-- a marker, so those of the track are named once, at load.
local function name_of(index)
  local n = printed_number(index)
  local name
  if n >= -1 and n <= 1 then name = "white " .. math.abs(n)
  elseif n < 0 then name = "green " .. -n
  else name = "blue " .. n end
  if ONE_BOX then return name end
  return string.format("%s (box %d)", name, index)
end
local SPACE_NAMES = {}
for index = -TRACK_END, TRACK_END do SPACE_NAMES[index] = name_of(index) end

function space_name(index)
  return SPACE_NAMES[index] or name_of(index)
end

-- 5.0, 6.0: the number printed on the space a side's marker occupies.
function diplomacy_number(side)
  return math.abs(printed_number(track.get(side .. "_diplomacy")))
end

function markers_met()
  return track.get("hamas_diplomacy") >= track.get("israel_diplomacy")
end

-- 10.0 WINNING: the band of the track the markers met in, then the table.
function diplomacy_band(index)
  local n = printed_number(index)
  for _, b in ipairs(tables.diplomacy_bands) do
    if n >= b.low and n <= b.high then return b.band end
  end
  return nil
end

-- 10.0: the result and winner were the markers to meet in space `index`
-- with the MVP as they stand, and the table's row (nil: Stalemate).
local function result_in(index)
  local band = diplomacy_band(index)
  local i, h = track.get("israel_mvp"), track.get("hamas_mvp")
  local more = (i > h and "israel") or (h > i and "hamas") or "none"
  for _, w in ipairs(tables.winning) do
    if w.more_mvp == more and w.band == band then return w.result, w.winner, w end
  end
  return "Stalemate", nil, nil
end

function game_result()
  local result, winner = result_in(track.get("hamas_diplomacy"))
  return result, winner
end

-- For the search bot (docs/bots.md): a result graded by its degree on the
-- 10.0 table, so the search tells a decisive victory from a substantive
-- one (and aims past a stalemate).
local function grade(row)
  if not row then return 0.5 end
  local major = row.band == "israel_major" or row.band == "hamas_major"
  local israel = major and 1 or 0.75
  if row.winner == "israel" then return israel end
  return 1 - israel
end

local function logistic(x) return 1 / (1 + math.exp(-x)) end

-- Before the end (a playout cut at its depth), a smooth guess, so that the
-- search sees each MVP and each printed space gained: the markers are
-- taken to meet in the box halfway, and each side's chance of a win is
-- that of the meeting falling in its bands (2 or more, in printed numbers)
-- times that of its leading on MVP then.
local function guess_for_israel()
  local middle = (track.get("hamas_diplomacy") + track.get("israel_diplomacy")) // 2
  local number = printed_number(middle)
  local lead = track.get("israel_mvp") - track.get("hamas_mvp")
  local israel = logistic(number - 1.5) * logistic(lead / 2)
  local hamas = logistic(-number - 1.5) * logistic(-lead / 2)
  return 0.5 + 0.25 * (israel - hamas)
end

function bot_eval(side, result)
  local israel
  if result then
    local row
    for _, w in ipairs(tables.winning) do
      if w.result == result then row = w end
    end
    israel = grade(row)
  else
    israel = guess_for_israel()
  end
  if side == "israel" then return israel end
  return 1 - israel
end

-- 3.0: the game ends at once when the two markers share a space.
function check_meeting(rule)
  if not markers_met() then return end
  local result, winner = game_result()
  log("3.0", "The Diplomacy markers met in the %s space (Israel %d MVP, Hamas %d MVP): %s",
      space_name(track.get("hamas_diplomacy")), track.get("israel_mvp"), track.get("hamas_mvp"), result)
  game.finish(result, winner)
end

-- Moves a side's Diplomacy marker `spaces` spaces (negative: left, toward
-- green 10). Ruling D2: a marker never passes the other one; it stops in
-- its space and the game ends.
function move_diplomacy(side, spaces, rule)
  local id = side .. "_diplomacy"
  local before = track.get(id)
  local after = before + spaces
  if side == "hamas" then
    after = math.min(after, track.get("israel_diplomacy"))
  else
    after = math.max(after, track.get("hamas_diplomacy"))
  end
  after = math.max(-TRACK_END, math.min(TRACK_END, after))
  after = track.set(id, after, rule)
  if after ~= before then
    log(rule, "%S Diplomacy marker moved %s from %s to %s", side, spaces < 0 and "left" or "right", space_name(before),
        space_name(after))
  else
    log(rule, "%S Diplomacy marker stayed in %s", side, space_name(before))
  end
  check_meeting(rule)
  return after
end

-- Awards MVP to a side.
function award_mvp(side, n, rule)
  if n <= 0 then return end
  local total = track.add(side .. "_mvp", n, rule)
  log(rule, "%S was awarded %d MVP (total %d)", side, n, total)
end

-- 4.0 RANDOM EVENTS -----------------------------------------------------------

-- 9.2: the marker of an event in play, or nil.
function event_marker(event)
  if pieces.count("events_in_play") == 0 then return nil end
  for _, p in ipairs(pieces.at("events_in_play")) do
    if pieces.value(p, "event") == event then return p end
  end
  return nil
end

function is_event_active(event)
  return event_marker(event) ~= nil
end

-- Ruling R6: a one-use modifier is spent when it is applied. Returns true
-- when the event modifies this roll.
function spend_event(event, rule)
  local m = event_marker(event)
  if not m or pieces.counter(m, "uses") <= 0 then return false end
  pieces.set_counter(m, "uses", pieces.counter(m, "uses") - 1)
  log(rule, "%P applied (%d use(s) left)", m, pieces.counter(m, "uses"))
  return true
end

-- Puts an event's marker in play with its number of uses (9.2).
function place_event_marker(event, uses, rule)
  for _, p in ipairs(pieces.at("event_markers")) do
    if pieces.value(p, "event") == event then
      pieces.move(p, "events_in_play", rule)
      pieces.set_counter(p, "uses", uses or 0)
      return p
    end
  end
  return nil
end

local function no_event(rule, why)
  if why then log(rule, "No event: %s", why) else log(rule, "No event") end
end

local EVENTS = {
  none = function(_, column) no_event(column == "even" and "4.1" or "4.2") end,
  -- 4.1: the US marker moves Israel right, at most twice a game (R5).
  -- Ruling R5: every roll of the event counts towards "twice per game",
  -- including one that finds the marker already in the 10 space.
  us_support = function()
    if track.get("us_support_events") >= 2 then return no_event("4.1", "US support has been rolled twice already") end
    track.add("us_support_events", 1, "4.1")
    if printed_number(track.get("israel_diplomacy")) >= 10 then return no_event("4.1", "the Israeli marker is already in the 10 space") end
    log("4.1", "US states its support for Israel")
    move_diplomacy("israel", 1, "4.1")
  end,
  critical_hit = function()
    log("4.1", "Critical hit! Attacks on Grad and Qassam launchers get -1 this turn")
    place_event_marker("critical_hit", 0, "4.1")
  end,
  intelligence = function(d10)
    local uses = tables.event_uses.intelligence[d10 + 1]
    log("4.1", "Enhanced Intelligence: -1 for %d attack(s) on the Hamas centres", uses)
    place_event_marker("intelligence", uses, "4.1")
  end,
  urgency = function()
    log("4.1", "Iron Dome urgency: the first Iron Dome depletion this turn is ignored")
    place_event_marker("urgency", 1, "4.1")
  end,
  -- 4.1, ruling R4: the Commando comes once a game and stays until used.
  fists = function()
    if vars.fists_rolled then return no_event("4.1", "Fists of Iron has been rolled already") end
    vars.fists_rolled = true
    log("4.1", "Fists of Iron: the Commando unit is available")
    place_event_marker("fists", 0, "4.1")
    for _, p in ipairs(pieces.at("israeli_reserve", COMMANDO)) do pieces.move(p, "israeli_available", "4.1") end
  end,
  egypt_support = function()
    if track.get("egypt_support_events") >= 2 then return no_event("4.2", "Egyptian support has been rolled twice already") end
    track.add("egypt_support_events", 1, "4.2")
    if printed_number(track.get("hamas_diplomacy")) <= -10 then return no_event("4.2", "the Hamas marker is already in the 10 space") end
    log("4.2", "Egypt states its support for Hamas")
    move_diplomacy("hamas", -1, "4.2")
  end,
  insh_allah = function(d10)
    local uses = tables.event_uses.insh_allah[d10 + 1]
    log("4.2", "Insh Allah! -1 for %d rocket attack(s)", uses)
    place_event_marker("insh_allah", uses, "4.2")
  end,
  martyr = function(d10)
    log("4.2", "Martyr's Strike: a bomber detonated in Tel Aviv")
    award_mvp("hamas", 1, "4.2")
    if d10 == 7 then move_diplomacy("israel", -1, "4.2") end
  end,
  sam = function(d10)
    local uses = tables.event_uses.sam[d10 + 1]
    log("4.2", "SAM missiles! +1 for %d F-15, Drone or Commando strike(s)", uses)
    place_event_marker("sam", uses, "4.2")
  end,
}

-- Applies the event of a D6 and a D10 (4.1 even, 4.2 odd).
function apply_event(d6, d10)
  local column = d6 % 2 == 0 and "even" or "odd"
  local event = tables.events[column][d10 + 1]
  EVENTS[event](d10, column)
  return event
end

function random_event_phase()
  if game.turn() == 1 then
    log("10.0", "Turn 1 has no Random Event Determination Phase")
    return
  end
  determine_event()
end

-- 4.0: both dice on the Random Events Table. Returns the event's id.
function determine_event()
  local d6 = roll("d6", "4.0", "random event: even or odd")
  local d10 = roll("d10", "4.0", "random event")
  return apply_event(d6, d10)
end

-- 5.0 HAMAS ROCKET LAUNCHER DETERMINATION --------------------------------------

-- Draws n launchers at random from the opaque container (fewer when it
-- holds fewer) into the box of launchers to deploy. Returns how many.
function draw_launchers(n, rule)
  local drawn = 0
  for _ = 1, n do
    if not cup.draw("launcher_cup", "launchers_drawn", rule) then break end
    drawn = drawn + 1
  end
  log(rule, "Hamas drew %d rocket launcher(s) from the opaque container", drawn)
  return drawn
end

-- 5.1 ROCKET LAUNCHER DEPLOYMENT
-- Each type is spread as evenly as possible: a launcher goes to the Gaza
-- area with the fewest of its type; ties go to the area with the fewest
-- launchers, then to the first in map order (ruling L1).
local TYPE_FILTERS = {}
for _, t in ipairs(LAUNCHER_TYPES) do TYPE_FILTERS[t] = pieces.filter { type = t } end
LAUNCHER = pieces.filter { has = "launcher" }
IRON_DOME, NAVAL = pieces.filter { type = "iron_dome" }, pieces.filter { type = "naval" }
F15, DRONE, COMMANDO = pieces.filter { type = "f15" }, pieces.filter { type = "drone" }, pieces.filter { type = "commando" }

function deploy_launchers(rule)
  local gaza = areas_of("gaza")
  -- The counts of each area, read once and kept up to date as the
  -- launchers are placed (no decision is taken in between).
  local count = {}
  for _, a in ipairs(gaza) do
    local c = { all = pieces.count(a, LAUNCHER) }
    for _, t in ipairs(LAUNCHER_TYPES) do c[t] = pieces.count(a, TYPE_FILTERS[t]) end
    count[a] = c
  end
  for _, t in ipairs(LAUNCHER_TYPES) do
    for _, p in ipairs(pieces.at("launchers_drawn", TYPE_FILTERS[t])) do
      local best, best_same, best_all
      for _, a in ipairs(gaza) do
        local same, all = count[a][t], count[a].all
        if not best or same < best_same or (same == best_same and all < best_all) then
          best, best_same, best_all = a, same, all
        end
      end
      pieces.move(p, best, rule)
      count[best][t] = count[best][t] + 1
      count[best].all = count[best].all + 1
    end
  end
  for _, a in ipairs(gaza) do
    log(rule, "%L: %d Qassam, %d Grad, %d Fajr-5 launcher(s)", a, count[a].qassam, count[a].grad, count[a].fajr5)
  end
end

function launcher_phase()
  if game.turn() == 1 then
    log("10.0", "Turn 1 has no Launcher Determination Phase: the set-up launchers are in place")
    return
  end
  determine_launchers()
end

-- 5.0: D10 + the Hamas Diplomacy space launchers, drawn and deployed (5.1).
function determine_launchers()
  local dr = roll("d10", "5.0", "launchers")
  local n = dr + diplomacy_number("hamas")
  log("5.0", "Hamas draws %d launchers (DR %d + Hamas Diplomacy space %d)", n, dr, diplomacy_number("hamas"))
  local drawn = draw_launchers(n, "5.0")
  deploy_launchers("5.1")
  return drawn
end

-- 6.0 ISRAELI MILITARY ASSET DETERMINATION -------------------------------------

-- Ruling R7: the player may move the markers left by a total of one space
-- (+2) or two spaces (+3), split between them as he likes.
function increase_assets(level, rule)
  local inc1, inc2 = tables.assets.increase_one_space, tables.assets.increase_two_spaces
  local h = track.get("hamas_diplomacy")
  local options = { { option = "none", text = "No increase", israel = 0, hamas = 0, add = 0 } }
  local function offer(id, text, di, dh, add)
    if h - dh >= -TRACK_END then options[#options + 1] = { option = id, text = { text, add }, israel = di, hamas = dh, add = add } end
  end
  offer("israel_1", "+%d: move the Israeli marker 1 space left", 1, 0, inc1)
  offer("hamas_1", "+%d: move the Hamas marker 1 space left", 0, 1, inc1)
  offer("israel_2", "+%d: move the Israeli marker 2 spaces left", 2, 0, inc2)
  offer("hamas_2", "+%d: move the Hamas marker 2 spaces left", 0, 2, inc2)
  offer("each_1", "+%d: move each marker 1 space left", 1, 1, inc2)
  local c = ask("israel", rule, { prompt = { "Asset determination %d: increase it?", level }, choices = options })
  if c.add == 0 then return level end
  log(rule, "Israel increased the asset determination by %d", c.add)
  -- The Hamas marker moves first: moving away from the Israeli one never ends the game.
  if c.hamas > 0 then move_diplomacy("hamas", -c.hamas, rule) end
  if c.israel > 0 then move_diplomacy("israel", -c.israel, rule) end
  return level + c.add
end

-- 6.0, ruling R8: `n` aircraft in total, in any mix of F-15s and Drones,
-- capped by the counters. The choice is the number of F-15s.
function allocate_aircraft(n, rule)
  local f = pieces.count("israeli_reserve", F15)
  local d = pieces.count("israeli_reserve", DRONE)
  local total = math.min(n, f + d)
  local most, least = math.min(f, total), math.max(0, total - d)
  local f15 = most
  if most > least then
    local options = {}
    for k = most, least, -1 do
      options[#options + 1] = { number = k, text = { "%d F-15 and %d Drone", k, total - k } }
    end
    f15 = ask("israel", rule, { prompt = { "%d aircraft: how many F-15s?", total }, choices = options }).number
  end
  local drones = total - f15
  local list = pieces.at("israeli_reserve", F15)
  for k = 1, f15 do pieces.move(list[k], "israeli_available", rule) end
  list = pieces.at("israeli_reserve", DRONE)
  for k = 1, drones do pieces.move(list[k], "israeli_available", rule) end
  log(rule, "Israel has %d F-15 and %d Drone available", f15, drones)
end

-- 6.1 ISRAELI MILITARY ASSET ALLOCATION ---------------------------------------

-- Where an Iron Dome may go: one to an area; at set-up a black or green
-- area (10.2, map attribute iron_dome_setup), later any Israeli area: blue,
-- black or green (6.1, ruling A1). DOME_AREAS lists them at load.
function place_iron_domes(n, rule, setup)
  local count = math.min(n, pieces.count("israeli_reserve", IRON_DOME))
  local candidates = setup and DOME_AREAS.setup or DOME_AREAS.later
  for k = 1, count do
    local areas = pieces.vacant(candidates, IRON_DOME)
    if #areas == 0 then return end
    local a = ask("israel", rule, { prompt = { "Place Iron Dome %d of %d", k, count }, locations = areas,
                                    options = { "Place no more Iron Domes" } })
    if a == "Place no more Iron Domes" then return end
    pieces.move(pieces.top("israeli_reserve", IRON_DOME), a, rule)
  end
end

-- 6.1, 10.2: the Naval Support unit goes to a sea area beside Gaza.
function naval_areas()
  return NAVAL_AREAS
end

function place_naval(rule)
  local unit = pieces.top("israeli_reserve", NAVAL)
  if not unit then return end
  pieces.move(unit, ask("israel", rule, { prompt = "Place the Naval Support unit", locations = naval_areas() }), rule)
end

function asset_phase()
  if game.turn() == 1 then
    log("10.0", "Turn 1 has no Asset Determination Phase: the set-up assets are in place")
    return
  end
  local dr = roll("d10", "6.0", "Israeli assets")
  local level = dr + diplomacy_number("israel")
  log("6.0", "Israeli asset determination %d (DR %d + Israeli Diplomacy space %d)", level, dr, diplomacy_number("israel"))
  level = increase_assets(level, "6.0")
  track.set("asset_level", level, "6.0")
  allocate_aircraft(level, "6.0")
  place_iron_domes(level, "6.1", false)
  place_naval("6.1")
end

-- 10.0 GAME SET UP ---------------------------------------------------------------

function setup()
  -- 10.1: 16 launchers at random, deployed as in 5.1, all normal.
  draw_launchers(tables.launchers.setup_draw, "10.1")
  deploy_launchers("10.1")
  -- 10.2: 8 F-15 and 8 Drones; 8 Iron Domes in black or green areas; the
  -- Naval Support unit; the Commando waits for Fists of Iron (4.1).
  for _, t in ipairs({ "f15", "drone" }) do
    local list = pieces.at("israeli_reserve", { type = t })
    for k = 1, tables.assets["turn1_" .. t] do pieces.move(list[k], "israeli_available", "10.2") end
  end
  place_iron_domes(tables.assets.turn1_iron_dome, "10.2", true)
  place_naval("10.2")
  track.set("asset_level", tables.assets.turn1_f15 + tables.assets.turn1_drone, "10.2")
end
