-- Tests of 10.0 GAME SET UP, 5.0 LAUNCHER DETERMINATION and 5.1 DEPLOYMENT.
local H = require("helpers")

-- 10.1, 10.2: 16 launchers in Gaza, markers at green 8 and blue 9, 8 F-15
-- and 8 Drones available, the chosen Iron Domes and the naval unit placed.
test("10.0 the set-up places launchers, markers, aircraft, Iron Domes and the naval unit", function()
  local g = H.new{ domes = { "Ashkelon", "Tel Aviv" }, naval = "Sea off Khan Yunis" }
  expect_eq(g:track("hamas_diplomacy"), -8)
  expect_eq(g:track("israel_diplomacy"), 9)
  expect_eq(g:track("hamas_mvp"), 0)
  expect_eq(g:track("israel_mvp"), 0)
  expect_eq(g:count("launcher_cup"), 10)
  for _, a in ipairs({ "g1", "g2", "g3", "g4" }) do expect_eq(#H.launchers(g, a), 4) end
  expect_eq(g:run("return pieces.count('israeli_available', { type = 'f15' })"), 8)
  expect_eq(g:run("return pieces.count('israeli_available', { type = 'drone' })"), 8)
  expect_eq(g:at("k1"), { "Iron Dome" })
  expect_eq(g:at("t1"), { "Iron Dome" })
  expect_eq(g:at("s2"), { "Naval Support" })
  expect_eq(g:turn(), 1)
  expect(g:prompt():find("AM Impulse, Combat Round", 1, true))
end)

-- 10.2: Iron Domes set up only in black or green areas, one to an area;
-- the naval unit only in a sea area beside Gaza.
test("10.2 Iron Domes set up one to a black or green area; naval support beside Gaza", function()
  local g = new_game{ scenario = "gaza_2012", seed = 1 }
  expect_eq(g:prompt(), "Place Iron Dome 1 of 8")
  local choices = g:choices()
  expect_eq(#choices, 14)
  expect_eq(choices[1], "Ashkelon")
  expect_eq(choices[13], "Dimona")
  expect_eq(choices[14], "Place no more Iron Domes")
  g:choose("Ashkelon")
  expect_eq(g:prompt(), "Place Iron Dome 2 of 8")
  expect_eq(#g:choices(), 13)
  g:choose("Place no more Iron Domes")
  expect_eq(g:choices(), { "Sea off Gaza City", "Sea off Khan Yunis" })
end)

-- 10.0, ruling R18: turn 1 skips the event and determination phases.
test("10.0 turn 1 has no event, launcher or asset determination", function()
  local g = H.new()
  expect(g:logged("Turn 1 has no Random Event Determination Phase", "10.0"))
  expect(g:logged("Turn 1 has no Launcher Determination Phase", "10.0"))
  expect(g:logged("Turn 1 has no Asset Determination Phase", "10.0"))
end)

-- 5.0 example: DR 1 with the Hamas marker in the 8 space draws 9 launchers.
test("5.0 example: a DR of 1 with the Hamas marker in the 8 space draws nine launchers", function()
  local g = H.new()
  H.to_turn2(g, { 2, 4, 1 })          -- no event, launcher DR 1
  expect_eq(g:turn(), 2)
  expect(g:logged("Hamas draws 9 launchers (DR 1 + Hamas Diplomacy space 8)", "5.0"))
  local on_map = 0
  for _, a in ipairs({ "g1", "g2", "g3", "g4" }) do on_map = on_map + #H.launchers(g, a) end
  expect_eq(on_map, 9)
  expect_eq(g:count("launcher_cup"), 17)
end)

-- 5.0: the draw is limited by what the container holds.
test("5.0 no more launchers are drawn than the container holds", function()
  local g = H.new()
  g:run("for i = 1, 8 do cup.draw('launcher_cup', 'launchers_eliminated') end")
  g:dice{ 9 }
  expect_eq(g:run("return determine_launchers()"), 2)
end)

-- 5.1 example: 6 Qassams go 2, 2, 1, 1 across the four Gaza areas.
test("5.1 example: six Qassam launchers are deployed 2, 2, 1, 1", function()
  local g = H.new()
  g:run("for _, a in ipairs(areas_of('gaza')) do for _, p in ipairs(pieces.at(a, { has = 'launcher' })) do pieces.move(p, 'launcher_cup') end end")
  g:draws("launcher_cup", { "Qassam launcher", "Qassam launcher", "Qassam launcher", "Qassam launcher",
                            "Qassam launcher", "Qassam launcher" })
  g:run("draw_launchers(6, '5.1') deploy_launchers('5.1')")
  local counts = {}
  for _, a in ipairs({ "g1", "g2", "g3", "g4" }) do counts[#counts + 1] = #H.launchers(g, a) end
  expect_eq(counts, { 2, 2, 1, 1 })
end)

-- 5.1: each type is spread evenly; ties go to the area with fewest launchers.
test("5.1 launchers are deployed evenly across the four Gaza areas, type by type", function()
  local g = H.new{ launchers = { "Qassam launcher", "Qassam launcher", "Grad launcher", "Grad launcher",
                                 "Fajr-5 launcher", "Fajr-5 launcher", "Qassam launcher", "Qassam launcher",
                                 "Qassam launcher", "Grad launcher", "Grad launcher", "Grad launcher",
                                 "Grad launcher", "Fajr-5 launcher", "Qassam launcher", "Qassam launcher" } }
  -- 7 Qassam: 2, 2, 2, 1. 6 Grad: the first to the area with fewest
  -- launchers (4th), then 1st-3rd, then 4th and 1st again. 3 Fajr-5: to
  -- the three areas with 3 launchers (2nd-4th).
  expect_eq(g:at("g1"), { "Qassam launcher", "Qassam launcher", "Grad launcher", "Grad launcher" })
  expect_eq(g:at("g2"), { "Qassam launcher", "Qassam launcher", "Grad launcher", "Fajr-5 launcher" })
  expect_eq(g:at("g3"), { "Qassam launcher", "Qassam launcher", "Grad launcher", "Fajr-5 launcher" })
  expect_eq(g:at("g4"), { "Qassam launcher", "Grad launcher", "Grad launcher", "Fajr-5 launcher" })
end)
