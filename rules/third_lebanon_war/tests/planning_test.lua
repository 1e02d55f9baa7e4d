-- The optional J-5 and J-6 chits (mat J-5, J-6; rulings T76-T79): advance
-- and real-time planning, networked operations, information warfare.

local M = require("move_helpers")

local OPTIONAL = "next_war_optional"

-- Lua that sets an advance plan of the chit types `types` for `side`, made
-- last turn: its Joint Operations Phase makes it ready.
local function plan_code(side, types)
  local code = ""
  for _, t in ipairs(types) do
    code = code .. string.format("pieces.move(pieces.top('%s_pool', { type = %q }), '%s_planned', 'test')\n", side, t, side)
  end
  return code .. string.format("vars.plans = { idf = { state = 'none', left = 0 }, insurgent = { state = 'none', left = 0 } }\n"
                               .. "vars.plans.%s = { state = 'waiting', left = 0 }\n", side)
end

local function staffs(g) return g:run("return table.concat(staffs_in_hand('idf'), ' ')") end

-- Moves the armour in zone `from` to `to` with the J-3 A now played.
local function move_armor(g, from, to)
  g:choose("option=move_unit,piece=" .. M.piece(g, from, "idf_armor"))
  g:choose("option=move_to,location=" .. to)
  g:choose("stop_here")
end

test("mat J-5, ruling T76: the optional scenarios put J-5 and J-6 in the pools, with this game's order of battle", function()
  for _, s in ipairs({ "next_war_optional", "lebanon_2006_optional" }) do
    local g = new_game{ scenario = s }
    expect_eq(g:run("return pieces.count('idf_pool', { type = 'idf_j5' }) + pieces.count('idf_hand', { type = 'idf_j5' })"), 2)
    expect_eq(g:run("return pieces.count('insurgent_setup', { type = 'main_force' })"), 4)
  end
  local g = new_game{ scenario = "next_war" }
  expect_eq(g:run("return pieces.count('idf_pool', { type = 'idf_j5' })"), 0)
end)

test("mat J-5 Advance Planning, ruling T76: three chits, never a J-5, wait for next turn; then, once one is played, only they", function()
  local g = M.game{ scenario = OPTIONAL, idf_hand = { "idf_j5", "idf_j3" }, setup = "put('idf_armor', 'upper_galilee')" }
  M.choose_starting(g, "J-5 A")
  expect(not M.offered(g, "option=J-5"), "no J-5 in a plan")
  g:choose("J-3")
  g:choose("J-3")
  g:choose("J-4")
  expect_eq(g:count("idf_planned"), 3)
  expect_eq(g:var("plans").idf.state, "waiting")
  expect_eq(staffs(g), "J-3") -- the hand's J-3 only: the plan is for next turn
  -- To the IDF's next Joint Operations Phase (a card with no effect between).
  g:draws("cascading_deck", { "King of Hearts" })
  M.play_until(g, function(g) return g:turn() == 2 and g:side() == "idf" and g:prompt() == "Play a Joint Ops chit" end)
  expect(g:logged("IDF may carry out its advance plan this turn", "mat J-5"))
  expect_eq(staffs(g), "J-1 J-2 J-3 J-4")
  M.choose_starting(g, "J-3 A") -- the hand holds no J-3: the plan's
  expect(g:logged("IDF carries out its advance plan", "mat J-5"))
  move_armor(g, "upper_galilee", "naqoura")
  expect_eq(staffs(g), "J-3 J-4") -- the hand's J-1 and J-2 wait until the plan is spent
  expect_eq(g:var("plans").idf.left, 2)
  g:choose("end_phase")
  expect_eq(g:count("idf_planned"), 0) -- what is left of it goes back to the pool
  expect_eq(g:var("plans").idf.state, "none")
end)

test("mat J-5, ruling T76: with the staff in hand and plan the player says which, in secret; the plan's last chit ends it", function()
  local g = M.game{ scenario = OPTIONAL, idf_hand = { "idf_j3" }, setup = "put('idf_armor', 'upper_galilee')\n"
                    .. plan_code("idf", { "idf_j3", "idf_j4" }) }
  expect_eq(staffs(g), "J-3 J-4")
  M.choose_starting(g, "J-3 A")
  expect_eq(g:prompt(), "Play the J-3 from your advance plan or from your hand?")
  g:choose("from_hand")
  for _, e in ipairs(g:events("insurgent")) do expect(not e.text:find("From the hand", 1, true), e.text) end
  move_armor(g, "upper_galilee", "naqoura")
  expect_eq(g:var("plans").idf.state, "ready")
  M.choose_starting(g, "J-3 A")
  move_armor(g, "naqoura", "tyre")
  expect_eq(staffs(g), "J-4")
  expect(not M.offered(g, "J-3"), "the hand is closed while the plan runs")
  M.choose_starting(g, "J-4 A")
  g:choose(1)
  g:choose(1)
  expect_eq(g:var("plans").idf.state, "none")
  expect_eq(g:count("idf_discard"), 3)
end)

test("mat J-5, rulings T76, T77: no second plan while one waits; Real-time Planning puts a chit, never a J-5, in the hand", function()
  local g = M.game{ scenario = OPTIONAL, idf_hand = { "idf_j5" }, setup = "put('idf_armor', 'upper_galilee')\n"
                    .. plan_code("idf", { "idf_j4" }) }
  expect(not M.offered(g, "J-5A"), "no advance planning while a plan waits")
  M.choose_starting(g, "J-5 B")
  expect(not M.offered(g, "option=J-5"), "no J-5")
  g:choose("J-3")
  expect_eq(g:at("idf_hand"), { "J-3 Operations" })
  M.choose_starting(g, "J-3 A") -- played at once
end)

test("mat J-6 Networked Operations, ruling T78: with a J-3 move, every unit and TF HQ of the zone may move together", function()
  local g = M.game{ scenario = OPTIONAL, idf_hand = { "idf_j3", "idf_j6" }, setup = [[
    put('idf_armor', 'upper_galilee')
    put('idf_armor', 'upper_galilee')
    put('idf_tf_hq_1', 'upper_galilee')
    set_mode(put('idf_armor', 'upper_galilee'), 'dispersed', 'test')]] }
  local armors = g:run("local out = {} for _, u in ipairs(pieces.at('upper_galilee', { type = 'idf_armor' })) do out[#out + 1] = u end return table.concat(out, ' ')")
  local a, b = armors:match("(%d+) (%d+)")
  M.choose_starting(g, "J-3 A")
  g:choose("option=move_unit,piece=" .. a)
  expect_eq(g:prompt(), "Network this mission in Upper Galilee (Safed)?")
  g:choose("network")
  expect_eq(#g:choices(), 3) -- done, the other concentrated armour, the HQ
  g:choose("option=join_group,piece=" .. b)
  g:choose("done")
  g:choose("option=move_to,location=naqoura")
  expect_eq(g:run("return pieces.count('naqoura', { type = 'idf_armor' })"), 2)
  expect_eq(g:at("idf_discard"), { "J-3 Operations", "J-6 Signals/IT" })
end)

-- The Insurgent's chits in his hand, pool and discard: all he may still select or play.
local function insurgent_chits(g)
  return g:count("insurgent_hand") + g:count("insurgent_pool") + g:count("insurgent_discard")
end

test("mat J-6 Information Warfare, rulings T79, T29: a die a J-6; each 5-6 removes a random chit of the enemy's Available Pile from the game", function()
  -- The Available Pile is the pool and the discard (T34): a J-4 discarded, the last of the pile.
  local g = M.game{ scenario = OPTIONAL, idf_hand = { "idf_j6", "idf_j6" },
                    setup = "pieces.move(pieces.top('insurgent_pool', { type = 'insurgent_j4' }), 'insurgent_discard', 'test')" }
  local pool, chits = g:count("insurgent_pool"), insurgent_chits(g)
  M.choose_starting(g, "J-6 B")
  g:dice{ 5, 2, pool + 1 } -- two J-6, two dice: one 5; the pick, the discarded J-4
  g:choose("add_j6")
  expect_eq(g:unused_dice(), 0)
  expect_eq(g:at("removed_from_game"), { "J-4 Logistics" })
  expect_eq(g:count("insurgent_discard"), 0)
  expect_eq(g:count("insurgent_pool"), pool)
  expect(g:logged("J-4 Logistics is removed from the game", "mat J-6"))
  -- Past the Insurgent's Planning and into the next turn, it has not come back.
  g:draws("cascading_deck", { "King of Hearts" })
  M.play_until(g, function(g) return g:turn() == 2 end)
  expect_eq(g:at("removed_from_game"), { "J-4 Logistics" })
  expect_eq(insurgent_chits(g), chits - 1)
end)

test("mat J-3 to J-6: random games of the optional scenarios play every function of these files and replay the same", function()
  for _, s in ipairs({ "next_war_optional", "lebanon_2006_optional" }) do
    local report = random_play{ scenario = s, games = 6, seed = 11, replay_every = 2, max_decisions = 20000 }
    expect_eq(report.games, 6)
  end
end)
