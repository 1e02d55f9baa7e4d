-- How to win (13.0-13.2; rulings N20, N21, OQ1, OQ11, OQ27): the points of
-- the game's end, added to those scored in play.

local H = require("helpers")

local take = H.take_zones

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

test("9.7, 13.1, ruling OQ12: a militia removed as brittle is eliminated, may return and scores; a Syrian unit scores 2 and never returns", function()
  -- The armour and the mech infantry beat a militia and a Syrian division
  -- in Naqoura (6 + 4 against 1 + 0, 6 + 3 against 1 + 3): both are brittle.
  local function battle()
    local g = H.at_operations{ idf_hand = {}, dice = { 6, 1, 6, 1, 6, 1 }, prepare = [[
      for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
      vars.syria_in_war = true
      local z = 'naqoura'
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_setup', 'test') end
      local militia = pieces.top('insurgent_setup', { type = 'militia' })
        or units_on_map('insurgent', function(u) return pieces.type(u) == 'militia' end)[1]
      pieces.move(militia, z, 'test')
      pieces.move(pieces.top('syrian_forces', { type = 'syrian_division' }), z, 'test')
      pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), z, 'test')
      pieces.move(pieces.top(ZONES[1], { type = 'idf_mech_infantry' }), z, 'test')]] }
    g:choose("Militia")
    g:choose("Syrian Division")
    expect_eq(g:at("insurgent_eliminated"), { "Militia" })
    expect_eq(g:at("removed_from_game"), { "Syrian Division" })
    return g
  end
  local g = battle()
  -- IDF: Naqoura (2), the militia (1), the Syrian division (2).
  g:run("final_score()")
  expect_eq(g:track("idf_vp"), 5)
  -- An Uprising offers the militia back, never the division.
  local g2 = battle()
  g2:draws("suit_cup", { "Club" })
  g2:draws("rank_cup", { "Ace" })
  H.end_phase(g2)
  H.end_phase(g2)
  expect_eq(g2:prompt(), "Which unit returns?")
  expect_eq(g2:choices(), { "Militia" })
end)

test("13.1, 10.1, ruling OQ11: a Countervalue event is a battle's collateral damage outside Israel; in Israel, or a raid's 6, it is none", function()
  -- Equal rolls (1 + 4 against 4 + 1) in `zone`: a Cascading Effect is drawn.
  local function equal_battle(zone)
    local g = H.at_operations{ idf_hand = {}, dice = { 5, 3, 1, 4 }, prepare = string.format([[
      for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
      for _, u in ipairs(units_on_map('insurgent', nil, { %q })) do pieces.move(u, 'insurgent_setup', 'test') end
      pieces.move(units_on_map('insurgent', function(u) return pieces.type(u) == 'guerrilla' end)[1], %q, 'test')
      pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), %q, 'test')]], zone, zone, zone) }
    g:draws("suit_cup", { "Heart" })
    g:draws("rank_cup", { "King" })
    g:choose(1)
    expect(g:logged("Cascading Effect King of hearts: No effect", "10.1"), zone)
    return g
  end
  expect_eq(equal_battle("naqoura"):track("collateral_damage"), 1)
  expect_eq(equal_battle("nahariyya"):track("collateral_damage"), 0)
  -- A raid's 6 draws a card too, and is no event.
  local g = H.at_operations{ idf_hand = {}, prepare = H.hand_code("insurgent", { "insurgent_j3" }) }
  H.end_phase(g)
  g:dice({ 6 })
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "King" })
  g:choose("J-3 E: raid into Israel")
  g:choose(1)
  expect(g:logged("Cascading Effect King of hearts: No effect", "10.1"))
  expect_eq(g:track("collateral_damage"), 0)
end)

test("13.1, ruling X8: at the end both strategy markers, the one chosen and the other, are shown to all", function()
  local g = H.set_up(new_game{ scenario = "next_war" })
  expect_eq(g:count("idf_strategy_markers"), 1)
  g:run("final_score()")
  expect_eq(g:run("return { pieces.visibility(pieces.at('idf_strategy')[1]), "
                  .. "pieces.visibility(pieces.at('idf_strategy_markers')[1]) }"), { "public", "public" })
end)
