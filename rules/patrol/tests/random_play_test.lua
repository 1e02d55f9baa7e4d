-- Seeded random play: 200 complete games with pseudo-random choices (a seeded chooser).
-- Every game ends with a known result within 10 turns, and at every decision
-- the tracks stay in bounds, all 8 chits are in the cup, a hideout or the
-- eliminated pile (never left on a village), and no hideout holds two.
local RESULTS = {
  ["Patrol wins: the valley is secured"] = "patrol",
  ["Draw: the valley stays contested"] = false,
  ["Insurgents win: the patrol is destroyed"] = "insurgents",
  ["Insurgents win: the patrol ran out of time"] = "insurgents",
}

local CENSUS = [[
local n, most = cup.count("cup") + pieces.count("eliminated"), 0
for _, v in ipairs(tables.villages) do
  local c = pieces.count("hideout_" .. string.lower(v))
  n = n + c
  if c > most then most = c end
end
return { n, most }
]]

test("random play: 200 seeded games end with a result and keep every chit", function()
  local rand = chooser(4242)
  local outcomes = {}
  for seed = 1, 200 do
    local g = new_game{ scenario = "valley", seed = seed }
    local decisions = 0
    while not g:finished() do
      expect(g:track("vp") >= 0 and g:track("vp") <= 12, "VP in bounds")
      expect(g:track("steps") >= 1 and g:track("steps") <= 3, "a live patrol")
      local census = g:run(CENSUS)
      expect_eq(census[1], 8, "chit census, seed " .. seed)
      expect(census[2] <= 1, "one chit a hideout")
      expect_eq(g:side(), "patrol", "only the patrol is asked")
      g:choose(rand(#g:choices()))
      decisions = decisions + 1
      expect(decisions < 100, "bounded length")
    end
    local result, winner = g:result()
    expect(RESULTS[result] ~= nil, "known result: " .. tostring(result))
    expect_eq(winner, RESULTS[result] or nil, "winner of " .. result)
    expect(g:turn() <= 11, "within the turns")
    outcomes[result] = (outcomes[result] or 0) + 1
  end
  expect(outcomes["Patrol wins: the valley is secured"], "the patrol wins some games")
  expect(outcomes["Insurgents win: the patrol ran out of time"], "the insurgents win some games")
end)
