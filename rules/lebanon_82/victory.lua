-- Lebanon '82: the length of the game (18.0 International Pressure, 23.0
-- the 24-hour news cycle) and victory (19.0, 19.1, 24.0, 27.0).

local RULES = tables.rules
local BEIRUT = { "0518", "0519", "0618", "0619", "0718", "0719" }  -- 24.0 / 27.0: the city (ruling L16)

function is_beirut(hex)
  for _, b in ipairs(BEIRUT) do
    if b == hex then return true end
  end
  return false
end

-- 19.1 and 27.0 count who entered these hexes last.
function is_city_objective(hex) return is_beirut(hex) or hex == map.place("Sidon") end

-- The units of `side` in play on the map.
local function count_units(side) return #units_of(side) end

-- 18.0 (ruling Q3): the tally 30 - Israeli losses + Syrian losses, a
-- depletion 1 and an elimination 2 (ruling L12); the end turn is the lesser
-- of the tally and 30. 23.0: each elimination of either side, 1.
-- 19.1: an Israeli elimination is credited to the side that inflicted it.
function on_loss(unit, what, by)
  local side = pieces.owner(unit)
  local turns = what == "eliminated" and RULES.pressure_eliminate or RULES.pressure_deplete
  if vars.pressure == "international" and (side == "israel" or side == "syria") then
    local delta = side == "israel" and -turns or turns
    track.add("pressure_tally", delta, "18.0")
    local last = math.max(0, math.min(RULES.turn_cap, track.get("pressure_tally")))
    if last ~= track.get("end_turn") then track.set("end_turn", last, "18.0") end
  elseif vars.pressure == "news_cycle" and what == "eliminated" then
    track.add("end_turn", -RULES.news_eliminate, "23.0")
  end
  if side == "israel" and what == "eliminated" then
    if by == "plo" then track.add("plo_kills", 1, "19.1") end
    if by == "syria" then track.add("syrian_kills", 1, "19.1") end
  end
  check_victory()
end

-- Ruling L14 / 27.0: whether `side` was the last to enter `hex`.
local function last_in(hex, side) return (vars.last_entered or {})[hex] == side end

-- The victories that are judged at once (rulings L13, Q6), and the end of
-- a game whose last turn is already past (18.0, 23.0; ruling C2).
function check_victory()
  if game.phase() == nil then return end
  if vars.victory == "1982" or vars.victory == "three_players" then
    if count_units("syria") + count_units("plo") == 0 then
      game.finish("Israel wins: every Arab unit is eliminated (19.0)", "israel")
    end
  elseif vars.victory == "1976" then
    local all = true
    for _, hex in ipairs(BEIRUT) do all = all and last_in(hex, "syria") end
    all = all and last_in(map.place("Sidon"), "syria")
    if all then game.finish("Syria wins: it holds Beirut and Sidon (27.0)", "syria") end
    if count_units("plo") == 0 and count_units("syria") > 0 then
      game.finish("Syria wins: every PLO unit is eliminated (27.0)", "syria")
    end
  end
  if game.turn() > track.get("end_turn") then final_victory() end
end

-- 18.0, 23.0, ruling L15: at the end of a turn, the game ends when its last
-- turn is reached; in 2006 also once a side has no unit left (24.0).
function international_pressure_end()
  if vars.victory == "2006" and (count_units("israel") == 0 or count_units("plo") == 0) then
    log("24.0", "a side has no unit left: this was the last game turn")
    final_victory()
  end
  if game.turn() >= track.get("end_turn") then final_victory() end
end

-- 19.1 (rulings L14, Q4): the three-player game when Israel has not won.
local function three_player_result()
  local held, free = 0, 0
  for _, hex in ipairs(BEIRUT) do
    local israeli = pieces.count(hex, { owner = "israel", kind = "unit" }) > 0
    if not israeli then free = free + 1 end
    if not israeli and not last_in(hex, "israel") then held = held + 1 end
  end
  local sams = #sam_sites()
  log("19.1", "the PLO holds %d Beirut hexes, %d are free of Israelis, %d SAM sites are active", held, free, sams)
  if held > sams then return "The PLO wins: it holds more Beirut hexes than SAM sites remain (19.1)", "plo" end
  if sams > free then return "Syria wins: more SAM sites remain than Beirut hexes are free (19.1)", "syria" end
  local p, s = track.get("plo_kills"), track.get("syrian_kills")
  if p > s then return "The PLO wins on Israeli eliminations (19.1)", "plo" end
  return "Syria wins on Israeli eliminations or the final tie-break (19.1)", "syria"
end

-- 24.0 (rulings L16, L17): the modifiers of Israel's and the PLO's victory rolls.
local function modifiers_2006()
  local israel, plo = 0, 0
  for _, u in ipairs(units_of("israel")) do
    local hex = pieces.location(u)
    -- Ruling L16: a town is a named Lebanese hex outside Beirut.
    if region(hex) == "L" and game.title(hex) ~= hex and not is_beirut(hex) then israel = israel + 1 end
    if combat.steps(u) == 1 then plo = plo + RULES.plo_vp_depleted end
  end
  israel = israel + pieces.count("plo_eliminated")
  plo = plo + RULES.plo_vp_eliminated * pieces.count("israeli_eliminated")
  return israel, plo
end

-- 24.0 (rulings L16, L17, Q5): each side rolls a die with its modifiers;
-- a tie is rolled again.
local function roll_2006()
  local israel, plo = modifiers_2006()
  log("24.0", "modifiers: Israel +%d, PLO +%d", israel, plo)
  while true do
    local a = roll("d6", "24.0", "Israeli victory roll") + israel
    local b = roll("d6", "24.0", "PLO victory roll") + plo
    log("24.0", "Israel %d, PLO %d", a, b)
    if a > b then return "Israel wins the victory roll (24.0)", "israel" end
    if b > a then return "The PLO wins the victory roll (24.0)", "plo" end
    log("24.0", "a tie: both roll again")
  end
end

-- 19.0, 19.1, 24.0, 27.0: the end of the game.
function final_victory()
  local v = vars.victory
  if v == "2006" then game.finish(roll_2006()) end
  if v == "1976" then game.finish("The PLO wins: Syria took neither Beirut and Sidon nor every PLO unit (27.0)", "plo") end
  if v == "three_players" then game.finish(three_player_result()) end
  -- Two players: the Arab player plays Syria and the PLO; the win is the Syrian side's.
  game.finish("The Arabs win: Arab units survive the last turn (19.0)", "syria")
end

-- For the search bot (docs/bots.md): each scenario's victory as it stands
-- now, as a chance for each side; at the end the winner decides (nil).
local ELIMINATED = { israel = "israeli_eliminated", syria = "syrian_eliminated", plo = "plo_eliminated" }

-- Of the units of `sides` in play or eliminated, the share eliminated.
local function share_lost(sides)
  local lost, alive = 0, 0
  for _, side in ipairs(sides) do
    lost = lost + pieces.count(ELIMINATED[side], { kind = "unit" })
    alive = alive + count_units(side)
  end
  if lost + alive == 0 then return 0 end
  return lost / (lost + alive)
end

-- 24.0: the chance that Israel's roll beats the PLO's (a tie rolled again).
local function roll_chance(israel, plo)
  local win, lose = 0, 0
  for a = 1, 6 do
    for b = 1, 6 do
      if a + israel > b + plo then win = win + 1 elseif a + israel < b + plo then lose = lose + 1 end
    end
  end
  if win + lose == 0 then return 0.5 end
  return win / (win + lose)
end

-- 27.0: the share of Beirut's hexes and Sidon Syria entered last.
local function syrian_objectives()
  local held = last_in(map.place("Sidon"), "syria") and 1 or 0
  for _, hex in ipairs(BEIRUT) do held = held + (last_in(hex, "syria") and 1 or 0) end
  return held / (#BEIRUT + 1)
end

-- Not rules: where a side that must attack heads for, for the search's
-- sense of direction (random playouts of a few turns seldom reach the
-- enemy, so without it every first move looks alike). In 1976 Syria heads
-- for the objectives it has not entered last (27.0); in 1982 (both games)
-- Israel for the Arab units (19.0). Other sides and scenarios have none.
local function goals(side)
  local out = {}
  if vars.victory == "1976" and side == "syria" then
    for _, hex in ipairs(BEIRUT) do
      if not last_in(hex, "syria") then out[#out + 1] = hex end
    end
    local sidon = map.place("Sidon")
    if not last_in(sidon, "syria") then out[#out + 1] = sidon end
  elseif (vars.victory == "1982" or vars.victory == "three_players") and side == "israel" then
    for _, u in ipairs(enemy_units("israel")) do out[#out + 1] = pieces.location(u) end
  end
  return out
end

-- Hexes from `hex` to the nearest of `targets`, at most APPROACH.
local APPROACH = 20
local function distance_to(hex, targets)
  local near = map.nearest(hex, targets)
  return near and math.min(near, APPROACH) or APPROACH
end

-- How near `side`'s units stand to its goals: 1 on one, 0 at APPROACH
-- hexes or more (the mean over its units).
local function approach(side)
  local targets, units = goals(side), units_of(side)
  if #targets == 0 or #units == 0 then return 0 end
  local sum = 0
  for _, u in ipairs(units) do sum = sum + 1 - distance_to(pieces.location(u), targets) / APPROACH end
  return sum / #units
end

function bot_eval(side, result)
  if result then return nil end
  local v = vars.victory
  if v == "2006" then
    local israel = roll_chance(modifiers_2006())
    if side == "israel" then return israel end
    return side == "plo" and 1 - israel or 0.5
  end
  if v == "1976" then
    -- 27.0: Syria needs Beirut and Sidon, or every PLO unit eliminated.
    local syria = 0.45 * syrian_objectives() + 0.45 * share_lost({ "plo" }) + 0.1 * approach("syria")
    if side == "syria" then return syria end
    return side == "plo" and 1 - syria or 0.5
  end
  -- 19.0, 19.1: Israel needs every Arab unit eliminated before the last
  -- turn, which its own losses bring nearer (18.0); the Arabs that it fails.
  local time = track.get("end_turn") / RULES.turn_cap
  local israel = 0.65 * share_lost({ "syria", "plo" }) + 0.25 * time + 0.1 * approach("israel")
  if side == "israel" then return israel end
  return 1 - israel
end

-- For the search bot: where a side with goals moves or sets up a unit,
-- the ORDERED destinations nearest a goal, nearest first; the others stay
-- out of its tree (retreats are left alone: 7.7 chooses them by other
-- rules).
local ORDERED = 3
local HEXES = {}
for _, hex in ipairs(map.hexes()) do HEXES[hex] = true end
function bot_order(side, decision)
  if decision.rule == "7.7" then return nil end
  local targets = goals(side)
  if #targets == 0 then return nil end
  local ranked = {}
  for i, c in ipairs(decision.choices) do
    if not HEXES[c] then return nil end
    ranked[i] = { i = i, d = distance_to(c, targets) }
  end
  table.sort(ranked, function(a, b) return a.d < b.d or (a.d == b.d and a.i < b.i) end)
  local out = {}
  for k = 1, math.min(ORDERED, #ranked) do out[k] = ranked[k].i end
  return out
end

-- For the search bot: the scripted player "hold" (docs/bots.md, `policy`
-- and `mcts:playout`), the plan of 2006's PLO that random play lacks: it
-- moves no unit (5.0, 4.1) and attacks nowhere (7.0), every other decision
-- left to chance, and Israel's to chance too. The PLO wins on Israeli
-- losses (24.0), which Israel's attacks into its towns and hills bring,
-- and loses on its own: alone, holding won 147 of 200 games against random
-- play (seed 7), holding but attacking at random 72, random play 42. As the
-- search's playouts (`playout=hold`, 120 iterations) it took the strength
-- table's row from 26 of 30 to 28 (README, "Balance").
local HELD = { ["5.0"] = true, ["4.1"] = true, ["7.0"] = true }
local function hold(side, decision)
  if vars.victory ~= "2006" or side ~= "plo" or not HELD[decision.rule] then return nil end
  for i, c in ipairs(decision.choices) do
    if c == "done" then return i end
  end
  return nil
end

local PLANS = { hold = hold }

function bot_policy(side, name, decision)
  local plan = PLANS[name]
  if not plan then error("Lebanon '82 has no scripted player '" .. tostring(name) .. "' (victory.lua)") end
  return plan(side, decision)
end
