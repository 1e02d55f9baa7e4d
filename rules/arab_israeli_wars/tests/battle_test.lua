-- Tests of 5 BATTLE PHASE and the Leader notation. Each builds a position
-- with H.place at turn 1 (current event Major Operation: no Force effect),
-- forces the random-unit dice, fights one battle with battle(front) and
-- checks the TT track, the winner and the discards.
local H = require("helpers")

-- The higher total wins, takes 1 TT and the loser discards a random unit.
-- North: 2 Haganah (10) vs 3 Arab Liberation Army (9); die 2 picks the 2nd ALA.
test("5 battle: the higher total takes one TT and the loser discards a random unit", function()
  local g = H.new()
  H.place(g, { north = { "haganah_brigades", "haganah_brigades", "arab_liberation_army", "arab_liberation_army",
                         "arab_liberation_army" } })
  expect_eq(H.totals(g, "north"), { 10, 9 })
  g:dice{ 2 }
  expect_eq(H.battle(g, "north"), "israel")
  expect_eq(g:track("arab_tt_north"), 2)
  expect_eq(g:at("arab_discard"), { "Arab Liberation Army" })
  expect_eq(g:run("return pieces.count('north', { owner = 'arab' })"), 2)
  expect(g:logged("North Front: Israel 10, Arabs 9: Israel won", "5"))
end)

-- Arab win: Central: Kibbutzim (4) vs Arab Legion (5): +1 Arab TT, Kibbutzim lost.
test("5 battle: an Arab win takes one Israeli TT and Israel discards a random unit", function()
  local g = H.new()
  H.place(g, { central = { "kibbutzim", "arab_legion" } })
  expect_eq(H.battle(g, "central"), "arab")
  expect_eq(g:track("arab_tt_central"), 4)
  expect_eq(g:at("israeli_discard"), { "Kibbutzim" })
  expect_eq(g:at("central"), { "Arab Legion" })
end)

-- Tie (Stalemate): both discard one random unit, no TT change.
test("5 battle: a tie makes both sides discard one random unit", function()
  local g = H.new()
  H.place(g, { south = { "haganah_brigades", "armed_settlers", "egyptian_army", "saudi_forces", "moslem_brotherhood" } })
  expect_eq(H.totals(g, "south"), { 7, 7 })
  g:dice{ 2, 3 }
  expect_eq(H.battle(g, "south"), "none")
  expect_eq(g:track("arab_tt_south"), 3)
  expect_eq(g:at("israeli_discard"), { "Armed Settlers" })
  expect_eq(g:at("arab_discard"), { "Moslem Brotherhood" })
  expect(g:logged("South Front: Israel 7, Arabs 7: stalemate", "5"))
end)

-- A side with no units at the start of the battle: the other takes 2 TT.
test("5 battle: no Israeli units at a front, the Arabs take 2 TT", function()
  local g = H.new()
  H.place(g, { north = { "lebanese_contingent" } })
  expect_eq(H.battle(g, "north"), "arab")
  expect_eq(g:track("arab_tt_north"), 5)
  expect_eq(g:count("arab_discard") + g:count("israeli_discard"), 0)
end)

test("5 battle: no Arab units at a front, Israel takes 2 TT", function()
  local g = H.new()
  H.place(g, { south = { "piper_airplanes" } })
  expect_eq(H.battle(g, "south"), "israel")
  expect_eq(g:track("arab_tt_south"), 1)
end)

-- A12: no units on either side: no battle.
test("5 battle, ruling A12: an empty front has no battle", function()
  local g = H.new()
  H.place(g, {})
  expect_eq(H.battle(g, "central"), "none")
  expect_eq(g:track("arab_tt_central"), 3)
  expect(g:logged("Central Front: no units, no battle", "5"))
end)

-- The winner takes a TT only if the loser has any.
test("5 battle: a winner takes no TT the loser does not have", function()
  local g = H.new()
  H.place(g, { north = { "palmach_shock_troops", "najada" }, central = { "arab_legion", "armed_settlers" } })
  g:run("track.set('arab_tt_north', 0) track.set('arab_tt_central', 6)")
  expect_eq(H.battle(g, "north"), "israel")
  expect_eq(g:track("arab_tt_north"), 0)
  expect_eq(H.battle(g, "central"), "arab")
  expect_eq(g:track("arab_tt_central"), 6)
  expect_eq(g:at("arab_discard"), { "Najada" })
end)

-- Notation Leader (A5): +1 to every non-leader unit at its front, per leader.
test("notation leader: each Leader gives +1 Force to every friendly non-leader unit at its front", function()
  local g = H.new()
  H.place(g, { north = { "moshe_dayan", "haganah_brigades", "haganah_brigades", "abd_el_kader_el_husseini",
                         "arab_liberation_army" },
               central = { "yitzhak_sadeh", "yigal_allon", "kibbutzim", "mortars", "glub_pasha" } })
  expect_eq(H.totals(g, "north"), { 12, 4 })
  expect_eq(H.totals(g, "central"), { 10, 0 })
end)

-- A5: a Leader alone is a unit of Force 0: it loses and is discarded.
test("notation leader, ruling A5: a lone Leader counts as a unit and can be lost", function()
  local g = H.new()
  H.place(g, { south = { "shimon_avidan", "saudi_forces" } })
  expect_eq(H.totals(g, "south"), { 0, 2 })
  expect_eq(H.battle(g, "south"), "arab")
  expect_eq(g:track("arab_tt_south"), 4, "one TT: the Israelis had a unit")
  expect_eq(g:at("israeli_discard"), { "Shimon Avidan" })
end)

-- 5 BATTLE PHASE in the sequence: three battles, North, Central, South.
-- Turn 2: North 2 Haganah + 2 Kibbutzim (18) vs 2 ALA (6); Central 2 Arab
-- Legion vs nothing; South 2 Egyptian Army vs nothing. Die 1 for the North discard.
test("5 battle: the phase fights North, Central and South in turn", function()
  local g = H.turn2{}
  H.finish_turn(g, 1)
  expect_eq(g:turn(), 3)
  expect_eq(H.tt(g), { 2, 5, 5 })
  expect_eq(g:at("arab_discard"), { "Arab Liberation Army" })
  local order = {}
  for _, e in ipairs(g:events()) do
    if e.rule == "5" and e.kind == "log" then order[#order + 1] = e.text:match("^(%a+) Front") end
  end
  expect_eq(order, { "North", "Central", "South" })
  expect_eq(g:var("streak"), 0)
end)
