-- The test API's random_play: complete games at random with invariants
-- checked, and a failure that names the game's seed, the decision and the log.
local RESULTS = { ["Red wins"] = "red", ["Blue wins"] = "blue", ["stalemate (turn limit)"] = false }

test("random_play: plays complete games, calls the checks and counts the outcomes", function()
  local checks, ends = 0, 0
  local report = random_play{ scenario = "short", games = 30, seed = 5, results = RESULTS, sides = { "red", "blue" },
                              check = function(g) checks = checks + 1; expect(not g:finished()) end,
                              at_end = function(g) ends = ends + 1; expect(g:finished()) end }
  expect_eq(report.games, 30)
  expect_eq(ends, 30)
  expect_eq(checks, report.decisions)
  expect((report.outcomes["Red wins"] or 0) + (report.outcomes["Blue wins"] or 0) == 30, "every game won")
  local again = random_play{ scenario = "short", games = 30, seed = 5 }
  expect_eq(again.decisions, report.decisions, "the same seed plays the same games")
end)

test("random_play: a failed check names the game's seed and decision, with the log", function()
  expect_error(function()
    random_play{ scenario = "short", games = 3, seed = 9, check = function(g, seed, n) expect(n < 2, "two decisions") end }
  end, "random_play (game seed 9, after 2 decisions):")
  expect_error(function()
    random_play{ scenario = "short", games = 3, seed = 9, check = function(g, seed, n) expect(n < 2, "two decisions") end }
  end, "log (last events):")
end)

test("random_play: an unknown result, a side not listed or an endless game fail", function()
  expect_error(function() random_play{ scenario = "short", games = 5, results = { ["Red wins"] = "red" } } end,
               "unknown result 'Blue wins'")
  expect_error(function() random_play{ scenario = "short", games = 5, sides = { "red" } } end,
               "side 'blue' was asked, not one of 'sides'")
  expect_error(function() random_play{ scenario = "short", games = 5, max_decisions = 3 } end,
               "the game did not end within 3 decisions")
  expect_error(function() random_play{ scenario = "short", sides = { "green" } } end, "no such side in 'sides': 'green'")
  expect_error(function() random_play{ games = 1 } end, "'scenario' is required")
end)

test("g:choose: an illegal choice shows the end of the game's log", function()
  local g = new_game{ scenario = "short", seed = 3 }
  expect_error(function() g:choose(99) end, "log (last events):")
end)
