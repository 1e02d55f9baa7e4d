-- How to win (13.0-13.2; rulings N20, N21, OQ1, OQ11, OQ27): the points of
-- the game's end, added to those scored in play.

local H = require("helpers")

-- Clears the Insurgent units out of the zones SOUTH_OF_LITANI[1..n] (to the
-- eliminated box) and puts an IDF armour brigade in each.
local function take(n)
  return string.format([[for k = 1, %d do
      local z = SOUTH_OF_LITANI[k]
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_eliminated', 'test') end
      pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), z, 'test')
    end]], n)
end

test("13.1 Counterforce, 13.2, rulings N20, N21: zones held and units eliminated", function()
  local g = H.at_operations{ prepare = take(2) .. [[
    pieces.set_face(pieces.top(ZONES[1], { type = 'idf_mech_infantry' }), 'reduced_combat', 'test')
    pieces.move(pieces.top(ZONES[1], { type = 'idf_sof' }), 'idf_eliminated', 'test')]] }
  local eliminated = g:count("insurgent_eliminated")
  local result = g:run("return { final_score() }")
  -- IDF: 2 zones x 2 + 1 per eliminated Insurgent unit. Insurgent: the 12
  -- other Lebanese zones (the northern sanctuary never), 1 reduced, 1
  -- eliminated IDF unit (3).
  expect_eq(g:track("idf_vp"), 4 + eliminated)
  expect_eq(g:track("insurgent_vp"), 12 + 1 + 3)
  expect_eq(result, { "The IDF wins", "idf" })
  expect(g:logged("The IDF followed the counterforce strategy: IDF " .. (4 + eliminated) .. " VP, Insurgent 16 VP", "13.0"))
end)

test("13.1 Countervalue (ruling OQ11), ruling OQ27: collateral damage scores; a tie goes to the Insurgent", function()
  local g = new_game{ scenario = "next_war" }
  g:choose("countervalue")
  H.set_up(g)
  g:run("track.set('collateral_damage', 14, 'test')")
  local result = g:run("return { final_score() }")
  expect_eq(g:track("idf_vp"), 14)
  expect_eq(g:track("insurgent_vp"), 14)
  expect_eq(result, { "A tie: the Insurgent wins (ruling OQ27)", "insurgent" })
  -- The strategy is shown to all at the end (13.1).
  expect_eq(g:run("return pieces.visibility(pieces.at('idf_strategy')[1])"), "public")
end)

test("13.0: the game ends after its last turn with the score", function()
  local g = H.pass_turns(H.set_up(new_game{ scenario = "lebanon_2006" }))
  expect(g:finished())
  expect_eq(g:turn(), 12)
  expect(g:result():find("wins") ~= nil, g:result())
end)
