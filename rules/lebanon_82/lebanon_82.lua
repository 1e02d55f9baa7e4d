-- Lebanon '82: the exclusive rules that change the Fire & Movement series'
-- procedures (rules/fire_and_movement): the players of each scenario, the
-- CRT rows, the bastions, support fire coordination, the amphibious
-- landings. Set-up is in setup.lua, the SAM sites in sams.lua, the end of
-- the game in victory.lua. Rulings are README.md's.

local RULES = tables.rules

-- Ruling Q11: no attack across the Qaraoun's lake hexsides (zones do not
-- cross them either).
NO_ATTACK_ACROSS = { lake = true }

-- 10.1, 19.1, 20.4, ruling L18: the players of the scenario. In 1982 Syria
-- and the PLO are one player (the Arab), or two in the three-player game:
-- either way they move and fight in the same phases.
function players()
  if vars.victory == "1976" then return { first = { "syria" }, second = { "plo" } } end
  if vars.victory == "2006" then return { first = { "israel" }, second = { "plo" } } end
  return { first = { "israel" }, second = { "syria", "plo" } }
end

-- 12.0 Whether bastions are in effect (not in 2006 and 1976: 20.2, 25.2 notes).
function bastions_in_effect() return vars.bastions == true end

-- 12.0 Whether `hex` is a bastion (found once: moves ask it of every step).
local BASTION, BASTIONS = {}, {}
for _, hex in ipairs(map.hexes()) do
  BASTION[hex] = (map.terrain(hex) or ""):find("^bastion_") ~= nil
  if BASTION[hex] then BASTIONS[#BASTIONS + 1] = hex end
end
function is_bastion(hex) return BASTION[hex] == true end

-- Whether `unit` could reach a bastion this move: each step costs 1 or more.
function bastion_within_reach(unit)
  local from, mp = pieces.location(unit), pieces.value(unit, "movement")
  for _, hex in ipairs(BASTIONS) do
    if map.distance(from, hex) <= mp then return true end
  end
  return false
end

-- 10.2, rulings L5, L20: where bastions are not in effect (20.2, 25.2
-- notes) a bastion hex is an ordinary hex and entering it costs no +1.
-- Off a road the kit charges a step into it its bastion_* cost (its own
-- terrain's, at least 1, plus the +1) and a river's, so more than the +1;
-- along a road, the road's 1, which holds no +1 and stays. A `cost`
-- hook's answer (docs/kit.md) for the step into `to`: nil keeps the kit's.
function bastion_step_cost(to, cost)
  if BASTION[to] and cost and cost > RULES.bastion_entry and not bastions_in_effect() then
    return cost - RULES.bastion_entry
  end
end

-- 7.0 step 5, rulings Q1, Q2: the row of the hex's terrain code (a town in
-- rough fights on the Rough row); a PLO unit in a bastion in effect is
-- attacked on the Clear row, where De exists.
function terrain_row(hex)
  if bastions_in_effect() and is_bastion(hex) and #pieces.at(hex, { owner = "plo", kind = "unit" }) > 0 then
    return tables.crt_row.bastion_in_effect
  end
  return tables.crt_row[map.terrain(hex)]
end

-- 12.0 A PLO unit in a bastion in effect ignores every result but De.
function immune(unit, code)
  return code ~= "De" and pieces.owner(unit) == "plo" and bastions_in_effect() and is_bastion(pieces.location(unit))
end

-- 14.0 SUPPORT FIRE COORDINATION: at most one Syrian marker in a combat of
-- PLO units only, at most one PLO marker in a combat of Syrian units only.
local function nation_count(c, nation)
  local n = 0
  for _, m in ipairs(c.committed) do
    if pieces.value(m, "nation") == nation then n = n + 1 end
  end
  return n
end

local function arab_units(c)
  local syrian, plo = false, false
  for _, list in ipairs({ c.attackers, c.defenders }) do
    for _, u in ipairs(list) do
      if pieces.owner(u) == "syria" then syrian = true end
      if pieces.owner(u) == "plo" then plo = true end
    end
  end
  return syrian, plo
end

function may_commit(side, marker, c)
  local nation = pieces.value(marker, "nation")
  local syrian, plo = arab_units(c)
  if nation == "syria" and plo and not syrian then return nation_count(c, "syria") < 1 end
  if nation == "plo" and syrian and not plo then return nation_count(c, "plo") < 1 end
  return true
end

-- 22.0 the 2006 Israeli allotment on turns 1-5 (ruling L3); 26.0 Syria's
-- single marker in 1976 is the scenario's whole pool (ruling L19).
function support_allotment(side)
  if side == "israel" and vars.half_support_turns and game.turn() <= vars.half_support_turns then
    return RULES.israeli_half_support
  end
  return nil
end

-- 11.1 The hexes an amphibious unit may land in: land hexes on the coast,
-- not Beirut's (ruling: any coastal hex of the map). The terrain never
-- changes, so they are found once, when the rules load; the list returned is
-- that one, to read and not to change.
local LANDING_HEXES = {}
for _, hex in ipairs(map.hexes()) do
  local t = map.terrain(hex)
  if t ~= "sea" and t ~= "beirut" and t ~= "bastion_beirut" then
    for _, n in ipairs(map.neighbours(hex)) do
      if map.terrain(n) == "sea" then
        LANDING_HEXES[#LANDING_HEXES + 1] = hex
        break
      end
    end
  end
end
function landing_hexes() return LANDING_HEXES end

-- 11.0-11.3 REINFORCEMENTS: the 96th lands from the Amphibious box at the
-- start of an Israeli Movement or Mobile Movement Phase (ruling L7), on an
-- empty coastal hex or one an enemy holds (11.3); a landed unit ends its
-- movement there (11.2). A unit once landed for good never goes back.
function reinforce(side, phase)
  if side ~= "israel" then return end
  while pieces.count("amphibious") > 0 do
    local u = ask("israel", "11.2", { prompt = "Land a unit of the 96th from the Amphibious box", pieces = pieces.at("amphibious"),
                                      text = "%P", options = { "done" } })
    if u == "done" then return end
    local open = {}
    for _, hex in ipairs(landing_hexes()) do
      local units = pieces.at(hex, { kind = "unit" })
      local israeli = #pieces.at(hex, { owner = "israel", kind = "unit" })
      -- 11.3: an enemy's hex takes the landing (both units at most, ruling Q9); a friendly one none.
      if #units == 0 or (enemy_in("israel", hex) and israeli < 2 and #units - israeli == 1) then open[#open + 1] = hex end
    end
    local hex = ask("israel", "11.1", { prompt = { "Land %P on", u }, piece = u, to = open })
    pieces.move(u, hex, "11.1")
    pieces.mark(u, "landed")
    pieces.mark(u, "moved")
    -- 11.4, ruling L7: it may attack in the combat phase that follows, the
    -- Mobile Combat Phase after a landing in the Mobile Movement Phase.
    if phase == "mobile" then pieces.mark(u, "mobile_moved") end
    if enemy_in("israel", hex) then
      log("11.3", "%P lands on an enemy in %L: it must attack it", u, hex)
    else
      pieces.mark(u, "ashore")
      entered(u, hex)
    end
  end
end

-- 11.2 A landed unit moves no more this turn.
function may_move(unit) return not pieces.marked(unit, "landed") end

-- 11.3, ruling L8: units that landed on an enemy attack it in the next
-- Combat or Mobile Combat Phase.
function forced_attacks(side)
  if side ~= "israel" then return {} end
  local by_hex, out = {}, {}
  for _, u in ipairs(units_of("israel")) do
    if pieces.marked(u, "landed") and not pieces.marked(u, "ashore") then
      local hex = pieces.location(u)
      if not by_hex[hex] then
        by_hex[hex] = { hex = hex, units = {} }
        out[#out + 1] = by_hex[hex]
      end
      table.insert(by_hex[hex].units, u)
    end
  end
  return out
end

-- 11.3 After the attack: a landing force that did not clear its hex goes
-- back to the Amphibious box (depleted if it was); one that did is ashore
-- for good. Ruling Q9: a landed unit does not advance in its landing turn.
function after_attack(c)
  for _, u in ipairs(c.attackers) do
    if pieces.marked(u, "landed") and not pieces.marked(u, "ashore") and alive(u) then
      if enemy_in("israel", pieces.location(u)) then
        log("11.3", "%P failed to clear %L and returns to the Amphibious box", u, pieces.location(u))
        pieces.move(u, "amphibious", "11.3")
        pieces.unmark(u, "landed")
        pieces.unmark(u, "moved")
      else
        pieces.mark(u, "ashore")
        entered(u, pieces.location(u))
      end
    end
  end
  check_victory()
end

function may_advance(unit) return not pieces.marked(unit, "landed") end

-- 11.3, ruling R-11.3: a unit landed on an enemy attacks that hex and no
-- other. Its attack is owed there; joining another first, it could be sent
-- back to the Amphibious box before its own hex was fought.
function may_attack_from(unit, hex)
  if pieces.marked(unit, "landed") and not pieces.marked(unit, "ashore") then return pieces.location(unit) == hex end
  return base.may_attack_from(unit, hex)
end

-- Ruling Q9: a landing force told to retreat (A1-A3) cannot go back to the
-- sea: one of its units depletes (7.8) and 11.3 then returns it to the box.
function attacker_retreat(c, n, code)
  local left = alive_list(c.attackers)
  for _, u in ipairs(left) do
    if pieces.marked(u, "landed") and not pieces.marked(u, "ashore") then
      log("11.3", "%s: a landing force cannot retreat to the sea; one attacking unit depletes instead", code)
      lose_step(choose_unit(c.side, left, { "%s: choose the attacking unit to deplete", code }, "7.8"), "7.8", c.by_defence)
      return
    end
  end
  base.attacker_retreat(c, n, code)
end

-- The landing marks last until the turn ends.
function end_of_turn()
  for _, u in ipairs(units_of("israel")) do
    if pieces.marked(u, "landed") then pieces.unmark(u, "landed") end
  end
  international_pressure_end()
end

-- 13.0, 19.1 L14, 27.0: what entering a hex does: an Israeli unit destroys
-- the SAM site there; the last side to enter a Beirut or Sidon hex holds it.
function entered(unit, hex)
  local side = pieces.owner(unit)
  if side == "israel" then capture_sam(hex) end
  if is_city_objective(hex) then
    local last = vars.last_entered or {}
    last[hex] = side
    vars.last_entered = last
  end
  check_victory()
end
