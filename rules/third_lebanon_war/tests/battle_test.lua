-- The battle mat (seed 002 steps 1-9; 9.2, 10.13, 10.41, 10.63, 11.2,
-- 11.21, 12.1, 13.0; rulings T20-T39 of README.battle.md), with forced dice.
--
-- Ratings (counters.toml, J-2/J-3): armour 1/4, mech infantry 2/3, CSU 1/1;
-- militia 1/1 (brittle), guerrilla 2/2, main force 2/3, rockets x/0,
-- Syrian division 1/4 (brittle). Naqoura is remote, Qana populated, Tyre
-- urban (the base's map.toml).

local H = require("helpers")

-- Lua that empties `zone` of both sides' counters and TF HQs, then places
-- there the units `idf` and `ins` name ("type" or "type:face"), each taken
-- from its side's set-up box, the map elsewhere, the Syrian forces or the
-- reinforcements.
local function position_code(zone, idf, ins)
  local code = { "local z = '" .. zone .. "'",
    "for _, side in ipairs({ 'idf', 'insurgent' }) do",
    "  for _, u in ipairs(counters_on_map(side, nil, { z })) do pieces.move(u, side .. '_setup', 'test') end",
    "  for _, hq in ipairs(pieces.at(z, { kind = 'hq', owner = side })) do pieces.move(hq, side .. '_setup', 'test') end",
    "end" }
  local function place(side, specs)
    for _, spec in ipairs(specs) do
      local t, face = spec:match("^([%w_]+):?([%w_]*)$")
      code[#code + 1] = string.format([[do
        local t = %q
        local u = pieces.top('%s_setup', { type = t })
          or units_on_map(%q, function(u) return pieces.type(u) == t and zone_of(u) ~= z end)[1]
          or pieces.top('syrian_forces', { type = t }) or pieces.top('%s_reinforcements', { type = t })
        pieces.move(u, z, 'test')
        %s
      end]], t, side, side, side, face ~= "" and string.format("set_mode(u, %q, 'test')", face) or "")
    end
  end
  place("idf", idf)
  place("insurgent", ins)
  return table.concat(code, "\n")
end

-- A game at the IDF's first Joint Operations decision with `zone` holding
-- just the units `idf` and `ins`, the IDF's hand the chits `opts.idf_hand`
-- (one J-3 when not given), the Insurgent's `opts.ins_hand` (none), then
-- `opts.code` run; the dice `opts.dice` forced from then on. The set-up's
-- dummies are gathered in Bint Jbeil, which no test uses.
local DUMMIES_TO_BINT_JBEIL = [[for _, d in ipairs(counters_on_map("insurgent", is_dummy)) do
  pieces.move(d, "bint_jbeil", "test")
end]]

local function battle_at(zone, idf, ins, opts)
  opts = opts or {}
  local prepare = DUMMIES_TO_BINT_JBEIL .. "\n" .. position_code(zone, idf, ins) .. "\n"
    .. H.hand_code("idf", opts.idf_hand or { "idf_j3" }) .. (opts.code or "") .. "\nrefresh_stacks()"
  local g = new_game{ scenario = "next_war", seed = 1 }
  local prepared = false
  H.set_up(g, function(g)
    if prepared or g:side() ~= "insurgent" or g:prompt() ~= "Select a Joint Ops chit" then return nil end
    prepared = true
    g:run(prepare)
    return nil
  end)
  g:run(H.hand_code("insurgent", opts.ins_hand or {}))
  if opts.dice then g:dice(opts.dice) end
  return g
end

-- From the IDF's Joint Operations to the Insurgent's (the IDF's Planning
-- selects the first staff each time); then the IDF's hand is `idf_hand`.
local function insurgent_turn(g, idf_hand)
  g:choose("end_phase")
  while not (g:side() == "insurgent" and g:prompt() == "Play a Joint Ops chit") do g:choose(1) end
  g:run(H.hand_code("idf", idf_hand or {}))
end

-- The piece of `type_id` at `loc` (the top one).
local function piece(g, loc, type_id)
  return g:run(string.format("return pieces.top(%q, { type = %q })", loc, type_id))
end

local function offers(g, value)
  for _, v in ipairs(g:choice_values()) do
    if v == value then return true end
  end
  return false
end

local function hits(g, u) return g:run("return pieces.counter(" .. u .. ", 'hits')") end
local function disrupted(g, u) return g:run("return pieces.marked(" .. u .. ", 'disrupted')") end
local function location(g, u) return g:run("return pieces.location(" .. u .. ")") end

-- ---------------------------------------------------------------------------
-- 9.2 THE ATTACK

test("9.2, mat 1, rulings T21, T22: an attack is offered only with an undisrupted firing unit and a seen, undisrupted target", function()
  -- Underground units and dummies are no targets.
  local g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:underground" },
                      { code = "pieces.move(pieces.top('bint_jbeil', { type = 'dummy' }), 'naqoura', 'test')" })
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  expect(not offers(g, "option=J-3B"), "no attack on Underground units and dummies")
  -- A Revealed guerrilla is a target.
  g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed" })
  expect(offers(g, "option=J-3B"), "an attack on a Revealed unit")
  -- A disrupted one is not (T21).
  g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed" },
                { code = "pieces.mark(pieces.top('naqoura', { type = 'guerrilla' }), 'disrupted', 'test')" })
  expect(not offers(g, "option=J-3B"), "no attack on a disrupted unit")
  -- A disrupted attacker cannot attack.
  g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed" },
                { code = "pieces.mark(pieces.top('naqoura', { type = 'idf_armor' }), 'disrupted', 'test')" })
  expect(not offers(g, "option=J-3B"), "no attack with a disrupted unit")
  -- A Revealed rocket may be targeted (T22).
  g = battle_at("naqoura", { "idf_armor" }, { "sr_rocket:revealed" })
  expect(offers(g, "option=J-3B"), "an attack on a Revealed rocket")
  -- Without a J-3 in hand, no attack.
  g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed" }, { idf_hand = { "idf_j4" } })
  expect(not offers(g, "option=J-3B"), "no J-3, no attack")
end)

local function attacks_in(g, side, zone)
  return g:run(string.format("for _, z in ipairs(attack_zones(%q)) do if z == %q then return true end end return false",
                             side, zone))
end

test("9.2, ruling T22: a rocket (J-3 0) never attacks", function()
  local g = battle_at("naqoura", { "idf_armor" }, { "sr_rocket:revealed", "missile:revealed" })
  expect(not attacks_in(g, "insurgent", "naqoura"), "rockets and missiles do not attack")
  g:run("pieces.move(pieces.top('insurgent_setup', { type = 'guerrilla' }), 'naqoura', 'test')")
  expect(attacks_in(g, "insurgent", "naqoura"), "a guerrilla does")
end)

test("9.2: the attack names the zone when several are possible", function()
  local g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed" },
                      { code = [[
    for _, u in ipairs(counters_on_map('insurgent', nil, { 'qana' })) do pieces.move(u, 'insurgent_setup', 'test') end
    pieces.move(units_on_map('idf', function(u) return pieces.type(u) == 'idf_mech_infantry' end)[1], 'qana', 'test')
    local gu = pieces.top('insurgent_setup', { type = 'guerrilla' })
    pieces.move(gu, 'qana', 'test')
    set_mode(gu, 'revealed', 'test')]] })
  g:choose("J-3B")
  expect_eq(g:prompt(), "Attack in which zone?")
  expect_eq(g:choices(), { "Naqoura", "Qana (Tyre hinterland)" })
end)

-- ---------------------------------------------------------------------------
-- MAT 1 ATTACK DECLARATION

test("mat 1, ruling T20: one Concentrated or Revealed target, or several Dispersed ones", function()
  -- Two Revealed guerrillas: one is declared, and that is all.
  local g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed", "guerrilla:revealed" },
                      { dice = { 1, 1, 1, 1, 1, 1, 1, 1 } })
  g:choose("J-3B")
  expect_eq(g:prompt(), "Declare the target of the attack")
  expect_eq(g:choices(), { "Guerrilla", "Guerrilla" })
  g:choose(1)
  expect(g:logged("Insurgent has the tactical advantage", "mat 4"))
  expect(g:logged("Insurgent fires 2 dice", "mat 5"), "only the declared guerrilla fires")
  -- Syrian divisions: two Dispersed and one Concentrated.
  g = battle_at("naqoura", { "idf_armor" },
                { "syrian_division:dispersed", "syrian_division:dispersed", "syrian_division:concentrated" },
                { dice = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 } })
  g:choose("J-3B")
  expect_eq(#g:choices(), 3)
  g:choose(1) -- a Dispersed division
  expect_eq(g:prompt(), "Dispersed targets: 1 declared; another?")
  expect_eq(g:choices(), { "Done", "Target Syrian Division too" })
  g:choose(2)
  expect(g:logged("Insurgent fires 8 dice", "mat 5"), "both dispersed divisions fire: 4 + 4")
  -- The Concentrated one alone.
  g = battle_at("naqoura", { "idf_armor" }, { "syrian_division:dispersed", "syrian_division:concentrated" },
                { dice = { 1, 1, 1, 1, 1, 1, 1, 1 } })
  g:choose("J-3B")
  g:choose(2)
  expect(g:logged("Insurgent fires 4 dice", "mat 5"), "the concentrated division alone")
end)

test("mat 1, ruling T23: the attacker engages the units it chooses; an Underground one it engages is Revealed", function()
  -- The Insurgent attacks the armour in Qana with its guerrilla, keeping
  -- its main force Underground and out of the battle.
  local g = battle_at("qana", { "idf_armor" }, { "guerrilla", "main_force", "militia" }, { ins_hand = { "insurgent_j3" } })
  insurgent_turn(g)
  g:choose("J-3B")
  expect_eq(g:prompt(), "Engage which units? (0 engaged)")
  expect_eq(g:choices(), { "Engage every unit left", "Engage Guerrilla", "Engage Main Force", "Engage Militia" })
  g:choose("Engage Guerrilla")
  expect_eq(g:choices(), { "Done", "Engage every unit left", "Engage Main Force", "Engage Militia" })
  g:dice({ 1, 1, 1, 1, 1, 1 })
  g:choose("done")
  -- The armour (the defender) fires first: 4 dice; the guerrilla 2.
  expect(g:logged("IDF fires 4 dice: 4 for its units' J-3", "mat 5"))
  expect(g:logged("Insurgent fires 2 dice: 2 for its units' J-3", "mat 6"))
  local guerrilla = piece(g, "qana", "guerrilla")
  local main = piece(g, "qana", "main_force")
  expect_eq(g:run("return mode_of(" .. guerrilla .. ")"), "revealed")
  expect_eq(g:run("return mode_of(" .. main .. ")"), "underground")
  expect_eq(g:run("return pieces.visibility(" .. main .. ")"), "owner")
end)

test("mat 1, ruling T20: units in an enemy TF's holding box may be targeted, chosen blind", function()
  local g = battle_at("qana", {}, { "guerrilla" }, { ins_hand = { "insurgent_j3" }, code = [[
    local hq = pieces.top('idf_sanctuary', { kind = 'hq' })
    pieces.move(hq, 'qana', 'test')
    pieces.move(units_on_map('idf', function(u) return pieces.type(u) == 'idf_armor' end)[1], holding_box(hq), 'test')
    pieces.move(units_on_map('idf', function(u) return pieces.type(u) == 'idf_mech_infantry' end)[1], holding_box(hq), 'test')]] })
  insurgent_turn(g)
  g:choose("J-3B")
  expect_eq(g:prompt(), "Declare the target of the attack")
  expect_eq(g:choices("insurgent"), { "a hidden IDF unit", "a hidden IDF unit" })
  g:dice({ 1, 1, 1, 1, 1, 1 })
  g:choose(2)
  -- Placed on the mat, the target is seen by both.
  expect(g:logged("IDF fires 3 dice: 3 for its units' J-3", "mat 5"))
  expect_eq(g:at("battle"), {})
end)

test("11.2, ruling T39: an ambush targets only the entering units that can be targeted", function()
  -- The mech also stands in Qana but did not enter, and a unit of the
  -- ambusher's own side in the list is none either: the armour alone is.
  local g = battle_at("qana", { "idf_armor", "idf_mech_infantry" }, { "guerrilla" }, { dice = { 1, 1, 1, 1, 1, 1 } })
  g:run([[
    local armor = pieces.top('qana', { type = 'idf_armor' })
    battle('qana', 'insurgent', { ambush = true, targets = { armor, pieces.top('qana', { type = 'guerrilla' }) } })]])
  expect(g:logged("IDF fires 4 dice: 4 for its units' J-3", "mat 6"))
end)

test("mat 1, 8.12, ruling T24: targets are declared before evasion; with no target left there is no battle", function()
  -- The evasion hook (intelligence.lua) is called for Revealed targets;
  -- here it lets nobody evade, so the battle is fought.
  local g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed" }, { dice = { 1, 1, 1, 1, 1, 1 } })
  g:choose("J-3B")
  expect(g:logged("IDF attacks in Naqoura", "9.2"))
  expect(g:logged("The battle marker is placed in Naqoura", "mat 1"))
  -- With no target (the guerrilla turned Underground by evasion), no battle.
  expect_eq(g:run([[
    local gu = pieces.top('naqoura', { type = 'guerrilla' })
    set_mode(gu, 'underground', 'test')
    battle('naqoura', 'idf')
    return vars.battle == nil]]), true)
  expect(g:logged("No battle in Naqoura: no unit to engage or no target", "mat 1"))
end)

-- ---------------------------------------------------------------------------
-- MAT 2 COMMITMENT

test("mat 2, ruling T25: commitment is secret: the attacker, then the defender, then both shown", function()
  local g = battle_at("naqoura", { "idf_armor", "idf_csu" }, { "main_force:revealed" },
                      { idf_hand = { "idf_j3", "idf_j3", "idf_j4" }, ins_hand = { "insurgent_j4" },
                        dice = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 } })
  g:choose("J-3B")
  g:choose("engage_all")
  expect_eq(g:side(), "idf")
  expect_eq(g:prompt(), "Commit how many J-3s as close air support (12.1)?")
  expect_eq(g:choices(), { "0", "1" })
  g:choose("number=1")
  expect_eq(g:prompt(), "Commit a J-4 as combat support?")
  g:choose("commit_j4")
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Commit a J-4 as combat support?")
  -- Nothing of the IDF's commitment is shown yet: its chits are in hand,
  -- and the Insurgent's log holds no word of its decisions.
  expect_eq(g:count("idf_hand"), 2)
  expect_eq(g:count("battle"), 0) -- nothing is placed before both have committed
  for _, e in ipairs(g:events("insurgent")) do
    expect(not (e.rule == "mat 2" and e.text:find("IDF chose", 1, true)), "the IDF's choice is secret: " .. e.text)
  end
  expect(g:logged("IDF chose 1", "mat 2"), "the referee sees it")
  g:choose("no_j4")
  expect(g:logged("IDF committed 1 J-3s as close air support and 1 J-4", "mat 2"))
  expect(g:logged("Insurgent committed no chit", "mat 2"))
end)

test("mat 3: a hand that lacks what was committed (a search's guess at it) places what it holds", function()
  local g = battle_at("naqoura", { "idf_armor", "idf_csu" }, { "main_force:revealed" },
                      { idf_hand = { "idf_j3", "idf_j3", "idf_j4" }, ins_hand = { "insurgent_j4" },
                        dice = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 } })
  g:choose("J-3B")
  g:choose("engage_all")
  g:choose("number=1")
  g:choose("commit_j4")
  expect_eq(g:prompt(), "Commit a J-4 as combat support?")
  -- The search bot samples the enemy's hand anew, but not the secret
  -- commitment: here the hand it guessed holds neither chit.
  g:run("for _, c in ipairs(pieces.at('idf_hand')) do pieces.move(c, 'idf_pool', 'test') end")
  g:choose("no_j4")
  expect(g:logged("IDF committed no chit", "mat 2"))
  expect(not g:logged("IDF committed 1 J-3s", "mat 2"))
end)

test("mat 2, ruling T26: the IDF commits a J-4 only with an undisrupted CSU in the zone", function()
  local g = battle_at("naqoura", { "idf_armor" }, { "main_force:revealed" },
                      { idf_hand = { "idf_j3", "idf_j4" }, dice = { 1, 1, 1, 1, 1, 1, 1 } })
  g:choose("J-3B")
  expect(g:prompt() ~= "Commit a J-4 as combat support?", "no CSU, no J-4")
  expect(g:logged("IDF committed no chit", "mat 2"))
  -- A disrupted CSU is not enough; an undisrupted one (even not engaged) is.
  expect_eq(g:run([[
    local csu = units_on_map('idf', function(u) return pieces.type(u) == 'idf_csu' end)[1]
    pieces.move(csu, 'naqoura', 'test')
    pieces.move(pieces.top('idf_pool', { type = 'idf_j4' }), 'idf_hand', 'test')
    local _, with = battle_commitments('idf', 'naqoura', 'idf', false)
    pieces.mark(csu, 'disrupted', 'test')
    local _, without = battle_commitments('idf', 'naqoura', 'idf', false)
    return tostring(with) .. ' ' .. tostring(without)]]), "true false")
end)

test("mat 2, 11.21, ruling T27: no close air support for the IDF defending against an ambush; its J-4 it may commit", function()
  local g = battle_at("naqoura", { "idf_armor", "idf_csu" }, { "guerrilla" }, { idf_hand = { "idf_j3", "idf_j3", "idf_j4" } })
  expect_eq(g:run([[
    local cas, j4 = battle_commitments('idf', 'naqoura', 'insurgent', true)
    local cas2 = battle_commitments('idf', 'naqoura', 'insurgent', false)
    local cas3 = battle_commitments('idf', 'naqoura', 'idf', true)
    return cas .. ' ' .. tostring(j4) .. ' ' .. cas2 .. ' ' .. cas3]]), "0 true 2 2")
  -- The Insurgent never has close air support (12.1).
  expect_eq(g:run("return (battle_commitments('insurgent', 'naqoura', 'idf', false))"), 0)
end)

-- ---------------------------------------------------------------------------
-- MAT 3 PLACEMENT AND THE SAM

test("mat 3, 10.13, rulings T28, T29: the committed J-4 fired at the close air support: 5-6 downs a J-3, a 1 removes the J-4", function()
  local function sam_game(dice)
    local g = battle_at("naqoura", { "idf_armor", "idf_csu" }, { "main_force:revealed" },
                        { idf_hand = { "idf_j3", "idf_j3", "idf_j3" }, ins_hand = { "insurgent_j4" }, dice = dice })
    g:choose("J-3B")
    g:choose("engage_all")
    g:choose("number=2")
    g:choose("commit_j4")
    expect_eq(g:side(), "insurgent")
    expect_eq(g:prompt(), "Fire the committed J-4 at the close air support?")
    g:choose("sam_at_cas")
    return g
  end
  -- 6 and 1: the first CAS J-3 down, the J-4 out of the game.
  local g = sam_game({ 6, 1, 1, 1, 1 })
  expect(g:logged("The SAMs shoot down a close air support J-3", "10.13"))
  expect(g:logged("The SAM J-4 is removed from the game", "10.13"))
  expect_eq(g:at("removed_from_game"), { "J-4 Logistics" })
  -- The main force fires 3 dice, no J-4 die; the IDF 5 + 3 for one CAS.
  expect(g:logged("Insurgent fires 3 dice: 3 for its units' J-3, 0 for its J-4", "mat 5"))
  expect(g:logged("IDF fires 8 dice: 5 for its units' J-3, 0 for its J-4, 3 for close air support", "mat 6"))
  -- 3 and 4: nothing down; the J-4 is discarded.
  g = sam_game({ 3, 4, 1, 1, 1 })
  expect(not g:logged("The SAMs shoot down"), "no CAS down")
  expect_eq(g:count("removed_from_game"), 0)
  expect(g:logged("IDF fires 11 dice: 5 for its units' J-3, 0 for its J-4, 6 for close air support", "mat 6"))
  expect_eq(g:at("insurgent_discard"), { "J-4 Logistics" })
end)

test("mat 3, ruling T28: the Insurgent may keep its J-4 as combat support instead", function()
  local g = battle_at("naqoura", { "idf_armor", "idf_csu" }, { "main_force:revealed" },
                      { idf_hand = { "idf_j3", "idf_j3" }, ins_hand = { "insurgent_j4" },
                        dice = { 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1 } })
  g:choose("J-3B")
  g:choose("engage_all")
  g:choose("number=1")
  g:choose("commit_j4")
  g:choose("keep_support")
  expect(g:logged("Insurgent fires 4 dice: 3 for its units' J-3, 1 for its J-4", "mat 5"))
end)

-- ---------------------------------------------------------------------------
-- MAT 4-6 FIRE

test("mat 4, 5, 6: the defender fires first, 5 a hit and 6 two; the owner places them; the other side fires back", function()
  -- The armour (4) and the mech (3) attack a main force (3) in Naqoura.
  -- Main force: 5, 6, 2: 3 hits; the IDF places 2 on the armour, 1 on the
  -- mech. IDF: 2 + 2 = 4 dice: 6, 5, 1, 2: 3 hits: the main force is
  -- disrupted (3 = its printed J-3).
  local g = battle_at("naqoura", { "idf_armor", "idf_mech_infantry" }, { "main_force:revealed" },
                      { dice = { 5, 6, 2, 6, 5, 1, 2 } })
  g:choose("J-3B")
  g:choose("engage_all")
  expect(g:logged("Insurgent has the tactical advantage", "mat 4"))
  expect(g:logged("Insurgent fires 3 dice: 3 for its units' J-3, 0 for its J-4, 0 for close air support", "mat 5"))
  expect(g:logged("Insurgent scores 3 hits", "mat 5"))
  expect_eq(g:side(), "idf")
  expect_eq(g:prompt(), "Hit 1 of 3: on which unit?")
  expect_eq(g:choices(), { "Armor Brigade", "Mech Infantry Brigade" })
  g:choose("Armor Brigade")
  g:choose("Armor Brigade")
  g:choose("Mech Infantry Brigade")
  expect(g:logged("IDF fires 4 dice: 4 for its units' J-3", "mat 6"))
  expect(g:logged("IDF scores 3 hits", "mat 6"))
  local armor, mech, main = piece(g, "naqoura", "idf_armor"), piece(g, "naqoura", "idf_mech_infantry"),
    piece(g, "naqoura", "main_force")
  expect_eq(hits(g, armor), 2)
  expect_eq(hits(g, mech), 1)
  expect_eq(g:run("return j3_rating(" .. armor .. ") .. '/' .. j2_rating(" .. mech .. ")"), "2/1")
  expect_eq(disrupted(g, main), true)
  expect_eq(hits(g, main), 0) -- the hit markers gave way to the Disrupted marker
  expect_eq(g:unused_dice(), 0)
end)

test("mat 5, ruling T30: a unit's J-3 rating counts its hits; a J-4 adds a die per firing unit", function()
  -- The armour has 1 hit already (3); the CSU is engaged (1). J-4: 2 dice.
  local g = battle_at("naqoura", { "idf_armor", "idf_csu" }, { "guerrilla:revealed" },
                      { idf_hand = { "idf_j3", "idf_j4" }, dice = { 1, 1, 1, 1, 1, 1, 1, 1 },
                        code = "pieces.set_counter(pieces.top('naqoura', { type = 'idf_armor' }), 'hits', 1, 'test')" })
  g:choose("J-3B")
  g:choose("engage_all")
  g:choose("commit_j4")
  expect(g:logged("IDF fires 6 dice: 4 for its units' J-3, 2 for its J-4, 0 for close air support", "mat 6"))
end)

test("mat 5, 10.41: a 1 on an Insurgent die removes its committed J-4 from the game", function()
  local g = battle_at("naqoura", { "idf_armor" }, { "main_force:revealed" },
                      { ins_hand = { "insurgent_j4" }, dice = { 2, 3, 1, 4, 1, 1, 1, 1 } })
  g:choose("J-3B")
  g:choose("commit_j4")
  expect(g:logged("Insurgent fires 4 dice: 3 for its units' J-3, 1 for its J-4", "mat 5"))
  expect(g:logged("Ammunition depleted: the Insurgent's J-4 is removed from the game", "10.41"))
  expect_eq(g:at("removed_from_game"), { "J-4 Logistics" })
  -- Without a 1 it goes to the discard at housekeeping.
  g = battle_at("naqoura", { "idf_armor" }, { "main_force:revealed" },
                { ins_hand = { "insurgent_j4" }, dice = { 2, 3, 2, 4, 1, 1, 1, 1 } })
  g:choose("J-3B")
  g:choose("commit_j4")
  expect_eq(g:count("removed_from_game"), 0)
  expect_eq(g:at("insurgent_discard"), { "J-4 Logistics" })
end)

test("mat 5, ruling T31: terrain takes hits off the defender's (2 urban, 1 populated), never the attacker's", function()
  -- Tyre: the main force rolls 6, 6, 6 at the attacker: 6 hits, none taken off.
  local g = battle_at("tyre", { "idf_armor" }, { "main_force:revealed" }, { dice = { 6, 6, 6 } })
  g:choose("J-3B")
  expect(g:logged("Insurgent scores 6 hits", "mat 5"))
  expect(not g:logged("taken off for the terrain"), "the attacker has no terrain")
  -- Tyre: the IDF's 6, 5, 5, 1 (4 hits) at the defender: 2 taken off.
  g = battle_at("tyre", { "idf_armor" }, { "main_force:revealed" }, { dice = { 1, 1, 1, 6, 5, 5, 1 } })
  g:choose("J-3B")
  expect(g:logged("IDF scores 4 hits, 2 taken off for the terrain of Tyre: 2", "mat 6"))
  expect_eq(hits(g, piece(g, "tyre", "main_force")), 2)
  -- Qana: 1 taken off.
  g = battle_at("qana", { "idf_armor" }, { "main_force:revealed" }, { dice = { 1, 1, 1, 6, 5, 5, 1 } })
  g:choose("J-3B")
  expect(g:logged("IDF scores 4 hits, 1 taken off for the terrain of Qana (Tyre hinterland): 3", "mat 6"))
  -- Naqoura (remote): none.
  g = battle_at("naqoura", { "idf_armor" }, { "main_force:revealed" }, { dice = { 1, 1, 1, 5, 2, 2, 1 } })
  g:choose("J-3B")
  expect(g:logged("IDF scores 1 hits", "mat 6"))
end)

test("mat 5, 10.63, 13.0, ruling T32: a brittle militia is removed when disrupted; hits beyond the units' are collateral damage", function()
  -- Militia (1/1) in Naqoura; the IDF's 6, 6, 5, 2 score 5 hits: one on the
  -- militia, 4 beyond it.
  local g = battle_at("naqoura", { "idf_armor" }, { "militia:revealed" }, { dice = { 1, 6, 6, 5, 2 } })
  g:draws("cascading_deck", { "King of Hearts" })
  g:choose("J-3B")
  expect(g:logged("Militia disrupted: brittle, it is removed", "10.63"))
  expect_eq(g:at("insurgent_eliminated"), { "Militia" })
  expect(g:logged("Collateral damage: Insurgent's units could not take 4 of the hits", "13.0"))
  expect(g:logged("Cascading Effect King of Hearts", "13.0"))
  expect_eq(g:track("collateral_damage"), 1)
end)

test("mat 5, ruling T33: a TF HQ is hit and disrupted when all its side's engaged units are", function()
  -- An IDF TF HQ in Naqoura, the armour in its box. The main force's 6, 6
  -- (4 hits) disrupt the armour: the HQ is disrupted, the IDF's C2 falls.
  local g = battle_at("naqoura", { }, { "main_force:revealed" }, { dice = { 6, 6, 1 }, code = [[
    local hq = pieces.top('idf_sanctuary', { kind = 'hq' })
    pieces.move(hq, 'naqoura', 'test')
    pieces.move(units_on_map('idf', function(u) return pieces.type(u) == 'idf_armor' end)[1], holding_box(hq), 'test')]] })
  local hq = g:run("return pieces.top('naqoura', { kind = 'hq' })")
  g:choose("J-3B")
  expect(g:logged("takes a hit: every engaged unit of its side is disrupted", "mat 5"))
  expect_eq(disrupted(g, hq), true)
  expect_eq(g:track("idf_c2"), 6)
  -- The disrupted armour is in the zone, out of the box (ruling T9).
  local armor = piece(g, "naqoura", "idf_armor")
  expect(armor ~= nil, "the armour is in Naqoura")
  expect_eq(disrupted(g, armor), true)
  expect(not g:logged("Collateral damage"), "4 hits: the armour took them all")
  -- The Insurgent won: it selects a J-2 or a J-3.
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Consolidation: select a J-2 or J-3 chit")
  expect_eq(g:choices(), { "J-2", "J-3" })
end)

test("mat 6, ruling T30: a side whose engaged units are all disrupted does not fire back, whatever its chits", function()
  local g = battle_at("naqoura", { "idf_armor" }, { "main_force:revealed" },
                      { idf_hand = { "idf_j3", "idf_j3" }, dice = { 6, 6, 1 } })
  g:choose("J-3B")
  g:choose("number=1")
  expect(g:logged("IDF has no undisrupted unit to fire", "mat 6"))
  expect(not g:logged("IDF fires"), "its close air support does not fire alone")
  expect_eq(g:at("idf_discard"), { "J-3 Operations", "J-3 Operations" })
end)

-- ---------------------------------------------------------------------------
-- MAT 7-9

test("mat 7, ruling T34: units go back to the map or their TF's box, chits to the discard; the mat is empty", function()
  -- Armour and mech in a TF's box; the main force's 6, 1, 1: 2 hits on the
  -- mech, still standing: both go back into the box.
  local g = battle_at("naqoura", { }, { "main_force:revealed" },
                      { idf_hand = { "idf_j3", "idf_j3" }, dice = { 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }, code = [[
    local hq = pieces.top('idf_sanctuary', { kind = 'hq' })
    pieces.move(hq, 'naqoura', 'test')
    pieces.move(units_on_map('idf', function(u) return pieces.type(u) == 'idf_armor' end)[1], holding_box(hq), 'test')
    pieces.move(units_on_map('idf', function(u) return pieces.type(u) == 'idf_mech_infantry' end)[1], holding_box(hq), 'test')]] })
  local box = g:run("return holding_box(pieces.top('naqoura', { kind = 'hq' }))")
  g:choose("J-3B")
  g:choose("engage_all")
  g:choose("number=1")
  g:choose("Mech Infantry Brigade")
  g:choose("Mech Infantry Brigade")
  expect_eq(g:at(box), { "Armor Brigade", "Mech Infantry Brigade" })
  expect_eq(g:count("battle"), 0)
  expect_eq(g:at("idf_discard"), { "J-3 Operations", "J-3 Operations" })
  expect(g:logged("The battle marker is removed from Naqoura", "mat 7"))
  expect_eq(g:run("return vars.battle == nil"), true)
end)

test("mat 8, ruling T35: one Cascading Effects card a battle, however many hits were excess on either side", function()
  -- Both sides have excess hits (militia against militia... the armour
  -- takes 4 of 6; the militia 1 of 4): one card.
  local g = battle_at("naqoura", { "idf_armor" }, { "main_force:revealed" },
                      { dice = { 6, 6, 6 } })
  g:draws("cascading_deck", { "King of Hearts", "Queen of Hearts" })
  g:choose("J-3B")
  expect(g:logged("Collateral damage: IDF's units could not take 2 of the hits", "13.0"))
  expect_eq(g:count("cascading_discard"), 1)
end)

test("mat 9, ruling T36: the winner selects a J-2 or J-3 from its pool; with both sides standing, no winner", function()
  local g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed" }, { dice = { 1, 1, 6, 1, 1, 1 } })
  g:choose("J-3B")
  expect(g:logged("IDF wins the battle in Naqoura", "mat 9"))
  expect_eq(g:prompt(), "Consolidation: select a J-2 or J-3 chit")
  expect_eq(g:choices(), { "J-2", "J-3" })
  g:choose("J-3")
  expect_eq(g:at("idf_hand"), { "J-3 Operations" })
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  -- A guerrilla with one hit still stands: no winner.
  g = battle_at("naqoura", { "idf_armor" }, { "main_force:revealed" }, { dice = { 1, 1, 1, 5, 1, 1, 1 } })
  g:choose("J-3B")
  expect(not g:logged("wins the battle"), "no winner")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("mat 9, ruling T36: units not engaged do not count for the win", function()
  -- An Underground guerrilla in the zone, never engaged, does not deny the
  -- IDF its win over the Revealed one.
  local g = battle_at("naqoura", { "idf_armor" }, { "guerrilla:revealed", "guerrilla:underground" },
                      { dice = { 1, 1, 6, 1, 1, 1 } })
  g:choose("J-3B")
  expect(g:logged("IDF wins the battle in Naqoura", "mat 9"))
end)

-- ---------------------------------------------------------------------------
-- 11.2 AMBUSH

test("11.2, mat 4, 5, ruling T31: the ambusher fires first; no terrain for either side in an ambush", function()
  -- In Qana (populated) the guerrilla ambushes the armour that entered.
  -- Guerrilla: 5, 1: 1 hit, none taken off. Armour (3 now): 5, 2, 2: 1 hit,
  -- none taken off (the ambusher is the attacker). Nobody wins; no chit is
  -- asked for, so the battle runs in one go.
  local g = battle_at("qana", { "idf_armor" }, { "guerrilla:underground" },
                      { idf_hand = { "idf_j3", "idf_j3" }, dice = { 5, 1, 5, 2, 2 } })
  g:run([[
    local armor = pieces.top('qana', { type = 'idf_armor' })
    battle('qana', 'insurgent', { ambush = true, targets = { armor } })]])
  expect(g:logged("Insurgent springs an ambush in Qana", "11.2"))
  expect(g:logged("Insurgent has the tactical advantage (an ambush)", "mat 4"))
  expect(g:logged("Insurgent scores 1 hits", "mat 5"))
  expect(g:logged("IDF fires 3 dice: 3 for its units' J-3, 0 for its J-4, 0 for close air support", "mat 6"))
  expect(g:logged("IDF scores 1 hits", "mat 6"))
  expect(g:logged("IDF committed no chit", "mat 2"), "no close air support against an ambush (11.21)")
  expect_eq(hits(g, piece(g, "qana", "guerrilla")), 1)
  expect_eq(g:run("return mode_of(pieces.top('qana', { type = 'guerrilla' }))"), "revealed")
  expect_eq(g:unused_dice(), 0)
end)

test("11.2, ruling T23: only the ambusher's irregular units spring an ambush, on the units that entered", function()
  local g = battle_at("qana", { "idf_armor", "idf_mech_infantry" }, { "syrian_division:concentrated" })
  g:run([[
    local armor = pieces.top('qana', { type = 'idf_armor' })
    battle('qana', 'insurgent', { ambush = true, targets = { armor } })]])
  expect(g:logged("No battle in Qana (Tyre hinterland): no unit to engage or no target", "mat 1"))
end)

-- ---------------------------------------------------------------------------
-- A WHOLE BATTLE

test("mat 1-9: a battle in Tyre worked through, every step's numbers checked", function()
  -- Tyre (urban). IDF: armour (1 hit already: J-3 3), mech infantry (3),
  -- CSU (1); hand: the attack's J-3, one more J-3, a J-4, two J-1s.
  -- Insurgent: a Revealed main force (3), an Underground guerrilla, its TF
  -- HQ; hand: a J-4.
  local g = battle_at("tyre", { "idf_armor", "idf_mech_infantry", "idf_csu" }, { "main_force:revealed", "guerrilla" },
                      { idf_hand = { "idf_j3", "idf_j3", "idf_j4", "idf_j1", "idf_j1" }, ins_hand = { "insurgent_j4" },
                        code = [[
    pieces.set_counter(pieces.top('tyre', { type = 'idf_armor' }), 'hits', 1, 'test')
    for _, u in ipairs(pieces.at('insurgent_box')) do pieces.move(u, 'insurgent_setup', 'test') end
    local hq = units_on_map and nil
    for _, z in ipairs(ZONES) do
      local h = pieces.top(z, { type = 'insurgent_tf_hq' })
      if h then hq = h end
    end
    hq = hq or pieces.top('insurgent_setup', { type = 'insurgent_tf_hq' })
    pieces.move(hq, 'tyre', 'test')]] })
  local armor, mech, csu = piece(g, "tyre", "idf_armor"), piece(g, "tyre", "idf_mech_infantry"), piece(g, "tyre", "idf_csu")
  local main, guerrilla = piece(g, "tyre", "main_force"), piece(g, "tyre", "guerrilla")
  local hq = g:run("return pieces.top('tyre', { type = 'insurgent_tf_hq' })")

  -- Step 1: the J-3 played; the one target (the guerrilla is Underground:
  -- no target); the IDF engages its three units.
  g:choose("J-3B")
  expect(g:logged("IDF attacks in Tyre", "9.2"))
  expect_eq(g:prompt(), "Engage which units? (0 engaged)")
  g:choose("engage_all")
  -- Step 2: the IDF commits one J-3 as CAS and its J-4 (a CSU is there); the
  -- Insurgent its J-4.
  g:choose("number=1")
  g:choose("commit_j4")
  g:choose("commit_j4")
  expect(g:logged("IDF committed 1 J-3s as close air support and 1 J-4", "mat 2"))
  expect(g:logged("Insurgent committed 0 J-3s as close air support and 1 J-4", "mat 2"))
  -- Step 3: the units and chits on the mat; the Insurgent keeps its J-4
  -- for its ground fire.
  expect_eq(g:at("battle"), { "Armor Brigade", "Mech Infantry Brigade", "CSU", "Main Force",
                              "J-3 Operations", "J-4 Logistics", "J-4 Logistics" })
  expect_eq(location(g, guerrilla), "tyre")
  expect_eq(g:prompt(), "Fire the committed J-4 at the close air support?")
  -- Step 4: the defender has the tactical advantage.
  -- Step 5: 3 (main force) + 1 (J-4) = 4 dice: 6, 5, 1, 3: 3 hits, none off
  -- (the attacker is hit); the 1 removes the Insurgent's J-4 (10.41). The
  -- IDF puts 1 on the CSU (disrupted: its J-3 is 1) and 2 on the mech.
  g:draws("cascading_deck", { "5 of Hearts" })
  g:dice({ 6, 5, 1, 3, 6, 6, 5, 1, 2, 3, 4, 2, 5 })
  g:choose("keep_support")
  expect(g:logged("Insurgent has the tactical advantage", "mat 4"))
  expect(g:logged("Insurgent fires 4 dice: 3 for its units' J-3, 1 for its J-4, 0 for close air support", "mat 5"))
  expect(g:logged("Ammunition depleted: the Insurgent's J-4 is removed from the game", "10.41"))
  expect(g:logged("Insurgent scores 3 hits", "mat 5"))
  expect_eq(g:side(), "idf")
  expect_eq(g:prompt(), "Hit 1 of 3: on which unit?")
  expect_eq(g:choices(), { "Armor Brigade", "Mech Infantry Brigade", "CSU" })
  g:choose("CSU")
  expect_eq(disrupted(g, csu), true)
  expect_eq(g:choices(), { "Armor Brigade", "Mech Infantry Brigade" })
  g:choose("Mech Infantry Brigade")
  g:choose("Mech Infantry Brigade")
  expect_eq(hits(g, mech), 2)
  -- Step 6: armour 3 + mech 1 = 4, the J-4 still in force though its CSU is
  -- disrupted (T26): 2, the CAS J-3: 3; 9 dice: 6, 6, 5, 1, 2, 3, 4, 2, 5:
  -- 6 hits, 2 off in Tyre: 4. The main force takes 3 and is disrupted; the
  -- 4th is collateral damage; the Insurgent TF HQ is hit (C2 5 to 4).
  expect(g:logged("IDF fires 9 dice: 4 for its units' J-3, 2 for its J-4, 3 for close air support", "mat 6"))
  expect(g:logged("IDF scores 6 hits, 2 taken off for the terrain of Tyre: 4", "mat 6"))
  expect_eq(disrupted(g, main), true)
  expect(g:logged("Collateral damage: Insurgent's units could not take 1 of the hits", "13.0"))
  expect(g:logged("Insurgent TF HQ takes a hit: every engaged unit of its side is disrupted", "mat 6"))
  expect_eq(disrupted(g, hq), true)
  expect_eq(g:track("insurgent_c2"), 4)
  -- Step 7: every unit back in Tyre, the chits in the discards, the mat empty.
  for _, u in ipairs({ armor, mech, csu, main, guerrilla }) do expect_eq(location(g, u), "tyre") end
  expect_eq(g:count("battle"), 0)
  expect_eq(g:at("idf_discard"), { "J-3 Operations", "J-3 Operations", "J-4 Logistics" })
  expect_eq(g:at("removed_from_game"), { "J-4 Logistics" })
  -- Step 8: one card, the 5 of Hearts: the attacker (the IDF) discards half
  -- its hand, one of its two J-1s.
  expect(g:logged("Cascading Effect 5 of Hearts", "13.0"))
  expect_eq(g:track("collateral_damage"), 1)
  expect_eq(g:prompt(), "Discard which chit?")
  g:choose(1)
  -- Step 9: the IDF won (the main force disrupted, its armour standing): it
  -- selects a J-2 into its hand.
  expect(g:logged("IDF wins the battle in Tyre", "mat 9"))
  expect_eq(g:prompt(), "Consolidation: select a J-2 or J-3 chit")
  g:choose("J-2")
  expect_eq(g:at("idf_hand"), { "J-1 Administration", "J-2 Intelligence" })
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  expect_eq(g:unused_dice(), 0)
  expect_eq(g:run("return mode_of(" .. guerrilla .. ")"), "underground")
end)

-- ---------------------------------------------------------------------------
-- RANDOM BATTLES

test("mat 1-9: random battles in five zones break no invariant of the mat", function()
  -- IDF units (one TF with its box) among revealed Insurgent units south of
  -- the Litani, both hands full of J-3s and J-4s; then random choices.
  local code = [[
    local zones = { 'naqoura', 'tyre', 'qana', 'shaqra', 'marjayoun' }
    local hq = pieces.top('idf_sanctuary', { kind = 'hq' })
    pieces.move(hq, 'qana', 'test')
    local idf = units_on_map('idf', function(u) return zone_of(u) ~= 'qana' end)
    for i, u in ipairs(idf) do
      if i <= 12 then pieces.move(u, i <= 2 and holding_box(hq) or zones[(i % #zones) + 1], 'test') end
    end
    for _, z in ipairs(zones) do
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do set_mode(u, 'revealed', 'test') end
    end
  ]] .. H.hand_code("idf", { "idf_j3", "idf_j3", "idf_j3", "idf_j4", "idf_j4", "idf_j4" })
  local fought = 0
  for seed = 1, 12 do
    local g = battle_at("bint_jbeil", {}, {}, { idf_hand = { "idf_j3", "idf_j3", "idf_j3", "idf_j4", "idf_j4", "idf_j4" },
                                               ins_hand = { "insurgent_j3", "insurgent_j3", "insurgent_j4", "insurgent_j4" },
                                               code = code })
    local rand = chooser(seed)
    for _ = 1, 1500 do
      if g:finished() or g:turn() > 2 then break end
      if g:prompt() == "Play a Joint Ops chit" then
        expect_eq(g:count("battle"), 0, "the mat is empty between battles")
        expect_eq(g:run("return vars.battle == nil"), true, "no battle in progress")
        expect_eq(g:run([[
          for _, side in ipairs({ 'idf', 'insurgent' }) do
            for _, u in ipairs(units_on_map(side)) do
              if is_disrupted(u) and hits_of(u) > 0 then return 'disrupted with hits' end
              if not is_disrupted(u) and hits_left(u) <= 0 then return 'undisrupted with no hit left' end
            end
          end
          return 'ok']]), "ok")
      end
      -- Attacks are chosen twice as often as the other chits.
      if offers(g, "option=J-3B") and rand(3) > 1 then g:choose("J-3B") else g:choose(rand(#g:choices())) end
    end
    if g:logged("scores") then fought = fought + 1 end
  end
  expect(fought >= 6, "battles were fought in most games: " .. fought)
end)
