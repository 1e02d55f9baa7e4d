-- Seeded random play: 200 complete games choosing pseudo-randomly (a seeded chooser)
-- among the legal choices. Every game must end with a known result within
-- the turn limit, without a rules error, and at every decision the TT
-- tracks stay in 0..6 and no card is lost (45 Israeli, 53 Arab, 46 events).
local RESULTS = {
  ["Arab victory: complete loss"] = "arab",
  ["Israeli decisive victory"] = "israel",
  ["Israeli attrition victory"] = "israel",
  ["Stalemate: turn limit reached"] = false,
}

local CENSUS = [[
local il, ar, ev = 0, 0, 0
for _, l in ipairs({ "israeli_deck", "israeli_hand", "israeli_discard", "arab_deck", "arab_hand", "arab_discard",
                     "event_deck", "event_discard", "current_event", "north", "central", "south" }) do
  il = il + pieces.count(l, { owner = "israel" })
  ar = ar + pieces.count(l, { owner = "arab" })
  ev = ev + pieces.count(l, { kind = "event" })
end
return { il, ar, ev }
]]

test("random play: 200 seeded games end with a result, keep the TT in bounds and every card", function()
  local rand = chooser(12345)
  local outcomes = {}
  for seed = 1, 200 do
    local g = new_game{ scenario = "1948", seed = seed }
    local decisions = 0
    while not g:finished() do
      local tt = { g:track("arab_tt_north"), g:track("arab_tt_central"), g:track("arab_tt_south") }
      for i = 1, 3 do expect(tt[i] >= 0 and tt[i] <= 6, "TT in bounds") end
      if decisions % 5 == 0 then expect_eq(g:run(CENSUS), { 45, 53, 46 }, "card census, seed " .. seed) end
      expect_eq(g:side(), "israel", "only Israel is asked")
      local ch = g:choices()
      expect(#ch >= 1, "a decision has choices")
      g:choose(rand(#ch))
      decisions = decisions + 1
      expect(decisions < 2000, "bounded length")
    end
    local result, winner = g:result()
    expect(RESULTS[result] ~= nil, "known result: " .. tostring(result))
    expect_eq(winner, RESULTS[result] or nil, "winner of " .. result)
    expect(g:turn() <= 60, "within the turn limit")
    expect_eq(g:run(CENSUS), { 45, 53, 46 }, "card census at the end")
    outcomes[result] = (outcomes[result] or 0) + 1
  end
  expect(outcomes["Arab victory: complete loss"] ~= nil, "the Arabs win some games")
end)
