-- A whole game of each scenario, the same every run and in every process:
-- fixed seeds and choices, its result, length and final state hash pinned.
-- A change to the rules that changes play changes these figures: check
-- that the change meant to, then pin the new ones.

local H = require("helpers")

local GOLDEN = {
  next_war = { seed = 5, result = "The Insurgent wins", decisions = 800, hash = "199ec4446a4009bc" },
  lebanon_2006 = { seed = 6, result = "The Insurgent wins", decisions = 349, hash = "1bf1261deeafa20f" },
}

for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
  test("golden playthrough: " .. scenario, function() H.golden_playthrough(scenario, GOLDEN[scenario]) end)
end
