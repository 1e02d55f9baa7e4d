-- J-1 Administration (mat J-1 row; 7.1 reinforcements and dummies, 7.2
-- Recover, 7.3 Reorganize; rulings T49-T54).

local I = require("intel_helpers")

local function face(g, p) return g:run("return pieces.face(" .. p .. ")") end
local function visibility(g, p) return g:run("return pieces.visibility(" .. p .. ")") end
local function where(g, p) return g:run("return pieces.location(" .. p .. ")") end
local function disrupted(g, p) return g:run("return pieces.marked(" .. p .. ", 'disrupted')") end

test("7.1, ruling T49: an IDF reinforcement enters a sanctuary or a zone holding a friendly unit or TF HQ; a TF HQ a sanctuary only", function()
  local g = I.game{ idf = { "idf_j1", "idf_j1" }, prepare = [[
    put('idf_armor', 'tyre'); put('idf_tf_hq_1', 'qana'); put('guerrilla', 'naqoura')]] }
  local mech = g:run("return pieces.top('idf_reinforcements', { type = 'idf_mech_infantry' })")
  local hq = g:run("return pieces.top('idf_reinforcements', { kind = 'hq' })")
  I.choose_starting(g, "J-1 A")
  -- The listed reinforcements of 15.0 (one a J-1 in this scenario); no dummy for the IDF.
  expect_eq(g:choices(), { "Enter TF HQ 7", "Enter Mech Infantry Brigade", "Enter Armored Cavalry Battalion",
                           "Enter Armored Cavalry Battalion", "Enter CSU" })
  g:choose("option=enter_unit,piece=" .. mech)
  expect_eq(g:choice_values(), { "piece=" .. mech .. ",to=idf_sanctuary", "piece=" .. mech .. ",to=tyre",
                                 "piece=" .. mech .. ",to=qana" })
  g:choose("piece=" .. mech .. ",to=tyre")
  expect_eq(g:choices(), { "Concentrated mode", "Dispersed mode" })
  g:choose("dispersed")
  expect_eq(where(g, mech), "tyre")
  expect_eq(face(g, mech), "dispersed")
  -- One a J-1: the phase goes on.
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  I.choose_starting(g, "J-1 A")
  g:choose("option=enter_unit,piece=" .. hq)
  expect_eq(g:choice_values(), { "piece=" .. hq .. ",to=idf_sanctuary" })
end)

test("7.1, 15.5: in 2006 no IDF reinforcement enters by a J-1", function()
  local g = I.game{ scenario = "lebanon_2006", idf = { "idf_j1" }, prepare = "put('idf_armor', 'tyre')" }
  expect(not I.offered(g, "J-1 A"), "no J-1 A: " .. table.concat(g:choices(), " | "))
end)

test("7.1, rulings T49-T51, N6: the Insurgent rebuilds at the scenario's rates, Underground, face down, away from IDF units", function()
  local g = I.game{ idf = {}, insurgent = { "insurgent_j1", "insurgent_j1" }, prepare = [[
    for _ = 1, 2 do pieces.move(pieces.top('insurgent_setup', { type = 'guerrilla' }), 'insurgent_eliminated', 'test') end
    pieces.move(pieces.top('insurgent_setup', { type = 'main_force' }), 'insurgent_eliminated', 'test')
    pieces.move(pieces.top('insurgent_setup', { type = 'militia' }), 'insurgent_eliminated', 'test')
    put('militia', 'qana'); put('militia', 'tyre'); put('idf_armor', 'tyre'); put('dummy', 'shaqra')]] }
  local gs = g:run("return pieces.at('insurgent_eliminated', { type = 'guerrilla' })")
  I.to_insurgent(g)
  local from = #g:events("idf")
  I.choose_starting(g, "J-1 A")
  expect_eq(g:choices(), { "Enter Guerrilla", "Enter Main Force", "Enter Militia", "Enter dummies instead (7.1)" })
  g:choose("option=enter_unit,piece=" .. gs[1])
  -- Its sanctuary, or a zone with a friendly unit: not Tyre (an IDF unit), not Shaqra (a dummy only).
  expect_eq(g:choice_values(), { "piece=" .. gs[1] .. ",to=qana", "piece=" .. gs[1] .. ",to=north_lebanon" })
  g:choose("piece=" .. gs[1] .. ",to=qana")
  -- Guerrillas: two a J-1 (15.0); the second of the same rate.
  expect_eq(g:choices(), { "Done", "Enter Guerrilla" })
  g:choose("option=enter_unit,piece=" .. gs[2])
  g:choose("piece=" .. gs[2] .. ",to=north_lebanon")
  for _, p in ipairs(gs) do
    expect_eq(face(g, p), "underground")
    expect_eq(visibility(g, p), "owner")
  end
  expect_eq(where(g, gs[2]), "north_lebanon")
  -- The IDF reads that two hidden counters left the eliminated box, no more.
  expect_eq(I.idf_reads_names(g, from), {})
  expect_eq(#I.read(g, "idf", "a hidden Insurgent unit moved from Insurgent eliminated to"), 2)
  -- Ruling T50: a main force, one a J-1.
  local mf = g:run("return pieces.top('insurgent_eliminated', { type = 'main_force' })")
  I.choose_starting(g, "J-1 A")
  g:choose("option=enter_unit,piece=" .. mf)
  g:choose("piece=" .. mf .. ",to=qana")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  expect_eq(face(g, mf), "underground")
end)

test("7.1, 15.5: the Insurgent may enter two dummies instead, face down, where his units may enter", function()
  local g = I.game{ idf = {}, insurgent = { "insurgent_j1" }, prepare = [[
    put('guerrilla', 'qana'); put('guerrilla', 'tyre'); put('idf_armor', 'tyre')]] }
  I.to_insurgent(g)
  local from = #g:events("idf")
  I.choose_starting(g, "J-1 A")
  expect_eq(g:choices(), { "Enter dummies instead (7.1)" })
  g:choose("enter_dummies")
  expect_eq(g:prompt(), "Enter a dummy (1 of 2) where?")
  expect_eq(#g:choices(), 2) -- Qana and the northern sanctuary
  g:choose(1)
  g:choose(2)
  expect_eq(g:run("return #counters_on_map('insurgent', is_dummy)"), 2)
  expect_eq(g:run("local n = 0 for _, d in ipairs(counters_on_map('insurgent', is_dummy)) do "
                  .. "if pieces.visibility(d) == 'owner' then n = n + 1 end end return n"), 2)
  expect_eq(g:count("insurgent_reinforcements"), 6)
  expect_eq(I.idf_reads_names(g, from), {})
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("7.2, ruling T52: Recover un-disrupts one unit, or a TF HQ (its C2 back); only what needs it is offered", function()
  local g = I.game{ idf = { "idf_j1", "idf_j1" }, prepare = [[
    local a = put('idf_armor', 'tyre'); pieces.mark(a, 'disrupted', 'test')
    put('idf_mech_infantry', 'tyre')
    local hq = put('idf_tf_hq_1', 'qana'); pieces.mark(hq, 'disrupted', 'test'); track.add('idf_c2', -1, 'test')]] }
  local armor = g:run("return pieces.top('tyre', { type = 'idf_armor' })")
  local hq = g:run("return pieces.top('qana', { kind = 'hq' })")
  I.choose_starting(g, "J-1 B")
  expect_eq(g:choices(), { "Un-disrupt TF HQ 1", "Un-disrupt Armor Brigade" })
  g:choose("option=recover_unit,piece=" .. hq)
  expect(not disrupted(g, hq), "the TF HQ recovered")
  expect_eq(g:track("idf_c2"), 7)
  I.choose_starting(g, "J-1 B")
  g:choose("option=recover_unit,piece=" .. armor)
  expect(not disrupted(g, armor), "the armour recovered")
end)

test("7.2, ruling T52: Recover un-disrupts every unit and TF HQ in one of the side's sanctuaries", function()
  local g = I.game{ idf = { "idf_j1" }, prepare = [[
    for _, t in ipairs({ 'idf_armor', 'idf_sof' }) do pieces.mark(put(t, 'idf_sanctuary'), 'disrupted', 'test') end
    local hq = put('idf_tf_hq_2', 'idf_sanctuary'); pieces.mark(hq, 'disrupted', 'test'); track.add('idf_c2', -1, 'test')
    pieces.mark(put('idf_armor', 'tyre'), 'disrupted', 'test')]] }
  I.choose_starting(g, "J-1 B")
  g:choose("option=recover_sanctuary,location=idf_sanctuary")
  expect_eq(g:run("return #units_on_map('idf', is_disrupted)"), 1) -- the one in Tyre
  expect_eq(g:track("idf_c2"), 7)
end)

test("7.2, research 4.3: Recover removes 1d6 hits from one unit, none below zero", function()
  local g = I.game{ idf = { "idf_j1", "idf_j1" }, prepare = [[
    pieces.set_counter(put('idf_armor', 'tyre'), 'hits', 3, 'test')
    pieces.set_counter(put('idf_mech_infantry', 'tyre'), 'hits', 1, 'test')]] }
  local armor = g:run("return pieces.top('tyre', { type = 'idf_armor' })")
  local mech = g:run("return pieces.top('tyre', { type = 'idf_mech_infantry' })")
  I.choose_starting(g, "J-1 B")
  expect_eq(g:choices(), { "Remove 1d6 hits from Armor Brigade", "Remove 1d6 hits from Mech Infantry Brigade" })
  g:dice{ 2 }
  g:choose("option=remove_hits,piece=" .. armor)
  expect_eq(g:run("return hits_of(" .. armor .. ")"), 1)
  I.choose_starting(g, "J-1 B")
  g:dice{ 6 }
  g:choose("option=remove_hits,piece=" .. mech)
  expect_eq(g:run("return hits_of(" .. mech .. ")"), 0)
end)

test("7.2: no Recover is offered when nothing is disrupted or hit", function()
  local g = I.game{ idf = { "idf_j1" }, prepare = "put('idf_armor', 'tyre')" }
  expect(not I.offered(g, "J-1 B"), table.concat(g:choices(), " | "))
end)

test("7.3, ruling T53: Reorganize attaches and detaches units in one zone under the C2 and changes modes, each unit once", function()
  local g = I.game{ idf = { "idf_j1" }, prepare = [[
    local hq = put('idf_tf_hq_1', 'tyre')
    put('idf_armor', 'tyre'); put('idf_mech_infantry', 'tyre'); put('idf_sof', holding_box(hq))
    pieces.mark(put('idf_armored_cavalry', 'tyre'), 'disrupted', 'test')
    put('idf_armor', 'qana')]] }
  g:run("track.set('idf_c2', 2, 'test')")
  local box = g:run("return holding_box(pieces.top('tyre', { kind = 'hq' }))")
  local armor = g:run("return pieces.top('tyre', { type = 'idf_armor' })")
  local mech = g:run("return pieces.top('tyre', { type = 'idf_mech_infantry' })")
  local sof = g:run("return pieces.top('" .. box .. "')")
  expect(not I.offered(g, "Attach or detach"), "no free organizing (FREE_ORGANIZE false)")
  I.choose_starting(g, "J-1 C")
  expect_eq(g:choice_values(), { "location=tyre", "location=qana" })
  g:choose("location=tyre")
  -- Not the disrupted cavalry's attachment; its mode may change.
  expect_eq(g:choices(), { "Done", "Detach SOF (from TF HQ 1 holding box) into Tyre",
                           "Attach Armor Brigade (at Tyre) to TF HQ 1 holding box",
                           "Attach Mech Infantry Brigade (at Tyre) to TF HQ 1 holding box",
                           "Change the mode of Armor Brigade", "Change the mode of Mech Infantry Brigade",
                           "Change the mode of Armored Cavalry Battalion", "Change the mode of SOF" })
  g:choose("option=attach,piece=" .. armor .. ",to=" .. box)
  -- The box holds 2, the C2: no more attaching; the armour moved once.
  expect_eq(g:choices(), { "Done", "Detach SOF (from TF HQ 1 holding box) into Tyre",
                           "Change the mode of Mech Infantry Brigade", "Change the mode of Armored Cavalry Battalion",
                           "Change the mode of SOF", "Change the mode of Armor Brigade" })
  g:choose("option=change_mode,piece=" .. armor)
  expect_eq(face(g, armor), "dispersed")
  g:choose("option=change_mode,piece=" .. mech)
  expect(not I.offered(g, "Change the mode of Armor Brigade"), "each unit changes mode once")
  g:choose("done")
  expect_eq(where(g, armor), box)
  expect_eq(face(g, mech), "dispersed")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("7.3, ruling T54: an Insurgent unit may turn Revealed by reorganizing, never back Underground; a Revealed unit or a dummy is never attached", function()
  local g = I.game{ idf = {}, insurgent = { "insurgent_j1", "insurgent_j1" }, prepare = [[
    put('insurgent_tf_hq', 'qana'); put('guerrilla', 'insurgent_box')
    put('guerrilla', 'qana'); put('militia', 'qana'); put('dummy', 'qana')]] }
  local boxed = g:run("return pieces.top('insurgent_box')")
  local militia = g:run("return pieces.top('qana', { type = 'militia' })")
  I.to_insurgent(g)
  -- A guerrilla revealed in the Insurgent's own phase (its Preparation hid the others).
  g:run("set_mode(pieces.top('qana', { type = 'guerrilla' }), 'revealed', 'test') refresh_stacks()")
  local from = #g:events("idf")
  I.choose_starting(g, "J-1 C")
  g:choose("location=qana")
  expect_eq(g:choices(), { "Done", "Detach Guerrilla (from Insurgent holding box) into Qana (Tyre hinterland)",
                           "Attach Militia (at Qana (Tyre hinterland)) to Insurgent holding box",
                           "Change the mode of Militia" })
  -- Detached, the guerrilla stays face down: the IDF reads no name.
  g:choose("option=detach,piece=" .. boxed .. ",to=qana")
  expect_eq(I.idf_reads_names(g, from), {})
  expect_eq(visibility(g, boxed), "owner")
  -- Now on the map, it may turn Revealed; so may the militia.
  g:choose("option=change_mode,piece=" .. militia)
  expect_eq(face(g, militia), "revealed")
  expect_eq(visibility(g, militia), nil)
  expect_eq(g:choices(), { "Done", "Change the mode of Guerrilla" })
  g:choose("done")
end)

test("7.1-7.3, 8.1-8.2: random games with J-1 and J-2 replay alike, and their state hash is the position's identity", function()
  for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
    local r = random_play{ scenario = scenario, games = 2, seed = 31, transpositions = 20, replay_every = 1 }
    expect_eq(r.games, 2)
  end
end)
