-- The kit's movement, zones of control and stacking (docs/kit.md): costs per
-- class, a river, a road, zones, the stacking limit, and "choose a unit, then
-- a destination".

local function unit(g, hex) return g:run(string.format("return pieces.at(%q)[1]", hex)) end

local function cost_to(g, piece, hex, options)
  return g:run(string.format("return map.reachable(%d, %s)[%q]", piece, options or "nil", hex))
end

test("movement: a step costs its terrain for the unit's class; a lake is prohibited", function()
  local g = new_game{ scenario = "open" }
  local rifles, tanks = unit(g, "0101"), unit(g, "0401")
  expect_eq(g:run(("return map.move_cost(%d, '0102', '0103')"):format(rifles)), 2)  -- woods, leg
  expect_eq(g:run(("return map.move_cost(%d, '0102', '0103')"):format(tanks)), 3)   -- woods, mech
  expect_eq(g:run(("return map.move_cost(%d, '0103', '0104')"):format(rifles)), nil) -- lake
  expect_eq(cost_to(g, rifles, "0103"), 3)
  expect_eq(cost_to(g, rifles, "0104"), nil)
end)

test("movement: a river adds to a step, or forbids it to a class; a road runs over it at its own rate", function()
  local g = new_game{ scenario = "open" }
  local rifles, tanks = unit(g, "0101"), unit(g, "0401")
  expect_eq(g:run(("return map.move_cost(%d, '0201', '0202')"):format(rifles)), 3)
  expect_eq(g:run(("return map.move_cost(%d, '0201', '0202')"):format(tanks)), nil)
  expect_eq(g:run(("return map.move_cost(%d, '0502', '0503')"):format(tanks)), 0.5)
  expect_eq(cost_to(g, tanks, "0504"), 2.5)  -- a clear hex, then three road steps
  expect_eq(g:run(("local p, c = map.path(%d, '0504'); return table.concat(p, ' '), c"):format(tanks)),
            "0401 0501 0502 0503 0504")
end)

test("movement: the cost hook handles a game's exceptions", function()
  local g = new_game{ scenario = "open" }
  local rifles = unit(g, "0101")
  -- Forbid one way into the woods, and make a lake crossable at 1.
  expect_eq(cost_to(g, rifles, "0103", "{ cost = function(a, b, c) if a == '0102' and b == '0103' then return false end end }"), 4)
  expect_eq(cost_to(g, rifles, "0104", "{ cost = function(a, b, c) if b == '0104' then return 1 end end }"), 4)
  local ok, err = pcall(g.run, g, ("return map.reachable(%d, { cost = function() return 'far' end })"):format(rifles))
  expect(not ok and err:find("the cost hook returned a string", 1, true), err)
end)

test("stacking: limits by terrain, points by type, the check names the rule", function()
  local g = new_game{ scenario = "open" }
  expect_eq(g:run("return stacking.limit('0101')"), 2)
  expect_eq(g:run("return stacking.limit('0502')"), 3)  -- a town
  expect_eq(g:run("return stacking.points('0201')"), 2)
  local rifles = unit(g, "0101")
  expect_eq(g:run(("return stacking.fits('0201', %d)"):format(rifles)), false)
  local dests = g:run(("return table.concat(kit.destinations(%d), ' ')"):format(rifles))
  expect(not dests:find("0201", 1, true), dests)  -- the red tanks fill it
  expect(dests:find("0102", 1, true), dests)
  g:run(("pieces.move(%d, '0201')"):format(rifles))
  local ok, err = pcall(g.run, g, "stacking.check('0201')")
  expect(not ok and err:find("stacking (rule 6.1): 0201 holds 3 points, over its limit of 2", 1, true), err)
end)

test("movement: choose a unit, then one of its destinations", function()
  local g = new_game{ scenario = "open" }
  expect_eq(g:prompt(), "Move a unit")
  g:choose("Rifles at 0101")
  expect_eq(g:prompt(), "Move Rifles to")
  expect(not table.concat(g:choices(), " "):find("0104", 1, true), "the lake is no destination")
  g:choose("piece=" .. unit(g, "0101") .. ",to=0103")
  expect_eq(g:at("0103")[1], "Rifles")
  g:choose("done")
  expect_eq(g:side(), "blue")
  g:choose("done")
  expect(g:finished(), "green has no unit: the move is over")
end)


test("zoc: a unit's zone covers its neighbours, not across a river, not from an HQ", function()
  local g = new_game{ scenario = "contact" }
  expect_eq(g:run("return map.zoc('0403', 'blue')"), true)
  expect_eq(g:run("return map.zoc('0303', 'blue')"), true)
  expect_eq(g:run("return map.zoc('0405', 'blue')"), false)  -- across the river
  expect_eq(g:run("return map.zoc('0304', 'red')"), false)   -- its own side's
  expect_eq(g:run("return map.zoc('0403', 'red')"), true)    -- Blue's, at 0402
  expect_eq(g:run("return map.zoc('0201', 'blue')"), false)  -- the HQ exerts none
end)

test("zoc: a side may ignore others' zones", function()
  local g = new_game{ scenario = "contact" }
  expect_eq(g:run("return map.zoc('0403', 'green')"), false)
  local green = unit(g, "0105")
  expect_eq(cost_to(g, green, "0403"), 4)  -- through Red's zone at 0304 and 0303
end)

test("zoc: entering a zone ends the move; an enemy's hex is closed", function()
  local g = new_game{ scenario = "contact" }
  local blue = unit(g, "0402")
  expect_eq(cost_to(g, blue, "0403"), 1)
  expect_eq(cost_to(g, blue, "0503"), 1.5)  -- by the road's bridge
  expect_eq(cost_to(g, blue, "0404"), nil)
end)

test("zoc: leaving a zone costs extra, and no step goes from zone to zone", function()
  local g = new_game{ scenario = "contact" }
  local blue = unit(g, "0402")
  expect_eq(cost_to(g, blue, "0402", "{ from = '0403' }"), 2)  -- clear 1 + leaving 1
  expect_eq(cost_to(g, blue, "0303", "{ from = '0403' }"), 3)  -- round by 0302, not straight across
  expect_eq(cost_to(g, blue, "0303", "{ from = '0403', zones = false }"), 1)
end)

test("movement: a cost hook may itself search; the outer search is unchanged", function()
  local g = new_game{ scenario = "open" }
  local rifles, tanks = unit(g, "0101"), unit(g, "0401")
  local plain = g:run(("local out = {} for id, c in pairs(map.reachable(%d)) do out[#out + 1] = id .. '=' .. c end return table.concat(out, ' ')"):format(tanks))
  local nested = g:run(([[local out = {}
    local hook = function() map.reachable(%d) end  -- searches, keeps the kit's cost
    for id, c in pairs(map.reachable(%d, { cost = hook })) do out[#out + 1] = id .. '=' .. c end
    return table.concat(out, ' ')]]):format(rifles, tanks))
  expect_eq(nested, plain)
end)

test("movement: can_move says whether a unit has a destination, as map.destinations would", function()
  local g = new_game{ scenario = "open" }
  local rifles, tanks = unit(g, "0101"), unit(g, "0401")
  for _, p in ipairs({ rifles, tanks }) do
    expect_eq(g:run(("return map.can_move(%d)"):format(p)), true)
    expect_eq(g:run(("return map.can_move(%d, { mp = 0 })"):format(p)), false)  -- no step within 0 MP
    expect_eq(g:run(("return map.can_move(%d, { mp = 0 }) == (#map.destinations(%d, { mp = 0 }) > 0)"):format(p, p)), true)
  end
  -- Every step closed by the cost hook: nowhere to go.
  expect_eq(g:run(("return map.can_move(%d, { cost = function() return false end })"):format(tanks)), false)
  local ok, err = pcall(g.run, g, "return map.can_move(999)")
  expect(not ok and err:find("can_move", 1, true), err)
end)

local function adjacent_moves(g, piece)
  return g:run(("return table.concat(map.adjacent_moves(%d), ' ')"):format(piece))
end

test("movement: the adjacent moves leave out prohibited ground, enemy hexes and full stacks, not a marker's hex", function()
  local g = new_game{ scenario = "open" }
  local rifles, tanks = unit(g, "0101"), unit(g, "0401")
  expect_eq(adjacent_moves(g, rifles), "0202 0102")  -- 0201: the red tanks fill it
  g:run(("pieces.move(%d, '0103')"):format(rifles))
  expect_eq(adjacent_moves(g, rifles), "0102 0203 0204")  -- not the lake at 0104
  expect_eq(adjacent_moves(g, tanks), "0501 0402 0301")
  g:run(("pieces.move(%d, '0402')"):format(rifles))
  g:run("pieces.create('smoke', '0301')")
  expect_eq(adjacent_moves(g, tanks), "0501 0301")  -- Red's rifles hold 0402; the smoke holds nothing
end)

test("movement: an adjacent move is any one step, whatever it costs and whatever the zones", function()
  local g = new_game{ scenario = "contact" }
  local blue = unit(g, "0402")
  g:run(("pieces.move(%d, '0403')"):format(blue))
  expect_eq(cost_to(g, blue, "0303", "{ mp = 1 }"), nil)  -- zone to zone, and beyond 1 MP
  expect(adjacent_moves(g, blue):find("0303", 1, true), adjacent_moves(g, blue))
  local ok, err = pcall(g.run, g, "map.adjacent_moves(999)")
  expect(not ok and err:find("adjacent_moves", 1, true), err)
end)
