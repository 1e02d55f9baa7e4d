-- Movement (9.1, 11.2, mat J-4; rulings T60-T67): what may move, how far,
-- where it stops, the ambush, strategic and airmobile moves.

local M = require("move_helpers")

local function where(g, p) return g:run("return zone_of(" .. p .. ")") end

test("9.1, ruling T60: a J-3 moves one Concentrated regular; a Dispersed one is not offered", function()
  local g = M.game{ idf_hand = { "idf_j3" }, setup = [[
    put('idf_armor', 'upper_galilee')
    set_mode(put('idf_armor', 'kiryat_shmona'), 'dispersed', 'test')]] }
  local concentrated = M.piece(g, "upper_galilee", "idf_armor")
  local dispersed = M.piece(g, "kiryat_shmona", "idf_armor")
  M.choose_starting(g, "J-3 A")
  expect_eq(g:choice_values(), { "option=move_unit,piece=" .. concentrated })
  expect(not M.offered(g, "piece=" .. dispersed .. ","), "a dispersed regular stays")
end)

test("9.1, ruling T60: militia and Syria's missiles never move; irregulars of a zone do, dummies among them", function()
  local g = M.game{ setup = [[
    put('militia', 'tyre')
    put('syrian_missile', 'syria')
    put('guerrilla', 'qana')
    put('dummy', 'shaqra')]] }
  local offered = g:run([[local out = {}
    for _, c in ipairs(ACTIONS.tactical_move.targets('insurgent')) do out[#out + 1] = c.option .. ' ' .. (c.location or '') end
    for _, c in ipairs(ACTIONS.strategic_move.targets('insurgent')) do out[#out + 1] = c.option .. ' ' .. (c.location or '') end
    return table.concat(out, ', ')]])
  expect_eq(offered, "move_irregulars qana, move_irregulars shaqra, move_irregulars qana, move_irregulars shaqra")
end)

test("9.1, ruling T61: a move goes up to two zones, the group together, then stops", function()
  local g = M.game{ idf_hand = { "idf_j3" }, setup = "put('idf_armor', 'upper_galilee')" }
  local armor = M.piece(g, "upper_galilee", "idf_armor")
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_unit,piece=" .. armor)
  g:choose("option=move_to,location=bint_jbeil")
  expect_eq(g:choices()[1], "Stop here")
  expect(not M.offered(g, "location=upper_galilee"), "no zone twice in one move")
  g:choose("option=move_to,location=shaqra")
  expect_eq(where(g, armor), "shaqra")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("9.1, ruling T61: a move stops on entering a zone of undisrupted enemy regulars, not of disrupted ones", function()
  local g = M.game{ idf_hand = { "idf_j3", "idf_j3" }, setup = [[
    put('idf_armor', 'upper_galilee')
    put('syrian_division', 'bint_jbeil')
    pieces.mark(put('syrian_division', 'naqoura'), 'disrupted', 'test')]] }
  local armor = M.piece(g, "upper_galilee", "idf_armor")
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_unit,piece=" .. armor)
  g:choose("option=move_to,location=naqoura")
  expect_eq(g:choices()[1], "Stop here") -- a disrupted division does not stop it
  g:choose("option=move_to,location=bint_jbeil")
  expect(g:logged("The move stops in Bint Jbeil: enemy regular units are there", "9.1"))
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_unit,piece=" .. armor)
  g:choose("option=move_to,location=shaqra")
  expect_eq(where(g, armor), "shaqra") -- it may leave that zone again
end)

test("9.1, ruling T62: a TF HQ moves with its box as one regular, unless a unit of its box could not move alone", function()
  local g = M.game{ idf_hand = { "idf_j3" }, setup = [[
    local hq = put('idf_tf_hq_1', 'upper_galilee')
    put('idf_armor', holding_box(hq))
    local hq2 = put('idf_tf_hq_2', 'upper_galilee')
    set_mode(put('idf_armor', holding_box(hq2)), 'dispersed', 'test')]] }
  local hq = M.piece(g, "upper_galilee", "idf_tf_hq_1")
  local hq2 = M.piece(g, "upper_galilee", "idf_tf_hq_2")
  M.choose_starting(g, "J-3 A")
  expect(not M.offered(g, "piece=" .. hq2), "a dispersed unit keeps its HQ")
  g:choose("option=move_tf,piece=" .. hq)
  g:choose("option=move_to,location=naqoura")
  g:choose("stop_here")
  expect_eq(where(g, hq), "naqoura")
  expect_eq(g:count("tf_box_1"), 1)
  expect_eq(g:run("return units_in_zone('naqoura', 'idf')"), 1)
end)

test("9.1, 12.1, 15.1, ruling T62: an IDF TF HQ goes only where IDF regulars may", function()
  local g = M.game{ setup = "put('idf_tf_hq_1', 'golan')" }
  local hq = M.piece(g, "golan", "idf_tf_hq_1")
  expect_eq(g:run("return base.may_enter('idf', " .. hq .. ", 'syria')"), true)
  expect_eq(g:run("return may_enter('idf', " .. hq .. ", 'syria')"), false)
  expect_eq(g:run("return may_enter('idf', " .. hq .. ", 'hasbaya')"), true)
  local g2 = M.game{ scenario = "lebanon_2006", setup = "put('idf_tf_hq_1', 'marjayoun')" }
  local hq2 = M.piece(g2, "marjayoun", "idf_tf_hq_1")
  expect_eq(g2:run("return may_enter('idf', " .. hq2 .. ", 'west_bekaa')"), false)
  expect_eq(g2:run("return may_enter('idf', " .. hq2 .. ", 'nabatiye')"), false)
  expect_eq(g2:run("return may_enter('idf', " .. hq2 .. ", 'shaqra')"), true)
end)

test("11.2, ruling T63: undisrupted irregulars may ambush units entering their zone with a J-3; the move ends there", function()
  local g = M.game{ idf_hand = { "idf_j3" }, insurgent_hand = { "insurgent_j3" }, setup = [[
    put('idf_armor', 'upper_galilee')
    put('guerrilla', 'naqoura')]] }
  local armor = M.piece(g, "upper_galilee", "idf_armor")
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_unit,piece=" .. armor)
  g:choose("option=move_to,location=naqoura")
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Ambush the IDF units entering Naqoura?")
  expect_eq(g:choice_values(), { "option=no_ambush", "option=spring_ambush" })
  g:choose("spring_ambush")
  expect(g:logged("Insurgent springs an ambush in Naqoura", "11.2"))
  expect_eq(g:count("insurgent_hand"), 0)
  expect_eq(g:at("insurgent_discard"), { "J-3 Operations" })
  expect_eq(where(g, armor), "naqoura")
  expect(not g:logged("Move on from Naqoura"), "the move ends where it is ambushed")
end)

test("11.2, ruling T63: declined, the move goes on; a zone of dummies or rockets only is asked, with no ambush to choose", function()
  local g = M.game{ idf_hand = { "idf_j3" }, insurgent_hand = { "insurgent_j3" }, setup = [[
    put('idf_armor', 'upper_galilee')
    put('dummy', 'naqoura')
    put('sr_rocket', 'naqoura')
    put('guerrilla', 'tyre')]] }
  local armor = M.piece(g, "upper_galilee", "idf_armor")
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_unit,piece=" .. armor)
  g:choose("option=move_to,location=naqoura")
  expect_eq(g:prompt(), "Ambush the IDF units entering Naqoura?")
  expect_eq(g:choice_values(), { "option=no_ambush" })
  g:choose("no_ambush")
  g:choose("option=move_to,location=tyre")
  g:choose("no_ambush")
  expect_eq(where(g, armor), "tyre")
  expect_eq(g:count("insurgent_hand"), 1)
end)

test("11.2, ruling T63: no question where no irregular counter shows; without a J-3 no ambush", function()
  local g = M.game{ idf_hand = { "idf_j3" }, setup = [[
    put('idf_armor', 'upper_galilee')
    put('guerrilla', 'tyre')]] }
  local armor = M.piece(g, "upper_galilee", "idf_armor")
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_unit,piece=" .. armor)
  g:choose("option=move_to,location=naqoura")
  expect_eq(g:side(), "idf") -- Naqoura is empty
  g:choose("option=move_to,location=tyre")
  expect_eq(g:choice_values(), { "option=no_ambush" })
end)

test("9.1, rulings T60, T64: irregulars of one zone move together up to the C2, Underground and unnamed to the IDF", function()
  local g = M.game{ insurgent_hand = { "insurgent_j3" }, setup = [[
    track.set('insurgent_c2', 2, 'test')
    put('guerrilla', 'tyre')
    put('guerrilla', 'tyre')
    put('dummy', 'tyre')
    put('militia', 'tyre')]] }
  M.to_insurgent(g)
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_irregulars,location=tyre")
  expect(not M.offered(g, "option=done"), "at least one unit moves")
  expect_eq(#g:choices(), 3) -- two guerrillas and the dummy; the militia never moves
  local dummy = M.piece(g, "tyre", "dummy")
  g:choose(1)
  g:choose("option=join_group,piece=" .. dummy)
  -- Two of C2 2: no more join.
  expect_eq(g:prompt(), "Move on from Tyre (zone 1 of 2)")
  g:choose("option=move_to,location=qana")
  g:choose("stop_here")
  expect_eq(g:run("return pieces.count('qana', { kind = 'unit' })"), 2)
  expect_eq(g:at("tyre"), { "Guerrilla", "Militia" })
  expect_eq(g:run("return pieces.face(pieces.top('qana', { type = 'guerrilla' }))"), "underground")
  local seen = 0
  for _, e in ipairs(g:events("idf")) do
    expect(not e.text:find("Guerrilla", 1, true) and not e.text:find("Dummy", 1, true), e.text)
    if e.text:find("hidden Insurgent unit moved from Tyre to Qana", 1, true) then seen = seen + 1 end
  end
  expect_eq(seen, 2, "the IDF sees two counters move")
end)

test("mat J-4, ruling T66: strategic movement takes a regular in either mode, any distance, to a friendly sanctuary", function()
  local g = M.game{ idf_hand = { "idf_j4" }, insurgent_hand = { "insurgent_j3" }, setup = [[
    set_mode(put('idf_armor', 'tyre'), 'dispersed', 'test')
    put('guerrilla', 'qana')]] }
  local armor = M.piece(g, "tyre", "idf_armor")
  M.choose_starting(g, "J-4 A")
  g:choose("option=move_unit,piece=" .. armor)
  expect_eq(g:choice_values(), { "location=idf_sanctuary" })
  g:choose(1)
  expect_eq(where(g, armor), "idf_sanctuary")
  expect(not g:logged("Ambush"), "nothing happens on the way")
  local zones = g:run([[local out = {}
    for _, c in ipairs(ACTIONS.strategic_move.targets('insurgent')) do out[#out + 1] = c.location end
    return table.concat(out, ' ')]])
  expect_eq(zones, "qana")
end)

test("mat J-4, ruling T66: irregulars up to the C2 go to the sanctuary the Insurgent chooses", function()
  local g = M.game{ insurgent_hand = { "insurgent_j4" }, setup = [[
    vars.syria_in_war = true
    put('guerrilla', 'hasbaya')
    put('main_force', 'hasbaya')]] }
  M.to_insurgent(g)
  M.choose_starting(g, "J-4 A")
  g:choose("option=move_irregulars,location=hasbaya")
  g:choose(1)
  g:choose(2)
  expect_eq(g:choice_values(), { "location=north_lebanon", "location=syria" })
  g:choose("location=syria")
  expect_eq(g:run("return pieces.count('syria', { kind = 'unit' })"), 2)
end)

test("mat J-4 airmobile, rulings T65, T67: the SOF flies into the Insurgent's sanctuary, drawing a card; light infantry may not", function()
  local g = M.game{ idf_hand = { "idf_j4" }, setup = [[
    put('idf_sof', 'upper_galilee')
    put('idf_light_infantry', 'upper_galilee')
    put('idf_armor', 'upper_galilee')]] }
  g:draws("cascading_deck", { "King of Hearts" })
  local sof = M.piece(g, "upper_galilee", "idf_sof")
  local light = M.piece(g, "upper_galilee", "idf_light_infantry")
  local armor = M.piece(g, "upper_galilee", "idf_armor")
  M.choose_starting(g, "J-4 B")
  expect(not M.offered(g, "piece=" .. armor), "an armour brigade never flies")
  expect_eq(g:run("for _, z in ipairs(ZONES) do if z == 'north_lebanon' and may_enter('idf', " .. light .. ", z) then return true end end return false"), false)
  g:choose("option=fly_unit,piece=" .. sof)
  expect(M.offered(g, "to=north_lebanon"), "the SOF may land in the Insurgent's sanctuary")
  expect(M.offered(g, "to=syria"), "and in Syria")
  g:choose("piece=" .. sof .. ",to=north_lebanon")
  expect_eq(where(g, sof), "north_lebanon")
  expect_eq(g:at("cascading_discard"), { "King of Hearts" })
end)

test("mat J-4 airmobile, ruling T67 (OQ15): a TF HQ flies with its box only when every unit in it could fly", function()
  local g = M.game{ idf_hand = { "idf_j4" }, setup = [[
    local hq = put('idf_tf_hq_1', 'idf_sanctuary')
    put('idf_light_infantry', holding_box(hq))
    put('idf_sof', holding_box(hq))
    local hq2 = put('idf_tf_hq_2', 'idf_sanctuary')
    put('idf_mech_infantry', holding_box(hq2))]] }
  local hq = M.piece(g, "idf_sanctuary", "idf_tf_hq_1")
  local hq2 = M.piece(g, "idf_sanctuary", "idf_tf_hq_2")
  M.choose_starting(g, "J-4 B")
  expect(not M.offered(g, "piece=" .. hq2), "not with a mech brigade in its box")
  expect(M.offered(g, "piece=" .. g:run("return pieces.top('tf_box_1', { type = 'idf_sof' })")), "a boxed SOF may fly alone")
  g:choose("option=fly_unit,piece=" .. hq)
  expect(not M.offered(g, "to=north_lebanon"), "the HQ's light infantry keeps it out of the sanctuary")
  g:choose("piece=" .. hq .. ",to=tyre")
  expect_eq(where(g, hq), "tyre")
  expect_eq(g:run("return units_in_zone('tyre', 'idf')"), 2)
end)

test("bot_order (the base's, for the search bot): a tactical move tries the zones nearest the scoring zones the IDF does not control, then stops", function()
  local g = M.game{ setup = "put('idf_armor', 'upper_galilee')" }
  local function order(rule, choices)
    return g:run(string.format("return bot_order('idf', { rule = %q, choices = %s })", rule, choices))
  end
  -- Naqoura scores, Nahariyya is one zone from it, the IDF's sanctuary two.
  local path = "{ 'stop_here', { location = 'idf_sanctuary', option = 'move_to' }, { location = 'nahariyya', option = 'move_to' }, { location = 'naqoura', option = 'move_to' } }"
  expect_eq(order("9.1", path), { 4, 3, 2, 1 })
  expect_eq(order("mat J-4 airmobile", "{ 'nahariyya', 'naqoura' }"), { 2, 1 })
  -- The base's own move rules are not this game's.
  expect_eq(order("7.3A", "{ 'nahariyya', 'naqoura' }"), nil)
end)

test("bot_policy advance (the base's, for the search bot): this game's chits first, a tactical move toward the goals, and a stop in the first scoring zone entered", function()
  local g = M.game{ idf_hand = { "idf_j3" }, setup = "put('idf_armor', 'upper_galilee')" }
  local function advance(rule, choices)
    return g:run(string.format("return bot_policy('idf', 'advance', { rule = %q, choices = %s })", rule, choices))
  end
  local armor = M.piece(g, "upper_galilee", "idf_armor")
  -- An attack before a move (a move stops short of enemy regulars, 9.1).
  expect_eq(advance("6.3", "{ { option = 'J-3A', row = 9 }, { option = 'J-3B', row = 10 }, 'end_phase' }"), 2)
  expect_eq(advance("turn", "{ 'J-1', 'J-3' }"), 2)
  expect_eq(advance("administration", "{ 'concentrated', 'dispersed' }"), 1)
  -- The armour's move: the unit's zone ranks it (outside the scoring zones).
  expect_eq(advance("9.1", string.format("{ { location = 'naqoura', option = 'move_irregulars' }, { piece = %d, option = 'move_unit' } }", armor)), 2)
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_unit,piece=" .. armor)
  expect_eq(advance("9.1", "{ { location = 'kiryat_shmona', option = 'move_to' }, { location = 'naqoura', option = 'move_to' } }"), 2)
  g:choose("option=move_to,location=naqoura")
  -- In Naqoura, a scoring zone, the group stops to hold it.
  expect_eq(g:choices()[1], "Stop here")
  expect_eq(advance("9.1", "{ 'stop_here', { location = 'tyre', option = 'move_to' } }"), 1)
  -- The base's set-up (4.0): a zone nearest the goals (the Upper Galilee
  -- borders Bint Jbeil; the sanctuary is a zone farther), none dispersed;
  -- the search sets up so too.
  local places = string.format("{ { piece = %d, to = 'idf_sanctuary' }, { piece = %d, to = 'upper_galilee' } }", armor, armor)
  expect_eq(advance("4.0", places), 2)
  expect_eq(g:run(string.format("return bot_order('idf', { rule = '4.0', choices = %s })", places)), { 2 })
  expect_eq(advance("4.0", string.format("{ { piece = %d, option = 'disperse' }, 'done' }", armor)), 2)
end)

test("bot_policy advance: a search (8.1) before a move, in the scoring zone the IDF fights for with the most units", function()
  local g = M.game{ setup = [[
    put('idf_armor', 'naqoura'); put('idf_mech_infantry', 'naqoura'); put('guerrilla', 'naqoura')
    put('idf_armor', 'tyre'); put('guerrilla', 'tyre')
    put('idf_armor', 'qana'); put('idf_armor', 'qana'); put('idf_armor', 'qana')]] }
  local function advance(rule, choices)
    return g:run(string.format("return bot_policy('idf', 'advance', { rule = %q, choices = %s })", rule, choices))
  end
  -- An Underground unit cannot be attacked (mat 1) and keeps its zone
  -- contested: a search comes after an attack, before a move.
  expect_eq(advance("6.3", "{ { option = 'J-3A', row = 9 }, { option = 'J-2A', row = 4 }, 'end_phase' }"), 2)
  expect_eq(advance("6.3", "{ { option = 'J-2A', row = 4 }, { option = 'J-3B', row = 10 } }"), 2)
  -- Naqoura (two IDF units) before Tyre (one); Qana, which the IDF
  -- controls, and the Upper Galilee, which does not score, never.
  expect_eq(advance("8.1", "{ 'tyre', 'naqoura', 'qana' }"), 2)
  expect_eq(advance("8.1", "{ 'qana', 'tyre' }"), 2)
  expect_eq(advance("8.1", "{ 'upper_galilee', 'qana' }"), nil)
end)

test("bot_policy advance: a J-2 selected first (6.2) while a scoring zone it fights for holds Underground counters and its hand no J-2", function()
  local function staff(opts)
    local g = M.game(opts)
    return g:run("return bot_policy('idf', 'advance', { rule = 'turn', choices = { 'J-1', 'J-2', 'J-3' } })")
  end
  -- A guerrilla enters Underground (ruling T18): Naqoura is contested.
  local contested = "put('idf_armor', 'naqoura'); put('guerrilla', 'naqoura')"
  expect_eq(staff{ setup = contested }, 2)
  -- With a J-2 in hand, J-3s.
  expect_eq(staff{ setup = contested, idf_hand = { "idf_j2" } }, 3)
  -- No IDF unit beside the counter, or no counter: J-3s.
  expect_eq(staff{ setup = "put('idf_armor', 'tyre'); put('guerrilla', 'naqoura')" }, 3)
  expect_eq(staff{ setup = "put('idf_armor', 'naqoura')" }, 3)
  -- Nor for a zone that does not score (the Upper Galilee is Israel's).
  expect_eq(staff{ setup = "put('idf_armor', 'upper_galilee'); put('guerrilla', 'upper_galilee')" }, 3)
end)

test("bot_policy advance: Countervalue (13.1), every able unit engaged (mat 1), a J-4 committed (mat 2); close air support left to chance; the search follows", function()
  local g = M.game{ setup = "put('idf_armor', 'naqoura')" }
  local function advance(rule, choices)
    return g:run(string.format("return bot_policy('idf', 'advance', { rule = %q, choices = %s })", rule, choices))
  end
  local armor = M.piece(g, "naqoura", "idf_armor")
  expect_eq(advance("13.1", "{ 'counterforce', 'countervalue' }"), 2)
  expect_eq(advance("mat 1", string.format("{ 'done', 'engage_all', { piece = %d, option = 'engage' } }", armor)), 2)
  expect_eq(advance("mat 2", "{ 'commit_j4', 'no_j4' }"), 1)
  expect_eq(advance("mat 2", "{ 0, 1, 2 }"), nil)
  -- A target (mat 1) is the enemy's unit: left to chance too.
  expect_eq(advance("mat 1", string.format("{ %d }", armor)), nil)
  -- The search follows the script where it has a choice (BOT_ADVANCE.followed),
  -- and searches every choice where it has none.
  local function order(rule, choices)
    return g:run(string.format("return bot_order('idf', { rule = %q, choices = %s })", rule, choices))
  end
  expect_eq(order("13.1", "{ 'counterforce', 'countervalue' }"), { 2 })
  expect_eq(order("mat 2", "{ 0, 1, 2 }"), nil)
end)

test("bot_policy advance: the last two turns (T12), J-1s selected and played to recover the disrupted units, the sanctuary first", function()
  local setup = [[
    pieces.mark(put('idf_armor', 'tyre'), 'disrupted', 'test')
    pieces.mark(put('idf_armor', 'qana'), 'disrupted', 'test')
    track.add('last_turn', %d - track.get('last_turn'), 'test')]]
  local function policy(g, rule, choices)
    return g:run(string.format("return bot_policy('idf', 'advance', { rule = %q, choices = %s })", rule, choices))
  end
  local functions = "{ { option = 'J-3B', row = 10 }, { option = 'J-1B', row = 2 } }"
  -- Turn 1 of 3: attacks and J-3s, as ever.
  local early = M.game{ setup = string.format(setup, 3) }
  expect_eq(policy(early, "turn", "{ 'J-1', 'J-3' }"), 2)
  expect_eq(policy(early, "6.3", functions), 1)
  -- Turn 1 of 2: J-1s while the hand holds fewer than the disrupted units.
  local late = M.game{ setup = string.format(setup, 2) }
  expect_eq(policy(late, "turn", "{ 'J-1', 'J-3' }"), 1)
  expect_eq(policy(late, "6.3", functions), 2)
  local held = M.game{ idf_hand = { "idf_j1", "idf_j1" }, setup = string.format(setup, 2) }
  expect_eq(policy(held, "turn", "{ 'J-1', 'J-3' }"), 2)
  -- 7.2: a sanctuary's units at once, else a unit; never a TF HQ or hits.
  local armor = M.piece(late, "tyre", "idf_armor")
  local hq = "{ piece = " .. armor .. ", option = 'remove_hits' }"
  expect_eq(policy(late, "7.2", string.format("{ %s, { piece = %d, option = 'recover_unit' }, { location = 'idf_sanctuary', option = 'recover_sanctuary' } }", hq, armor)), 3)
  expect_eq(policy(late, "7.2", string.format("{ %s, { piece = %d, option = 'recover_unit' } }", hq, armor)), 2)
  expect_eq(policy(late, "7.2", string.format("{ %s }", hq)), nil)
  -- One disrupted unit is not worth a turn's J-1s.
  local one = M.game{ setup = "pieces.mark(put('idf_armor', 'tyre'), 'disrupted', 'test'); track.add('last_turn', 2 - track.get('last_turn'), 'test')" }
  expect_eq(policy(one, "6.3", functions), 1)
end)

test("bot_policy advance: in 2006 (15.1) an SOF flies beyond the Litani first while a zone there lies free, a J-4 selected for it", function()
  local function policy(g, rule, choices)
    return g:run(string.format("return bot_policy('idf', 'advance', { rule = %q, choices = %s })", rule, choices))
  end
  local functions = "{ { option = 'J-3B', row = 10 }, { option = 'J-4B', row = 14 } }"
  local free = M.game{ scenario = "lebanon_2006", setup = "put('idf_sof', 'upper_galilee')" }
  expect_eq(free:run("return bot_flyer_wanted('idf')"), true)
  expect_eq(policy(free, "turn", "{ 'J-3', 'J-4' }"), 2)
  expect_eq(policy(free, "6.3", functions), 2)
  local held = M.game{ scenario = "lebanon_2006", idf_hand = { "idf_j4" }, setup = "put('idf_sof', 'upper_galilee')" }
  expect_eq(policy(held, "turn", "{ 'J-3', 'J-4' }"), 1)
  -- An SOF that holds a zone beyond the Litani alone stays; a light
  -- infantry brigade may not cross it.
  local holding = M.game{ scenario = "lebanon_2006", setup = "put('idf_sof', 'sidon'); put('idf_light_infantry', 'upper_galilee')" }
  expect_eq(holding:run("return bot_flyer_wanted('idf')"), false)
  expect_eq(policy(holding, "6.3", functions), 1)
  -- No Litani line in next_war.
  local next_war = M.game{ setup = "put('idf_sof', 'upper_galilee')" }
  expect_eq(next_war:run("return bot_flyer_wanted('idf')"), false)
end)

test("bot_policy advance: moves before attacks while four or more regulars wait outside the scoring zones", function()
  local function first_function(setup)
    local g = M.game{ setup = setup }
    return g:run("return bot_policy('idf', 'advance', { rule = '6.3', choices = { { option = 'J-3A', row = 9 }, { option = 'J-3B', row = 10 } } })")
  end
  local waiting = "for _ = 1, %d do put('idf_armor', 'idf_sanctuary') end; put('idf_armor', 'naqoura'); put('guerrilla', 'naqoura')"
  expect_eq(first_function(string.format(waiting, 4)), 1)
  expect_eq(first_function(string.format(waiting, 3)), 2)
  -- Dispersed (9.1: they may not move so) or disrupted, they do not count.
  expect_eq(first_function(string.format(waiting, 4) .. "; local u = pieces.top('idf_sanctuary', { type = 'idf_armor' }); pieces.mark(u, 'disrupted', 'test')"), 2)
end)
