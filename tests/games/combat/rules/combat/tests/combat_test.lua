-- The kit's combat procedures, one result kind a test: each sets a battle in
-- vars.battle, forces the die, fights it and checks the log line, the
-- decisions asked, where the units went and the retreats left to make.
--
-- The front (scenarios/combat/front.toml): pieces 1 and 2 are Red armors
-- (6-4, reduced 3-2) and 3 a Red infantry (3-3, reduced 1-2), in 0101;
-- 4 is a Blue brigade (4-5, reduced 2-3) and 5, 6 Blue militia (1-2, one
-- step) in 0201 (clear); 7, 8 and 9 are militia in 0202 (rough), 0203
-- (town) and 0204 (mountain).

local function battle(g, spec)
  g:run("vars.battle = " .. spec)
end

local function fight(g, dice)
  if dice then g:dice(dice) end
  g:choose("fight")
end

test("8.2 De: every defending unit is eliminated; above the last column is the last (+10 is +7)", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 1, 2, 3 }, defenders = { 4 }, row = 'clear' }")
  fight(g, { 1 })
  expect(g:logged("combat: 15 against 5 (+10) on the clear row: column +7, roll 1: De", "8.1"))
  expect(g:logged("d6 rolled 1: combat at +7", "8.1"))
  expect_eq(g:at("blue_eliminated"), { "Brigade" })
  expect(g:logged("Brigade eliminated", "8.2"))
  expect_eq(g:var("code"), "De")
  expect_eq(g:var("retreats"), {})
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("8.2 Ae: every attacking unit is eliminated; below the first column is the first (-6 is -4)", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 3 }, defenders = { 4, 5, 6 }, row = 'clear' }")
  fight(g, { 3 })
  expect(g:logged("combat: 3 against 9 (-6) on the clear row: column -4, roll 3: Ae", "8.1"))
  expect_eq(g:at("red_eliminated"), { "Infantry" })
  expect_eq(g:at("0101"), { "Armor", "Armor" })
end)

test("8.2 (A): the attacker's owner chooses the unit that loses a step; it turns to its reduced face", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 1, 3 }, defenders = { 4, 5, 6 }, row = 'clear' }")
  fight(g, { 6 })
  expect(g:logged("combat: 9 against 9 (0) on the clear row: column 0, roll 6: (A)", "8.1"))
  expect_eq(g:side(), "red")
  expect_eq(g:prompt(), "(A): choose the attacking unit to lose step 1 of 1")
  expect_eq(g:choices(), { "Armor at 0101", "Infantry at 0101" })
  g:choose("Armor at 0101")
  expect(g:logged("Armor turned to its reduced side", "8.2"))
  expect_eq(g:run("return pieces.face(1), combat.strength({ 1, 3 }, 'attack'), combat.steps(1)"), "reduced")
  expect_eq(g:run("return combat.strength({ 1, 3 }, 'attack')"), 6)
  expect_eq(g:run("return combat.steps(1)"), 1)
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("8.2 Ex: each side loses a step, the defender choosing first; a one-step unit is eliminated", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 1, 2 }, defenders = { 4, 5, 6 }, row = 'clear' }")
  fight(g, { 1 })
  expect(g:logged("combat: 12 against 9 (+3) on the clear row: column +2,+3, roll 1: Ex", "8.1"))
  expect_eq(g:side(), "blue")
  expect_eq(g:prompt(), "Ex: choose the defending unit to lose step 1 of 1")
  expect_eq(g:choices(), { "Brigade at 0201", "Militia at 0201", "Militia at 0201" })
  g:choose(2)
  expect_eq(g:at("blue_eliminated"), { "Militia" })
  expect_eq(g:side(), "red")
  expect_eq(g:prompt(), "Ex: choose the attacking unit to lose step 1 of 1")
  g:choose(2)
  expect_eq(g:run("return pieces.face(1) .. ' ' .. pieces.face(2)"), "full reduced")
end)

test("8.2 D1: the defender's retreat is left to make, with the steps it may lose instead", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 1 }, defenders = { 7 }, row = 'rough' }")
  fight(g, { 2 })
  expect(g:logged("combat: 6 against 2 (+4) on the rough row: column +4..+6, roll 2: D1", "8.1"))
  expect_eq(g:var("retreats"), { { side = "defender", units = { 7 }, hexes = 1, instead_steps = 1 } })
  expect_eq(g:at("0202"), { "Militia" })
end)

test("8.1 a shift moves the column and a modifier the roll; A1 leaves the attacker's retreat", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 1 }, defenders = { 7 }, row = 'rough', shift = -2, drm = 1 }")
  fight(g, { 3 })
  expect(g:logged("combat: 6 against 2 (+4) on the rough row, 2 columns left: column +1, roll 3+1 = 4: A1", "8.1"))
  expect_eq(g:var("details").modified, 4)
  expect_eq(g:var("retreats"), { { side = "attacker", units = { 1 }, hexes = 1, instead_steps = 1 } })
end)

test("8.1 a row of fewer headers: the mountain row's columns run from its first header to its last", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 1, 2, 3 }, defenders = { 9 }, row = 'mountain' }")
  fight(g, { 3 })
  expect(g:logged("combat: 15 against 2 (+13) on the mountain row: column +5, roll 3: •", "8.1"))
  expect_eq(g:var("details").column, 6)
  battle(g, "{ table = 'crt', attackers = { 3 }, defenders = { 9, 4 }, row = 'mountain' }")
  fight(g, { 1 })
  expect(g:logged("combat: 3 against 7 (-4) on the mountain row: column -1, roll 1: A2", "8.1"))
  expect_eq(g:var("details").column, 2)
end)

test("9.2 EX: the defender is eliminated, the attacker loses steps until it has lost as much strength", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'odds', attackers = { 1, 2, 3 }, defenders = { 4 } }")
  fight(g, { 4 })
  expect(g:logged("combat: 15 against 5 (3:1): column 3:1, roll 4: EX", "8.1"))
  expect_eq(g:at("blue_eliminated"), { "Brigade" })
  expect_eq(g:prompt(), "EX: choose the attacking unit to lose a step (0 of 5 strength lost)")
  expect_eq(g:choices(), { "Armor at 0101", "Armor at 0101", "Infantry at 0101" })
  g:choose(1)  -- armor 1: 6 to 3
  expect_eq(g:prompt(), "EX: choose the attacking unit to lose a step (3 of 5 strength lost)")
  g:choose(1)  -- armor 1 again: eliminated, 3 more
  expect_eq(g:at("red_eliminated"), { "Armor" })
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("9.2 DS: the defender loses a step, then its units left retreat", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'odds', attackers = { 1, 2 }, defenders = { 5, 6 } }")
  fight(g, { 2 })
  expect(g:logged("combat: 12 against 4 (3:1): column 3:1, roll 2: DS", "8.1"))
  expect_eq(g:side(), "blue")
  g:choose(2)
  expect_eq(g:var("retreats"), { { side = "defender", units = { 5 }, hexes = 1, instead_steps = 0 } })
end)

test("9.1 odds round in the defender's favour, fractional odds included", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'odds', attackers = { 1, 3 }, defenders = { 4, 7 } }")
  fight(g, { 1 })
  expect(g:logged("combat: 9 against 7 (1.28:1): column 1:1, roll 1: NE", "8.1"))
  battle(g, "{ table = 'odds', attackers = { 1, 3 }, defenders = { 5, 6, 7 } }")
  fight(g, { 1 })
  expect(g:logged("combat: 9 against 6 (1.5:1): column 1.5:1, roll 1: DR", "8.1"))
  expect_eq(g:var("retreats"), { { side = "defender", units = { 5, 6, 7 }, hexes = 2, instead_steps = 0 } })
end)

test("9.1 beyond a table whose beyond is none there is no column, and nothing is rolled", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'odds', attackers = { 3 }, defenders = { 4, 5, 6 } }")
  fight(g, { 4 })
  expect(g:logged("combat: 3 against 9: no column: 1:3 is below the first column, 1:2", "8.1"))
  expect_eq(g:unused_dice(), 1)
  expect_eq(g:var("code"), false)
  expect_eq(g:var("details").reason, "1:3 is below the first column, 1:2")
end)

test("9.1 a modified roll beyond the rows of a table whose roll_beyond is error stops the rules", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'odds', attackers = { 1, 2 }, defenders = { 5, 6 }, drm = 1 }")
  expect_error(function() fight(g, { 6 }) end, "roll 7 is beyond the rows of table 'odds' (rolls 1 to 6)")
end)

test("combat: the procedures' argument errors name the procedure and the field", function()
  local g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 1 }, defenders = { 7 } }")
  expect_error(function() fight(g, { 1 }) end,
               "bad argument #4 to 'column' (table 'crt' has its columns by row: give {row = ...}, one of clear, "
               .. "mountain, rough, town)")
  g = new_game{ scenario = "front" }
  battle(g, "{ table = 'crt', attackers = { 1 }, defenders = { 7 }, row = 'rough', drm = 0.5 }")
  expect_error(function() fight(g, { 1 }) end, "bad argument #2 to 'resolve' (drm: a whole number expected, got float)")
  expect_error(function() g:run("combat.apply('De', { attacker = { 1 } })") end,
               "bad argument #2 to 'apply' (unknown field 'attacker' (attackers, defenders))")
  expect_error(function() g:run("combat.apply('De', { defenders = { 1, 'x' } })") end,
               "bad argument #2 to 'apply' (defenders[2]: piece expected, got string)")
  expect_error(function() g:run("combat.apply('De', { defenders = { 1, 4 } })") end,
               "bad argument #2 to 'apply' (the defenders belong to more than one side (red, blue))")
  expect_error(function() g:run("combat.apply('Dee', { defenders = { 4 } })") end,
               "bad argument #1 to 'result' (no combat result 'Dee': did you mean 'De'?)")
  expect_error(function() g:run("combat.reduce('x')") end, "bad argument #1 to 'reduce' (piece expected, got string)")
end)

test("combat: random battles keep the state the position's identity, with every ask of apply", function()
  local report = random_play{ scenario = "melee", games = 40, seed = 3, transpositions = true,
                              results = { ["stalemate (turn limit)"] = false },
                              check = function(g)
                                local lost = g:count("red_eliminated") + g:count("blue_eliminated")
                                expect(lost <= 6, "no more units lost than fight")
                              end }
  expect_eq(report.games, 40)
end)
