-- Helpers of the movement, strikes and planning tests (this file defines no
-- test itself): a game at the IDF's first Joint Operations decision, the
-- map emptied and the position and hands the test gives set, and the way to
-- the Insurgent's phase.
local H = require("helpers")
local M = {}

-- Lua run in the game before a test's own: `put(type, where)` takes a
-- counter of that type from a box it waits in and places it; `clear()`
-- takes every counter and HQ off the map.
M.PRELUDE = [[
local BOXES = { 'idf_setup', 'insurgent_setup', 'idf_reinforcements', 'insurgent_reinforcements', 'syrian_forces' }
local function put(t, where)
  for _, box in ipairs(BOXES) do
    local p = pieces.top(box, { type = t })
    if p then
      pieces.move(p, where, 'test')
      return p
    end
  end
  error('no counter of type ' .. t .. ' left')
end
local function clear()
  for _, z in ipairs(ZONES) do
    for _, p in ipairs(pieces.at(z)) do
      local kind = pieces.kind(p)
      if kind == 'hq' then
        for _, u in ipairs(pieces.at(holding_box(p))) do pieces.move(u, pieces.owner(u) .. '_setup', 'test') end
      end
      if kind == 'unit' or kind == 'hq' then
        pieces.move(p, is_dummy(p) and 'insurgent_reinforcements' or pieces.owner(p) .. '_setup', 'test')
      end
    end
  end
end
]]

-- Runs `code` in the game with the prelude's helpers.
function M.run(g, code)
  return g:run(M.PRELUDE .. code)
end

-- A game (opts.scenario, default next_war) at the IDF's first Joint
-- Operations decision: when the Insurgent starts selecting his first hand
-- (the set-up's placing done), the map is emptied, the IDF's hand is
-- opts.idf_hand and opts.setup (Lua, with put and clear) is run; once the
-- set-up is over the Insurgent's hand is opts.insurgent_hand (chit types).
-- opts.dice are forced from then on.
function M.game(opts)
  local g = new_game{ scenario = opts.scenario or "next_war", seed = opts.seed or 1 }
  local prepared = false
  H.set_up(g, function(g)
    if prepared or g:side() ~= "insurgent" or g:prompt() ~= "Select a Joint Ops chit" then return nil end
    prepared = true
    M.run(g, "clear()\n" .. H.hand_code("idf", opts.idf_hand) .. (opts.setup or "") .. "\nrefresh_stacks()")
    return nil
  end)
  g:run(H.hand_code("insurgent", opts.insurgent_hand))
  if opts.dice then g:dice(opts.dice) end
  return g
end

-- Plays on, ending phases and taking the first choice otherwise, until
-- `stop(g)` holds.
function M.play_until(g, stop)
  for _ = 1, 500 do
    if stop(g) then return g end
    local pick = 1
    for i, v in ipairs(g:choice_values()) do
      if v == "option=end_phase" then pick = i end
    end
    g:choose(pick)
  end
  error("play_until: not reached in 500 decisions; at " .. tostring(g:prompt()))
end

-- Ends the IDF's phase and plays on to the Insurgent's first Joint
-- Operations decision.
function M.to_insurgent(g)
  return M.play_until(g, function(g) return g:side() == "insurgent" and g:prompt() == "Play a Joint Ops chit" end)
end

-- The id of the first piece of `type` in `loc` (a zone id or a Lua
-- expression such as holding_box(...)).
function M.piece(g, loc, type)
  return g:run(string.format("return pieces.top(%q, { type = %q })", loc, type))
end

-- Whether any choice's typed value contains `text`.
function M.offered(g, text)
  for _, v in ipairs(g:choice_values()) do
    if v:find(text, 1, true) then return true end
  end
  return false
end

-- Takes the first choice whose words start with `prefix`.
M.choose_starting = H.choose_starting

return M
