-- The optional chits (14.0-14.2; rulings N11, N22, N23, X9), in the
-- scenarios that put them in play.

local H = require("helpers")
local choose_starting = H.choose_starting

test("14.0: the J-5 and J-6 chits are in the pools only in the optional scenarios", function()
  local g = new_game{ scenario = "next_war_optional" }
  expect_eq(g:run("return pieces.count('idf_pool', { type = 'idf_j5' })"), 2)
  expect_eq(g:count("idf_optional_chits"), 0)
  local g2 = new_game{ scenario = "next_war" }
  expect_eq(g2:count("idf_optional_chits"), 4)
end)

test("14.1, rulings N23, X9: a J-5 plans two chits (never a J-5), which join the next hand above the C2", function()
  local g = H.at_operations{ scenario = "next_war_optional", idf_hand = { "idf_j5" } }
  choose_starting(g, "J-5 A")
  expect_eq(g:choices(), { "J-1", "J-2", "J-3", "J-4", "J-6" })
  g:choose("J-3")
  g:choose("J-6")
  expect_eq(g:count("idf_planned"), 2)
  H.end_phase(g)
  H.end_phase(g)
  -- End of Turn: five selected, two drawn, then the two planned.
  while g:side() == "idf" do g:choose(1) end
  expect_eq(g:count("idf_hand"), 9)
  expect_eq(g:count("idf_planned"), 0)
end)

test("14.2A: J-6 information warfare, a d6 each, every 5-6 a random enemy chit gone", function()
  local g = H.at_operations{ scenario = "next_war_optional", idf_hand = { "idf_j6", "idf_j6" }, dice = { 5, 2, 1 } }
  local before = g:count("insurgent_hand")
  choose_starting(g, "J-6 A")
  g:choose("add_j6")
  expect_eq(g:count("insurgent_hand"), before - 1)
  expect_eq(g:count("insurgent_discard"), 1)
end)

test("14.2B: J-6 networked operations add 1 each to a side's tactical advantage roll", function()
  local g = H.at_operations{ scenario = "next_war_optional", idf_hand = { "idf_j6" }, dice = { 3, 3 }, prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), SOUTH_OF_LITANI[2], 'test')]] }
  expect_eq(g:prompt(), "Add a J-6 for networked operations?")
  g:choose("add_j6")
  -- IDF 3 + 1 against 3 + 1 (defender) + 1 (urban Tyre): the defender has it.
  expect(g:logged("Insurgent has the tactical advantage (5 against 4)", "9.1"))
end)
