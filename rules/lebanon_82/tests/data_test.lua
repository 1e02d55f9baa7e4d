-- Lebanon '82: tests of the data:
-- each scenario's forces, the map's size and a few terrain, river and road
-- facts, the CRT's shape. Section numbers are the rules text's; [P] values
-- are research rules-gaps.md 1.4's.

local function run(g, code, ...) return g:run(string.format(code, ...)) end
local function count(g, loc, type_id)
  return run(g, "return pieces.count(%q, { type = %q })", loc, type_id)
end
-- Units of `side` (kind unit) anywhere: on the map and in every box.
local BOXES = { "israeli_setup", "amphibious", "syrian_setup", "syrian_cup", "plo_cup", "out_of_play" }
local function units(g, side)
  local n = run(g, [[local n = 0
    for _, p in ipairs(map.pieces(%q)) do if pieces.kind(p) == 'unit' then n = n + 1 end end
    return n]], side)
  for _, b in ipairs(BOXES) do n = n + run(g, "return pieces.count(%q, { owner = %q, kind = 'unit' })", b, side) end
  return n
end

test("1982 forces: 19 Israeli, 14 Syrian, 20 PLO units; 6 SAM sites; 14 + 5 + 4 markers", function()
  local g = new_game{ scenario = "1982" }
  expect_eq(units(g, "israel"), 19)
  expect_eq(units(g, "syria"), 14)
  expect_eq(units(g, "plo"), 20)
  expect_eq(count(g, "amphibious", "il_armour_96"), 1)            -- 10.3 / 11.1 the 8-7-7
  expect_eq(count(g, "amphibious", "il_infantry_96"), 1)          -- and the 4-2-5
  expect_eq(count(g, "syrian_setup", "sy_commando"), 12)
  expect_eq(count(g, "plo_cup", "plo_0"), 4)                      -- 16.0 extremists
  expect_eq(count(g, "0908", "sam_site"), 1)                      -- 10.4
  for _, h in ipairs({ "0705", "1107", "1210", "1510", "1914" }) do expect_eq(count(g, h, "sam_site"), 1) end
  expect_eq(run(g, "return pieces.count('israel_support')"), 14) -- research 1.1 S4
  expect_eq(run(g, "return pieces.count('syria_support') + pieces.count('plo_support')"), 9)
  expect_eq(run(g, "local n = 0; for _, p in ipairs(pieces.at('israel_support')) do if pieces.value(p, 'aircraft') then n = n + 1 end end; return n"), 10)
end)

test("2006 forces: three Israeli divisions (9 units), 20 PLO in the cup for 14 draws, no Syrians", function()
  local g = new_game{ scenario = "2006" }
  expect_eq(units(g, "israel"), 9)
  expect_eq(units(g, "syria"), 0)
  expect_eq(units(g, "plo"), 20)
  expect_eq(count(g, "israeli_setup", "il_armour_36"), 2)
  expect_eq(count(g, "israeli_setup", "il_armour_91"), 0)
  expect_eq(run(g, "return #map.pieces('syria')"), 0)             -- 20.3 no SAM sites either
  expect_eq(run(g, "return vars.bastions"), false)
end)

test("1976 forces: the 47th, the 82nd and 12 commandos (two drawn), 20 PLO (7 drawn), one +4", function()
  local g = new_game{ scenario = "1976" }
  expect_eq(units(g, "israel"), 0)
  expect_eq(units(g, "syria"), 14)
  -- 25.1: set-up has drawn two commandos; the other ten are out of play.
  expect_eq(count(g, "syrian_setup", "sy_commando"), 2)
  expect_eq(count(g, "out_of_play", "sy_commando"), 10)
  expect_eq(run(g, "return vars.plo_setup"), 7)                   -- ruling L2
  expect_eq(run(g, "return pieces.count('syria_support')"), 1)
  expect_eq(count(g, "syria_support", "sy_art_4"), 1)            -- 26.0
  expect_eq(run(g, "return vars.first_player"), "syria")          -- ruling L18
end)

test("counters: printed values and depleted faces (research 1.4 [P])", function()
  local g = new_game{ scenario = "1982" }
  local v = run(g, [[local u = pieces.at('amphibious', { type = 'il_armour_96' })[1]
    local a = { pieces.value(u, 'attack'), pieces.value(u, 'defence'), pieces.value(u, 'movement'), pieces.value(u, 'class') }
    pieces.set_face(u, 'depleted')
    a[5] = pieces.value(u, 'attack'); a[6] = pieces.value(u, 'defence'); a[7] = pieces.value(u, 'movement')
    return a]])
  expect_eq(v, { 8, 7, 7, "mobile", 4, 3, 7 })
  v = run(g, [[local u = pieces.at('amphibious', { type = 'il_infantry_96' })[1]
    return { pieces.value(u, 'attack'), pieces.value(u, 'defence'), pieces.value(u, 'movement'), pieces.value(u, 'class') }]])
  expect_eq(v, { 4, 2, 5, "leg" })
  expect_eq(run(g, "return pieces.value(pieces.at('0908')[1], 'bombard_defence')"), 3)  -- 13.0
end)

test("map: 38 by 25 flat hexes; the named hexes of the text; Beirut's six hexes", function()
  local g = new_game{ scenario = "1982" }
  expect_eq(run(g, "return #map.hexes('lebanon')"), 38 * 25)
  expect_eq(run(g, "return { map.place('Tyre'), map.place('Sidon'), map.place('PLO HQ'), map.place('Beirut Airport') }"),
            { "2925", "1820", "0719", "0818" })
  expect_eq(run(g, "return { map.terrain('0518'), map.terrain('0519'), map.terrain('0618'), map.terrain('0619'), map.terrain('0718') }"),
            { "beirut", "beirut", "beirut", "beirut", "beirut" })
  expect_eq(run(g, "return map.terrain('0719')"), "bastion_beirut")  -- 12.0 PLO HQ
  expect_eq(run(g, "return { map.terrain('2923'), map.terrain('3119'), map.terrain('2616'), map.terrain('1921') }"),
            { "bastion_town", "bastion_rough", "bastion_rough", "bastion_town" })
  expect_eq(run(g, "return { map.terrain('0708'), map.terrain('2518'), map.terrain('1815') }"),
            { "town", "town_rough", "town_mountain" })               -- Zahle, Nabatiya, Jezzine
  expect_eq(run(g, "return { map.terrain('1212'), map.terrain('1110'), map.terrain('3220') }"),
            { "mountain", "clear", "rough" })                        -- Chouf, Bekaa, Jabal Amel
  -- ruling C7: the grid's staggering makes the text's neighbours adjacent
  expect(run(g, "return map.adjacent('1820', '1921')"))
  expect(run(g, "return map.adjacent('0719', '0818')"))
  expect_eq(run(g, "return map.distance('0908', '0708')"), 2)       -- 10.4 the SAM by Zahle
end)

test("map: coast, rivers, lake and roads", function()
  local g = new_game{ scenario = "1982" }
  -- 10.5 the coastal hexes from 1921 to 2925 touch the sea
  for _, h in ipairs({ "1921", "2925", "1820", "0818" }) do
    expect(run(g, [[for _, n in ipairs(map.neighbours(%q)) do if map.terrain(n) == 'sea' then return true end end
      return false]], h), h)
  end
  expect_eq(run(g, "return map.hexside('1711', '1712')"), "lake")   -- Qaraoun
  -- the Litani separates Beaufort (north bank) from the south: some river side around 2616
  expect(run(g, [[for _, n in ipairs(map.neighbours('2616')) do if map.hexside('2616', n) == 'river' then return true end end
    return false]]))
  local u = run(g, "return pieces.at('amphibious', { type = 'il_armour_96' })[1]")
  expect_eq(run(g, "return map.move_cost(%d, '1820', '1921')", u), 1)   -- the coast road into a bastion
  expect_eq(run(g, "return map.move_cost(%d, '1212', '1213')", u), 3)   -- mountain
  expect_eq(run(g, "return map.move_cost(%d, '1711', '1712')", u), nil) -- across the lake
end)

test("CRT: 12 columns by 6 rolls; the terrain rows shift left (research 1.2 [I])", function()
  local g = new_game{ scenario = "1982" }
    expect_eq(run(g, "return select(2, combat.column('crt', 10, 10, { row = 'clear' }))"), "0")
  expect_eq(run(g, "return combat.column('crt', 10, 10, { row = 'clear' })"), 6)
  expect_eq(run(g, "return combat.column('crt', 10, 10, { row = 'town' })"), 4)
  expect_eq(run(g, "return combat.column('crt', 10, 10, { row = 'rough' })"), 3)
  expect_eq(run(g, "return combat.column('crt', 10, 10, { row = 'mountain' })"), 2)
  expect_eq(run(g, "return combat.column('crt', 30, 1, { row = 'clear' })"), 12)   -- beyond +10
  expect_eq(run(g, "return combat.column('crt', 30, 1, { row = 'mountain' })"), 8)
  expect_eq(run(g, "return combat.column('crt', 0, 9, { row = 'clear' })"), 1)     -- below -5
  expect_eq(run(g, "return tables.crt_row.town_mountain"), "mountain")               -- ruling Q2
  expect_eq(run(g, "return tables.crt_row.bastion_in_effect"), "clear")              -- ruling Q1
end)
