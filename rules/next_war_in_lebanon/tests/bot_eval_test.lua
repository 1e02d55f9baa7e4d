-- The search bot's reading of the game (bot_eval, docs/bots.md): the margin
-- the end (13.1, 13.2) would give now, as a chance; nothing changes.

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
