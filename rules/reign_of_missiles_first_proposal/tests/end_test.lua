-- Tests of 6.0 ASSET DETERMINATION (through the turn 2 decisions), 8.0 END
-- PHASE, 3.0 the immediate end when the Diplomacy markers meet, 10.0
-- WINNING and the safety limit (ruling R20).
local H = require("helpers")

-- 6.0 example, ruling R7: DR 1 + Israeli space 5 = 6; moving the Israeli
-- marker 2 spaces left makes it 9. The printed example also moves the Hamas
-- marker, which R7 reads as an error: Hamas stays put.
test("6.0 example, ruling R7: two spaces left raise the determination by 3", function()
  local g = H.new()
  H.tracks(g, { israel_diplomacy = 5, hamas_diplomacy = -2 })
  H.to_turn2(g, { 2, 4, 0, 1 })       -- no event; launchers DR 0; assets DR 1
  expect_eq(g:prompt(), "Asset determination 6: increase it?")
  g:choose("+3: move the Israeli marker 2 spaces left")
  expect_eq(g:track("asset_level"), 9)
  expect_eq(g:track("israel_diplomacy"), 3)
  expect_eq(g:track("hamas_diplomacy"), -2)
  expect_eq(g:prompt(), "9 aircraft: how many F-15s?")
end)

-- 6.0 example: 7 gives seven aircraft (any mix, R8) and seven Iron Domes.
test("6.0 example: a determination of 7 gives seven aircraft and seven Iron Domes", function()
  local g = H.new()
  H.tracks(g, { israel_diplomacy = 6 })
  H.to_turn2(g, { 2, 4, 0, 1 })
  g:choose("No increase")
  expect_eq(#g:choices(), 8)
  g:choose("3 F-15 and 4 Drone")
  expect_eq(g:run("return { pieces.count('israeli_available', { type = 'f15' }), pieces.count('israeli_available', { type = 'drone' }) }"), { 3, 4 })
  expect_eq(g:prompt(), "Place Iron Dome 1 of 7")
  expect_eq(g:choices()[1], "Zikim")   -- 6.1: anywhere in Israel, blue areas too (ruling A1)
end)

test("8.0 the end phase scores 1 MVP for 2 suppressed launchers and clears the map", function()
  local g = H.new{ domes = { "Ashkelon" } }
  g:run("local n = 0 for _, a in ipairs(areas_of('gaza')) do for _, p in ipairs(pieces.at(a, { has = 'launcher' })) do if n < 3 then pieces.mark(p, 'suppressed') pieces.set_face(p, 'suppressed') n = n + 1 end end end")
  g:run("pieces.set_face(pieces.at('k1')[1], 'depleted') place_event_marker('sam', 2, '4.2') end_phase()")
  expect_eq(g:track("israel_mvp"), 1)   -- example: 3 suppressed give 1 MVP
  expect_eq(g:count("launcher_cup"), 26)
  expect_eq(g:run("return pieces.count('launcher_cup', { marked = 'suppressed' })"), 0)
  expect_eq(g:count("k1"), 0)
  expect_eq(g:count("events_in_play"), 0)
  expect_eq(g:run("return pieces.count('israeli_reserve', { type = 'iron_dome' })"), 10)
  expect_eq(g:count("israeli_available"), 0)
end)

test("3.0 the game ends at once when the markers meet; 10.0 substantive Israeli victory", function()
  local g = H.new()
  H.tracks(g, { hamas_diplomacy = 4, israel_diplomacy = 5, israel_mvp = 2 })
  g:dice{ 5, 3 }                      -- attack fails (5 <= 6), casualties move Israel left
  H.choose_prefix(g, "Attack Qassam launcher")
  g:choose("F-15")
  expect(g:finished())
  expect_eq({ g:result() }, { "Substantive Israeli Victory", "israel" })
  expect(g:logged("The Diplomacy markers met in the blue 4 space", "3.0"))
end)

test("10.0 the winning table: band and MVP", function()
  local g = H.new()
  local function result(space, i, h)
    H.tracks(g, { hamas_diplomacy = space, israel_diplomacy = space, israel_mvp = i, hamas_mvp = h })
    return g:run("return (game_result())")
  end
  expect_eq(result(8, 3, 1), "Decisive Israeli Victory")
  expect_eq(result(-8, 1, 3), "Decisive Hamas Victory")
  expect_eq(result(-3, 1, 3), "Substantive Hamas Victory")
  expect_eq(result(-3, 3, 1), "Stalemate")
  expect_eq(result(1, 3, 1), "Stalemate")
  expect_eq(result(7, 2, 2), "Stalemate")
end)

test("3.0 ruling D2: a marker never passes the other one", function()
  local g = H.new()
  H.tracks(g, { hamas_diplomacy = 2, israel_diplomacy = 3 })
  g:dice{ 1, 1 }                      -- leadership hit: Hamas right 1 meets Israel
  g:choose("Attack the Leadership target in Gaza City")
  g:choose("F-15")
  expect_eq(g:track("hamas_diplomacy"), 3)
  expect(g:finished())
end)

test("3.0 ruling R20: the safety limit ends the game as a stalemate", function()
  local g = new_game{ scenario = "short_limit.toml", seed = 1 }
  H.setup_assets(g, {})
  g:run("for _, a in ipairs(areas_of('gaza')) do for _, p in ipairs(pieces.at(a, { has = 'launcher' })) do pieces.move(p, 'launcher_cup') end end")
  for _ = 1, 3 do g:choose("End the combat round") end
  expect(g:finished())
  expect_eq({ g:result() }, { "Stalemate: the 30-turn safety limit is reached (ruling R20)" })
end)

test("10.0 for the search bot: bot_eval grades each result by its degree; before the end, a smooth guess", function()
  local g = H.new()
  expect_eq(g:run("return bot_eval('israel', 'Decisive Israeli Victory')"), 1)
  expect_eq(g:run("return bot_eval('israel', 'Substantive Israeli Victory')"), 0.75)
  expect_eq(g:run("return bot_eval('israel', 'Stalemate')"), 0.5)
  expect_eq(g:run("return bot_eval('israel', 'Substantive Hamas Victory')"), 0.25)
  expect_eq(g:run("return bot_eval('hamas', 'Decisive Hamas Victory')"), 1)
  -- Before the end: between a substantive loss and a substantive win, each
  -- MVP and each space toward a side's bands worth something to it.
  local function israel() return g:run("return bot_eval('israel')") end
  local even = israel()                          -- markers at -8 and 9, no MVP
  expect(math.abs(even - 0.5) < 0.05, "even at the start")
  H.tracks(g, { israel_mvp = 5, hamas_mvp = 2 })
  local ahead = israel()
  expect(ahead > even, "an MVP lead is worth something")
  H.tracks(g, { hamas_diplomacy = 0, israel_diplomacy = 9 })
  local blue = israel()                         -- halfway is blue 4
  expect(blue > ahead and blue < 0.75, "a meeting in Israel's bands is worth more")
  expect(math.abs(blue + g:run("return bot_eval('hamas')") - 1) < 1e-9, "the two sides' values sum to 1")
  H.tracks(g, { hamas_diplomacy = -10, israel_diplomacy = -4, israel_mvp = 1, hamas_mvp = 6 })
  local lost = israel()                         -- halfway is green 7, Hamas ahead
  expect(lost > 0.25 and lost < even, "Hamas ahead in its band is worth less to Israel")
end)
