-- A Reign of Missiles: 7.0 the Operational Phase (7.1 attacks on Hamas
-- targets, 7.2 rocket launches, flights, Iron Dome and strikes), 8.0 the End
-- Phase and 9.1 the Commando. Helpers (areas_of, move_diplomacy, award_mvp,
-- spend_event ...) are in rom.lua.

-- Filters passed to the kernel, compiled once (LAUNCHER, IRON_DOME, NAVAL,
-- F15, DRONE and COMMANDO are in rom.lua).
local ROCKET = pieces.filter { kind = "rocket" }
local SUPPRESSED_LAUNCHER = pieces.filter { has = "launcher", marked = "suppressed" }
local STRIKE_MVP = { none = tables.strike_mvp.none, black_dot = tables.strike_mvp.black_dot,
                     red_dot = tables.strike_mvp.red_dot }

-- 7.1 ATTACKS ON HAMAS TARGETS ------------------------------------------------

-- A launcher's combat factor: printed, less 1 when suppressed (7.1.1).
function launcher_cf(p)
  return pieces.value(p, "cf") - (pieces.marked(p, "suppressed") and 1 or 0)
end

-- How a launcher reads in choices and the log, as a text (a %t value):
-- "Qassam launcher 12 in North Gaza (CF 3)"; the piece's number tells alike
-- launchers apart. The Combat Round words every launcher at each of its
-- decisions: so the mark is read once (the CF is launcher_cf's), and its
-- "Attack " (`lead`) joins the format rather than wrap the label in a text.
local LABEL_FORMATS = { [""] = "%P %d in %L (CF %d%s)", ["Attack "] = "Attack %P %d in %L (CF %d%s)" }
function launcher_label(p, area, lead)
  local suppressed = pieces.marked(p, "suppressed")
  return { LABEL_FORMATS[lead or ""], p, p, area or pieces.location(p), pieces.value(p, "cf") - (suppressed and 1 or 0),
           suppressed and ", suppressed" or "" }
end

-- A centre: "Leadership target in Gaza City", "Supply depot in Khan Yunis".
local CENTRE_NAMES = { leadership = "Leadership target", supply = "Supply depot" }
function centre_label(area)
  return { "%s in %L", CENTRE_NAMES[target_of(area)], area }
end

-- Ruling R10: air and naval attacks hit each centre at most once a turn.
function centre_attacked(area)
  local done = vars.centres_attacked or {}
  return done[area] == true
end

local function note_centre_attacked(area)
  local done = vars.centres_attacked or {}
  done[area] = true
  vars.centres_attacked = done
end

-- The Naval Support unit on the map that has not attacked this turn and
-- whose sea area is beside `area` (6.1, ruling N1), or nil.
function naval_for(area)
  for _, s in ipairs(coast_seas(area)) do
    for _, p in ipairs(pieces.at(s, NAVAL)) do
      if not pieces.marked(p, "fired") then return p end
    end
  end
  return nil
end

-- The ways the player can attack a target in `area` now (7.1.1, 7.1.2):
-- the launcher `launcher`, or the area's centre when it is nil.
function attack_options(area, launcher)
  local f15 = pieces.at("israeli_available", F15)[1]
  local drone = pieces.at("israeli_available", DRONE)[1]
  local naval = naval_for(area)
  local out = {}
  local function way(kind, text, units)
    -- The choice names its target too: two attacks on different targets
    -- are different decisions (and different positions).
    out[#out + 1] = { option = kind, piece = launcher, location = not launcher and area or nil, text = text,
                      kind = kind, units = units }
  end
  if f15 then way("f15", "F-15", { f15 }) end
  if drone then way("drone", "Drone", { drone }) end
  if f15 and drone then way("combined", "F-15 and Drone together", { f15, drone }) end
  if naval then way("naval", "Naval Support", { naval }) end
  return out
end

-- 7.1.1, 7.1.2: after its attack a unit is set aside for the turn.
local function set_aside(attack, rule)
  for _, u in ipairs(attack.units) do
    if attack.kind == "naval" then pieces.mark(u, "fired", rule) else pieces.move(u, "israeli_used", rule) end
  end
end

-- The modifiers shared by air and naval attacks: -1 F-15 and Drone
-- together, +2 at night, +1 SAM missiles (4.2; F-15 and Drone strikes only).
local function air_modifier(attack, rule)
  local m = 0
  if attack.kind == "combined" then m = m - 1 end
  if is_night() then m = m + 2 end
  if attack.kind ~= "naval" and spend_event("sam", rule) then m = m + 1 end
  return m
end

-- The civilian casualties D6 of every attack (7.1.1, 7.1.2, 9.1).
function civilian_casualties(d6, rule)
  if d6 <= 2 then
    log(rule, "Civilian casualties D6 %d: no result", d6)
    return
  end
  log(rule, "Civilian casualties D6 %d", d6)
  if d6 == 6 then award_mvp("hamas", 1, rule) end
  move_diplomacy("israel", -1, rule)
end

-- 7.1.1, ruling R12: a failure by more than twice the CF costs Israel one
-- of three things, the player's choice.
local PENALTIES = {
  { text = "Move the Israeli Diplomacy marker 1 space left", side = "israel", spaces = -1 },
  { text = "Move the Hamas Diplomacy marker 1 space right", side = "hamas", spaces = 1 },
  { text = "Award Hamas 1 MVP", mvp = true },
}
function failed_attack_penalty(rule)
  local c = ask("israel", rule, { prompt = "The attack failed badly: choose the cost", choices = PENALTIES })
  if c.mvp then award_mvp("hamas", 1, rule) else move_diplomacy(c.side, c.spaces, rule) end
end

-- 7.1.1 ROCKET LAUNCHER ATTACKS
function attack_launcher(p, attack)
  local rule = "7.1.1"
  local mod = air_modifier(attack, rule)
  if pieces.value(p, "critical_hit") and is_event_active("critical_hit") then mod = mod - 1 end
  local label = launcher_label(p)
  local d10 = roll("d10", rule, "attack on %t", label)
  local d6 = roll("d6", rule, "civilian casualties")
  local dr = d10 + mod
  local cf = launcher_cf(p)
  set_aside(attack, rule)
  if dr <= 1 then
    -- Ruling R21: the modified DR decides; 0 or less is out of the game.
    if dr <= 0 then
      log(rule, "%s attacked %t: DR %d, destroyed and out of the game", attack.text, label, dr)
      pieces.move(p, "launchers_eliminated", rule)
    else
      log(rule, "%s attacked %t: DR %d, destroyed and returned to the container", attack.text, label, dr)
      pieces.move(p, "launcher_cup", rule)
    end
    award_mvp("israel", 1, rule)
  elseif dr <= cf then
    if pieces.marked(p, "suppressed") then
      log(rule, "%s attacked %t: DR %d, already suppressed, no further effect (ruling R11)", attack.text, label, dr)
    else
      log(rule, "%s attacked %t: DR %d, suppressed", attack.text, label, dr)
      pieces.mark(p, "suppressed", rule)
      pieces.set_face(p, "suppressed", rule)
    end
  else
    log(rule, "%s attacked %t: DR %d, failed", attack.text, label, dr)
    if dr > 2 * cf then failed_attack_penalty(rule) end
  end
  civilian_casualties(d6, rule)
end

-- 7.1.2 and 9.1: what a successful attack on a centre does. Khan Yunis
-- removes `launchers` launchers from the container and from the game.
local function centre_hit(area, launchers, rule)
  if target_of(area) == "leadership" then
    move_diplomacy("hamas", 1, rule)
  else
    for _ = 1, launchers do
      local p = cup.draw("launcher_cup", "launchers_eliminated", rule)
      if p then log(rule, "A %P was removed from the game", p) end
    end
  end
end

-- 7.1.2 SUPPLY DEPOT AND LEADERSHIP ATTACKS
function attack_centre(area, attack)
  local rule = "7.1.2"
  note_centre_attacked(area)
  local mod = air_modifier(attack, rule)
  if spend_event("intelligence", rule) then mod = mod - 1 end
  local label = centre_label(area)
  local d10 = roll("d10", rule, "attack on %t", label)
  local d6 = roll("d6", rule, "civilian casualties")
  local dr = d10 + mod
  set_aside(attack, rule)
  if dr <= 3 then
    log(rule, "%s attacked the %t: DR %d, success", attack.text, label, dr)
    award_mvp("israel", 1, rule)
    centre_hit(area, 1, rule)
  else
    log(rule, "%s attacked the %t: DR %d, failed", attack.text, label, dr)
  end
  civilian_casualties(d6, rule)
end

-- 9.1 ISRAELI COMMANDOS
function commando_ready()
  return pieces.count("israeli_available", COMMANDO) > 0
end

-- One commando attack on a launcher piece or a centre area.
function commando_attack(target, area)
  local rule = "9.1"
  local mod = 0
  if is_night() then mod = mod - 1 end
  if spend_event("sam", rule) then mod = mod + 1 end
  local is_centre = target == area
  if is_centre and spend_event("intelligence", rule) then mod = mod - 1 end
  -- 4.1 Critical hit: -1 to any attack on a Grad or Qassam launcher.
  if not is_centre and pieces.value(target, "critical_hit") and is_event_active("critical_hit") then mod = mod - 1 end
  local label = is_centre and centre_label(area) or launcher_label(target, area)
  local d10 = roll("d10", rule, "commando attack on %t", label)
  local d6 = roll("d6", rule, "civilian casualties")
  local dr = d10 + mod
  if dr <= 3 then
    log(rule, "The Commando attacked the %t: DR %d, success", label, dr)
    award_mvp("israel", 1, rule)
    if is_centre then centre_hit(area, 2, rule) else pieces.move(target, "launchers_eliminated", rule) end
  elseif dr <= 8 then
    log(rule, "The Commando attacked the %t: DR %d, failed", label, dr)
    award_mvp("hamas", 1, rule)
  else
    log(rule, "The Commando attacked the %t: DR %d, a disaster", label, dr)
    award_mvp("hamas", 2, rule)
    move_diplomacy("israel", -1, rule)
  end
  civilian_casualties(d6, rule)
end

-- The targets in a Gaza area: its launchers and its centre, as choices.
local function targets_in(area, except)
  local out = {}
  for _, p in ipairs(pieces.at(area, LAUNCHER)) do
    if p ~= except then out[#out + 1] = { piece = p, text = { "%t", launcher_label(p, area) } } end
  end
  if target_of(area) and except ~= area then
    out[#out + 1] = { location = area, text = { "%t", centre_label(area) } }
  end
  return out
end

-- The Gaza areas that hold a target for the Commando: a launcher or a centre.
function commando_areas()
  local out = {}
  for _, a in ipairs(areas_of("gaza")) do
    if target_of(a) or pieces.count(a, LAUNCHER) > 0 then out[#out + 1] = a end
  end
  return out
end

-- 9.1, ruling R17: once a game, one Gaza area, up to two different targets.
-- Ruling C1: only areas holding a target are offered, and the raid is spent
-- by its first attack: backing out before it keeps the Commando available.
function commando_raid()
  local rule = "9.1"
  local area = ask("israel", rule, { prompt = "Commando raid: choose a Gaza area", locations = commando_areas(),
                                     options = { "Cancel" } })
  if area == "Cancel" then return end
  local commando = pieces.at("israeli_available", COMMANDO)[1]
  local first
  for n = 1, 2 do
    local targets = targets_in(area, first)
    if #targets == 0 then break end
    targets[#targets + 1] = n == 1 and "Cancel the raid (the Commando stays available)" or "No second target"
    local c = ask("israel", rule, { prompt = { "Commando target %d of 2 in %L", n, area }, choices = targets })
    if type(c) == "string" then break end
    local target = c.piece or c.location
    if n == 1 then pieces.move(commando, area, rule) end
    first = target
    commando_attack(target, area)
  end
  if first then pieces.move(commando, "commando_used", rule) end
end

-- The Combat Round: the player attacks targets one at a time until he ends it.
function combat_round()
  local gaza = areas_of("gaza")
  while true do
    local options = {}
    -- Aircraft can attack anywhere; Naval Support only beside its sea area.
    local air = pieces.count("israeli_available", F15) > 0 or pieces.count("israeli_available", DRONE) > 0
    for _, area in ipairs(gaza) do
      if air or naval_for(area) then
        for _, p in ipairs(pieces.at(area, LAUNCHER)) do
          options[#options + 1] = { piece = p, option = "attack", text = launcher_label(p, area, "Attack ") }
        end
        if target_of(area) and not centre_attacked(area) then
          options[#options + 1] = { location = area, option = "attack", text = { "Attack the %t", centre_label(area) } }
        end
      end
    end
    options[#options + 1] = { option = "orders", text = { "Interception orders (now: %s)", intercept_order_text() } }
    if commando_ready() and #commando_areas() > 0 then options[#options + 1] = { option = "commando", text = "Commando raid (9.1)" } end
    options[#options + 1] = { option = "end", text = "End the combat round" }
    local c = ask("israel", "7.1", { prompt = { "%s Impulse, Combat Round: choose a target", impulse_name() }, choices = options })
    if c.option == "end" then return end
    if c.option == "orders" then
      change_intercept_order()
    elseif c.option == "commando" then
      commando_raid()
    else
      local area = c.location or pieces.location(c.piece)
      local ways = attack_options(area, c.piece)
      ways[#ways + 1] = "Cancel"
      local w = ask("israel", c.piece and "7.1.1" or "7.1.2", { prompt = "Attack with", choices = ways })
      if w ~= "Cancel" then
        if c.piece then attack_launcher(c.piece, w) else attack_centre(area, w) end
      end
    end
  end
end

-- 7.2 HAMAS ROCKET LAUNCHES ------------------------------------------------------

-- Follows one arrow out of an area with the die printed on it (7.2: even
-- or odd of a D6, a D10 range, or the only way). Returns the area, or nil.
function follow_arrow(area, rule)
  local arrows = arrows_from(area)
  if #arrows == 0 then return nil end
  local die = arrows[1].c.die
  if die == "none" then return arrows[1].to end
  if die == "d6" then
    local r = roll("d6", rule, "rocket path from %L", area)
    local parity = r % 2 == 0 and "even" or "odd"
    for i = 1, #arrows do
      local a = arrows[i]
      if a.c.parity == parity then return a.to end
    end
  else
    local r = roll("d10", rule, "rocket path from %L", area)
    for i = 1, #arrows do
      local a = arrows[i]
      if r >= a.c.low and r <= a.c.high then return a.to end
    end
  end
  error("no arrow out of " .. area .. " matches the roll: check map.toml")
end

-- 7.2: each launcher fires its CF in rockets, one when suppressed; each
-- rocket sets up in a blue area by the arrows out of its Gaza area.
function launch_rockets(rule)
  for _, area in ipairs(areas_of("gaza")) do
    for _, l in ipairs(pieces.at(area, LAUNCHER)) do
      local n = pieces.marked(l, "suppressed") and 1 or pieces.value(l, "cf")
      local rocket = pieces.value(l, "rocket")
      log(rule, "%t launched %d rocket(s)", launcher_label(l, area), n)
      for _ = 1, n do pieces.create(rocket, follow_arrow(area, rule), rule) end
    end
  end
end

-- 7.2.1: whether a rocket has reached the end of its range in `area`.
-- first_black: any black area; black_terminal: a black area with no arrow
-- on to another black one; otherwise a green area at the end of the arrows
-- (the table is built at load: range_ends_in in rom.lua).
function at_range_limit(r, area)
  return range_ends_in(area, pieces.value(r, "range"))
end

-- 7.2.2 IRON DOME ATTACKS
-- The Iron Domes that may fire at a rocket in `area`: each one in the area
-- (+0) or joined to it by an arrow either way (+1), +1 when depleted. An
-- array of {dome =, area =, mod =}, in map order (empty when none). The
-- reach is the table built at load (dome_reach); the Iron Domes are read
-- from the kernel, every area of the reach in one call.
function iron_domes_in_reach(area)
  local reach = dome_reach(area)
  local list = {}
  for _, d in ipairs(pieces.at(reach.areas, IRON_DOME)) do
    local at = pieces.location(d)
    list[#list + 1] = { dome = d, area = at, mod = reach.reach[at] + (pieces.face(d) == "depleted" and 1 or 0) }
  end
  return list
end

-- 7.2.2 note, ruling I1: the defence is optional. Each time a rocket is in
-- an area an Iron Dome reaches, the player decides whether to intercept it
-- and with which Iron Dome (ruling I2: one shot per area entered), or gives
-- a standing order (ruling I3) that decides this rocket and the next ones.
-- Returns the chosen {dome, area, mod} or nil to let the rocket fly.
local LET_IT_FLY = "Let it fly"

-- Ruling I3: standing orders. vars.intercept_max_mod is the highest DR
-- modifier at which the best Iron Dome in reach fires by itself (0 or 1),
-- -1 to let every rocket fly, nil to ask each time. The player sets it at
-- an interception decision or from the Combat Round; each is a decision.
INTERCEPT_ORDERS = {
  { option = "order_0", text = "From now on: intercept with the best Iron Dome at DR +0, let the rest fly", max_mod = 0 },
  { option = "order_1", text = "From now on: intercept with the best Iron Dome at DR +1 or better, let the rest fly", max_mod = 1 },
  { option = "order_never", text = "From now on: let every rocket fly", max_mod = -1 },
}
local ASK_EACH_TIME = { option = "order_ask", text = "From now on: ask for every rocket", ask = true }

function intercept_order_text()
  local m = vars.intercept_max_mod
  if m == nil then return "ask for every rocket" end
  if m < 0 then return "let every rocket fly" end
  return string.format("intercept at DR +%d or better", m)
end

-- Sets the standing order of choice `c` (an INTERCEPT_ORDERS entry or ASK_EACH_TIME).
local function set_intercept_order(c)
  if c.ask then vars.intercept_max_mod = nil else vars.intercept_max_mod = c.max_mod end
  log("7.2.2", "Israel's standing interception order: %s", intercept_order_text())
end

-- The Combat Round's way to change the standing order.
function change_intercept_order()
  local choices = { ASK_EACH_TIME }
  for _, o in ipairs(INTERCEPT_ORDERS) do choices[#choices + 1] = o end
  set_intercept_order(ask("israel", "7.2.2", { prompt = { "Standing interception orders (now: %s)", intercept_order_text() },
                                              choices = choices }))
end

-- What the standing order decides for these candidates: the best one (the
-- lowest modifier, first in map order) when it is within the order.
local function order_pick(candidates)
  local m = vars.intercept_max_mod
  local best
  for i = 1, #candidates do
    if not best or candidates[i].mod < best.mod then best = candidates[i] end
  end
  if best and best.mod <= m then return best end
  return nil
end

function ask_interception(r, area, candidates)
  if vars.intercept_max_mod ~= nil then return order_pick(candidates) end
  local choices = {}
  for _, c in ipairs(candidates) do
    -- 7.2.2: a modified d10 (0-9) of 1 or less shoots the rocket down.
    choices[#choices + 1] = { piece = c.dome, text = { "Intercept with the Iron Dome in %L (DR +%d)", c.area, c.mod },
                              note = { "hits on a d10 of %d or less: %d in 10", 1 - c.mod, math.max(0, 2 - c.mod) },
                              area = c.area, mod = c.mod }
  end
  for _, o in ipairs(INTERCEPT_ORDERS) do choices[#choices + 1] = o end
  choices[#choices + 1] = LET_IT_FLY
  local c = ask("israel", "7.2.2", { prompt = { "%P in %L: intercept it?", r, area }, choices = choices })
  if c == LET_IT_FLY then return nil end
  if c.max_mod then
    set_intercept_order(c)
    return order_pick(candidates)
  end
  return { dome = c.piece, area = c.area, mod = c.mod }
end

-- 7.2.2: an Iron Dome that rolls 9+ is depleted, or if already depleted
-- leaves for the rest of the turn; Iron Dome urgency (4.1) ignores the first.
function deplete_iron_dome(d, rule)
  local area = pieces.location(d)
  if spend_event("urgency", rule) then
    log(rule, "Iron Dome urgency: the Iron Dome in %L was not depleted", area)
  elseif pieces.face(d) == "full" then
    log(rule, "The Iron Dome in %L was depleted", area)
    pieces.set_face(d, "depleted", rule)
  else
    log(rule, "The depleted Iron Dome in %L was removed for the rest of the turn", area)
    pieces.move(d, "israeli_used", rule)
  end
end

-- The interception of rocket `r` in `area` by the Iron Dome `d` with DR
-- modifier `mod`. Returns true when the rocket was shot down.
function intercept(r, area, d, mod)
  local rule = "7.2.2"
  local dr = roll("d10", rule, "Iron Dome against the %P in %L", r, area) + mod
  if dr <= 1 then
    log(rule, "Iron Dome in %L shot down the %P in %L (DR %d)", pieces.location(d), r, area, dr)
    pieces.move(r, nil, rule)
    return true
  end
  log(rule, "Iron Dome in %L missed the %P (DR %d)", pieces.location(d), r, dr)
  if dr >= 9 then deplete_iron_dome(d, rule) end
  return false
end

-- 7.2.2 for a rocket in `area`: when an Iron Dome reaches it, the player
-- decides. Returns true when the rocket was shot down.
function iron_dome_defence(r, area)
  local candidates = iron_domes_in_reach(area)
  if #candidates == 0 then return false end
  local c = ask_interception(r, area, candidates)
  if not c then
    log("7.2.2", "Israel let the %P in %L fly on", r, area)
    return false
  end
  if vars.intercept_max_mod ~= nil then
    log("7.2.2", "By standing order the Iron Dome in %L fires at the %P in %L (DR +%d)", c.area, r, area, c.mod)
  end
  return intercept(r, area, c.dome, c.mod)
end

-- 7.2.3 ROCKET ATTACKS
function rocket_strike(r, area)
  local rule = "7.2.3"
  local mod = 0
  for _, d in ipairs(pieces.at(area, IRON_DOME)) do
    if pieces.face(d) == "full" then mod = 1 end
  end
  if spend_event("insh_allah", rule) then mod = mod - 1 end
  local dr = roll("d10", rule, "%P strike in %L", r, area) + mod
  local city = city_of(area) or "none"
  if dr <= 1 then
    log(rule, "The %P struck %L: severe damage (DR %d)", r, area, dr)
    pieces.move(r, nil, rule)
    award_mvp("hamas", STRIKE_MVP[city], rule)
    if dr == 1 then move_diplomacy("hamas", 1, rule) end
  elseif dr == 2 then
    log(rule, "The %P struck %L: slight damage (DR %d)", r, area, dr)
    pieces.move(r, nil, rule)
    if city == "red_dot" then
      -- Ruling R14: no second roll; both effects.
      award_mvp("hamas", 1, rule)
      move_diplomacy("israel", -1, rule)
    elseif roll("d10", rule, "slight damage") % 2 == 1 then
      award_mvp("hamas", 1, rule)
    else
      move_diplomacy("israel", -1, rule)
    end
  else
    log(rule, "The %P in %L hit nothing of value (DR %d)", r, area, dr)
    pieces.move(r, nil, rule)
  end
end

-- 7.2.1 HAMAS ROCKET MOVEMENT AND RANGE: flies one rocket from where it is
-- until it falls into the sea, is shot down or strikes. Returns "sea",
-- "shot down" or "strike". In each area an Iron Dome reaches, the player
-- decides whether to intercept (7.2.2): so a rocket with an Iron Dome in
-- reach can only be flown from a step of the sequence (not from g:run).
function fly_rocket(r)
  local area = pieces.location(r)
  local range = pieces.value(r, "range")
  while true do
    if colour_of(area) == "sea" then
      log("7.2.1", "The %P crashed harmlessly into the %L", r, area)
      pieces.move(r, nil, "7.2.1")
      return "sea"
    end
    if iron_dome_defence(r, area) then return "shot down" end
    if range_ends_in(area, range) then
      rocket_strike(r, area)
      return "strike"
    end
    local to = follow_arrow(area, "7.2.1")
    if not to then
      rocket_strike(r, area)
      return "strike"
    end
    pieces.move(r, to, "7.2.1")
    area = to
  end
end

-- The Missile Flight and Strike Round: launch, then fly every rocket, blue
-- area by blue area, until none is left (7.2.3, last paragraph).
function flight_round()
  launch_rockets("7.2")
  -- 7.2.1: those launched into the sea (ruling M1) come down there at once.
  for _, area in ipairs(areas_of("sea")) do
    for _, r in ipairs(pieces.at(area, ROCKET)) do fly_rocket(r) end
  end
  for _, area in ipairs(areas_of("blue")) do
    for _, r in ipairs(pieces.at(area, ROCKET)) do fly_rocket(r) end
  end
end

-- 8.0 END PHASE ----------------------------------------------------------------

function end_phase()
  local rule = "8.0"
  -- 1. One Israeli MVP for every two suppressed launchers on the map.
  local suppressed = 0
  for _, a in ipairs(areas_of("gaza")) do
    suppressed = suppressed + pieces.count(a, SUPPRESSED_LAUNCHER)
  end
  log(rule, "%d suppressed launcher(s) on the map", suppressed)
  award_mvp("israel", suppressed // 2, rule)
  -- 2. Unit removal (ruling R15): markers off, launchers back into the
  -- container at full strength, Israeli units back to the reserve; a
  -- Commando not yet used stays available (ruling R4).
  for _, m in ipairs(pieces.at("events_in_play")) do
    pieces.set_counter(m, "uses", 0)
    pieces.move(m, "event_markers", rule)
  end
  -- Every area in one call: what leaves goes off the map, not to an area still to come.
  for _, p in ipairs(pieces.at(all_areas())) do
    if pieces.value(p, "launcher") then
      pieces.unmark(p, "suppressed", rule)
      pieces.set_face(p, "normal", rule)
      pieces.move(p, "launcher_cup", rule)
    elseif pieces.owner(p) == "israel" then
      pieces.unmark(p, "fired", rule)
      if pieces.value(p, "asset") == "iron_dome" then pieces.set_face(p, "full", rule) end
      pieces.move(p, "israeli_reserve", rule)
    end
  end
  for _, box in ipairs({ "israeli_available", "israeli_used" }) do
    for _, p in ipairs(pieces.at(box)) do
      if pieces.value(p, "asset") ~= "commando" then
        if pieces.value(p, "asset") == "iron_dome" then pieces.set_face(p, "full", rule) end
        pieces.move(p, "israeli_reserve", rule)
      end
    end
  end
  vars.centres_attacked = nil
  -- 3. The turn marker goes back to the Random Events space: the kernel
  -- starts the next turn.
  log(rule, "Turn %d ended: Israel %d MVP, Hamas %d MVP", game.turn(), track.get("israel_mvp"), track.get("hamas_mvp"))
end
