-- Shared helpers of the scripted tests (this file defines no test itself).
local H = {}

-- A new game stopped at the first Combat Round decision of turn 1.
-- opts.launchers: the 16 launchers the set-up draws, by name (default: 12
-- Qassam and 4 Grad launchers: 3 Qassam and 1 Grad in each Gaza area); opts.domes: the titles of the areas where the set-up
-- Iron Domes go (default none); opts.naval: the sea area's title (default
-- the first); opts.dice: dice forced from the start (the set-up rolls none).
function H.new(opts)
  opts = opts or {}
  local launchers = opts.launchers
  if not launchers then
    launchers = {}
    for k = 1, 12 do launchers[k] = "Qassam launcher" end
    for k = 13, 16 do launchers[k] = "Grad launcher" end
  end
  local g = new_game{ scenario = "gaza_2012", seed = opts.seed or 1, dice = opts.dice,
                      draws = { launcher_cup = launchers } }
  H.setup_assets(g, opts)
  return g
end

-- Answers the 10.2 decisions: Iron Domes and the naval unit.
function H.setup_assets(g, opts)
  for _, d in ipairs(opts.domes or {}) do g:choose(d) end
  if g:prompt() and g:prompt():find("^Place Iron Dome") then g:choose("Place no more Iron Domes") end
  g:choose(opts.naval or 1)
end

-- Runs Lua in the game and returns its value.
function H.run(g, fmt, ...)
  return g:run(string.format(fmt, ...))
end

-- The ids of the launchers in the Gaza area titled `title`.
function H.launchers(g, area)
  return g:run(string.format("return pieces.at(%q, { has = 'launcher' })", area))
end

-- Sets both Diplomacy markers and the MVP tracks, in a fixed order.
local TRACKS = { "hamas_diplomacy", "israel_diplomacy", "hamas_mvp", "israel_mvp" }
function H.tracks(g, t)
  for k in next, t do
    if not string.find(" " .. table.concat(TRACKS, " ") .. " ", " " .. k .. " ", 1, true) then
      error("H.tracks: unknown track " .. k)
    end
  end
  local code = {}
  for _, k in ipairs(TRACKS) do
    if t[k] then code[#code + 1] = string.format("track.set(%q, %d)", k, t[k]) end
  end
  g:run(table.concat(code, " "))
end

-- Ends the combat round and every later decision of the turn until the
-- prompt matches `until_prompt` (a plain substring) or the game ends.
function H.skip_until(g, until_prompt, limit)
  for _ = 1, limit or 200 do
    local p = g:prompt()
    if not p or g:finished() then return end
    if p:find(until_prompt, 1, true) then return end
    local choices = g:choices()
    g:choose(#choices)
  end
end

-- Clears the map of launchers (back into the container), then ends the
-- three combat rounds of turn 1 with no rocket in flight, so that the next
-- dice are those of turn 2: event D6, event D10, launcher D10, asset D10.
function H.to_turn2(g, dice)
  g:run("for _, a in ipairs(areas_of('gaza')) do for _, p in ipairs(pieces.at(a, { has = 'launcher' })) do pieces.move(p, 'launcher_cup') end end")
  g:dice(dice)
  for _ = 1, 3 do g:choose("End the combat round") end
end

-- Chooses the first legal choice that starts with `prefix`.
function H.choose_prefix(g, prefix)
  for _, c in ipairs(g:choices()) do
    if c:sub(1, #prefix) == prefix then return g:choose(c) end
  end
  error("no choice starts with '" .. prefix .. "': " .. table.concat(g:choices(), " | "))
end

-- Creates a rocket of `type` in `area` and flies it (7.2.1); returns the outcome.
function H.fly(g, type, area)
  return g:run(string.format("return fly_rocket(pieces.create(%q, %q))", type, area))
end

-- Flies a rocket through the game's own Missile Flight and Strike Round,
-- where the player is asked whether to intercept (7.2.2; g:run cannot ask):
-- from the Combat Round decision, clears the launchers off the map, creates
-- a rocket of `type` in the blue area `area`, forces `dice` and ends the
-- combat round. The game then waits at the first interception decision, if
-- any. Returns the rocket's id.
function H.flight(g, type, area, dice)
  g:run("for _, a in ipairs(areas_of('gaza')) do for _, p in ipairs(pieces.at(a, { has = 'launcher' })) do pieces.move(p, 'launcher_cup') end end")
  local r = g:run(string.format("return pieces.create(%q, %q)", type, area))
  g:dice(dice)
  g:choose("End the combat round")
  return r
end

-- Moves an Israeli unit of `type` from the reserve to `loc`; returns its id.
function H.put(g, type, loc)
  return g:run(string.format("local p = pieces.at('israeli_reserve', { type = %q })[1] pieces.move(p, %q) return p", type, loc))
end

-- The choices of an interception decision (7.2.2): one per Iron Dome
-- text given, then the standing orders (ruling I3), then "Let it fly".
function H.interception_choices(...)
  local out = { ... }
  for _, o in ipairs({ "From now on: intercept with the best Iron Dome at DR +0, let the rest fly",
                       "From now on: intercept with the best Iron Dome at DR +1 or better, let the rest fly",
                       "From now on: let every rocket fly", "Let it fly" }) do
    out[#out + 1] = o
  end
  return out
end

return H
