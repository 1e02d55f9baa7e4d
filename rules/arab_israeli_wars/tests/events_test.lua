-- One test for each of the 46 event cards of the 1948 deckset: the card is
-- forced as the event of turn 1 (or turn 2 where it needs units already on
-- the table), and its effect is checked. Force effects are read through
-- force_total at a built position (North: Moshe Dayan + 2 Haganah Brigades
-- vs Abd el Kader el Husseini + 2 Arab Liberation Army; base totals 12 and 8).
local H = require("helpers")

local BOARD = { north = { "moshe_dayan", "haganah_brigades", "haganah_brigades", "abd_el_kader_el_husseini",
                          "arab_liberation_army", "arab_liberation_army" },
                central = { "kibbutzim", "arab_legion" }, south = { "armed_settlers", "saudi_forces" } }

-- "All Israeli/Arab Units get +n Force": every non-leader unit of the side, every front.
local function all_units(name, side, n)
  test("event " .. name .. ": all " .. side .. " units get " .. n .. " Force", function()
    local g = H.new{ event1 = name }
    H.place(g, BOARD)
    local il = side == "israel" and n or 0
    local ar = side == "arab" and n or 0
    expect_eq(H.totals(g, "north"), { 12 + 2 * il, 8 + 2 * ar }, "north")
    expect_eq(H.totals(g, "central"), { 4 + il, 5 + ar }, "central")
    expect_eq(H.totals(g, "south"), { 2 + il, 2 + ar }, "south")
  end)
end
for _, c in ipairs({ "Czech Weapon Shipments", "Fighting for Survival", "WWII Veterans", "Memory of the Holocaust",
                     "Unified Command", "Smuggle in Arms", "Captured Equipment", "Self-Sacrifice" }) do
  all_units(c, "israel", 1)
end
for _, c in ipairs({ "Low on Ammo", "Cut Off Supply Routes", "Siege", "Shortage of Weapons",
                     "Disrupted Communications" }) do
  all_units(c, "israel", -1)
end
for _, c in ipairs({ "Isolated Settlements", "Narrow Coastal Plain", "Manpower Advantage", "Harassment" }) do
  all_units(c, "arab", 1)
end
for _, c in ipairs({ "Arab Divisions", "Poor Junior Leadership", "Demoralized by Setbacks", "Inter-Arab Bickering" }) do
  all_units(c, "arab", -1)
end

-- "Target Israeli Front gets +5": the player chooses the front; +5 once to its total.
for _, name in ipairs({ "Destroy Arab HQ", "Surprise Attack", "Flexibility", "Ambush", "Night Attack" }) do
  test("event " .. name .. ": the target Israeli front chosen by the player gets +5", function()
    local g = H.new{ event1 = name }
    expect_eq(g:prompt(), name .. ": choose the target front")
    expect_eq(g:choices(), { "North Front", "Central Front", "South Front" })
    g:choose("Central Front")
    expect_eq(g:var("event_front"), "central")
    H.place(g, BOARD)
    expect_eq(H.totals(g, "central"), { 9, 5 })
    expect_eq(H.totals(g, "north"), { 12, 8 })
  end)
end

test("event Flanking Maneuvers: Israeli units at the target front get +2 each", function()
  local g = H.new{ event1 = "Flanking Maneuvers" }
  expect_eq(g:choices(), { "North Front", "Central Front", "South Front" })
  g:choose("North Front")
  H.place(g, BOARD)
  expect_eq(H.totals(g, "north"), { 16, 8 })
  expect_eq(H.totals(g, "central"), { 4, 5 })
end)

-- Random front events: die 2 picks the Central Front.
for _, name in ipairs({ "Bridgehead", "Defensive Position" }) do
  test("event " .. name .. ": Arab units at one random front get +2 each", function()
    local g = H.new{ event1 = name, dice = { 2 } }
    expect_eq(g:var("event_front"), "central")
    H.place(g, { central = { "kibbutzim", "arab_legion", "najada" }, north = BOARD.north })
    expect_eq(H.totals(g, "central"), { 4, 10 })
    expect_eq(H.totals(g, "north"), { 12, 8 })
  end)
end

test("event Police Fortresses: the Arabs get +5 at one random front", function()
  local g = H.new{ event1 = "Police Fortresses", dice = { 3 } }
  expect_eq(g:var("event_front"), "south")
  H.place(g, BOARD)
  expect_eq(H.totals(g, "south"), { 2, 7 })
  expect_eq(H.totals(g, "central"), { 4, 5 })
end)

-- Draw events: Israeli cards join the hand (deployed in the Israeli Phase),
-- Arab cards are deployed at once (A7).
local function draws(name, il, ar)
  test("event " .. name .. ": Israelis draw " .. il .. ", Arabs draw " .. ar, function()
    local g = H.new{ event1 = name }
    expect_eq(g:count("israeli_hand"), 2 + il)
    expect_eq(g:count("israeli_deck"), 43 - il)
    local on_table = g:count("north") + g:count("central") + g:count("south")
    expect_eq(on_table, 3 + ar)
    expect_eq(g:count("arab_deck"), 50 - ar)
  end)
end
draws("David Ben Gurion", 2, 0)
draws("World Zionism", 1, 0)
draws("Illegal Immigration", 1, 0)
draws("Jihad", 0, 1)
draws("Arab League", 0, 1)
draws("British Withdrawal", 1, 1)

-- Truce events: no Battle Phase this turn, and the Israelis draw 2.
for _, name in ipairs({ "Major Truce", "Long Cease Fire" }) do
  test("event " .. name .. ": Truce (no Battle Phase) and the Israelis draw 2", function()
    local g = H.turn2{ event2 = name }
    expect_eq(g:count("israeli_hand"), 4)
    H.finish_turn(g, 1)
    expect_eq(g:turn(), 3)
    expect_eq(H.tt(g), { 3, 3, 3 })
    expect_eq(g:count("arab_discard"), 0)
  end)
end

test("event Palestinian Refugees: no battle at the North Front this turn", function()
  local g = H.new{ event1 = "Palestinian Refugees" }
  H.place(g, { north = { "haganah_brigades", "arab_liberation_army" }, central = { "haganah_brigades", "arab_legion" } })
  expect_eq(H.battle(g, "north"), "none")
  expect_eq(g:track("arab_tt_north"), 3)
  expect_eq(H.battle(g, "central"), "none", "central is a normal battle (a tie)")
  expect_eq(g:count("arab_discard"), 1)
end)

-- Free transfers: 1 normal + n free, all for any Regular unit (A4).
local function transfers(name, n)
  test("event " .. name .. ": the Israelis get " .. n .. " free transfers", function()
    local g = H.new{ event1 = name }
    g:choose(1)
    g:choose(1)
    local made = 0
    while g:turn() == 1 do
      expect_eq(#g:choices(), 2)
      if made % 2 == 0 then
        H.transfer(g, "Haganah Brigades", "North Front", "Central Front")
      else
        H.transfer(g, "Haganah Brigades", "Central Front", "North Front")
      end
      made = made + 1
    end
    expect_eq(made, 1 + n)
  end)
end
transfers("Major Operation", 3)
transfers("Internal Lines", 2)
transfers("Reinforcements", 1)

test("event Arab Withdrawal: one random Arab unit at one random front is removed", function()
  local g = H.new{ event1 = "Arab Withdrawal", dice = { 1 } }
  expect_eq(g:at("arab_discard"), { "Arab Liberation Army" })
  expect_eq(g:count("north"), 0)
  expect_eq(g:at("central"), { "Arab Legion" })
end)

test("event Failed Assault: the battle at one random front is a stalemate", function()
  local g = H.new{ event1 = "Failed Assault", dice = { 1 } }
  expect_eq(g:var("event_front"), "north")
  H.place(g, { north = { "palmach_shock_troops", "haganah_brigades", "lebanese_contingent" } })
  g:dice{ 2 }
  expect_eq(H.battle(g, "north"), "none")
  expect_eq(g:track("arab_tt_north"), 3)
  expect_eq(g:at("israeli_discard"), { "Haganah Brigades" })
  expect_eq(g:at("arab_discard"), { "Lebanese Contingent" })
end)

-- Turn 2 (units of both sides North): dice pick the Haganah Brigades, then
-- one Arab Liberation Army, one Arab Legion, one Egyptian Army (A9).
test("event Bitter Fighting: each side discards one random unit at every front", function()
  local g = H.turn2{ event2 = "Bitter Fighting", dice = { 1, 1, 1, 1 } }
  expect_eq(g:at("israeli_discard"), { "Haganah Brigades" })
  expect_eq(g:at("arab_discard"), { "Arab Liberation Army", "Arab Legion", "Egyptian Army" })
end)

test("event Desperate Struggle: both sides discard one random unit at one random front", function()
  local g = H.turn2{ event2 = "Desperate Struggle", dice = { 1, 2, 1 } }
  expect_eq(g:at("israeli_discard"), { "Kibbutzim" })
  expect_eq(g:at("arab_discard"), { "Arab Liberation Army" })
  expect_eq(g:count("central"), 2)
end)

-- Every event card has a test above: 46 names.
test("events: the deck holds the 46 cards of the list, one of each", function()
  local g = H.new()
  expect_eq(g:count("event_deck") + g:count("current_event"), 46)
  expect_eq(g:run([[local n = 0 for _, l in ipairs({"event_deck", "current_event"}) do
    n = n + pieces.count(l, { kind = "event" }) end return n]]), 46)
end)
