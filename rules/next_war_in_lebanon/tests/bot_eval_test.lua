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
