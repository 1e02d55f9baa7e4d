-- Seeded random play (random_play): 150 complete games choosing at random
-- among the legal choices, every tenth replayed by its choices. Every game must end with a known result within
-- the turn limit, without a rules error; every few decisions the tracks stay
-- in bounds, the Diplomacy markers have not passed each other (ruling D2)
-- and no counter is lost: 16 launchers (ruling L2), 32 Israeli units, 6
-- event markers, and no rocket is left on the map between impulses.
local RESULTS = {
  ["Decisive Israeli Victory"] = "israel",
  ["Substantive Israeli Victory"] = "israel",
  ["Substantive Hamas Victory"] = "hamas",
  ["Decisive Hamas Victory"] = "hamas",
  ["Stalemate"] = false,
  ["Stalemate: the 30-turn safety limit is reached (ruling R20)"] = false,
}

-- Launchers, Israeli units and event markers wherever they are.
local CENSUS = [[
local launchers, israel, events, rockets = 0, 0, 0, 0
local places = { "launcher_cup", "launchers_drawn", "launchers_eliminated", "israeli_reserve",
                 "israeli_available", "israeli_used", "commando_used", "event_markers", "events_in_play" }
for _, a in ipairs(all_areas()) do places[#places + 1] = a end
for _, l in ipairs(places) do
  launchers = launchers + pieces.count(l, { has = "launcher" })
  israel = israel + pieces.count(l, { owner = "israel" })
  events = events + pieces.count(l, { kind = "marker" })
  if game.step() ~= "flight" then rockets = rockets + pieces.count(l, { has = "range" }) end
end
return { launchers, israel, events, rockets }
]]
local COUNTERS = { 16, 32, 6, 0 }

local function check_tracks(g, seed)
  local h, i = g:track("hamas_diplomacy"), g:track("israel_diplomacy")
  expect(h >= -51 and h <= 51 and i >= -51 and i <= 51, "Diplomacy markers on the track (ruling D3), seed " .. seed)
  expect(h <= i, "the markers never pass each other (D2), seed " .. seed)
  expect(g:track("hamas_mvp") >= 0 and g:track("israel_mvp") >= 0, "MVP not negative, seed " .. seed)
  expect(g:track("us_support_events") <= 2 and g:track("egypt_support_events") <= 2, "R5 at most twice, seed " .. seed)
end

test("random play: 150 seeded games end with a known result, keep the tracks in bounds and every counter", function()
  local report = random_play{
    scenario = "gaza_2012", games = 150, seed = 1, max_decisions = 5000, max_turn = 30,
    results = RESULTS, sides = { "israel" }, every = 10,
    check = function(g, seed)
      check_tracks(g, seed)
      expect_eq(g:run(CENSUS), COUNTERS, "counter census, seed " .. seed)
    end,
    at_end = function(g, seed)
      check_tracks(g, seed)
      expect_eq(g:run(CENSUS), COUNTERS, "counter census at the end, seed " .. seed)
    end,
  }
  -- Nothing is printed; these only ask that play is varied.
  expect(report.outcomes["Substantive Hamas Victory"] ~= nil, "Hamas wins some games")
  expect(report.outcomes["Stalemate"] ~= nil, "some games are drawn")
end)

-- The state hash is a position's identity: around every third decision of
-- these games, positions one and two decisions on that share a hash must
-- share their future (docs/concepts/sequence-of-play.md).
test("random play: positions with equal state hashes have the same future", function()
  random_play{ scenario = "gaza_2012", games = 10, seed = 1001, max_decisions = 5000, results = RESULTS,
               transpositions = 3 }
end)
