-- Tests of 7.2 HAMAS ROCKET LAUNCHES: launch (7.2), movement and range
-- (7.2.1), Iron Dome (7.2.2) and strikes (7.2.3). Rockets are created in a
-- blue area and flown with fly_rocket, or, when an Iron Dome is in reach
-- (the player is asked), through the flight round (H.flight); the dice are
-- forced in roll order.
local H = require("helpers")

test("7.2 a launcher fires its CF in rockets, each to a blue area by the even/odd arrows", function()
  local g = H.new()
  local q = H.launchers(g, "g1")[1]
  g:run(string.format("for _, p in ipairs(pieces.at('g1', { has = 'launcher' })) do if p ~= %d then pieces.move(p, 'launcher_cup') end end", q))
  g:run("for _, a in ipairs({ 'g2', 'g3', 'g4' }) do for _, p in ipairs(pieces.at(a, { has = 'launcher' })) do pieces.move(p, 'launcher_cup') end end")
  g:dice{ 2, 1, 4 }
  g:run("launch_rockets('7.2')")
  expect_eq(g:at("b1"), { "Qassam rocket", "Qassam rocket" })
  expect_eq(g:at("b2"), { "Qassam rocket" })
end)

test("7.2 a suppressed launcher fires one rocket", function()
  local g = H.new()
  g:run("for _, a in ipairs(areas_of('gaza')) do for _, p in ipairs(pieces.at(a, { has = 'launcher' })) do pieces.move(p, 'launcher_cup') end end")
  g:run("local p = pieces.at('launcher_cup', { type = 'qassam' })[1] pieces.move(p, 'g4') pieces.mark(p, 'suppressed')")
  g:dice{ 1 }
  g:run("launch_rockets('7.2')")
  expect_eq(g:at("b5"), { "Qassam rocket" })
  expect(g:logged("launched 1 rocket(s)", "7.2"))
end)

test("7.2.1 a Qassam ends in the first black area and strikes there", function()
  local g = H.new()
  g:dice{ 2, 5 }                       -- even: Nahal Oz to Netivot; strike DR 5
  expect_eq(H.fly(g, "qassam_rocket", "b3"), "strike")
  expect(g:logged("The Qassam rocket in Netivot hit nothing of value (DR 5)", "7.2.3"))
  expect_eq(g:count("k2"), 0)
end)

test("7.2.1 a Grad flies on to a black terminal area", function()
  local g = H.new()
  g:dice{ 3, 2, 0 }                    -- Sderot 3: Ashkelon; 2: Ashdod; strike DR 0
  expect_eq(H.fly(g, "grad_rocket", "b2"), "strike")
  expect(g:logged("The Grad rocket struck Ashdod: severe damage (DR 0)", "7.2.3"))
  expect_eq(g:track("hamas_mvp"), 2)   -- black dot city (ruling R13)
end)

test("7.2.1 a Fajr-5 flies on to a green terminal area", function()
  local g = H.new()
  g:dice{ 5, 7, 8, 3, 0 }              -- Netivot, Beersheba, Beit Shemesh, Jerusalem; DR 0
  expect_eq(H.fly(g, "fajr5_rocket", "b2"), "strike")
  expect(g:logged("The Fajr-5 rocket struck Jerusalem: severe damage (DR 0)", "7.2.3"))
  expect_eq(g:track("hamas_mvp"), 3)   -- red dot city
end)

test("7.2.1 a rocket that enters a sea area crashes harmlessly", function()
  local g = H.new()
  g:dice{ 8 }
  expect_eq(H.fly(g, "qassam_rocket", "b1"), "sea")
  expect(g:logged("The Qassam rocket crashed harmlessly into the Sea off Ashkelon", "7.2.1"))
  expect_eq(g:count("s3"), 0)
  expect_eq(g:track("hamas_mvp"), 0)
end)

test("7.2.1 a single arrow needs no roll", function()
  local g = H.new()
  g:dice{ 1, 4 }                       -- odd: Eshkol to Western Negev; Grad goes on to Beersheba: DR 4
  expect_eq(H.fly(g, "grad_rocket", "b4"), "strike")
  expect(g:logged("The Grad rocket in Beersheba hit nothing of value (DR 4)", "7.2.3"))
end)

-- 7.2.2 through the game's own flight round (H.flight): the player is asked
-- in each area an Iron Dome reaches (ruling I1), and picks the Iron Dome.
test("7.2.2 an Iron Dome in an adjacent area shoots at +1 and 0-1 shoots the rocket down", function()
  local g = H.new()
  H.put(g, "iron_dome", "k2")
  H.flight(g, "qassam_rocket", "b3", { 0 }) -- at Nahal Oz, joined to Netivot by an arrow: 0 + 1 = 1
  expect_eq(g:prompt(), "Qassam rocket in Nahal Oz: intercept it?")
  expect_eq(g:choices(), H.interception_choices("Intercept with the Iron Dome in Netivot (DR +1)"))
  g:choose("Intercept with the Iron Dome in Netivot (DR +1)")
  expect(g:logged("Iron Dome against the Qassam rocket in Nahal Oz", "7.2.2"))
  expect(g:logged("Iron Dome in Netivot shot down the Qassam rocket in Nahal Oz (DR 1)", "7.2.2"))
  expect_eq(g:run("return pieces.count('b3', { kind = 'rocket' }) + pieces.count('k2', { kind = 'rocket' })"), 0)
  expect(g:prompt():find("Combat Round", 1, true))
end)

test("7.2.2 ruling I1: the player picks which Iron Dome in reach fires, one shot per area", function()
  local g = H.new()
  H.put(g, "iron_dome", "b3")
  H.put(g, "iron_dome", "k2")
  H.flight(g, "qassam_rocket", "b3", { 0 })
  expect_eq(g:choices(), H.interception_choices("Intercept with the Iron Dome in Nahal Oz (DR +0)",
                                                "Intercept with the Iron Dome in Netivot (DR +1)"))
  g:choose("Intercept with the Iron Dome in Netivot (DR +1)")
  expect(g:logged("Iron Dome in Netivot shot down the Qassam rocket in Nahal Oz (DR 1)", "7.2.2"))
end)

test("7.2.2 ruling I1: declining lets the rocket fly on, and it is asked again in the next area", function()
  local g = H.new()
  H.put(g, "iron_dome", "k2")
  H.flight(g, "qassam_rocket", "b3", { 2, 5 }) -- no shot at Nahal Oz; even: Netivot; no shot; strike 5 + 1 = 6
  g:choose("Let it fly")
  expect(g:logged("Israel let the Qassam rocket in Nahal Oz fly on", "7.2.2"))
  expect_eq(g:prompt(), "Qassam rocket in Netivot: intercept it?")
  expect_eq(g:choices(), H.interception_choices("Intercept with the Iron Dome in Netivot (DR +0)"))
  g:choose("Let it fly")
  expect(g:logged("The Qassam rocket in Netivot hit nothing of value (DR 6)", "7.2.3"))
  expect(not g:logged("Iron Dome against"), "no Iron Dome roll")
end)

test("7.2.2 an Iron Dome rolling 9 or more is depleted; a depleted one leaves for the turn", function()
  local g = H.new()
  local d = H.put(g, "iron_dome", "k2")
  H.flight(g, "qassam_rocket", "b3", { 5, 2, 9, 4 }) -- adjacent miss (6), path even, miss in Netivot (9), strike DR 4
  H.choose_prefix(g, "Intercept")
  H.choose_prefix(g, "Intercept")
  expect(g:logged("The Iron Dome in Netivot was depleted", "7.2.2"))
  expect(g:logged("The Qassam rocket in Netivot hit nothing of value (DR 4)", "7.2.3"))
  expect_eq(g:run(string.format("return pieces.face(%d)", d)), "depleted")
  H.flight(g, "qassam_rocket", "b3", { 2, 8, 4 }) -- next impulse: let it fly, even, depleted in Netivot: 8 + 1 = 9
  expect_eq(g:choices(), H.interception_choices("Intercept with the Iron Dome in Netivot (DR +2)"))
  g:choose("Let it fly")
  g:choose("Intercept with the Iron Dome in Netivot (DR +1)")
  expect_eq(g:at("israeli_used"), { "Iron Dome" })
  expect(g:logged("The depleted Iron Dome in Netivot was removed for the rest of the turn", "7.2.2"))
end)

test("7.2.2 Iron Dome urgency ignores the first depletion of the turn", function()
  local g = H.new()
  local d = H.put(g, "iron_dome", "k2")
  g:run("place_event_marker('urgency', 1, '4.1')")
  H.flight(g, "qassam_rocket", "b3", { 2, 9, 5 })
  g:choose("Let it fly")
  g:choose("Intercept with the Iron Dome in Netivot (DR +0)")
  expect_eq(g:run(string.format("return pieces.face(%d)", d)), "full")
  expect(g:logged("Iron Dome urgency: the Iron Dome in Netivot was not depleted", "7.2.2"))
end)

test("7.2.3 a DR of 1 scores 1 MVP and moves the Hamas marker right; an undepleted Iron Dome adds 1", function()
  local g = H.new()
  H.put(g, "iron_dome", "k2")
  H.flight(g, "qassam_rocket", "b3", { 2, 0 })
  g:choose("Let it fly")
  g:choose("Let it fly")
  expect(g:logged("The Qassam rocket struck Netivot: severe damage (DR 1)", "7.2.3"))
  expect_eq(g:track("hamas_mvp"), 1)
  expect_eq(g:track("hamas_diplomacy"), -7)
end)

test("7.2.3 a DR of 2 rolls again: odd 1 MVP to Hamas, even the Israeli marker left", function()
  local g = H.new()
  g:dice{ 2, 3 }
  H.fly(g, "qassam_rocket", "k3")
  expect_eq(g:track("hamas_mvp"), 1)
  expect_eq(g:track("israel_diplomacy"), 9)
  g:dice{ 2, 4 }
  H.fly(g, "qassam_rocket", "k3")
  expect_eq(g:track("hamas_mvp"), 1)
  expect_eq(g:track("israel_diplomacy"), 8)
end)

test("7.2.3 ruling R14: a DR of 2 at a red dot city has both effects and no second roll", function()
  local g = H.new()
  g:dice{ 2 }
  H.fly(g, "fajr5_rocket", "t1")
  expect_eq(g:track("hamas_mvp"), 1)
  expect_eq(g:track("israel_diplomacy"), 8)
end)

test("4.2 Insh Allah gives -1 to one rocket attack", function()
  local g = H.new()
  g:run("place_event_marker('insh_allah', 1, '4.2')")
  g:dice{ 1, 1 }
  H.fly(g, "qassam_rocket", "k3")     -- 1 - 1 = 0: severe, no marker move
  expect_eq(g:track("hamas_mvp"), 1)
  expect_eq(g:track("hamas_diplomacy"), -8)
  H.fly(g, "qassam_rocket", "k3")     -- spent: DR 1
  expect_eq(g:track("hamas_diplomacy"), -7)
end)

-- 7.2.2 ruling I3: standing orders. Set-up: an Iron Dome in Netivot (k2),
-- a Qassam rocket at Nahal Oz (b3), joined to Netivot by an arrow (+1).
-- Forced dice: path even (2), then Netivot +0: 1 shoots it down.
-- Expected: the order "DR +0" lets it fly at +1 without asking and fires at
-- +0 in Netivot by itself; the next rocket is not asked about either.
test("7.2.2 ruling I3: a standing order decides this rocket and the next without asking", function()
  local g = H.new()
  H.put(g, "iron_dome", "k2")
  H.flight(g, "qassam_rocket", "b3", { 2, 1 })
  g:choose("From now on: intercept with the best Iron Dome at DR +0, let the rest fly")
  expect(g:logged("Israel's standing interception order: intercept at DR +0 or better", "7.2.2"))
  expect(g:logged("Israel let the Qassam rocket in Nahal Oz fly on", "7.2.2"))
  expect(g:logged("By standing order the Iron Dome in Netivot fires at the Qassam rocket in Netivot (DR +0)", "7.2.2"))
  expect(g:logged("Iron Dome in Netivot shot down the Qassam rocket in Netivot (DR 1)", "7.2.2"))
  expect(g:prompt():find("Combat Round", 1, true))
  expect(g:choices()[#g:choices() - 1] == "Interception orders (now: intercept at DR +0 or better)")
  H.flight(g, "qassam_rocket", "b3", { 2, 5, 7 })  -- no question: path even, Netivot miss (5), strike 7 + 1
  expect(g:prompt():find("Combat Round", 1, true))
  expect(g:logged("Iron Dome in Netivot missed the Qassam rocket (DR 5)", "7.2.2"))
end)

test("7.2.2 ruling I3: the standing order is changed from the Combat Round, back to asking", function()
  local g = H.new()
  H.put(g, "iron_dome", "k2")
  g:choose("Interception orders (now: ask for every rocket)")
  expect_eq(g:choices()[1], "From now on: ask for every rocket")
  g:choose("From now on: let every rocket fly")
  H.flight(g, "qassam_rocket", "b3", { 2, 7 })   -- path even; strike 7 + 1: no question asked
  expect(g:logged("Israel let the Qassam rocket in Netivot fly on", "7.2.2"))
  g:choose("Interception orders (now: let every rocket fly)")
  g:choose("From now on: ask for every rocket")
  H.flight(g, "qassam_rocket", "b3", { 0 })
  expect_eq(g:prompt(), "Qassam rocket in Nahal Oz: intercept it?")
end)
