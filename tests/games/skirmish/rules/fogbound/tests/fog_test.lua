-- Side alliances and the kit's fog of war (docs/kit.md#fog-of-war), on the
-- skirmish contact scenario: Red's rifles at 0404 and HQ at 0202, Blue's
-- rifles at 0402, Green's at 0105; Green is Blue's ally.

local function unit(g, hex) return g:run(string.format("return pieces.at(%q)[1]", hex)) end

test("alliances: an ally declared by one side holds for both; an ally is no enemy", function()
  local g = new_game{ scenario = "contact" }
  expect_eq(g:run("return game.allied('blue', 'green'), game.allied('green', 'blue'), game.allied('red', 'blue')"),
            true, true, false)
  expect_eq(g:run("return game.allied('red', 'red')"), true)
  -- Green's rifles at 0105 exert a zone on Red, none on their ally Blue.
  expect_eq(g:run("return map.zoc('0205', 'red'), map.zoc('0205', 'blue')"), true, false)
end)

test("alliances: an ally's hex is open to a move, an enemy's closed", function()
  local g = new_game{ scenario = "contact" }
  local blue = unit(g, "0402")
  local reach = function(hex)
    return g:run(string.format("return map.reachable(%d, { zones = false, mp = 9 })[%q] ~= nil", blue, hex))
  end
  expect_eq(reach("0105"), true)
  expect_eq(reach("0404"), false)
end)

test("9 fog: units on the map start hidden from the enemy, named to their own side", function()
  local g = new_game{ scenario = "contact" }
  local red = unit(g, "0404")
  expect_eq(g:run(("return pieces.visibility(%d)"):format(red)), "owner")
  expect_eq(g:run("return pieces.visibility(pieces.at('0402')[1])"), "owner")
  expect_eq(g:choices("red")[1], "Rifles at 0404")
  g:choose("done")
  expect_eq(g:choices("blue")[1], "Rifles at 0402")
  -- Red sees Blue's choice of a unit as a hidden unit's.
  g:choose(("piece=%d"):format(unit(g, "0402")))
  local last = g:events("red")[#g:events("red")]
  expect_eq(last.text, "Blue chose a hidden Blue unit at 0402")
end)

test("9 fog: a move into contact reveals both sides' units and logs each reveal with the fog's rule", function()
  local g = new_game{ scenario = "contact" }
  g:choose("done")  -- Red moves nothing
  local blue, red = unit(g, "0402"), unit(g, "0404")
  g:choose(("piece=%d"):format(blue))
  g:choose(("piece=%d,to=0403"):format(blue))
  expect_eq(g:run(("return pieces.visibility(%d), pieces.visibility(%d)"):format(blue, red)), nil, nil)
  expect(g:logged("Rifles revealed at 0403", "9"))
  expect(g:logged("Rifles revealed at 0404", "9"))
  -- Red's HQ at 0202 is not in contact: still hidden.
  expect_eq(g:run("return pieces.visibility(pieces.at('0202')[1])"), "owner")
end)

test("9 fog: a hidden unit's reveal is logged to its enemy by name only once it is shown", function()
  local g = new_game{ scenario = "contact" }
  g:choose("done")
  local blue = unit(g, "0402")
  g:choose(("piece=%d"):format(blue))
  g:choose(("piece=%d,to=0403"):format(blue))
  local texts = {}
  for _, e in ipairs(g:events("red")) do texts[#texts + 1] = e.text end
  local log = table.concat(texts, "\n")
  expect(log:find("Rifles revealed at 0403", 1, true) ~= nil)
  expect(log:find("a hidden Blue unit moved from 0402 to 0403", 1, true) ~= nil)
end)

test("9 fog: an allied unit is no contact; kit.hide hides a unit again", function()
  local g = new_game{ scenario = "contact" }
  -- Move Blue's rifles next to Green's (allied): nobody is revealed.
  g:run("pieces.move(pieces.at('0402')[1], '0205')")
  expect_eq(g:run("return #fog.contacts()"), 0)
  g:run("pieces.move(pieces.at('0404')[1], '0305')")
  expect_eq(g:run("return #fog.contacts()"), 2)
  expect_eq(g:run("return #kit.reveal_contacts('9.1')"), 2)
  expect_eq(g:run("return #fog.contacts()"), 0)
  g:run("kit.hide(pieces.at('0305')[1], '9.3')")
  expect_eq(g:run("return pieces.visibility(pieces.at('0305')[1])"), "owner")
  expect_eq(g:run("return fog.reveals('contact'), fog.reveals('combat'), fog.rule()"), true, true, "9")
end)
