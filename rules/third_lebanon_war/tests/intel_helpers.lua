-- Helpers of the J-1 and J-2 tests (intelligence_test, administration_test,
-- turn_test): a position built on an empty map, the hands given, and what a
-- side reads. Defines no test itself.
local H = require("helpers")
local I = {}

-- Lua run in the game before each `prepare`: `clear()` takes every counter
-- off the map (units and HQs to their side's set-up box, dummies to the
-- Insurgent's box of dummies); `put(type, zone [, face])` places a counter
-- of that type from off the map and returns it; `hand(side, types)` gives a
-- side exactly those chits.
I.PRELUDE = [[
local OFF = { 'idf_setup', 'insurgent_setup', 'idf_reinforcements', 'insurgent_reinforcements', 'insurgent_eliminated',
              'syrian_forces' }
local function clear()
  local boxes = { 'insurgent_box', 'syrian_box' }
  for _, t in ipairs(tables.tf_hqs) do boxes[#boxes + 1] = t.box end
  local places = {}
  for _, z in ipairs(ZONES) do places[#places + 1] = z end
  for _, b in ipairs(boxes) do places[#places + 1] = b end
  for _, z in ipairs(places) do
    for _, p in ipairs(pieces.at(z)) do
      if is_dummy(p) then
        pieces.move(p, 'insurgent_reinforcements', 'test')
      elseif pieces.kind(p) == 'unit' or pieces.kind(p) == 'hq' then
        pieces.move(p, pieces.owner(p) .. '_setup', 'test')
      end
    end
  end
end
local function put(t, zone, face)
  for _, loc in ipairs(OFF) do
    local p = pieces.top(loc, { type = t })
    if p then
      pieces.move(p, zone, 'test')
      if face and pieces.face(p) ~= face then pieces.set_face(p, face, 'test') end
      return p
    end
  end
  error('no ' .. t .. ' off the map')
end
local function hand(side, types)
  local c = chits_of(side)
  for _, chit in ipairs(pieces.at(c.hand)) do pieces.move(chit, c.pool, 'test') end
  for _, t in ipairs(types) do pieces.move(pieces.top(c.pool, { type = t }), c.hand, 'test') end
end
]]

-- Runs `code` in `g` after the prelude; returns what it returns.
function I.run(g, code)
  return g:run(I.PRELUDE .. code)
end

-- A game of `opts.scenario` (next_war) at the IDF's first "Play a Joint Ops
-- chit". The set-up is played with the first choices; just before its last
-- decision, the map is cleared (unless opts.keep_map), `opts.prepare` runs
-- (with the prelude), the hands are given (`opts.idf`, `opts.insurgent`:
-- chit types; empty when not given), the stacks refreshed, and `opts.dice`
-- forced.
function I.game(opts)
  local g = new_game{ scenario = opts.scenario or "next_war", seed = opts.seed or 1 }
  local prepared = false
  H.set_up(g, function(g)
    if prepared or g:side() ~= "insurgent" or g:prompt() ~= "Select a Joint Ops chit" then return nil end
    -- The Insurgent's last selection: the set-up's last decision.
    if g:run("return pieces.count(chits_of('insurgent').hand)") ~= g:run("return track.get('insurgent_c2')") - 1 then
      return nil
    end
    prepared = true
    local code = (opts.keep_map and "" or "clear()\n") .. (opts.prepare or "") .. "\n"
    code = code .. "hand('idf', {" .. I.list(opts.idf) .. "})\n"
    -- The Insurgent's last selection adds one chit: his hand is given after it.
    I.run(g, code .. "refresh_stacks()")
    return nil
  end)
  I.run(g, "hand('insurgent', {" .. I.list(opts.insurgent) .. "})")
  if opts.dice then g:dice(opts.dice) end
  return g
end

-- A Lua list of quoted strings.
function I.list(types)
  local out = {}
  for _, t in ipairs(types or {}) do out[#out + 1] = string.format("%q", t) end
  return table.concat(out, ", ")
end

-- The texts of the events `side` reads (all, as the referee, when nil) that
-- contain `text`.
function I.read(g, side, text)
  local out = {}
  for _, e in ipairs(side and g:events(side) or g:events()) do
    if e.text:find(text, 1, true) then out[#out + 1] = e.text end
  end
  return out
end

-- Whether the choices include one whose words start with `prefix`.
function I.offered(g, prefix)
  for _, t in ipairs(g:choices()) do
    if t:sub(1, #prefix) == prefix then return true end
  end
  return false
end

-- The printed names of the Insurgent's unit types: what the IDF must not read
-- of a counter it has not seen.
I.INSURGENT_NAMES = { "Militia", "Guerrilla", "Main Force", "SR Rocket", "MR Rocket", "Missile", "Dummy" }

-- The IDF's events since event `from` (exclusive) that name an Insurgent
-- unit type.
function I.idf_reads_names(g, from)
  local out = {}
  local events = g:events("idf")
  for i = (from or 0) + 1, #events do
    for _, name in ipairs(I.INSURGENT_NAMES) do
      if events[i].text:find(name, 1, true) then
        out[#out + 1] = events[i].text
        break
      end
    end
  end
  return out
end

-- Ends the IDF's Joint Operations Phase and plays its Planning with the
-- first choices, until the Insurgent's first "Play a Joint Ops chit".
function I.to_insurgent(g)
  g:choose("end_phase")
  for _ = 1, 50 do
    if g:side() == "insurgent" and g:prompt() == "Play a Joint Ops chit" then return g end
    g:choose(1)
  end
  error("the Insurgent's Joint Operations did not come: " .. tostring(g:prompt()))
end

I.choose_starting = H.choose_starting
return I
