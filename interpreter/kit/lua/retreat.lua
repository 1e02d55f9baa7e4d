-- RETREAT AND ADVANCE AFTER COMBAT (docs/kit.md#retreat-and-advance): the
-- kit's procedures that make the retreats combat.apply hands back and the
-- advance into the hex an attack emptied, asking the owning side where the
-- rules give it a choice. Built on map.retreats and map.advances (the legal
-- hexes, found by the kernel), combat.retreat_rules ([retreat]),
-- combat.reduce and combat.eliminate. A game or a mod may call them, wrap
-- them or redefine them where its rulebook says otherwise.
--
-- They keep nothing across an `ask` that the state does not hold: which
-- units are still to retreat is read back from the units themselves (each
-- one handled has moved, lost steps or been eliminated), and which have
-- advanced from where they stand.
kit = kit or {}

local argument_error, spec_problem = kit.args.error, kit.args.problem

-- "1 hex", "2 hexes"; "1 step", "2 steps".
local function count(n, one, many)
  return string.format("%d %s", n, n == 1 and one or many)
end

-- The units in id order (a fresh array).
local function by_id(units)
  local out = {}
  for i, p in ipairs(units) do out[i] = p end
  table.sort(out)
  return out
end

-- Whether the unit is still in the fight: in play, not in its eliminated box.
local function in_play(p)
  local at = pieces.location(p)
  return at ~= nil and at ~= combat.eliminated_box(p)
end

-- The side owning every unit of the list, or nil and the problem.
local function owner_of(units, fn)
  local side = nil
  for i, p in ipairs(units) do
    local owner = pieces.owner(p)
    if owner == nil then return nil, string.format("unit %d belongs to no side, to ask", p) end
    if i > 1 and owner ~= side then
      return nil, string.format("the units belong to more than one side (%s, %s)", side, owner)
    end
    side = owner
  end
  return side
end

-- The ids of a list of ends {id =, path =}.
local function ids(ends)
  local out = {}
  for i, e in ipairs(ends) do out[i] = e.id end
  return out
end

-- Up to n steps lost, one at a time; fewer when the unit is eliminated first.
local function lose_steps(u, n, rule)
  for _ = 1, n do
    if combat.reduce(u, rule) == "eliminated" then return end
  end
end

-- One unit's retreat of `hexes` (above 0), or `instead` steps lost in its
-- place when the result offers them and the owner prefers.
local function retreat_one(u, hexes, instead, rule, zones, rules)
  local side = pieces.owner(u)
  if instead > 0 then
    local c = ask(side, rule, {
      prompt = { "%P: retreat %s, or lose %s instead?", u, count(hexes, "hex", "hexes"), count(instead, "step", "steps") },
      choices = { { option = "retreat", text = { "retreat %s", count(hexes, "hex", "hexes") } },
                  { option = "steps", text = { "lose %s", count(instead, "step", "steps") } } },
    })
    if c.option == "steps" then
      log(rule, "%P lost %s instead of retreating", u, count(instead, "step", "steps"))
      lose_steps(u, instead, rule)
      return
    end
  end
  local ends, length = map.retreats(u, hexes, { zones = zones, fewer = rules.blocked == "steps" })
  if #ends == 0 and rules.blocked == "eliminate" then
    log(rule, "%P could not retreat %s", u, count(hexes, "hex", "hexes"))
    combat.eliminate(u, rule)
    return
  end
  -- [retreat] blocked = "steps": a step for each hex it cannot retreat.
  if length < hexes then
    local short = hexes - length
    log(rule, "%P could retreat only %s of %d: it loses %s", u, count(length, "hex", "hexes"), hexes,
        count(short, "step", "steps"))
    lose_steps(u, short, rule)
    if not in_play(u) or length == 0 then return end
  end
  local to = ends[1].id
  if #ends > 1 then
    to = ask(side, rule, { prompt = { "Retreat %P %s to", u, count(length, "hex", "hexes") }, piece = u,
                           to = ids(ends) })
  end
  log(rule, "%P retreated %s to %L", u, count(length, "hex", "hexes"), to)
  pieces.move(u, to, rule)
  if rules.stacking ~= "ignore" then stacking.check(to) end
end

-- The fields of kit.retreat's first argument, as combat.apply gives them.
local RETREAT_FIELDS = { side = "string", units = "pieces", hexes = "count", instead_steps = "count" }

-- kit.retreat(r, rule [, {zones = false}])
-- Makes one retreat of combat.apply's list, {side =, units =, hexes = N,
-- instead_steps = M}: each unit still in play, in id order, retreats N
-- hexes by the kit's rules ([retreat], [zoc]); where the result offers M
-- steps instead, its owner first chooses. A unit with no legal retreat is
-- eliminated, or ([retreat] blocked = "steps") retreats as far as it can
-- and loses a step for each hex short. Where more than one hex could end
-- the retreat, the owner chooses; the end is then checked for stacking
-- (unless [retreat] stacking = "ignore"). `zones = false` lets this retreat
-- ignore zones of control.
function kit.retreat(r, rule, options)
  local problem = spec_problem(r, RETREAT_FIELDS, { "units", "hexes" })
  if problem then argument_error(1, "retreat", problem) end
  problem = options ~= nil and spec_problem(options, { zones = "boolean" })
  if problem then argument_error(3, "retreat", problem) end
  local _, why = owner_of(r.units)
  if why then argument_error(1, "retreat", why) end
  if r.hexes == 0 then return end
  local rules = combat.retreat_rules()
  local zones = options and options.zones
  for _, u in ipairs(by_id(r.units)) do
    if in_play(u) then retreat_one(u, r.hexes, r.instead_steps or 0, rule, zones, rules) end
  end
end

-- Whether `u` may advance into `hex` itself (it stands next to it and fits).
local function may_enter(u, hex, options)
  for _, e in ipairs(map.advances(u, hex, options)) do
    if e.id == hex then return true end
  end
  return false
end

-- kit.advance(units, hex, rule [, {hexes =, zones =}])
-- The advance after combat into `hex`, the hex the attack emptied: the
-- owner of `units` (the attackers) chooses one unit at a time to advance
-- into it, among those that may ([advance] kinds and without), stand next
-- to it and would fit there, until it chooses "done" or none is left. With
-- [advance] hexes above 1 (or `hexes`), the units that advanced may then
-- go on, one at a time, to a hex map.advances offers, until "done". Nothing
-- happens while an enemy holds `hex`.
function kit.advance(units, hex, rule, options)
  local problem = spec_problem({ units = units }, { units = "pieces" })
  if problem then argument_error(1, "advance", problem) end
  if type(hex) ~= "string" then argument_error(2, "advance", "hex expected, got " .. type(hex)) end
  problem = options ~= nil and spec_problem(options, { hexes = "hexes", zones = "boolean" })
  if problem then argument_error(4, "advance", problem) end
  local side, why = owner_of(units)
  if why then argument_error(1, "advance", why) end
  local order = by_id(units)
  -- Into the emptied hex: a unit that has advanced stands in it.
  while true do
    local candidates = {}
    for _, u in ipairs(order) do
      if in_play(u) and pieces.location(u) ~= hex and may_enter(u, hex, options) then
        candidates[#candidates + 1] = u
      end
    end
    if #candidates == 0 then break end
    local u = ask(side, rule, { prompt = { "Advance into %L", hex }, pieces = candidates, text = "%P at %L", options = { "done" } })
    if u == "done" then break end
    log(rule, "%P advanced into %L", u, hex)
    pieces.move(u, hex, rule)
  end
  -- On beyond it: a unit that has gone on no longer stands in it.
  while true do
    local movers = {}
    for _, u in ipairs(order) do
      if pieces.location(u) == hex and #map.advances(u, hex, options) > 0 then movers[#movers + 1] = u end
    end
    if #movers == 0 then return end
    local u = ask(side, rule, { prompt = { "Advance on from %L", hex }, pieces = movers, text = "%P at %L", options = { "done" } })
    if u == "done" then return end
    local to = ask(side, rule, { prompt = { "Advance %P to", u }, piece = u, to = ids(map.advances(u, hex, options)) })
    log(rule, "%P advanced to %L", u, to)
    pieces.move(u, to, rule)
  end
end
