-- Arab Israeli Wars (Lloyd Krasner), 1948 deckset: fronts, territory tokens,
-- unit cards, force totals and randomization. The turn sequence is in
-- phases.lua, the event cards in events.lua. Section names are those of the
-- rules document; "A1".."A18" and "R1".. are the rulings in README.md.
--
-- All game state lives in the kernel: cards are pieces in locations, the
-- Arab-held TT are tracks, and vars hold the Decisive Victory streak
-- (vars.streak), the front the current event aims at (vars.event_front) and
-- the Transfer Phase's bookkeeping. The tables below are constants.

-- FRONTS: in the order battles are fought (North, Central, South).
FRONTS = { "north", "central", "south" }
-- The other two fronts of each front, in battle order (transfer destinations).
OTHER_FRONTS = { north = { "central", "south" }, central = { "north", "south" }, south = { "north", "central" } }

-- TERRITORY TOKENS: one track per front counting the Arab-held TT (0-6).
TT = { north = "arab_tt_north", central = "arab_tt_central", south = "arab_tt_south" }

-- UNIT CARDS: filters for pieces.count/sum/at, compiled once.
UNITS = { israel = pieces.filter { owner = "israel" }, arab = pieces.filter { owner = "arab" } }
LEADERS = { israel = pieces.filter { owner = "israel", has = "leader" }, arab = pieces.filter { owner = "arab", has = "leader" } }
ISRAELI_REGULARS = pieces.filter { owner = "israel", has = "regular" }
DISCARD = { israel = "israeli_discard", arab = "arab_discard" }

-- SETUP: the generic rules give Israel every TT (the tracks start at 0);
-- a deckset's scenario overrides it (1948: 3 Arab TT at each front).
function setup()
  if vars.streak == nil then vars.streak = 0 end
end

-- THE 1948 WAR OF ISRAELI INDEPENDENCE DECKSET: the TT are set by the
-- scenario's data; no unit card starts on the table (A2).
function setup_1948()
  log("1948 Deckset", "the Arabs start with 3 TT at each front")
end

-- The event card of this turn, or nil.
function current_event()
  return pieces.top("current_event")
end

-- Card List Notation (Leader) and the event cards: the Force modifiers of
-- `side` at `front` from the current event `ev`: a modifier per non-leader
-- unit and a flat one for the front's total.
function event_modifiers(ev, side, front)
  if ev == nil or pieces.value(ev, "effect") ~= "force" or pieces.value(ev, "side") ~= side then return 0, 0 end
  if pieces.value(ev, "front") ~= "all" and vars.event_front ~= front then return 0, 0 end
  local amount = pieces.value(ev, "amount")
  if pieces.value(ev, "per_unit") then return amount, 0 end
  return 0, amount
end

-- Card List Notation (Leader): what each friendly Leader at a front adds to
-- every non-leader unit there. A constant (a mod may redefine it).
LEADER_BONUS = 1

-- 5. BATTLE PHASE: the Force Total of `side` at `front` and its number of
-- unit cards. Printed Forces (a Leader 0, A5) + for every non-leader unit
-- +LEADER_BONUS per friendly Leader there and the event's per-unit modifier
-- + the event's flat modifier; a total below 0 counts 0 (A16).
function front_force(side, front, per_unit, flat)
  local force, n = pieces.sum(front, "force", UNITS[side])
  if n == 0 then return 0, 0 end
  local leaders = pieces.count(front, LEADERS[side])
  local total = force + (n - leaders) * (leaders * LEADER_BONUS + per_unit) + flat
  if total < 0 then total = 0 end
  return total, n
end

-- The same with the modifiers of the current event `ev`.
function force_total(side, front, ev)
  return front_force(side, front, event_modifiers(ev, side, front))
end

-- RANDOMIZATION: a random front (A6, R5), rolled as a die with 3 faces:
-- 1 North, 2 Central, 3 South.
function random_front(rule)
  return (pick(FRONTS, rule, "random front"))
end

-- RANDOMIZATION: `side` discards one random unit card at `front` (leaders
-- included, A5); nothing when it has none there. Returns the card or nil.
function discard_random(side, front, rule)
  local cards = pieces.at(front, UNITS[side])
  if cards[1] == nil then return nil end
  local p = pick(cards, rule, "random unit")
  pieces.move(p, DISCARD[side], rule)
  return p
end
