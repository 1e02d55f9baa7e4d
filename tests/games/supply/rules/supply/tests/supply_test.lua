-- The kit's supply and line of sight from Lua (docs/kit.md): map.supplied,
-- map.in_supply and map.sight, their options and errors, and the fixture's
-- supply phase (7.1), which marks and logs the units out of supply.

local function place(g, type, hex, owner)
  return g:run(string.format("return pieces.create(%q, %q, nil, { owner = %q })", type, hex, owner))
end

-- map.in_supply as one string: "path (length)" or "out: why".
local function supply(g, piece, options)
  return g:run(string.format([[
    local ok, path, length = map.in_supply(%d, %s)
    if not ok then return "out: " .. path end
    return table.concat(path, " ") .. " (" .. length .. ")"]], piece, options or "nil"))
end

-- map.sight as one string: "clear", or the blocker's fields.
local function sight(g, from, to, options)
  return g:run(string.format([[
    local ok, b = map.sight(%q, %q, %s)
    if ok then return "clear" end
    if b.terrain then return b.terrain .. " at " .. b.hex end
    if b.piece then return "piece " .. b.piece .. " at " .. b.hex end
    if b.feature then return b.feature .. " " .. b.hexside[1] .. "|" .. b.hexside[2] end
    return b.distance .. " over " .. b.range]], from, to, options or "nil"))
end

test("7.1 supply: a unit traces through the gap to the depot; beyond its range it is out", function()
  local g = new_game{ scenario = "empty" }
  local near, far = place(g, "rifles", "0403", "red"), place(g, "rifles", "0603", "red")
  expect_eq(supply(g, near), "0403 0303 0203 0103 (3)")
  expect_eq(supply(g, far), "out: the nearest source, Depot (0103), is 5 hexes away, over its range of 4 hexes")
  expect_eq(supply(g, far, "{ range = 5 }"), "0603 0502 0403 0303 0203 0103 (5)")
  -- From another hex than its own, as before a move.
  expect_eq(supply(g, far, "{ from = '0503' }"), "0503 0403 0303 0203 0103 (4)")
end)

test("7.1 supply: enemy units and their zones close a path; a friendly unit opens a zone", function()
  local g = new_game{ scenario = "empty" }
  local red = place(g, "rifles", "0403", "red")
  local blue = place(g, "rifles", "0202", "blue")
  expect_eq(supply(g, red), "out: enemy zones of control close every path to a source")
  place(g, "rifles", "0203", "red")
  expect_eq(supply(g, red), "0403 0303 0203 0103 (3)")
  g:run(("pieces.move(%d, '0303')"):format(blue))
  expect_eq(supply(g, red), "out: enemy units and their zones of control close every path to a source")
end)

test("7.1 supply: Blue's HQs are sources within their own range; its east edge within the game's", function()
  local g = new_game{ scenario = "empty" }
  local hq = place(g, "hq", "0206", "blue")
  local rifles = place(g, "rifles", "0105", "blue")
  expect_eq(supply(g, rifles), "0105 0206 (1)")
  g:run(("pieces.set_face(%d, 'used')"):format(hq))
  expect(supply(g, rifles):find("out: the nearest source, 0801, is 9 hexes away", 1, true), supply(g, rifles))
  local east = place(g, "rifles", "0503", "blue")
  -- Of the paths of 3 hexes, the one by the lower hex at each step: 0702 before 0703.
  expect_eq(supply(g, east), "0503 0603 0702 0802 (3)")
end)

test("7.1 supply: map.supplied lists a side's supplied hexes by location order", function()
  local g = new_game{ scenario = "empty" }
  local red = g:run("return table.concat(map.supplied('red'), ' ')")
  expect_eq(red:sub(1, 24), "0101 0102 0103 0104 0105")
  expect(red:find("0403", 1, true) and not red:find("0603", 1, true), red)
  expect(not red:find("0302", 1, true), "a lake is never supplied: " .. red)
  expect_eq(g:run("return #map.supplied('red', { range = 0 })"), 2)  -- the sources' own hexes
  local blue = g:run("return table.concat(map.supplied('blue'), ' ')")
  expect(blue:find("0401", 1, true) and blue:find("0806", 1, true) and not blue:find("0303", 1, true), blue)
end)

test("7.1 supply phase: units out of supply are marked, and the log says why", function()
  local g = new_game{ scenario = "front" }
  expect(g:finished(), "the supply phase ends the game")
  expect(g:logged("Rifles in 0603 is out of supply: the nearest source, Depot (0103), is 5 hexes away", "7.1"))
  expect(not g:logged("Rifles in 0403 is out of supply"))
  expect_eq(g:run("return pieces.marked(pieces.at('0603')[1], 'out_of_supply')"), true)
  expect_eq(g:run("return pieces.marked(pieces.at('0403')[1], 'out_of_supply')"), false)
  expect_eq(g:run("return pieces.marked(pieces.at('0105')[1], 'out_of_supply')"), false)  -- by its HQ
end)

test("supply: errors name the function, the piece and what is wrong", function()
  local g = new_game{ scenario = "empty" }
  local smoke = g:run("return pieces.create('smoke', '0101')")
  expect_error(function() g:run(("map.in_supply(%d)"):format(smoke)) end, "map.in_supply: piece " .. smoke .. " belongs to no side")
  local red = place(g, "rifles", "0403", "red")
  expect_error(function() g:run(("map.in_supply(%d, { range = -1 })"):format(red)) end,
               "bad option 'range': a number from 0 to 1000000 expected")
  expect_error(function() g:run(("map.in_supply(%d, { from = 'nowhere' })"):format(red)) end, "no such location")
  expect_error(function() g:run("map.supplied('green')") end, "bad argument #1 to 'supplied'")
  -- A unit waiting off the map is in no hex: it may trace from the hex it would enter.
  local waiting = place(g, "rifles", "reserve", "red")
  expect_error(function() g:run(("map.in_supply(%d)"):format(waiting)) end,
               "map.in_supply: piece " .. waiting .. " is not on a hex map")
  expect_eq(supply(g, waiting, "{ from = '0303' }"), "0303 0203 0103 (2)")
  expect_error(function() g:run("map.sight('reserve', '0101')") end, "'reserve' is not a hex")
end)

test("sight: woods and ridges between the ends block; the ends and the lake do not", function()
  local g = new_game{ scenario = "empty" }
  expect_eq(sight(g, "0601", "0604"), "woods at 0602")
  expect_eq(sight(g, "0602", "0604"), "clear")
  expect_eq(sight(g, "0703", "0706"), "ridge 0704|0705")
  expect_eq(sight(g, "0202", "0402"), "clear")
  expect_eq(sight(g, "0502", "0702"), "clear")  -- along 0602|0603: the line falls on 0603
end)

test("sight: smoke blocks between the ends; a line longer than 6 hexes is blocked", function()
  local g = new_game{ scenario = "empty" }
  local smoke = g:run("return pieces.create('smoke', '0803')")
  expect_eq(sight(g, "0802", "0805"), "piece " .. smoke .. " at 0803")
  expect_eq(sight(g, "0101", "0801"), "7 over 6")
  expect_eq(sight(g, "0101", "0801", "{ range = 7 }"), "clear")
  expect_error(function() g:run("map.sight('0101', '0801', { range = 1.5 })") end,
               "bad option 'range': a whole number from 0 to 10000 expected")
  expect_error(function() g:run("map.sight('0101', 'Depot')") end, "no such location: 'Depot'")
end)
