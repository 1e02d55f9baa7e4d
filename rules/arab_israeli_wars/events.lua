-- 2. EVENT PHASE: the event cards. Each card's effect is data in
-- cards.toml (effect, amount, side, per_unit, front, truce, draws); this file
-- applies what happens at once. Force modifiers act in the Battle Phase
-- (event_modifiers, aiw.lua), free transfers in the Transfer Phase, a Truce,
-- a negated battle and a forced stalemate in the Battle Phase: they read the
-- card in the Current event box and vars.event_front. Events last this turn
-- only (A7).

-- Card List Notation (Target, R): the front an event aims at. "target": the
-- player chooses; "random": a random front; "all" or a front id as printed.
function resolve_event_front(ev)
  local where = pieces.value(ev, "front")
  if where == "target" then
    return ask("israel", "Notation: Target", { prompt = { "%P: choose the target front", ev }, locations = FRONTS })
  elseif where == "random" then
    return random_front("Notation: R")
  end
  return where
end

-- Applies the event `ev` just drawn.
function apply_event(ev)
  local front = resolve_event_front(ev)
  if front ~= nil and front ~= "all" then vars.event_front = front end
  local effect = pieces.value(ev, "effect")
  if effect == "draw" then
    -- A7: Israeli extra cards join the hand and are deployed in the Israeli
    -- Phase; Arab extra cards are deployed at once as in the Arab Phase.
    local n = pieces.value(ev, "israeli_draws")
    if n then draw_israeli(n, "2") end
    n = pieces.value(ev, "arab_draws")
    if n then arab_draw(n, "2") end
  elseif effect == "remove_arab" then
    for _ = 1, pieces.value(ev, "amount") do discard_random("arab", front, "2") end
  elseif effect == "discard" then
    -- A9: each side discards at each front named, if it has a unit there.
    local amount = pieces.value(ev, "amount")
    for _, f in ipairs(FRONTS) do
      if front == "all" or front == f then
        for _ = 1, amount do
          discard_random("israel", f, "2")
          discard_random("arab", f, "2")
        end
      end
    end
  end
end
