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
  -- Not a move, not a zone, the Insurgent: every choice.
  expect_eq(order(g, "idf", "11.0", "{ 'naqoura', 'tyre' }"), nil)
  expect_eq(order(g, "idf", "7.3A", "{ 'naqoura', 'end_phase' }"), nil)
  expect_eq(order(g, "insurgent", "7.3A", "{ 'naqoura', 'tyre' }"), nil)
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
