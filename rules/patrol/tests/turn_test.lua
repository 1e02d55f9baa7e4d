-- 2 SET-UP, 3 MOVEMENT, 4 SEARCH, 5 FIGHT, 6 INFILTRATION, with forced dice and draws.
local H = require("helpers")

test("2 set-up: one chit drawn blind into each village's hideout, three stay in the cup", function()
  local g = H.new{ hideouts = { "Leader", "Cadre", "Cell", "Nothing", "Cadre" } }
  expect_eq(g:at("hideout_amra"), { "Leader" })
  expect_eq(g:at("hideout_kessa"), { "Cadre" })
  expect_eq(g:at("hideout_dorn"), { "Cell" })
  expect_eq(g:at("hideout_velik"), { "Nothing" })
  expect_eq(g:at("hideout_tamar"), { "Cadre" })
  expect_eq(g:count("cup"), 3)
  expect_eq(g:at("0101"), { "Patrol" })
  expect_eq(g:track("vp"), 0)
  expect_eq(g:track("steps"), 3)
end)

test("3 movement: one choice per objective, with its path cost", function()
  local g = H.new()
  expect_eq(g:prompt(), "Movement: where does the patrol head?")
  expect_eq(g:choices(), {
    "Stay in Outpost (0101)",
    "Head for Amra (0202) (1 MP away)",
    "Head for Kessa (0702) (7 MP away)",
    "Head for Dorn (0304) (4 MP away)",
    "Head for Velik (0704) (9 MP away)",
    "Head for Tamar (0206) (6 MP away)",
  })
end)

test("3 movement: each objective is a move of the patrol to its hex (a player points at it); staying is an option", function()
  local g = H.new()
  local values = g:choice_values()
  expect_eq(values[1], "option=Stay in Outpost (0101)")
  expect(values[2]:find("^piece=%d+,to=0202$") ~= nil, values[2])
  expect(values[6]:find("^piece=%d+,to=0206$") ~= nil, values[6])
  g:choose(values[4])
  expect_eq(H.patrol_hex(g), "0304")
end)

test("3.1 movement: the patrol follows the path as far as its 5 MP go", function()
  local g = H.new()
  g:choose("Head for Kessa (0702) (7 MP away)")
  -- 0201 (1) + forest 0301 (2) + 0402 (1) + 0501 (1) = 5; 0602 would be the 6th MP.
  expect_eq(H.patrol_hex(g), "0501")
  expect(g:logged("Patrol moved from Outpost (0101) to 0501", "3"))
end)

test("4.1 search: an adjacent village is searched on 4+; a 3 finds nothing", function()
  local g = H.new()
  g:choose("Stay in Outpost (0101)")
  expect_eq(g:choices(), { "Search Amra (adjacent, 4+)", "No search" })
  g:dice{ 3 }
  g:choose("Search Amra (adjacent, 4+)")
  expect(g:logged("Patrol searched Amra and found nothing", "4.1"))
  expect_eq(g:at("hideout_amra"), { "Cell" })
  expect_eq(g:unused_dice(), 0)
end)

test("4.1 search: in the village itself a 2 is enough; no search is a choice", function()
  local g = H.new()
  g:choose("Head for Dorn (0304) (4 MP away)")
  expect_eq(H.patrol_hex(g), "0304")
  expect_eq(g:choices(), { "Search Dorn (own hex, 2+)", "No search" })
  g:choose("No search")
  expect_eq(g:at("hideout_dorn"), { "Cell" })
  expect_eq(g:turn(), 2)
end)

test("4.2 search: a revealed Nothing is cleared, for no VP", function()
  local g = H.new{ hideouts = { "Nothing", "Cadre", "Cell", "Nothing", "Cadre" } }
  g:choose("Head for Amra (0202) (1 MP away)")
  g:dice{ 2 }
  g:choose("Search Amra (own hex, 2+)")
  expect(g:logged("Patrol cleared Amra", "4.2"))
  expect_eq(g:at("eliminated"), { "Nothing" })
  expect_eq(g:count("hideout_amra"), 0)
  expect_eq(g:track("vp"), 0)
end)

test("5.1, 5.2 fight: d6 + 1 fire support beating the strength eliminates the chit for its VP", function()
  local g = H.new()
  g:choose("Head for Amra (0202) (1 MP away)")
  g:dice{ 2, 2 }                       -- search 2; fight 2 + 1 support = 3 > Cell 2
  g:choose("Search Amra (own hex, 2+)")
  expect(g:logged("Cell moved from Amra hideout to Amra (0202)", "4.2"))
  expect(g:logged("Patrol fought 3 against Cell 2 at Amra: eliminated", "5.1"))
  expect_eq(g:at("eliminated"), { "Cell" })
  expect_eq(g:track("vp"), 1)
  expect_eq(g:count("0202"), 1)        -- only the patrol is left
end)

test("5.2, 5.3 fight: no support beyond 2 hexes; a miss costs a step and the chit slips back into the cup", function()
  local g = H.new()
  g:choose("Head for Dorn (0304) (4 MP away)")
  g:dice{ 2, 2 }                       -- search 2; fight 2, no support: not more than Cell 2
  g:choose("Search Dorn (own hex, 2+)")
  expect(g:logged("Patrol fought 2 against Cell 2 at Dorn: lost a step, the chit escaped", "5.3"))
  expect_eq(g:track("steps"), 2)
  expect_eq(g:count("cup"), 4)
  expect_eq(g:count("hideout_dorn"), 0)
  expect_eq(g:track("vp"), 0)
end)

test("6 infiltration: a 5 draws a chit blind from the cup into an empty village without the patrol", function()
  local g = H.new()
  g:choose("Stay in Outpost (0101)")
  g:dice{ 4, 3, 5 }                    -- search Amra 4; fight 3 + 1 > 2; infiltration 5
  g:draws("cup", { "Leader" })
  g:choose("Search Amra (adjacent, 4+)")
  expect_eq(g:at("eliminated"), { "Cell" })
  expect_eq(g:at("hideout_amra"), { "Leader" })
  expect(g:logged("Insurgents infiltrated Amra", "6"))
  expect_eq(g:unused_dice(), 0)        -- one empty village: pick rolls nothing
end)

test("6 infiltration: a 4 fails; a village with the patrol in it is never infiltrated (no roll)", function()
  local g = H.new()
  g:choose("Stay in Outpost (0101)")
  g:dice{ 4, 3, 4 }
  g:choose("Search Amra (adjacent, 4+)")
  expect_eq(g:count("hideout_amra"), 0)
  expect_eq(g:count("cup"), 3)
  g:choose("Head for Amra (0202) (1 MP away)")   -- turn 2: Amra is empty, but the patrol is there
  expect_eq(g:unused_dice(), 0)
  expect_eq(g:turn(), 3)
  expect_eq(g:count("hideout_amra"), 0)
end)
