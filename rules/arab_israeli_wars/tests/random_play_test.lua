-- Seeded random play (random_play): 200 complete games choosing at random
-- among the legal choices, every tenth replayed by its choices. Every game must end with a known result within
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

local function check_tt(g)
  for _, t in ipairs({ "arab_tt_north", "arab_tt_central", "arab_tt_south" }) do
    expect(g:track(t) >= 0 and g:track(t) <= 6, "TT in bounds")
  end
end

test("random play: 200 seeded games end with a result, keep the TT in bounds and every card", function()
  local report = random_play{
    scenario = "1948", games = 200, seed = 1, max_decisions = 2000, max_turn = 60,
    results = RESULTS, sides = { "israel" },
    check = function(g, seed, decisions)
      check_tt(g)
      if decisions % 5 == 0 then expect_eq(g:run(CENSUS), { 45, 53, 46 }, "card census, seed " .. seed) end
    end,
    at_end = function(g) expect_eq(g:run(CENSUS), { 45, 53, 46 }, "card census at the end") end,
  }
  expect(report.outcomes["Arab victory: complete loss"] ~= nil, "the Arabs win some games")
end)

-- The state hash is a position's identity: around every decision of these
-- games, positions one and two decisions on that share a hash must share
-- their future (docs/concepts/sequence-of-play.md, "A position is its state").
test("random play: positions with equal state hashes have the same future", function()
  random_play{ scenario = "1948", games = 30, seed = 101, max_decisions = 2000, results = RESULTS,
               transpositions = true }
end)
