-- A whole game of each scenario, the same every run and in every process:
-- fixed seeds and choices, its result, length and final state hash pinned.
-- A change to the rules that changes play changes these figures: check
-- that the change meant to, then pin the new ones.

local GOLDEN = {
  next_war = { seed = 5, result = "The Insurgent wins", decisions = 776, hash = "35b8034c5c22d7ef" },
  lebanon_2006 = { seed = 6, result = "The Insurgent wins", decisions = 349, hash = "0f032e7d1dc2e7dd" },
}

for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
  test("golden playthrough: " .. scenario, function()
    local want = GOLDEN[scenario]
    local g = new_game{ scenario = scenario, seed = want.seed }
    local rand = chooser(want.seed)
    local decisions = 0
    while not g:finished() and decisions < 20000 do
      g:choose(rand(#g:choices()))
      decisions = decisions + 1
    end
    expect_eq(g:result(), want.result, scenario)
    expect_eq(decisions, want.decisions, scenario)
    expect_eq(g:hash(), want.hash, scenario)
  end)
end
