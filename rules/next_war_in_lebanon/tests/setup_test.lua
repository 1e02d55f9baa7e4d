-- Tests of the data of The Next War in Lebanon: the two scenarios' forces
-- (15.0), the Joint Ops chits (16.0), the Cascading Effects cups (2.7), the
-- map (2.1, research 2.3) and the counters (2.2-2.4, research 2.4).
--
-- A new game stops at the set-up's first decision (4.0), before any piece
-- moves, so what these tests read is the position the data sets up.

local H = require("helpers")
local SCENARIOS = { "next_war", "lebanon_2006" }

-- Runs `code` (a format with its values) in the game and returns its values.
local function run(g, code, ...)
  return g:run(string.format(code, ...))
end

-- How many pieces of type `type_id` are at `loc`.
local function count(g, loc, type_id)
  return run(g, "return pieces.count(%q, { type = %q })", loc, type_id)
end

-- Every zone of the map, in map order (every zone is within 10 of another).
local ZONES_CODE = "local zones = map.within('idf_sanctuary', 10)"

-- The zones (by research code) whose attribute `key` is `value`.
local function codes_where(g, key, value)
  return run(g, ZONES_CODE .. [=[
    local out = {}
    for _, z in ipairs(zones) do
      if map.attr(z, %q) == %s then out[#out + 1] = map.attr(z, "code") end
    end
    return table.concat(out, " ")]=], key, type(value) == "string" and string.format("%q", value) or tostring(value))
end

-- Checks `loc` holds exactly the counts of `expected` ({type = n}) and
-- nothing else.
local function expect_forces(g, loc, expected)
  local types = {}
  for type_id in pairs(expected) do types[#types + 1] = type_id end
  table.sort(types) -- the same order in every run
  local total = 0
  for _, type_id in ipairs(types) do
    expect_eq(count(g, loc, type_id), expected[type_id], loc .. ": " .. type_id)
    total = total + expected[type_id]
  end
  expect_eq(g:count(loc), total, loc .. ": pieces in all")
end

-- 15.0 -------------------------------------------------------------------------

test("15.0 The Next War in Lebanon: the IDF's at-start forces and reinforcements", function()
  local g = new_game{ scenario = "next_war" }
  expect_forces(g, "idf_setup", {
    idf_tf_hq_1 = 1, idf_tf_hq_2 = 1, idf_tf_hq_3 = 1, idf_tf_hq_4 = 1, idf_tf_hq_5 = 1, idf_tf_hq_6 = 1,
    idf_armor = 8, idf_mech_infantry = 7, idf_light_infantry = 2, idf_900_kfir = 1,
    idf_armored_cavalry = 1, idf_sof = 3, idf_csu = 4, idf_299_herev = 1,
  })
  expect_forces(g, "idf_reinforcements", {
    idf_tf_hq_7 = 1, idf_mech_infantry = 1, idf_armored_cavalry = 2, idf_csu = 1,
  })
  -- 3 light infantry brigades at start, the 900 Kfir among them (research 2.2).
  -- 7.4B: the 3 light infantry brigades, 3 SOF and the 299 (ruling X16) are airmobile.
  expect_eq(run(g, "return pieces.count('idf_setup', { kind = 'unit', has = 'airmobile' })"), 7)
  expect_eq(run(g, "return pieces.count('idf_setup', { kind = 'hq' })"), 6)
  expect_eq(g:track("idf_c2"), 7)
end)

test("15.0 The Next War in Lebanon: 26 Insurgent units, the Insurgent TF HQ, and Syria waiting", function()
  local g = new_game{ scenario = "next_war" }
  expect_forces(g, "insurgent_setup", {
    insurgent_tf_hq = 1, militia = 5, guerrilla = 12, sr_rocket = 5, mr_rocket = 3, missile = 1,
  })
  expect_eq(run(g, "return pieces.count('insurgent_setup', { kind = 'unit' })"), 26)
  expect_eq(g:count("insurgent_reinforcements"), 0)
  expect_forces(g, "syrian_forces", { syrian_corps_hq = 1, syrian_division = 3, syrian_missile = 3 })
  expect_eq(g:track("insurgent_c2"), 5)
  expect_eq(g:var("rules"), "next_war")
  expect_eq(g:var("syria_in_war"), false)
end)

test("15.0 Second Lebanon War (2006): both sides' forces, no Syria, no missile", function()
  local g = new_game{ scenario = "lebanon_2006" }
  expect_forces(g, "idf_setup", {
    idf_tf_hq_1 = 1, idf_armor = 3, idf_mech_infantry = 2, idf_900_kfir = 1,
    idf_armored_cavalry = 1, idf_sof = 2, idf_csu = 2, idf_299_herev = 1,
  })
  expect_forces(g, "idf_reinforcements", {
    idf_tf_hq_2 = 1, idf_tf_hq_3 = 1, idf_armor = 4, idf_mech_infantry = 3, idf_light_infantry = 1,
    idf_sof = 1, idf_csu = 2,
  })
  expect_forces(g, "insurgent_setup", {
    insurgent_tf_hq = 1, militia = 5, guerrilla = 12, sr_rocket = 3, mr_rocket = 2,
  })
  expect_eq(g:count("syrian_forces"), 0)
  expect_eq(g:track("idf_c2"), 6)
  expect_eq(g:track("insurgent_c2"), 5)
  expect_eq(g:var("rules"), "lebanon_2006")
  expect_eq(run(g, "return tables.scenario_rules[vars.rules].strategies"), { "counterforce" })   -- 15.6
end)

test("15.0 game length: 20 turns and 12 turns, on the last-turn track", function()
  local lengths = { next_war = 20, lebanon_2006 = 12 }
  for _, s in ipairs(SCENARIOS) do
    local g = new_game{ scenario = s }
    expect_eq(g:track("last_turn"), lengths[s], s)
    expect_eq(run(g, "return game.last_turn()"), lengths[s], s)
    H.pass_turns(H.set_up(g))
    expect(g:finished(), s .. ": with every player turn passed the game runs to its end")
    expect_eq(g:turn(), lengths[s], s)
  end
end)

test("2.2 research 2.2: no scenario uses more counters of a type than the sheet holds", function()
  for _, s in ipairs(SCENARIOS) do
    local g = new_game{ scenario = s }
    local over = run(g, [=[
      local boxes = { "idf_setup", "idf_reinforcements", "insurgent_setup", "insurgent_reinforcements", "syrian_forces" }
      local out = {}
      for type_id, n in pairs(tables.counter_mix) do
        local used = 0
        for _, b in ipairs(boxes) do used = used + pieces.count(b, { type = type_id }) end
        if used > n then out[#out + 1] = type_id end
      end
      table.sort(out) -- the same message in every run
      return table.concat(out, " ")]=])
    expect_eq(over, "", s)
  end
  -- The Next War in Lebanon scenario uses the whole sheet (research 2.2).
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, [=[
    local n = 0
    for _, k in pairs(tables.counter_mix) do n = n + k end -- a sum: any order gives it
    return n]=]), 7 + 31 + 1 + 26 + 7)
end)

-- 16.0 -------------------------------------------------------------------------

test("16.0 Joint Ops chits: IDF 5/4/5/6, Insurgent 3/7/5/5 in the pools; J-5 and J-6 2 each set aside (14.0)", function()
  for _, s in ipairs(SCENARIOS) do
    local g = new_game{ scenario = s }
    expect_forces(g, "idf_pool", { idf_j1 = 5, idf_j2 = 4, idf_j3 = 5, idf_j4 = 6 })
    expect_forces(g, "idf_optional_chits", { idf_j5 = 2, idf_j6 = 2 })
    expect_forces(g, "insurgent_pool", { insurgent_j1 = 3, insurgent_j2 = 7, insurgent_j3 = 5, insurgent_j4 = 5 })
    expect_forces(g, "insurgent_optional_chits", { insurgent_j5 = 2, insurgent_j6 = 2 })
    for _, loc in ipairs({ "idf_hand", "insurgent_hand", "idf_discard", "insurgent_discard", "idf_planned", "insurgent_planned" }) do
      expect_eq(g:count(loc), 0, s .. ": " .. loc)
    end
    expect_eq(g:var("optional_j5_j6"), false, s)
  end
end)

test("16.0 the function table names every staff's functions; J-1 C is the Insurgent's only", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, [=[
    local n = {}
    for _, f in ipairs(tables.joint_ops) do n[f.staff] = (n[f.staff] or 0) + 1 end
    return { n["J-1"], n["J-2"], n["J-3"], n["J-4"], n["J-5"], n["J-6"] }]=]), { 7, 4, 9, 4, 1, 3 })
  expect_eq(run(g, [=[
    for _, f in ipairs(tables.joint_ops) do
      if f.action == "rebuild_eliminated" then return table.concat(f.sides, " ") end
    end]=]), "insurgent")
end)

-- 2.7 --------------------------------------------------------------------------

test("2.7 cups: four suits, and thirteen ranks Ace to King (ruling N2)", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(g:at("suit_cup"), { "Spade", "Heart", "Diamond", "Club" })
  expect_eq(g:count("rank_cup"), 13)
  expect_eq(run(g, [=[
    local seen, n = {}, 0
    for _, p in ipairs(pieces.at("rank_cup")) do
      local r = pieces.value(p, "rank")
      if not seen[r] then seen[r] = true; n = n + 1 end
    end
    return { n, (pieces.sum("rank_cup", "rank")) }]=]), { 13, 91 })
  expect_eq(count(g, "rank_cup", "rank_1"), 0)   -- the 14th chit is an option
end)

test("2.7 the Cascading Effects Chart covers every card once", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, [=[
    local cover, n = {}, 0
    for _, e in ipairs(tables.cascading_effects) do
      for r = e.from, e.to do
        local k = e.suit .. r
        if cover[k] then return "twice: " .. k end
        cover[k] = e.effect
        n = n + 1
      end
    end
    return n]=]), 52)
end)

-- 2.1, research 2.3 -------------------------------------------------------------

test("2.1 map: 21 zones, 46 adjacencies, each both ways, at most six a zone", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, ZONES_CODE .. [=[
    local ends, most = 0, 0
    for _, z in ipairs(zones) do
      local nb = map.neighbours(z)
      ends = ends + #nb
      if #nb > most then most = #nb end
      for _, o in ipairs(nb) do
        if not map.adjacent(o, z) then return "one way: " .. z .. " " .. o end
      end
    end
    return { #zones, ends // 2, most }]=]), { 21, 46, 6 })
end)

test("2.1 map: Tyre, Sidon and Nabatiye are urban; the sanctuaries; three countries", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(codes_where(g, "terrain", "urban"), "TYR NAB SID")
  expect_eq(codes_where(g, "terrain", "remote"), "GOL NAQ JEZ HAS CHO")
  expect_eq(codes_where(g, "sanctuary", "idf"), "IDF")
  expect_eq(codes_where(g, "sanctuary", "insurgent"), "NLS")
  expect_eq(codes_where(g, "sanctuary", "syria_when_active"), "SYR")
  expect_eq(codes_where(g, "country", "israel"), "IDF NAH UGL KSH GOL")
  expect_eq(codes_where(g, "country", "syria"), "SYR")
  expect_eq(run(g, "return { map.terrain('tyre'), game.title('sidon') }"), { "urban", "Sidon" })
end)

test("7.3D rocket bands: SR south of the Litani, MR anywhere in Lebanon but the sanctuary", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(codes_where(g, "sr_band", true), "NAQ TYR QAN SHA BJB MAR")
  expect_eq(codes_where(g, "mr_band", true), "NAQ TYR QAN SHA BJB MAR ZAH NAB SID JEZ HAS WBK CHO DAM")
  expect_eq(codes_where(g, "sr_band", false), "IDF NAH UGL KSH GOL ZAH NAB SID JEZ HAS WBK CHO DAM NLS SYR")
end)

test("15.1 the Litani: the six southern Lebanese zones, Marjayoun included, and Israel lie south", function()
  local g = new_game{ scenario = "lebanon_2006" }
  expect_eq(codes_where(g, "litani", "south"), "IDF NAH UGL KSH GOL NAQ TYR QAN SHA BJB MAR")
end)

test("7.3E raids: Naqoura is the only Lebanese zone next to Nahariyya", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, [=[
    local out = {}
    for _, z in ipairs(map.neighbours("nahariyya")) do
      if map.attr(z, "country") == "lebanon" then out[#out + 1] = z end
    end
    return table.concat(out, " ")]=]), "naqoura")
end)

test("Cascading Effects diamond 3-4: the Lebanese zones next to the northern sanctuary (ruling OQ29)", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, [=[
    local out = {}
    for _, z in ipairs(map.neighbours("north_lebanon")) do
      if map.attr(z, "country") == "lebanon" then out[#out + 1] = map.attr(z, "code") end
    end
    return table.concat(out, " ")]=]), "WBK CHO DAM")
  -- Syria reaches the Golan, Hasbaya, the West Bekaa and the sanctuary (12.1).
  expect_eq(run(g, "return #map.neighbours('syria')"), 4)
end)

-- 2.2-2.4, research 2.4 --------------------------------------------------------

test("3.0, 9.4 faces: IDF units have two modes and two reduced faces; others two modes; rockets ready and fired", function()
  local g = new_game{ scenario = "next_war" }
  local faces = run(g, [=[
    local function faces_of(loc, type_id)
      local p = pieces.at(loc, { type = type_id })[1]
      local out = { pieces.face(p) }
      for _, f in ipairs({ "dispersed", "reduced_combat", "reduced_dispersed", "fired" }) do
        if pcall(pieces.set_face, p, f) then out[#out + 1] = f end
      end
      pieces.set_face(p, out[1])
      return table.concat(out, " ")
    end
    return { faces_of("idf_setup", "idf_armor"), faces_of("insurgent_setup", "guerrilla"),
             faces_of("insurgent_setup", "sr_rocket"), faces_of("syrian_forces", "syrian_division"),
             faces_of("syrian_forces", "syrian_missile") }]=])
  expect_eq(faces, { "combat dispersed reduced_combat reduced_dispersed", "combat dispersed", "ready fired",
                     "combat dispersed", "ready fired" })
end)

test("research 2.4 ratings: combat-dispersed as printed; support units marked", function()
  local g = new_game{ scenario = "next_war" }
  local function ratings(loc, type_id)
    return run(g, [=[local p = pieces.at(%q, { type = %q })[1]
      return string.format("%%s-%%s%%s", pieces.value(p, "combat_ff"), pieces.value(p, "dispersed_ff"),
                           pieces.value(p, "support") and " support" or "")]=], loc, type_id)
  end
  expect_eq(ratings("idf_setup", "idf_armor"), "4-1")
  expect_eq(ratings("idf_setup", "idf_mech_infantry"), "3-2")
  expect_eq(ratings("idf_setup", "idf_light_infantry"), "3-2")
  expect_eq(ratings("idf_setup", "idf_armored_cavalry"), "2-1")
  expect_eq(ratings("idf_setup", "idf_sof"), "3-2")
  expect_eq(ratings("idf_setup", "idf_299_herev"), "2-2")
  expect_eq(ratings("idf_setup", "idf_csu"), "2-1 support")
  expect_eq(ratings("insurgent_setup", "militia"), "0-2")
  expect_eq(ratings("insurgent_setup", "guerrilla"), "1-3")
  expect_eq(ratings("insurgent_setup", "sr_rocket"), "1-1 support")
  expect_eq(ratings("insurgent_setup", "mr_rocket"), "1-1 support")
  expect_eq(ratings("insurgent_setup", "missile"), "2-2 support")
  expect_eq(ratings("syrian_forces", "syrian_division"), "3-1")
  expect_eq(ratings("syrian_forces", "syrian_missile"), "2-2 support")
  -- 9.7: militia and every Syrian unit are brittle; 3.0: SOF irregular.
  expect_eq(run(g, "return pieces.count('insurgent_setup', { has = 'brittle' })"), 5)
  expect_eq(run(g, "return pieces.count('syrian_forces', { has = 'brittle' })"), 6)
  expect_eq(run(g, "return pieces.value(pieces.at('idf_setup', { type = 'idf_sof' })[1], 'regular')"), false)
  -- 7.3D, 16.0: rockets roll one die, missiles two; ranges.
  expect_eq(run(g, [=[local function r(loc, t) local p = pieces.at(loc, { type = t })[1]
      return pieces.value(p, "range") .. pieces.value(p, "attack_dice") end
    return { r("insurgent_setup", "sr_rocket"), r("insurgent_setup", "mr_rocket"), r("insurgent_setup", "missile"),
             r("syrian_forces", "syrian_missile") }]=]), { "sr1", "mr1", "any2", "any2" })
end)

test("8.1 every TF HQ names its own holding box", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, [=[
    local out = {}
    for _, loc in ipairs({ "idf_setup", "idf_reinforcements", "insurgent_setup", "syrian_forces" }) do
      for _, p in ipairs(pieces.at(loc, { kind = "hq" })) do
        out[#out + 1] = game.title(pieces.value(p, "holding_box"))
      end
    end
    return out]=]),
    { "TF HQ 1 holding box", "TF HQ 2 holding box", "TF HQ 3 holding box", "TF HQ 4 holding box",
      "TF HQ 5 holding box", "TF HQ 6 holding box", "TF HQ 7 holding box", "Insurgent holding box",
      "Syrian 1st Corps holding box" })
end)

-- Hidden information ------------------------------------------------------------

test("4.0, 8.0 hidden information: hands and holding boxes are the owner's; the pool is nobody's", function()
  local g = new_game{ scenario = "next_war" }
  g:clear_events()
  g:run([=[
    pieces.move(pieces.at("idf_pool", { type = "idf_j3" })[1], "idf_hand", "test")
    pieces.move(pieces.at("idf_setup", { type = "idf_armor" })[1], "tf_box_1", "test")
    pieces.move(pieces.at("insurgent_setup", { type = "guerrilla" })[1], "insurgent_box", "test")]=])
  local function seen(side, text)
    for _, e in ipairs(g:events(side)) do
      if e.text:find(text, 1, true) then return true end
    end
    return false
  end
  expect(seen("idf", "J-3 Operations moved from IDF chit pool to IDF hand"), "the IDF sees its own chit")
  expect(seen("insurgent", "a hidden IDF chit moved from IDF chit pool to IDF hand"), "the Insurgent does not")
  expect(seen("insurgent", "Armor Brigade moved from IDF forces to set up to TF HQ 1 holding box"),
         "the Insurgent saw the unit leave an open box")
  expect(seen("idf", "Guerrilla moved from Insurgent forces to set up to Insurgent holding box"), "likewise")
  -- The strategy markers are the IDF's alone (ruling X8).
  g:clear_events()
  g:run("pieces.move(pieces.at('idf_strategy_markers', { type = 'strategy_countervalue' })[1], 'idf_strategy', 'test')")
  expect(seen("idf", "Countervalue strategy moved"), "the IDF knows its strategy")
  expect(seen("insurgent", "a hidden IDF marker moved from IDF strategy markers not chosen to IDF strategy"),
         "the Insurgent does not")
end)

-- 5.0 --------------------------------------------------------------------------

test("5.0 sequence: C2 determination, two player turns, cascading effects, end of turn", function()
  local g = H.pass_turns(H.set_up(new_game{ scenario = "lebanon_2006" }), function(g) return g:turn() >= 2 end)
  local phases = {}
  for _, e in ipairs(g:events()) do
    if e.kind == "sequence" then phases[#phases + 1] = e.text end
    if #phases == 8 then break end
  end
  expect_eq(phases, { "Turn 1", "C2 Determination Phase", "First Player Turn", "Second Player Turn",
                      "Cascading Effects Phase", "End of Turn", "Turn 2", "C2 Determination Phase" })
  expect(g:logged("IDF is the First Player (C2 6 against 5)", "5.0(1)"))
end)

-- Rulings about the data ------------------------------------------------------------

test("2.1, ruling N1: the rules' zones are the map's 21, read from its data, in three countries", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, ZONES_CODE .. [=[
    if #zones ~= #ZONES then return "lengths differ" end
    for i, z in ipairs(zones) do
      if ZONES[i] ~= z then return "differs at " .. i end
    end
    return { #ZONES, #ISRAEL, #LEBANON, #SOUTH_OF_LITANI }]=]), { 21, 5, 15, 6 })
end)

test("14.1, 14.2, ruling N22: the optional chits are J-5 Planning and J-6 Signals/IT", function()
  local g = new_game{ scenario = "next_war" }
  for _, side in ipairs({ "idf", "insurgent" }) do
    expect_eq(g:at(side .. "_optional_chits"), { "J-5 Planning", "J-5 Planning", "J-6 Signals/IT", "J-6 Signals/IT" }, side)
  end
end)

test("15.0, ruling N25: no missile in 2006, at start or rebuilt", function()
  local g = new_game{ scenario = "lebanon_2006" }
  expect_eq(run(g, [=[
    local n = 0
    for _, b in ipairs({ "insurgent_setup", "insurgent_reinforcements", "insurgent_eliminated", "syrian_forces" }) do
      n = n + pieces.count(b, { type = "missile" }) + pieces.count(b, { type = "syrian_missile" })
    end
    return n]=]), 0)
  expect_eq(run(g, "return tables.scenario_rules.lebanon_2006.rebuild_per_j1.missile"), nil)
  -- The other scenario has one, rebuilt one a J-1.
  expect_eq(run(new_game{ scenario = "next_war" }, "return tables.scenario_rules[vars.rules].rebuild_per_j1.missile"), 1)
end)

test("2.3, ruling N26: no Main Force counters: the Insurgent's units are militia, guerrillas, rockets and a missile", function()
  for _, s in ipairs(SCENARIOS) do
    local g = new_game{ scenario = s }
    expect_eq(run(g, [=[
      local seen, out = {}, {}
      for _, b in ipairs({ "insurgent_setup", "insurgent_reinforcements" }) do
        for _, u in ipairs(pieces.at(b, { kind = "unit" })) do
          local c = pieces.value(u, "unit_class")
          if not seen[c] then seen[c] = true; out[#out + 1] = c end
        end
      end
      table.sort(out)
      return table.concat(out, " ")]=]), s == "next_war" and "guerrilla militia missile rocket" or "guerrilla militia rocket", s)
  end
end)

test("15.0, ruling N27: both Insurgent set-ups fit the counter mix: two units in each of the six southern zones", function()
  for _, s in ipairs(SCENARIOS) do
    local g = new_game{ scenario = s }
    local units = run(g, "return pieces.count('insurgent_setup', { kind = 'unit' })")
    local need = run(g, "return #SOUTH_OF_LITANI * tables.scenario_rules[vars.rules].insurgent_minimum_south")
    expect_eq(need, 12, s)
    expect(units >= need, s .. ": " .. units .. " units")
    H.set_up(g)
    expect_eq(run(g, [=[local low = 99
      for _, z in ipairs(SOUTH_OF_LITANI) do low = math.min(low, units_in_zone(z, "insurgent")) end
      return low]=]) >= 2, true, s)
  end
end)

test("10.2, 15.0, ruling X2: the 299 Herev sets up with the IDF's at-start units in both scenarios", function()
  for _, s in ipairs(SCENARIOS) do
    local g = new_game{ scenario = s }
    expect_eq(count(g, "idf_setup", "idf_299_herev"), 1, s)
    expect_eq(count(g, "idf_reinforcements", "idf_299_herev"), 0, s)
  end
end)

test("15.0, 15.2, ruling X3: in 2006 the at-start light infantry brigade is the 900 Kfir, the reinforcement a plain one", function()
  local g = new_game{ scenario = "lebanon_2006" }
  expect_eq({ count(g, "idf_setup", "idf_900_kfir"), count(g, "idf_setup", "idf_light_infantry") }, { 1, 0 })
  expect_eq({ count(g, "idf_reinforcements", "idf_900_kfir"), count(g, "idf_reinforcements", "idf_light_infantry") }, { 0, 1 })
end)

test("2.2, 8.1, ruling X5: the seven IDF TF HQs are numbered 1 to 7", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(run(g, [=[
    local out = {}
    for _, b in ipairs({ "idf_setup", "idf_reinforcements" }) do
      for _, p in ipairs(pieces.at(b, { kind = "hq" })) do out[#out + 1] = pieces.name(p) end
    end
    return out]=]), { "TF HQ 1", "TF HQ 2", "TF HQ 3", "TF HQ 4", "TF HQ 5", "TF HQ 6", "TF HQ 7" })
end)

test("12.1, 15.4, ruling X6: Syria's corps HQ, three divisions and three missiles wait out of play; 2006 has none", function()
  local g = new_game{ scenario = "next_war" }
  expect_forces(g, "syrian_forces", { syrian_corps_hq = 1, syrian_division = 3, syrian_missile = 3 })
  expect_eq(run(g, "return tables.scenario_rules[vars.rules].syria"), true)
  local g2 = new_game{ scenario = "lebanon_2006" }
  expect_eq(g2:count("syrian_forces"), 0)
  expect_eq(run(g2, "return tables.scenario_rules[vars.rules].syria"), false)
end)

test("5.0(1), rulings C10, OQ31: on equal C2 the IDF is first, the higher C2 otherwise; the printed scenarios never tie", function()
  for _, s in ipairs(SCENARIOS) do
    local g = new_game{ scenario = s }
    expect(run(g, [=[local most = track.get("insurgent_c2")
      if tables.scenario_rules[vars.rules].syria then most = most + tables.wider_war.syria_insurgent_c2 end
      return most < track.get("idf_c2")]=]), s .. ": the Insurgent's C2 stays below the IDF's")
  end
  local function second_turn(insurgent_c2)
    local g = H.set_up(new_game{ scenario = "next_war" })
    g:run(string.format("track.set('insurgent_c2', %d, 'test')", insurgent_c2))
    return H.pass_turns(g, function(g) return g:turn() >= 2 end)
  end
  expect(second_turn(7):logged("IDF is the First Player (C2 7 against 7)", "5.0(1)"))
  local g = second_turn(8)
  expect(g:logged("Insurgent is the First Player (C2 7 against 8)", "5.0(1)"))
  expect_eq(g:var("first_player"), "insurgent")
end)
