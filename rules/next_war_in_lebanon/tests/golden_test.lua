-- A whole game of each scenario, the same every run and in every process:
-- fixed seeds and choices, its result, length and final state hash pinned.
-- A change to the rules that changes play changes these figures: check
-- that the change meant to, then pin the new ones.

local H = require("helpers")

local GOLDEN = {
  next_war = { seed = 5, result = "The Insurgent wins", decisions = 891, hash = "31b6651604593a13" },
  lebanon_2006 = { seed = 6, result = "The Insurgent wins", decisions = 478, hash = "17e24d18cdc4d9d5" },
}

for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
  test("golden playthrough: " .. scenario, function() H.golden_playthrough(scenario, GOLDEN[scenario]) end)
end
