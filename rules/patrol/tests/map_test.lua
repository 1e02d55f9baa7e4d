-- 1 THE MAP and 3 MOVEMENT: the geometry the rules read.
local H = require("helpers")

test("1 map: the Outpost is adjacent to Amra, not to Dorn; the distances the rules use", function()
  local g = H.new()
  expect_eq(g:run("return map.place('Outpost')"), "0101")
  expect_eq(g:run("return map.adjacent('0101', '0202')"), true)
  expect_eq(g:run("return map.adjacent('0101', '0304')"), false)
  expect_eq(g:run("return map.neighbours('0202')"), { "0201", "0301", "0302", "0203", "0102", "0101" })
  expect_eq(g:run("return map.distance('0304', '0101')"), 4)   -- Dorn: beyond fire support (5.2)
  expect_eq(g:run("return map.distance('0202', '0101')"), 1)   -- Amra: within it
end)

test("3.2 terrain costs: clear and village 1, forest 2, hills 3, lake impassable", function()
  local g = H.new()
  expect_eq(g:run("return map.move_cost(vars.patrol, '0101', '0201')"), 1)      -- clear
  expect_eq(g:run("return map.move_cost(vars.patrol, '0101', '0202')"), 1)      -- village
  expect_eq(g:run("return map.move_cost(vars.patrol, '0201', '0301')"), 2)      -- forest
  expect_eq(g:run("return map.move_cost(vars.patrol, '0202', '0302')"), 3)      -- hills
  expect_eq(g:run("return map.move_cost(vars.patrol, '0402', '0502')"), nil)    -- lake
end)

test("3.3 river: crossing the Wadi costs 2 more; the bridge costs nothing more", function()
  local g = H.new()
  expect_eq(g:run("return map.hexside('0404', '0504')"), "river")
  expect_eq(g:run("return map.move_cost(vars.patrol, '0404', '0504')"), 3)      -- clear + river
  expect_eq(g:run("return map.move_cost(vars.patrol, '0504', '0404')"), 3)      -- either way
  expect_eq(g:run("return map.hexside('0405', '0505')"), "bridge")
  expect_eq(g:run("return map.move_cost(vars.patrol, '0405', '0505')"), 3)      -- hills only
end)

test("3.1 path: from 0406 to the hills at 0505 the patrol goes round by the bridge (4 MP, not 5)", function()
  local g = H.new()
  expect_eq(g:run("return map.move_cost(vars.patrol, '0406', '0505')"), 5)      -- hills + river, straight across
  expect_eq(g:run("local p, c = map.path(vars.patrol, '0505', { from = '0406', mp = 99 }) return { p, c }"),
            { { "0406", "0405", "0505" }, 4 })
end)

test("3.1 path: Outpost to Kessa runs north of the lake through the forest at 0301 (7 MP)", function()
  local g = H.new()
  expect_eq(g:run("local p, c = map.path(vars.patrol, '0702', { mp = 99 }) return { p, c }"),
            { { "0101", "0201", "0301", "0402", "0501", "0602", "0702" }, 7 })
end)
