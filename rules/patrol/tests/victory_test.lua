-- 7 VICTORY.
local H = require("helpers")

test("7.1 victory: 4 VP at the end of a turn win at once", function()
  local g = H.new()
  g:run("track.set('vp', 3)")
  g:choose("Head for Amra (0202) (1 MP away)")
  g:dice{ 2, 6 }
  g:choose("Search Amra (own hex, 2+)")
  expect_eq(g:track("vp"), 4)
  expect(g:finished())
  expect_eq({ g:result() }, { "Patrol wins: the valley is secured", "patrol" })
  expect_eq(g:turn(), 1)
end)

test("7.1 victory: a patrol with no steps left is destroyed", function()
  local g = H.new()
  g:run("track.set('steps', 1)")
  g:choose("Head for Dorn (0304) (4 MP away)")
  g:dice{ 2, 1 }
  g:choose("Search Dorn (own hex, 2+)")
  expect_eq(g:track("steps"), 0)
  expect_eq({ g:result() }, { "Insurgents win: the patrol is destroyed", "insurgents" })
end)

test("7.2 end: after the last turn 2 or 3 VP are a draw", function()
  local g = H.new{ scenario = "short.toml" }
  g:run("track.set('vp', 2)")
  g:choose("Head for Velik (0704) (9 MP away)")
  expect_eq(g:run("return pieces.location(vars.patrol)"), "0404")
  g:choose("No search")                             -- Dorn is adjacent
  expect_eq({ g:result() }, { "Draw: the valley stays contested", nil })
end)

test("7.2 end: after the last turn fewer than 2 VP lose", function()
  local g = H.new{ scenario = "short.toml" }
  g:choose("Stay in Outpost (0101)")
  g:choose("No search")
  expect_eq({ g:result() }, { "Insurgents win: the patrol ran out of time", "insurgents" })
end)
