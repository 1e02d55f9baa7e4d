-- Tests that start from a position file (position_combat.toml, exported
-- from a random game by `cardboard export`) rather than from a set-up:
-- turn 1's first Combat Phase of 1982, Israel to choose a hex to attack.

-- 7.0, 8.3, 7.6: 96 Armour (8) attacks the PLO 2-3-3 in 1819 across the
-- river, no side commits support fire: +5 on the river row.
local function attack_1819(die)
  local g = new_game{ scenario = "position_combat.toml", dice = { die } }
  g:choose("1819")
  g:choose("96 Armour at 1720")
  g:choose("done")  -- Israel commits no support fire
  g:choose("done")  -- nor Syria
  g:choose("done")  -- nor the PLO
  expect(g:logged("combat: 8 against 3 (+5) on the river row: column +4,+5, roll " .. die, "7.6"))
  expect_eq(g:unused_dice(), 0)
  return g
end

-- Ex: both sides lose a step; any Israeli loss costs international pressure (18.0).
test("position: 7.6 an exchange at +4,+5 depletes both sides", function()
  local g = attack_1819(1)
  expect(g:logged("PLO 2-3-3 turned to its depleted side", "7.6"))
  expect(g:logged("96 Armour turned to its depleted side", "7.6"))
  expect_eq(g:track("pressure_tally"), 29)
end)

-- (A): the attacker loses a step, the defender none.
test("position: 7.6 an (A) at +4,+5 depletes the attacker only", function()
  local g = attack_1819(6)
  expect(g:logged("96 Armour turned to its depleted side", "7.6"))
  expect(not g:logged("PLO 2-3-3 turned to its depleted side"))
  expect_eq(g:prompt(), "Attack a hex")
end)

-- No result: the roll of 3 is a dot.
test("position: 7.6 a dot at +4,+5 changes nothing", function()
  local g = attack_1819(3)
  expect_eq(g:track("pressure_tally"), 30)
end)
