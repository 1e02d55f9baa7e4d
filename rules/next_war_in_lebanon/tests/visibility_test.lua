-- What the enemy sees (8.0, 8.1, 9.0; rulings S1, S2): the top unit of
-- each stack of at most the C2, the top of a TF box, everything in a battle.

local H = require("helpers")

-- How many of `side`'s units in `zone` (Lua) have the visibility `v` (Lua:
-- a string or nil).
local function count_with(g, side, zone, v)
  return g:run(string.format("local n = 0 for _, u in ipairs(pieces.at(%s, { kind = 'unit', owner = %q })) do "
                             .. "if pieces.visibility(u) == %s then n = n + 1 end end return n", zone, side, v))
end

test("8.0, ruling S1: a zone's loose units stand in stacks of the C2; the enemy sees each stack's top", function()
  local g = H.at_operations{ idf_hand = {} }
  local loose = g:run("return pieces.count(ZONES[1], { kind = 'unit', owner = 'idf' })")
  local tops = (loose + 6) // 7 -- C2 7
  expect_eq(count_with(g, "idf", "ZONES[1]", "nil"), tops)
  expect_eq(count_with(g, "idf", "ZONES[1]", "'owner'"), loose - tops)
end)

test("8.1, ruling S2: the enemy sees the top unit of a TF box only", function()
  local g = H.at_operations{ idf_hand = {}, prepare = [[
    local hq = pieces.top(ZONES[1], { kind = 'hq' })
    for _ = 1, 3 do pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), holding_box(hq), 'test') end]] }
  local box = g:run("return holding_box(pieces.top(ZONES[1], { kind = 'hq' }))")
  expect_eq(g:run("local n = 0 for _, u in ipairs(pieces.at('" .. box .. "')) do "
                  .. "if pieces.visibility(u) == 'public' then n = n + 1 end end return n"), 1)
  expect_eq(g:run("return pieces.visibility(pieces.at('" .. box .. "')[3])"), "public")
end)

test("9.0, 8.1 note: a battle shows every unit in it", function()
  local g = H.at_operations{ idf_hand = {}, prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), SOUTH_OF_LITANI[1], 'test')]] }
  -- The battle in Naqoura asks the IDF to fire: every unit there is public.
  expect(g:prompt():find("fires at which unit%?") ~= nil, g:prompt())
  expect_eq(count_with(g, "insurgent", "SOUTH_OF_LITANI[1]", "'owner'"), 0)
end)

test("8.0: a unit leaving play leaves its stack's secrecy: the eliminated box is seen by all", function()
  local g = H.at_operations{ idf_hand = { "idf_j3" }, dice = { 6 }, prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    local z = SOUTH_OF_LITANI[1]
    for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.set_visibility(u, 'owner', 'test') end]] }
  H.choose_starting(g, "J-3 H")
  g:choose("location=" .. g:run("return SOUTH_OF_LITANI[1]"))
  g:choose(1)
  expect_eq(g:count("insurgent_eliminated"), 1)
  expect_eq(g:run("return pieces.visibility(pieces.at('insurgent_eliminated')[1])"), nil)
end)
