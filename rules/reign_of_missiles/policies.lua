-- Scripted Israeli players for the balance report (`--bot
-- israel=policy:name=NAME`, docs/bots.md). Not rules: simple plans a
-- player might follow, measured before and after the rebalance to see
-- whether one of them wins by itself (README, "Balance").
--
--   hold             no attacks; every rocket flies
--   hold_intercept   no attacks; every rocket in reach is intercepted
--   qassam_strikes   combined F-15 and Drone strikes on full-strength CF-3
--                    launchers by day (AM and PM), every rocket intercepted
--   leadership       the Gaza City leadership only, every rocket intercepted
--   leadership_fajr  the leadership, then the Fajr-5 launchers; every rocket
--                    intercepted
--   pressure         by day, single F-15 or Drone attacks: both centres,
--                    then the launcher of lowest CF; every rocket intercepted
--   strikes          the same with F-15 and Drone together
--   fixation         F-15 and Drone together, by day and night, on the
--                    launcher of highest CF (the designer's "target
--                    fixation", 11.0); every rocket intercepted
--   escalate         strikes, and every turn the assets increased by 3 at
--                    the price of the Israeli marker two spaces left (6.0)
--
-- In all of them: the aircraft split as evenly as the counters allow,
-- Iron Domes placed in map order until none is left, cost b) after a
-- failure by more than twice the CF (7.1.1: the Hamas marker right), no
-- Commando raid, and no increase of the assets (6.0) except in escalate.

local function first(decision, pred)
  for i, c in ipairs(decision.choices) do
    if pred(c) then return i end
  end
  return nil
end

local function option(decision, id)
  return first(decision, function(c) return type(c) == "table" and c.option == id end)
end

-- Which launchers and centres a plan attacks, by day or at night.
local PLANS = {
  hold = { intercept = false },
  hold_intercept = { intercept = true },
  qassam_strikes = {
    intercept = true,
    by_day_only = true,
    launcher = function(p) return pieces.type(p) == "qassam" and launcher_cf(p) == 3 end,
  },
  leadership = { intercept = true, centre = "leadership" },
  leadership_fajr = { intercept = true, centre = "leadership", launcher = function(p) return pieces.type(p) == "fajr5" end },
  pressure = { intercept = true, by_day_only = true, centre = "any", single = true, cf_order = "lowest" },
  strikes = { intercept = true, by_day_only = true, centre = "any", cf_order = "lowest" },
  fixation = { intercept = true, cf_order = "highest" },
  escalate = { intercept = true, by_day_only = true, centre = "any", cf_order = "lowest", increase = "israel_2" },
}

-- The Combat Round's target: the plan's centre, then its launchers, while
-- it has the aircraft for its way of attacking (an F-15 and a Drone
-- together, or one of either); otherwise the round ends.
local function combat_choice(plan, decision)
  local f15, drones = pieces.count("israeli_available", F15), pieces.count("israeli_available", DRONE)
  local attack = (f15 > 0 and drones > 0) or (plan.single and f15 + drones > 0)
  if attack and not (plan.by_day_only and is_night()) then
    if plan.centre then
      local i = first(decision, function(c)
        return type(c) == "table" and c.option == "attack" and c.location and
               (plan.centre == "any" or target_of(c.location) == plan.centre)
      end)
      if i then return i end
    end
    if plan.cf_order then
      local sign = plan.cf_order == "lowest" and 1 or -1
      local best, best_cf
      for i, c in ipairs(decision.choices) do
        if type(c) == "table" and c.option == "attack" and c.piece and
           (not best_cf or sign * launcher_cf(c.piece) < sign * best_cf) then
          best, best_cf = i, launcher_cf(c.piece)
        end
      end
      if best then return best end
    end
    if plan.launcher then
      local i = first(decision, function(c)
        return type(c) == "table" and c.option == "attack" and c.piece and plan.launcher(c.piece)
      end)
      if i then return i end
    end
  end
  return option(decision, "end")
end

-- Assets (6.0, 6.1) and the standing interception order (7.2.2).
local function common_choice(plan, decision)
  local increase = plan.increase and option(decision, plan.increase)
  if increase then return increase end
  local none = option(decision, "none")
  if none then return none end
  local c1 = decision.choices[1]
  if type(c1) == "table" and c1.number then
    -- The aircraft split (F-15s from most to fewest): the middle one, half
    -- and half when the counters allow.
    return (#decision.choices + 1) // 2
  end
  local order = option(decision, plan.intercept and "order_1" or "order_never")
  if order then return order end
  local cost = first(decision, function(c) return type(c) == "table" and c.side == "hamas" and c.spaces end)
  if cost then return cost end
  -- Iron Dome and Naval Support placement: the first area offered (areas
  -- come before the option to place no more).
  return 1
end

function bot_policy(side, name, decision)
  local plan = PLANS[name]
  if not plan then error("A Reign of Missiles has no policy '" .. tostring(name) .. "' (policies.lua)") end
  if decision.rule == "7.1" then return combat_choice(plan, decision) end
  -- Attack with: the plan's way, F-15 and Drone together or one alone.
  local combined = option(decision, "combined")
  if combined and not plan.single then return combined end
  local single = option(decision, "f15") or option(decision, "drone")
  if single and plan.single then return single end
  if option(decision, "f15") or option(decision, "drone") or option(decision, "naval") then
    return first(decision, function(c) return c == "Cancel" end)
  end
  -- The Commando raid is never made.
  local cancel = first(decision, function(c) return type(c) == "string" and c:find("^Cancel") end)
  if cancel then return cancel end
  return common_choice(plan, decision)
end
