-- Combat (9.0-9.9, 10.1, 10.2; rulings C1, C2, C5, N13, N14, N15, OQ1,
-- OQ2, OQ19-OQ23), fought where both sides share a zone at the start of a
-- Joint Operations Phase, with forced dice.

local H = require("helpers")

-- A game whose IDF Joint Operations Phase is about to fight one battle in
-- the zone `zone` (Lua: an expression), holding the IDF units of the types
-- `idf` and the Insurgent units of the types `ins` (each "type" or
-- "type:face"), every other unit there parked in its side's set-up box;
-- both hands empty but the chits named in `opts.idf_hand`/`opts.ins_hand`.
local function battle_at(zone, idf, ins, dice, opts)
  opts = opts or {}
  local code = { "local z = " .. zone,
    "for _, side in ipairs({ 'idf', 'insurgent' }) do",
    "  for _, u in ipairs(units_on_map(side, nil, { z })) do pieces.move(u, side .. '_setup', 'test') end",
    "end",
    H.hand_code("insurgent", opts.ins_hand) }
  local function place(side, specs)
    for _, spec in ipairs(specs) do
      local t, face = spec:match("^([%w_]+):?([%w_]*)$")
      code[#code + 1] = string.format([[do
        local u = pieces.top('%s_setup', { type = %q })
          or units_on_map(%q, function(u) return pieces.type(u) == %q end)[1]
        pieces.move(u, z, 'test')
        %s
      end]], side, t, side, t, face ~= "" and string.format("pieces.set_face(u, %q, 'test')", face) or "")
    end
  end
  place("idf", idf)
  place("insurgent", ins)
  return H.at_operations{ scenario = opts.scenario, idf_hand = opts.idf_hand or {}, prepare = table.concat(code, "\n"),
                          dice = dice }
end

-- The pieces of `type_id` in `zone` (Lua expression), as a list of ids.
local function ids(g, zone, type_id)
  return g:run(string.format("local out = {} for _, u in ipairs(pieces.at(%s, { type = %q })) do "
                             .. "out[#out + 1] = u end return out", zone, type_id))
end

local TYRE = "SOUTH_OF_LITANI[2]"     -- urban (map.toml)
local NAQOURA = "SOUTH_OF_LITANI[1]"  -- remote

test("9.1, 9.2, 9.5, 9.9: the advantage fires first; the loser of a firefight is disrupted; the winner draws a chit", function()
  -- Advantage 5 against 3+1; the armour's 2+4 beats the guerrilla's 4+1.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 3, 2, 4 })
  expect(g:logged("IDF has the tactical advantage (5 against 4)", "9.1"))
  expect_eq(g:prompt(), "Armor Brigade fires at which unit?")
  g:choose(1)
  expect(g:logged("Armor Brigade (6) against Guerrilla (5)", "9.2"))
  local guerrilla = ids(g, NAQOURA, "guerrilla")[1]
  expect_eq(g:run("return pieces.marked(" .. guerrilla .. ", 'disrupted')"), true)
  expect_eq(g:run("return pieces.face(" .. guerrilla .. ")"), "combat") -- the same mode: not reduced
  -- 9.5: the guerrilla, disrupted, does not fire back; the IDF wins and draws.
  expect(g:logged("IDF wins the battle in Naqoura", "9.9"))
  expect_eq(g:count("idf_hand"), 1)
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("3.0, 9.2, 9.5: a combat-mode unit never fires at a dispersed one; a firefight lost across modes also reduces", function()
  -- The armour has no target; the dispersed guerrilla fires (round 2) and
  -- the armour defends with its dispersed rating: 3+3 against 4+1.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla:dispersed" }, { 5, 3, 3, 4 })
  expect_eq(g:side(), "insurgent")
  g:choose(1)
  expect(g:logged("Guerrilla (6) against Armor Brigade (5)", "9.5"))
  local armor = ids(g, NAQOURA, "idf_armor")[1]
  expect_eq(g:run("return pieces.face(" .. armor .. ")"), "reduced_combat")
  expect(g:logged("Insurgent wins the battle in Naqoura", "9.9"))
end)

test("9.2 note, 10.1, ruling C5: equal rolls disrupt and reduce both, and draw one Cascading Effect after the battle", function()
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 3, 1, 4 })
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "King" })
  g:choose(1)
  expect(g:logged("Armor Brigade (5) against Guerrilla (5)", "9.2"))
  expect_eq(g:count("insurgent_eliminated"), 1) -- 9.4: Hezbollah units reduced are eliminated
  local armor = ids(g, NAQOURA, "idf_armor")[1]
  expect_eq(g:run("return pieces.face(" .. armor .. ")"), "reduced_combat")
  expect_eq(g:run("return pieces.marked(" .. armor .. ", 'disrupted')"), true)
  expect(g:logged("Cascading Effect King of hearts: No effect", "10.1"))
  expect_eq(g:track("collateral_damage"), 1)
  expect(not g:logged("IDF wins the battle in Naqoura", "9.9"), "no side is left undisrupted")
end)

test("9.7, 9.3: a brittle militia and a rocket leave play when disrupted", function()
  local g = battle_at(NAQOURA, { "idf_armor", "idf_mech_infantry" }, { "militia", "sr_rocket" }, { 6, 1, 6, 1, 6, 1 })
  -- 9.2, ruling OQ22: the militia first, the rocket (support) after it.
  expect_eq(#g:choices(), 1)
  expect(g:choices()[1]:find("Militia") ~= nil)
  g:choose(1)
  expect(g:choices()[1]:find("SR Rocket") ~= nil)
  g:choose(1)
  expect_eq(g:prompt(), "Support the roll of Militia?") -- the rocket may support the defender
  g:choose("no_support")
  expect(g:logged("Militia disrupted: brittle, it is removed", "9.7"))
  expect(g:logged("SR Rocket disrupted: a rocket or missile is eliminated", "9.3"))
  expect_eq(g:count("insurgent_eliminated"), 2)
end)

test("9.2: two units firing at one target roll each, the best counts; the target chooses which attacker suffers", function()
  -- Two IDF units at one guerrilla: 1+4 and 2+3 against 6+1.
  local g = battle_at(NAQOURA, { "idf_armor", "idf_mech_infantry" }, { "guerrilla" }, { 5, 3, 1, 2, 6 })
  g:choose(1)
  g:choose(1)
  expect(g:logged("Armor Brigade (5) against Guerrilla (7)", "9.2"))
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Guerrilla won: which of its attackers suffers?")
  expect_eq(#g:choices(), 2)
  g:choose(2)
  local mech = ids(g, NAQOURA, "idf_mech_infantry")[1]
  expect_eq(g:run("return pieces.marked(" .. mech .. ", 'disrupted')"), true)
end)

test("7.4C, 9.8, ruling N13: a J-4 adds 1 to a side's ratings; a CSU adds its factor to one roll of the attacker", function()
  local g = battle_at(NAQOURA, { "idf_armor", "idf_csu" }, { "guerrilla" }, { 5, 3, 1, 5 },
                      { idf_hand = { "idf_j4" } })
  expect_eq(g:prompt(), "Add a J-4 to the battle in Naqoura?")
  g:choose("option=add_j4")
  g:choose(1) -- the armour fires at the guerrilla
  expect_eq(g:prompt(), "Support the roll of Armor Brigade?")
  g:choose(2) -- the CSU
  -- 1 + 4 + 1 (J-4) + 2 (CSU) = 8 against 5 + 1 = 6.
  expect(g:logged("Armor Brigade (8) against Guerrilla (6)", "9.2"))
end)

test("9.8, ruling N13: a rocket adds its factor to one roll of the defender and turns Fired", function()
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla", "sr_rocket" }, { 5, 3, 3, 3 })
  g:choose(1) -- the armour at the guerrilla (the rocket comes last)
  expect_eq(g:prompt(), "Support the roll of Guerrilla?")
  expect_eq(g:side(), "insurgent")
  g:choose(2)
  -- 3 + 4 = 7 against 3 + 1 + 1 (rocket) = 5.
  expect(g:logged("Armor Brigade (7) against Guerrilla (5)", "9.2"))
  local rocket = ids(g, NAQOURA, "sr_rocket")[1]
  expect_eq(g:run("return pieces.face(" .. rocket .. ")"), "fired")
end)

test("9.1, 10.2: the defender's +1 in an urban zone; the 900 Kfir gives the IDF +1 there", function()
  local g = battle_at(TYRE, { "idf_900_kfir" }, { "guerrilla" }, { 3, 2, 1, 6 })
  -- IDF 3 + 1 (Kfir) against 2 + 1 + 1: equal, the defender has it.
  expect(g:logged("Insurgent has the tactical advantage (4 against 4)", "9.1"))
end)

test("7.2C: J-2s let units evade a battle: a d6 (-1 for the Insurgent in a remote zone) of them, chosen", function()
  -- The Insurgent plays one J-2: 4 - 1 = 3 units may evade; its only two do: no battle.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla", "guerrilla" }, { 4 }, { ins_hand = { "insurgent_j2" } })
  expect_eq(g:side(), "insurgent")
  g:choose("evade")
  g:choose(2)
  g:choose(2)
  expect(g:logged("No battle in Naqoura: the units evaded", "7.2C"))
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  -- Evasion lasts until the end of the phase.
  H.end_phase(g)
  expect_eq(g:run("return #units_on_map('insurgent', function(u) return pieces.marked(u, 'evading') end)"), 0)
end)

test("7.3F, 7.4A, ruling N10: close air support adds three dice to one roll; a SAM cancels it on 5-6", function()
  -- Advantage 5 against 3+1; CAS: 1 and then 2, 6, 3: the best is 6.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 3, 1, 2, 6, 3, 2 }, { idf_hand = { "idf_j3" } })
  g:choose("add_cas")
  g:choose(1) -- the armour fires at the guerrilla
  g:choose("use_cas")
  expect(g:logged("Armor Brigade (10) against Guerrilla (3)", "9.2"))
  -- The SAM: a 5 cancels it.
  local g2 = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 5, 3, 1, 2 },
                       { idf_hand = { "idf_j3" }, ins_hand = { "insurgent_j4" } })
  g2:choose("no_j4") -- the Insurgent keeps its J-4 for the SAM
  g2:choose("add_cas")
  expect_eq(g2:side(), "insurgent")
  g2:choose("fire_sams")
  expect(g2:logged("SAMs cancel the close air support", "7.4A"))
end)

test("15.3, ruling OQ26: in 2006 the Insurgent's J-4 is anti-tank fire, +2, until one of its dice shows 1", function()
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 3, 2, 1 },
                      { ins_hand = { "insurgent_j4" }, scenario = "lebanon_2006" })
  g:choose("add_at")
  g:choose(1)
  -- 2 + 4 against 1 + 1 + 2 (AT); the 1 ends the AT fire after this roll.
  expect(g:logged("Armor Brigade (6) against Guerrilla (4)", "9.2"))
  expect(g:logged("The Insurgents run out of anti-tank ammunition", "15.3"))
  expect_eq(g:run("return pieces.count('insurgent_pool', { type = 'insurgent_j4' })"), 5)
end)

test("9.3, ruling OQ1: a disrupted unit disrupted again is reduced; a reduced IDF unit reduced again is eliminated", function()
  -- The armour, disrupted and reduced already, loses in the same mode: it
  -- is disrupted again, so reduced again, so eliminated.
  -- The guerrilla wins the advantage (6 + 1 against 1); the armour is then
  -- disrupted before it is fired on: 6 + 1 against 1 + 3 - 1.
  local g = battle_at(NAQOURA, { "idf_armor:reduced_combat" }, { "guerrilla" }, { 1, 6, 6, 1 })
  local armor = g:run("return pieces.top(" .. NAQOURA .. ", { type = 'idf_armor' })")
  g:run("pieces.mark(" .. armor .. ", 'disrupted', 'test')")
  g:choose(1)
  expect_eq(g:count("idf_eliminated"), 1)
  expect(g:logged("Armor Brigade eliminated", "9.2"))
end)

-- The rulings of combat, each with its own position and forced dice.

test("9.5, ruling N14: each Joint Operations Phase starts with battles where both sides have undisrupted units, the IDF attacking", function()
  -- Nothing shares a zone in the IDF's phase; units are set together before
  -- the Insurgent's: Naqoura can fight; in Tyre every unit is disrupted; in
  -- Qana the armour could fire, but the Insurgent's one unit is disrupted.
  local g = H.at_operations{ idf_hand = {}, prepare = H.hand_code("insurgent", {}) }
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  g:run([[
    for _, u in ipairs(units_on_map('insurgent', nil, { 'qana' })) do pieces.move(u, 'insurgent_setup', 'test') end
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), 'qana', 'test')
    local lone = pieces.top('insurgent_setup', { type = 'guerrilla' })
      or units_on_map('insurgent', function(u) return pieces.type(u) == 'guerrilla' end)[1]
    pieces.move(lone, 'qana', 'test')
    pieces.mark(lone, 'disrupted', 'test')
    for _, z in ipairs({ SOUTH_OF_LITANI[1], SOUTH_OF_LITANI[2] }) do
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_setup', 'test') end
    end
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), SOUTH_OF_LITANI[1], 'test')
    pieces.move(pieces.top('insurgent_setup', { type = 'guerrilla' }), SOUTH_OF_LITANI[1], 'test')
    local mech = pieces.top(ZONES[1], { type = 'idf_mech_infantry' })
    local guerrilla = pieces.top('insurgent_setup', { type = 'guerrilla' })
    pieces.move(mech, SOUTH_OF_LITANI[2], 'test')
    pieces.move(guerrilla, SOUTH_OF_LITANI[2], 'test')
    pieces.mark(mech, 'disrupted', 'test')
    pieces.mark(guerrilla, 'disrupted', 'test')]])
  g:dice({ 5, 3, 6, 1 })
  H.end_phase(g)
  expect(g:logged("Battle in Naqoura: IDF attacks", "9.0"))
  expect(not g:logged("Battle in Tyre"), "no unit in Tyre may fire")
  expect(not g:logged("Battle in Qana"), "no undisrupted Insurgent in Qana")
  -- The Insurgent's phase has begun, and the IDF fires first in it.
  expect_eq(g:phase(), "second_player_turn")
  expect_eq(g:side(), "idf")
  expect_eq(g:prompt(), "Armor Brigade fires at which unit?")
  g:choose(1)
  expect(g:logged("IDF wins the battle in Naqoura", "9.9"))
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("9.6, 9.9, ruling N15: either side wins, a rocket counts for it; the winner draws a chit blind, usable at once", function()
  -- Equal rolls leave the armour disrupted and the guerrilla eliminated:
  -- the rocket, undisrupted, wins the battle for the defender.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla", "sr_rocket" }, { 5, 3, 1, 4 })
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "King" })
  g:draws("insurgent_pool", { "J-4 Logistics" })
  g:choose(1)
  g:choose("no_support")
  expect(g:logged("Armor Brigade (5) against Guerrilla (5)", "9.2"))
  expect(g:logged("Insurgent wins the battle in Naqoura", "9.9"))
  expect_eq(g:run("local j4 = pieces.at('insurgent_hand', { type = 'insurgent_j4' }) "
                  .. "return { #j4, pieces.marked(j4[1], 'drawn') }"), { 1, true })
  -- The IDF wins the next one and plays the chit it drew at once.
  local g2 = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 3, 2, 4 })
  g2:draws("idf_pool", { "J-3 Operations" })
  g2:choose(1)
  expect(g2:logged("IDF wins the battle in Naqoura", "9.9"))
  expect_eq(g2:prompt(), "Play a Joint Ops chit")
  expect_eq(g2:choices()[1], "J-3 A: move units")
  -- A guerrilla that evaded is still in the zone: the IDF, beating the
  -- other (6 + 4 against 1 + 1), does not win the battle.
  local g3 = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla", "guerrilla" }, { 4, 5, 3, 6, 1 },
                       { ins_hand = { "insurgent_j2" } })
  g3:choose("evade")
  g3:choose(2)
  g3:choose("done")
  g3:choose(1)
  expect(g3:logged("Armor Brigade (10) against Guerrilla (2)", "9.2"))
  expect(not g3:logged("wins the battle"), "an undisrupted guerrilla is still there")
  expect_eq(g3:count("idf_hand"), 0)
end)

test("9.1, 9.5, ruling C1: when the defender wins the advantage, the attacker's undisrupted units fire the second round", function()
  -- The guerrilla has the advantage (1 against 5 + 1) and disrupts the
  -- armour (6 + 1 against 1 + 4); the mech infantry, untouched, fires back.
  local g = battle_at(NAQOURA, { "idf_armor", "idf_mech_infantry" }, { "guerrilla" }, { 1, 5, 6, 1, 6, 1 })
  expect(g:logged("Insurgent has the tactical advantage (6 against 1)", "9.1"))
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Guerrilla fires at which unit?")
  g:choose("Armor Brigade")
  expect(g:logged("Guerrilla (7) against Armor Brigade (5)", "9.2"))
  -- Round 2: the IDF; the disrupted armour does not fire, the mech does.
  expect_eq(g:side(), "idf")
  expect_eq(g:prompt(), "Mech Infantry Brigade fires at which unit?")
  g:choose(1)
  expect(g:logged("Mech Infantry Brigade (9) against Guerrilla (2)", "9.5"))
  expect_eq(g:unused_dice(), 0)
end)

test("9.2, 9.5, 3.0, ruling C2: a unit not fired on rolls no die in that round, but fires in its own", function()
  -- One armour against two guerrillas: the one it does not target rolls
  -- nothing in round 1, then fires in round 2.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla", "guerrilla" }, { 5, 3, 6, 1, 6, 1 })
  g:choose(1)
  expect(g:logged("Armor Brigade (10) against Guerrilla (2)", "9.2"))
  -- Round 1 rolled the advantage, the armour and its target: four dice.
  expect_eq(g:unused_dice(), 2)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Guerrilla fires at which unit?")
  g:choose(1)
  expect(g:logged("Guerrilla (7) against Armor Brigade (5)", "9.5"))
end)

test("9.2, 9.3, ruling OQ2: a disrupted unit losing across modes is reduced once, and stays disrupted", function()
  -- The armour, already disrupted, in combat mode; the guerrilla dispersed
  -- wins the advantage (6 + 1 against 1 - 1) and its firefight (6 + 3
  -- against 1 + 1 - 1, the armour defending in the dispersed mode).
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla:dispersed" }, { 1, 6, 6, 1 })
  local armor = g:run("return pieces.top(" .. NAQOURA .. ", { type = 'idf_armor' })")
  g:run("pieces.mark(" .. armor .. ", 'disrupted', 'test')")
  g:choose(1)
  expect(g:logged("Guerrilla (9) against Armor Brigade (1)", "9.2"))
  expect_eq(g:run("return pieces.face(" .. armor .. ")"), "reduced_combat")
  expect_eq(g:run("return pieces.marked(" .. armor .. ", 'disrupted')"), true)
  expect_eq(g:count("idf_eliminated"), 0)
end)

test("9.6, 10.1, ruling OQ5: collateral damage comes after the battle: its discard takes from the hand, not from chits played", function()
  -- The IDF adds its J-4, then equal rolls (1 + 4 + 1 against 5 + 1); Heart
  -- 5 makes the attacker discard half its hand: the three J-1 left, not
  -- the J-4 spent in the battle, so one.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 3, 1, 5 },
                      { idf_hand = { "idf_j4", "idf_j1", "idf_j1", "idf_j1" } })
  g:draws("suit_cup", { "Heart" })
  g:draws("rank_cup", { "5" })
  g:choose("add_j4")
  g:choose(1)
  expect(g:logged("Armor Brigade (6) against Guerrilla (6)", "9.2"))
  expect(g:logged("Cascading Effect 5 of hearts", "10.1"))
  expect_eq(g:side(), "idf")
  expect_eq(g:prompt(), "Discard which chit?")
  expect_eq(g:choices(), { "J-1 Administration", "J-1 Administration", "J-1 Administration" })
  g:choose(1)
  expect_eq(g:count("idf_hand"), 2)
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("7.4A, 7.4C, ruling OQ6: the Insurgent adds a J-4 of support and fires SAMs, one at a time, in the same battle", function()
  -- SAMs: a 2 misses, a 5 cancels the close air support.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 2, 5, 5, 3 },
                      { idf_hand = { "idf_j3" }, ins_hand = { "insurgent_j4", "insurgent_j4", "insurgent_j4" } })
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Add a J-4 to the battle in Naqoura?")
  g:choose("add_j4")
  g:choose("add_cas")
  expect_eq(g:side(), "insurgent")
  g:choose("fire_sams")
  expect_eq(g:prompt(), "Fire SAMs at the close air support?") -- the first missed: another
  g:choose("fire_sams")
  expect(g:logged("SAMs cancel the close air support", "7.4A"))
  expect(g:logged("Insurgent adds a J-4: +1 to its units' ratings", "7.4C"))
  expect_eq(g:count("insurgent_discard"), 3)
  expect(g:logged("IDF has the tactical advantage (5 against 4)", "9.1"))
end)

test("9.6, 9.3, rulings N16, OQ19: after a battle undisrupted TF units stay in their box, a disrupted one in the zone", function()
  -- A TF HQ in Naqoura, the armour and the mech infantry in its box. The
  -- guerrilla beats both (6 + 1 against 1 + 4 and 1 + 3) and the mech
  -- suffers; in round 2 the guerrilla loses to the armour.
  local g = H.at_operations{ idf_hand = {}, dice = { 6, 1, 1, 1, 6, 1, 6 }, prepare = H.hand_code("insurgent", {}) .. [[
    local z = SOUTH_OF_LITANI[1]
    for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_setup', 'test') end
    local hq = pieces.top(ZONES[1], { kind = 'hq' })
    pieces.move(hq, z, 'test')
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), holding_box(hq), 'test')
    pieces.move(pieces.top(ZONES[1], { type = 'idf_mech_infantry' }), holding_box(hq), 'test')
    pieces.move(pieces.top('insurgent_setup', { type = 'guerrilla' }), z, 'test')]] }
  local box = g:run("return holding_box(pieces.top(" .. NAQOURA .. ", { kind = 'hq', owner = 'idf' }))")
  g:choose(1)
  g:choose(1)
  expect_eq(g:prompt(), "Guerrilla won: which of its attackers suffers?")
  g:choose("Mech Infantry Brigade")
  g:choose("Armor Brigade")
  expect(g:logged("IDF wins the battle in Naqoura", "9.9"))
  expect_eq(g:at(box), { "Armor Brigade" })
  local mech = g:run("return pieces.top(" .. NAQOURA .. ", { type = 'idf_mech_infantry' })")
  expect(mech ~= nil, "the mech infantry is in the zone")
  expect_eq(g:run("return pieces.marked(" .. mech .. ", 'disrupted')"), true)
end)

test("9.8, ruling OQ20: a CSU adds the rating of its own mode", function()
  -- A dispersed CSU adds its (1), not its combat (2): 1 + 4 + 1 against 4 + 1.
  local g = battle_at(NAQOURA, { "idf_armor", "idf_csu:dispersed" }, { "guerrilla" }, { 5, 3, 1, 4 })
  g:choose(1)
  expect_eq(g:prompt(), "Support the roll of Armor Brigade?")
  g:choose(2)
  expect(g:logged("Armor Brigade (6) against Guerrilla (5)", "9.2"))
end)

test("9.8, ruling OQ21: a fired rocket never supports; a ready one supports one roll a battle, both rounds together", function()
  -- Round 1: the SR rocket (the fired MR rocket is not offered) supports
  -- the guerrilla's defence, 5 + 1 + 1 against 1 + 4. Round 2: the
  -- guerrilla fires with no support left, 3 + 1 against 2 + 4 - 1.
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla", "sr_rocket", "mr_rocket:fired" }, { 6, 1, 1, 5, 3, 2 })
  g:choose(1)
  expect_eq(g:prompt(), "Support the roll of Guerrilla?")
  expect_eq(g:choices(), { "No support", "Support with SR Rocket" })
  g:choose(2)
  expect(g:logged("Armor Brigade (5) against Guerrilla (7)", "9.2"))
  expect_eq(g:prompt(), "Guerrilla fires at which unit?")
  g:choose(1)
  expect(g:logged("Guerrilla (4) against Armor Brigade (5)", "9.5"))
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("9.2, 9.8, ruling OQ22: support units are targeted too, but last in each cycle, before any unit is targeted twice", function()
  local g = battle_at(NAQOURA, { "idf_armor", "idf_mech_infantry", "idf_armored_cavalry" }, { "guerrilla", "sr_rocket" },
                      { 6, 1 })
  expect_eq(g:prompt(), "Armor Brigade fires at which unit?")
  expect_eq(g:choices(), { "Guerrilla" })
  g:choose(1)
  expect_eq(g:prompt(), "Mech Infantry Brigade fires at which unit?")
  expect_eq(g:choices(), { "SR Rocket" })
  g:choose(1)
  expect_eq(g:prompt(), "Armored Cavalry Battalion fires at which unit?")
  expect_eq(g:choices(), { "Guerrilla" })
end)

test("9.0, ruling OQ24: a lone SOF is not fought at the start of the IDF's phase; at the Insurgent's, the Insurgent decides", function()
  local function lone_sof()
    return H.at_operations{ idf_hand = {}, prepare = H.hand_code("insurgent", {}) .. [[
      local z = SOUTH_OF_LITANI[1]
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_setup', 'test') end
      pieces.move(pieces.top('insurgent_setup', { type = 'guerrilla' }), z, 'test')
      pieces.move(pieces.top(ZONES[1], { type = 'idf_sof' }), z, 'test')]] }
  end
  local g = lone_sof()
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  expect(not g:logged("Battle in Naqoura"), "no battle in the IDF's phase")
  H.end_phase(g)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Attack the SOF in Naqoura?")
  g:choose("attack")
  expect(g:logged("Battle in Naqoura: Insurgent attacks", "9.0"))

  local g2 = lone_sof()
  H.end_phase(g2)
  g2:choose("leave_them")
  expect(not g2:logged("Battle in Naqoura"), "the Insurgent left them")
  expect_eq(g2:prompt(), "Play a Joint Ops chit")
end)

test("15.3, ruling OQ25: in 2006 a SAM's 6 cancels close air support; the J-3 is lost and no other joins that battle", function()
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 6, 5, 3 },
                      { scenario = "lebanon_2006", idf_hand = { "idf_j3", "idf_j3" }, ins_hand = { "insurgent_j4" } })
  g:choose("no_j4") -- not as anti-tank fire: kept for the SAM
  g:choose("add_cas")
  g:choose("fire_sams")
  expect(g:logged("SAMs cancel the close air support", "7.4A"))
  expect_eq(g:count("idf_discard"), 1)
  expect_eq(g:count("idf_hand"), 1)
  expect_eq(g:prompt(), "Armor Brigade fires at which unit?") -- no second close air support offered
  -- A 5 does not cancel it in 2006.
  local g2 = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 5, 3 },
                       { scenario = "lebanon_2006", idf_hand = { "idf_j3" }, ins_hand = { "insurgent_j4" } })
  g2:choose("no_j4")
  g2:choose("add_cas")
  g2:choose("fire_sams")
  expect(not g2:logged("SAMs cancel the close air support"), "a 5 is not enough in 2006")
end)

test("3.0, 9.2, ruling X1: a rocket's one rating serves in either firefight mode", function()
  -- A dispersed armour fires at a lone rocket: 3 + 1 against 2 + 1; a
  -- combat-mode one: 3 + 4 against 2 + 1.
  local g = battle_at(NAQOURA, { "idf_armor:dispersed" }, { "sr_rocket" }, { 6, 1, 3, 2 })
  g:choose(1)
  expect(g:logged("Armor Brigade (4) against SR Rocket (3)", "9.2"))
  local g2 = battle_at(NAQOURA, { "idf_armor" }, { "sr_rocket" }, { 6, 1, 3, 2 })
  g2:choose(1)
  expect(g2:logged("Armor Brigade (7) against SR Rocket (3)", "9.2"))
end)

test("9.3, ruling X4: disruption is a marker on a unit that stays in its zone, present there but controlling nothing", function()
  local g = battle_at(NAQOURA, { "idf_armor" }, { "guerrilla" }, { 5, 3, 6, 1 })
  g:choose(1)
  local guerrilla = ids(g, NAQOURA, "guerrilla")[1]
  expect_eq(g:run("return pieces.marked(" .. guerrilla .. ", 'disrupted')"), true)
  expect_eq(g:run("return pieces.location(" .. guerrilla .. ")"), g:run("return " .. NAQOURA))
  expect_eq(g:run("return units_in_zone(" .. NAQOURA .. ", 'insurgent')"), 1)
  expect_eq(g:run("return controller(" .. NAQOURA .. ")"), "idf")
end)
