-- Tests of Third Lebanon War's data, as its mod makes it from the base's:
-- the 23-zone map (T1, T2), the counters' modes and ratings (research 4.2;
-- T3-T6), the 52-card deck (T13) and the scenarios' order of battle (T6).
-- A new game stops at the set-up's first decision, before any piece moves.

local SCENARIOS = { "next_war", "lebanon_2006" }

local function run(g, code, ...)
  return g:run(string.format(code, ...))
end

-- The research codes of the zones next to the zone `id`, sorted.
local function neighbour_codes(g, id)
  return run(g, [[local out = {}
    for _, z in ipairs(map.neighbours(%q)) do out[#out + 1] = map.attr(z, "code") end
    table.sort(out)
    return table.concat(out, " ")]], id)
end

test("T1: the map is the base's 21 zones and two more, every zone reached from the IDF's", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, "return #ZONES"), 23)
  expect_eq(neighbour_codes(g, "rashaya"), "HAS NLS SYR WBK")
  expect_eq(neighbour_codes(g, "iqlim_al_tuffah"), "JEZ NAB ZAH")
  -- The base's zones keep their own neighbours, with the new ones added.
  expect_eq(neighbour_codes(g, "jezzine"):find("IQL") ~= nil, true)
  expect_eq(neighbour_codes(g, "naqoura"), "BJB NAH QAN TYR UGL")
  for _, id in ipairs({ "rashaya", "iqlim_al_tuffah" }) do
    expect_eq(run(g, "return map.attr(%q, 'terrain')", id), "remote")
    expect_eq(run(g, "return map.attr(%q, 'country')", id), "lebanon")
    expect_eq(run(g, "return map.attr(%q, 'litani')", id), "north")
  end
end)

test("T1: the reserve area and the named border areas", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, "return game.title('idf_sanctuary')"), "Israeli reserve area (Haifa, central Israel)")
  expect_eq(run(g, [[local out = {}
    for _, z in ipairs(ZONES) do if map.attr(z, "border_area") then out[#out + 1] = map.attr(z, "code") end end
    return table.concat(out, " ")]]), "NAH UGL KSH GOL")
  -- Its attributes not given by the mod are the base's.
  expect_eq(run(g, "return map.attr('idf_sanctuary', 'sanctuary')"), "idf")
end)

test("T2, 12.3: short-range rockets fire from the six zones south of the Litani, medium-range from all Lebanon but the sanctuary", function()
  local g = new_game{ scenario = "next_war" }
  local function codes(key)
    return run(g, [[local out = {}
      for _, z in ipairs(ZONES) do if map.attr(z, %q) == true then out[#out + 1] = map.attr(z, "code") end end
      table.sort(out)
      return table.concat(out, " ")]], key)
  end
  expect_eq(codes("sr_band"), "BJB MAR NAQ QAN SHA TYR")
  expect_eq(codes("mr_band"), "BJB CHO DAM HAS IQL JEZ MAR NAB NAQ QAN RAS SHA SID TYR WBK ZAH")
end)

test("research 4.2, T3-T6: every unit's J-2 and J-3 ratings and modes", function()
  local g = new_game{ scenario = "next_war" }
  local expected = {
    idf_armor = { 1, 4, "concentrated" }, idf_mech_infantry = { 2, 3, "concentrated" },
    idf_light_infantry = { 2, 3, "concentrated" }, idf_900_kfir = { 2, 3, "concentrated" },
    idf_299_herev = { 2, 3, "concentrated" }, idf_armored_cavalry = { 3, 2, "concentrated" },
    idf_sof = { 4, 2, "concentrated" }, idf_csu = { 1, 1, "concentrated" },
    militia = { 1, 1, "underground" }, guerrilla = { 2, 2, "underground" }, main_force = { 2, 3, "underground" },
    sr_rocket = { 1, 0, "underground" }, mr_rocket = { 1, 0, "underground" }, missile = { 0, 0, "underground" },
    syrian_division = { 1, 4, "concentrated" }, syrian_missile = { 0, 0, "underground" },
  }
  local types = {}
  for t in pairs(expected) do types[#types + 1] = t end
  table.sort(types)
  for _, t in ipairs(types) do
    local e = expected[t]
    local got = run(g, [[local u
      for _, box in ipairs({ "idf_setup", "idf_reinforcements", "insurgent_setup", "syrian_forces" }) do
        u = u or pieces.top(box, { type = %q })
      end
      return string.format("%%d %%d %%s %%s", pieces.value(u, "j2"), pieces.value(u, "j3"), pieces.face(u),
                           pieces.value(u, "mode"))]], t)
    expect_eq(got, string.format("%d %d %s %s", e[1], e[2], e[3], e[3]), t)
  end
  -- The other face of each mode.
  expect_eq(run(g, [[local u = pieces.top("idf_setup", { type = "idf_armor" })
    pieces.set_face(u, "dispersed", "test") return pieces.value(u, "mode")]]), "dispersed")
  expect_eq(run(g, [[local u = pieces.top("insurgent_setup", { type = "guerrilla" })
    pieces.set_face(u, "revealed", "test") return pieces.value(u, "mode")]]), "revealed")
end)

test("T6, 15.5, T55: each scenario's Insurgent: 8 guerrillas, 4 main-force units, 8 dummies (4 to set up); the rest the base's", function()
  for _, s in ipairs(SCENARIOS) do
    local g = new_game{ scenario = s }
    expect_eq(run(g, "return pieces.count('insurgent_setup', { type = 'guerrilla' })"), 8, s)
    expect_eq(run(g, "return pieces.count('insurgent_setup', { type = 'main_force' })"), 4, s)
    expect_eq(run(g, "return pieces.count('insurgent_setup', { type = 'militia' })"), 5, s)
    expect_eq(run(g, "return pieces.count('insurgent_setup', { type = 'dummy' })"), 4, s)
    expect_eq(run(g, "return pieces.count('insurgent_reinforcements', { type = 'dummy' })"), 4, s)
    expect_eq(run(g, "return pieces.value(pieces.top('insurgent_reinforcements', { type = 'dummy' }), 'dummy')"), true)
  end
  -- The IDF's forces are the base scenarios' own.
  expect_eq(run(new_game{ scenario = "next_war" }, "return pieces.count('idf_setup', { type = 'idf_armor' })"), 8)
  expect_eq(run(new_game{ scenario = "lebanon_2006" }, "return pieces.count('idf_setup', { type = 'idf_armor' })"), 3)
end)

test("T13: the Cascading Effects deck holds 52 cards, 13 of each suit, and the base's cups are empty", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(g:count("cascading_deck"), 52)
  for _, suit in ipairs({ "spade", "heart", "diamond", "club" }) do
    expect_eq(run(g, [[local n, ranks = 0, 0
      for _, c in ipairs(pieces.at("cascading_deck")) do
        if pieces.value(c, "suit") == %q then n = n + 1 ranks = ranks + pieces.value(c, "rank") end
      end
      return n .. " " .. ranks]], suit), "13 91", suit)
  end
  expect_eq(g:count("suit_cup"), 0)
  expect_eq(g:count("rank_cup"), 0)
end)

test("the base's Joint Ops chits: 24 a side", function()
  local g = new_game{ scenario = "next_war" }
  for _, side in ipairs({ "idf", "insurgent" }) do
    expect_eq(g:count(side .. "_pool") + g:count(side .. "_optional_chits") + g:count(side .. "_hand"), 24, side)
  end
end)
