-- The kit's retreat and advance after combat (kit.retreat, kit.advance,
-- map.retreats, map.advances), one rule or option a test: each places the
-- units, sets the battle, forces the die (every row of the fixture's table
-- is one result: 1 R1, 2 R2 (or 1 step instead), 3 A1, 4 NE, 5 DE, 6 R3),
-- fights it and checks the decisions asked, the log and where the units
-- went. The mods retreat_steps, retreat_loose and advance_far give the
-- other answers of [retreat], [zoc] and [advance].
--
-- Pieces (scenario "field", all in reserve until placed): 1, 2 Red armor
-- (tracked); 3, 4 Red rifles; 5 Red guns (may not advance); 6, 7 Blue
-- brigades (two steps); 8, 9, 10 Blue militia (one step); 11 Blue tanks;
-- 12 Green scouts; 13 smoke. Stacking 2 (the town at 0404: 3). Around
-- 0303: 0203 0204 0302 0304 0403 0404; around 0101: 0102 0201 0202. A
-- river runs between 0203 and 0204: Red's zones do not cross it.

-- A game of `scenario` with the pieces placed ({piece, hex} each) and the
-- battle set; `extra` is Lua text of more fields of vars.battle (the
-- options of kit.retreat and kit.advance: "retreat = { zones = false }").
local function setup(scenario, places, attackers, defenders, hex, extra)
  local g = new_game{ scenario = scenario }
  for _, p in ipairs(places) do g:run(string.format("pieces.move(%d, %q)", p[1], p[2])) end
  g:run(string.format("vars.battle = { attackers = { %s }, defenders = { %s }, hex = %q, %s }",
                      table.concat(attackers, ", "), table.concat(defenders, ", "), hex, extra or ""))
  g:clear_events()
  return g
end

local function fight(g, die)
  g:dice({ die })
  g:choose("fight")
end

local function at(g, piece)
  return g:run(string.format("return pieces.location(%d)", piece))
end

local function face(g, piece)
  return g:run(string.format("return pieces.face(%d)", piece))
end

-- The typed values of the open choices, joined: "piece=6,to=0204 ...".
local function values(g)
  return table.concat(g:choice_values(), " ")
end

-- Brigade 6 in 0303 attacked by armor 1 from 0302 and rifles 3 from 0203,
-- with the guns 5 in 0403: their zones leave the brigade 0204 (across the
-- river from the rifles) and 0304.
local AROUND_0303 = { { 1, "0302" }, { 3, "0203" }, { 5, "0403" }, { 6, "0303" } }

test("8.3 R1: the defender's owner chooses among the legal ends; 8.4 the attackers advance, as many as fit", function()
  local g = setup("field", AROUND_0303, { 1, 3, 5 }, { 6 }, "0303")
  fight(g, 1)
  expect(g:logged("combat: 13 against 5 (2.6:1): column 2:1, roll 1: R1", "8.1"))
  expect_eq(g:side(), "blue")
  expect_eq(g:prompt(), "Retreat Brigade 1 hex to")
  expect_eq(values(g), "piece=6,to=0204 piece=6,to=0304")
  g:choose("piece=6,to=0304")
  expect(g:logged("Brigade retreated 1 hex to 0304", "8.3"))
  expect_eq(at(g, 6), "0304")
  -- The guns may not advance ([advance] without = "no_advance").
  expect_eq(g:side(), "red")
  expect_eq(g:prompt(), "Advance into 0303")
  expect_eq(g:choices(), { "Armor at 0302", "Rifles at 0203", "done" })
  g:choose("Armor at 0302")
  expect(g:logged("Armor advanced into 0303", "8.4"))
  expect_eq(g:choices(), { "Rifles at 0203", "done" })
  g:choose("Rifles at 0203")
  expect_eq(g:at("0303"), { "Armor", "Rifles" })
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("8.4 the attacker may advance fewer than fit: done ends the advance", function()
  local g = setup("field", AROUND_0303, { 1, 3, 5 }, { 6 }, "0303")
  fight(g, 1)
  g:choose("piece=6,to=0204")
  g:choose("Rifles at 0203")
  g:choose("done")
  expect_eq(g:at("0303"), { "Rifles" })
  expect_eq(at(g, 1), "0302")
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("8.3 units retreat one at a time in id order, each where the others have left room", function()
  -- Brigade 6 and militia 8 in 0303, militia 9 already in 0304: once the
  -- brigade fills 0304, the militia's one end is 0204, taken unasked.
  local g = setup("field", { { 1, "0302" }, { 3, "0203" }, { 5, "0403" }, { 6, "0303" }, { 8, "0303" }, { 9, "0304" } },
                  { 1, 3, 5 }, { 6, 8 }, "0303")
  fight(g, 1)
  expect_eq(g:prompt(), "Retreat Brigade 1 hex to")
  g:choose("piece=6,to=0304")
  expect(g:logged("Militia retreated 1 hex to 0204", "8.3"))
  expect_eq(g:at("0304"), { "Militia", "Brigade" })
  expect_eq(g:prompt(), "Advance into 0303")
end)

test("8.3 R2: the owner may lose the steps the result offers instead of retreating", function()
  local g = setup("field", AROUND_0303, { 1, 3 }, { 6 }, "0303")
  fight(g, 2)
  expect_eq(g:side(), "blue")
  expect_eq(g:prompt(), "Brigade: retreat 2 hexes, or lose 1 step instead?")
  expect_eq(g:choices(), { "retreat 2 hexes", "lose 1 step" })
  g:choose("steps")
  expect(g:logged("Brigade lost 1 step instead of retreating", "8.3"))
  expect_eq(face(g, 6), "reduced")
  expect_eq(at(g, 6), "0303")
  -- The hex is still held: no advance is asked.
  expect_eq(g:prompt(), "Fight the battle set up?")
  -- Retreating instead: two hexes, each farther from 0303, by 0204 or 0304
  -- (0103 lies in the rifles' zone, 0305 is a lake).
  fight(g, 2)
  g:choose("retreat")
  expect_eq(g:prompt(), "Retreat Brigade 2 hexes to")
  expect_eq(values(g), "piece=6,to=0104 piece=6,to=0205 piece=6,to=0405")
  g:choose("piece=6,to=0405")
  expect(g:logged("Brigade retreated 2 hexes to 0405", "8.3"))
end)

test("8.3 no legal retreat: the unit is eliminated ([retreat] blocked = eliminate); 8.4 the advance fills the hex",
     function()
  -- Brigade 6 in the corner 0101, armor 1 in 0201 (its zone reaches 0202),
  -- rifles 3 in 0102 and 4 in 0202.
  local g = setup("field", { { 1, "0201" }, { 3, "0102" }, { 4, "0202" }, { 6, "0101" } }, { 1, 3, 4 }, { 6 }, "0101")
  fight(g, 1)
  expect(g:logged("Brigade could not retreat 1 hex", "8.3"))
  expect(g:logged("Brigade eliminated", "8.3"))
  expect_eq(g:at("blue_eliminated"), { "Brigade" })
  expect_eq(g:choices(), { "Armor at 0201", "Rifles at 0102", "Rifles at 0202", "done" })
  g:choose("Armor at 0201")
  expect_eq(g:choices(), { "Rifles at 0102", "Rifles at 0202", "done" })
  g:choose(2)
  -- 0101 holds two: the third attacker is not offered.
  expect_eq(g:at("0101"), { "Armor", "Rifles" })
  expect_eq(at(g, 4), "0101")
  expect_eq(at(g, 3), "0102")
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("8.3 a full hex: the retreat goes on to the first hex where the unit fits ([retreat] stacking = continue)",
     function()
  local g = setup("field", { { 1, "0201" }, { 6, "0101" }, { 8, "0102" }, { 9, "0102" } }, { 1 }, { 6 }, "0101")
  fight(g, 1)
  expect_eq(g:prompt(), "Retreat Brigade 2 hexes to")
  expect_eq(values(g), "piece=6,to=0103 piece=6,to=0203")
  g:choose("piece=6,to=0203")
  expect(g:logged("Brigade retreated 2 hexes to 0203", "8.3"))
end)

test("8.3 A1: the attacker retreats, its owner choosing; 8.4 no advance into a hex still held", function()
  -- The brigade's zone covers 0203 and 0403: the armor's ends are 0202, 0301, 0402.
  local g = setup("field", { { 1, "0302" }, { 6, "0303" } }, { 1 }, { 6 }, "0303")
  fight(g, 3)
  expect_eq(g:side(), "red")
  expect_eq(g:prompt(), "Retreat Armor 1 hex to")
  expect_eq(values(g), "piece=1,to=0202 piece=1,to=0301 piece=1,to=0402")
  g:choose("piece=1,to=0402")
  expect(g:logged("Armor retreated 1 hex to 0402", "8.3"))
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("8.3 an enemy zone where a friendly unit stands: entered ([zoc] retreat_into_friendly = true)", function()
  -- Militia 8 in 0403, in the armor's zone: the brigade may retreat to it.
  local g = setup("field", { { 1, "0302" }, { 6, "0303" }, { 8, "0403" } }, { 1 }, { 6 }, "0303")
  fight(g, 1)
  expect_eq(values(g), "piece=6,to=0204 piece=6,to=0304 piece=6,to=0403 piece=6,to=0404")
end)

test("8.3 kit.retreat's zones = false: this retreat ignores zones of control", function()
  local g = setup("field", { { 1, "0302" }, { 6, "0303" } }, { 1 }, { 6 }, "0303", "retreat = { zones = false }")
  fight(g, 1)
  expect_eq(values(g), "piece=6,to=0203 piece=6,to=0204 piece=6,to=0304 piece=6,to=0403 piece=6,to=0404")
  g:choose("piece=6,to=0203")
  expect_eq(at(g, 6), "0203")
end)

test("8.4 kit.advance's hexes and zones: in place of [advance]'s", function()
  local g = setup("field", AROUND_0303, { 1, 3, 5 }, { 6 }, "0303", "advance = { hexes = 2 }")
  fight(g, 5)
  g:choose("Armor at 0302")
  g:choose("done")
  expect_eq(g:prompt(), "Advance on from 0303")
  g:choose("Armor at 0303")
  g:choose("piece=1,to=0304")
  expect_eq(at(g, 1), "0304")
  -- Obeying zones: militia 8 in 0404 holds the advance in 0303.
  g = setup("field", { { 1, "0302" }, { 6, "0303" }, { 8, "0404" } }, { 1 }, { 6 }, "0303",
            "advance = { hexes = 2, zones = true }")
  fight(g, 5)
  g:choose("Armor at 0302")
  expect_eq(at(g, 1), "0303")
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

-- [retreat] blocked = "steps", stacking = "end" (the mod retreat_steps).

test("retreat_steps: no legal retreat: a step lost for each hex, the unit staying", function()
  local g = setup("retreat_steps/field", { { 1, "0201" }, { 3, "0102" }, { 6, "0101" }, { 8, "0101" } }, { 1, 3 },
                  { 6, 8 }, "0101")
  fight(g, 1)
  expect(g:logged("Brigade could retreat only 0 hexes of 1: it loses 1 step", "8.3"))
  expect_eq(face(g, 6), "reduced")
  expect_eq(at(g, 6), "0101")
  -- A one-step militia loses its only step.
  expect(g:logged("Militia could retreat only 0 hexes of 1: it loses 1 step", "8.3"))
  expect_eq(g:at("blue_eliminated"), { "Militia" })
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("retreat_steps: as far as it can, and a step for each hex short", function()
  -- Armor 1 in 0201, rifles 3 in 0104 and 4 in 0304: the brigade's one way
  -- is 0102 then 0203, and no hex three away.
  local g = setup("retreat_steps/field", { { 1, "0201" }, { 3, "0104" }, { 4, "0304" }, { 6, "0101" } }, { 1 }, { 6 },
                  "0101")
  fight(g, 6)
  expect(g:logged("Brigade could retreat only 2 hexes of 3: it loses 1 step", "8.3"))
  expect(g:logged("Brigade retreated 2 hexes to 0203", "8.3"))
  expect_eq(face(g, 6), "reduced")
  expect_eq(at(g, 6), "0203")
end)

test("retreat_steps: a full hex is no end ([retreat] stacking = end)", function()
  local g = setup("retreat_steps/field", { { 1, "0201" }, { 6, "0101" }, { 8, "0102" }, { 9, "0102" } }, { 1 }, { 6 },
                  "0101")
  fight(g, 1)
  expect(g:logged("Brigade could retreat only 0 hexes of 1: it loses 1 step", "8.3"))
  expect_eq(at(g, 6), "0101")
end)

-- [retreat] farther = false, stacking = "ignore"; [zoc] retreat_into_friendly = false (retreat_loose).

test("retreat_loose: a hex need not be farther than the one before, only not entered before", function()
  local g = setup("retreat_loose/field", { { 1, "0302" }, { 6, "0303" } }, { 1 }, { 6 }, "0303")
  fight(g, 2)
  g:choose("retreat")
  expect_eq(values(g), "piece=6,to=0103 piece=6,to=0104 piece=6,to=0204 piece=6,to=0205 piece=6,to=0304 "
                       .. "piece=6,to=0404 piece=6,to=0405 piece=6,to=0503 piece=6,to=0504")
  g:choose("piece=6,to=0204")
  expect(g:logged("Brigade retreated 2 hexes to 0204", "8.3"))
end)

test("retreat_loose: the stacking limit is not looked at ([retreat] stacking = ignore)", function()
  local g = setup("retreat_loose/field", { { 1, "0201" }, { 6, "0101" }, { 8, "0102" }, { 9, "0102" } }, { 1 }, { 6 },
                  "0101")
  fight(g, 1)
  expect(g:logged("Brigade retreated 1 hex to 0102", "8.3"))
  expect_eq(g:run("return stacking.points('0102')"), 3)
end)

test("retreat_loose: no enemy zone, friendly unit or not ([zoc] retreat_into_friendly = false)", function()
  local g = setup("retreat_loose/field", { { 1, "0302" }, { 6, "0303" }, { 8, "0403" } }, { 1 }, { 6 }, "0303")
  fight(g, 1)
  expect_eq(values(g), "piece=6,to=0204 piece=6,to=0304 piece=6,to=0404")
end)

-- [advance] hexes = 2, zones = true (advance_far).

test("advance_far: into the emptied hex, then one hex on", function()
  local g = setup("advance_far/field", AROUND_0303, { 1, 3, 5 }, { 6 }, "0303")
  fight(g, 5)
  expect_eq(g:at("blue_eliminated"), { "Brigade" })
  g:choose("Armor at 0302")
  g:choose("done")
  expect_eq(g:prompt(), "Advance on from 0303")
  expect_eq(g:choices(), { "Armor at 0303", "done" })
  g:choose("Armor at 0303")
  expect_eq(g:prompt(), "Advance Armor to")
  expect_eq(values(g), "piece=1,to=0203 piece=1,to=0204 piece=1,to=0302 piece=1,to=0304 piece=1,to=0403 "
                       .. "piece=1,to=0404")
  g:choose("piece=1,to=0404")
  expect(g:logged("Armor advanced to 0404", "8.4"))
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("advance_far: an advance ends where it enters an enemy zone ([advance] zones = true)", function()
  -- Militia 8 in 0404: its zone covers 0303.
  local g = setup("advance_far/field", { { 1, "0302" }, { 6, "0303" }, { 8, "0404" } }, { 1 }, { 6 }, "0303")
  fight(g, 5)
  g:choose("Armor at 0302")
  expect_eq(at(g, 1), "0303")
  expect_eq(g:prompt(), "Fight the battle set up?")
end)

test("retreat and advance: the procedures' and the searches' argument errors", function()
  local g = new_game{ scenario = "field" }
  g:run("pieces.move(6, '0303')")
  expect_error(function() g:run("kit.retreat({ units = { 6 }, hexes = -1 }, '8.3')") end,
               "bad argument #1 to 'retreat' (hexes: a whole number from 0 to 1000 expected, got -1)")
  expect_error(function() g:run("kit.retreat({ units = { 6 }, hexes = 1, steps = 1 }, '8.3')") end,
               "bad argument #1 to 'retreat' (unknown field 'steps' (hexes, instead_steps, side, units))")
  expect_error(function() g:run("kit.retreat({ units = { 6, 1 }, hexes = 1 }, '8.3')") end,
               "bad argument #1 to 'retreat' (the units belong to more than one side (blue, red))")
  expect_error(function() g:run("kit.retreat({ units = { 6 } }, '8.3')") end,
               "bad argument #1 to 'retreat' (missing field 'hexes')")
  expect_error(function() g:run("kit.retreat({ units = { 6 }, hexes = 1 }, '8.3', { zone = false })") end,
               "bad argument #3 to 'retreat' (unknown field 'zone' (zones))")
  expect_error(function() g:run("kit.advance({ 1 }, 303, '8.4')") end,
               "bad argument #2 to 'advance' (hex expected, got number)")
  expect_error(function() g:run("kit.advance({ 1 }, '0303', '8.4', { hexes = 0 })") end,
               "bad argument #4 to 'advance' (hexes: a whole number from 1 to 1000 expected, got 0)")
  expect_error(function() g:run("map.retreats(6, 1001)") end,
               "bad argument #2 to 'retreats' (a number of hexes from 0 to 1000 expected, got 1001)")
  expect_error(function() g:run("map.retreats(6, 'far')") end,
               "bad argument #2 to 'retreats' (number of hexes expected, got string)")
  expect_error(function() g:run("map.retreats(6, 1, { fewer = 1, farther = false, zone = true })") end,
               "bad argument #3 to 'retreats' (unknown option 'farther' (from, zones, fewer))")
  expect_error(function() g:run("map.retreats(6, 1, { from = 'reserve' })") end,
               "bad argument #3 to 'retreats' (from: a hex expected, got reserve)")
  expect_error(function() g:run("map.retreats(7, 1)") end,
               "map.retreats: piece 7: the piece is not on a hex map")
  expect_error(function() g:run("map.advances(6, 'reserve')") end,
               "bad argument #2 to 'advances' ('reserve' is not a hex of the piece's map)")
  expect_error(function() g:run("map.advances(6, '0304', { hexes = 'two' })") end,
               "bad argument #3 to 'advances' (hexes: a whole number from 1 to 1000 expected, got two)")
  expect_eq(g:run("local r = combat.retreat_rules(); return r.blocked .. ' ' .. r.stacking .. ' ' .. tostring(r.farther)"),
            "eliminate continue true")
end)

test("map.retreats: the ends by location order with their paths; from another hex; zones ignored", function()
  local g = new_game{ scenario = "field" }
  g:run("pieces.move(1, '0302') pieces.move(6, '0303')")
  expect_eq(g:run([[local ends, n = map.retreats(6, 1)
    local t = {} for _, e in ipairs(ends) do t[#t + 1] = e.id .. ':' .. table.concat(e.path, '-') end
    return table.concat(t, ' ') .. ' / ' .. n]]), "0204:0303-0204 0304:0303-0304 0404:0303-0404 / 1")
  expect_eq(g:run("return #map.retreats(6, 1, { zones = false })"), 5)
  expect_eq(g:run("return map.retreats(6, 1, { from = '0505' })[1].path[1]"), "0505")
  expect_eq(g:run("return map.advances(1, '0303')[1] == nil"), true)  -- the brigade holds it
end)

test("retreat and advance: random battles keep the state the position's identity", function()
  local report = random_play{ scenario = "melee", games = 100, seed = 5, transpositions = true,
                              results = { ["stalemate (turn limit)"] = false },
                              check = function(g)
                                for _, hex in ipairs(g:run("return map.hexes()")) do
                                  local over = g:run(("return select(2, stacking.fits(%q, {}))"):format(hex))
                                  expect(over == 0, "no hex over its stacking limit: " .. hex)
                                end
                              end }
  expect_eq(report.games, 100)
end)
