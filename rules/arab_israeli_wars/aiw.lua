-- Arab Israeli Wars (Lloyd Krasner), 1948 deckset: fronts, territory tokens,
-- unit cards, force totals and randomization. The turn sequence is in
-- phases.lua, the event cards in events.lua. Section names are those of the
-- rules document; "A1".."A18" and "R1".. are the rulings in README.md.
--
-- All game state lives in the kernel: cards are pieces in locations, the
-- Arab-held TT are tracks, and vars hold the Decisive Victory streak
-- (vars.streak) and the front the current event aims at (vars.event_front).
-- The tables below are constants.

-- The kernel's functions used on every turn, as locals (the kernel creates
-- them before the rules load).
local pieces_at, pieces_top, pieces_count, pieces_sum = pieces.at, pieces.top, pieces.count, pieces.sum
local pieces_value, pieces_name = pieces.value, pieces.name
local pick, move = pick, move

-- FRONTS: in the order battles are fought (North, Central, South).
FRONTS = { "north", "central", "south" }
FRONT_TITLES = { "North Front", "Central Front", "South Front" }
FRONT_TITLE = { north = "North Front", central = "Central Front", south = "South Front" }
-- The other two fronts of each front, in battle order (transfer destinations).
OTHER_FRONTS = { { "central", "south" }, { "north", "south" }, { "north", "central" } }

-- TERRITORY TOKENS: one track per front counting the Arab-held TT (0-6).
TT = { north = "arab_tt_north", central = "arab_tt_central", south = "arab_tt_south" }
TT_TRACKS = { "arab_tt_north", "arab_tt_central", "arab_tt_south" }  -- in FRONTS order

-- UNIT CARDS: filters for pieces.count/sum/at, compiled once.
local filter = pieces.filter
UNITS = { israel = filter { owner = "israel" }, arab = filter { owner = "arab" } }
LEADERS = { israel = filter { owner = "israel", has = "leader" }, arab = filter { owner = "arab", has = "leader" } }
ISRAELI_REGULARS = filter { owner = "israel", has = "regular" }
DISCARD = { israel = "israeli_discard", arab = "arab_discard" }
SIDE_TITLE = { israel = "Israel", arab = "Arabs" }

-- UNIT CARDS in the Israeli Phase and the Transfer Phase: the deploy
-- question of card p, and its two transfer choice texts from front fi (in
-- OTHER_FRONTS order), built from its printed name when a step asks for
-- them (nothing outside the kernel's state outlives a step).
function deploy_question(p)
  local name = pieces_name(p)
  return {
    prompt = "Israeli Phase: deploy " .. name,
    choices = { name .. " to North Front", name .. " to Central Front", name .. " to South Front" },
    rule = "3",
  }
end

function transfer_texts(p, fi)
  local from = " from " .. FRONT_TITLES[fi] .. " to "
  local name, others = pieces_name(p), OTHER_FRONTS[fi]
  return "Move " .. name .. from .. FRONT_TITLE[others[1]], "Move " .. name .. from .. FRONT_TITLE[others[2]]
end

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
  return pieces_top("current_event")
end

-- Card List Notation (Leader) and the event cards: the Force modifiers of
-- `side` at `front` from the current event `ev`: a modifier per non-leader
-- unit and a flat one for the front's total.
function event_modifiers(ev, side, front)
  if ev == nil or pieces_value(ev, "effect") ~= "force" or pieces_value(ev, "side") ~= side then return 0, 0 end
  if pieces_value(ev, "front") ~= "all" and vars.event_front ~= front then return 0, 0 end
  local amount = pieces_value(ev, "amount")
  if pieces_value(ev, "per_unit") then return amount, 0 end
  return 0, amount
end

-- The current event `ev` read once for a Battle Phase: its effect, the front
-- it aims at (vars.event_front) and, for a Force card, the side it modifies,
-- whether it acts at every front (else only at the aimed one) and its
-- per-unit and flat modifiers (event_modifiers for one side and front).
function read_event(ev)
  if ev == nil then return nil end
  local effect = pieces_value(ev, "effect")
  local aim = vars.event_front
  if effect ~= "force" then return effect, aim end
  local amount = pieces_value(ev, "amount")
  local side = pieces_value(ev, "side")
  local everywhere = pieces_value(ev, "front") == "all"
  if pieces_value(ev, "per_unit") then return effect, aim, side, everywhere, amount, 0 end
  return effect, aim, side, everywhere, 0, amount
end

-- Card List Notation (Leader): what each friendly Leader at a front adds to
-- every non-leader unit there. A constant (a mod may redefine it).
LEADER_BONUS = 1

-- 5. BATTLE PHASE: the Force Total of `side` at `front` and its number of
-- unit cards. Printed Forces (a Leader 0, A5) + for every non-leader unit
-- +LEADER_BONUS per friendly Leader there and the event's per-unit modifier
-- + the event's flat modifier; a total below 0 counts 0 (A16).
function front_force(side, front, per_unit, flat)
  local force, n = pieces_sum(front, "force", UNITS[side])
  if n == 0 then return 0, 0 end
  local leaders = pieces_count(front, LEADERS[side])
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
  local cards = pieces_at(front, UNITS[side])
  if cards[1] == nil then return nil end
  local p = pick(cards, rule, "random unit")
  move(p, DISCARD[side], rule)
  return p
end
