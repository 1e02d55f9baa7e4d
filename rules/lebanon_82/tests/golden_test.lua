-- A whole game of each scenario, the same every run and in every process:
-- fixed seeds and choices, its result, length and final state hash pinned.
-- A change to the rules that changes play changes these figures: check
-- that the change meant to, then pin the new ones.

local GOLDEN = {
  ["1982"] = { seed = 3, result = "The Arabs win: Arab units survive the last turn (19.0)", decisions = 1580,
               hash = "58062fe3fd6db803" },
  ["2006"] = { seed = 4, result = "Israel wins the victory roll (24.0)", decisions = 962, hash = "62fe6178424892c9" },
  ["1976"] = { seed = 5, result = "The PLO wins: Syria took neither Beirut and Sidon nor every PLO unit (27.0)",
               decisions = 806, hash = "80f9c12ae0cf1126" },
  ["1982_three_players"] = { seed = 6, result = "The PLO wins: it holds more Beirut hexes than SAM sites remain (19.1)",
                             decisions = 2830, hash = "4212870dbc187dfc" },
}

for _, scenario in ipairs({ "1982", "2006", "1976", "1982_three_players" }) do
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
