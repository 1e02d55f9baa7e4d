-- Tests that start from a position file (position_rockets.toml, exported
-- from a random game by `cardboard export`) rather than from the set-up:
-- turn 1, the Insurgent's Joint Operations with a J-3 in hand and an SR
-- rocket and a missile ready in Tyre.

-- 7.3D (rulings N9, OQ9): every ready rocket and missile of the zone fires,
-- one die a rocket and two a missile, and turns Fired; each 6 is a hit on
-- civilian infrastructure (13.2: 1 VP each), and any hit draws one
-- Cascading Effect (10.1: here the 5 of clubs, two turns shorter).
test("position: 7.3D the rockets of Tyre fire: each 6 a hit and a VP, one Cascading Effect", function()
  local g = new_game{ scenario = "position_rockets.toml", dice = { 6, 6, 2 },
                      draws = { suit_cup = { "Club" }, rank_cup = { "5" } } }
  expect_eq(g:side(), "insurgent")
  g:choose("J-3 D: launch a rocket or missile attack")
  g:choose("Tyre")
  expect(g:logged("2 hits on Israel", "7.3D"))
  expect_eq(g:track("insurgent_vp"), 2)
  expect_eq(g:track("last_turn"), 18)
  expect_eq(g:unused_dice(), 0)
end)

-- No 6 among the dice: the rockets are spent all the same, no VP and no
-- Cascading Effect.
test("position: 7.3D no 6, no hit: the rockets turn Fired for nothing", function()
  local g = new_game{ scenario = "position_rockets.toml", dice = { 5, 3, 3 } }
  g:choose("J-3 D: launch a rocket or missile attack")
  g:choose("Tyre")
  expect(g:logged("0 hits on Israel", "7.3D"))
  expect_eq(g:track("insurgent_vp"), 0)
  expect_eq(g:track("last_turn"), 20)
  expect_eq(g:run([[
    local n = 0
    for _, p in ipairs(pieces.at("tyre")) do if pieces.face(p) == "fired" then n = n + 1 end end
    return n]]), 2)
end)
