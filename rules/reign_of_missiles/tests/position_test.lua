-- Tests that start from a position file (position_combat.toml, exported
-- from a random game by `cardboard export`) rather than from the set-up:
-- turn 1's first Combat Round, Israel to choose a target.

local function attack_grad(dice)
  local g = new_game{ scenario = "position_combat.toml", dice = dice }
  expect_eq(g:phase(), "operations")
  g:choose("Attack Grad launcher 11 in North Gaza (CF 2)")
  g:choose("F-15")
  expect_eq(g:unused_dice(), 0)
  return g
end

-- 7.1.1, ruling R21: the modified DR decides; 0 or less takes the launcher
-- out of the game, 1 returns it to the container; either is worth 1 MVP.
test("position: 7.1.1 R21 an F-15's DR 0 takes the Grad out of the game", function()
  local g = attack_grad{ 0, 1 }
  expect(g:logged("F-15 attacked Grad launcher 11 in North Gaza (CF 2): DR 0, destroyed and out of the game", "7.1.1"))
  expect_eq(g:count("g1"), 3)
  expect_eq(g:track("israel_mvp"), 1)
end)

test("position: 7.1.1 R21 an F-15's DR 1 returns the Grad to the container", function()
  local g = attack_grad{ 1, 1 }
  expect(g:logged("DR 1, destroyed and returned to the container", "7.1.1"))
  expect_eq(g:track("israel_mvp"), 1)
end)

-- 7.1.1: DR 2 suppresses the Grad (its suppressed side); no MVP.
test("position: 7.1.1 an F-15's DR 2 suppresses the Grad", function()
  local g = attack_grad{ 2, 1 }
  expect(g:logged("DR 2, suppressed", "7.1.1"))
  expect_eq(g:run("return pieces.face(11)"), "suppressed")
  expect_eq(g:track("israel_mvp"), 0)
end)
