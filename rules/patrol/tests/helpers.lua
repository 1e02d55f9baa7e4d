-- Shared helpers of the scripted tests (this file defines no test itself).
local H = {}

-- The hideouts get, in order: Amra, Kessa, Dorn, Velik, Tamar.
H.SETUP = { "Cell", "Cadre", "Cell", "Nothing", "Cadre" }

-- A new game stopped at turn 1's movement, with the five hideouts forced.
function H.new(opts)
  opts = opts or {}
  return new_game{ scenario = opts.scenario or "valley", seed = opts.seed or 1, dice = opts.dice,
                   draws = { cup = opts.hideouts or H.SETUP } }
end

-- Where the patrol stands.
function H.patrol_hex(g)
  return g:run("return pieces.location(vars.patrol)")
end

-- Puts the patrol on `hex` (a test position, no rule).
function H.put_patrol(g, hex)
  g:run(string.format("pieces.move(vars.patrol, %q)", hex))
end

return H
