-- The turn (seed 002's turn summary) and the set-up as turn.lua and
-- cards.lua write them: each player's Preparation and Planning, the first
-- hands, the hidden Insurgent set-up with its dummies (15.5; ruling T55),
-- and the 52-card Cascading Effects deck.

local H = require("helpers")
local I = require("intel_helpers")

local function face(g, p) return g:run("return pieces.face(" .. p .. ")") end
local function visibility(g, p) return g:run("return pieces.visibility(" .. p .. ")") end
local function where(g, p) return g:run("return pieces.location(" .. p .. ")") end

-- Ends the IDF's phase and answers its Planning with the first choices,
-- until the Insurgent decides.
local function to_insurgent_preparation(g)
  g:choose("end_phase")
  while g:side() == "idf" do g:choose(1) end
end

test("turn, Preparation: the phasing side's Revealed units flip Underground or go into a TF box of their zone; the enemy's stay", function()
  local g = I.game{ idf = {}, insurgent = {}, prepare = [[
    put('insurgent_tf_hq', 'qana'); put('guerrilla', 'qana', 'revealed'); put('guerrilla', 'tyre', 'revealed')]] }
  local boxed = g:run("return pieces.top('qana', { type = 'guerrilla' })")
  local flipped = g:run("return pieces.top('tyre', { type = 'guerrilla' })")
  -- The IDF's Preparation left the Insurgent's Revealed units alone.
  expect_eq(face(g, boxed), "revealed")
  expect_eq(face(g, flipped), "revealed")
  to_insurgent_preparation(g)
  expect_eq(g:prompt(), "Guerrilla: flip Underground, or into the OOB mat?")
  expect_eq(g:choices(), { "Underground mode", "Move Guerrilla from Qana (Tyre hinterland) to Insurgent holding box" })
  g:choose(2)
  expect_eq(where(g, boxed), "insurgent_box")
  expect_eq(face(g, boxed), "underground")
  -- With no TF HQ in its zone, the other flips without a question.
  expect_eq(face(g, flipped), "underground")
  expect_eq(visibility(g, flipped), "owner")
  expect_eq(g:prompt(), "Play a Joint Ops chit")
end)

test("turn, Planning, ruling T16: the phasing side discards its hand and selects a full new one, in secret", function()
  local g = I.game{ idf = { "idf_j1", "idf_j3" }, insurgent = { "insurgent_j2" } }
  H.choose_starting(g, "J-1 A") -- plays the J-1 (enters a reinforcement)
  while g:prompt() ~= "Play a Joint Ops chit" do g:choose(1) end
  local from = #g:events("insurgent")
  g:choose("end_phase")
  for k = 1, 7 do
    expect_eq(g:prompt(), "Select a Joint Ops chit", "selection " .. k)
    g:choose(1)
  end
  expect_eq(g:count("idf_hand"), 7)
  expect_eq(g:count("idf_discard"), 0)
  expect_eq(g:run("local n = 0 for _, c in ipairs(pieces.at('idf_hand')) do if pieces.marked(c, 'drawn') then n = n + 1 end end return n"), 0)
  -- The Insurgent's hand is his own business: untouched, and he read nothing of the IDF's choices.
  expect_eq(g:count("insurgent_hand"), 1)
  for i, e in ipairs(g:events("insurgent")) do
    -- (A chit played comes back to the pool in the open: it was seen played.)
    if i > from then expect(not e.text:find("^J%-%d.*IDF hand"), "the Insurgent reads: " .. e.text) end
  end
end)

test("turn, ruling T16: the first hands are selected in full, as many chits as the C2", function()
  for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
    local g = H.set_up(new_game{ scenario = scenario, seed = 3 })
    expect_eq(g:count("idf_hand"), g:track("idf_c2"), scenario)
    expect_eq(g:count("insurgent_hand"), g:track("insurgent_c2"), scenario)
    expect_eq(g:run("local n = 0 for _, s in ipairs({ 'idf', 'insurgent' }) do for _, c in ipairs(pieces.at(chits_of(s).hand)) do "
                    .. "if pieces.marked(c, 'drawn') then n = n + 1 end end end return n"), 0)
  end
end)

test("15.5, ruling T55: four dummies are set up with the Insurgent's units, south of the Litani only, never in a box", function()
  for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
    local g = new_game{ scenario = scenario, seed = 5 }
    local rand = chooser(5)
    local south = {}
    for _, z in ipairs(g:run("return SOUTH_OF_LITANI")) do south[z] = true end
    while g:turn() < 1 do
      if g:prompt() == "Set up Dummy" then
        for _, v in ipairs(g:choice_values()) do
          expect(south[v:match("to=([%w_]+)")], scenario .. ": a dummy offered " .. v)
        end
      end
      g:choose(rand(#g:choices()))
    end
    expect_eq(g:run("return #counters_on_map('insurgent', is_dummy)"), 4, scenario)
    expect_eq(g:run("local n = 0 for _, z in ipairs(SOUTH_OF_LITANI) do n = n + pieces.count(z, { type = 'dummy' }) end return n"),
              4, scenario)
    expect_eq(g:count("insurgent_reinforcements"), 4, scenario)
  end
end)

test("15.5, rulings T11, T55: the IDF reads nothing of the Insurgent's set-up but where his counters went, in a shuffled order", function()
  local g = new_game{ scenario = "next_war", seed = 1 }
  H.set_up(g)
  expect_eq(I.idf_reads_names(g), {})
  expect(g:logged("Insurgent forces to set up shuffled"), "the set-up box is shuffled")
  -- The referee's log: the units were not placed in the order they were listed (five militia first).
  local placed = {}
  for _, e in ipairs(g:events()) do
    local name = e.text:match("^(.-) moved from Insurgent forces to set up")
    if name and name ~= "Insurgent TF HQ" then placed[#placed + 1] = name end
  end
  expect_eq(#placed, 5 + 8 + 4 + 8 + 1 + 4) -- militia, guerrillas, main force, rockets, the missile, dummies
  local militia_first = true
  for k = 1, 5 do militia_first = militia_first and placed[k] == "Militia" end
  expect(not militia_first, "the order is shuffled")
  -- On the map every Insurgent unit and dummy is face down; his TF HQ is seen.
  expect_eq(g:run("local n = 0 for _, u in ipairs(counters_on_map('insurgent')) do "
                  .. "if pieces.visibility(u) ~= 'owner' then n = n + 1 end end return n"), 0)
  expect_eq(g:run("for _, z in ipairs(ZONES) do local hq = pieces.top(z, { kind = 'hq', owner = 'insurgent' }) "
                  .. "if hq then return pieces.visibility(hq) or 'seen by both' end end"), "seen by both")
end)

test("turn, ruling T11: a Revealed unit is seen by both sides; turned Underground, by its owner alone", function()
  local g = I.game{ idf = {}, prepare = "put('guerrilla', 'tyre')" }
  local p = g:run("return pieces.top('tyre', { type = 'guerrilla' })")
  expect_eq(visibility(g, p), "owner")
  g:run("set_mode(" .. p .. ", 'revealed', 'test') refresh_stacks()")
  expect_eq(visibility(g, p), nil)
  expect(#I.read(g, "idf", "Guerrilla revealed at Tyre") == 1, "the IDF reads the reveal")
  g:run("set_mode(" .. p .. ", 'underground', 'test') refresh_stacks()")
  expect_eq(visibility(g, p), "owner")
end)

test("research 4.1, ruling T13: the Cascading Effects come from a 52-card deck, reshuffled when it runs out", function()
  local g = H.set_up(new_game{ scenario = "next_war", seed = 2 })
  expect_eq(g:count("cascading_deck"), 52)
  g:run("for _, c in ipairs(pieces.at('cascading_deck')) do pieces.move(c, 'cascading_discard', 'test') end")
  local suit = g:run("local suit = draw_cascading_card('test') return suit")
  expect(suit == "spade" or suit == "heart" or suit == "diamond" or suit == "club", tostring(suit))
  expect_eq(g:count("cascading_deck"), 51)
  expect_eq(g:count("cascading_discard"), 1)
  expect(g:logged("The Cascading Effects deck is reshuffled"))
end)
