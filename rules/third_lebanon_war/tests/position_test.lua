-- Tests that start from a position file (position_strike.toml, exported
-- from a random game by `cardboard export`) rather than from the set-up:
-- turn 2, the IDF's Joint Operations with a J-3 in hand and an MR Rocket
-- revealed in Rashaya.

local function area_attack(dice, draws)
  local g = new_game{ scenario = "position_strike.toml", dice = dice, draws = draws }
  expect_eq(g:side(), "idf")
  g:choose("J-3 D: deep strike: area attack")
  g:choose("Area attack on the revealed units in Rashaya")
  expect_eq(g:unused_dice(), 0)
  return g
end

-- 12.2 (T68): two dice, a 5 one hit and a 6 two; the MR Rocket takes the
-- hit (disrupted); a target that takes every hit causes no collateral damage.
test("position: 12.2 an area attack's single hit disrupts the MR Rocket, no collateral damage", function()
  local g = area_attack{ 5, 1 }
  expect(g:logged("1 hits on Rashaya, 0 saved by the terrain", "12.2"))
  expect(g:logged("MR Rocket marked disrupted", "12.2"))
  expect_eq(g:track("collateral_damage"), 0)
end)

-- 12.2, 13.0 (T71): four hits on one target: the excess is collateral
-- damage, once: one event and one Cascading Effects card (the 5 of
-- Diamonds: a d6 of 5-6 brings Syria in; 4 does not).
test("position: 12.2, 13.0 T71 hits the targets cannot take are collateral damage, one card", function()
  local g = area_attack({ 6, 6, 4 }, { cascading_deck = { "5 of Diamonds" } })
  expect(g:logged("4 hits on Rashaya, 0 saved by the terrain", "12.2"))
  expect(g:logged("The strike on Rashaya causes collateral damage", "13.0"))
  expect_eq(g:track("collateral_damage"), 1)
  expect_eq(g:count("syria"), 0)
end)
