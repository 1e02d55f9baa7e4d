-- Lebanon '82: the Fire & Movement series rules (rules/fire_and_movement,
-- sections 4.0-8.6 as reconstructed in research rules-gaps.md 1.3 [P], and
-- the README's rulings) played through the folio, with forced dice. Each
-- test builds a small position on the 1982 map and drives the decisions.
-- Section numbers first in every name; hex numbers are the map's.

local function run(g, code, ...) return g:run(string.format(code, ...)) end

-- A 1982 game at turn 1's first Movement Phase with only `units` on the map:
-- set-up takes the first choice of every placement, then the map, the
-- Amphibious box and the support pools are emptied (SAM sites too, so no
-- 13.1 fire interferes), and `units` ({type, hex [, face]}) and `markers`
-- (support types, each into its owner's pool) are created. The Israeli
-- landing question that was pending is answered "done": what is asked next
-- is computed from the new position. Returns the game and the units' ids.
local function game_with(units, markers)
  local g = new_game{ scenario = "1982" }
  while g:phase() == nil do g:choose(1) end
  g:run([[for _, s in ipairs(game.sides()) do
      for _, p in ipairs(map.pieces(s)) do pieces.move(p, 'out_of_play') end
      for _, p in ipairs(pieces.at(support_pool(s))) do pieces.move(p, 'out_of_play') end
    end
    for _, p in ipairs(pieces.at('amphibious')) do pieces.move(p, 'out_of_play') end]])
  local ids = {}
  for i, u in ipairs(units) do
    ids[i] = run(g, "return pieces.create(%q, %q)", u[1], u[2])
    if u[3] then run(g, "pieces.set_face(%d, %q)", ids[i], u[3]) end
  end
  for _, t in ipairs(markers or {}) do
    run(g, "local m = pieces.create(%q, 'out_of_play'); pieces.move(m, support_pool(pieces.owner(m)))", t)
  end
  g:clear_events()
  g:choose("done")
  return g, ids
end

-- 19.0 ends a 1982 game the moment no Arab unit is left: a Syrian brigade
-- far in the north-west keeps it going where a test eliminates the others.
local SENTINEL = { "sy_82", "0203" }

local function at(g, id) return run(g, "return pieces.location(%d)", id) end
local function face(g, id) return run(g, "return pieces.face(%d)", id) end

-- Answers "done" until the game is in `phase`.
local function skip_to(g, phase)
  while g:phase() ~= phase do g:choose("done") end
end

-- The hexes the pending move or retreat offers, sorted.
local function offered(g)
  local out = {}
  for _, v in ipairs(g:choice_values()) do
    local hex = v:match("to=(%d+)")
    if hex then out[#out + 1] = hex end
  end
  table.sort(out)
  return out
end

-- The note of each destination offered, by hex (what the move costs).
local function costs_offered(g)
  local out, notes = {}, g:notes()
  for i, v in ipairs(g:choice_values()) do
    local hex = v:match("to=(%d+)")
    if hex then out[hex] = notes[i] end
  end
  return out
end

local function has(list, x)
  for _, y in ipairs(list) do
    if y == x then return true end
  end
  return false
end

-- Moves unit `id` to `hex` (the unit, then its destination).
local function move(g, id, hex)
  g:choose("piece=" .. id)
  g:choose(("piece=%d,to=%s"):format(id, hex))
end

-- Attacks `hex` with the units `ids`: the hex, each unit, then "attack"
-- when other units could still join.
local function attack(g, hex, ids)
  g:choose("location=" .. hex)
  for _, id in ipairs(ids) do g:choose("piece=" .. id) end
  if has(g:choice_values(), "option=attack") then g:choose("attack") end
end

-- The texts of the events of `kind` (all sides' view), in order.
local function texts(g, kind, side)
  local out = {}
  for _, e in ipairs(g:events(side)) do
    if e.kind == kind then out[#out + 1] = e.text end
  end
  return out
end

-- Whether some event `side` reads contains `text`.
local function reads(g, side, text)
  for _, e in ipairs(g:events(side)) do
    if e.text:find(text, 1, true) then return true end
  end
  return false
end

---------------------------------------------------------------------------
-- 4.1 SEQUENCE OF PLAY

test("4.1 sequence: support fire, the first player's four phases, the second's four, then the turn's end", function()
  local g = game_with({ { "il_armour_91", "3313" }, { "sy_47", "0606" }, { "plo_1", "3720" } })
  -- Who is asked in which phase: Israel moves its armour in both of its
  -- movement phases; Syria then the PLO in the second player's Movement
  -- Phase; only Syria (the PLO has no mobile unit) in its Mobile Movement.
  local asked = {}
  repeat
    asked[#asked + 1] = g:phase() .. " " .. g:side()
    g:choose("done")
  until g:turn() == 2
  asked[#asked + 1] = g:phase() .. " " .. g:side()
  expect_eq(asked, { "first_movement israel", "first_mobile_movement israel", "second_movement syria",
                     "second_movement plo", "second_mobile_movement syria", "first_movement israel" })
  expect_eq(texts(g, "sequence"), {
    "First player Combat Phase", "First player Mobile Movement Phase", "First player Mobile Combat Phase",
    "Second player Movement Phase", "Second player Combat Phase", "Second player Mobile Movement Phase",
    "Second player Mobile Combat Phase", "End of the game turn", "Turn 2", "Support Fire Marker Phase",
    "First player Movement Phase" })
end)

test("4.1 mobile movement: only mobile units that did not move in the Movement Phase", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" }, { "il_infantry_91", "3713" },
                           { "sy_47", "0606" } })
  expect_eq(g:choices(), { "91 Armour at 3313", "36 Armour at 3513", "91 Infantry at 3713", "done" })
  move(g, u[1], "3314")
  g:choose("done")
  -- No enemy in reach and no marker: the Combat Phase asks nothing.
  expect_eq(g:phase(), "first_mobile_movement")
  -- The armour that moved and the leg infantry are not offered.
  expect_eq(g:choices(), { "36 Armour at 3513", "done" })
  move(g, u[2], "3514")
  expect(g:logged("36 Armour moved from 3513 to 3514", "4.1"))
  -- Nothing is left to move: the phase ends by itself.
  expect(g:phase() ~= "first_mobile_movement")
  -- 4.1 step 4: the marks are gone next turn; every unit may move again.
  while g:turn() < 2 do g:choose("done") end
  expect_eq(g:phase(), "first_movement")
  expect_eq(g:choices(), { "91 Armour at 3314", "36 Armour at 3514", "91 Infantry at 3713", "done" })
end)

test("4.1 mobile combat: only the units that moved in the Mobile Movement Phase attack", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "il_infantry_91", "3513" }, { "il_armour_36", "3615" },
                           { "sy_47", "3413" } })
  g:choose("done")                                   -- Movement Phase: nothing moves
  expect_eq(g:phase(), "first_combat")
  g:choose("done")                                   -- Combat Phase: no attack
  expect_eq(g:choices(), { "91 Armour at 3313", "36 Armour at 3615", "done" })
  move(g, u[3], "3414")
  g:choose("done")
  expect_eq(g:phase(), "first_mobile_combat")
  expect_eq(g:choices(), { "3413", "done" })
  g:choose("location=3413")
  -- The armour at 3313 and the infantry at 3513 stand next to 3413 too.
  expect_eq(g:choices(), { "36 Armour at 3414" })
  g:dice{ 5 }
  g:choose("piece=" .. u[3])
  expect(g:logged("combat: 8 against 6 (+2) on the clear row: column +2,+3, roll 5: •", "7.6"))
end)

test("4.1 ruling Q14: a mobile unit that advanced after combat may still move in the Mobile Movement Phase", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "plo_1", "3413" }, SENTINEL })
  g:choose("done")
  g:dice{ 1 }                                        -- 8 against 2 (+6): D3
  attack(g, "3413", { u[1] })
  g:choose("retreat")
  g:choose(1)                                        -- the PLO's first retreat end
  expect_eq(g:prompt(), "Advance into 3413")
  g:choose("piece=" .. u[1])
  expect(g:logged("91 Armour advances into 3413", "7.9"))
  skip_to(g, "first_mobile_movement")
  expect_eq(g:choices(), { "91 Armour at 3413", "done" })
end)

---------------------------------------------------------------------------
-- 5.0 MOVEMENT, 5.3 STACKING

test("5.0 movement costs (10.2): clear 1, rough 2, mountain 3, road 1, river +1 off the road, lake and sea closed, bastion +1", function()
  local g, u = game_with({ { "il_infantry_91", "3720" }, { "il_armour_91", "3722" } })
  local function cost(id, from, to) return run(g, "return map.move_cost(%d, %q, %q)", id, from, to) end
  for _, id in ipairs(u) do                          -- leg and mobile pay alike
    expect_eq(cost(id, "3313", "3314"), 1, "clear")
    expect_eq(cost(id, "3313", "3312"), 2, "rough")
    expect_eq(cost(id, "1413", "1414"), 3, "mountain")
    expect_eq(cost(id, "0707", "0708"), 1, "a town in clear (Zahle)")
    expect_eq(cost(id, "2417", "2518"), 2, "a town in rough (Nabatiya), off the road")
    expect_eq(cost(id, "0914", "0913"), 1, "along the road through the mountains")
    expect_eq(cost(id, "1110", "1209"), 2, "clear across a river")
    expect_eq(cost(id, "1009", "1109"), 1, "across a river along the road's bridge (15.0)")
    expect_eq(cost(id, "1711", "1712"), nil, "across the lake")
    expect_eq(cost(id, "1921", "1922"), nil, "into the sea")
    expect_eq(cost(id, "3023", "2923"), 2, "a bastion in a town (Shemli), ruling L5")
    expect_eq(cost(id, "3219", "3119"), 3, "a bastion in rough (Alras Jouaiya), ruling L5")
  end
end)

test("5.0 movement allowance: a PLO unit (3) goes three hexes along a mountain road, one off it", function()
  local g = game_with({ { "plo_1", "0913" } })
  -- Israel has no unit: the first player's phases ask nothing.
  expect_eq(g:phase(), "second_movement")
  g:choose(1)
  expect_eq(offered(g), { "0810", "0812", "0813", "0815", "0911", "0912", "0914", "0915", "1010", "1012", "1013" })
  -- What each costs (issue 60.10): three hexes of road at 1, 0912 one off it.
  local notes = costs_offered(g)
  expect_eq({ notes["0915"], notes["0912"] }, { "2 MP", "1 MP" })
end)

test("5.0 ruling Q10: a unit that has not moved may enter one adjacent hex beyond its allowance", function()
  local g, u = game_with({ { "plo_1", "1813" } })
  g:choose("piece=" .. u[1])
  -- 1812 and 1913 are mountain across the Litani: 4 points for a 3-point unit.
  local d = offered(g)
  expect(has(d, "1812") and has(d, "1913"), table.concat(d, " "))
  expect(not has(d, "1912"), "two hexes into the mountains")
  -- Each destination says what it costs (issue 60.10): the minimum move
  -- says it is one, a hex within the allowance its points.
  local notes = costs_offered(g)
  expect_eq(notes["1812"], "the minimum move of one hex (5.0)")
  for _, hex in ipairs(d) do
    local note = notes[hex]
    if note ~= "the minimum move of one hex (5.0)" then expect(note:match("^[1-3] MP$"), hex .. ": " .. note) end
  end
  g:choose(("piece=%d,to=1812"):format(u[1]))
  expect(g:logged("PLO 1-2-3 makes the minimum move of one hex", "5.0"))
  expect_eq(at(g, u[1]), "1812")
end)

test("5.3 one unit a hex: a unit passes through a friend but may not stop on it; an enemy's hex is closed", function()
  local g, u = game_with({ { "il_armour_91", "0915" }, { "il_infantry_91", "0914" }, { "sy_47", "0816" } })
  g:choose("piece=" .. u[1])
  local d = offered(g)
  expect(not has(d, "0914"), "the friend's hex")
  expect(not has(d, "0816"), "the enemy's hex")
  -- Four road hexes on, reachable only through the infantry's hex.
  expect(has(d, "0911"), table.concat(d, " "))
end)

---------------------------------------------------------------------------
-- 6.0 ZONES OF CONTROL, 17.0

test("6.0 zones: entering an enemy zone ends a move; a unit may step from one zone hex to the next", function()
  local g, u = game_with({ { "il_armour_91", "3113" }, { "il_armour_36", "3314" }, { "sy_47", "3413" } })
  g:choose("piece=" .. u[1])
  local d = offered(g)
  -- 3313 lies in the brigade's zone: the armour may stop there but not
  -- go on to 3513 (two hexes on, across the zone), as it could otherwise.
  expect(has(d, "3313"), table.concat(d, " "))
  expect(not has(d, "3513"), table.concat(d, " "))
  g:choose(("piece=%d,to=3313"):format(u[1]))
  -- The armour at 3314 starts in the zone: it may enter 3414, also in it,
  -- and stops there: 3512 lies beyond a second zone hex on every way short
  -- enough.
  g:choose("piece=" .. u[2])
  d = offered(g)
  expect(has(d, "3414"), table.concat(d, " "))
  expect(not has(d, "3512"), table.concat(d, " "))
end)

test("6.0 zones do not cross the lake: a unit next to an enemy across it is not stopped", function()
  local g, u = game_with({ { "il_armour_91", "1611" }, { "sy_47", "1712" } })
  expect(not run(g, "return map.zoc('1711', 'israel')"), "1711 faces 1712 across the lake")
  expect(run(g, "return map.zoc('1812', 'israel')"))
  g:choose("piece=" .. u[1])
  -- 1911 and 1912 cost 7 by 1711 and 1811 (both beside 1712 across the
  -- lake), more by any other way.
  local d = offered(g)
  expect(has(d, "1911") and has(d, "1912"), table.concat(d, " "))
end)

-- 17.0: the units at 3114 may move through the zones of Israelis at 3313 and
-- 3315 to 3414; a brigade stops on entering 3214.
local function zone_move(unit)
  local g, u = game_with({ { "il_armour_91", "3313" }, { "il_armour_36", "3315" }, { unit, "3114" } })
  skip_to(g, "second_movement")
  g:choose("piece=" .. u[3])
  return offered(g)
end

test("17.0 the PLO and Syrian commandos move through Israeli zones; a Syrian brigade stops in them", function()
  expect(has(zone_move("plo_2"), "3414"), "PLO")
  expect(has(zone_move("sy_commando"), "3414"), "commando")
  local d = zone_move("sy_47")
  expect(has(d, "3214"), table.concat(d, " "))
  expect(not has(d, "3314") and not has(d, "3414"), table.concat(d, " "))
end)

test("17.0 Israel never ignores Arab zones: an Israeli unit stops on entering a PLO unit's zone", function()
  local g, u = game_with({ { "il_armour_91", "3113" }, { "plo_0", "3413" } })
  g:choose("piece=" .. u[1])
  local d = offered(g)
  expect(has(d, "3313") and not has(d, "3513"), table.concat(d, " "))
end)

-- 17.0 / 7.7: Israelis at 3313 and 3315 beside `unit` at 3314; the armour at
-- 3313 attacks and rolls D2; the defender retreats. Every hex next to 3314
-- lies in an Israeli zone.
local function zone_retreat(unit, face_)
  local g, u = game_with({ { "il_armour_91", "3313" }, { "il_armour_36", "3315" }, { unit, "3314", face_ },
                           SENTINEL })
  g:choose("done")
  g:dice{ 1 }
  attack(g, "3314", { u[1] })
  g:choose("retreat")
  return g, u
end

test("17.0 / 7.7 the PLO and commandos retreat through Israeli zones; a brigade cannot and depletes", function()
  for _, t in ipairs({ { "plo_2", "PLO 2-3-3" }, { "sy_commando", "Commando" } }) do
    local g, u = zone_retreat(t[1])
    expect(g:logged("combat: 8 against 3 (+5) on the clear row: column +4,+5, roll 1: D2", "7.6"))
    expect_eq(offered(g), { "3113", "3114", "3115", "3212", "3215", "3412", "3415", "3513", "3514", "3515" })
    g:choose(("piece=%d,to=3412"):format(u[3]))
    expect(g:logged(t[2] .. " retreats 2 hexes to 3412", "7.7"))
    expect_eq(at(g, u[3]), "3412")
  end
  local g, u = zone_retreat("sy_47")
  expect(g:logged("47th Brigade cannot retreat 2 hexes: it is depleted instead", "7.7"))
  expect_eq({ at(g, u[3]), face(g, u[3]) }, { "3314", "depleted" })
end)

---------------------------------------------------------------------------
-- 7.0 COMBAT

test("7.0 each unit attacks once a phase, and each hex is attacked once", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" }, { "sy_47", "3413" },
                           { "sy_82", "3412" } })
  g:choose("done")
  expect_eq(g:choices(), { "3412", "3413", "done" })
  g:choose("location=3413")
  expect_eq(g:choices(), { "91 Armour at 3313", "36 Armour at 3513" })
  g:choose("piece=" .. u[1])
  g:dice{ 5 }                                        -- +2: •
  g:choose("attack")
  -- 3413 was attacked; the armour at 3313 has attacked.
  expect_eq(g:choices(), { "3412", "done" })
  g:choose("location=3412")
  expect_eq(g:choices(), { "36 Armour at 3513" })
  g:dice{ 2 }                                        -- rough, +2: •
  g:choose("piece=" .. u[2])
  expect(g:logged("combat: 8 against 6 (+2) on the rough row: column +2,+3, roll 2: •", "7.6"))
  -- No unit is left to attack with (and no marker to bombard with).
  expect_eq(g:phase(), "first_mobile_movement")
end)

test("7.0 ruling Q11: no attack across a lake hexside", function()
  local g = game_with({ { "il_armour_91", "1611" }, { "sy_47", "1612" }, { "sy_82", "1712" },
                        { "sy_commando", "1511" } })
  g:choose("done")
  expect_eq(g:choices(), { "1511", "done" })
end)

test("7.6 CRT: each terrain row's first and last column, and differentials beyond them on the end column", function()
  local g = game_with({ SENTINEL })
  -- {row, first header, last header, its column, results of rolls 1 and 6 there}
  local rows = {
    { "clear", "-5", "+10", 12, "(A)", "Ae", "De", "Ex" },
    { "town", "-3", "+10", 10, "(A)", "Ae", "D3", "Ex" },
    { "rough", "-2", "+10", 9, "(A)", "Ae", "D2", "•" },
    { "river", "-2", "+10", 9, "(A)", "Ae", "D2", "•" },
    { "beirut", "-2", "+10", 9, "(A)", "Ae", "D2", "•" },
    { "mountain", "-1", "+10", 8, "(A)", "Ae", "D2", "A1" },
  }
  for _, r in ipairs(rows) do
    local low = tonumber(r[2])
    local function column(diff)
      return run(g, "local c, h = combat.column(CRT, %d, %d, { row = %q }); return { c, h }", 20 + diff, 20, r[1])
    end
    expect_eq(column(low), { 1, r[2] }, r[1] .. " lowest")
    expect_eq(column(low - 3), { 1, r[2] }, r[1] .. " below the lowest")
    expect_eq(column(10), { r[4], "+10" }, r[1] .. " highest")
    expect_eq(column(15), { r[4], "+10" }, r[1] .. " above the highest")
    local function lookup(c, roll) return run(g, "return combat.lookup(CRT, %d, %d)", c, roll) end
    expect_eq({ lookup(1, 1), lookup(1, 6), lookup(r[4], 1), lookup(r[4], 6) }, { r[5], r[6], r[7], r[8] }, r[1])
  end
end)

-- One Israeli armour (8) against one Syrian brigade (6), +2, on the row of
-- `hex`; a roll of `die` gives "•" there, so nothing else is asked.
local function row_of(attacker_hex, hex, die)
  local g, u = game_with({ { "il_armour_91", attacker_hex }, { "sy_47", hex } })
  g:choose("done")
  g:dice{ die }
  attack(g, hex, { u[1] })
  return g
end

test("7.0 step 5: the defender's terrain gives the row; ruling Q2: a town in rough or mountain uses that row", function()
  expect(row_of("3313", "3413", 5):logged("combat: 8 against 6 (+2) on the clear row: column +2,+3, roll 5: •", "7.6"))
  expect(row_of("0807", "0708", 3):logged("combat: 8 against 6 (+2) on the town row: column +2,+3, roll 3: •", "7.6"))
  expect(row_of("3117", "3017", 2):logged("combat: 8 against 6 (+2) on the rough row: column +2,+3, roll 2: •", "7.6"))
  expect(row_of("1413", "1414", 1):logged("combat: 8 against 6 (+2) on the mountain row: column +2,+3, roll 1: •", "7.6"))
  expect(row_of("0617", "0618", 2):logged("combat: 8 against 6 (+2) on the beirut row: column +2,+3, roll 2: •", "7.6"))
  -- Nabatiya (town in rough), Sofar (town in mountain).
  expect(row_of("2617", "2518", 2):logged("combat: 8 against 6 (+2) on the rough row: column +2,+3, roll 2: •", "7.6"))
  expect(row_of("0914", "0913", 1):logged("combat: 8 against 6 (+2) on the mountain row: column +2,+3, roll 1: •", "7.6"))
end)

-- Two Israeli infantry (4 + 4) against a Syrian brigade (6) at 1209, whose
-- hexsides to 1110 and 1210 are the Litani's; 1309 is not across it.
local function river_attack(second_hex, die)
  local g, u = game_with({ { "il_infantry_91", "1110" }, { "il_infantry_36", second_hex }, { "sy_47", "1209" } })
  g:choose("done")
  g:dice{ die }
  attack(g, "1209", { u[1], u[2] })
  return g
end

test("7.0 step 5: the River row when every attacker is across a river, and only when more defensive", function()
  expect(river_attack("1210", 2):logged("combat: 8 against 6 (+2) on the river row: column +2,+3, roll 2: •", "7.6"))
  expect(river_attack("1309", 5):logged("combat: 8 against 6 (+2) on the clear row: column +2,+3, roll 5: •", "7.6"))
  -- Mountain across the Litani: the Mountain row is the more defensive.
  expect(row_of("1813", "1812", 1):logged("combat: 8 against 6 (+2) on the mountain row: column +2,+3, roll 1: •", "7.6"))
end)

---------------------------------------------------------------------------
-- 7.6 RESULTS

-- Israeli `attackers` ({type, hex [, face]} each) attack `defender` (a
-- Syrian brigade at 3413, clear, unless given) after the forced `dice`;
-- `others` stand by and a sentinel keeps the game going. Returns the game
-- and the ids: the attackers, the defender, then the others.
local function fight(attackers, dice, defender, others)
  local units = {}
  for _, a in ipairs(attackers) do units[#units + 1] = a end
  defender = defender or { "sy_47", "3413" }
  units[#units + 1] = defender
  for _, o in ipairs(others or {}) do units[#units + 1] = o end
  units[#units + 1] = SENTINEL
  local g, u = game_with(units)
  g:choose("done")
  local ids = {}
  for i = 1, #attackers do ids[i] = u[i] end
  g:dice(dice)
  attack(g, defender[2], ids)
  return g, u
end

test("7.6 De: the defender is eliminated", function()
  local g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 1 })
  expect(g:logged("combat: 16 against 6 (+10) on the clear row: column +10, roll 1: De", "7.6"))
  expect(g:logged("47th Brigade eliminated", "7.6"))
  expect_eq(at(g, u[3]), "syrian_eliminated")
  expect_eq({ face(g, u[1]), face(g, u[2]) }, { "full", "full" })
end)

test("7.6 D3 / 7.7: the defender retreats three hexes, each farther, clear of enemy zones; its owner chooses the end", function()
  local g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 3 })
  expect(g:logged("combat: 16 against 6 (+10) on the clear row: column +10, roll 3: D3", "7.6"))
  expect_eq(g:prompt(), "D3: retreat 47th Brigade 3 hexes, or deplete it instead")
  g:choose("retreat")
  expect_eq(g:side(), "syria")
  -- The only first step outside both armours' zones is 3414.
  expect_eq(offered(g), { "3215", "3316", "3416", "3516", "3615" })
  g:choose(("piece=%d,to=3516"):format(u[3]))
  expect(g:logged("47th Brigade retreats 3 hexes to 3516", "7.7"))
  expect_eq({ at(g, u[3]), face(g, u[3]) }, { "3516", "full" })
end)

test("7.6 D2 / 7.7: the defender retreats two hexes", function()
  local g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 4 })
  expect(g:logged("combat: 16 against 6 (+10) on the clear row: column +10, roll 4: D2", "7.6"))
  g:choose("retreat")
  expect_eq(offered(g), { "3315", "3415", "3515" })
  g:choose(("piece=%d,to=3415"):format(u[3]))
  expect(g:logged("47th Brigade retreats 2 hexes to 3415", "7.7"))
  expect_eq({ at(g, u[3]), face(g, u[3]) }, { "3415", "full" })
end)

test("7.6 Ex: one attacking unit, the attacker's choice, and the defender deplete", function()
  local g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 6 })
  expect(g:logged("combat: 16 against 6 (+10) on the clear row: column +10, roll 6: Ex", "7.6"))
  expect_eq(g:side(), "israel")
  expect_eq(g:prompt(), "Ex: choose the attacking unit to deplete")
  expect_eq(g:choices(), { "91 Armour at 3313", "36 Armour at 3513" })
  g:choose("piece=" .. u[2])
  expect_eq({ face(g, u[1]), face(g, u[2]), face(g, u[3]) }, { "full", "depleted", "depleted" })
  expect_eq({ at(g, u[1]), at(g, u[2]), at(g, u[3]) }, { "3313", "3513", "3413" })
end)

test("7.6 Ex eliminates a depleted defender, and the hex may be entered (7.9)", function()
  local g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 6 }, { "sy_47", "3413", "depleted" })
  expect(g:logged("combat: 16 against 3 (+13) on the clear row: column +10, roll 6: Ex", "7.6"))
  g:choose("piece=" .. u[1])
  expect_eq(at(g, u[3]), "syrian_eliminated")
  expect_eq(face(g, u[1]), "depleted")
  expect_eq(g:prompt(), "Advance into 3413")
end)

test("7.6 A1: the attacker retreats one hex", function()
  local g, u = fight({ { "il_armour_91", "3313" } }, { 6 })
  expect(g:logged("combat: 8 against 6 (+2) on the clear row: column +2,+3, roll 6: A1", "7.6"))
  expect_eq(g:prompt(), "A1: the attackers retreat 1 hex, or one depletes instead")
  g:choose("retreat")
  -- Of 3313's neighbours only these lie outside the brigade's zone.
  expect_eq(offered(g), { "3212", "3213", "3312" })
  g:choose(("piece=%d,to=3213"):format(u[1]))
  expect(g:logged("91 Armour retreats 1 hex to 3213", "7.7"))
  expect_eq({ at(g, u[1]), face(g, u[1]) }, { "3213", "full" })
end)

test("7.6 A2: every attacker retreats two hexes", function()
  local g, u = fight({ { "il_infantry_91", "3313" }, { "il_infantry_36", "3513" } }, { 3 }, { "sy_47", "3412" })
  expect(g:logged("combat: 8 against 6 (+2) on the rough row: column +2,+3, roll 3: A2", "7.6"))
  g:choose("retreat")
  expect_eq(g:prompt(), "Retreat 91 Infantry 2 hexes to")
  g:choose(1)
  expect_eq(g:prompt(), "Retreat 36 Infantry 2 hexes to")
  g:choose(1)
  expect_eq(run(g, "return map.distance(%q, '3313')", at(g, u[1])), 2)
  expect_eq(run(g, "return map.distance(%q, '3513')", at(g, u[2])), 2)
  expect_eq({ face(g, u[1]), face(g, u[2]) }, { "full", "full" })
end)

test("7.6 A3: the attacker retreats three hexes", function()
  local g, u = fight({ { "il_infantry_91", "3313" } }, { 3 })
  expect(g:logged("combat: 4 against 6 (-2) on the clear row: column -2, roll 3: A3", "7.6"))
  g:choose("retreat")
  g:choose(1)
  expect_eq(run(g, "return map.distance(%q, '3313')", at(g, u[1])), 3)
  expect(g:logged("91 Infantry retreats 3 hexes to " .. at(g, u[1]), "7.7"))
end)

test("7.6 (A): one attacking unit of the attacker's choice depletes", function()
  local g, u = fight({ { "il_infantry_91", "3313" }, { "il_infantry_36", "3513", "depleted" } }, { 6 })
  expect(g:logged("combat: 6 against 6 (0) on the clear row: column 0, roll 6: (A)", "7.6"))
  expect_eq(g:prompt(), "(A): choose the attacking unit to deplete")
  g:choose("piece=" .. u[1])
  expect_eq({ face(g, u[1]), face(g, u[2]), face(g, u[3]) }, { "depleted", "depleted", "full" })
  expect_eq({ at(g, u[1]), at(g, u[2]), at(g, u[3]) }, { "3313", "3513", "3413" })
end)

test("7.6 Ae: every attacking unit is eliminated", function()
  local g, u = fight({ { "il_infantry_91", "3313", "depleted" }, { "il_infantry_36", "3212", "depleted" } }, { 4 },
                     { "sy_47", "3312" })
  expect(g:logged("combat: 4 against 6 (-2) on the rough row: column -2, roll 4: Ae", "7.6"))
  expect(g:logged("91 Infantry eliminated", "7.6"))
  expect(g:logged("36 Infantry eliminated", "7.6"))
  expect_eq({ at(g, u[1]), at(g, u[2]), at(g, u[3]) }, { "israeli_eliminated", "israeli_eliminated", "3312" })
end)

test("7.6 •: nothing happens", function()
  local g, u = fight({ { "il_armour_91", "3313" } }, { 5 })
  expect(g:logged("combat: 8 against 6 (+2) on the clear row: column +2,+3, roll 5: •", "7.6"))
  expect_eq({ at(g, u[1]), face(g, u[1]), at(g, u[2]), face(g, u[2]) }, { "3313", "full", "3413", "full" })
  -- No advance (the brigade holds the hex), no other attack: the phase is over.
  expect_eq(g:phase(), "first_mobile_movement")
end)

---------------------------------------------------------------------------
-- 7.7 RETREAT, 7.8 STIFF RESISTANCE, 7.9 ADVANCE

test("7.7 a retreat blocked by enemy zones depletes the unit; a depleted unit is eliminated instead", function()
  local g, u = zone_retreat("sy_47", "depleted")
  expect(g:logged("47th Brigade cannot retreat 2 hexes: it is depleted instead", "7.7"))
  expect(g:logged("47th Brigade eliminated", "7.7"))
  expect_eq(at(g, u[3]), "syrian_eliminated")
end)

test("7.7 a retreat goes its full distance or not at all: the sea and enemy units leave one hex of two", function()
  -- 1019 is on the coast: its land neighbours are 1018 (the attacker) and
  -- 1119; the land hexes two away through 1119 are held by Israelis, the
  -- rest is sea. The PLO ignores Israeli zones (17.0): only the units and
  -- the sea stop it.
  local g, u = fight({ { "il_armour_91", "1018" } }, { 2 }, { "plo_1", "1019" },
                     { { "il_infantry_91", "1118" }, { "il_infantry_36", "1218" }, { "il_infantry_162", "1219" } })
  expect(g:logged("combat: 8 against 2 (+6) on the clear row: column +6,+7, roll 2: D2", "7.6"))
  -- A retreat of one hex was open, and is not taken.
  expect_eq(run(g, "local e = map.retreats(%d, 1); return { #e, e[1].id }", u[2]), { 1, "1119" })
  g:choose("retreat")
  expect(g:logged("PLO 1-2-3 cannot retreat 2 hexes: it is depleted instead", "7.7"))
  expect_eq({ at(g, u[2]), face(g, u[2]) }, { "1019", "depleted" })
end)

test("7.7 the map edge and enemy units block a retreat", function()
  -- 0101 is the map's corner, next to 0102 and 0201 only. The attacker is
  -- at 0201 (a +2 marker brings it to +8 on the Mountain row); Israelis
  -- hold 0103 and 0202, the only hexes two away through 0102.
  local g, u = game_with({ { "il_armour_91", "0201" }, { "plo_1", "0101" }, { "il_infantry_91", "0103" },
                           { "il_infantry_36", "0202" }, SENTINEL }, { "il_art_2" })
  g:choose("done")
  g:dice{ 1 }
  attack(g, "0101", { u[1] })
  g:choose("Israeli Artillery +2")
  expect(g:logged("combat: 10 against 2 (+8) on the mountain row: column +8,+9, roll 1: D2", "7.6"))
  g:choose("retreat")
  expect(g:logged("PLO 1-2-3 cannot retreat 2 hexes: it is depleted instead", "7.7"))
  expect_eq({ at(g, u[2]), face(g, u[2]) }, { "0101", "depleted" })
end)

test("7.8 stiff resistance: a D2 or D3 defender may deplete instead of retreating, and holds its hex", function()
  local g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 4 })
  expect(g:logged("roll 4: D2", "7.6"))
  g:choose("deplete")
  expect_eq({ at(g, u[3]), face(g, u[3]) }, { "3413", "depleted" })
  -- 7.9: no advance into a hex the defender still holds.
  expect_eq(g:phase(), "first_mobile_movement")
  g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 3 })
  expect(g:logged("roll 3: D3", "7.6"))
  g:choose("deplete")
  expect_eq({ at(g, u[3]), face(g, u[3]) }, { "3413", "depleted" })
end)

test("7.8 stiff resistance: on A1-A3 one attacking unit of the attacker's choice depletes and none retreats", function()
  local g, u = fight({ { "il_infantry_91", "3313" }, { "il_infantry_36", "3513" } }, { 3 }, { "sy_47", "3412" })
  expect(g:logged("roll 3: A2", "7.6"))
  expect_eq(g:side(), "israel")
  g:choose("deplete")
  expect_eq(g:prompt(), "A2: choose the attacking unit to deplete")
  expect_eq(g:choices(), { "91 Infantry at 3313", "36 Infantry at 3513" })
  g:choose("piece=" .. u[2])
  expect_eq({ at(g, u[1]), face(g, u[1]), at(g, u[2]), face(g, u[2]) }, { "3313", "full", "3513", "depleted" })
  expect(not g:logged("retreats", "7.7"))
end)

test("7.9 advance after combat: one attacker enters the emptied hex, though an enemy zone covers it", function()
  -- The 82nd at 3414 puts 3413 in its zone.
  local g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 1 }, nil, { { "sy_82", "3414" } })
  expect(g:logged("roll 1: De", "7.6"))
  expect_eq(g:side(), "israel")
  expect_eq(g:prompt(), "Advance into 3413")
  expect_eq(g:choices(), { "91 Armour at 3313", "36 Armour at 3513", "done" })
  g:choose("piece=" .. u[2])
  expect(g:logged("36 Armour advances into 3413", "7.9"))
  -- One unit only: the other is not asked, and the phase goes on.
  expect_eq({ at(g, u[1]), at(g, u[2]) }, { "3313", "3413" })
  expect(g:prompt() ~= "Advance into 3413")
end)

---------------------------------------------------------------------------
-- 8.0 SUPPORT FIRE

test("8.1 allotment: each side takes its whole surviving pool every turn", function()
  local fresh = new_game{ scenario = "1982" }
  while fresh:phase() == nil do fresh:choose(1) end
  expect(fresh:logged("Israel has 14 support fire markers this turn", "8.1"))
  expect(fresh:logged("Syria has 5 support fire markers this turn", "8.1"))
  expect(fresh:logged("PLO has 4 support fire markers this turn", "8.1"))
  -- Three Israeli markers, one of them lost for good (as to a SAM, 13.1).
  local g = game_with({ SENTINEL }, { "il_air_4", "il_air_3", "il_art_2", "sy_art_3", "plo_art_1" })
  run(g, "pieces.move(pieces.at('israel_support', { type = 'il_air_3' })[1], 'support_lost')")
  while g:turn() < 2 do g:choose("done") end
  expect(g:logged("Israel has 2 support fire markers this turn", "8.1"))
  expect(g:logged("Syria has 1 support fire markers this turn", "8.1"))
  expect(g:logged("PLO has 1 support fire markers this turn", "8.1"))
  expect_eq(g:count("support_withheld"), 0)
end)

test("8.3 markers are committed face down, attacker first, then revealed and added to each side's strength", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "sy_47", "3413" } },
                         { "il_air_4", "il_art_2", "sy_art_3", "plo_art_1" })
  g:choose("done")
  expect_eq(g:choices(), { "3413", "bombard", "done" })
  attack(g, "3413", { u[1] })
  expect_eq({ g:side(), g:prompt() }, { "israel", "Support fire against 3413: commit a marker" })
  expect_eq(g:choices(), { "Israeli Air +4", "Israeli Artillery +2", "done" })
  g:choose("Israeli Air +4")
  g:choose("done")
  -- The defending player's sides, Syria then the PLO (14.0 allows one PLO
  -- marker in a combat of Syrian units), see a hidden marker only.
  expect_eq({ g:side(), g:prompt() }, { "syria", "Support fire to defend 3413: commit a marker" })
  expect_eq(g:choices("syria"), { "Syrian Artillery +3", "done" })
  expect(not reads(g, "syria", "Israeli Air"), "Syria reads the Israeli marker before the reveal")
  expect(reads(g, "syria", "a hidden Israeli support moved from Israeli support fire to Israeli support fire committed"))
  g:choose("Syrian Artillery +3")
  expect_eq({ g:side(), g:prompt() }, { "plo", "Support fire to defend 3413: commit a marker" })
  expect(not reads(g, "israel", "Syrian Artillery"), "Israel reads the Syrian marker before the reveal")
  expect(not reads(g, "plo", "Israeli Air"), "the PLO reads the Israeli marker before the reveal")
  g:dice{ 5 }
  g:choose("done")
  -- Revealed: both markers named to every side; 8 + 4 against 6 + 3.
  for _, side in ipairs({ "israel", "syria", "plo" }) do
    expect(reads(g, side, "Israeli Air +4 moved from Israeli support fire committed to Support fire used this turn"), side)
    expect(reads(g, side, "Syrian Artillery +3 moved from Syrian support fire committed to Support fire used this turn"), side)
  end
  expect(g:logged("combat: 12 against 9 (+3) on the clear row: column +2,+3, roll 5: •", "7.6"))
  expect_eq(g:at("support_used"), { "Israeli Air +4", "Syrian Artillery +3" })
end)

test("8.3, ruling R-8.3 secrecy: a side sees how many markers another side's pool holds, never which", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "sy_47", "3413" } },
                         { "il_air_4", "il_art_2", "sy_art_3", "sy_art_2", "plo_art_1" })
  expect_eq(g:at("syria_support", "syria"), { "Syrian Artillery +3", "Syrian Artillery +2" })
  expect_eq(g:at("syria_support", "israel"), { "hidden", "hidden" })
  expect_eq(g:at("israel_support", "plo"), { "hidden", "hidden" })
  g:choose("done")
  attack(g, "3413", { u[1] })
  g:choose("done")
  -- Syria commits its +2 face down: Israel, about to be told the total,
  -- sees one marker fewer in the pool and cannot tell which went.
  expect_eq(g:side(), "syria")
  g:choose("Syrian Artillery +2")
  expect_eq(g:at("syria_support", "israel"), { "hidden" })
  expect_eq(g:at("syria_committed", "israel"), { "hidden" })
  expect(not reads(g, "israel", "Syrian Artillery"), "Israel reads a Syrian marker before the reveal")
end)

test("8.3 the attacking player's other side may back the attack too (14.0: one PLO marker with Syrian units)", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "sy_47", "3413" } }, { "plo_art_2", "plo_art_2" })
  skip_to(g, "second_combat")
  expect_eq(g:side(), "syria")
  attack(g, "3313", { u[2] })
  expect_eq({ g:side(), g:prompt() }, { "plo", "Support fire against 3313: commit a marker" })
  expect_eq(g:choices(), { "PLO Support +2", "PLO Support +2", "done" })
  -- 14.0: a second PLO marker is not offered; Israel has none: the combat
  -- is resolved at once, 7 + 2 against 7.
  g:dice{ 5 }
  g:choose(1)
  expect(g:logged("combat: 9 against 7 (+2) on the clear row: column +2,+3, roll 5: •", "7.6"))
end)

test("8.3 / 8.6 a marker backs one combat a turn and goes back to its pool when the turn ends", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "sy_47", "3413" } }, { "il_air_4", "il_art_2" })
  g:choose("done")
  attack(g, "3413", { u[1] })
  g:choose("Israeli Artillery +2")
  g:dice{ 6 }
  g:choose("done")
  expect(g:logged("combat: 10 against 6 (+4) on the clear row: column +4,+5, roll 6: •", "7.6"))
  skip_to(g, "second_combat")
  -- Syria attacks the armour: Israel defends with what it has left.
  g:choose("location=3313")
  g:choose("piece=" .. u[2])
  expect_eq({ g:side(), g:prompt() }, { "israel", "Support fire to defend 3313: commit a marker" })
  expect_eq(g:choices(), { "Israeli Air +4", "done" })
  g:dice{ 3 }
  g:choose("done")
  expect(g:logged("combat: 7 against 7 (0) on the clear row: column 0, roll 3: •", "7.6"))
  while g:turn() < 2 do g:choose("done") end
  expect(g:logged("Israeli Artillery +2 moved from Support fire used this turn to Israeli support fire", "8.6"))
  expect(g:logged("Israel has 2 support fire markers this turn", "8.1"))
end)

test("8.4 bombardment: markers alone against a hex; the attacker's part of the result is ignored", function()
  local g, u = game_with({ { "il_armour_91", "3720" }, { "sy_47", "3413" } }, { "il_air_4", "il_art_2" })
  g:choose("done")
  expect_eq(g:choices(), { "bombard", "done" })
  g:choose("bombard")
  expect_eq({ g:prompt(), g:choices() }, { "Bombard a hex", { "3413", "cancel" } })
  g:choose("location=3413")
  g:choose("Israeli Air +4")
  g:dice{ 4 }
  -- The pool is empty and Syria has no marker to add: resolved at once.
  g:choose("Israeli Artillery +2")
  expect(g:logged("Israel bombards 3413", "8.4"))
  expect(g:logged("combat: 6 against 6 (0) on the clear row: column 0, roll 4: A2", "8.4"))
  expect_eq({ at(g, u[1]), face(g, u[1]), at(g, u[2]), face(g, u[2]) }, { "3720", "full", "3413", "full" })
  expect_eq(g:phase(), "first_mobile_movement")
end)

test("8.4 bombardment: the defender's part applies (D2: retreat or deplete; Ex: it depletes)", function()
  local g, u = game_with({ { "sy_47", "3413" }, SENTINEL }, { "il_air_4", "il_air_3" })
  g:choose("bombard")
  g:choose("location=3413")
  g:choose("Israeli Air +4")
  g:dice{ 1 }
  g:choose("Israeli Air +3")
  expect(g:logged("combat: 7 against 6 (+1) on the clear row: column +1, roll 1: D2", "8.4"))
  expect_eq({ g:side(), g:prompt() }, { "syria", "D2: retreat 47th Brigade 2 hexes, or deplete it instead" })
  g:choose("deplete")
  expect_eq(face(g, u[1]), "depleted")
  g = game_with({ { "sy_47", "3413" }, SENTINEL }, { "il_air_4", "il_art_2" })
  g:choose("bombard")
  g:choose("location=3413")
  g:choose("Israeli Air +4")
  g:dice{ 1 }
  g:choose("Israeli Artillery +2")
  expect(g:logged("roll 1: Ex", "8.4"))
  expect_eq(g:at("3413"), { "47th Brigade" })
  expect_eq(run(g, "return pieces.face(pieces.at('3413')[1])"), "depleted")
end)

test("8.4 a hex attacked by ground units may not be bombarded in the same phase, nor a bombarded hex attacked", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" }, { "sy_47", "3413" },
                           { "sy_82", "3412" } }, { "il_air_4", "il_art_2" })
  g:choose("done")
  attack(g, "3413", { u[1] })
  g:dice{ 5 }
  g:choose("done")                                   -- no marker for this attack
  expect(g:logged("roll 5: •", "7.6"))
  -- The armour at 3513 may still attack 3412, not 3413; nor may 3413 be
  -- bombarded.
  expect_eq(g:choices(), { "3412", "bombard", "done" })
  g:choose("bombard")
  expect_eq(g:choices(), { "3412", "cancel" })
  g:choose("location=3412")
  g:choose("Israeli Air +4")
  g:dice{ 5 }
  g:choose("done")
  expect(g:logged("Israel bombards 3412", "8.4"))
  expect(g:logged("combat: 4 against 6 (-2) on the rough row: column -2, roll 5: Ae", "8.4"))
  -- The armour at 3513, next to 3412 and not yet in an attack, may not
  -- attack it now: no target is left, and the phase is over.
  expect_eq(g:phase(), "first_mobile_movement")
end)

test("8.4, ruling R-8.4: a bombardment given up leaves the hex open to attack, and is offered again only after an attack", function()
  local g, u = game_with({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" }, { "sy_47", "3413" },
                           { "sy_82", "3412" } }, { "il_air_4" })
  g:choose("done")
  g:choose("bombard")
  g:choose("location=3413")
  g:choose("done")
  expect(g:logged("no marker committed: no bombardment", "8.4"))
  expect_eq(g:choices(), { "3412", "3413", "done" })
  attack(g, "3413", { u[1] })
  g:dice{ 5 }
  g:choose("done")                                   -- no marker for this attack
  expect_eq(g:choices(), { "3412", "bombard", "done" })
  g:choose("bombard")
  g:choose("cancel")
  expect_eq(g:choices(), { "3412", "done" })
end)

test("7.7 a retreat never enters an enemy zone, not even where a friendly unit stands", function()
  -- The 82nd at 3314 stands in the zone of the armour at 3313.
  local g, u = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 4 }, nil, { { "sy_82", "3314" } })
  expect(g:logged("roll 4: D2", "7.6"))
  g:choose("retreat")
  expect_eq(offered(g), { "3315", "3415", "3515" })
end)

test("7.7 a retreat may not end on a friendly unit (5.3), but may pass it", function()
  -- The only way out of both armours' zones is 3414: the 82nd stands on
  -- one of the three ends, then on the way to all of them.
  local g = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 4 }, nil, { { "sy_82", "3415" } })
  g:choose("retreat")
  expect_eq(offered(g), { "3315", "3515" })
  g = fight({ { "il_armour_91", "3313" }, { "il_armour_36", "3513" } }, { 4 }, nil, { { "sy_82", "3414" } })
  g:choose("retreat")
  expect_eq(offered(g), { "3315", "3415", "3515" })
end)
