-- The kit's zones of control (docs/kit.md): where they reach, what they
-- stop, and who ignores them.

local function unit(g, hex) return g:run(string.format("return pieces.at(%q)[1]", hex)) end

local function cost_to(g, piece, hex, options)
  return g:run(string.format([[
    for _, r in ipairs(map.reachable(%d, %s)) do if r.id == %q then return r.cost end end]], piece,
    options or "nil", hex))
end

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
