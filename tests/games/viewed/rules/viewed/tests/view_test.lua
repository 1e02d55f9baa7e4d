-- The view function: it sees what its side sees, counts what is public, and
-- cannot change the game.

test("view: each side's summary counts only the pieces it sees, and every piece's owner", function()
  local g = new_game{ scenario = "one" }
  local red, blue, all = g:summary("red"), g:summary("blue"), g:summary()
  expect_eq(red[1], "Red attack 13 as red sees it")
  expect_eq(blue[1], "Red attack 4 as blue sees it")  -- the spy is hidden from Blue
  expect_eq(all[1], "Red attack 13 as no side sees it")  -- g:summary() is the referee's view
  expect_eq(blue.field, "2 Red, 1 Blue")              -- whose a piece is, every side sees
  expect_eq(red.field, "2 Red, 1 Blue")
end)

test("view: the summary leaves the game and its hash as they were", function()
  local g = new_game{ scenario = "one" }
  local before = g:hash()
  g:summary("red")
  g:summary("blue")
  expect_eq(g:hash(), before)
  g:choose("Go")
  expect_eq(g:prompt(), "Again?")
end)

test("view: a view function that changes the game is an error naming it", function()
  local g = new_game{ scenario = "one" }
  g:choose("Cheat")
  local ok, err = pcall(function() return g:summary("red") end)
  expect(not ok, "the summary should fail")
  expect(err:find("the view function view_summary changed the game: a view only reads it", 1, true), err)
  expect_eq(g:var("cheated"), nil)
end)

test("view: an error in the view function is the function's, with its message", function()
  local g = new_game{ scenario = "one" }
  g:choose("Break")
  local ok, err = pcall(function() return g:summary("blue") end)
  expect(not ok, "the summary should fail")
  expect(err:find("the view broke", 1, true), err)
end)
