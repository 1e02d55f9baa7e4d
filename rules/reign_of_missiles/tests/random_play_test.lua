-- Seeded random play: 1,000 complete games choosing pseudo-randomly (a seeded chooser)
-- among the legal choices. Every game must end with a known result within
-- the turn limit, without a rules error; every few decisions the tracks stay
-- in bounds, the Diplomacy markers have not passed each other (ruling D2)
-- and no counter is lost: 26 launchers, 32 Israeli units, 6 event markers.
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
local launchers, israel, events = 0, 0, 0
local places = { "launcher_cup", "launchers_drawn", "launchers_eliminated", "israeli_reserve",
                 "israeli_available", "israeli_used", "commando_used", "event_markers", "events_in_play" }
for _, a in ipairs(all_areas()) do places[#places + 1] = a end
for _, l in ipairs(places) do
  launchers = launchers + pieces.count(l, { has = "launcher" })
  israel = israel + pieces.count(l, { owner = "israel" })
  events = events + pieces.count(l, { kind = "marker" })
end
return { launchers, israel, events }
]]
local COUNTERS = { 26, 32, 6 }

local function check_tracks(g, seed)
  local h, i = g:track("hamas_diplomacy"), g:track("israel_diplomacy")
  expect(h >= -10 and h <= 10 and i >= -10 and i <= 10, "Diplomacy markers on the track, seed " .. seed)
  expect(h <= i, "the markers never pass each other (D2), seed " .. seed)
  expect(g:track("hamas_mvp") >= 0 and g:track("israel_mvp") >= 0, "MVP not negative, seed " .. seed)
  expect(g:track("us_support_events") <= 2 and g:track("egypt_support_events") <= 2, "R5 at most twice, seed " .. seed)
end

test("random play: 1,000 seeded games end with a known result, keep the tracks in bounds and every counter", function()
  local rand = chooser(20121114)
  local outcomes, turns = {}, 0
  for seed = 1, 1000 do
    local g = new_game{ scenario = "gaza_2012", seed = seed }
    local decisions = 0
    while not g:finished() do
      if decisions % 10 == 0 then
        check_tracks(g, seed)
        expect_eq(g:run(CENSUS), COUNTERS, "counter census, seed " .. seed)
      end
      expect_eq(g:side(), "israel", "only Israel is asked")
      local ch = g:choices()
      expect(#ch >= 1, "a decision has choices")
      g:choose(rand(#ch))
      decisions = decisions + 1
      expect(decisions < 5000, "bounded length, seed " .. seed)
    end
    check_tracks(g, seed)
    expect_eq(g:run(CENSUS), COUNTERS, "counter census at the end, seed " .. seed)
    local result, winner = g:result()
    expect(RESULTS[result] ~= nil, "known result: " .. tostring(result))
    expect_eq(winner, RESULTS[result] or nil, "winner of " .. tostring(result))
    expect(g:turn() <= 30, "within the turn limit")
    outcomes[result] = (outcomes[result] or 0) + 1
    turns = turns + g:turn()
  end
  -- Nothing is printed; these only ask that play is varied (at seed 1..1000:
  -- about 67% Substantive Hamas Victory, 32% Stalemate, 1% Decisive Hamas).
  expect(outcomes["Substantive Hamas Victory"] ~= nil, "Hamas wins some games")
  expect(outcomes["Stalemate"] ~= nil, "some games are drawn")
end)
