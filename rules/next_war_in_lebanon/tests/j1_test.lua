-- The Joint Operations Phase (6.3) and J-1 Administration (7.1 A-F; 15.0,
-- rulings N6, N7, C11): what a hand and the position let a side play, and
-- what each function does.

local H = require("helpers")
local choose_starting = H.choose_starting

-- The choices whose words start with `prefix`.
local function starting(g, prefix)
  local out = {}
  for _, t in ipairs(g:choices()) do
    if t:sub(1, #prefix) == prefix then out[#out + 1] = t end
  end
  return out
end

-- The first IDF unit of `type_id` in the IDF sanctuary (the set-up put every
-- unit there, its first zone), as Lua code.
local function first(type_id)
  return string.format("pieces.top(ZONES[1], { type = %q })", type_id)
end

test("6.3: only the functions of the chits in hand that the position allows are offered", function()
  local g = H.at_operations{ idf_hand = { "idf_j1" } }
  expect_eq(g:side(), "idf")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  -- Nothing disrupted or reduced: J-1 D, F and the reinforcements (N7).
  expect_eq(g:choices(), { "J-1 D: change the mode of one unit", "J-1 F: change the mode of units in a sanctuary",
                           "J-1 R: enter reinforcements", "Attach or detach TF units (8.1)", "End the phase" })
  H.end_phase(g)
  expect_eq(g:side(), "insurgent")
end)

test("7.1A, ruling X7: a J-1 un-disrupts one unit; the chit goes to the open discard", function()
  local g = H.at_operations{ idf_hand = { "idf_j1", "idf_j3" },
                             prepare = "pieces.mark(" .. first("idf_armor") .. ", 'disrupted', 'test')" }
  choose_starting(g, "J-1 A")
  expect_eq(#g:choices(), 1) -- the one disrupted unit
  g:choose(1)
  expect_eq(g:run("return #units_on_map('idf', function(u) return pieces.marked(u, 'disrupted') end)"), 0)
  expect_eq(g:count("idf_discard"), 1)
  expect_eq(g:count("idf_hand"), 1)
  expect(g:logged("IDF played a J-1 chit to un-disrupt one unit, or ready a fired rocket", "7.1A"))
  -- The J-3 left offers its movement and the deep strikes.
  expect_eq(g:choices(), { "J-3 A: move units", "J-3 G: area strike", "J-3 H: PGM strike", "Attach or detach TF units (8.1)",
                           "End the phase" })
end)

test("7.1A: a J-1 turns a fired rocket ready", function()
  local g = H.at_operations{ prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    pieces.move(pieces.top('insurgent_pool', { type = 'insurgent_j1' }), 'insurgent_hand', 'test')
    local r = units_on_map('insurgent', function(u) return pieces.type(u) == 'sr_rocket' end)[1]
    pieces.set_face(r, 'fired', 'test')]] }
  H.end_phase(g)
  expect_eq(g:side(), "insurgent")
  choose_starting(g, "J-1 A")
  g:choose(1)
  expect_eq(g:run("return #units_on_map('insurgent', function(u) return pieces.face(u) == 'fired' end)"), 0)
end)

test("7.1B: a J-1 rebuilds one reduced unit, in its mode", function()
  local g = H.at_operations{ idf_hand = { "idf_j1" },
                             prepare = "pieces.set_face(" .. first("idf_mech_infantry") .. ", 'reduced_dispersed', 'test')" }
  local mech = g:run("return " .. first("idf_mech_infantry"))
  choose_starting(g, "J-1 B")
  expect_eq(g:choice_values(), { "piece=" .. mech }) -- the one reduced unit
  g:choose(1)
  expect_eq(g:run("return pieces.face(" .. mech .. ")"), "dispersed")
end)

test("7.1D: a J-1 changes one unit's mode; a disrupted unit stays disrupted", function()
  local g = H.at_operations{ idf_hand = { "idf_j1" }, prepare = "pieces.mark(" .. first("idf_armor") .. ", 'disrupted', 'test')" }
  choose_starting(g, "J-1 D")
  local armor = g:run("return " .. first("idf_armor"))
  g:choose("piece=" .. armor)
  expect_eq(g:run("return pieces.face(" .. armor .. ")"), "dispersed")
  expect_eq(g:run("return pieces.marked(" .. armor .. ", 'disrupted')"), true)
end)

test("7.1E: a J-1 un-disrupts every unit of the side in one of its sanctuaries", function()
  local g = H.at_operations{ idf_hand = { "idf_j1" }, prepare = [[
    for _, u in ipairs(pieces.at(ZONES[1], { kind = 'unit' })) do pieces.mark(u, 'disrupted', 'test') end]] }
  choose_starting(g, "J-1 E")
  expect_eq(#g:choices(), 1) -- the IDF sanctuary, its only one
  g:choose(1)
  expect_eq(g:run("return #units_on_map('idf', function(u) return pieces.marked(u, 'disrupted') end)"), 0)
end)

test("7.1F: a J-1 changes the mode of any units in a sanctuary, one at a time until done", function()
  local g = H.at_operations{ idf_hand = { "idf_j1" } }
  choose_starting(g, "J-1 F")
  g:choose(1) -- the sanctuary
  expect_eq(g:choices()[1], "Done")
  g:choose(2)
  g:choose(2)
  g:choose(1) -- done
  expect_eq(g:run("return #units_on_map('idf', function(u) return pieces.face(u) == 'dispersed' end)"), 2)
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("7.1C, 15.0: the Insurgent rebuilds a militia alone, or up to two guerrillas or rockets", function()
  local g = H.at_operations{ prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    for _ = 1, 2 do pieces.move(pieces.top('insurgent_pool', { type = 'insurgent_j1' }), 'insurgent_hand', 'test') end
    for _, t in ipairs({ 'militia', 'guerrilla', 'guerrilla', 'sr_rocket' }) do
      local u = units_on_map('insurgent', function(u) return pieces.type(u) == t end)[1]
      pieces.move(u, 'insurgent_eliminated', 'test')
    end]] }
  H.end_phase(g)
  choose_starting(g, "J-1 C")
  -- One of each type that may return: militia, guerrilla, SR rocket.
  expect_eq(#g:choices(), 3)
  choose_starting(g, "Guerrilla")
  g:choose(1) -- where
  g:choose(2) -- dispersed
  -- A second unit of the two-a-J-1 kinds, or done; never the militia.
  expect_eq(#g:choices(), 3)
  expect_eq(g:choices()[1], "Done")
  choose_starting(g, "Rebuild SR Rocket")
  g:choose(1)
  expect_eq(g:count("insurgent_eliminated"), 2)
  expect_eq(g:prompt(), "Play a Joint Ops chit")
  -- The second J-1: the militia comes back alone.
  choose_starting(g, "J-1 C")
  choose_starting(g, "Militia")
  g:choose(1)
  g:choose(1)
  expect_eq(g:count("insurgent_eliminated"), 1)
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("7.1C, ruling N6: a rebuilt unit never enters a zone holding an IDF unit or controlled by the IDF", function()
  local g = H.at_operations{ prepare = [[
    for _, c in ipairs(pieces.at('insurgent_hand')) do pieces.move(c, 'insurgent_pool', 'test') end
    pieces.move(pieces.top('insurgent_pool', { type = 'insurgent_j1' }), 'insurgent_hand', 'test')
    local u = units_on_map('insurgent', function(u) return pieces.type(u) == 'militia' end)[1]
    pieces.move(u, 'insurgent_eliminated', 'test')
    -- An IDF armour brigade joins the Insurgents in the first southern zone,
    -- every unit there disrupted (so no battle is fought there, N14).
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), SOUTH_OF_LITANI[1], 'test')
    for _, side in ipairs({ 'idf', 'insurgent' }) do
      for _, u in ipairs(units_on_map(side, nil, { SOUTH_OF_LITANI[1] })) do pieces.mark(u, 'disrupted', 'test') end
    end]] }
  H.end_phase(g)
  choose_starting(g, "J-1 C")
  g:choose(1)
  local where = g:run("return SOUTH_OF_LITANI[1]")
  for _, v in ipairs(g:choice_values()) do expect(not v:find(where, 1, true), "offered: " .. v) end
end)

test("15.0, ruling N7: a J-1 enters one IDF reinforcement, at a TF HQ's zone or the sanctuary; none in 2006", function()
  local g = H.at_operations{ idf_hand = { "idf_j1" } }
  choose_starting(g, "J-1 R")
  expect_eq(#g:choices(), 5) -- TF HQ 7 and four units
  choose_starting(g, "CSU")
  expect_eq(#g:choices(), 1) -- every TF HQ is in the sanctuary
  g:choose(1)
  g:choose(1) -- combat mode
  expect_eq(g:count("idf_reinforcements"), 4)

  local g2 = H.at_operations{ scenario = "lebanon_2006", idf_hand = { "idf_j1" } }
  expect_eq(#starting(g2, "J-1 R"), 0)
end)

test("5.0(5), ruling N3: at the end of the turn each side discards, then selects all but two and draws two", function()
  local g = H.at_operations{ idf_hand = { "idf_j1", "idf_j2" } }
  H.end_phase(g)
  H.end_phase(g)
  -- End of Turn: the IDF selects five (C2 7 less 2) from a full pool.
  expect_eq(g:prompt(), "Select a Joint Ops chit")
  expect_eq(g:side(), "idf")
  expect_eq(g:count("idf_hand"), 0)
  expect_eq(g:count("idf_pool"), 20)
  for _ = 1, 5 do g:choose(1) end
  expect_eq(g:count("idf_hand"), 7)
  expect_eq(g:run("local n = 0 for _, c in ipairs(pieces.at('idf_hand')) do "
                  .. "if pieces.marked(c, 'drawn') then n = n + 1 end end return n"), 2)
  expect_eq(g:run("return pieces.count('idf_hand', { type = 'idf_j1' })") >= 5, true)
  expect_eq(g:side(), "insurgent")
end)

test("8.1, 9.3: at any time of its phase a side attaches units to a TF HQ in their zone, up to the C2, or detaches them", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = {},
                             prepare = "pieces.mark(pieces.top(ZONES[1], { type = 'idf_csu' }), 'disrupted', 'test')" }
  g:choose("organize_task_forces")
  expect_eq(g:choices()[1], "Done")
  local csu = g:run("return pieces.top(ZONES[1], { type = 'idf_csu' })")
  for _, v in ipairs(g:choice_values()) do expect(not v:find("piece=" .. csu .. ",", 1, true), "a disrupted unit offered") end
  -- Detaching comes first in the list, attaching after it: attach six.
  for _ = 1, 6 do g:choose(#g:choices()) end
  expect_eq(g:count("tf_box_1"), 6)
  -- Full (C2 6), with nothing this organizing may still do (ruling X17): it
  -- ends by itself.
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("8.1, ruling X17: an organizing never undoes its own moves, and comes once between two chits", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = { "idf_j1" },
                             prepare = "pieces.mark(" .. first("idf_armor") .. ", 'disrupted', 'test')" }
  local function offered(option, piece)
    for _, v in ipairs(g:choice_values()) do
      if v:find("option=" .. option .. ",piece=" .. piece .. ",", 1, true) then return true end
    end
    return false
  end
  g:choose("organize_task_forces")
  local function undisrupted(k)
    return g:run("local ok = {} for _, u in ipairs(pieces.at(ZONES[1], { kind = 'unit', owner = 'idf' })) do "
                 .. "if not pieces.marked(u, 'disrupted') then ok[#ok + 1] = u end end return ok[" .. k .. "]")
  end
  local a, b = undisrupted(1), undisrupted(2)
  g:choose("option=attach,piece=" .. a .. ",to=tf_box_1")
  g:choose("option=attach,piece=" .. b .. ",to=tf_box_1")
  expect(not offered("detach", a), "the unit just attached is offered for detaching")
  g:choose("done")
  local c = g:run("return ZONES[1]")
  expect_eq(g:choices()[1], "J-1 A: un-disrupt one unit, or ready a fired rocket")
  for _, v in ipairs(g:choice_values()) do expect(v ~= "option=organize_task_forces", "organizing offered twice in a row") end
  choose_starting(g, "J-1 A")
  g:choose(1)
  g:choose("organize_task_forces")
  expect(offered("detach", a) and offered("detach", b), "the units attached before the chit can be detached")
  -- B leaves the box and may not go back in this organizing.
  g:choose("option=detach,piece=" .. b .. ",to=" .. c)
  expect(not offered("attach", b), "the unit just detached is offered back to its box")
  expect(offered("detach", a), "the other unit keeps its own choices")
  g:choose("done")
  expect_eq(g:count("tf_box_1"), 1)
end)

test("6.2, 5.0(5), ruling N4: unplayed chits stay in hand through the enemy's player turn, and leave it at End of Turn", function()
  local g = H.at_operations{ idf_hand = { "idf_j1", "idf_j3" } }
  H.end_phase(g)
  expect_eq(g:side(), "insurgent")
  expect_eq(g:phase(), "second_player_turn")
  expect_eq(g:at("idf_hand"), { "J-1 Administration", "J-3 Operations" })
  expect_eq(g:count("idf_discard"), 0)
  H.end_phase(g)
  expect_eq(g:phase(), "end_of_turn")
  expect_eq(g:count("idf_hand"), 0)
end)

test("7.1A, ruling N6: J-1 A has no zone limit: it un-disrupts a unit in a zone the IDF holds and controls", function()
  -- A dispersed, disrupted guerrilla with an IDF armour brigade in Naqoura:
  -- no unit there may fire (N14), and the IDF controls the zone (3.0).
  local g = H.at_operations{ idf_hand = {}, prepare = H.hand_code("insurgent", { "insurgent_j1" }) .. [[
    for _, u in ipairs(units_on_map('insurgent', nil, { 'naqoura' })) do pieces.move(u, 'insurgent_setup', 'test') end
    local u = pieces.top('insurgent_setup', { type = 'guerrilla' })
    pieces.move(u, 'naqoura', 'test')
    pieces.set_face(u, 'dispersed', 'test')
    pieces.mark(u, 'disrupted', 'test')
    pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), 'naqoura', 'test')]] }
  H.end_phase(g)
  expect_eq(g:run("return controller('naqoura')"), "idf")
  choose_starting(g, "J-1 A")
  local u = g:run("return pieces.top('naqoura', { type = 'guerrilla' })")
  expect_eq(g:choice_values(), { "piece=" .. u })
  g:choose(1)
  expect_eq(g:run("return pieces.marked(" .. u .. ", 'disrupted')"), false)
end)

test("15.0 (2006), rulings C11, OQ14: in 2006 a J-1 rebuilds a militia alone, or two guerrillas or rockets, SR and MR", function()
  local g = H.at_operations{ scenario = "lebanon_2006", idf_hand = {}, prepare = H.hand_code("insurgent", { "insurgent_j1" }) .. [[
    for _, t in ipairs({ 'militia', 'guerrilla', 'sr_rocket', 'mr_rocket' }) do
      local u = units_on_map('insurgent', function(u) return pieces.type(u) == t end)[1]
      pieces.move(u, 'insurgent_eliminated', 'test')
    end]] }
  H.end_phase(g)
  choose_starting(g, "J-1 C")
  expect_eq(g:choices(), { "Militia", "Guerrilla", "SR Rocket", "MR Rocket" })
  g:choose("SR Rocket")
  g:choose(1) -- where; it enters ready
  expect_eq(g:choices(), { "Done", "Rebuild Guerrilla", "Rebuild MR Rocket" }) -- never the militia
  g:choose("Rebuild MR Rocket")
  g:choose(1)
  expect_eq(g:at("insurgent_eliminated"), { "Militia", "Guerrilla" })
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("12.1, 16.0, ruling N19: no J-1 removes hits from Syrian units; their J-1s are the functions of every unit", function()
  local g = H.at_operations{ idf_hand = {}, prepare = H.hand_code("insurgent", { "insurgent_j1" }) .. [[
    vars.syria_in_war = true
    for _, p in ipairs(pieces.at('syrian_forces')) do pieces.move(p, 'syria', 'test') end
    pieces.mark(pieces.top('syria', { type = 'syrian_division' }), 'disrupted', 'test')]] }
  H.end_phase(g)
  expect_eq(starting(g, "J-1"), { "J-1 A: un-disrupt one unit, or ready a fired rocket", "J-1 D: change the mode of one unit",
                                  "J-1 E: un-disrupt every unit in a sanctuary", "J-1 F: change the mode of units in a sanctuary" })
  expect_eq(g:run([[local n = 0
    for _, f in ipairs(tables.joint_ops) do if f.words:find('%f[%w]hits?%f[%W]') then n = n + 1 end end
    return n]]), 0)
end)
