-- Golan 1973: a test of every rule of README.md, with forced dice.
-- The game starts in turn 1's Syrian movement (3 brings nobody on turn 1).

local function at(g, hex) return g:run(("return pieces.at(%q)[1]"):format(hex)) end

-- Clears the map and puts only `units` ({type, hex} each) on it, face up.
-- Returns their pieces, in order.
local function board(g, units)
  g:run([[for _, s in ipairs({ "syria", "israel" }) do
    for _, u in ipairs(map.pieces(s)) do pieces.move(u, s == "syria" and "syrian_eliminated" or "israeli_eliminated") end
  end]])
  local out = {}
  for i, u in ipairs(units) do out[i] = g:run(("return pieces.create(%q, %q)"):format(u[1], u[2])) end
  return out
end

-- From Syrian movement, moves nothing: to Syrian combat.
local function to_syrian_combat(g) g:choose("done") end

local function attack(g, hex) g:choose("location=" .. hex) end

test("1 map: places, terrain, the Jordan closed to armor but by the bridge's road", function()
  local g = new_game{ scenario = "october" }
  -- One table each: g:run returns its code's first value only.
  expect_eq(g:run("return { map.place('Nafekh'), map.place('Kuneitra'), map.place('Bnot Yaakov Bridge') }"),
            { "0403", "0804", "0103" })
  expect_eq(g:run("return { map.terrain('0403'), map.terrain('0301'), map.terrain('0101') }"), { "town", "rough", "clear" })
  expect_eq(g:run("return game.title('0403')"), "Nafekh (0403)")
  local u = board(g, { { "israeli_armor", "0202" }, { "israeli_infantry", "0204" } })
  expect_eq(g:run(("return map.move_cost(%d, '0202', '0102')"):format(u[1])), nil)   -- 4.1 armor may not cross
  expect_eq(g:run(("return map.move_cost(%d, '0204', '0104')"):format(u[2])), 3)     -- clear 1 + river 2 on foot
  expect_eq(g:run(("return map.move_cost(%d, '0203', '0103')"):format(u[1])), 0.5)   -- the road over the bridge
end)

test("2 units: two steps, the reduced side prints the lower strengths", function()
  local g = new_game{ scenario = "october" }
  local u = board(g, { { "syrian_armor", "0804" } })[1]
  local printed = "return { pieces.value(%d, 'attack'), pieces.value(%d, 'defence'), combat.steps(%d) }"
  expect_eq(g:run(printed:format(u, u, u)), { 6, 4, 2 })
  g:run(("combat.reduce(%d, '5.3')"):format(u))
  expect_eq(g:run(printed:format(u, u, u)), { 3, 2, 1 })
  g:run(("combat.reduce(%d, '5.3')"):format(u))
  expect_eq(g:run(("return pieces.location(%d)"):format(u)), "syrian_eliminated")
end)

test("3 reinforcements: one Israeli armor a turn on turns 2 and 3 at the bridge, hidden", function()
  local g = new_game{ scenario = "october" }
  board(g, { { "syrian_infantry", "0806" }, { "israeli_infantry", "0106" } })
  while g:turn() < 2 do g:choose("done") end
  expect_eq(g:count("0103"), 1)
  expect_eq(g:at("0103")[1], "Israeli Armor")
  expect(g:logged("Israeli Armor moved from Israeli reinforcements to Bnot Yaakov Bridge (0103)", "3"))
  expect_eq(g:run("return pieces.visibility(pieces.at('0103')[1])"), "owner")
  expect_eq(g:count("israeli_reinforcements"), 1)
end)

test("3 reinforcements: none while Syria holds the bridge", function()
  local g = new_game{ scenario = "october" }
  board(g, { { "syrian_infantry", "0103" }, { "israeli_infantry", "0106" } })
  while g:turn() < 2 do g:choose("done") end
  expect_eq(g:turn(), 2)
  expect_eq(g:count("israeli_reinforcements"), 2)
end)

test("4 movement: each unit once, only to legal hexes; 4.2 a zone stops a move", function()
  local g = new_game{ scenario = "movement.toml" }
  local u = { at(g, "0804"), at(g, "0403") }
  expect_eq(g:choices("syria")[1], "Syrian Armor at Kuneitra (0804)")
  g:choose(("piece=%d"):format(u[1]))
  -- Along the road: 0704 (0.5), 0604 (1), 0503 (1.5, in the infantry's zone: the move ends there).
  local values = table.concat(g:choice_values(), " ")
  expect(values:find("to=0503", 1, true), values)
  expect(not values:find("to=0403", 1, true), values)  -- the enemy's hex
  expect(not values:find("to=0303", 1, true), values)  -- beyond the zone along the road
  g:choose(("piece=%d,to=0503"):format(u[1]))
  expect(g:logged("Syrian Armor moved from Kuneitra (0804) to 0503", "4"))
  -- It has moved: the side has no unit left to move, and the phase ends.
  expect_eq(g:phase(), "syrian_combat")
end)

test("4.3 stacking: two units a hex at most", function()
  local g = new_game{ scenario = "stacking.toml" }
  local u = { at(g, "0704"), at(g, "0604"), at(g, "0605") }
  g:choose(("piece=%d"):format(u[3]))
  g:choose(("piece=%d,to=0604"):format(u[3]))
  g:choose(("piece=%d"):format(u[1]))
  local values = table.concat(g:choice_values(), " ")
  expect(not values:find("to=0604,", 1, true) and not values:match("to=0604$"), values)
end)

test("5.1 odds rounded for the defender, 5.2 a town shifts one left; 5.3 AR: the attackers retreat", function()
  local g = new_game{ scenario = "october" }
  local u = board(g, { { "syrian_armor", "0502" }, { "syrian_armor", "0503" }, { "israeli_infantry", "0403" } })
  to_syrian_combat(g)
  g:dice({ 1 })
  attack(g, "0403")
  -- 12 against 4 is 3:1, one left for the town: 2:1; a 1 there is AR.
  expect(g:logged("combat: 12 against 4 (3:1), 1 column left: column 2:1, roll 1: AR", "5.1"))
  -- Each attacker retreats a hex, its owner choosing where.
  while g:side() == "syria" and g:prompt():find("Retreat") do g:choose(1) end
  expect(g:run(("return map.distance(pieces.location(%d), '0403')"):format(u[1])) == 2)
end)

test("5.3 DE and 5.5 advance: the defenders are eliminated, an attacker advances", function()
  local g = new_game{ scenario = "october" }
  local u = board(g, { { "syrian_armor", "0501" }, { "syrian_armor", "0502" }, { "israeli_infantry", "0402" } })
  to_syrian_combat(g)
  g:dice({ 6 })
  attack(g, "0402")  -- 12 against 4 is 3:1, rough: 2:1; a 6 is DE
  expect(g:logged("combat: 12 against 4 (3:1), 1 column left: column 2:1, roll 6: DE", "5.1"))
  expect_eq(g:run(("return pieces.location(%d)"):format(u[3])), "israeli_eliminated")
  g:choose(("piece=%d"):format(u[1]))
  expect_eq(g:run(("return pieces.location(%d)"):format(u[1])), "0402")
  expect(g:logged("Syrian Armor advanced into 0402", "5.5"))
  -- The other may follow (stacking 2), or stop: done.
  g:choose("done")
  expect_eq(g:run(("return pieces.location(%d)"):format(u[2])), "0502")
end)

test("5.3 DR and 5.4 retreat: the defender retreats a hex away; blocked, it loses a step", function()
  local g = new_game{ scenario = "october" }
  local u = board(g, { { "syrian_armor", "0504" }, { "israeli_armor", "0404" } })
  to_syrian_combat(g)
  g:dice({ 5 })
  attack(g, "0404")  -- 6 against 5 in the clear rounds down to 1:1; a 5 is DR
  expect(g:logged("combat: 6 against 5 (1.2:1): column 1:1, roll 5: DR", "5.1"))
  local ends = g:choice_values()
  g:choose(1)
  local to = g:run(("return pieces.location(%d)"):format(u[2]))
  expect_eq(g:run(("return map.distance(%q, '0404')"):format(to)), 1)
  -- Not into the attacker's zone: 0405 and 0503, next to 0504, are closed.
  expect_eq(table.concat(ends, " "), ("piece=%d,to=0303 piece=%d,to=0304 piece=%d,to=0403"):format(u[2], u[2], u[2]))
  -- A surrounded defender: DR becomes a step lost.
  local g2 = new_game{ scenario = "october" }
  local v = board(g2, { { "syrian_armor", "0604" }, { "israeli_armor", "0505" }, { "syrian_infantry", "0405" },
                        { "syrian_infantry", "0406" }, { "syrian_infantry", "0504" }, { "syrian_infantry", "0506" } })
  to_syrian_combat(g2)
  g2:dice({ 3 })
  attack(g2, "0505")
  expect_eq(g2:run(("return pieces.location(%d), pieces.face(%d)"):format(v[2], v[2])), "0505", "reduced")
end)

test("5.3 EX: the defenders eliminated, the attacker loses steps worth their defence", function()
  local g = new_game{ scenario = "october" }
  local u = board(g, { { "syrian_armor", "0503" }, { "israeli_infantry", "0403" } })
  to_syrian_combat(g)
  g:dice({ 4 })
  attack(g, "0403")  -- 6 against 4 is 3:2, town: 1:1; a 4 is EX
  expect_eq(g:run(("return pieces.location(%d)"):format(u[2])), "israeli_eliminated")
  -- 4 defence lost: the armor loses both steps (3 attack, then 3 more).
  expect_eq(g:run(("return pieces.location(%d)"):format(u[1])), "syrian_eliminated")
end)

test("5.3 AE: every attacker eliminated", function()
  local g = new_game{ scenario = "october" }
  local u = board(g, { { "syrian_infantry", "0503" }, { "israeli_armor", "0403" } })
  to_syrian_combat(g)
  g:dice({ 1 })
  attack(g, "0403")  -- 4 against 5, town: 1:2; a 1 is AE
  expect_eq(g:run(("return pieces.location(%d)"):format(u[1])), "syrian_eliminated")
end)

test("5 combat: each hex attacked once, each unit once; done ends the phase", function()
  local g = new_game{ scenario = "october" }
  board(g, { { "syrian_armor", "0503" }, { "israeli_infantry", "0403" }, { "israeli_infantry", "0404" } })
  to_syrian_combat(g)
  local values = table.concat(g:choice_values(), " ")
  expect(values:find("location=0403", 1, true) and values:find("location=0404", 1, true), values)
  g:dice({ 6 })
  attack(g, "0404")  -- 6 against 4 in the clear: 3:2; a 6 is DR
  while g:side() == "israel" do g:choose(1) end
  if g:prompt() and g:prompt():find("Advance") then g:choose("done") end
  -- The armor has attacked: no attack is left.
  expect_eq(g:phase(), "israeli_movement")
end)

test("6 fog: units start hidden from the enemy and are revealed on contact", function()
  local g = new_game{ scenario = "october" }
  local armor = at(g, "0804")
  expect_eq(g:run(("return pieces.visibility(%d)"):format(armor)), "owner")
  g:choose(("piece=%d"):format(armor))
  g:choose(("piece=%d,to=0503"):format(armor))
  expect_eq(g:run(("return pieces.visibility(%d)"):format(armor)), nil)
  expect(g:logged("Israeli Infantry revealed at Nafekh (0403)", "6"))
  expect(g:logged("Syrian Armor revealed at 0503", "6"))
end)

test("7.1 supply: four hexes to the own edge, not through enemy zones; 7.2 no attack out of supply", function()
  local g = new_game{ scenario = "october" }
  local u = board(g, { { "syrian_armor", "0303" }, { "israeli_infantry", "0403" }, { "israeli_armor", "0402" },
                       { "israeli_armor", "0404" } })
  expect_eq(g:run(("return map.in_supply(%d)"):format(u[1])), false)
  expect_eq(g:run(("return map.in_supply(%d)"):format(u[3])), true)
  to_syrian_combat(g)
  expect_eq(g:phase(), "israeli_movement")  -- the armor may not attack: nothing to ask
end)

test("7.3 supply phase: a unit out of supply loses a step", function()
  local g = new_game{ scenario = "october" }
  local u = board(g, { { "syrian_armor", "0303" }, { "israeli_armor", "0101" } })
  g:choose("done")                    -- Syrian movement
  g:choose("done")                    -- Israeli movement (the armor could move)
  expect_eq(g:turn(), 2)
  expect_eq(g:run(("return pieces.face(%d)"):format(u[1])), "reduced")
  expect(g:logged("Syrian Armor turned to its reduced side", "7.3"))
end)

test("8.1 Syria wins at once on reaching the bridge", function()
  local g = new_game{ scenario = "bridge.toml" }
  local u = { at(g, "0303") }
  g:choose(("piece=%d"):format(u[1]))
  g:choose(("piece=%d,to=0103"):format(u[1]))
  expect_eq(g:result(), "Syria reaches the Jordan")
end)

test("8.2 after turn 4: Syria wins holding Nafekh, Israel otherwise", function()
  local g = new_game{ scenario = "october" }
  board(g, { { "syrian_infantry", "0403" }, { "israeli_infantry", "0101" } })
  while not g:finished() do g:choose("done") end
  expect_eq(g:result(), "Syria holds Nafekh")
  local g2 = new_game{ scenario = "october" }
  board(g2, { { "syrian_infantry", "0705" }, { "israeli_infantry", "0101" } })
  while not g2:finished() do g2:choose("done") end
  expect_eq(g2:result(), "Israel holds the Golan")
end)

test("the whole game plays to the end under random play", function()
  local r = random_play{ scenario = "october", games = 50, max_turn = 4,
    results = { ["Syria reaches the Jordan"] = "syria", ["Syria holds Nafekh"] = "syria",
                ["Israel holds the Golan"] = "israel" } }
  expect_eq(r.games, 50)
end)
