-- random_play's identity check: positions with equal hashes must have the
-- same future. "leaky" keeps its count of orders in a local of the step.
test("identity: state kept in vars passes", function()
  local report = random_play{ scenario = "tidy/one", games = 10, transpositions = true }
  expect_eq(report.games, 10)
end)

test("identity: state kept in a local across ask fails, naming the local", function()
  local run = function() random_play{ scenario = "leaky/one", games = 10, transpositions = true } end
  expect_error(run, "share state hash")
  expect_error(run, "left = 2 / 1 (the step, ")
end)

test("identity: without the check, the leaky game plays the same games", function()
  local report = random_play{ scenario = "leaky/one", games = 10 }
  local checked = random_play{ scenario = "tidy/one", games = 10, transpositions = 2 }
  expect_eq(report.decisions, checked.decisions, "the check draws from its own generator")
end)
