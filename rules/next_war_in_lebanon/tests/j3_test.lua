-- J-3 movement (7.3A; 2.1, 3.0, 8.1, 9.0, 10.2, 15.1; rulings N16, N17, X18):
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

test("3.0, 7.3A, 8.1, rulings N16, X18: a TF HQ moves without the dispersed units of its box; they stay, loose, in the zone it left", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = { "idf_j3" }, prepare = [[
    local hq = pieces.top(ZONES[1], { kind = 'hq' })
    for _ = 1, 3 do pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), holding_box(hq), 'test') end
    pieces.set_face(pieces.top(holding_box(hq), { type = 'idf_armor' }), 'dispersed', 'test')]] }
  local hq = g:run("return pieces.top(ZONES[1], { kind = 'hq' })")
  local dispersed = g:run("return pieces.top(holding_box(" .. hq .. "), { type = 'idf_armor' })")
  choose_starting(g, "J-3 A")
  g:choose("option=move_tf,piece=" .. hq)
  g:choose(1)
  expect_eq(g:run("return pieces.location(" .. hq .. ")"), g:run("return map.neighbours(ZONES[1])[1]"))
  expect_eq(g:count("tf_box_1"), 2) -- the two in combat mode went with it
  expect_eq(g:run("return pieces.location(" .. dispersed .. ")"), g:run("return ZONES[1]"))
  expect_eq(g:run("return pieces.face(" .. dispersed .. ")"), "dispersed")
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
    pieces.move(pieces.top('insurgent_setup', { type = 'sr_rocket' }), LEBANON[#LEBANON], 'test')]], { 6, 6 })
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "King" })
  choose_starting(g, "J-3 D")
  expect_eq(#g:choices(), 1)
  g:choose(1)
  expect(g:logged("2 hits on Israel", "7.3D"))
  expect_eq(g:track("insurgent_vp"), 2)
  -- Two hits, one Cascading Effect.
  local cards = 0
  for _, e in ipairs(g:events()) do
    if e.text:find("Cascading Effect ", 1, true) == 1 then cards = cards + 1 end
  end
  expect_eq(cards, 1)
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
-- `unit` (a type, the armour without it) is the one moved; `also` lists
-- more Insurgent types set in Naqoura beside the guerrilla.
local function approach(ins, idf_hand, dice, unit, also)
  local code = H.hand_code("insurgent", ins)
  local more = ""
  for _, t in ipairs(also or {}) do
    more = more .. string.format("pieces.move(pieces.top('insurgent_setup', { type = %q }) or units_on_map('insurgent', "
                                 .. "function(u) return pieces.type(u) == %q end)[1], SOUTH_OF_LITANI[1], 'test')\n", t, t)
  end
  return H.at_operations{ scenario = "lebanon_2006", idf_hand = idf_hand, dice = dice, prepare = code .. string.format([[
    local from
    for _, z in ipairs(map.neighbours(SOUTH_OF_LITANI[1])) do
      if map.attr(z, 'country') == 'israel' then from = z end
    end
    pieces.move(pieces.top(ZONES[1], { type = %q }), from, 'test')
    for _, u in ipairs(units_on_map('insurgent', nil, { SOUTH_OF_LITANI[1] })) do pieces.move(u, 'insurgent_setup', 'test') end
    pieces.move(pieces.top('insurgent_setup', { type = 'guerrilla' }), SOUTH_OF_LITANI[1], 'test')
    ]], unit or "idf_armor") .. more }
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

test("7.3C, 10.2, rulings C4, OQ4: the 299 Herev prevents the ambush; the 900 Kfir does not", function()
  local g = approach({ "insurgent_j3" }, { "idf_j3" }, nil, "idf_299_herev")
  choose_starting(g, "J-3 A")
  move_in(g, "idf_299_herev")
  expect(g:logged("Battle in Naqoura: IDF attacks", "9.0"))
  expect_eq(g:run("return pieces.count('insurgent_hand', { type = 'insurgent_j3' })"), 1) -- never asked to ambush

  local g2 = approach({ "insurgent_j3" }, { "idf_j3" }, nil, "idf_900_kfir")
  choose_starting(g2, "J-3 A")
  move_in(g2, "idf_900_kfir")
  expect_eq(g2:side(), "insurgent")
  expect_eq(g2:prompt(), "Ambush the units entering Naqoura?")
end)

test("7.3C, 9.0, ruling OQ3: ambushed, the mover defends with the +1, adds no J-4 and no air support, and the ambushers' rockets do not support", function()
  -- The IDF holds a J-4 and a second J-3 and declines the tandem; the
  -- Insurgent ambushes. Advantage: 3 against 3 + 1 (the IDF defends).
  local g = approach({ "insurgent_j3" }, { "idf_j3", "idf_j3", "idf_j4" }, { 3, 3, 6, 1 }, nil, { "sr_rocket" })
  choose_starting(g, "J-3 A")
  local from = move_in(g)
  g:choose("no_tandem")
  g:choose("piece=" .. g:run(string.format("return pieces.top(%q, { type = 'idf_armor' })", from)) .. ",to="
           .. g:run("return SOUTH_OF_LITANI[1]"))
  g:choose("ambush")
  expect(g:logged("Battle in Naqoura: Insurgent attacks", "9.0"))
  expect_eq(g:run("return pieces.count(SOUTH_OF_LITANI[1], { type = 'sr_rocket' })"), 1)
  expect(g:logged("IDF has the tactical advantage (4 against 3)", "9.1"))
  expect_eq(g:prompt(), "Armor Brigade fires at which unit?")
  expect_eq(g:run("return { pieces.count('idf_hand', { type = 'idf_j3' }), pieces.count('idf_hand', { type = 'idf_j4' }) }"),
            { 1, 1 })
  g:choose(1)
  -- The guerrilla, now the attacker, gets no rocket support.
  expect(g:logged("Armor Brigade (10) against Guerrilla (2)", "9.2"))
end)

test("9.3, 3.0, ruling N16: a disrupted unit in combat mode may move; a dispersed one never, disrupted or not", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = { "idf_j3" }, prepare = [[
    local armor = pieces.at(ZONES[1], { type = 'idf_armor' })
    pieces.mark(armor[1], 'disrupted', 'test')
    pieces.set_face(armor[2], 'dispersed', 'test')
    pieces.mark(armor[2], 'disrupted', 'test')]] }
  local armor = g:run("return pieces.at(ZONES[1], { type = 'idf_armor' })")
  choose_starting(g, "J-3 A")
  g:choose("option=move_units,location=" .. g:run("return " .. SANCTUARY))
  local offered = {}
  for _, v in ipairs(g:choice_values()) do
    local p = v:match("^piece=(%d+),")
    if p then offered[tonumber(p)] = true end
  end
  expect(offered[armor[1]], "the disrupted armour in combat mode may move")
  expect(not offered[armor[2]], "the dispersed one may not")
end)

test("12.1, ruling N17: Syrian divisions and their HQ may enter Lebanon, never Israel; Syria's missiles never leave Syria", function()
  local function syria_in(hand)
    local g = H.at_operations{ idf_hand = {}, prepare = H.hand_code("insurgent", hand) .. [[
      vars.syria_in_war = true
      for _, p in ipairs(pieces.at('syrian_forces')) do pieces.move(p, 'syria', 'test') end]] }
    H.end_phase(g)
    return g
  end
  local g = syria_in({ "insurgent_j3" })
  choose_starting(g, "J-3 A")
  g:choose("option=move_units,location=syria")
  local moves, to = 0, {}
  for _, v in ipairs(g:choice_values()) do
    local p, z = v:match("^piece=(%d+),to=([%w_]+)$")
    if p then
      moves = moves + 1
      expect_eq(g:run("return pieces.type(" .. p .. ")"), "syrian_division")
      to[z] = true
    end
  end
  expect_eq(moves, 9) -- three divisions, three zones each
  expect(to.hasbaya and to.west_bekaa and to.north_lebanon and not to.golan, "Lebanon and the sanctuary, never the Golan")
  -- The corps HQ, with a division in its box, likewise.
  local g2 = syria_in({ "insurgent_j3" })
  g2:run("local hq = pieces.top('syria', { kind = 'hq' }) "
         .. "pieces.move(pieces.top('syria', { type = 'syrian_division' }), holding_box(hq), 'test')")
  choose_starting(g2, "J-3 A")
  g2:choose("option=move_tf,piece=" .. g2:run("return pieces.top('syria', { kind = 'hq' })"))
  local dests = {}
  for _, v in ipairs(g2:choice_values()) do dests[#dests + 1] = v:match(",to=([%w_]+)$") end
  table.sort(dests)
  expect_eq(dests, { "hasbaya", "north_lebanon", "west_bekaa" })
end)

test("7.3B, 15.0, ruling N7: no reinforcement enters by a J-3; one entered by a J-1 moves later by a J-3", function()
  local g = H.at_operations{ idf_hand = { "idf_j1", "idf_j3" } }
  for _, t in ipairs(g:choices()) do expect(t:sub(1, 5) ~= "J-3 B", "J-3 B offered") end
  choose_starting(g, "J-1 R")
  local mech = g:run("return pieces.top('idf_reinforcements', { type = 'idf_mech_infantry' })")
  g:choose("piece=" .. mech)
  g:choose(1) -- the sanctuary
  g:choose("combat")
  for _, t in ipairs(g:choices()) do expect(t:sub(1, 5) ~= "J-3 B", "J-3 B offered") end
  choose_starting(g, "J-3 A")
  g:choose("option=move_units,location=" .. g:run("return " .. SANCTUARY))
  local offered = false
  for _, v in ipairs(g:choice_values()) do offered = offered or v:find("piece=" .. mech .. ",", 1, true) ~= nil end
  expect(offered, "the reinforcement may move")
end)

test("7.3D, ruling N8: an MR rocket fires from the medium band: north of the Litani, never from the northern sanctuary", function()
  local g = insurgent_turn({ "insurgent_j3" }, [[
    for _, u in ipairs(units_on_map('insurgent', function(u) return pieces.value(u, 'support') end)) do
      pieces.move(u, 'insurgent_setup', 'test')
    end
    pieces.move(pieces.top('insurgent_setup', { type = 'mr_rocket' }), 'zahrani', 'test')
    pieces.move(pieces.top('insurgent_setup', { type = 'mr_rocket' }), 'north_lebanon', 'test')]], { 6 })
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "King" })
  choose_starting(g, "J-3 D")
  expect_eq(g:choice_values(), { "location=zahrani" })
  g:choose(1)
  expect(g:logged("1 hits on Israel", "7.3D"))
end)

test("7.3D, ruling OQ15: the missile fires from any zone, the northern sanctuary included, with two dice", function()
  local g = insurgent_turn({ "insurgent_j3" }, [[
    for _, u in ipairs(units_on_map('insurgent', function(u) return pieces.value(u, 'support') end)) do
      pieces.move(u, 'insurgent_setup', 'test')
    end
    pieces.move(pieces.top('insurgent_setup', { type = 'missile' }), 'north_lebanon', 'test')]], { 6, 6 })
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "King" })
  choose_starting(g, "J-3 D")
  expect_eq(g:choice_values(), { "location=north_lebanon" })
  g:choose(1)
  expect(g:logged("2 hits on Israel", "7.3D"))
  expect_eq(g:track("insurgent_vp"), 2)
end)
