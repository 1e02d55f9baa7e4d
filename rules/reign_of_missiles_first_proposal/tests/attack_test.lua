-- Tests of 7.1 ATTACKS ON HAMAS TARGETS and 9.1 COMMANDOS, driven through
-- the Combat Round's choices at turn 1 (3 Qassam + 1 Grad in each Gaza area).
local H = require("helpers")

-- Attacks the first Qassam launcher offered (in North Gaza) with `with`.
local function attack_first_qassam(g, with)
  H.choose_prefix(g, "Attack Qassam launcher")
  g:choose(with or "F-15")
end

test("7.1.1 a DR of 0 destroys the launcher for good and scores 1 MVP", function()
  local g = H.new()
  g:dice{ 0, 1 }
  attack_first_qassam(g)
  expect_eq(g:at("launchers_eliminated"), { "Qassam launcher" })
  expect_eq(g:track("israel_mvp"), 1)
  expect_eq(g:at("israeli_used"), { "F-15" })
  expect(g:logged("Civilian casualties D6 1: no result", "7.1.1"))
end)

test("7.1.1 a DR of 1 destroys the launcher back into the container", function()
  local g = H.new()
  g:dice{ 1, 2 }
  attack_first_qassam(g)
  expect_eq(g:count("launcher_cup"), 11)
  expect_eq(g:track("israel_mvp"), 1)
end)

test("7.1.1 a DR above 1 and up to the CF suppresses the launcher and lowers its CF", function()
  local g = H.new()
  g:dice{ 3, 1 }
  attack_first_qassam(g)
  expect(g:logged("DR 3, suppressed", "7.1.1"))
  expect(g:choices()[1]:find("(CF 2, suppressed)", 1, true))
end)

test("7.1.1 ruling R11: a suppressed launcher is not suppressed again", function()
  local g = H.new()
  g:dice{ 2, 1, 2, 1 }
  attack_first_qassam(g)
  attack_first_qassam(g, "Drone")
  expect(g:logged("already suppressed, no further effect (ruling R11)", "7.1.1"))
end)

test("7.1.1 a DR above twice the CF makes the player choose a cost", function()
  local g = H.new()
  g:dice{ 7, 1 }
  attack_first_qassam(g)
  expect_eq(g:choices(), { "Move the Israeli Diplomacy marker 1 space left", "Move the Hamas Diplomacy marker 1 space right",
                           "Award Hamas 1 MVP" })
  g:choose("Award Hamas 1 MVP")
  expect_eq(g:track("hamas_mvp"), 1)
end)

test("7.1.1 a failure up to twice the CF costs nothing", function()
  local g = H.new()
  g:dice{ 6, 1 }
  attack_first_qassam(g)
  expect(g:prompt():find("Combat Round", 1, true))
  expect(g:logged("DR 6, failed", "7.1.1"))
end)

test("7.1.1 an F-15 and a Drone together get -1 and both are set aside", function()
  local g = H.new()
  g:dice{ 1, 1 }
  attack_first_qassam(g, "F-15 and Drone together")
  expect_eq(g:count("launchers_eliminated"), 1)
  expect_eq(g:at("israeli_used"), { "F-15", "Drone" })
end)

test("7.1.1 civilian casualties: 3-5 move the Israeli marker left, 6 also scores Hamas 1 MVP", function()
  local g = H.new()
  g:dice{ 5, 3 }
  attack_first_qassam(g)
  expect_eq(g:track("israel_diplomacy"), 8)
  g:dice{ 5, 6 }
  attack_first_qassam(g)
  expect_eq(g:track("israel_diplomacy"), 7)
  expect_eq(g:track("hamas_mvp"), 1)
end)

test("4.1 critical hit gives -1 to attacks on Grad and Qassam launchers", function()
  local g = H.new()
  g:run("place_event_marker('critical_hit', 0, '4.1')")
  g:dice{ 2, 1 }
  attack_first_qassam(g)
  expect_eq(g:count("launcher_cup"), 11)
end)

test("4.2 SAM missiles give +1 to an F-15 strike, not to naval support", function()
  local g = H.new()
  g:run("place_event_marker('sam', 1, '4.2')")
  g:dice{ 1, 1 }
  attack_first_qassam(g)
  expect(g:logged("DR 2, suppressed", "7.1.1"))
end)

test("7.1.1 night: the third impulse adds 2", function()
  local g = H.new()
  g:run("for _, a in ipairs(areas_of('gaza')) do for _, p in ipairs(pieces.at(a, { has = 'launcher' })) do if pieces.type(p) == 'qassam' then pieces.move(p, 'launcher_cup') end end end")
  g:choose("End the combat round")   -- AM: the Grads fly at random
  g:choose("End the combat round")   -- PM
  if not g:finished() then
    expect(g:prompt():find("Evening Impulse", 1, true))
    g:dice{ 0, 1 }
    H.choose_prefix(g, "Attack Grad launcher")
    g:choose("F-15")
    expect(g:logged("DR 2, suppressed", "7.1.1"))
  end
end)

test("6.1 ruling N1: naval support attacks only beside its sea area, once a turn", function()
  local g = H.new()                     -- naval unit off North Gaza and Gaza City
  H.choose_prefix(g, "Attack Qassam launcher")
  expect_eq(g:choices(), { "F-15", "Drone", "F-15 and Drone together", "Naval Support", "Cancel" })
  g:dice{ 5, 1 }
  g:choose("Naval Support")
  H.choose_prefix(g, "Attack Qassam launcher")
  expect_eq(g:choices(), { "F-15", "Drone", "F-15 and Drone together", "Cancel" })
  g:choose("Cancel")
  g:choose("Attack Qassam launcher 10 in Deir al-Balah (CF 3)")
  expect_eq(g:choices(), { "F-15", "Drone", "F-15 and Drone together", "Cancel" })
end)

test("7.1.2 a leadership strike of 3 or less moves the Hamas marker right and scores 1 MVP", function()
  local g = H.new()
  g:dice{ 3, 1 }
  g:choose("Attack the Leadership target in Gaza City")
  g:choose("F-15")
  expect_eq(g:track("hamas_diplomacy"), -7)
  expect_eq(g:track("israel_mvp"), 1)
  for _, c in ipairs(g:choices()) do expect(c ~= "Attack the Leadership target in Gaza City", "once a turn (R10)") end
end)

test("7.1.2 a supply depot strike removes a launcher in the container from the game", function()
  local g = H.new()
  g:dice{ 2, 1 }
  g:choose("Attack the Supply depot in Khan Yunis")
  g:choose("Drone")
  expect_eq(g:count("launcher_cup"), 9)
  expect_eq(g:count("launchers_eliminated"), 1)
end)

test("7.1.2 a centre strike of 4 or more fails; enhanced intelligence gives -1", function()
  local g = H.new()
  g:run("place_event_marker('intelligence', 1, '4.1')")
  g:dice{ 4, 1 }
  g:choose("Attack the Supply depot in Khan Yunis")
  g:choose("Drone")
  expect_eq(g:count("launchers_eliminated"), 1)
  g:dice{ 4, 1 }
  g:choose("Attack the Leadership target in Gaza City")
  g:choose("Drone")
  expect(g:logged("DR 4, failed", "7.1.2"))
end)

test("9.1 the commando raids one Gaza area, up to two targets, once a game", function()
  local g = H.new()
  g:run("pieces.move(pieces.at('israeli_reserve', { type = 'commando' })[1], 'israeli_available')")
  H.choose_prefix(g, "Attack Qassam launcher")  -- a cancelled attack asks again, with the commando
  g:choose("Cancel")
  g:choose("Commando raid (9.1)")
  g:choose("Khan Yunis")
  g:dice{ 0, 1 }
  g:choose("Supply depot in Khan Yunis")
  expect_eq(g:count("launchers_eliminated"), 2)
  expect_eq(g:track("israel_mvp"), 1)
  g:dice{ 5, 1 }
  H.choose_prefix(g, "Qassam launcher")
  expect_eq(g:track("hamas_mvp"), 1)
  expect_eq(g:at("commando_used"), { "Commando" })
  for _, c in ipairs(g:choices()) do expect(c ~= "Commando raid (9.1)") end
end)

test("9.1 a commando attack of 9 is a disaster; a launcher hit is out of the game", function()
  local g = H.new()
  g:run("pieces.move(pieces.at('israeli_reserve', { type = 'commando' })[1], 'israeli_available')")
  H.choose_prefix(g, "Attack Qassam launcher")  -- a cancelled attack asks again, with the commando
  g:choose("Cancel")
  g:choose("Commando raid (9.1)")
  g:choose("North Gaza")
  g:dice{ 9, 1 }
  H.choose_prefix(g, "Qassam launcher")
  expect_eq(g:track("hamas_mvp"), 2)
  expect_eq(g:track("israel_diplomacy"), 8)
  g:dice{ 3, 1 }
  H.choose_prefix(g, "Qassam launcher")
  expect_eq(g:count("launchers_eliminated"), 1)
end)

test("9.1 rulings S1 and E1: SAM missiles add 1 to a commando attack, enhanced intelligence takes 1 off at a centre", function()
  local g = H.new()
  g:run("place_event_marker('sam', 1, '4.2')")
  g:dice{ 3, 1 }                                -- 3 + 1 = 4: failed
  g:run("commando_attack('g2', 'g2')")
  expect(g:logged("The Commando attacked the Leadership target in Gaza City: DR 4, failed", "9.1"))
  expect_eq(g:track("hamas_mvp"), 1)
  g:run("place_event_marker('intelligence', 1, '4.1')")
  g:dice{ 4, 1 }                                -- SAM spent; 4 - 1 = 3: success
  g:run("commando_attack('g2', 'g2')")
  expect(g:logged("The Commando attacked the Leadership target in Gaza City: DR 3, success", "9.1"))
  expect_eq({ g:track("israel_mvp"), g:track("hamas_diplomacy") }, { 1, -7 })
end)

-- 7.1.1 / 9.1 night: in the third (Evening) impulse a commando attack takes
-- 1 off its die roll. Set-up: the scenario start, played to the Evening
-- combat round. Forced dice: d10 4, d6 1. Expected: 4 - 1 = 3, a success on
-- the leadership target (the same roll by day fails: see S1/E1 above).
test("9.1 night: a commando attack in the evening impulse takes 1 off the roll", function()
  local g = H.new()
  g:choose("End the combat round")   -- AM
  g:choose("End the combat round")   -- PM
  expect(not g:finished(), "the game reaches the evening impulse")
  expect(g:prompt():find("Evening Impulse", 1, true))
  g:dice{ 4, 1 }
  g:run("commando_attack('g2', 'g2')")
  expect(g:logged("The Commando attacked the Leadership target in Gaza City: DR 3, success", "9.1"))
end)

-- 4.1 Critical hit applies to any attack on a Grad or Qassam launcher, the
-- Commando's included. Set-up: turn 1, a Critical Hit marker in play.
-- Forced dice: d10 4, d6 1 (4 - 1 = 3: a success; without the event, 4
-- fails). Expected: the launcher is out of the game.
test("4.1 critical hit takes 1 off a commando attack on a Qassam launcher", function()
  local g = H.new()
  g:run("place_event_marker('critical_hit', 0, '4.1')")
  local p = H.launchers(g, "g1")[1]
  g:dice{ 4, 1 }
  g:run(string.format("commando_attack(%d, 'g1')", p))
  expect(g:logged("DR 3, success", "9.1"))
  expect_eq(g:at("launchers_eliminated"), { "Qassam launcher" })
end)

-- 9.1 ruling C1: backing out of a raid before its first attack keeps the
-- once-a-game Commando; an area without a target is not offered.
test("9.1 ruling C1: cancelling a raid before its first attack keeps the Commando available", function()
  local g = H.new()
  g:run("pieces.move(pieces.at('israeli_reserve', { type = 'commando' })[1], 'israeli_available')")
  g:run("for _, p in ipairs(pieces.at('g3', { has = 'launcher' })) do pieces.move(p, 'launcher_cup') end")
  H.choose_prefix(g, "Attack Qassam launcher")  -- a cancelled attack asks again, with the commando
  g:choose("Cancel")
  g:choose("Commando raid (9.1)")
  expect_eq(g:choices(), { "North Gaza", "Gaza City", "Khan Yunis", "Cancel" })
  g:choose("North Gaza")
  g:choose("Cancel the raid (the Commando stays available)")
  expect_eq(g:count("commando_used"), 0)
  expect_eq(g:run("return pieces.count('israeli_available', { type = 'commando' })"), 1)
  expect(g:prompt():find("Combat Round", 1, true))
  g:choose("Commando raid (9.1)")
  g:choose("Cancel")
  expect_eq(g:run("return pieces.count('israeli_available', { type = 'commando' })"), 1)
end)
