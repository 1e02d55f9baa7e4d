-- The view (view.lua, not a rule): the Force Totals the next battle would
-- count (5. Battle Phase, with the current event) and the victory
-- conditions' progress (6. End Phase), as the player sees them.
local H = require("helpers")

test("view: each front's Force Totals count the current event and the Leaders, as the battle would", function()
  -- Turn 2's event WWII Veterans: Israeli units +1 each, at every front.
  local g = H.turn2{ event2 = "WWII Veterans" }
  H.place(g, { north = { "haganah_brigades", "kibbutzim", "moshe_dayan" }, central = { "arab_legion", "glub_pasha" } })
  local s = g:summary("israel")
  -- North: 5 + 4 + Dayan 0, +1 Leader and +1 event for each of the two units.
  expect_eq(s.north, "Force Totals: Israel 13 (3 cards), Arabs 0 (0 cards); Arab TT 3 of 6")
  expect_eq(s.central, "Force Totals: Israel 0 (0 cards), Arabs 6 (2 cards); Arab TT 3 of 6")
  local t = H.totals(g, "north")
  expect_eq(t[1], 13, "the battle counts what the view shows")
end)

test("view: the victory line shows the most Arab TT, the Decisive Victory streak and the Arab cards left", function()
  local g = H.turn2{}
  g:run("track.set('arab_tt_south', 5) vars.streak = 1")
  local left = g:run("return pieces.count('arab_deck') + pieces.count('north', UNITS.arab) + " ..
                     "pieces.count('central', UNITS.arab) + pieces.count('south', UNITS.arab)")
  expect_eq(g:summary("israel")[1],
            "To win: the Arabs need 6 TT at a front (most: 5, South Front); Israel, all 3 battles won two turns "
            .. "running (streak 1 of 2) or no Arab unit card left (" .. left .. ")")
end)

test("view: the deck's cards count though the player does not see them, and the view changes nothing", function()
  local g = H.new{}
  local before = g:hash()
  local line = g:summary("israel")[1]
  expect(line:find("no Arab unit card left (5", 1, true), line)  -- 50-odd cards, all face down
  expect_eq(g:hash(), before)
end)
