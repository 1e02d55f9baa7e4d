-- Tests of 6 END PHASE and VICTORY CONDITIONS: Complete Loss, Decisive
-- Victory (and its streak, A14), Attrition Victory (A13), the order of the
-- checks (R10) and the safety turn limit (R14). Positions are built at the
-- first decision of turn 2 (H.turn2); the turn is then played to its end.
local H = require("helpers")

-- Complete Loss: 6 Arab TT at one front. North TT 5, no Israeli unit there:
-- the Arabs take 2 TT (capped at 6) and win.
test("victory: six Arab TT at one front is a complete loss", function()
  local g = H.turn2{}
  H.place(g, { north = { "arab_liberation_army" }, central = { "haganah_brigades" }, south = { "haganah_brigades" } })
  g:run("track.set('arab_tt_north', 5)")
  H.finish_turn(g, 2)
  expect(g:finished())
  expect_eq({ g:result() }, { "Arab victory: complete loss", "arab" })
  expect_eq(g:track("arab_tt_north"), 6)
end)

-- Decisive Victory: all three battles won two turns in a row (streak 1 -> 2).
test("victory: winning every battle two turns in a row is a decisive victory", function()
  local g = H.turn2{}
  H.place(g, { north = { "haganah_brigades" }, central = { "palmach_shock_troops", "najada" },
               south = { "kibbutzim", "saudi_forces" } })
  g:run("vars.streak = 1")
  H.finish_turn(g, 1)
  expect_eq({ g:result() }, { "Israeli decisive victory", "israel" })
  expect_eq(g:var("streak"), 2)
end)

test("victory, ruling A14: one won turn is not enough; the streak counts it", function()
  local g = H.turn2{}
  H.place(g, { north = { "haganah_brigades" }, central = { "palmach_shock_troops", "najada" },
               south = { "kibbutzim", "saudi_forces" } })
  H.finish_turn(g, 1)
  expect(not g:finished())
  expect_eq(g:var("streak"), 1)
end)

test("victory, ruling A14: a battle not won resets the streak", function()
  local g = H.turn2{}
  H.place(g, { north = { "haganah_brigades" }, central = { "palmach_shock_troops", "najada" },
               south = { "kibbutzim", "egyptian_army" } })
  g:run("vars.streak = 1")
  H.finish_turn(g, 2)
  expect(not g:finished())
  expect_eq(g:var("streak"), 0)
end)

test("victory, ruling A14: a front with no battle breaks the streak", function()
  local g = H.turn2{}
  H.place(g, { north = { "haganah_brigades" }, central = { "palmach_shock_troops", "najada" } })
  g:run("vars.streak = 1")
  H.finish_turn(g, 1)
  expect(not g:finished())
  expect_eq(g:var("streak"), 0)
end)

-- Attrition Victory (A13): the Arab deck is empty and no Arab card is on the table.
test("victory, ruling A13: no Arab unit card left in the deck or on the table is an attrition victory", function()
  local g = H.turn2{}
  H.place(g, { north = { "haganah_brigades", "arab_liberation_army" } })
  g:run([[for _, p in ipairs(pieces.at("arab_deck")) do pieces.move(p, "arab_discard") end]])
  H.finish_turn(g, 1)
  expect_eq({ g:result() }, { "Israeli attrition victory", "israel" })
end)

test("victory, ruling A13: an empty Arab deck with Arab units on the table is no victory", function()
  local g = H.turn2{ arab = { "Arab Legion", "Arab Liberation Army", "Egyptian Army",
                              "Arab Legion", "Arab Liberation Army", "Egyptian Army" } }  -- turns 1 and 2 only
  H.place(g, { north = { "haganah_brigades", "arab_liberation_army", "arab_liberation_army" } })
  g:run([[for _, p in ipairs(pieces.at("arab_deck")) do pieces.move(p, "arab_discard") end]])
  g:dice{ 1 }
  H.finish_turn(g, 1)
  expect(not g:finished())
  expect_eq(g:turn(), 3)
end)

-- R10: Decisive Victory is checked before Attrition Victory.
test("victory, ruling R10: decisive victory is checked before attrition", function()
  local g = H.turn2{}
  H.place(g, { north = { "haganah_brigades", "najada" }, central = { "haganah_brigades" }, south = { "haganah_brigades" } })
  g:run([[for _, p in ipairs(pieces.at("arab_deck")) do pieces.move(p, "arab_discard") end]])
  g:run("vars.streak = 1")
  H.finish_turn(g, 1)
  expect_eq({ g:result() }, { "Israeli decisive victory", "israel" })
end)

-- R14: a safety limit on turns ends the game as a stalemate (fixture: 2 turns).
test("victory, ruling R14: the turn limit ends the game in a stalemate", function()
  local g = new_game{ scenario = "short_limit.toml", seed = 3,
                      draws = { event_deck = { "Major Operation", "Internal Lines" },
                                arab_deck = { "Arab Legion", "Arab Liberation Army", "Egyptian Army",
                                              "Arab Legion", "Arab Liberation Army", "Egyptian Army" },
                                israeli_deck = { "Haganah Brigades", "Kibbutzim", "Haganah Brigades", "Kibbutzim" } } }
  H.finish_turn(g, 1)
  H.finish_turn(g, 1)
  expect_eq({ g:result() }, { "Stalemate: turn limit reached" })
  expect_eq(H.tt(g), { 2, 5, 5 })
end)

-- Truce: no Battle Phase, and the streak ends (A14).
test("notation truce: a Truce skips the Battle Phase and ends the streak", function()
  local g = H.turn2{ event2 = "Major Truce" }
  g:run("vars.streak = 1")
  H.finish_turn(g, 1)
  expect_eq(H.tt(g), { 3, 3, 3 })
  expect_eq(g:var("streak"), 0)
  expect(g:logged("Truce: no Battle Phase this turn", "Notation: Truce"))
end)
