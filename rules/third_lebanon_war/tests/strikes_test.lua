-- Strikes (12.2 deep strikes, 13.0 their collateral damage, 12.3 rocket
-- attacks, 12.4 minor raids; rulings T68-T75), with forced dice.

local M = require("move_helpers")

local function hits(g, p) return g:run("return pieces.counter(" .. p .. ", 'hits')") end

test("12.2 Area attack: 3 dice a Concentrated regular, 2 a Dispersed; 5 one hit, 6 two; the Insurgent spreads them", function()
  local g = M.game{ idf_hand = { "idf_j3" }, setup = [[
    put('syrian_division', 'naqoura')
    set_mode(put('syrian_division', 'naqoura'), 'dispersed', 'test')]] }
  local first = g:run("return pieces.at('naqoura')[1]")
  M.choose_starting(g, "J-3 D")
  expect_eq(g:choice_values(), { "option=area_regulars,location=naqoura" })
  g:dice{ 6, 5, 1, 2, 4 }
  g:choose(1)
  expect_eq(g:unused_dice(), 0) -- five dice: 3 + 2
  expect(g:logged("3 hits on Naqoura, 0 saved by the terrain", "12.2"))
  for _ = 1, 3 do
    expect_eq(g:side(), "insurgent")
    g:choose("piece=" .. first)
  end
  expect_eq(hits(g, first), 3)
  expect_eq(g:count("cascading_discard"), 0) -- remote, no excess: no collateral damage
end)

test("12.2, 13.0, ruling T71: an area attack on revealed irregulars in an urban zone: 2 hits saved, collateral damage once", function()
  local g = M.game{ idf_hand = { "idf_j3" }, setup = [[
    set_mode(put('guerrilla', 'tyre'), 'revealed', 'test')
    set_mode(put('guerrilla', 'tyre'), 'revealed', 'test')
    put('guerrilla', 'tyre')
    put('syrian_division', 'tyre')]] }
  g:draws("cascading_deck", { "King of Hearts" })
  local a = g:run("return pieces.at('tyre', { type = 'guerrilla' })[1]")
  local b = g:run("return pieces.at('tyre', { type = 'guerrilla' })[2]")
  M.choose_starting(g, "J-3 D")
  g:dice{ 6, 6, 5, 1 }
  g:choose("option=area_revealed,location=tyre")
  expect(g:logged("5 hits on Tyre, 2 saved by the terrain", "12.2"))
  g:choose("piece=" .. a)
  g:choose("piece=" .. a) -- disrupted now: the last hit has one place to go
  expect_eq(g:run("return is_disrupted(" .. a .. ")"), true)
  expect_eq(hits(g, b), 1)
  expect_eq(g:track("collateral_damage"), 1)
  expect_eq(g:at("cascading_discard"), { "King of Hearts" })
  expect_eq(g:run("return pieces.counter(pieces.top('tyre', { type = 'syrian_division' }), 'hits')"), 0)
end)

test("12.2, 13.0, ruling T71: hits beyond what the targets can take cause collateral damage outside a city too", function()
  local g = M.game{ idf_hand = { "idf_j3" }, setup = "set_mode(put('guerrilla', 'naqoura'), 'revealed', 'test')" }
  g:draws("cascading_deck", { "King of Hearts" })
  M.choose_starting(g, "J-3 D")
  g:dice{ 6, 6 }
  g:choose(1)
  expect_eq(g:run("return is_disrupted(pieces.top('naqoura', { type = 'guerrilla' }))"), true)
  expect_eq(g:track("collateral_damage"), 1)
  expect_eq(g:count("cascading_discard"), 1)
end)

test("12.2, ruling T68: no strike singles out Underground, disrupted or boxed units", function()
  local g = M.game{ idf_hand = { "idf_j3", "idf_j3" }, setup = [[
    vars.syria_in_war = true
    put('guerrilla', 'tyre')
    local d = put('syrian_division', 'qana') pieces.mark(d, 'disrupted', 'test')
    local hq = put('syrian_corps_hq', 'syria')
    put('syrian_division', holding_box(hq))]] }
  local offered = g:run([[return #ACTIONS.area_attack.targets('idf') + #ACTIONS.pgm_strike.targets('idf')]])
  expect_eq(offered, 0)
  expect(not g:choices()[1]:find("J-3 D", 1, true), "no area attack offered")
  expect(M.offered(g, "option=J-3F"), "only the decapitation strike")
end)

test("12.2 PGM strike, rulings T69 (OQ5), T71: one unit, its mode's dice, no terrain saving, no SAM; urban collateral damage", function()
  local g = M.game{ idf_hand = { "idf_j3" }, insurgent_hand = { "insurgent_j4" }, setup = [[
    set_mode(put('main_force', 'tyre'), 'revealed', 'test')
    put('syrian_division', 'naqoura')]] }
  g:draws("cascading_deck", { "King of Hearts" })
  local mf = M.piece(g, "tyre", "main_force")
  M.choose_starting(g, "J-3 E")
  expect_eq(#g:choices(), 2)
  g:dice{ 6, 1 }
  g:choose("piece=" .. mf)
  expect_eq(hits(g, mf), 2)
  expect_eq(g:track("collateral_damage"), 1)
  -- Ruling T69 (OQ5): no SAM answers a deep strike, though the Insurgent holds a J-4.
  expect_eq(g:count("insurgent_hand"), 1)
  expect_eq(g:side(), "idf")
end)

test("12.2 Decapitation, ruling T70 (OQ6): two dice; a hit removes the Syrian TF HQ, its units detached, C2 down one", function()
  local g = M.game{ idf_hand = { "idf_j3", "idf_j3" }, setup = [[
    vars.syria_in_war = true
    local hq = put('syrian_corps_hq', 'syria')
    put('syrian_division', holding_box(hq))
    put('syrian_division', holding_box(hq))]] }
  g:draws("cascading_deck", { "King of Hearts", "Queen of Hearts" })
  local hq = M.piece(g, "syria", "syrian_corps_hq")
  M.choose_starting(g, "J-3 F")
  g:dice{ 4, 3 }
  g:choose("piece=" .. hq)
  expect(g:logged("The decapitation strike misses", "12.2"))
  expect_eq(g:at("cascading_discard"), { "King of Hearts" }) -- a strike on Syria draws a card (T71)
  M.choose_starting(g, "J-3 F")
  g:dice{ 5, 2 }
  g:choose("piece=" .. hq)
  expect_eq(g:run("return pieces.location(" .. hq .. ")"), "removed_from_game")
  expect_eq(g:track("insurgent_c2"), 4)
  expect_eq(g:at("syria"), { "Syrian Division", "Syrian Division" })
  expect_eq(g:count("syrian_box"), 0)
end)

test("12.3, ruling T72: a zone's launchers fire as the Insurgent chooses; they turn Revealed; SR only from the SR band, none from a TF box", function()
  local g = M.game{ insurgent_hand = { "insurgent_j3" }, setup = [[
    put('sr_rocket', 'tyre')
    put('mr_rocket', 'tyre')
    put('missile', 'tyre')
    put('sr_rocket', 'zahrani')
    put('mr_rocket', holding_box(put('insurgent_tf_hq', 'sidon')))]] }
  g:draws("cascading_deck", { "King of Hearts" })
  expect_eq(g:run("local out = {} for _, z in ipairs(ACTIONS.rocket_attack.targets('insurgent')) do out[#out + 1] = z end return table.concat(out, ' ')"),
            "tyre")
  M.to_insurgent(g)
  M.choose_starting(g, "J-3 G")
  g:choose("location=tyre")
  expect(not M.offered(g, "option=done"), "at least one fires")
  g:choose(1)
  g:choose(2)
  g:choose(2)
  g:dice{ 6, 1, 6, 6 }
  g:choose("civilian_target")
  expect_eq(g:unused_dice(), 0)
  expect_eq(g:run("local n = 0 for _, u in ipairs(pieces.at('tyre')) do if is_revealed(u) then n = n + 1 end end return n"), 3)
  expect(g:logged("3 hits on civilian infrastructure in Israel", "12.3"))
  expect_eq(g:track("insurgent_vp"), 3)
  expect_eq(g:at("cascading_discard"), { "King of Hearts" }) -- ruling T73: one card an attack
  expect_eq(g:track("collateral_damage"), 0)
end)

test("12.3, ruling T74 (OQ11): each military hit disrupts a CSU on the map of the IDF's choice; boxed CSUs are safe, extra hits lost", function()
  local g = M.game{ insurgent_hand = { "insurgent_j3" }, setup = [[
    put('missile', 'tyre')
    put('idf_csu', 'upper_galilee')
    put('idf_csu', 'kiryat_shmona')
    put('idf_csu', holding_box(put('idf_tf_hq_1', 'golan')))]] }
  M.to_insurgent(g)
  M.choose_starting(g, "J-3 G")
  g:choose("location=tyre")
  g:choose(1)
  g:dice{ 6, 6 }
  g:choose("military_target")
  expect_eq(g:side(), "idf")
  local csu = M.piece(g, "kiryat_shmona", "idf_csu")
  g:choose("piece=" .. csu)
  expect_eq(g:run("local n = 0 for _, z in ipairs(ZONES) do for _, u in ipairs(pieces.at(z, { type = 'idf_csu' })) do if is_disrupted(u) then n = n + 1 end end end return n"), 2)
  expect_eq(g:run("return is_disrupted(pieces.top('tf_box_1'))"), false)
  expect_eq(g:track("insurgent_vp"), 0)
end)

test("12.4, rulings T73, T75 (OQ14, OQ18): a raid from a controlled border zone, Underground units controlling; once a turn", function()
  local g = M.game{ insurgent_hand = { "insurgent_j3", "insurgent_j3" }, setup = [[
    put('guerrilla', 'bint_jbeil')
    put('guerrilla', 'naqoura')
    put('idf_armor', 'naqoura')]] }
  g:draws("cascading_deck", { "King of Hearts" })
  expect_eq(g:run("return table.concat(ACTIONS.minor_raid.targets('insurgent'), ' ')"), "bint_jbeil")
  M.to_insurgent(g)
  M.choose_starting(g, "J-3 H")
  g:dice{ 6, 6 }
  g:choose("civilian_target")
  expect_eq(g:track("insurgent_vp"), 2)
  expect_eq(g:count("cascading_discard"), 1)
  expect(not M.offered(g, "J-3H"), "one raid a turn")
end)

test("12.4, ruling T75: no raid without a controlled border zone; a contested one or a dummy does not do", function()
  local g = M.game{ setup = [[
    put('dummy', 'marjayoun')
    put('guerrilla', 'naqoura')
    put('idf_armor', 'naqoura')
    put('guerrilla', 'tyre')]] }
  expect_eq(g:run("return #ACTIONS.minor_raid.targets('insurgent')"), 0)
end)
