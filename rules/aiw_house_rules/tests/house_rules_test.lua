-- Tests of the two house rules (README.md) and of base rules the mod leaves
-- alone. Positions are built with H.place at turn 1 (event Major Operation:
-- no Force effect); random discards are forced with g:dice.
local H = require("helpers")  -- the base's tests/helpers.lua, found through extends

-- HOUSE RULE 1: +2 per Leader. North: Moshe Dayan + 2 Haganah (10) gets
-- 2 x 2 = 14 (base: 12); Abd el Kader + ALA (3) gets 5 (base: 4). Central:
-- two Leaders and two units: 6 + 2 x (2 x 2) = 14 (base: 10); Glub Pasha
-- alone is still 0 (A5).
test("house rule 1: each Leader gives +2 Force to every friendly non-leader unit at its front", function()
  local g = H.new()
  H.place(g, { north = { "moshe_dayan", "haganah_brigades", "haganah_brigades", "abd_el_kader_el_husseini",
                         "arab_liberation_army" },
               central = { "yitzhak_sadeh", "yigal_allon", "kibbutzim", "mortars", "glub_pasha" } })
  expect_eq(g:run("return LEADER_BONUS"), 2)
  expect_eq(H.totals(g, "north"), { 14, 5 })
  expect_eq(H.totals(g, "central"), { 14, 0 })
end)

-- The +2 decides a battle the base's +1 would tie: South: Shimon Avidan +
-- Armed Settlers (2) = 4 (base: 3) against Saudi Forces (2) + Najada (1) = 3.
-- Die 1 picks the Arab discard.
test("house rule 1: a Leader's +2 wins a battle the base's +1 would tie", function()
  local g = H.new()
  H.place(g, { south = { "shimon_avidan", "armed_settlers", "saudi_forces", "najada" } })
  expect_eq(H.totals(g, "south"), { 4, 3 })
  g:dice{ 1 }
  expect_eq(H.battle(g, "south"), "israel")
  expect_eq(g:track("arab_tt_south"), 1, "Israel took one of the 2 Arab TT")
  expect_eq(g:count("arab_discard"), 1)
end)

-- HOUSE RULE 2: the Arabs start with 2 TT at each front, and the set-up
-- says so.
test("house rule 2: the Arabs start with 2 TT at each front", function()
  local g = H.new()
  expect_eq({ g:track("arab_tt_north"), g:track("arab_tt_central"), g:track("arab_tt_south") }, { 2, 2, 2 })
  expect(g:logged("the Arabs start with 2 TT at each front"))
end)

-- An unchanged base rule: the higher total takes one TT and the loser
-- discards a random unit (no Leader: the house rule changes nothing).
-- Central: Kibbutzim (4) vs Arab Legion (5).
test("base rule kept: an Arab win takes one Israeli TT and Israel discards a random unit", function()
  local g = H.new()
  H.place(g, { central = { "kibbutzim", "arab_legion" } })
  expect_eq(H.totals(g, "central"), { 4, 5 })
  expect_eq(H.battle(g, "central"), "arab")
  expect_eq(g:track("arab_tt_central"), 3)
  expect_eq(g:at("israeli_discard"), { "Kibbutzim" })
end)

-- An unchanged base rule, A5: a lone Leader is a unit of Force 0 and loses.
test("base rule kept, ruling A5: a lone Leader counts as a unit and can be lost", function()
  local g = H.new()
  H.place(g, { south = { "shimon_avidan", "saudi_forces" } })
  expect_eq(H.totals(g, "south"), { 0, 2 })
  expect_eq(H.battle(g, "south"), "arab")
  expect_eq(g:track("arab_tt_south"), 3)
  expect_eq(g:at("israeli_discard"), { "Shimon Avidan" })
end)
