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

return H
