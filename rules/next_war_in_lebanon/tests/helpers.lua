-- Shared helpers of the scripted tests (this file defines no test itself).
local H = {}

-- Plays the set-up (4.0) of `g` with the first choice offered at every
-- decision (the first zone, done with modes, the first staff), until turn 1
-- begins. `choose(g)` may answer a decision instead: it returns a choice,
-- or nil for the first.
function H.set_up(g, choose)
  for _ = 1, 500 do
    if g:turn() >= 1 or g:finished() then return g end
    local c = choose and choose(g)
    if c then g:choose(c) else g:choose(1) end
  end
  error("the set-up did not end in 500 decisions")
end

-- A game at the First Player's (the IDF's) first Joint Operations decision.
-- The set-up is played with the first choices; just before it ends,
-- `prepare` (Lua run in the game) arranges the map and the hands: the IDF's
-- hand is emptied into its pool first, then holds the chits `idf_hand`
-- names (piece type ids, in order); `dice` are forced from then on.
function H.at_operations(opts)
  local g = new_game{ scenario = opts.scenario or "next_war", seed = opts.seed or 1 }
  local prepared = false
  H.set_up(g, function(g)
    if prepared or g:side() ~= "insurgent" or g:prompt() ~= "Select a Joint Ops chit" then return nil end
    prepared = true
    local code = "for _, c in ipairs(pieces.at('idf_hand')) do pieces.move(c, 'idf_pool', 'test') end\n"
    for _, t in ipairs(opts.idf_hand or {}) do
      code = code .. string.format("pieces.move(pieces.top('idf_pool', { type = %q }), 'idf_hand', 'test')\n", t)
    end
    g:run(code .. (opts.prepare or ""))
    if opts.dice then g:dice(opts.dice) end
    return nil
  end)
  return g
end

-- Ends the phasing side's Joint Operations Phase (declining its
-- Preparation Phase's J-2 first if it is asked).
-- Code (for at_operations' prepare) that clears the Insurgent units out of
-- the zones SOUTH_OF_LITANI[1..n] (to the eliminated box) and puts an IDF
-- armour brigade in each.
function H.take_zones(n)
  return string.format([[for k = 1, %d do
      local z = SOUTH_OF_LITANI[k]
      for _, u in ipairs(units_on_map('insurgent', nil, { z })) do pieces.move(u, 'insurgent_eliminated', 'test') end
      pieces.move(pieces.top(ZONES[1], { type = 'idf_armor' }), z, 'test')
    end]], n)
end

function H.end_phase(g)
  if g:prompt() == "Play a J-2 to examine the enemy's selected chits?" then g:choose("no_examination") end
  g:choose("end_phase")
end

-- Plays on, every player turn ended at once and every other decision given
-- its first choice, until the game is over or `stop(g)` holds.
function H.pass_turns(g, stop)
  for _ = 1, 5000 do
    if g:finished() or (stop and stop(g)) then return g end
    local pick = 1
    for i, v in ipairs(g:choice_values()) do
      if v == "option=end_phase" or v == "option=no_examination" then pick = i end
    end
    g:choose(pick)
  end
  error("the game did not end in 5000 decisions")
end

-- Answers with the first choice whose words start with `prefix`.
function H.choose_starting(g, prefix)
  for i, t in ipairs(g:choices()) do
    if t:sub(1, #prefix) == prefix then return g:choose(i) end
  end
  error("no choice starting '" .. prefix .. "' among: " .. table.concat(g:choices(), " | "))
end

-- Lua that empties `side`'s hand into its pool, then gives it the chits
-- of the types `types`, in order.
function H.hand_code(side, types)
  local code = string.format("for _, c in ipairs(pieces.at('%s_hand')) do pieces.move(c, '%s_pool', 'test') end\n", side, side)
  for _, t in ipairs(types or {}) do
    code = code .. string.format("pieces.move(pieces.top('%s_pool', { type = %q }), '%s_hand', 'test')\n", side, t, side)
  end
  return code
end

-- A whole game of `scenario` played with the seed's random choices; checks
-- its result, length and final state hash against `want` ({ seed, result,
-- decisions, hash }): the golden playthroughs of this game and its mods.
function H.golden_playthrough(scenario, want)
  local g = new_game{ scenario = scenario, seed = want.seed }
  local rand = chooser(want.seed)
  local decisions = 0
  while not g:finished() and decisions < 20000 do
    g:choose(rand(#g:choices()))
    decisions = decisions + 1
  end
  expect_eq(g:result(), want.result, scenario)
  expect_eq(decisions, want.decisions, scenario)
  expect_eq(g:hash(), want.hash, scenario)
end

return H
