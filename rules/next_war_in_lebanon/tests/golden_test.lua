-- A whole game of each scenario, the same every run and in every process:
-- fixed seeds and choices, its result, length and final state hash pinned.
-- A change to the rules that changes play changes these figures: check
-- that the change meant to, then pin the new ones.

local H = require("helpers")

local GOLDEN = {
  next_war = { seed = 5, result = "The Insurgent wins", decisions = 912, hash = "71fc255d4f94ee94" },
  lebanon_2006 = { seed = 6, result = "The Insurgent wins", decisions = 470, hash = "14f89561e6de52d0" },
}

for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
  test("golden playthrough: " .. scenario, function() H.golden_playthrough(scenario, GOLDEN[scenario]) end)
end
