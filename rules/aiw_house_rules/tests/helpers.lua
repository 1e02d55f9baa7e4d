-- Shared helpers of the house rules' tests (no test here). The base's
-- tests/helpers.lua is not on this game's search path (tests see only this
-- game's folders), so the few helpers needed are repeated here.
local H = {}

-- A new house-rules 1948 game with forced draws, stopped at the first
-- decision of turn 1 (event Major Operation: no Force effect).
function H.new(opts)
  opts = opts or {}
  return new_game{
    scenario = "1948", seed = opts.seed or 1, dice = opts.dice,
    draws = {
      arab_deck = { "Arab Legion", "Arab Liberation Army", "Egyptian Army" },
      event_deck = { "Major Operation", "Internal Lines", "Reinforcements" },
      israeli_deck = { "Haganah Brigades", "Kibbutzim" },
    },
  }
end

-- Empties the fronts and puts the given card types there (by id).
function H.place(g, layout)
  local code = { [[
local function take(t, to)
  for _, l in ipairs({ "israeli_deck", "arab_deck", "israeli_discard", "arab_discard" }) do
    local ps = pieces.at(l, { type = t })
    if #ps > 0 then move(ps[#ps], to) return end
  end
  error("no card to place: " .. t)
end
for _, f in ipairs({ "north", "central", "south" }) do
  for _, p in ipairs(pieces.at(f)) do
    deck.put_bottom(p, pieces.owner(p) == "israel" and "israeli_deck" or "arab_deck")
  end
end
]] }
  for _, f in ipairs({ "north", "central", "south" }) do
    for _, t in ipairs(layout[f] or {}) do code[#code + 1] = string.format("take(%q, %q)\n", t, f) end
  end
  g:run(table.concat(code))
end

-- The force totals {Israel, Arabs} at `front` with the current event.
function H.totals(g, front)
  return g:run(string.format(
    "local ev = current_event() return { (force_total('israel', %q, ev)), (force_total('arab', %q, ev)) }", front, front))
end

-- Runs one battle at `front` now; returns the winner or "none".
function H.battle(g, front)
  return g:run(string.format("return battle(%q, current_event()) or 'none'", front))
end

return H
