-- A whole game of each scenario, the same every run and in every process:
-- fixed seeds and choices, its result, length and final state hash pinned.
-- A change to the rules that changes play changes these figures: check
-- that the change meant to, then pin the new ones.

local GOLDEN = {
  ["1982"] = { seed = 3, result = "The Arabs win: Arab units survive the last turn (19.0)", decisions = 2134,
               hash = "172f7bb3d0a4b090" },
  ["2006"] = { seed = 4, result = "Israel wins the victory roll (24.0)", decisions = 844, hash = "bebedebc55fa6eef" },
  ["1976"] = { seed = 5, result = "The PLO wins: Syria took neither Beirut and Sidon nor every PLO unit (27.0)",
               decisions = 743, hash = "7b810c4387c04281" },
  ["1982_three_players"] = { seed = 6, result = "The PLO wins: it holds more Beirut hexes than SAM sites remain (19.1)",
                             decisions = 2628, hash = "c54401675c24dc5c" },
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
