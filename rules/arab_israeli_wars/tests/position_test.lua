-- Tests that start from a position file (position_battle.toml, exported
-- from a random game by `cardboard export`) rather than from a set-up built
-- in Lua: turn 2, the Transfer Phase, Unified Command current.

-- 5 battle at every front, after the last transfer: the higher total takes
-- one TT, the loser discards a random unit (die 2 of 2 at the Central Front
-- picks its second Arab card); 3.0 Unified Command adds 1 to each Israeli
-- unit (Armed Settlers, printed 2, counts 3).
test("position: 5 battle at the three fronts of a turn-2 position", function()
  local g = new_game{ scenario = "position_battle.toml", dice = { 2 } }
  expect_eq(g:turn(), 2)
  expect_eq(g:at("current_event"), { "Unified Command" })
  expect_eq(g:summary("israel").north, "Force Totals: Israel 3 (1 card), Arabs 8 (3 cards); Arab TT 3 of 6")
  g:choose("No transfer")
  expect(g:logged("North Front: Israel 3, Arabs 8: the Arabs won", "5"))
  expect_eq({ g:track("arab_tt_north"), g:track("arab_tt_central"), g:track("arab_tt_south") }, { 4, 2, 2 })
  expect_eq(g:at("israeli_discard"), { "Armed Settlers" })
  expect_eq(g:at("arab_discard"), { "Glub Pasha", "Moslem Brotherhood" })
  expect_eq(g:unused_dice(), 0)
end)

-- The same position, the Haganah Brigades moved to the Central Front
-- first: a transfer the position offers changes that front's battle.
test("position: a transfer from the position moves the Haganah Brigades before the battles", function()
  local g = new_game{ scenario = "position_battle.toml", dice = { 1 } }
  g:choose("Haganah Brigades from South Front")
  g:choose("Move Haganah Brigades from South Front to Central Front")
  expect(g:logged("Central Front: Israel 11, Arabs 3: Israel won", "5"))
  expect_eq(g:at("arab_discard")[1], "The Army of Salvation")
end)
