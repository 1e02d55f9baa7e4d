-- Tests of SETUP, TURN SEQUENCE and phases 1-4 (Arab, Event, Israeli,
-- Transfer) and the Card List Notation rules they use (R, Extremists,
-- Vehicles). Helpers: helpers.lua.
local H = require("helpers")

-- SETUP + 1948 deckset: the Arabs hold 3 TT at each front; the decks are
-- 45/53/46 cards; turn 1 runs the Arab and Event Phases before the first decision.
-- Set-up: default forced draws. Expected: 3 TT each, 50 Arab cards left,
-- 45 events left, 43 Israeli cards left, one Arab card at each printed front.
test("setup 1948: 3 Arab TT per front, full decks, Arab cards at their printed fronts", function()
  local g = H.new()
  expect_eq(H.tt(g), { 3, 3, 3 })
  expect_eq(g:turn(), 1)
  expect_eq(g:phase(), "israeli")
  expect_eq(g:count("arab_deck"), 50)
  expect_eq(g:count("event_deck"), 45)
  expect_eq(g:count("israeli_deck"), 43)
  expect_eq(g:at("north"), { "Arab Liberation Army" })
  expect_eq(g:at("central"), { "Arab Legion" })
  expect_eq(g:at("south"), { "Egyptian Army" })
  expect_eq(g:at("current_event"), { "Major Operation" })
  expect_eq(g:var("streak"), 0)
end)

-- 3 ISRAELI PHASE: 2 cards drawn, one decision a card, any front.
-- Set-up: Israeli draws Haganah Brigades, Kibbutzim. Actions: North, South.
test("3 israeli phase: draw 2 cards and deploy each to a front the player chooses", function()
  local g = H.new()
  expect_eq(g:at("israeli_hand"), { "Haganah Brigades", "Kibbutzim" })
  expect_eq(g:side(), "israel")
  expect_eq(g:prompt(), "Israeli Phase: deploy Haganah Brigades")
  expect_eq(g:choices(), { "North Front", "Central Front", "South Front" })
  expect_eq(g:choice_values(), { "location=north", "location=central", "location=south" })
  g:choose("North Front")
  expect_eq(g:prompt(), "Israeli Phase: deploy Kibbutzim")
  g:choose("location=south")
  expect_eq(g:at("north"), { "Arab Liberation Army", "Haganah Brigades" })
  expect_eq(g:at("south"), { "Egyptian Army", "Kibbutzim" })
  expect_eq(g:count("israeli_hand"), 0)
end)

-- Notation: Extremists deploy to a random front, with no decision.
-- Set-up: Israeli draws Irgun Commandos, Haganah Brigades; die 3 (South).
test("notation extremists: an Extremists card goes to a random front without a decision", function()
  local g = H.new{ israeli = { "Irgun Commandos", "Haganah Brigades" }, dice = { 3 } }
  expect_eq(g:at("south"), { "Egyptian Army", "Irgun Commandos" })
  expect_eq(g:prompt(), "Israeli Phase: deploy Haganah Brigades")
  expect(g:logged("picked 3 of 3 (south): random front", "Notation: Extremists"))
end)

-- 1 ARAB PHASE + Notation R: an R card goes to a random front.
-- Set-up: Arab draws Air Force (R), Arab Legion (C), Saudi Forces (S); die 1.
test("1 arab phase: 3 cards to their printed fronts, an R card to a random front", function()
  local g = H.new{ arab = { "Air Force", "Arab Legion", "Saudi Forces" }, dice = { 1 } }
  expect_eq(g:at("north"), { "Air Force" })
  expect_eq(g:at("central"), { "Arab Legion" })
  expect_eq(g:at("south"), { "Saudi Forces" })
  expect(g:logged("picked 1 of 3 (north): random front", "Notation: R"))
end)

-- A13: an empty Arab deck gives fewer (then no) draws.
-- Set-up: at turn 1 leave 1 card in the Arab deck. Expected turn 2: 1 drawn, logged.
test("1 arab phase, ruling A13: an empty Arab deck gives no more cards", function()
  local g = H.new{ arab = { "Arab Legion", "Arab Liberation Army", "Egyptian Army" } }  -- turn 1's only
  g:run([[local ps = pieces.at("arab_deck") for i = 2, #ps do pieces.move(ps[i], "arab_discard") end]])
  expect_eq(g:count("arab_deck"), 1)
  H.finish_turn(g, 1)
  expect_eq(g:turn(), 2)
  expect_eq(g:count("arab_deck"), 0)
  expect(g:logged("the Arab deck is empty", "1"))
end)

-- A13: an empty Israeli deck gives no draws (and no deploy decision).
test("3 israeli phase, ruling A13: an empty Israeli deck gives no cards", function()
  local g = H.new{ israeli = { "Haganah Brigades", "Kibbutzim" } }  -- turn 1's only
  g:run([[for _, p in ipairs(pieces.at("israeli_deck")) do pieces.move(p, "israeli_discard") end]])
  H.finish_turn(g, 1)
  expect_eq(g:turn(), 2)
  expect(g:logged("the Israeli deck is empty", "3"))
  expect_eq(g:count("israeli_hand"), 0)
  expect(g:prompt():find("^Transfer Phase") ~= nil, "no deploy decision, straight to transfers")
end)

-- 2 EVENT PHASE: last turn's event is discarded; an empty event deck is
-- reshuffled from the discard (A17).
test("2 event phase, ruling A17: the old event is discarded and an empty deck reshuffled", function()
  local g = H.new()
  g:run([[for _, p in ipairs(pieces.at("event_deck")) do pieces.move(p, "event_discard") end]])
  H.finish_turn(g, 1)
  expect_eq(g:turn(), 2)
  expect_eq(g:count("event_deck") + g:count("current_event") + g:count("event_discard"), 46)
  expect_eq(g:count("current_event"), 1)
  expect_eq(g:count("event_discard"), 0)
  expect_eq(g:count("event_deck"), 45)
  expect(g:logged("46 from Event discard reshuffled into Event deck"))
end)

test("2 event phase: one event a turn, the previous one goes to the discard", function()
  local g = H.turn2{ event2 = "Czech Weapon Shipments" }
  expect_eq(g:at("current_event"), { "Czech Weapon Shipments" })
  expect_eq(g:at("event_discard"), { "Major Operation" })
end)

-- 4 TRANSFER PHASE: one Regular unit may move; non-regulars never.
-- Set-up: event Czech Weapon Shipments (no transfers); Haganah and Kibbutzim North.
test("4 transfer phase: one Regular unit moves to another front; others cannot", function()
  local g = H.new{ event1 = "Czech Weapon Shipments" }
  H.deploy_all(g, 1)
  expect_eq(g:prompt(), "Transfer Phase: move a Regular unit (1 transfer left; each Vehicle also moves once free)")
  expect_eq(g:choices(), { "Haganah Brigades from North Front", "No transfer" })
  g:choose("Haganah Brigades from North Front")
  expect_eq(g:prompt(), "Transfer Phase: move Haganah Brigades from North Front to")
  expect_eq(g:choices(), { "Move Haganah Brigades from North Front to Central Front",
                           "Move Haganah Brigades from North Front to South Front" })
  g:choose("Move Haganah Brigades from North Front to Central Front")
  expect_eq(g:turn(), 2, "no second transfer")
  expect_eq(g:run("return pieces.count('central', { type = 'haganah_brigades' })"), 1)
end)

test("4 transfer phase: no decision when no Regular unit is on the table", function()
  local g = H.new{ event1 = "Czech Weapon Shipments", israeli = { "Kibbutzim", "Armed Settlers", "Haganah Brigades", "Kibbutzim" } }
  g:choose(1)
  g:choose(1)
  expect_eq(g:turn(), 2)
  expect_eq(g:prompt(), "Israeli Phase: deploy Haganah Brigades")
end)

-- Notation Vehicles (A4): each Vehicle has one free transfer of its own, on
-- top of the one normal transfer. Set-up: Tanks and Convoys North.
-- Actions: Tanks N->S (own), Convoys N->C (own), Tanks S->C (normal); then none left.
test("notation vehicles: each Vehicle moves once free besides the normal transfer", function()
  local g = H.new{ event1 = "Czech Weapon Shipments", israeli = { "Tanks", "Convoys" } }
  H.deploy_all(g, 1)
  expect_eq(g:choices(), { "Tanks from North Front", "Convoys from North Front", "No transfer" })
  H.transfer(g, "Tanks", "North Front", "South Front")
  expect_eq(g:choices(), { "Convoys from North Front", "Tanks from South Front", "No transfer" })
  H.transfer(g, "Convoys", "North Front", "Central Front")
  expect_eq(g:choices(), { "Convoys from Central Front", "Tanks from South Front", "No transfer" })
  H.transfer(g, "Tanks", "South Front", "Central Front")
  expect_eq(g:turn(), 2, "all transfers spent")
  expect_eq(g:run("return pieces.count('central', { has = 'vehicles' })"), 2)
end)

-- Identical cards at one front make one choice.
test("4 transfer phase: identical cards at a front are one choice", function()
  local g = H.new{ event1 = "Czech Weapon Shipments", israeli = { "Haganah Brigades", "Haganah Brigades" } }
  H.deploy_all(g, 1)
  expect_eq(g:choices(), { "Haganah Brigades from North Front", "No transfer" })
end)

-- SETUP: no Battle Phase on turn 1, even with both sides at a front.
test("setup: the Battle Phase is skipped on the first turn", function()
  local g = H.turn2{}
  expect_eq(H.tt(g), { 3, 3, 3 })
  expect_eq(g:count("israeli_discard") + g:count("arab_discard"), 0)
  expect(g:logged("no Battle Phase on the first turn", "Setup"))
end)

-- TURN SEQUENCE: the six phases in order, each logged with its section.
test("turn sequence: six phases in the printed order", function()
  local g = H.turn2{}
  local titles = {}
  for _, e in ipairs(g:events()) do
    if e.kind == "sequence" and e.text:find("Phase$") and #titles < 6 then titles[#titles + 1] = e.text end
  end
  expect_eq(titles, { "1. Arab Phase", "2. Event Phase", "3. Israeli Phase", "4. Transfer Phase",
                      "5. Battle Phase", "6. End Phase" })
end)
