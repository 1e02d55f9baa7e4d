-- A Reign of Missiles: 7.0 the Operational Phase (7.1 attacks on Hamas
-- targets, 7.2 rocket launches, flights, Iron Dome and strikes), 8.0 the End
-- Phase and 9.1 the Commando. Helpers (areas_of, move_diplomacy, award_mvp,
-- spend_event ...) are in rom.lua.

-- Filters passed to the kernel, built once.
local LAUNCHER = { has = "launcher" }
local F15, DRONE, COMMANDO = { type = "f15" }, { type = "drone" }, { type = "commando" }
local NAVAL, IRON_DOME, ROCKET = { type = "naval" }, { type = "iron_dome" }, { kind = "rocket" }
local SUPPRESSED_LAUNCHER = { has = "launcher", marked = "suppressed" }
local STRIKE_MVP = { none = tables.strike_mvp.none, black_dot = tables.strike_mvp.black_dot,
                     red_dot = tables.strike_mvp.red_dot }

-- 7.1 ATTACKS ON HAMAS TARGETS ------------------------------------------------

-- A launcher's combat factor: printed, less 1 when suppressed (7.1.1).
function launcher_cf(p)
  return pieces.value(p, "cf") - (pieces.marked(p, "suppressed") and 1 or 0)
end

-- The texts of a launcher: a pure function of the piece, its area and its
-- suppression (a launcher's id always names the same counter of
-- counters.toml). `cache`, a table of the calling step, keeps them for the
-- rest of that step (nothing outside the kernel's state outlives a step).
local function launcher_texts(p, area, cache)
  area = area or pieces.location(p)
  local suppressed = pieces.marked(p, "suppressed")
  local t = cache and cache[p]
  if t and t.area == area and t.suppressed == suppressed then return t end
  local label = string.format("%s %d in %s (CF %d%s)", pieces.name(p), p, area_title(area),
                              pieces.value(p, "cf") - (suppressed and 1 or 0), suppressed and ", suppressed" or "")
  t = { label = label, attack = "Attack " .. label, area = area, suppressed = suppressed }
  if cache then cache[p] = t end
  return t
end

function launcher_label(p, area)
  return launcher_texts(p, area).label
end

local CENTRE_NAMES = { leadership = "Leadership target", supply = "Supply depot" }
function centre_label(area)
  return string.format("%s in %s", CENTRE_NAMES[target_of(area)], area_title(area))
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

-- The ways the player can attack a target in `area` now (7.1.1, 7.1.2).
function attack_options(area)
  local f15 = pieces.at("israeli_available", F15)[1]
  local drone = pieces.at("israeli_available", DRONE)[1]
  local naval = naval_for(area)
  local out = {}
  if f15 then out[#out + 1] = { text = "F-15", kind = "f15", units = { f15 } } end
  if drone then out[#out + 1] = { text = "Drone", kind = "drone", units = { drone } } end
  if f15 and drone then
    out[#out + 1] = { text = "F-15 and Drone together", kind = "combined", units = { f15, drone } }
  end
  if naval then out[#out + 1] = { text = "Naval Support", kind = "naval", units = { naval } } end
  return out
end

-- 7.1.1, 7.1.2: after its attack a unit is set aside for the turn.
local function set_aside(attack, rule)
  for _, u in ipairs(attack.units) do
    if attack.kind == "naval" then pieces.mark(u, "fired") else move(u, "israeli_used", rule) end
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
  local c = ask("israel", { prompt = "The attack failed badly: choose the cost", choices = PENALTIES, rule = rule })
  if c.mvp then award_mvp("hamas", 1, rule) else move_diplomacy(c.side, c.spaces, rule) end
end

-- 7.1.1 ROCKET LAUNCHER ATTACKS
function attack_launcher(p, attack)
  local rule = "7.1.1"
  local mod = air_modifier(attack, rule)
  if pieces.value(p, "critical_hit") and is_event_active("critical_hit") then mod = mod - 1 end
  local label = launcher_label(p)
  local d10 = roll("d10", rule, game.recording() and "attack on " .. label or nil)
  local d6 = roll("d6", rule, "civilian casualties")
  local dr = d10 + mod
  local cf = launcher_cf(p)
  set_aside(attack, rule)
  if dr <= 1 then
    -- Ruling R21: the modified DR decides; 0 or less is out of the game.
    if dr <= 0 then
      move(p, "launchers_eliminated", rule)
      log(rule, "%s attacked %s: DR %d, destroyed and out of the game", attack.text, label, dr)
    else
      move(p, "launcher_cup", rule)
      log(rule, "%s attacked %s: DR %d, destroyed and returned to the container", attack.text, label, dr)
    end
    award_mvp("israel", 1, rule)
  elseif dr <= cf then
    if pieces.marked(p, "suppressed") then
      log(rule, "%s attacked %s: DR %d, already suppressed, no further effect (ruling R11)", attack.text, label, dr)
    else
      pieces.mark(p, "suppressed")
      pieces.flip(p, 1)
      log(rule, "%s attacked %s: DR %d, suppressed", attack.text, label, dr)
    end
  else
    log(rule, "%s attacked %s: DR %d, failed", attack.text, label, dr)
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
      local p = draw("launcher_cup", "launchers_eliminated", rule)
      if p then log(rule, "A %s was removed from the game", pieces.name(p)) end
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
  local d10 = roll("d10", rule, game.recording() and "attack on " .. label or nil)
  local d6 = roll("d6", rule, "civilian casualties")
  local dr = d10 + mod
  set_aside(attack, rule)
  if dr <= 3 then
    log(rule, "%s attacked the %s: DR %d, success", attack.text, label, dr)
    award_mvp("israel", 1, rule)
    centre_hit(area, 1, rule)
  else
    log(rule, "%s attacked the %s: DR %d, failed", attack.text, label, dr)
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
  local label = is_centre and centre_label(area) or launcher_label(target)
  local d10 = roll("d10", rule, "commando attack on " .. label)
  local d6 = roll("d6", rule, "civilian casualties")
  local dr = d10 + mod
  if dr <= 3 then
    log(rule, "The Commando attacked the %s: DR %d, success", label, dr)
    award_mvp("israel", 1, rule)
    if is_centre then centre_hit(area, 2, rule) else move(target, "launchers_eliminated", rule) end
  elseif dr <= 8 then
    log(rule, "The Commando attacked the %s: DR %d, failed", label, dr)
    award_mvp("hamas", 1, rule)
  else
    log(rule, "The Commando attacked the %s: DR %d, a disaster", label, dr)
    award_mvp("hamas", 2, rule)
    move_diplomacy("israel", -1, rule)
  end
  civilian_casualties(d6, rule)
end

-- The targets in a Gaza area: its launchers and its centre.
local function targets_in(area, except)
  local out = {}
  for _, p in ipairs(pieces.at(area, LAUNCHER)) do
    if p ~= except then out[#out + 1] = { text = launcher_label(p), target = p } end
  end
  if target_of(area) and except ~= area then
    out[#out + 1] = { text = centre_label(area), target = area }
  end
  return out
end

-- 9.1, ruling R17: once a game, one Gaza area, up to two different targets.
function commando_raid()
  local rule = "9.1"
  local gaza, choices = areas_of("gaza"), {}
  for k, a in ipairs(gaza) do choices[k] = area_title(a) end
  choices[#choices + 1] = "Cancel"
  local _, i = ask("israel", { prompt = "Commando raid: choose a Gaza area", choices = choices, rule = rule })
  if i > #gaza then return end
  local area = gaza[i]
  local commando = pieces.at("israeli_available", COMMANDO)[1]
  move(commando, area, rule)
  local first
  for n = 1, 2 do
    local targets = targets_in(area, first)
    if #targets == 0 then break end
    targets[#targets + 1] = { text = n == 1 and "No attack" or "No second target" }
    local c = ask("israel", { prompt = string.format("Commando target %d of 2 in %s", n, area_title(area)),
                              choices = targets, rule = rule })
    if not c.target then break end
    first = c.target
    commando_attack(c.target, area)
  end
  move(commando, "commando_used", rule)
end

-- The Combat Round: the player attacks targets one at a time until he ends it.
function combat_round()
  local gaza = areas_of("gaza")
  local texts = {}  -- launcher_texts of this step
  while true do
    local options = {}
    -- Aircraft can attack anywhere; Naval Support only beside its sea area.
    local air = pieces.count("israeli_available", F15) > 0 or pieces.count("israeli_available", DRONE) > 0
    local done = vars.centres_attacked or {}
    for i = 1, #gaza do
      local area = gaza[i]
      if air or naval_for(area) then
        local launchers = pieces.at(area, LAUNCHER)
        for j = 1, #launchers do
          local p = launchers[j]
          options[#options + 1] = { text = launcher_texts(p, area, texts).attack, launcher = p, area = area }
        end
        if target_of(area) and not done[area] then
          options[#options + 1] = { text = "Attack the " .. centre_label(area), area = area }
        end
      end
    end
    if commando_ready() then options[#options + 1] = { text = "Commando raid (9.1)", commando = true } end
    options[#options + 1] = { text = "End the combat round", done = true }
    local c = ask("israel", { prompt = impulse_name() .. " Impulse, Combat Round: choose a target",
                              choices = options, rule = "7.1" })
    if c.done then return end
    if c.commando then
      commando_raid()
    else
      local ways = attack_options(c.area)
      ways[#ways + 1] = { text = "Cancel" }
      local w = ask("israel", { prompt = "Attack with", choices = ways, rule = c.launcher and "7.1.1" or "7.1.2" })
      if w.kind then
        if c.launcher then attack_launcher(c.launcher, w) else attack_centre(c.area, w) end
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
    local r = roll("d6", rule, game.recording() and "rocket path from " .. area_title(area) or nil)
    local parity = r % 2 == 0 and "even" or "odd"
    for i = 1, #arrows do
      local a = arrows[i]
      if a.c.parity == parity then return a.to end
    end
  else
    local r = roll("d10", rule, game.recording() and "rocket path from " .. area_title(area) or nil)
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
  local gaza = areas_of("gaza")
  for i = 1, #gaza do
    local area = gaza[i]
    local launchers = pieces.at(area, LAUNCHER)
    for j = 1, #launchers do
      local l = launchers[j]
      local n = pieces.marked(l, "suppressed") and 1 or pieces.value(l, "cf")
      for _ = 1, n do
        local r = pieces.create(pieces.value(l, "rocket"), area)
        move(r, follow_arrow(area, rule), rule)
      end
      if game.recording() then log(rule, "%s launched %d rocket(s)", launcher_label(l, area), n) end
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
-- from the kernel.
function iron_domes_in_reach(area)
  local list = {}
  local reach = dome_reach(area)
  for i = 1, #reach do
    local e = reach[i]
    local dome_list = pieces.at(e.area, IRON_DOME)
    for j = 1, #dome_list do
      local d = dome_list[j]
      list[#list + 1] = { dome = d, area = e.area, mod = e.reach + pieces.face(d) }
    end
  end
  return list
end

-- 7.2.2 note, ruling I1: the defence is optional. Each time a rocket is in
-- an area an Iron Dome reaches, the player decides whether to intercept it
-- and with which Iron Dome (ruling I2: one shot per area entered). Returns
-- the chosen {dome, area, mod} or nil to let the rocket fly.
local LET_IT_FLY = { text = "Let it fly" }
function ask_interception(r, area, candidates)
  local choices, seen = {}, {}
  for i = 1, #candidates do
    local c = candidates[i]
    c.text = string.format("Intercept with the Iron Dome in %s (DR +%d)", area_title(c.area), c.mod)
    -- Two Iron Domes alike in one area (not in play: one to an area, A1) are one choice.
    if not seen[c.text] then
      seen[c.text] = true
      choices[#choices + 1] = c
    end
  end
  choices[#choices + 1] = LET_IT_FLY
  local c = ask("israel", { prompt = string.format("%s in %s: intercept it?", pieces.name(r), area_title(area)),
                            choices = choices, rule = "7.2.2" })
  if c == LET_IT_FLY or not c.dome then return nil end
  return c
end

-- 7.2.2: an Iron Dome that rolls 9+ is depleted, or if already depleted
-- leaves for the rest of the turn; Iron Dome urgency (4.1) ignores the first.
function deplete_iron_dome(d, rule)
  local rec = game.recording()
  if spend_event("urgency", rule) then
    if rec then log(rule, "Iron Dome urgency: the Iron Dome in %s was not depleted", area_title(pieces.location(d))) end
  elseif pieces.face(d) == 0 then
    pieces.flip(d, 1)
    if rec then log(rule, "The Iron Dome in %s was depleted", area_title(pieces.location(d))) end
  else
    local area = pieces.location(d)
    if rec then log(rule, "The depleted Iron Dome in %s was removed for the rest of the turn", area_title(area)) end
    move(d, "israeli_used", rule)
  end
end

-- The interception of rocket `r` in `area` by the Iron Dome `d` with DR
-- modifier `mod`. Returns true when the rocket was shot down.
function intercept(r, area, d, mod)
  local rule = "7.2.2"
  local rec = game.recording()
  local dr = roll("d10", rule, rec and "Iron Dome against the " .. pieces.name(r) .. " in " .. area_title(area) or nil) + mod
  if dr <= 1 then
    if rec then
      log(rule, "Iron Dome in %s shot down the %s in %s (DR %d)", area_title(pieces.location(d)), pieces.name(r),
          area_title(area), dr)
    end
    move(r, nil, rule)
    return true
  end
  if rec then log(rule, "Iron Dome in %s missed the %s (DR %d)", area_title(pieces.location(d)), pieces.name(r), dr) end
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
    if game.recording() then log("7.2.2", "Israel let the %s in %s fly on", pieces.name(r), area_title(area)) end
    return false
  end
  return intercept(r, area, c.dome, c.mod)
end

-- 7.2.3 ROCKET ATTACKS
function rocket_strike(r, area)
  local rule = "7.2.3"
  local mod = 0
  local dome_list = pieces.at(area, IRON_DOME)
  for j = 1, #dome_list do
    local d = dome_list[j]
    if pieces.face(d) == 0 then mod = 1 end
  end
  if spend_event("insh_allah", rule) then mod = mod - 1 end
  local rec = game.recording()
  local name = rec and pieces.name(r) or ""
  local dr = roll("d10", rule, rec and name .. " strike in " .. area_title(area) or nil) + mod
  local city = city_of(area) or "none"
  move(r, nil, rule)
  if dr <= 1 then
    log(rule, "The %s struck %s: severe damage (DR %d)", name, area_title(area), dr)
    award_mvp("hamas", STRIKE_MVP[city], rule)
    if dr == 1 then move_diplomacy("hamas", 1, rule) end
  elseif dr == 2 then
    log(rule, "The %s struck %s: slight damage (DR %d)", name, area_title(area), dr)
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
    log(rule, "The %s in %s hit nothing of value (DR %d)", name, area_title(area), dr)
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
      if game.recording() then log("7.2.1", "The %s crashed harmlessly into the %s", pieces.name(r), area_title(area)) end
      move(r, nil, "7.2.1")
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
    move(r, to, "7.2.1")
    area = to
  end
end

-- The Missile Flight and Strike Round: launch, then fly every rocket, blue
-- area by blue area, until none is left (7.2.3, last paragraph).
function flight_round()
  launch_rockets("7.2")
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
    move(m, "event_markers", rule)
  end
  for _, a in ipairs(all_areas()) do
    for _, p in ipairs(pieces.at(a)) do
      if pieces.value(p, "launcher") then
        pieces.mark(p, "suppressed", false)
        pieces.flip(p, 0)
        move(p, "launcher_cup", rule)
      elseif pieces.owner(p) == "israel" then
        pieces.mark(p, "fired", false)
        pieces.flip(p, 0)
        move(p, "israeli_reserve", rule)
      end
    end
  end
  for _, box in ipairs({ "israeli_available", "israeli_used" }) do
    for _, p in ipairs(pieces.at(box)) do
      if pieces.value(p, "asset") ~= "commando" then
        pieces.flip(p, 0)
        move(p, "israeli_reserve", rule)
      end
    end
  end
  vars.centres_attacked = nil
  -- 3. The turn marker goes back to the Random Events space: the kernel
  -- starts the next turn.
  log(rule, "Turn %d ended: Israel %d MVP, Hamas %d MVP", game.turn(), track.get("israel_mvp"), track.get("hamas_mvp"))
end
