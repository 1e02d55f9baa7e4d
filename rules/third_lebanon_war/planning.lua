-- Third Lebanon War: the optional J-5 and J-6 chits (mat J-5, J-6), in play
-- where the scenario's var optional_j5_j6 is true (the base's set-up puts
-- them in the pools). Advance and Real-time Planning; Networked Operations
-- and Information Warfare. Rulings T76-T79 (README.move.md).
--
-- An advance plan (ruling T76) is kept in vars.plans[side] = { state, left }:
-- state "waiting" (made this turn, its chits in the side's planned box),
-- "ready" (the side's next Joint Operations Phase: playable), "running"
-- (one played: `left` more must follow), "none".

local NO_PLAN = { state = "none", left = 0 }

local function plan_of(side)
  return (vars.plans and vars.plans[side]) or NO_PLAN
end

local function set_plan(side, state, left)
  if not vars.plans then vars.plans = { idf = { state = "none", left = 0 }, insurgent = { state = "none", left = 0 } } end
  vars.plans[side] = { state = state, left = left or 0 }
end

-- The side's planned chits of `staff` (all of them without it).
local function planned(side, staff)
  local out = {}
  for _, chit in ipairs(pieces.at(chits_of(side).planned)) do
    if not staff or pieces.value(chit, "staff") == staff then out[#out + 1] = chit end
  end
  return out
end

-- Ruling T76: while a plan runs, only its chits may be played; while it is
-- ready, they may be played beside the hand's.
local function hand_open(side) return plan_of(side).state ~= "running" end
local function plan_open(side)
  local state = plan_of(side).state
  return state == "ready" or state == "running"
end

function holds_staff(side, staff)
  if hand_open(side) and base.holds_staff(side, staff) then return true end
  return plan_open(side) and #planned(side, staff) > 0
end

function staffs_in_hand(side)
  local staffs, seen = {}, {}
  local function add(staff)
    if not seen[staff] then
      seen[staff] = true
      staffs[#staffs + 1] = staff
    end
  end
  if hand_open(side) then
    for _, staff in ipairs(base.staffs_in_hand(side)) do add(staff) end
  end
  if plan_open(side) then
    for _, chit in ipairs(planned(side)) do add(pieces.value(chit, "staff")) end
  end
  table.sort(staffs)
  return staffs
end

-- Ruling T76: a chit of the plan is played only when the player says so
-- (asked when the hand holds the staff too); the first starts the plan,
-- and each chit played until its last is one of it.
function play_chit(side, staff, rule)
  local plan = plan_of(side)
  local from_plan = plan.state == "running"
  if plan.state == "ready" and #planned(side, staff) > 0 then
    from_plan = not base.holds_staff(side, staff) or
      ask(side, "mat J-5", { prompt = { "Play the %s from your advance plan or from your hand?", staff },
                             options = { "from_plan", "from_hand" }, secret = true }) == "from_plan"
    if from_plan then log("mat J-5", "%S carries out its advance plan", side) end
  end
  if not from_plan then return base.play_chit(side, staff, rule) end
  local chit = planned(side, staff)[1]
  pieces.move(chit, chits_of(side).discard, rule)
  local left = #planned(side)
  set_plan(side, left > 0 and "running" or "none", left)
  return chit
end

-- Ruling T76: a plan made in one turn is ready in the side's next Joint
-- Operations Phase; what is left of it at the phase's end goes back to the
-- Available Pile.
function joint_operations_phase()
  local side = phasing_side()
  if plan_of(side).state == "waiting" then
    set_plan(side, "ready")
    log("mat J-5", "%S may carry out its advance plan this turn", side)
  end
  base.joint_operations_phase()
  local state = plan_of(side).state
  if state == "ready" or state == "running" then
    for _, chit in ipairs(planned(side)) do pieces.move(chit, chits_of(side).pool, "mat J-5") end
    set_plan(side, "none")
  end
end

-- Mat J-5 (rulings T76, T77): the chits a plan may take: never a J-5.
local function not_j5(staff) return staff ~= "J-5" end

local function pool_offers(side)
  for _, chit in ipairs(pieces.at(chits_of(side).pool)) do
    if not_j5(pieces.value(chit, "staff")) then return { chit } end
  end
  return {}
end

-- Mat J-5 Advance Planning (ruling T76): three chits of the pool set aside
-- under the J-5 for next turn; one plan at a time.
ACTIONS.advance_planning = {
  targets = function(side)
    if #planned(side) > 0 then return {} end
    return pool_offers(side)
  end,
  play = function(side, rule)
    for _ = 1, tables.planning.advance_chits do
      if not select_from_pool(side, rule, "Plan which chit for next turn?", chits_of(side).planned, not_j5) then break end
    end
    set_plan(side, "waiting")
  end,
}

-- Mat J-5 Real-time Planning (ruling T77): one chit of the pool into the
-- hand, to play at once.
ACTIONS.real_time_planning = {
  targets = pool_offers,
  play = function(side, rule)
    for _ = 1, tables.planning.real_time_chits do
      select_from_pool(side, rule, "Select a chit for your hand", chits_of(side).hand, not_j5)
    end
  end,
}

-- Mat J-6 Networked Operations (ruling T78): offered when `side` carries out
-- a J-2 or J-3 mission in `zone`; returns whether a J-6 was played, letting
-- every unit of the side there (irregulars up to the C2) take part.
function network_mission(side, zone, rule)
  if not holds_staff(side, "J-6") then return false end
  local c = ask(side, rule, { prompt = { "Network this mission in %L?", zone }, options = { "network", "no_network" } })
  if c == "no_network" then return false end
  play_chit(side, "J-6", rule)
  log(rule, "%S networks its mission in %L", side, zone)
  return true
end

-- Mat J-6 Information Warfare (ruling T79): a die for each J-6 played (more
-- may be added); each 5-6 removes a chit at random from the enemy's
-- Available Pile (its pool and discard, ruling T34) from the game, as a
-- removed J-4 (mat 3, ruling T29).
local function available_pile(side)
  return pieces.at({ chits_of(side).pool, chits_of(side).discard })
end

ACTIONS.information_warfare = {
  targets = function(side) return available_pile(enemy_of(side)) end,
  play = function(side, rule)
    local enemy = enemy_of(side)
    local faces = { roll(information_warfare_dice(side, rule) .. "d6", rule, "information warfare") }
    for k = 2, #faces do
      local pile = available_pile(enemy)
      if faces[k] >= tables.dice.information_warfare_on and #pile > 0 then
        local chit = pick(pile, rule, "a chit removed")
        pieces.move(chit, "removed_from_game", rule)
        log(rule, "%P is removed from the game", chit)
      end
    end
  end,
}
