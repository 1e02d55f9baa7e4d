-- Tests of 4.0 RANDOM EVENTS: determine_event with forced dice (D6, D10).
local H = require("helpers")

local function event(g, d6, d10)
  g:dice{ d6, d10 }
  return g:run("return determine_event()")
end

test("4.1 US support moves the Israeli marker right, at most twice a game, never past 10", function()
  local g = H.new()
  expect_eq(event(g, 2, 0), "us_support")
  expect_eq(g:track("israel_diplomacy"), 10)
  event(g, 2, 3)
  expect_eq(g:track("us_support_events"), 1)
  expect(g:logged("No event: the Israeli marker is already in the 10 space", "4.1"))
  g:run("track.set('israel_diplomacy', 5)")
  event(g, 2, 1)
  event(g, 2, 1)
  expect_eq(g:track("israel_diplomacy"), 6)
  expect(g:logged("No event: US support has been rolled twice already", "4.1"))
end)

test("4.2 Egyptian support moves the Hamas marker left", function()
  local g = H.new()
  expect_eq(event(g, 1, 1), "egypt_support")
  expect_eq(g:track("hamas_diplomacy"), -9)
end)

test("4.1 and 4.2: one-use events put their marker in play with their uses", function()
  local g = H.new()
  expect_eq(event(g, 2, 8), "intelligence")
  expect_eq(event(g, 1, 2), "insh_allah")
  expect_eq(event(g, 1, 9), "sam")
  expect_eq(event(g, 2, 9), "urgency")
  expect_eq(event(g, 2, 2), "critical_hit")
  expect_eq(g:at("events_in_play"), { "Enhanced Intelligence", "Insh Allah", "SAM Missiles", "Iron Dome Urgency", "Critical Hit" })
  expect_eq(g:run("local r = {} for _, p in ipairs(pieces.at('events_in_play')) do r[#r + 1] = pieces.counter(p, 'uses') end return r"),
            { 2, 1, 2, 1, 0 })
end)

test("4.1 Fists of Iron makes the Commando available once a game", function()
  local g = H.new()
  expect_eq(event(g, 4, 7), "fists")
  expect_eq(g:run("return pieces.count('israeli_available', { type = 'commando' })"), 1)
  event(g, 4, 7)
  expect(g:logged("No event: Fists of Iron has been rolled already", "4.1"))
end)

test("4.2 Martyr's Strike scores Hamas 1 MVP; on a 7 the Israeli marker also moves left", function()
  local g = H.new()
  event(g, 3, 6)
  expect_eq({ g:track("hamas_mvp"), g:track("israel_diplomacy") }, { 1, 9 })
  event(g, 3, 7)
  expect_eq({ g:track("hamas_mvp"), g:track("israel_diplomacy") }, { 2, 8 })
end)

test("4.1 a D10 of 4 or 5 is no event", function()
  local g = H.new()
  expect_eq(event(g, 6, 5), "none")
  expect_eq(event(g, 5, 4), "none")
end)

test("4.2 Egyptian support: at most twice a game (ruling R5), never past the 10 space", function()
  local g = H.new()
  g:run("track.set('hamas_diplomacy', -10)")
  expect_eq(event(g, 3, 0), "egypt_support")
  expect_eq(g:track("hamas_diplomacy"), -10)
  expect_eq(g:track("egypt_support_events"), 0)
  expect(g:logged("No event: the Hamas marker is already in the 10 space", "4.2"))
  g:run("track.set('hamas_diplomacy', -5)")
  event(g, 1, 0)
  event(g, 5, 1)
  event(g, 3, 1)
  expect_eq(g:track("hamas_diplomacy"), -7)
  expect_eq(g:track("egypt_support_events"), 2)
  expect(g:logged("No event: Egyptian support has been rolled twice already", "4.2"))
end)

test("4.1 and 4.2: the other rows of the one-use events give their own number of uses", function()
  local g = H.new()
  expect_eq(event(g, 2, 6), "intelligence")   -- Enhanced Intelligence, 1 attack
  expect_eq(event(g, 1, 3), "insh_allah")     -- Insh Allah, 2 rocket attacks
  expect_eq(event(g, 1, 8), "sam")            -- SAM Missiles, 1 strike
  expect_eq(g:run("local r = {} for _, p in ipairs(pieces.at('events_in_play')) do r[#r + 1] = pieces.counter(p, 'uses') end return r"),
            { 1, 2, 1 })
end)

test("4.0 from turn 2 the Random Event phase rolls a D6 and a D10; 8.0 takes the markers off", function()
  local g = H.new()
  H.to_turn2(g, { 4, 9, 0, 1 })               -- Iron Dome urgency; launchers DR 0; assets DR 1
  expect_eq(g:turn(), 2)
  expect_eq(g:at("events_in_play"), { "Iron Dome Urgency" })
  g:run("end_phase()")
  expect_eq(g:count("events_in_play"), 0)
  expect_eq(g:run("return pieces.counter(pieces.at('event_markers', { type = 'urgency_marker' })[1], 'uses')"), 0)
end)

test("4.1 ruling R4: a Commando not yet used stays available through the End Phase", function()
  local g = H.new()
  event(g, 2, 7)
  g:run("end_phase()")
  expect_eq(g:run("return pieces.count('israeli_available', { type = 'commando' })"), 1)
  expect_eq(g:at("events_in_play"), {})
end)
