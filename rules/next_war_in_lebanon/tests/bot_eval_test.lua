-- The search bot's reading of the game (docs/bots.md): bot_eval (victory.lua),
-- the margin the end (13.1, 13.2) would give now, as a chance; bot_order and
-- the scripted IDF "advance" (bot.lua). Each only reads: nothing changes.

local H = require("helpers")

local take = H.take_zones

test("bot_eval: the margin of 13.1 and 13.2 now, as a chance for each side, reading only", function()
  local g = H.at_operations{}
  local hash = g:hash()
  local idf, ins = g:run("return bot_eval('idf')"), g:run("return bot_eval('insurgent')")
  -- The Insurgent holds every scoring zone at the start: the IDF is behind.
  expect(idf < 0.5)
  expect(math.abs(idf + ins - 1) < 1e-9)
  expect_eq(g:hash(), hash)
  -- The end's points are not added twice: at the end bot_eval leaves it to the winner.
  expect_eq(g:run("return bot_eval('idf', 'The IDF wins')"), nil)
  -- Zones taken and Insurgent units eliminated raise the IDF's chance.
  local h = H.at_operations{ prepare = take(4) }
  expect(h:run("return bot_eval('idf')") > idf)
  -- Points scored in play count too.
  local before = h:run("return bot_eval('insurgent')")
  h:run("track.add('insurgent_vp', 10, 'test')")
  expect(h:run("return bot_eval('insurgent')") > before)
end)

local function order(g, side, rule, choices)
  return g:run(string.format("return bot_order(%q, { rule = %q, choices = %s })", side, rule, choices))
end

test("bot_order: the IDF tries the three destinations nearest the scoring zones it does not control, nearest first", function()
  local g = H.at_operations{}
  local hash = g:hash()
  -- Naqoura (a goal: the Insurgent holds it), the Upper Galilee and
  -- Nahariyya one zone from it, the IDF's sanctuary two; ties keep the
  -- rules' order.
  expect_eq(order(g, "idf", "7.3A", "{ 'idf_sanctuary', 'upper_galilee', 'nahariyya', 'naqoura' }"), { 4, 2, 3 })
  expect_eq(g:hash(), hash)
  -- Units moved out of a zone: "done" after the three nearest.
  local moves = "{ 'done', { piece = 1, to = 'idf_sanctuary' }, { piece = 1, to = 'nahariyya' }, { piece = 2, to = 'tyre' }, { piece = 2, to = 'naqoura' } }"
  expect_eq(order(g, "idf", "7.3A", moves), { 4, 5, 3, 1 })
  -- Not a move: the scripted IDF's choice alone where it has one (a
  -- strike's zone, a battle's answer), every choice where it leaves the
  -- decision to chance (a target in battle, a move that is not all zones);
  -- the Insurgent: every choice.
  expect_eq(order(g, "idf", "11.0", "{ 'syria', 'naqoura', 'tyre' }"), { 2 })
  expect_eq(order(g, "idf", "7.2C", "{ 'evade', 'no_evasion' }"), { 2 })
  expect_eq(order(g, "idf", "9.2", "{ 7, 8 }"), nil)
  expect_eq(order(g, "idf", "7.3A", "{ 'naqoura', 'end_phase' }"), nil)
  expect_eq(order(g, "insurgent", "7.3A", "{ 'naqoura', 'tyre' }"), nil)
  expect_eq(order(g, "insurgent", "7.2C", "{ 'evade', 'no_evasion' }"), nil)
  -- Zones the IDF controls are no longer goals: with the six zones south
  -- of the Litani taken, Naqoura is one zone from the nearest goal and
  -- the sanctuary three.
  local h = H.at_operations{ prepare = take(6) }
  expect_eq(h:run("return controller('naqoura')"), "idf")
  expect_eq(order(h, "idf", "7.4B", "{ 'idf_sanctuary', 'naqoura' }"), { 2, 1 })
end)

test("bot_order: 7.3A's question of what moves puts the units outside the scoring zones first, nearest the goals first, a group of four a zone nearer", function()
  local g = H.at_operations{}
  -- A TF HQ with an empty box in the Upper Galilee (one zone from Naqoura),
  -- the sanctuary (two zones) with four units or more, Naqoura last.
  local hq = g:run([[for _, z in ipairs(ZONES) do
      local h = pieces.at(z, { kind = 'hq', owner = 'idf' })[1]
      if h then
        for _, u in ipairs(pieces.at(holding_box(h))) do pieces.move(u, 'idf_sanctuary', 'test') end
        pieces.move(h, 'upper_galilee', 'test')
        return h
      end
    end]])
  expect(g:run("return pieces.count('idf_sanctuary', { kind = 'unit', owner = 'idf' })") >= 4)
  local choices = string.format("{ { location = 'naqoura', option = 'move_units' }, { location = 'idf_sanctuary', option = 'move_units' }, { piece = %d, option = 'move_tf' } }", hq)
  -- Both a zone from the goals (the sanctuary's four a zone nearer): the rules' order.
  expect_eq(order(g, "idf", "7.3A", choices), { 2, 3, 1 })
  -- Two units in the HQ's box: half a zone nearer than the sanctuary.
  g:run(string.format([[local a = pieces.at('idf_sanctuary', { kind = 'unit', owner = 'idf' })
    pieces.move(a[1], holding_box(%d), 'test') pieces.move(a[2], holding_box(%d), 'test')]], hq, hq))
  expect_eq(order(g, "idf", "7.3A", choices), { 3, 2, 1 })
end)

local function advance(g, side, rule, choices)
  return g:run(string.format("return bot_policy(%q, 'advance', { rule = %q, choices = %s })", side, rule, choices))
end

test("bot_policy advance: the IDF selects J-3s and plays them to move, ends its organizing, turns units to combat mode; reading only", function()
  local g = H.at_operations{}
  local units = g:run("local a = pieces.at(ZONES[1], { type = 'idf_armor' }) pieces.set_face(a[2], 'dispersed', 'test') return a")
  local hash = g:hash()
  expect_eq(advance(g, "idf", "6.3", "{ { option = 'J-1D', row = 4 }, { option = 'J-3G', row = 17 }, { option = 'J-3A', row = 12 }, 'end_phase' }"), 3)
  expect_eq(advance(g, "idf", "6.3", "{ { option = 'J-2B', row = 9 }, 'end_phase' }"), nil)
  -- 7.1B: a reduced unit rebuilt before any move (a hit more eliminates
  -- it, 3 VP to the Insurgent, 13.2); un-disrupting after the moves.
  expect_eq(advance(g, "idf", "6.3", "{ { option = 'J-3A', row = 12 }, { option = 'J-1B', row = 2 }, 'end_phase' }"), 2)
  expect_eq(advance(g, "idf", "6.3", "{ { option = 'J-1A', row = 1 }, { option = 'J-3A', row = 12 }, 'end_phase' }"), 2)
  expect_eq(advance(g, "idf", "5.0(5)", "{ 'J-1', 'J-2', 'J-3', 'J-4' }"), 3)
  expect_eq(advance(g, "idf", "8.1", "{ { piece = 1, to = 'tf_box_1', option = 'attach' }, 'done' }"), 2)
  expect_eq(advance(g, "idf", "7.4B", "{ 'dispersed', 'combat' }"), 2)
  -- 7.1D: the first unit in dispersed mode.
  expect_eq(advance(g, "idf", "7.1D", string.format("{ %d, %d }", units[1], units[2])), 2)
  -- 7.1F: no unit out of combat mode; done when none is dispersed.
  local flips = "{ 'done', { piece = %d, option = 'change_mode' }, { piece = %d, option = 'change_mode' } }"
  expect_eq(advance(g, "idf", "7.1F", string.format(flips, units[1], units[2])), 3)
  expect_eq(advance(g, "idf", "7.1F", string.format(flips, units[1], units[1])), 1)
  -- The Insurgent's decisions are left to chance.
  expect_eq(advance(g, "insurgent", "6.3", "{ { option = 'J-3A', row = 12 }, 'end_phase' }"), nil)
  expect_error(function() g:run("return bot_policy('idf', 'hold', { rule = '6.3', choices = { 'end_phase' } })") end,
    "no scripted player 'hold'")
  expect_eq(g:hash(), hash)
end)

test("bot_policy advance: units outside the scoring zones move toward the goals and stop in the first scoring zone they enter", function()
  local g = H.at_operations{}
  local a = g:run("local a = pieces.top(ZONES[1], { type = 'idf_armor' }) pieces.move(a, 'idf_sanctuary', 'test') return a")
  local moves = string.format("{ 'done', { piece = %d, to = 'idf_sanctuary' }, { piece = %d, to = 'nahariyya' }, { piece = %d, to = 'upper_galilee' } }", a, a, a)
  -- From the sanctuary (two zones from Naqoura): Nahariyya, one zone, the first of the nearest.
  expect_eq(advance(g, "idf", "7.3A", moves), 3)
  -- In the Upper Galilee nothing offered is nearer: it stops.
  g:run(string.format("pieces.move(%d, 'upper_galilee', 'test')", a))
  expect_eq(advance(g, "idf", "7.3A", moves), 1)
  -- In Naqoura (a scoring zone) it stays to hold it, however near the goals the moves.
  g:run(string.format("pieces.move(%d, 'naqoura', 'test')", a))
  expect_eq(advance(g, "idf", "7.3A", string.format("{ 'done', { piece = %d, to = 'tyre' } }", a)), 1)
  -- 7.3A's question of what moves: the rear first; only units holding scoring zones left: chance.
  expect_eq(advance(g, "idf", "7.3A", "{ { location = 'naqoura', option = 'move_units' }, { location = 'idf_sanctuary', option = 'move_units' } }"), 2)
  expect_eq(advance(g, "idf", "7.3A", "{ { location = 'naqoura', option = 'move_units' }, { location = 'tyre', option = 'move_units' } }"), nil)
end)

-- Leaves only a guerrilla of the Insurgent's in `zone`, in `mode` (one
-- eliminated, else one from another zone).
local function lone_guerrilla(g, zone, mode)
  return g:run(string.format([[for _, u in ipairs(units_on_map('insurgent', nil, { %q })) do pieces.move(u, 'insurgent_eliminated', 'test') end
    local u = pieces.top('insurgent_eliminated', { type = 'guerrilla' })
      or units_on_map('insurgent', function(x) return pieces.type(x) == 'guerrilla' end)[1]
    pieces.move(u, %q, 'test')
    pieces.set_face(u, %q, 'test')
    refresh_stacks()
    return u]], zone, zone, mode))
end

test("bot_order: a zone the Insurgent holds with undisrupted dispersed units is no goal, and as a destination counts two zones farther; a raid's source (7.3E) stays one", function()
  local g = H.at_operations{}
  local u = lone_guerrilla(g, "bint_jbeil", "combat")
  expect_eq(g:run("return bot_hostile('bint_jbeil')"), false)
  -- Bint Jbeil a goal: it comes before the Upper Galilee, a zone from it.
  expect_eq(order(g, "idf", "7.4B", "{ 'upper_galilee', 'bint_jbeil' }"), { 2, 1 })
  -- Dispersed (3.0: units moving in, in combat mode, cannot fire at it):
  -- Bint Jbeil counts as its distance to the nearest other goal (a zone)
  -- and two more.
  g:run(string.format("pieces.set_face(%d, 'dispersed', 'test')", u))
  expect_eq(g:run("return bot_hostile('bint_jbeil')"), true)
  expect_eq(order(g, "idf", "7.4B", "{ 'bint_jbeil', 'upper_galilee' }"), { 2, 1 })
  -- Disrupted, it holds nothing against them.
  g:run(string.format("pieces.mark(%d, 'disrupted', 'test')", u))
  expect_eq(g:run("return bot_hostile('bint_jbeil')"), false)
  expect_eq(order(g, "idf", "7.4B", "{ 'upper_galilee', 'bint_jbeil' }"), { 2, 1 })
  -- In 2006 (15.1), with the other zones south of the Litani taken and
  -- Bint Jbeil and Naqoura held dispersed: Bint Jbeil is no goal, though
  -- no other is left, but Naqoura is, the raids' source (7.3E: a raid
  -- scores a die's VP a turn), and entering it costs no more.
  local h = H.at_operations{ scenario = "lebanon_2006" }
  h:run([[for _, z in ipairs(SOUTH_OF_LITANI) do
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_eliminated', 'test') end
      if z ~= 'bint_jbeil' and z ~= 'naqoura' then pieces.move(pieces.top(ZONES[1], { kind = 'unit', owner = 'idf' }), z, 'test') end
    end]])
  lone_guerrilla(h, "bint_jbeil", "dispersed")
  lone_guerrilla(h, "naqoura", "dispersed")
  expect_eq(h:run("return bot_hostile('naqoura') and bot_hostile('bint_jbeil')"), true)
  expect_eq(order(h, "idf", "7.4B", "{ 'upper_galilee', 'naqoura' }"), { 2, 1 })
  expect_eq(order(h, "idf", "7.4B", "{ 'bint_jbeil', 'upper_galilee' }"), { 2, 1 })
end)

test("bot_policy advance: a zone held with units to spare lets them go on; a contested one keeps them; reading only", function()
  local g = H.at_operations{ prepare = take(1) }
  local z = g:run("return SOUTH_OF_LITANI[1]")
  expect_eq(g:run(string.format("return controller(%q)", z)), "idf")
  local a = g:run(string.format("return pieces.top(%q, { type = 'idf_armor' })", z))
  local b = g:run(string.format("local b = pieces.top(ZONES[1], { type = 'idf_armor' }) pieces.move(b, %q, 'test') return b", z))
  -- A neighbouring scoring zone the Insurgent left: a goal.
  local on = g:run(string.format([[for _, n in ipairs(map.neighbours(%q)) do
      if map.attr(n, 'country') == 'lebanon' then
        for _, e in ipairs(units_on_map('insurgent', nil, { n })) do pieces.move(e, 'insurgent_eliminated', 'test') end
        return n
      end
    end]], z))
  local hash = g:hash()
  local moves = string.format("{ 'done', { piece = %d, to = %q } }", b, on)
  -- Two undisrupted units: one may go on, and the zone is a source of 7.3A's question like any other.
  expect_eq(advance(g, "idf", "7.3A", moves), 2)
  expect_eq(g:run(string.format("return bot_order('idf', { rule = '7.3A', choices = { { location = %q, option = 'move_units' } } })", z)), { 1 })
  expect_eq(g:hash(), hash)
  -- One of them disrupted: the other holds the zone.
  g:run(string.format("pieces.mark(%d, 'disrupted', 'test')", a))
  expect_eq(advance(g, "idf", "7.3A", moves), 1)
  -- Both undisrupted but an undisrupted enemy there: contested, they stay.
  g:run(string.format("pieces.unmark(%d, 'disrupted', 'test')", a))
  lone_guerrilla(g, z, "dispersed")
  expect_eq(g:run(string.format("return controller(%q)", z)), nil)
  expect_eq(advance(g, "idf", "7.3A", moves), 1)
end)

test("bot_policy advance: in battle a J-4, close air support and a CSU's support, no evasion, lone SOF do not fight; counterforce; no tandem; reading only", function()
  local g = H.at_operations{}
  local hash = g:hash()
  expect_eq(advance(g, "idf", "7.4C", "{ 'no_j4', 'add_j4' }"), 2)
  expect_eq(advance(g, "idf", "7.3F", "{ 'no_cas', 'add_cas' }"), 2)
  expect_eq(advance(g, "idf", "7.3F", "{ 'not_now', 'use_cas' }"), 2)
  expect_eq(advance(g, "idf", "9.2", "{ 'no_support', { piece = 7, option = 'support' } }"), 2)
  expect_eq(advance(g, "idf", "9.5", "{ 'no_support', { piece = 7, option = 'support' } }"), 2)
  expect_eq(advance(g, "idf", "7.2C", "{ 'evade', 'no_evasion' }"), 2)
  expect_eq(advance(g, "idf", "9.0", "{ 'fight', 'no_fight' }"), 2)
  expect_eq(advance(g, "idf", "13.1", "{ 'countervalue', 'counterforce' }"), 2)
  expect_eq(advance(g, "idf", "7.3C", "{ 'tandem', 'no_tandem' }"), 2)
  -- A target in battle is left to chance (a rule with answers, none offered).
  expect_eq(advance(g, "idf", "9.2", "{ 7, 8 }"), nil)
  expect_eq(g:hash(), hash)
end)

test("bot_policy advance: a J-3 moves only where a unit need move, else strikes: where IDF units fight, a dispersed unit first; reading only", function()
  local g = H.at_operations{}
  local functions = "{ { option = 'J-3A', row = 12 }, { option = 'J-3H', row = 18 }, 'end_phase' }"
  -- At the start every unit is in the rear: it moves.
  expect_eq(advance(g, "idf", "6.3", functions), 1)
  -- Every IDF unit holding a scoring zone of its own: nothing need move, it strikes.
  g:run([[for k, u in ipairs(units_on_map('idf')) do
      local to = SOUTH_OF_LITANI[k]
      if to then
        for _, e in ipairs(units_on_map('insurgent', nil, { to })) do pieces.move(e, 'insurgent_eliminated', 'test') end
        pieces.move(u, to, 'test')
      else
        pieces.move(u, 'idf_eliminated', 'test')
      end
    end
    for _, hq in ipairs(pieces.at(ZONES[1], { kind = 'hq', owner = 'idf' })) do pieces.move(hq, 'idf_reinforcements', 'test') end]])
  local hash = g:hash()
  expect_eq(g:run("return bot_useful_move('idf')"), false)
  expect_eq(advance(g, "idf", "6.3", functions), 2)
  -- The zone: where IDF units are (a guerrilla with them), before a scoring zone, before Syria.
  local z = g:run("return SOUTH_OF_LITANI[1]")
  expect_eq(advance(g, "idf", "11.0", string.format("{ 'syria', 'sidon', %q }", z)), 3)
  expect_eq(advance(g, "idf", "11.0", "{ 'syria', 'sidon' }"), 2)
  -- The target: an undisrupted dispersed unit, then a rocket, then the others.
  local units = g:run([[local out = {}
    for _, t in ipairs({ 'militia', 'sr_rocket', 'guerrilla' }) do out[#out + 1] = pieces.top('insurgent_eliminated', { type = t }) end
    pieces.set_face(out[1], 'combat', 'test') pieces.set_face(out[3], 'dispersed', 'test')
    return out]])
  expect_eq(g:run("return bot_useful_move('idf')"), false)
  hash = g:hash()
  expect_eq(advance(g, "idf", "11.0", string.format("{ %d, %d, %d }", units[1], units[2], units[3])), 3)
  expect_eq(advance(g, "idf", "11.0", string.format("{ %d, %d }", units[1], units[2])), 2)
  -- The mode of an area strike: chance.
  expect_eq(advance(g, "idf", "11.0", "{ 'combat', 'dispersed' }"), nil)
  expect_eq(g:hash(), hash)
end)

test("bot_hostile: only what the IDF sees (8.0: a stack's top) or saw of a unit unmoved and unchanged since, not the sample's guess at a hidden unit; reading only", function()
  local g = H.at_operations{}
  local u = lone_guerrilla(g, "bint_jbeil", "dispersed")
  local hash = g:hash()
  expect_eq(g:run("return bot_hostile('bint_jbeil')"), true)
  expect_eq(order(g, "idf", "7.4B", "{ 'bint_jbeil', 'upper_galilee' }"), { 2, 1 })
  -- Hidden where it stands, under another unit of the stack: the IDF saw it,
  -- and remembers it (as after a battle that showed it, 9.0).
  g:run(string.format("pieces.set_visibility(%d, 'owner', 'test')", u))
  expect_eq(g:run("return bot_hostile('bint_jbeil')"), true)
  -- Turned unseen (to combat mode and back), the IDF cannot tell its mode:
  -- Bint Jbeil is a goal like any other.
  g:run(string.format("pieces.set_face(%d, 'combat', 'test') pieces.set_face(%d, 'dispersed', 'test')", u, u))
  expect_eq(g:run("return bot_hostile('bint_jbeil')"), false)
  expect_eq(order(g, "idf", "7.4B", "{ 'upper_galilee', 'bint_jbeil' }"), { 2, 1 })
  -- Shown again (9.0: a battle sets its units out in the open).
  g:run(string.format("pieces.set_visibility(%d, 'public', 'test')", u))
  expect_eq(g:run("return bot_hostile('bint_jbeil')"), true)
  g:run(string.format("pieces.set_visibility(%d, nil, 'test')", u))
  expect_eq(g:hash(), hash)
end)

test("bot_order, bot_policy advance: a zone whose units could go nowhere nearer the goals is moved last, and makes no J-3 worth playing", function()
  -- 2006 (15.1): the goals are south of the Litani. The IDF holds all but
  -- Qana, held dispersed, and Tyre beyond it, one unit a zone; its other
  -- units wait in Shaqra, two zones from Tyre. Qana counts three (a zone
  -- to Tyre, two for being held dispersed), Bint Jbeil two (through
  -- Naqoura), Marjayoun three; Nabatiye is beyond the Litani: nowhere
  -- nearer.
  local g = H.at_operations{ scenario = "lebanon_2006" }
  g:run([[for _, z in ipairs(SOUTH_OF_LITANI) do
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_eliminated', 'test') end
      if z ~= 'tyre' and z ~= 'qana' then pieces.move(pieces.top(ZONES[1], { kind = 'unit', owner = 'idf' }), z, 'test') end
    end
    for _, z in ipairs(ZONES) do
      if map.attr(z, 'country') == 'israel' then
        for _, u in ipairs(pieces.at(z, { kind = 'unit', owner = 'idf' })) do
          if pieces.value(u, 'regular') then pieces.move(u, 'shaqra', 'test') else pieces.move(u, 'idf_eliminated', 'test') end
        end
        for _, hq in ipairs(pieces.at(z, { kind = 'hq', owner = 'idf' })) do pieces.move(hq, 'idf_reinforcements', 'test') end
      end
    end]])
  lone_guerrilla(g, "tyre", "combat")
  local u = lone_guerrilla(g, "qana", "dispersed")
  local hash = g:hash()
  expect_eq(g:run("return bot_hostile('qana')"), true)
  local sources = "{ { location = 'shaqra', option = 'move_units' }, { location = 'naqoura', option = 'move_units' } }"
  -- Naqoura holds its zone with one unit; Shaqra's would go nowhere nearer:
  -- both last, nearest the goals first (Naqoura a zone from Tyre).
  expect_eq(order(g, "idf", "7.3A", sources), { 2, 1 })
  expect_eq(advance(g, "idf", "7.3A", sources), nil)
  expect_eq(g:run("return bot_useful_move('idf')"), false)
  expect_eq(advance(g, "idf", "6.3", "{ { option = 'J-3A', row = 12 }, { option = 'J-3H', row = 18 }, 'end_phase' }"), 2)
  -- Qana's guerrilla disrupted: Qana is a goal a zone from Shaqra.
  g:run(string.format("pieces.mark(%d, 'disrupted', 'test')", u))
  expect_eq(g:run("return bot_useful_move('idf')"), true)
  expect_eq(advance(g, "idf", "7.3A", sources), 1)
  g:run(string.format("pieces.unmark(%d, 'disrupted', 'test')", u))
  expect_eq(g:hash(), hash)
end)

test("bot_policy advance, bot_order: at set-up (4.0) the IDF places each unit and TF HQ in a zone nearest its goals, the emptiest of them first, and disperses none; reading only", function()
  local g = H.at_operations{}
  local u = g:run("return pieces.top(ZONES[1], { type = 'idf_armor' })")
  local hash = g:hash()
  -- Nahariyya and the Upper Galilee a zone from Lebanon, the sanctuary two, a TF box none.
  local places = string.format("{ { piece = %d, to = 'idf_sanctuary' }, { piece = %d, to = 'nahariyya' }, { piece = %d, to = 'upper_galilee' }, { piece = %d, to = 'tf_box_1' } }", u, u, u, u)
  expect_eq(advance(g, "idf", "4.0", places), 2)
  expect_eq(order(g, "idf", "4.0", places), { 2 })
  expect_eq(advance(g, "idf", "4.0", "{ 'idf_sanctuary', 'upper_galilee' }"), 2)
  -- Either mode at set-up: none dispersed.
  expect_eq(advance(g, "idf", "4.0", string.format("{ { piece = %d, option = 'disperse' }, 'done' }", u)), 2)
  expect_eq(order(g, "idf", "4.0", string.format("{ { piece = %d, option = 'disperse' }, 'done' }", u)), { 2 })
  -- The first hand's staffs, asked under the same rule: J-3s as in play.
  expect_eq(advance(g, "idf", "4.0", "{ 'J-1', 'J-3' }"), 2)
  expect_eq(order(g, "idf", "4.0", "{ 'J-1', 'J-3' }"), { 2 })
  -- The Insurgent's set-up is left to chance and to the search.
  expect_eq(advance(g, "insurgent", "4.0", places), nil)
  expect_eq(order(g, "insurgent", "4.0", places), nil)
  expect_eq(g:hash(), hash)
  -- A unit already in Nahariyya: the Upper Galilee, as near and emptier.
  g:run(string.format("pieces.move(%d, 'nahariyya', 'test')", u))
  expect_eq(advance(g, "idf", "4.0", places), 3)
end)

test("bot_order, bot_policy advance: in 2006 an SOF heads for a zone beyond the Litani (15.1) that the IDF does not hold and where it sees no Insurgent, and is the unit that flies (7.4B); reading only", function()
  local g = H.at_operations{ scenario = "lebanon_2006" }
  local sof, armor = table.unpack(g:run("return { pieces.top(ZONES[1], { type = 'idf_sof' }), pieces.top(ZONES[1], { type = 'idf_armor' }) }"))
  local hash = g:hash()
  local function order_for(piece, choices)
    return g:run(string.format("return bot_order('idf', { rule = '7.4B', piece = %d, choices = %s })", piece, choices))
  end
  -- 15.1: every Insurgent unit starts south of the Litani. The SOF goes
  -- beyond it (13.1: alone there it controls a zone without a fight); a
  -- regular's goals are south of it, and so are the side's where the
  -- question names no piece.
  expect_eq(order_for(sof, "{ 'naqoura', 'nabatiye' }"), { 2, 1 })
  expect_eq(order_for(armor, "{ 'naqoura', 'nabatiye' }"), { 1, 2 })
  expect_eq(order(g, "idf", "7.4B", "{ 'naqoura', 'nabatiye' }"), { 1, 2 })
  -- The flight: the SOF, not a unit that may not cross.
  expect_eq(advance(g, "idf", "7.4B", string.format("{ %d, %d }", armor, sof)), 2)
  expect_eq(g:hash(), hash)
  -- An Insurgent unit seen in Nabatiye: Zahrani, beyond the Litani too, comes first.
  expect_eq(order_for(sof, "{ 'nabatiye', 'zahrani' }"), { 1, 2 })
  lone_guerrilla(g, "nabatiye", "combat")
  expect_eq(order_for(sof, "{ 'nabatiye', 'zahrani' }"), { 2, 1 })
  -- Alone in Zahrani the SOF holds it: it flies no more (chance decides).
  g:run(string.format("pieces.move(%d, 'zahrani', 'test') refresh_stacks()", sof))
  expect_eq(g:run("return controller('zahrani')"), "idf")
  expect_eq(advance(g, "idf", "7.4B", string.format("{ %d, %d }", armor, sof)), nil)
  -- Without the Litani line (next_war) an SOF's goals are the side's:
  -- Nabatiye, held by a unit in combat mode, is one like Zahrani.
  local h = H.at_operations{}
  local s = h:run("return pieces.top(ZONES[1], { type = 'idf_sof' })")
  lone_guerrilla(h, "nabatiye", "combat")
  expect_eq(h:run(string.format("return bot_order('idf', { rule = '7.4B', piece = %d, choices = { 'nabatiye', 'zahrani' } })", s)), { 1, 2 })
end)
