-- Cascading Effects (2.7, 5.0(4), 12.0, the chart; 15.4, 15.5; rulings C9,
-- N24, OQ10, OQ13, OQ29, X11, X13, X14, X15), each card forced.

local H = require("helpers")

-- A game at the Cascading Effects Phase of turn 1, the card `suit`/`rank`
-- (names of the chits) forced, and the dice `dice`; both player turns
-- passed. `opts` as for H.at_operations.
local function card(suit, rank, opts, dice)
  opts = opts or {}
  local g = H.at_operations(opts)
  g:draws("suit_cup", type(suit) == "table" and suit or { suit })
  g:draws("rank_cup", type(rank) == "table" and rank or { rank })
  if dice then g:dice(dice) end
  H.end_phase(g)
  H.end_phase(g)
  return g
end

local function chits_marked(g, side, marker)
  return g:run(string.format("local n = 0 for _, c in ipairs(pieces.at('%s_hand')) do "
                             .. "if pieces.marked(c, %q) then n = n + 1 end end return n", side, marker))
end

test("2.7, ruling X13: a card is a suit and a rank drawn blind and put back at once", function()
  local g = card("Heart", "King")
  expect(g:logged("Cascading Effect King of hearts: No effect", "5.0(4)"))
  expect_eq(g:count("suit_cup"), 4)
  expect_eq(g:count("rank_cup"), 13)
  expect_eq(g:count("cascading_draw"), 0)
end)

test("Spade A-6, rulings C9, OQ7: the IDF draws a chit, kept through the End of Turn above its C2", function()
  local g = card("Spade", "Ace", { idf_hand = { "idf_j1" } })
  expect(g:logged("J-3 Operations drawn from IDF chit pool to IDF hand", "5.0(4)"))
  -- End of Turn: the J-1 went back, the kept chit stays; five selected, two drawn.
  expect_eq(g:prompt(), "Select a Joint Ops chit")
  expect_eq(g:count("idf_hand"), 1)
  expect_eq(chits_marked(g, "idf", "kept"), 1)
  for _ = 1, 5 do g:choose(1) end
  expect_eq(g:count("idf_hand"), 8)
  expect_eq(chits_marked(g, "idf", "kept"), 0)
end)

test("Spade K, 2.7 note: Surprise Media Visit happens once; 1-3 the IDF selects a chit", function()
  local g = card("Spade", "King", { idf_hand = {} }, { 2 })
  expect_eq(g:prompt(), "Select a Joint Ops chit")
  expect_eq(g:side(), "idf")
  g:choose(1)
  expect_eq(g:count("idf_hand"), 1)
  -- The same card next turn is no event.
  g:draws("suit_cup", { "Spade" })
  g:draws("rank_cup", { "King" })
  H.pass_turns(g, function(g) return g:turn() >= 2 and g:phase() == "end_of_turn" end)
  expect(g:logged("Cascading Effect King of spades: a one-time event that has happened, no event", "2.7"))
end)

test("Heart 5-Q: Media Reports Civilian Casualties do nothing outside collateral damage", function()
  local g = card("Heart", "5")
  expect(g:logged("Not drawn for collateral damage: no effect", "5.0(4)"))
end)

test("Heart A-4, ruling N24: the Insurgent may move one unit, in either mode, between Lebanese zones", function()
  local g = card("Heart", "Ace", { prepare = "pieces.set_face(units_on_map('insurgent', function(u) "
                                             .. "return pieces.type(u) == 'guerrilla' end)[1], 'dispersed', 'test')" })
  expect_eq(g:side(), "insurgent")
  expect_eq(g:choices()[1], "No infiltration")
  local u = g:run("return units_on_map('insurgent', function(u) return pieces.face(u) == 'dispersed' end)[1]")
  g:choose("option=infiltrate,piece=" .. u)
  expect_eq(#g:choices(), 14)
  local to = g:run("return LEBANON[#LEBANON]")
  g:choose("piece=" .. u .. ",to=" .. to)
  expect_eq(g:run("return pieces.location(" .. u .. ")"), to)
end)

test("Diamond A-2: Cyberattack, 1-3 the IDF discards a J-2 or J-6 of its choice", function()
  local g = card("Diamond", "Ace", { idf_hand = { "idf_j1", "idf_j2" } }, { 3 })
  expect_eq(g:side(), "idf")
  expect_eq(#g:choices(), 1) -- the J-2 only
  g:choose(1)
  expect(g:logged("J-2 Intelligence moved from IDF hand to IDF chits played", "5.0(4)"))
end)

test("Diamond 3-4, ruling OQ29: the Lebanese Army closes a zone next to the northern sanctuary", function()
  local g = card("Diamond", "3")
  expect_eq(g:side(), "insurgent")
  expect_eq(#g:choices(), 3) -- West Bekaa, Chouf, Damour; never Syria
  g:choose(1)
  expect_eq(#g:var("lebanese_army_zones"), 1)
end)

test("Diamond 5-10, 12.1, ruling X14: on a 5-6 Syria enters the war; its C2 bonus; once", function()
  local g = card("Diamond", "5", {}, { 5 })
  expect_eq(g:var("syria_in_war"), true)
  expect_eq(g:track("insurgent_c2"), 6)
  expect_eq(g:count("syrian_forces"), 0)
  expect_eq(g:run("local n = 0 for _, z in ipairs(sanctuaries('insurgent')) do "
                  .. "n = n + pieces.count(z, { type = 'syrian_division' }) end return n"), 3)
  expect_eq(g:run("return pieces.face(pieces.top(sanctuaries('insurgent')[2], { type = 'syrian_division' }))"), "dispersed")

  local g2 = card("Diamond", "7", {}, { 4 })
  expect_eq(g2:var("syria_in_war"), false)
  expect_eq(g2:track("insurgent_c2"), 5)
end)

test("15.5: in 2006 Syrian Intervention reads as Israeli Escalation, its reinforcements in on a 4-6", function()
  local g = card("Diamond", "6", { scenario = "lebanon_2006" }, { 4 })
  expect_eq(g:var("israeli_escalation"), true)
  expect_eq(g:count("idf_reinforcements"), 0)
  expect_eq(g:run("return pieces.count(sanctuaries('idf')[1], { kind = 'hq' })"), 3)
end)

test("15.4, ruling X15: in 2006 a card about Syria or Iran is drawn again", function()
  local g = card({ "Diamond", "Club" }, { "Jack", "7" }, { scenario = "lebanon_2006" })
  expect(g:logged("Cascading Effect 7 of clubs: The Insurgent discards one random Joint Ops chit from his hand", "5.0(4)"))
  expect_eq(g:count("insurgent_discard"), 1)
end)

test("Diamond J-Q: Iranian Resupply, the Insurgent chooses a chit; Club 9-10: it gets a J-4", function()
  local g = card("Diamond", "Queen")
  expect_eq(g:prompt(), "Select a Joint Ops chit")
  local before = g:count("insurgent_hand")
  g:choose(1)
  expect_eq(g:count("insurgent_hand"), before + 1)
  local g2 = card("Club", "9")
  expect_eq(chits_marked(g2, "insurgent", "kept"), 1)
  expect_eq(g2:run("local n = 0 for _, c in ipairs(pieces.at('insurgent_hand')) do "
                   .. "if pieces.marked(c, 'kept') and pieces.type(c) == 'insurgent_j4' then n = n + 1 end end return n"), 1)
end)

test("Club A-4 and Diamond K, ruling OQ13: eliminated Insurgents return among friends, or all of them", function()
  local kill = [[for _, t in ipairs({ 'militia', 'guerrilla' }) do
      pieces.move(units_on_map('insurgent', function(u) return pieces.type(u) == t end)[1], 'insurgent_eliminated', 'test')
    end]]
  local g = card("Club", "Ace", { prepare = kill })
  expect_eq(g:prompt(), "Which unit returns?")
  g:choose(1)
  g:choose(1) -- where
  g:choose(1) -- combat mode
  expect_eq(g:count("insurgent_eliminated"), 1)

  local g2 = card("Diamond", "King", { prepare = kill })
  for _ = 1, 4 do g2:choose(1) end
  expect_eq(g2:count("insurgent_eliminated"), 0)
end)

test("Club 5-6, ruling X11: a ceasefire makes the game two turns shorter", function()
  local g = card("Club", "5")
  expect_eq(g:track("last_turn"), 18)
end)

test("Club K, ruling OQ10: Hamas Uprising scores 2 VP, then draws one more card", function()
  local g = card({ "Club", "Heart" }, { "King", "King" })
  expect_eq(g:track("insurgent_vp"), 2)
  expect(g:logged("Cascading Effect King of hearts: No effect", "12.3"))
  -- Automatic hits: no die, and no collateral damage event of their own.
  local rolls = 0
  for _, e in ipairs(g:events()) do
    if e.kind == "roll" and e.rule == "12.3" then rolls = rolls + 1 end
  end
  expect_eq(rolls, 0)
  expect_eq(g:track("collateral_damage"), 0)
end)

test("Heart A-4, ruling OQ28: an infiltrator may join IDF units; they fight at the next Joint Operations Phase, not at once", function()
  local g = card("Heart", "Ace", { prepare = [[
    for _, u in ipairs(units_on_map('insurgent', nil, { 'naqoura' })) do pieces.move(u, 'insurgent_setup', 'test') end
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), 'naqoura', 'test')]] })
  local u = g:run("return units_on_map('insurgent', function(u) return pieces.type(u) == 'guerrilla' end)[1]")
  g:choose("option=infiltrate,piece=" .. u)
  g:choose("piece=" .. u .. ",to=naqoura")
  expect_eq(g:run("return pieces.location(" .. u .. ")"), "naqoura")
  expect(not g:logged("Battle in Naqoura"), "no battle in the Cascading Effects Phase")
  expect_eq(g:phase(), "end_of_turn")
  H.pass_turns(g, function(g) return g:logged("Battle in Naqoura") end)
  expect_eq(g:turn(), 2)
  expect(g:logged("Battle in Naqoura: IDF attacks", "9.0"))
end)

test("Diamond 5-10, 12.1, ruling N18: Syria's missiles enter ready; only the divisions enter dispersed", function()
  local g = card("Diamond", "5", {}, { 6 })
  expect_eq(g:run([[local out = {}
    for _, p in ipairs(pieces.at('syria', { kind = 'unit' })) do out[#out + 1] = pieces.type(p) .. ' ' .. pieces.face(p) end
    table.sort(out)
    return out]]), { "syrian_division dispersed", "syrian_division dispersed", "syrian_division dispersed",
                      "syrian_missile ready", "syrian_missile ready", "syrian_missile ready" })
end)

test("15.5, ruling X15: in 2006 a failed escalation roll may succeed at a later draw; after it, the card is no event", function()
  local g = card("Diamond", "6", { scenario = "lebanon_2006" }, { 3 })
  expect_eq(g:var("israeli_escalation"), false)
  expect_eq(g:count("idf_reinforcements"), 13)
  g:draws("suit_cup", { "Diamond", "Diamond" })
  g:draws("rank_cup", { "7", "8" })
  g:dice({ 4 })
  H.pass_turns(g, function(g) return g:turn() >= 2 and g:phase() == "end_of_turn" end)
  expect_eq(g:var("israeli_escalation"), true)
  expect_eq(g:count("idf_reinforcements"), 0)
  H.pass_turns(g, function(g) return g:turn() >= 3 and g:phase() == "end_of_turn" end)
  expect(g:logged("Israel has escalated already: no effect", "15.5"))
end)

test("Club 5-6, ruling X11: a ceasefire that reaches the current turn ends the game once this turn is finished", function()
  local g = card("Club", "5", { prepare = "track.set('last_turn', 3, 'test')" })
  expect_eq(g:track("last_turn"), 1)
  expect(not g:finished(), "the End of Turn is still played")
  expect_eq(g:phase(), "end_of_turn")
  H.pass_turns(g)
  expect(g:finished())
  expect_eq(g:turn(), 1)
end)

test("Club A-4 and Diamond K, ruling OQ13: where returning units enter, and in the mode their owner chooses", function()
  -- Naqoura holds Insurgents and an IDF brigade (all disrupted: no battle),
  -- Tyre only an IDF brigade, Qana nobody.
  local position = [[
    for _, t in ipairs({ 'militia', 'sr_rocket' }) do
      pieces.move(units_on_map('insurgent', function(u) return pieces.type(u) == t end)[1], 'insurgent_eliminated', 'test')
    end
    for _, z in ipairs({ 'tyre', 'qana' }) do
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_setup', 'test') end
    end
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), 'tyre', 'test')
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), 'naqoura', 'test')
    for _, side in ipairs({ 'idf', 'insurgent' }) do
      for _, u in ipairs(units_on_map(side, nil, { 'naqoura' })) do pieces.mark(u, 'disrupted', 'test') end
    end]]
  local function offered(g)
    local out = {}
    for _, v in ipairs(g:choice_values()) do out[v:match(",to=([%w_]+)$")] = true end
    return out
  end
  -- Uprising: a Lebanese zone with an Insurgent unit and no IDF unit.
  local g = card("Club", "Ace", { prepare = position })
  g:choose("Militia")
  local at = offered(g)
  expect(not at.naqoura and not at.tyre and not at.qana and not at.north_lebanon, "an IDF unit there, or no friend")
  expect(at.bint_jbeil, "a zone held by Insurgents")
  g:choose("piece=" .. g:run("return pieces.top('insurgent_eliminated', { type = 'militia' })") .. ",to=bint_jbeil")
  expect_eq(g:prompt(), "Militia returns in which mode?")
  g:choose("dispersed")
  expect_eq(g:run("return pieces.face(pieces.top('bint_jbeil', { type = 'militia' }))"), "dispersed")
  -- Iranian Intervention: any zone outside Israel without an IDF unit or
  -- control, Syria only once it is in the war; a rocket enters ready.
  local g2 = card("Diamond", "King", { prepare = position .. [[
    pieces.set_face(pieces.top('insurgent_eliminated', { type = 'sr_rocket' }), 'fired', 'test')]] })
  local at2 = offered(g2)
  expect(at2.qana and at2.north_lebanon and at2.bint_jbeil, "an empty zone, the sanctuary, a friendly zone")
  expect(not at2.naqoura and not at2.tyre and not at2.syria and not at2.nahariyya, "IDF units, Syria out of the war, Israel")
  g2:choose("piece=" .. g2:run("return pieces.top('insurgent_eliminated', { type = 'militia' })") .. ",to=qana")
  g2:choose("combat")
  g2:choose("piece=" .. g2:run("return pieces.top('insurgent_eliminated', { type = 'sr_rocket' })") .. ",to=qana")
  expect_eq(g2:run("return pieces.face(pieces.top('qana', { type = 'sr_rocket' }))"), "ready")
  expect_eq(g2:count("insurgent_eliminated"), 0)
end)
