-- J-2 Intelligence (mat J-2 row; 8.1 Tactical Intelligence and Air Recon,
-- 8.12 Evasion, 8.2 Operational Intelligence; rulings T40-T48), and what
-- the IDF may read of the Insurgent's hidden counters.

local I = require("intel_helpers")

-- The pieces in `zone` of type `t`, bottom first (Lua code returning a list).
local function ids(g, zone, t)
  return g:run(string.format("local out = {} for _, u in ipairs(pieces.at(%q, { type = %q })) do out[#out + 1] = u end "
                             .. "return out", zone, t))
end

local function face(g, p) return g:run("return pieces.face(" .. p .. ")") end
local function visibility(g, p) return g:run("return pieces.visibility(" .. p .. ")") end
local function where(g, p) return g:run("return pieces.location(" .. p .. ")") end

test("8.1: a search rolls the J-2 of the searching units, 2 dice fewer for the IDF in an urban zone; a 5 finds one counter, a 6 two", function()
  -- 1 + 2 + 3 + 4 J-2, less 2 in Tyre: 8 dice; a 6 and a 5: three counters.
  local g = I.game{ idf = { "idf_j2" }, prepare = [[
    put('idf_armor', 'tyre'); put('idf_mech_infantry', 'tyre'); put('idf_armored_cavalry', 'tyre'); put('idf_sof', 'tyre')
    put('guerrilla', 'tyre'); put('guerrilla', 'tyre'); put('guerrilla', 'tyre'); put('dummy', 'tyre')]] }
  local gs = ids(g, "tyre", "guerrilla")
  I.choose_starting(g, "J-2 A")
  expect_eq(g:choice_values(), { "location=tyre" })
  -- The dice, then the counters found, by their position among those hidden (ruling T42):
  -- the 1st of four, the 4th of three (the dummy), the 2nd of two.
  g:dice{ 6, 5, 1, 1, 1, 1, 1, 1, 1, 3, 2 }
  g:choose("location=tyre")
  expect_eq(g:unused_dice(), 0)
  expect_eq(#I.read(g, nil, "8d6 rolled"), 1)
  expect_eq(face(g, gs[1]), "revealed")
  expect_eq(visibility(g, gs[1]), nil)
  expect_eq(face(g, gs[2]), "underground")
  expect_eq(visibility(g, gs[2]), "owner")
  expect_eq(face(g, gs[3]), "revealed")
  -- The dummy is removed to the Insurgent's box of dummies (tlw.lua reveal).
  expect_eq(g:count("tyre"), 5 + 2)
  expect_eq(g:count("insurgent_reinforcements"), 8)
  expect(g:logged("IDF found 2 units and 1 dummies in Tyre", "8.1"))
  expect_eq(I.read(g, "idf", "Guerrilla found in Tyre"), { "Guerrilla found in Tyre", "Guerrilla found in Tyre" })
  -- The guerrilla still Underground was never named to the IDF.
  for _, text in ipairs(I.idf_reads_names(g)) do
    expect(text:find("Guerrilla", 1, true) == nil or text:find("found", 1, true) or text:find("revealed", 1, true)
           or text:find("turned", 1, true), "the IDF reads: " .. text)
  end
end)

test("8.1, ruling T42: as many reveals as hidden counters, or more, find every one of them with no pick", function()
  -- The SOF's J-2 4 in remote Naqoura: a 6 and a 5 are three reveals, for three hidden counters.
  local g = I.game{ idf = { "idf_j2", "idf_j2" }, prepare = [[
    put('idf_sof', 'naqoura'); put('guerrilla', 'naqoura'); put('main_force', 'naqoura'); put('dummy', 'naqoura')
    put('idf_sof', 'qana'); put('guerrilla', 'qana'); put('militia', 'qana')]] }
  local gs, mf = ids(g, "naqoura", "guerrilla")[1], ids(g, "naqoura", "main_force")[1]
  I.choose_starting(g, "J-2 A")
  g:dice{ 6, 5, 1, 1 } -- the search's dice alone: no die for a pick
  g:choose("location=naqoura")
  expect_eq(g:unused_dice(), 0)
  expect_eq(I.read(g, nil, "picked"), {})
  expect_eq(face(g, gs), "revealed")
  expect_eq(face(g, mf), "revealed")
  expect_eq(g:count("insurgent_reinforcements"), 8) -- the dummy removed
  expect(g:logged("IDF found 2 units and 1 dummies in Naqoura", "8.1"))
  -- Two 6s in populated Qana (J-2 4 less 1: 3 dice) are four reveals for two counters: both found.
  I.choose_starting(g, "J-2 A")
  g:dice{ 6, 6, 1 }
  g:choose("location=qana")
  expect_eq(g:unused_dice(), 0)
  expect_eq(I.read(g, nil, "picked"), {})
  expect(g:logged("IDF found 2 units and 0 dummies in Qana (Tyre hinterland)", "8.1"))
end)

test("8.1, research 4.2: the IDF rolls 1 die fewer in a populated zone, none fewer in a remote one, and at least one", function()
  local g = I.game{ idf = { "idf_j2", "idf_j2" }, dice = { 1, 1, 1 }, prepare = [[
    put('idf_armor', 'qana'); put('militia', 'qana')
    put('idf_mech_infantry', 'naqoura'); put('militia', 'naqoura')]] }
  I.choose_starting(g, "J-2 A")
  g:choose("location=qana")   -- J-2 1, less 1: at least one die
  expect_eq(#I.read(g, nil, "1d6 rolled"), 1)
  I.choose_starting(g, "J-2 A")
  g:choose("location=naqoura") -- J-2 2 in a remote zone: 2 dice
  expect_eq(#I.read(g, nil, "2d6 rolled"), 1)
  expect_eq(g:unused_dice(), 0)
  expect(g:logged("IDF found 0 units and 0 dummies in Naqoura"))
end)

test("8.1, ruling T43: hits lower a searcher's J-2; disrupted units do not search; the Insurgent's dice are not reduced", function()
  local g = I.game{ idf = { "idf_j2" }, insurgent = { "insurgent_j2" }, prepare = [[
    local mech = put('idf_mech_infantry', 'naqoura'); pieces.set_counter(mech, 'hits', 1, 'test')
    local sof = put('idf_sof', 'naqoura'); pieces.mark(sof, 'disrupted', 'test')
    put('guerrilla', 'naqoura')
    local lone = put('idf_armored_cavalry', 'qana'); pieces.mark(lone, 'disrupted', 'test'); put('guerrilla', 'qana')
    -- The Insurgent's search of an IDF task force in Tyre: a guerrilla and a main force, J-2 2 + 2.
    local hq = put('idf_tf_hq_1', 'tyre'); put('idf_armor', holding_box(hq))
    put('main_force', 'tyre'); put('guerrilla', 'tyre')]] }
  I.choose_starting(g, "J-2 A")
  -- Not Qana: the IDF's only unit there is disrupted; the TF in Tyre searches.
  expect_eq(g:choice_values(), { "location=naqoura", "location=tyre" })
  g:dice{ 1 }
  g:choose("location=naqoura") -- J-2 2 less a hit: 1 die
  expect_eq(#I.read(g, nil, "1d6 rolled"), 1)
  I.to_insurgent(g)
  I.choose_starting(g, "J-2 A")
  expect_eq(g:choice_values(), { "location=tyre" })
  g:dice{ 1, 1, 1, 1 }
  g:choose("location=tyre") -- 4 dice in an urban zone
  expect_eq(#I.read(g, nil, "4d6 rolled"), 1)
end)

test("8.1, ruling T40: only zones where the side has a searching unit and the enemy a hidden counter are offered", function()
  local g = I.game{ idf = { "idf_j2" }, prepare = [[
    put('idf_armor', 'tyre'); put('guerrilla', 'tyre')
    put('idf_armor', 'qana'); put('guerrilla', 'qana', 'revealed')   -- nothing hidden
    put('idf_armor', 'marjayoun')                                    -- no enemy
    put('guerrilla', 'naqoura')                                      -- no searcher
    local hq = put('insurgent_tf_hq', 'sidon'); put('guerrilla', 'insurgent_box'); put('idf_armor', 'sidon')]] }
  I.choose_starting(g, "J-2 A")
  expect_eq(g:choice_values(), { "location=tyre", "location=sidon" })
end)

test("8.1, ruling T41: a unit found in an enemy holding box leaves it for the zone, face up, named to the searcher alone", function()
  local g = I.game{ idf = { "idf_j2" }, prepare = [[
    put('insurgent_tf_hq', 'sidon'); put('guerrilla', 'insurgent_box'); put('main_force', 'insurgent_box')
    put('idf_mech_infantry', 'sidon')]] }
  local found = g:run("return pieces.at('insurgent_box')[2]")
  local kept = g:run("return pieces.at('insurgent_box')[1]")
  local from = #g:events("idf")
  I.choose_starting(g, "J-2 A")
  g:dice{ 5, 2 } -- J-2 2 less 2: one die; the second of the two
  g:choose("location=sidon")
  expect_eq(where(g, found), "sidon")
  expect_eq(face(g, found), "revealed")
  expect_eq(visibility(g, found), nil)
  expect_eq(where(g, kept), "insurgent_box")
  -- It left the box face down, then was turned face up.
  expect_eq(I.idf_reads_names(g, from), { "Main Force revealed at Sidon", "Main Force found in Sidon" })
end)

test("8.1, ruling T41: an IDF unit the Insurgent finds in a task force leaves its box for the zone, seen by both", function()
  local g = I.game{ idf = {}, insurgent = { "insurgent_j2" }, prepare = [[
    local hq = put('idf_tf_hq_1', 'qana'); put('idf_armor', holding_box(hq)); put('idf_sof', holding_box(hq))
    put('guerrilla', 'qana')]] }
  local sof = g:run("return pieces.top('tf_box_1', { type = 'idf_sof' })")
  I.to_insurgent(g)
  I.choose_starting(g, "J-2 A")
  g:dice{ 6, 1 } -- the guerrilla's J-2 2, no terrain dice for the Insurgent; two found of two, no pick (T42)
  g:choose("location=qana")
  expect_eq(g:unused_dice(), 0)
  expect_eq(g:count("tf_box_1"), 0)
  expect_eq(where(g, sof), "qana")
  expect_eq(face(g, sof), "concentrated")
  expect_eq(visibility(g, sof), nil)
  expect(g:logged("Insurgent found 2 units and 0 dummies in Qana (Tyre hinterland)"))
end)

test("8.1 Air Recon, ruling T44: the IDF searches any zone with three dice, whatever its terrain; not the Insurgent", function()
  local g = I.game{ idf = { "idf_j2" }, insurgent = { "insurgent_j2" }, prepare = [[
    put('guerrilla', 'tyre'); put('guerrilla', 'north_lebanon'); put('idf_armor', 'qana')]] }
  I.choose_starting(g, "J-2 B")
  expect_eq(g:choice_values(), { "location=tyre", "location=north_lebanon" })
  g:dice{ 6, 1, 1 }
  g:choose("location=tyre")
  expect_eq(#I.read(g, nil, "3d6 rolled"), 1)
  expect(g:logged("IDF found 1 units and 0 dummies in Tyre"))
  g:choose("no_evasion")
  I.to_insurgent(g)
  expect(not I.offered(g, "J-2 B"), "the Insurgent has no air reconnaissance")
end)

test("8.12, rulings T45, T46: the units a search found may evade at once: their J-2, 2 dice more in an urban zone; the owner picks", function()
  local g = I.game{ idf = { "idf_j2" }, insurgent = { "insurgent_j2", "insurgent_j3" }, prepare = [[
    put('idf_sof', 'tyre'); put('idf_sof', 'tyre')       -- J-2 8, less 2: 6 dice
    put('guerrilla', 'tyre', 'revealed')                 -- revealed before: no part in this evasion
    put('guerrilla', 'tyre'); put('main_force', 'tyre'); put('militia', 'tyre')]] }
  local before = ids(g, "tyre", "guerrilla")[1]
  local g2, mf = ids(g, "tyre", "guerrilla")[2], ids(g, "tyre", "main_force")[1]
  I.choose_starting(g, "J-2 A")
  -- Two found: the 1st and the 1st again of those hidden (the guerrilla, then the main force).
  g:dice{ 5, 5, 1, 1, 1, 1, 1, 1 }
  g:choose("location=tyre")
  expect_eq(g:side(), "insurgent")
  expect_eq(g:prompt(), "Play a J-2 to evade in Tyre?")
  -- J-2 2 + 2 of the two found, 2 more in Tyre: 6 dice; a 5: one goes back, the Insurgent's pick.
  g:dice{ 5, 1, 1, 1, 1, 1 }
  g:choose("play_evasion")
  expect_eq(g:prompt(), "Which unit goes back Underground (1 of 1)?")
  expect_eq(g:choice_values(), { "option=hide_unit,piece=" .. g2, "option=hide_unit,piece=" .. mf })
  expect_eq(I.read(g, nil, "evasion in Tyre"), { "6d6 rolled 10 (5+1+1+1+1+1): evasion in Tyre" })
  g:choose("option=hide_unit,piece=" .. mf)
  expect_eq(face(g, mf), "underground")
  expect_eq(visibility(g, mf), "owner")
  expect_eq(face(g, g2), "revealed")
  expect_eq(face(g, before), "revealed")
  expect_eq(g:count("insurgent_discard"), 1)
  expect(g:logged("1 units evade in Tyre", "8.12"))
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  expect_eq(g:side(), "idf")
end)

test("8.12, ruling T45: a 6 sends two back, all of them without a choice when they are no more; no J-2, no evasion", function()
  local g = I.game{ idf = { "idf_j2", "idf_j2" }, insurgent = { "insurgent_j2" }, prepare = [[
    put('idf_sof', 'naqoura'); put('guerrilla', 'naqoura'); put('guerrilla', 'naqoura')
    put('idf_sof', 'qana'); put('guerrilla', 'qana')]] }
  local gs = ids(g, "naqoura", "guerrilla")
  I.choose_starting(g, "J-2 A")
  g:dice{ 6, 1, 1, 1 }       -- SOF J-2 4: 4 dice; both found, with no pick (T42)
  g:choose("location=naqoura")
  expect_eq(g:unused_dice(), 0)
  g:dice{ 6, 1, 1, 1 }       -- 2 + 2, remote: 4 dice; a 6: both back, no choice to make
  g:choose("play_evasion")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  expect_eq(face(g, gs[1]), "underground")
  expect_eq(face(g, gs[2]), "underground")
  -- The Insurgent's J-2 is spent: the next search finds, and no evasion is offered.
  I.choose_starting(g, "J-2 A")
  g:dice{ 5, 1, 1, 1 }
  g:choose("location=qana")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  expect_eq(g:side(), "idf")
  expect_eq(face(g, ids(g, "qana", "guerrilla")[1]), "revealed")
end)

test("8.2, ruling T48: operational intelligence shows the whole enemy hand to the IDF alone, then gives it back", function()
  local g = I.game{ idf = { "idf_j2" }, insurgent = { "insurgent_j1", "insurgent_j3" } }
  I.choose_starting(g, "J-2 C")
  expect(g:logged("IDF inspected the hand of Insurgent and gave it back", "8.2"))
  expect_eq(I.read(g, "idf", "Insurgent holds"), { "Insurgent holds J-1 Administration, J-3 Operations" })
  expect_eq(I.read(g, "insurgent", "holds"), {})
  expect_eq(g:count("insurgent_hand"), 2)
  expect_eq(g:count("idf_hand"), 0)
end)

test("8.2: no operational intelligence on an empty hand", function()
  local g = I.game{ idf = { "idf_j2" }, insurgent = {} }
  I.to_insurgent(g) -- the IDF's Planning gives it a new hand; the Insurgent's is empty
  g:run(I.PRELUDE .. "hand('insurgent', {}) hand('idf', {})")
  expect_eq(g:run("return #ACTIONS.operational_intelligence.targets('insurgent')"), 0)
end)

-- Hidden information over whole games: at every decision, every Insurgent
-- counter that is Underground (on the map or in a holding box) is seen by
-- its owner alone, and the IDF never reads the word "Dummy" (a dummy is
-- never shown: found, it is removed face down).
for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
  test("8.1, 8.12, 7.1, 7.3, ruling T11: a whole game of " .. scenario .. " keeps the Underground counters from the IDF", function()
    local g = new_game{ scenario = scenario, seed = 7 }
    local rand = chooser(7)
    local decisions, seen = 0, 0
    local check = [[
      for _, u in ipairs(counters_on_map('insurgent')) do
        if is_underground(u) and pieces.visibility(u) ~= 'owner' then
          return pieces.name(u) .. ' is Underground at ' .. pieces.location(u) .. ' but seen by both'
        end
      end
      return nil]]
    while not g:finished() and decisions < 20000 do
      local bad = g:run(check)
      expect(bad == nil, bad)
      local events = g:events("idf")
      for i = seen + 1, #events do
        expect(not events[i].text:find("Dummy", 1, true), "the IDF reads: " .. events[i].text)
      end
      seen = #events
      g:choose(rand(#g:choices()))
      decisions = decisions + 1
    end
    expect(g:finished(), scenario .. " ended")
  end)
end
