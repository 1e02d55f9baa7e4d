-- Seeded random play (random_play): 200 complete games with random choices.
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
local n, most = pieces.count("cup") + pieces.count("eliminated"), 0
for _, v in ipairs(tables.villages) do
  local c = pieces.count("hideout_" .. string.lower(v))
  n = n + c
  if c > most then most = c end
end
return { n, most }
]]

test("random play: 200 seeded games end with a result and keep every chit", function()
  local report = random_play{
    scenario = "valley", games = 200, seed = 1, max_decisions = 100, max_turn = 11,
    results = RESULTS, sides = { "patrol" },
    check = function(g, seed)
      expect(g:track("vp") >= 0 and g:track("vp") <= 12, "VP in bounds")
      expect(g:track("steps") >= 1 and g:track("steps") <= 3, "a live patrol")
      local census = g:run(CENSUS)
      expect_eq(census[1], 8, "chit census, seed " .. seed)
      expect(census[2] <= 1, "one chit a hideout")
    end,
  }
  expect(report.outcomes["Patrol wins: the valley is secured"], "the patrol wins some games")
  expect(report.outcomes["Insurgents win: the patrol ran out of time"], "the insurgents win some games")
end)

-- The state hash is a position's identity (docs/concepts/sequence-of-play.md).
test("random play: positions with equal state hashes have the same future", function()
  random_play{ scenario = "valley", games = 30, seed = 201, results = RESULTS, transpositions = true }
end)
