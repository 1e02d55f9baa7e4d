-- J-4 moves (7.4B airmobile, 7.4D strategic; rulings C8, X16) and deep
-- strikes (11.0, 11.1; rulings C6, N11, OQ23, X19).

local H = require("helpers")
local choose_starting = H.choose_starting

-- The Insurgent's hand emptied, then holding `ins` (type ids).
local function hands(ins)
  return H.hand_code("insurgent", ins)
end

test("7.4B, ruling X16: a light infantry, SOF or the 299 flies to any zone, in either mode; an enemy sanctuary draws a card", function()
  local g = H.at_operations{ idf_hand = { "idf_j4" }, prepare = hands() .. [[
    for _, z in ipairs(ZONES) do
      if map.attr(z, 'sanctuary') == 'insurgent' then
        for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_setup', 'test') end
      end
    end]] }
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "King" })
  choose_starting(g, "J-4 B")
  -- 2 light infantry, the 900, 3 SOF and the 299.
  expect_eq(#g:choices(), 7)
  local nls = g:run("for _, z in ipairs(ZONES) do if map.attr(z, 'sanctuary') == 'insurgent' then return z end end")
  local sof = g:run("return pieces.top(ZONES[1], { type = 'idf_sof' })")
  g:choose("piece=" .. sof)
  g:choose("piece=" .. sof .. ",to=" .. nls)
  g:choose("dispersed")
  expect_eq(g:run("return pieces.location(" .. sof .. ")"), nls)
  expect_eq(g:run("return pieces.face(" .. sof .. ")"), "dispersed")
  expect(g:logged("Cascading Effect King of hearts: No effect", "7.4B"))
end)

test("7.4B, 9.0, 10.2: an SOF flying alone among the enemy may decline to fight, as one moving by land", function()
  local function fly_sof()
    local g = H.at_operations{ idf_hand = { "idf_j4" }, prepare = hands() }
    local sof = g:run("return pieces.top(ZONES[1], { type = 'idf_sof' })")
    local naqoura = g:run("return SOUTH_OF_LITANI[1]")
    choose_starting(g, "J-4 B")
    g:choose("piece=" .. sof)
    g:choose("piece=" .. sof .. ",to=" .. naqoura)
    g:choose("combat")
    expect_eq(g:side(), "idf")
    expect_eq(g:prompt(), "Fight in Naqoura?")
    return g
  end
  local g = fly_sof()
  g:choose("no_fight")
  expect(not g:logged("Battle in Naqoura: IDF attacks", "9.0"), "no battle")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  local g2 = fly_sof()
  g2:choose("fight")
  expect(g2:logged("Battle in Naqoura: IDF attacks", "9.0"))
end)

test("7.4D: a strategic move takes units of one zone, up to the C2, back to a sanctuary, any mode on arrival", function()
  local g = H.at_operations{ idf_hand = { "idf_j4" }, prepare = hands() .. [[
    local out = map.neighbours(ZONES[1])[1]
    for _ = 1, 3 do pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), out, 'test') end]] }
  choose_starting(g, "J-4 D")
  g:choose(1)
  for _ = 1, 3 do g:choose(2) end
  expect_eq(g:run("return pieces.count(map.neighbours(ZONES[1])[1], { kind = 'unit' })"), 0)
  -- They may change mode on arrival.
  expect_eq(g:prompt(), "Change the mode of a unit that arrived?")
  g:choose(2)
  g:choose("done")
  expect_eq(g:run("local n = 0 for _, u in ipairs(pieces.at(ZONES[1], { type = 'idf_armor' })) do "
                  .. "if pieces.face(u) == 'dispersed' then n = n + 1 end end return n"), 1)
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("11.0 Area Strike, ruling OQ23: half the units of one mode, 5-6 on combat mode (rockets included)", function()
  local g = H.at_operations{ idf_hand = { "idf_j3" }, prepare = hands() .. [[
    local z = SOUTH_OF_LITANI[3]
    for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_setup', 'test') end
    for _, t in ipairs({ 'guerrilla', 'guerrilla', 'sr_rocket', 'militia' }) do
      local u = pieces.top('insurgent_setup', { type = t })
        or units_on_map('insurgent', function(u) return pieces.type(u) == t and pieces.location(u) ~= z end)[1]
      pieces.move(u, z, 'test')
    end]], dice = { 5, 4 } }
  choose_starting(g, "J-3 G")
  g:choose("location=" .. g:run("return SOUTH_OF_LITANI[3]"))
  g:choose("combat")
  -- Four combat-mode units: two targeted.
  g:choose(1)
  g:choose(1)
  expect_eq(g:count("insurgent_eliminated"), 1)
end)

test("11.1, ruling N11: a J-4 answers a strike: nullified, both chits spent", function()
  local g = H.at_operations{ idf_hand = { "idf_j3" }, prepare = hands({ "insurgent_j4" }) }
  choose_starting(g, "J-3 H")
  g:choose(1)
  g:choose(1)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt():find("Fire SAMs") ~= nil, true)
  g:choose("fire_sams")
  expect(g:logged("IDF played a J-3 chit to PGM strike", "11.0"))
  expect_eq(g:count("insurgent_discard"), 1)
  expect_eq(g:count("insurgent_eliminated"), 0)
end)

test("11.0 Decapitation Strike: on 5-6 the Syrian corps HQ is destroyed, its units set out, the Insurgent C2 one lower", function()
  local g = H.at_operations{ idf_hand = { "idf_j3" }, dice = { 5 }, prepare = hands() .. [[
    vars.syria_in_war = true
    local syria
    for _, z in ipairs(ZONES) do if map.attr(z, 'country') == 'syria' then syria = z end end
    local hq = pieces.top('syrian_forces', { kind = 'hq' })
    pieces.move(hq, syria, 'test')
    pieces.move(pieces.top('syrian_forces', { type = 'syrian_division' }), holding_box(hq), 'test')]] }
  H.choose_starting(g, "J-3 I")
  g:choose(1)
  expect_eq(g:count("removed_from_game"), 1)
  expect_eq(g:count("syrian_box"), 0)
  expect_eq(g:track("insurgent_c2"), 4)
  expect(g:logged("The Syrian corps HQ is destroyed", "11.0"))
end)

test("The Lebanese Army card: IDF regulars never enter its zone; SOF may", function()
  local g = H.at_operations{ idf_hand = {}, prepare = [[
    for _, z in ipairs(ZONES) do
      if map.attr(z, 'sanctuary') == 'insurgent' then
        table.insert(vars.lebanese_army_zones, map.neighbours(z)[1])
      end
    end]] }
  local closed = g:run("return vars.lebanese_army_zones[1]")
  expect_eq(g:run(string.format("return may_enter('idf', pieces.top(ZONES[1], { type = 'idf_armor' }), %q)", closed)), false)
  expect_eq(g:run(string.format("return may_enter('idf', pieces.top(ZONES[1], { type = 'idf_sof' }), %q)", closed)), true)
end)

test("7.4B, 7.4D, rulings C8, OQ17: airmobile movement may leave a sanctuary; strategic movement never does", function()
  -- Every IDF unit is in its sanctuary: J-4 B is offered, J-4 D is not.
  local g = H.at_operations{ idf_hand = { "idf_j4" }, prepare = hands() }
  local offered = {}
  for _, t in ipairs(g:choices()) do offered[t:sub(1, 5)] = true end
  expect(offered["J-4 B"] and not offered["J-4 D"], table.concat(g:choices(), " | "))
  -- Three armour brigades in Upper Galilee: J-4 D moves them, from there only.
  local g2 = H.at_operations{ idf_hand = { "idf_j4" }, prepare = hands() .. [[
    for _ = 1, 3 do pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), 'upper_galilee', 'test') end]] }
  choose_starting(g2, "J-4 D")
  expect_eq(g2:choice_values(), { "location=upper_galilee" })
end)

-- Four Insurgent combat-mode units in Qana, the IDF's hand `idf`, the
-- Insurgent's `ins`.
local function strike_position(idf, ins, dice)
  return H.at_operations{ idf_hand = idf, dice = dice, prepare = hands(ins) .. [[
    local z = SOUTH_OF_LITANI[3]
    for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_setup', 'test') end
    for _ = 1, 4 do
      local u = pieces.top('insurgent_setup', { type = 'guerrilla' })
        or units_on_map('insurgent', function(u) return pieces.type(u) == 'guerrilla' and pieces.location(u) ~= z end)[1]
      pieces.move(u, z, 'test')
    end]] }
end

test("11.0, 11.1, ruling C6: one J-4 nullifies a whole area strike, every target of it; both chits are spent", function()
  local g = strike_position({ "idf_j3" }, { "insurgent_j4" }, { 5, 5 })
  choose_starting(g, "J-3 G")
  g:choose("location=" .. g:run("return SOUTH_OF_LITANI[3]"))
  g:choose("combat")
  g:choose(1)
  g:choose(1)
  expect_eq(g:side(), "insurgent")
  g:choose("fire_sams")
  expect(g:logged("SAMs nullify the strike on Qana", "11.1"))
  expect_eq(g:unused_dice(), 2) -- neither target was rolled for
  expect_eq(g:at("idf_discard"), { "J-3 Operations" })
  expect_eq(g:at("insurgent_discard"), { "J-4 Logistics" })
  expect_eq(g:count("insurgent_eliminated"), 0)
end)

-- Qana's four guerrillas: two in combat mode, two dispersed.
local function mixed_strike_position(ins, dice)
  local g = strike_position({ "idf_j3", "idf_j3" }, ins, dice)
  g:run("local g = pieces.at(SOUTH_OF_LITANI[3], { type = 'guerrilla' }) "
        .. "pieces.set_face(g[3], 'dispersed', 'test') pieces.set_face(g[4], 'dispersed', 'test')")
  return g
end

-- An area strike on Qana's combat-mode units, a second on its dispersed
-- ones declared with it: one target each.
local function two_area_strikes(g)
  choose_starting(g, "J-3 G")
  g:choose("location=" .. g:run("return SOUTH_OF_LITANI[3]"))
  g:choose("combat")
  g:choose(1)
  expect_eq(g:prompt(), "Declare another strike on Qana (Tyre hinterland) with it?")
  g:choose("area_strike")
  g:choose(1) -- the dispersed mode is the one left: its target
  expect(g:logged("IDF played a J-3 chit to area strike", "11.0"))
end

test("11.0, 11.1, rulings C6, X19: strikes declared together on one zone fall to one J-4; undefended, each rolls", function()
  local g = mixed_strike_position({ "insurgent_j4", "insurgent_j4" }, { 6, 6 })
  two_area_strikes(g)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Fire SAMs at the strike on Qana (Tyre hinterland)?")
  g:choose("fire_sams")
  expect_eq(g:unused_dice(), 2) -- neither strike was rolled
  expect_eq(g:count("insurgent_eliminated"), 0)
  expect_eq(g:at("idf_discard"), { "J-3 Operations", "J-3 Operations" })
  expect_eq(g:at("insurgent_discard"), { "J-4 Logistics" }) -- one J-4 for the zone
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  -- Without a SAM both strikes roll: a 5 on the combat-mode target, a 6 on the dispersed one.
  local g2 = mixed_strike_position({ "insurgent_j4" }, { 5, 6 })
  two_area_strikes(g2)
  g2:choose("no_sams")
  expect_eq(g2:count("insurgent_eliminated"), 2)
end)

test("11.0, ruling OQ30: a strike declared after a SAM on the same zone is a new mission; only another J-4 answers it", function()
  local g = strike_position({ "idf_j3", "idf_j3" }, { "insurgent_j4", "insurgent_j4" }, { 5 })
  local qana = g:run("return SOUTH_OF_LITANI[3]")
  choose_starting(g, "J-3 H")
  g:choose("location=" .. qana)
  g:choose(1)
  g:choose("no_more") -- the second J-3 is kept for a mission of its own
  g:choose("fire_sams")
  expect_eq(g:count("insurgent_eliminated"), 0)
  choose_starting(g, "J-3 H")
  g:choose("location=" .. qana)
  g:choose(1)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Fire SAMs at the strike on Qana (Tyre hinterland)?")
  g:choose("no_sams")
  expect_eq(g:count("insurgent_eliminated"), 1)
end)

test("11.0, 11.1, ruling N12: the SAM that answers a deep strike is a J-4, automatic; without one the strike goes in", function()
  -- No J-4: no SAM is asked, and the PGM's 5 destroys its target.
  local g = strike_position({ "idf_j3" }, { "insurgent_j2" }, { 5 })
  choose_starting(g, "J-3 H")
  g:choose("location=" .. g:run("return SOUTH_OF_LITANI[3]"))
  g:choose(1)
  expect_eq(g:count("insurgent_eliminated"), 1)
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  -- A J-4: asked, and the SAM rolls no die.
  local g2 = strike_position({ "idf_j3" }, { "insurgent_j4" }, { 5 })
  choose_starting(g2, "J-3 H")
  g2:choose("location=" .. g2:run("return SOUTH_OF_LITANI[3]"))
  g2:choose(1)
  g2:choose("fire_sams")
  expect_eq(g2:unused_dice(), 1)
  expect_eq(g2:count("insurgent_eliminated"), 0)
end)

test("14.2C, ruling N11: over Syria the J-6 air defences roll, a 5-6 nullifying the strike", function()
  local function strike_on_syria(dice)
    local g = H.at_operations{ scenario = "next_war_optional", idf_hand = { "idf_j3" }, dice = dice,
                               prepare = hands({ "insurgent_j6" }) .. [[
      vars.syria_in_war = true
      for _, p in ipairs(pieces.at('syrian_forces')) do pieces.move(p, 'syria', 'test') end]] }
    g:draws("suit_cup", { "Heart" })
    g:draws("rank_cup", { "King" })
    choose_starting(g, "J-3 H")
    g:choose("location=syria")
    g:choose("piece=" .. g:run("return pieces.top('syria', { type = 'syrian_division' })"))
    expect_eq(g:prompt(), "Syrian air defences against the strike on Syria?")
    g:choose("air_defences")
    return g
  end
  local g = strike_on_syria({ 4, 5 }) -- the defences miss, the PGM hits
  expect_eq(g:at("removed_from_game"), { "Syrian Division" })
  local g2 = strike_on_syria({ 5 })
  expect(g2:logged("Syrian air defences nullify the strike on Syria", "14.2C"))
  expect_eq(g2:count("removed_from_game"), 0)
end)

test("6.0, 8.1, 11.0, ruling OQ8: when the C2 falls the hand is kept; TF boxes shed the excess at once, the next hand is smaller", function()
  local g = H.at_operations{ idf_hand = { "idf_j3" }, dice = { 5 },
                             prepare = hands({ "insurgent_j1", "insurgent_j1", "insurgent_j3" }) .. [[
    vars.syria_in_war = true
    local hq = pieces.top('syrian_forces', { kind = 'hq' })
    pieces.move(hq, 'syria', 'test')
    pieces.move(pieces.top('syrian_forces', { type = 'syrian_division' }), holding_box(hq), 'test')
    -- Five guerrillas in the Insurgent TF's box (C2 5).
    local ins = pieces.at('insurgent_box')
    for _, u in ipairs(ins) do pieces.move(u, 'insurgent_setup', 'test') end
    for _ = 1, 5 do
      local u = units_on_map('insurgent', function(u) return pieces.type(u) == 'guerrilla' end)[1]
      pieces.move(u, 'insurgent_box', 'test')
    end]] }
  -- The strike in Syria and the phase draw a card each: no effect.
  g:draws("suit_cup", { "Heart", "Heart" })
  g:draws("rank_cup", { "King", "King" })
  expect_eq(g:count("insurgent_hand"), 5)
  choose_starting(g, "J-3 I")
  g:choose(1)
  expect_eq(g:track("insurgent_c2"), 4)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Detach a unit from Insurgent TF HQ (the C2 fell)")
  g:choose(1)
  expect_eq(g:count("insurgent_box"), 4)
  expect_eq(g:count("insurgent_hand"), 5) -- no discard
  H.pass_turns(g, function(g) return g:turn() >= 2 end)
  expect_eq(g:count("insurgent_hand"), 4)
end)

test("3.0, 8.1, ruling OQ18: the Insurgent TF HQ takes Hezbollah units, the Syrian corps HQ Syrian ones; each moves with its box", function()
  local g = H.at_operations{ idf_hand = {}, prepare = hands({ "insurgent_j3" }) .. [[
    vars.syria_in_war = true
    for _, p in ipairs(pieces.at('syrian_forces')) do pieces.move(p, 'syria', 'test') end
    local hq
    for _, z in ipairs(ZONES) do hq = hq or pieces.top(z, { type = 'insurgent_tf_hq' }) end
    pieces.move(hq, 'zahrani', 'test')
    for _, u in ipairs(pieces.at('insurgent_box')) do pieces.move(u, 'zahrani', 'test') end
    pieces.move(units_on_map('insurgent', function(u) return pieces.type(u) == 'guerrilla' end)[1], 'zahrani', 'test')
    -- A guerrilla beside the corps HQ, a division beside the Insurgent's.
    pieces.move(units_on_map('insurgent', function(u) return pieces.type(u) == 'guerrilla' end)[1], 'syria', 'test')
    pieces.move(pieces.top('syria', { type = 'syrian_division' }), 'zahrani', 'test')]] }
  H.end_phase(g)
  g:choose("organize_task_forces")
  local seen, kinds = {}, {}
  for _, v in ipairs(g:choice_values()) do
    local p, to = v:match("piece=(%d+),to=([%w_]+)")
    if p and v:find("option=attach", 1, true) then
      local key = g:run("return pieces.value(" .. p .. ", 'nation')") .. " to " .. to
      if not seen[key] then
        seen[key] = true
        kinds[#kinds + 1] = key
      end
    end
  end
  table.sort(kinds)
  expect_eq(kinds, { "hezbollah to insurgent_box", "syria to syrian_box" })
  -- A guerrilla attached, the Insurgent TF HQ moves with it.
  local u = g:run("return pieces.top('zahrani', { type = 'guerrilla' })")
  g:choose("option=attach,piece=" .. u .. ",to=insurgent_box")
  g:choose("done")
  local hq = g:run("return pieces.top('zahrani', { type = 'insurgent_tf_hq' })")
  choose_starting(g, "J-3 A")
  g:choose("option=move_tf,piece=" .. hq)
  g:choose(1)
  local to = g:run("return pieces.location(" .. hq .. ")")
  expect(to ~= "zahrani", "the HQ moved")
  expect_eq(g:at("insurgent_box"), { "Guerrilla" })
  expect_eq(g:run("return units_in_zone('" .. to .. "', 'insurgent') >= 1"), true)
end)
