-- J-4 moves (7.4B airmobile, 7.4D strategic; rulings C8, X16) and deep
-- strikes (11.0, 11.1; rulings C6, N11, OQ23).

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
