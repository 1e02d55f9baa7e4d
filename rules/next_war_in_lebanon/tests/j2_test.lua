-- J-2 Intelligence (7.2A, B, D; 5.0(2)A; rulings OQ16, X7, X10): what it
-- shows is told to its player alone.

local H = require("helpers")

-- The texts of the events `side` reads that contain `text`.
local function read_by(g, side, text)
  local out = {}
  for _, e in ipairs(g:events(side)) do
    if e.text:find(text, 1, true) then out[#out + 1] = e.text end
  end
  return out
end

test("5.0(2)A, 7.2A, ruling X7: a J-2 in the Preparation Phase shows the enemy's selected chits, not the drawn ones", function()
  local g = H.at_operations{ idf_hand = { "idf_j2" }, prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    pieces.move(pieces.top('insurgent_pool', { type = 'insurgent_j4' }), 'insurgent_hand', 'test')
    local drawn = pieces.top('insurgent_pool', { type = 'insurgent_j3' })
    pieces.move(drawn, 'insurgent_hand', 'test')
    pieces.mark(drawn, 'drawn', 'test')]] }
  -- H.at_operations stops at the first IDF decision: here the Preparation Phase's.
  expect_eq(g:prompt(), "Play a J-2 to examine the enemy's selected chits?")
  g:choose("examine_chits")
  expect(g:logged("IDF examined the chits Insurgent selected", "7.2A"))
  expect_eq(read_by(g, "idf", "Insurgent selected: "), { "Insurgent selected: J-4 Logistics" })
  expect_eq(read_by(g, "insurgent", "selected: "), {})
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("7.2B, 7.2D, ruling OQ16: a J-2 shows one enemy task force outside its sanctuaries", function()
  local g = H.at_operations{ idf_hand = {}, prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    pieces.move(pieces.top('insurgent_pool', { type = 'insurgent_j2' }), 'insurgent_hand', 'test')
    -- TF HQ 1 with two armour brigades in Upper Galilee; TF HQ 2's box, in the sanctuary, one.
    local hqs = pieces.at(ZONES[1], { kind = 'hq' })
    local out = map.neighbours(ZONES[1])[1]
    pieces.move(hqs[1], out, 'test')
    for _ = 1, 2 do pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), holding_box(hqs[1]), 'test') end
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), holding_box(hqs[2]), 'test')]] }
  H.end_phase(g)
  expect_eq(g:side(), "insurgent")
  g:choose("J-2 B: examine a task force")
  expect_eq(#g:choices(), 1) -- not the one in the IDF sanctuary
  g:choose(1)
  local told = read_by(g, "insurgent", "TF HQ 1 holds")
  expect_eq(told, { "TF HQ 1 holds Armor Brigade (combat), Armor Brigade (combat)" })
  expect_eq(read_by(g, "idf", "holds"), {})
end)

test("7.2A, 5.0(2)A, ruling X10: the Insurgent too may play J-2 A in its Preparation Phase", function()
  local g = H.at_operations{ idf_hand = { "idf_j1" }, prepare = H.hand_code("insurgent", { "insurgent_j2" }) }
  H.end_phase(g)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Play a J-2 to examine the enemy's selected chits?")
  g:choose("examine_chits")
  expect_eq(read_by(g, "insurgent", "IDF selected: "), { "IDF selected: J-1 Administration" })
  expect_eq(read_by(g, "idf", "selected: "), {})
end)
