-- Shared helpers of the scripted tests (this file defines no test itself).
-- Card types are named by id (e.g. "haganah_brigades", "arab_armored_cars").
local H = {}

-- The events of turns 1-3: opts.event1..3, each card once (the deck holds one of each).
local function events(opts)
  local out = {}
  for _, e in ipairs({ opts.event1 or "Major Operation", opts.event2 or "Internal Lines", opts.event3 or "Reinforcements" }) do
    local again = false
    for _, o in ipairs(out) do again = again or o == e end
    if not again then out[#out + 1] = e end
  end
  return out
end

-- A new 1948 game with forced draws. By default turn 1 draws Arab Legion,
-- Arab Liberation Army, Egyptian Army (one to each front), the event
-- `opts.event1` (default Major Operation: free transfers only) and the
-- Israeli cards Haganah Brigades, Kibbutzim. It stops at the first decision.
function H.new(opts)
  opts = opts or {}
  local arab_draws = { "Arab Legion", "Arab Liberation Army", "Egyptian Army",
                       "Arab Legion", "Arab Liberation Army", "Egyptian Army",
                       "Arab Legion", "Arab Liberation Army", "Egyptian Army" }
  if opts.arab then arab_draws = opts.arab end
  return new_game{
    scenario = "1948", seed = opts.seed or 1, dice = opts.dice,
    draws = {
      arab_deck = arab_draws,
      event_deck = opts.events or events(opts),
      israeli_deck = opts.israeli or { "Haganah Brigades", "Kibbutzim", "Haganah Brigades", "Kibbutzim",
                                       "Haganah Brigades", "Kibbutzim" },
    },
  }
end

-- Answers every pending deploy decision with `front` (1 North, 2 Central, 3 South).
function H.deploy_all(g, front)
  while g:prompt() and g:prompt():find("^Israeli Phase: deploy") do g:choose(front or 1) end
end

-- Ends the Transfer Phase with "No transfer" when it is asked.
function H.no_transfer(g)
  if g:prompt() and g:prompt():find("^Transfer Phase") then g:choose("No transfer") end
end

-- Makes one transfer: picks the unit "<name> from <front>", then its
-- destination, both by their words.
function H.transfer(g, unit, from, to)
  g:choose(unit .. " from " .. from)
  g:choose("Move " .. unit .. " from " .. from .. " to " .. to)
end

-- Plays turn 1 (deploy everything North, no transfer) and stops at the first
-- decision of turn 2, whose event is opts.event2 (default Internal Lines).
-- Board then: North 2 Arab Liberation Army + Haganah Brigades + Kibbutzim,
-- Central 2 Arab Legion, South 2 Egyptian Army.
function H.turn2(opts)
  local g = H.new(opts)
  H.deploy_all(g, 1)
  H.no_transfer(g)
  expect_eq(g:turn(), 2, "H.turn2 reached turn 2")
  return g
end

-- Finishes the current turn's decisions: deploy to `front`, no transfer.
function H.finish_turn(g, front)
  H.deploy_all(g, front)
  H.no_transfer(g)
end

-- Empties the three fronts (cards go to the bottom of their decks) and puts
-- the given card types there, taken from the decks or discards. The Israeli
-- hand is left alone.
function H.place(g, layout)
  local code = { [[
local function take(t, to)
  for _, l in ipairs({ "israeli_deck", "arab_deck", "israeli_discard", "arab_discard" }) do
    local ps = pieces.at(l, { type = t })
    if #ps > 0 then pieces.move(ps[#ps], to) return end
  end
  error("no card to place: " .. t)
end
for _, f in ipairs({ "north", "central", "south" }) do
  for _, p in ipairs(pieces.at(f)) do
    pieces.move(p, pieces.owner(p) == "israel" and "israeli_deck" or "arab_deck", nil, { bottom = true })
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

-- Arab-held TT at the three fronts.
function H.tt(g)
  return { g:track("arab_tt_north"), g:track("arab_tt_central"), g:track("arab_tt_south") }
end

return H
