-- J-3 movement (7.3A; 2.1, 3.0, 8.1, 9.0, 10.2, 15.1; rulings N16, N17):
-- what may move where, and the battle where the enemy is met.

local H = require("helpers")
local choose_starting = H.choose_starting

-- The IDF sanctuary is ZONES[1]; the set-up put every IDF unit and HQ there.
local SANCTUARY = "ZONES[1]"

test("7.3A, 3.0: a J-3 moves units of one zone, up to the C2, each to an adjacent zone; dispersed units stay", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = { "idf_j3" },
                             prepare = "pieces.set_face(pieces.top(ZONES[1], { type = 'idf_armor' }), 'dispersed', 'test')" }
  choose_starting(g, "J-3 A")
  -- The TF HQ (it may move) and the sanctuary's loose units.
  expect_eq(#g:choices(), 2)
  g:choose("option=move_units,location=" .. g:run("return " .. SANCTUARY))
  expect_eq(g:choices()[1], "Done")
  local dispersed = g:run("local u = pieces.at(ZONES[1], { type = 'idf_armor' }) for _, x in ipairs(u) do "
                          .. "if pieces.face(x) == 'dispersed' then return x end end")
  for _, v in ipairs(g:choice_values()) do expect(not v:find("piece=" .. dispersed .. ",", 1, true), v) end
  -- Six moves (C2 6), then the J-3 is spent.
  for _ = 1, 6 do g:choose(2) end
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  local to = g:run("return map.neighbours(ZONES[1])[1]")
  expect_eq(g:run("return pieces.count('" .. to .. "', { kind = 'unit' })"), 6)
end)

test("7.3A, 8.1: a TF HQ moves with the units of its holding box", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = { "idf_j3" }, prepare = [[
    local hq = pieces.top(ZONES[1], { kind = 'hq' })
    for _ = 1, 3 do pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), holding_box(hq), 'test') end]] }
  local hq = g:run("return pieces.top(ZONES[1], { kind = 'hq' })")
  choose_starting(g, "J-3 A")
  g:choose("option=move_tf,piece=" .. hq)
  g:choose(1)
  expect_eq(g:run("return pieces.location(" .. hq .. ")"), g:run("return map.neighbours(ZONES[1])[1]"))
  expect_eq(g:count("tf_box_1"), 3) -- its units went with it
  expect_eq(g:run("return units_in_zone(map.neighbours(ZONES[1])[1], 'idf')"), 3)
end)

test("9.0: units entering a zone held by the enemy fight there, the mover attacking", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = { "idf_j3" }, dice = { 6, 1, 6, 1 }, prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    -- An armour brigade waits next to the Insurgents' first southern zone.
    local from = map.neighbours(SOUTH_OF_LITANI[1])[1]
    for _, z in ipairs(map.neighbours(SOUTH_OF_LITANI[1])) do
      if map.attr(z, 'country') == 'israel' then from = z end
    end
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), from, 'test')
    for _, u in ipairs(units_on_map('insurgent', nil, { SOUTH_OF_LITANI[1] })) do pieces.move(u, 'insurgent_setup', 'test') end
    pieces.move(pieces.top('insurgent_setup', { type = 'guerrilla' }), SOUTH_OF_LITANI[1], 'test')]] }
  choose_starting(g, "J-3 A")
  local from = g:run("local f for _, z in ipairs(map.neighbours(SOUTH_OF_LITANI[1])) do "
                     .. "if map.attr(z, 'country') == 'israel' then f = z end end return f")
  g:choose("option=move_units,location=" .. from)
  local armor = g:run("return pieces.top('" .. from .. "', { type = 'idf_armor' })")
  g:choose("piece=" .. armor .. ",to=" .. g:run("return SOUTH_OF_LITANI[1]"))
  -- No other unit there to move: the battle follows at once.
  expect(g:logged("Battle in Naqoura: IDF attacks", "9.0"))
  expect_eq(g:prompt(), "Armor Brigade fires at which unit?")
end)

test("2.1, 10.2, 15.1: no unit enters an enemy sanctuary but SOF; in 2006 IDF regulars stay south of the Litani", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = {} }
  local north = g:run("for _, z in ipairs(ZONES) do if map.attr(z, 'litani') == 'north' and map.attr(z, 'country') == 'lebanon' then return z end end")
  local nls = g:run("for _, z in ipairs(ZONES) do if map.attr(z, 'sanctuary') == 'insurgent' then return z end end")
  local sanctuary = g:run("return ZONES[1]")
  expect_eq(g:run(string.format("return may_enter('idf', pieces.top(ZONES[1], { type = 'idf_armor' }), %q)", north)), false)
  expect_eq(g:run(string.format("return may_enter('idf', pieces.top(ZONES[1], { type = 'idf_sof' }), %q)", nls)), true)
  expect_eq(g:run(string.format("return may_enter('idf', pieces.top(ZONES[1], { type = 'idf_armor' }), %q)", nls)), false)
  expect_eq(g:run(string.format("return may_enter('insurgent', units_on_map('insurgent')[1], %q)", sanctuary)), false)
  local g2 = H.at_operations{ scenario = "next_war", idf_hand = {} }
  expect_eq(g2:run(string.format("return may_enter('idf', pieces.top(ZONES[1], { type = 'idf_armor' }), %q)", north)), true)
end)

-- The Insurgent's turn, its hand the chits `hand`, after `prepare`.
local function insurgent_turn(hand, prepare, dice)
  local g = H.at_operations{ idf_hand = {}, prepare = H.hand_code("insurgent", hand) .. (prepare or "") }
  H.end_phase(g)
  if dice then g:dice(dice) end
  return g
end

test("7.3D, rulings N9, OQ9: a zone's ready rockets fire, each 6 a VP, any hit one Cascading Effect", function()
  local g = insurgent_turn({ "insurgent_j3" }, [[
    for _, u in ipairs(units_on_map('insurgent', function(u) return pieces.value(u, 'support') end)) do
      pieces.move(u, 'insurgent_setup', 'test')
    end
    for _ = 1, 2 do pieces.move(pieces.top('insurgent_setup', { type = 'sr_rocket' }), SOUTH_OF_LITANI[3], 'test') end
    -- An SR rocket north of the Litani may not fire from there.
    pieces.move(pieces.top('insurgent_setup', { type = 'sr_rocket' }), LEBANON[#LEBANON], 'test')]], { 6, 3 })
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "King" })
  choose_starting(g, "J-3 D")
  expect_eq(#g:choices(), 1)
  g:choose(1)
  expect(g:logged("1 hits on Israel", "7.3D"))
  expect_eq(g:track("insurgent_vp"), 1)
  expect(g:logged("Cascading Effect King of hearts: No effect", "10.1"))
  expect_eq(g:run("return #units_on_map('insurgent', function(u) return pieces.face(u) == 'fired' end)"), 2)
  expect_eq(g:track("collateral_damage"), 0) -- not a Countervalue event (OQ11)
end)

test("7.3E, ruling C7: a raid from a controlled zone next to Nahariyya scores the die, once a turn", function()
  local g = insurgent_turn({ "insurgent_j3", "insurgent_j3" }, nil, { 4 })
  choose_starting(g, "J-3 E")
  g:choose(1)
  expect_eq(g:track("insurgent_vp"), 4)
  expect(g:logged("The raid scores 4 VP", "7.3E"))
  for _, t in ipairs(g:choices()) do expect(t:sub(1, 5) ~= "J-3 E", "a second raid offered") end
end)

-- The IDF's armour next to Naqoura, where one guerrilla waits; the
-- Insurgent's hand `ins`, the IDF's `idf_hand`.
local function approach(ins, idf_hand, dice, unit)
  local code = H.hand_code("insurgent", ins)
  return H.at_operations{ scenario = "lebanon_2006", idf_hand = idf_hand, dice = dice, prepare = code .. string.format([[
    local from
    for _, z in ipairs(map.neighbours(SOUTH_OF_LITANI[1])) do
      if map.attr(z, 'country') == 'israel' then from = z end
    end
    pieces.move(pieces.top(ZONES[1], { type = %q }), from, 'test')
    for _, u in ipairs(units_on_map('insurgent', nil, { SOUTH_OF_LITANI[1] })) do pieces.move(u, 'insurgent_setup', 'test') end
    pieces.move(pieces.top('insurgent_setup', { type = 'guerrilla' }), SOUTH_OF_LITANI[1], 'test')]], unit or "idf_armor") }
end

local function move_in(g, unit_type)
  local from = g:run("local f for _, z in ipairs(map.neighbours(SOUTH_OF_LITANI[1])) do "
                     .. "if map.attr(z, 'country') == 'israel' then f = z end end return f")
  g:choose("option=move_units,location=" .. from)
  if g:prompt() == "Play a second J-3 in tandem against ambushes?" then return from end
  local u = g:run(string.format("return pieces.top(%q, { type = %q })", from, unit_type or "idf_armor"))
  g:choose("piece=" .. u .. ",to=" .. g:run("return SOUTH_OF_LITANI[1]"))
  return from
end

test("7.3C, rulings C3, OQ3: an ambush makes the ambusher the attacker", function()
  local g = approach({ "insurgent_j3" }, { "idf_j3" })
  choose_starting(g, "J-3 A")
  move_in(g)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Ambush the units entering Naqoura?")
  g:choose("ambush")
  expect(g:logged("Battle in Naqoura: Insurgent attacks", "9.0"))
end)

test("7.3C: a second J-3 in tandem forestalls the ambush", function()
  local g = approach({ "insurgent_j3" }, { "idf_j3", "idf_j3" })
  choose_starting(g, "J-3 A")
  move_in(g)
  expect_eq(g:prompt(), "Play a second J-3 in tandem against ambushes?")
  g:choose("tandem")
  local u = g:run("local f for _, z in ipairs(map.neighbours(SOUTH_OF_LITANI[1])) do if map.attr(z, 'country') == 'israel' then "
                  .. "f = pieces.top(z, { type = 'idf_armor' }) end end return f")
  g:choose("piece=" .. u .. ",to=" .. g:run("return SOUTH_OF_LITANI[1]"))
  expect(g:logged("Battle in Naqoura: IDF attacks", "9.0"))
  expect_eq(g:count("idf_discard"), 2)
end)

test("9.0, 10.2: an SOF prevents the ambush, and entering alone the IDF may decline to fight", function()
  local g = approach({ "insurgent_j3" }, { "idf_j3" }, nil, "idf_sof")
  choose_starting(g, "J-3 A")
  move_in(g, "idf_sof")
  expect_eq(g:side(), "idf")
  expect_eq(g:prompt(), "Fight in Naqoura?")
  g:choose("no_fight")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)
