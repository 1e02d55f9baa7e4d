-- The Next War in Lebanon: what the game tells the search bot beyond
-- bot_eval (victory.lua). Not rules (docs/bots.md): where the IDF heads
-- for, which of its moves the search tries, and a scripted IDF for the
-- playouts.

local ZONE, SCORING = {}, {}
for _, z in ipairs(ZONES) do ZONE[z] = true end
for _, z in ipairs(scoring_zones()) do SCORING[z] = true end

-- Whether the IDF knows what unit `u` is: it sees it (a stack's top, 8.0;
-- a battle's units, 9.0), or saw it and it has neither moved nor changed
-- since (a unit a battle showed, hidden again under its stack). The bot
-- plays in a sample of what its side does not know (docs/bots.md), drawn
-- anew at each decision, so a plan read from a unit it does not know would
-- change from one decision to the next: it chose a zone's units to move on
-- one sample and moved none on the next.
local function seen(u)
  return pieces.known(u, "idf")
end

-- Whether the IDF sees the Insurgent hold `z` with undisrupted dispersed
-- units, which units moving in (in combat mode, 3.0) cannot fire at, and
-- which fire at them with their dispersed rating and reduce them (9.2).
function bot_hostile(z)
  return #units_on_map("insurgent", function(u)
    return seen(u) and not is_disrupted(u) and pieces.value(u, "mode") == "dispersed"
  end, { z }) > 0
end

-- The zones the Insurgent raids from (7.3E: those next to the raid's
-- target); a raid scores a die's VP a turn.
local RAID_SOURCE = {}
for _, t in ipairs(ZONES) do
  if map.attr(t, "raid_target") then
    for _, z in ipairs(map.neighbours(t)) do RAID_SOURCE[z] = true end
  end
end

-- Whether the IDF keeps out of zone `z`: held dispersed (bot_hostile),
-- where its losses came from, unless the Insurgent raids from there.
-- Never heading for such a zone won no more games alone than heading for
-- it when no other goal was left; with the SOF beyond the Litani and the
-- raids' source taken it did (README, "Balance").
local function avoided(z)
  return bot_hostile(z) and not RAID_SOURCE[z]
end

-- Where the IDF heads for, for the search's sense of direction (a random
-- playout seldom carries a brigade into Lebanon, so moving one looks no
-- better than staying home): the scoring zones it does not control (13.1)
-- and its regulars may enter (not north of the Litani in 2006, 15.1), but
-- those it keeps out of (avoided). The Insurgent, who scores where it
-- stands, has none.
local function goals(side)
  local out = {}
  if side ~= "idf" then return out end
  local litani = scenario_rules().litani_limit
  for _, z in ipairs(scoring_zones()) do
    if controller(z) ~= "idf" and not (litani and map.attr(z, "litani") == "north") and not avoided(z) then
      out[#out + 1] = z
    end
  end
  return out
end

-- Where a unit that may cross the Litani in 2006 (15.1: SOF only) heads
-- for first: the scoring zones beyond it that the IDF does not control and
-- where it sees no Insurgent unit. Alone there it controls the zone (13.1)
-- without a fight (9.0: SOF entering alone need not fight): 2 VP to the
-- IDF and one fewer to the Insurgent. Nil where there is none, or `u` may
-- not go.
local function beyond_litani(side, u)
  if side ~= "idf" or not scenario_rules().litani_limit then return nil end
  local out = {}
  for _, z in ipairs(scoring_zones()) do
    if map.attr(z, "litani") == "north" and controller(z) ~= "idf" and may_enter(side, u, z)
        and #units_on_map("insurgent", seen, { z }) == 0 then
      out[#out + 1] = z
    end
  end
  if #out == 0 then return nil end
  return out
end

-- The goals of piece `p` of `side`: those beyond the Litani where it may
-- take one, else the side's.
local function goals_of(side, p)
  return (p and beyond_litani(side, p)) or goals(side)
end

-- Zones from `zone` to the nearest of `targets` (a large number if none
-- is reachable).
local function distance_to(zone, targets)
  return map.nearest(zone, targets) or math.huge
end

-- Where the IDF moves, flies or brings in units, the ORDERED destinations
-- nearest its goals, nearest first, and, where the move may end there
-- ("done", "stop_here"), that after them; the other choices stay out of
-- the search's tree. BOT_MOVE_RULES: the rules of those decisions (7.3A,
-- 7.3B, 7.4B, 15.0); a mod with other moves adds its own. A destination
-- is a zone, a move's `to`, or a `move_to`'s `location`. 7.3A's first
-- question (what moves) is ranked by where the units or TF HQ stand: those
-- outside the scoring zones first (units in a scoring zone hold it, and
-- moving them on gives up what they hold), nearest the goals first, less a
-- zone for a group of BIG_GROUP units or more (less in proportion below).
BOT_MOVE_RULES = { ["7.3A"] = true, ["7.3B"] = true, ["7.4B"] = true, ["15.0"] = true }

-- The zone of a piece that may move (a mod whose units move from their
-- TF boxes replaces it), and the zone of the group moving now when the
-- rules ask where it goes next without naming it (none here: 7.3A's
-- choices name the piece).
function bot_zone_of(p) return pieces.location(p) end
function bot_moving_zone() return nil end
local ORDERED = 3
local ENDS = { done = true, stop_here = true }
-- A source's units, up to BIG_GROUP, count as much as a zone nearer:
-- a brigade or two near the front, or a sanctuary full of them.
local BIG_GROUP = 4
local HOSTILE = 2
local function group_size(side, c)
  if c.option == "move_tf" then return pieces.count(holding_box(c.piece), UNITS) end
  if c.location then return pieces.count(c.location, UNITS_OF[side]) end
  return 1
end
local SOURCES = { move_units = true, move_irregulars = true, move_tf = true, move_unit = true }
local function destination(c)
  if type(c) ~= "table" then return c end
  if c.to then return c.to end
  if c.option == "move_to" then return c.location end
  if SOURCES[c.option] then return c.location or bot_zone_of(c.piece), true end
  return nil
end

-- Whether the IDF's units in scoring zone `z` stay there: it does not
-- control it yet (they fight for it), or controls it (13.1) with one
-- undisrupted unit. Where it has more, the others may go on.
local function holds(z)
  if not SCORING[z] then return false end
  if controller(z) ~= "idf" then return true end
  return count_units("idf", z, UNDISRUPTED_OF.idf) <= 1
end

-- The zones the units of a source choice `c` may enter with this move
-- (j3.lua), or nil where unknown (a mod whose moves differ replaces it).
function bot_source_destinations(side, c) return move_destinations(side, c) end

-- Whether a source's units would go nowhere nearer the goals (no zone they
-- may enter is nearer than `at`, a zone the IDF keeps out of counting
-- HOSTILE zones farther, as below): the move would end where it began, its J-3
-- spent for nothing.
local function stuck(side, c, at, targets)
  local zones = bot_source_destinations(side, c)
  if not zones then return false end
  local here = distance_to(at, targets)
  for _, z in ipairs(zones) do
    local d = distance_to(z, targets)
    if avoided(z) then d = d + HOSTILE end
    if d < here then return false end
  end
  return true
end

-- The choices of a move decision ranked by distance to the goals of the
-- piece that moves (goals_of; the side's for a source) (nearest first, the
-- rules' order on a tie; a zone the IDF keeps out of HOSTILE zones
-- farther; sources holding a scoring zone, and those whose units would go
-- nowhere nearer, last) as { i =, d =, holding =, targets = }, and the
-- choice that ends the move; nil where `decision` is not a move of a side
-- with goals.
local function ranked_moves(side, decision)
  if not BOT_MOVE_RULES[decision.rule] then return nil end
  local side_targets = goals(side)
  local ranked, stop, any = {}, nil, false
  for i, c in ipairs(decision.choices) do
    local to, source = destination(c)
    if ENDS[c] then
      stop = i
    elseif type(to) == "string" and ZONE[to] then
      local targets = side_targets
      local piece = type(c) == "table" and c.piece or decision.piece
      if not source and piece then targets = goals_of(side, piece) end
      any = any or #targets > 0
      local d = distance_to(to, targets)
      if not source and avoided(to) then d = d + HOSTILE end
      if source then d = d - math.min(group_size(side, c), BIG_GROUP) / BIG_GROUP end
      local holding = source and (holds(to) or stuck(side, c, to, targets)) or false
      ranked[#ranked + 1] = { i = i, d = d, holding = holding, targets = targets }
    else
      return nil
    end
  end
  if not any then return nil end
  table.sort(ranked, function(a, b)
    if a.holding ~= b.holding then return b.holding end
    return a.d < b.d or (a.d == b.d and a.i < b.i)
  end)
  return ranked, stop
end

-- The number of the first choice `keep` accepts, or nil.
local function first(decision, keep)
  for i, c in ipairs(decision.choices) do
    if keep(c) then return i end
  end
  return nil
end

-- The first of `wanted` offered as an option id (a string choice, or a
-- choice table's `option`), or nil.
local function preferred(decision, wanted)
  for _, w in ipairs(wanted) do
    local i = first(decision, function(c) return c == w or (type(c) == "table" and c.option == w) end)
    if i then return i end
  end
  return nil
end

-- 4.0: where the IDF sets up a unit or TF HQ: a zone nearest its goals,
-- of those the one with the fewest of its units (the rules' order on a
-- tie), never a TF box; and no unit dispersed (only units in combat mode
-- move, 3.0). Left to chance, a third of its units started in the rear
-- or dispersed.
local function set_up(side, decision)
  local targets = goals(side)
  local best, near, fewest = nil, math.huge, math.huge
  for i, c in ipairs(decision.choices) do
    local to = type(c) == "table" and c.to or c
    if type(to) == "string" and ZONE[to] then
      local d, n = distance_to(to, targets), pieces.count(to, UNITS_OF[side])
      if d < near or (d == near and n < fewest) then best, near, fewest = i, d, n end
    end
  end
  return best or preferred(decision, { "done" })
end

-- set_up's choice where `decision` is the IDF's placing or modes at set-up
-- (BOT_ADVANCE.setup; the first hand's staffs are asked under the same
-- rule), else nil.
local function setup_choice(side, decision)
  local plan = BOT_ADVANCE
  if side ~= "idf" or not (plan.setup and plan.setup[decision.rule]) then return nil end
  return set_up(side, decision)
end

-- Whether a unit of `side` may move on toward the goals with a J-3 (7.3A):
-- a source of the move question that holds no scoring zone (the question as
-- the rules would ask it).
function bot_useful_move(side)
  local ranked = ranked_moves(side, { rule = "7.3A", choices = ACTIONS.move.targets(side) })
  return ranked ~= nil and #ranked > 0 and not ranked[1].holding
end

-- 7.4B: the unit that flies (a piece, or a choice naming one, as a mod
-- may ask): one that may take a zone beyond the Litani (beyond_litani)
-- and holds none where it stands; else nil, left to chance.
function bot_flyer(side, decision)
  for i, c in ipairs(decision.choices) do
    local u = type(c) == "table" and c.piece or c
    if type(u) == "number" and pieces.kind(u) == "unit" and beyond_litani(side, u) and not holds(bot_zone_of(u)) then
      return i
    end
  end
  return nil
end

-- The scripted IDF "advance" (docs/bots.md, `policy` and `mcts:playout`):
-- the plan a random playout lacks. It selects J-3s, plays its chits to move
-- first while a unit need move, moves the units outside the scoring zones
-- and those a held zone can spare toward the goals (a unit stops in the
-- first scoring zone it enters, or where nothing it can reach is nearer
-- the goals); it turns units to combat mode (3.0: only they move) and no
-- unit out of it, and organizes no TF box (8.1). It answers its battles
-- and picks its strikes' zones and targets (below). Every other decision,
-- and all the Insurgent's, it leaves to chance.
-- A mod with other chits or modes gives its own BOT_ADVANCE.
BOT_ADVANCE = {
  -- 6.2, 14.1: the staffs it selects, best first (or a function of the
  -- side giving them, as a mod may need).
  staffs = { "J-3", "J-4", "J-1" },
  -- 6.3: the chits' functions it plays, best first (16.0 letters): a
  -- reduced unit rebuilt (7.1B: it scores for the Insurgent, 13.2, and a
  -- hit more eliminates it, for 3 VP; played after the moves, the script
  -- won 47.5% of its 2006 games, first 68.5%), moves, airmobile moves,
  -- strikes, reinforcements, un-disrupting (a disrupted unit controls
  -- nothing, 13.1; first too, 63%), then mode changes.
  functions = { "J-1B", "J-3A", "J-4B", "J-3H", "J-3G", "J-1R", "J-1A", "J-1F", "J-1D", "J-3B" },
  -- 3.0: the mode it enters or lands in, the one units move in.
  modes = { "combat" },
  -- 7.1D, 7.1F: the decisions that turn a unit to it, and the units it turns.
  mode_changes = { ["7.1D"] = true, ["7.1F"] = true },
  turns = function(u) return pieces.face(u) == "dispersed" end,
  -- 8.1: the decisions it ends at once (organizing TF boxes).
  done = { ["8.1"] = true },
  -- 4.0: the set-up it plays (set_up, below), search and script alike.
  setup = { ["4.0"] = true },
  -- The search takes its choice wherever it has one but at a move
  -- (bot_order, below).
  followed = true,
  -- 6.3: a function not worth its chit now (a move where no unit need
  -- move), by letter.
  idle = { ["J-3A"] = function(side) return not bot_useful_move(side) end },
  -- 11.0: the strikes' zones and targets it picks.
  strikes = { ["11.0"] = true },
  -- By rule, its own picks (a mod's too): function(side, decision)
  -- giving the number of a choice, or nil for the rest of the plan (a
  -- mode, below) or chance. 7.4B: the unit that flies (bot_flyer).
  picks = { ["7.4B"] = bot_flyer },
  -- Its answers, by rule, best first: in battle a J-4 (7.4C), close air
  -- support (7.3F) and a CSU's support (9.8) whenever it may, no evasion
  -- (7.2C), SOF entering alone do not fight (9.0); counterforce (13.1: it
  -- lost 15 points in 100 games against it); no second J-3 in tandem (7.3C).
  answers = {
    ["7.4C"] = { "add_j4" },
    ["7.3F"] = { "add_cas", "use_cas" },
    ["9.2"] = { "support" },
    ["9.5"] = { "support" },
    ["7.2C"] = { "no_evasion" },
    ["9.0"] = { "no_fight" },
    ["13.1"] = { "counterforce" },
    ["7.3C"] = { "no_tandem" },
  },
}

-- A mode change: the first unit `plan.turns`, else "done" (a random
-- choice would as likely turn a unit out of the mode it moves in).
local function turn_to_mode(plan, decision)
  return first(decision, function(c)
    local u = type(c) == "table" and c.option == "change_mode" and c.piece or c
    return type(u) == "number" and plan.turns(u)
  end) or preferred(decision, { "done" })
end

-- The chit's function to play: the first of plan.functions offered and
-- not idle.
local function function_to_play(plan, side, decision)
  for _, f in ipairs(plan.functions) do
    local idle = plan.idle and plan.idle[f]
    if not (idle and idle(side)) then
      local i = preferred(decision, { f })
      if i then return i end
    end
  end
  return nil
end

-- A strike's zone and target (11.0): where IDF units fight, then a
-- scoring zone, never Syria (12.1: a Cascading Effect); a dispersed,
-- undisrupted unit first (IDF units in combat mode cannot fire at it,
-- 3.0), then a rocket or missile (it scores hits, 13.2). The mode of an
-- area strike is left to chance. It declares no strike with another (11.0:
-- one SAM would nullify both).
local function strike_rank(c)
  if type(c) == "string" and ZONE[c] then
    if map.attr(c, "country") == "syria" then return 3 end
    if count_units("idf", c) > 0 then return 0 end
    return SCORING[c] and 1 or 2
  end
  if type(c) == "number" then
    if not is_disrupted(c) and pieces.value(c, "mode") == "dispersed" then return 0 end
    local class = pieces.value(c, "unit_class")
    return (class == "rocket" or class == "missile") and 1 or 2
  end
  return nil
end
local function strike(decision)
  local alone = preferred(decision, { "no_more" })
  if alone then return alone end
  local best, rank = nil, math.huge
  for i, c in ipairs(decision.choices) do
    local r = strike_rank(c)
    if r == nil then return nil end
    if r < rank then best, rank = i, r end
  end
  return best
end

local function advance(side, decision)
  if side ~= "idf" then return nil end
  local ranked, stop = ranked_moves(side, decision)
  if ranked and #ranked > 0 then
    -- A unit stops in a scoring zone (it holds it), or where nothing it
    -- can reach is nearer the goals.
    local c = decision.choices[ranked[1].i]
    local piece = type(c) == "table" and c.to and c.piece or decision.piece
    local at = (piece and bot_zone_of(piece)) or bot_moving_zone()
    if stop and ZONE[at] and (holds(at) or distance_to(at, ranked[1].targets) <= ranked[1].d) then return stop end
    -- Units already holding scoring zones are moved only when nothing else can.
    if ranked[1].holding then return nil end
    return ranked[1].i
  end
  local setup = setup_choice(side, decision)
  if setup then return setup end
  local plan = BOT_ADVANCE
  if plan.done[decision.rule] then return preferred(decision, { "done" }) end
  local answers = plan.answers and plan.answers[decision.rule]
  if answers then return preferred(decision, answers) end
  if plan.strikes and plan.strikes[decision.rule] then return strike(decision) end
  local pick = plan.picks and plan.picks[decision.rule]
  local picked = pick and pick(side, decision)
  if picked then return picked end
  return function_to_play(plan, side, decision)
      or preferred(decision, type(plan.staffs) == "function" and plan.staffs(side) or plan.staffs)
      or preferred(decision, plan.modes)
      or (plan.mode_changes[decision.rule] and turn_to_mode(plan, decision) or nil)
end

-- The search tries, at a move, the ORDERED destinations or sources
-- nearest the goals and the end of the move (ranked_moves); at any other
-- decision of the IDF's where the scripted IDF has a choice, that choice
-- alone, where BOT_ADVANCE.followed says so (every choice otherwise).
-- With 30 iterations a decision, the search's pick among a dozen chit
-- functions or answers was little better than chance: as the IDF in
-- 2006 it won 3 of 10 games against random play where its own playouts'
-- script alone won 47.5% (95 of 200); following the script it won 5 of 10
-- (7 of 10 once the script rebuilt its reduced units first).
function bot_order(side, decision)
  local ranked, stop = ranked_moves(side, decision)
  if ranked then
    local out = {}
    for k = 1, math.min(ORDERED, #ranked) do out[k] = ranked[k].i end
    if stop then out[#out + 1] = stop end
    return out
  end
  local setup = setup_choice(side, decision)
  if setup then return { setup } end
  if side == "idf" and BOT_ADVANCE.followed then
    local i = advance(side, decision)
    if i then return { i } end
  end
  return nil
end

local PLANS = { advance = advance }

function bot_policy(side, name, decision)
  local plan = PLANS[name]
  if not plan then error("The Next War in Lebanon has no scripted player '" .. tostring(name) .. "' (bot.lua)") end
  return plan(side, decision)
end
