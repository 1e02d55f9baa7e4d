-- COMBAT (docs/kit.md#combat): resolving an attack on one of the game's
-- combat tables, and applying the losses of its result. Generic procedures
-- over the kernel's combat module (combat.column, combat.lookup,
-- combat.result, combat.strength, combat.reduced_face, combat.eliminated_box)
-- and the rules API (roll, ask, log, pieces). A game calls them from its own
-- combat rules, and may wrap or replace any of them where its rulebook says
-- otherwise.
--
-- They keep nothing between calls, and what a result has done so far is
-- read back from the pieces (a unit in its eliminated box is out, the
-- strength lost is what the units print now against what they printed
-- before), so a procedure suspended in `ask` holds nothing the state does
-- not.

local argument_error, spec_problem = kit.args.error, kit.args.problem

-- A strength or a roll as a player reads it: 12, 12.5.
local function number_text(x)
  return string.format("%.10g", x)
end

-- The fields of combat.resolve's second argument.
local RESOLVE_FIELDS = { attack = "number", defence = "number", row = "string", shift = "integer", drm = "integer" }

-- combat.resolve(table, {attack =, defence = [, row =] [, shift =] [, drm =]}, rule)
--   -> code, details | nil, details
-- One attack on a combat table: the column of its strengths (on the `row`
-- key's headers, `shift` columns right, or left when negative), a roll of
-- the table's dice (an event citing `rule`, so a test can force it), the
-- die roll modifier `drm` added, and the result code where they cross. Logs
-- one line: "combat: 12 against 5 (+7) on the Clear row: column +6..+7,
-- roll 4: Ex". `details` holds what it found: attack, defence, row, shift,
-- drm, odds, column, header, roll (as rolled), modified and code; with no
-- column (beyond a table whose `beyond` is "none") it rolls nothing, and
-- returns nil and details with `reason`.
function combat.resolve(crt, spec, rule)
  local problem = spec_problem(spec, RESOLVE_FIELDS)
  if problem then argument_error(2, "resolve", problem) end
  if spec.attack == nil or spec.defence == nil then
    argument_error(2, "resolve", "the attack and defence strengths are required")
  end
  local info = combat.table(crt)
  local details = { attack = spec.attack, defence = spec.defence, row = spec.row, shift = spec.shift or 0,
                    drm = spec.drm or 0 }
  local column, header, odds = combat.column(crt, spec.attack, spec.defence,
                                             { row = spec.row, shift = spec.shift })
  local what = number_text(spec.attack) .. " against " .. number_text(spec.defence)
  if odds then what = what .. " (" .. odds .. ")" end
  if spec.row then what = what .. " on the " .. spec.row .. " row" end
  if details.shift ~= 0 then
    local n = math.abs(details.shift)
    what = string.format("%s, %d column%s %s", what, n, n == 1 and "" or "s", details.shift > 0 and "right" or "left")
  end
  if not column then
    details.reason = header
    log(rule, "combat: %s: no column: %s", what, header)
    return nil, details
  end
  details.column, details.header, details.odds = column, header, odds
  local natural = roll(info.dice, rule, "combat at %s", header)
  local modified = natural + details.drm
  local code = combat.lookup(crt, column, modified)
  details.roll, details.modified, details.code = natural, modified, code
  local rolled = tostring(natural)
  if details.drm ~= 0 then rolled = string.format("%d%+d = %d", natural, details.drm, modified) end
  log(rule, "combat: %s: column %s, roll %s: %s", what, header, rolled, code)
  return code, details
end

-- combat.eliminate(p, rule): the piece goes to the location [combat]
-- eliminated gives for its owner.
function combat.eliminate(p, rule)
  if math.type(p) ~= "integer" then argument_error(1, "eliminate", "piece expected, got " .. type(p)) end
  local box = combat.eliminated_box(p)
  if not box then
    error(string.format("no location for eliminated pieces of %s: give [combat] eliminated for it",
                        pieces.owner(p) or "no side"), 2)
  end
  log(rule, "%P eliminated", p)
  pieces.move(p, box, rule)
end

-- combat.reduce(p, rule) -> "reduced" | "eliminated"
-- The piece loses one step: it turns to its next face, or, on its last
-- step, is eliminated.
function combat.reduce(p, rule)
  if math.type(p) ~= "integer" then argument_error(1, "reduce", "piece expected, got " .. type(p)) end
  local face = combat.reduced_face(p)
  if face then
    pieces.set_face(p, face, rule)
    return "reduced"
  end
  combat.eliminate(p, rule)
  return "eliminated"
end

-- The units still in the fight: those not (yet) in their eliminated box.
local function in_play(units)
  local out = {}
  for _, p in ipairs(units) do
    local at = pieces.location(p)
    if at ~= nil and at ~= combat.eliminated_box(p) then out[#out + 1] = p end
  end
  return out
end

-- The unit that loses a step: the only candidate, or the one its owner
-- chooses. `prompt` is a text {format, values...}.
local function choose(candidates, prompt, rule)
  if #candidates == 1 then return candidates[1] end
  local side = pieces.owner(candidates[1])
  if side == nil then error("no side owns the units that lose a step, to choose which") end
  return ask(side, rule, { prompt = prompt, pieces = candidates, text = "%P at %L" })
end

-- One side's part of a result: eliminate, then steps, then the retreat its
-- units still in play are left to make.
local function take_losses(role, units, effect, code, rule, retreats)
  if effect.eliminate then
    for _, p in ipairs(in_play(units)) do combat.eliminate(p, rule) end
  end
  for step = 1, effect.steps do
    local candidates = in_play(units)
    if #candidates == 0 then break end
    local p = choose(candidates, { "%s: choose the %s unit to lose step %d of %d", code,
                                   role == "attacker" and "attacking" or "defending", step, effect.steps }, rule)
    combat.reduce(p, rule)
  end
  if effect.retreat > 0 then
    local left = in_play(units)
    if #left > 0 then
      retreats[#retreats + 1] = { side = role, units = left, hexes = effect.retreat,
                                  instead_steps = effect.instead_steps }
    end
  end
end

-- An exchange: the defenders are eliminated; the attackers then lose steps,
-- their owner choosing, until the attack strength lost is at least the
-- defence strength the defenders had.
local function exchange(attackers, defenders, code, rule)
  local gone = in_play(defenders)
  local owed = combat.strength(gone, "defence")
  for _, p in ipairs(gone) do combat.eliminate(p, rule) end
  local before = combat.strength(in_play(attackers), "attack")
  while true do
    local candidates = in_play(attackers)
    local lost = before - combat.strength(candidates, "attack")
    if lost >= owed or #candidates == 0 then break end
    local p = choose(candidates, { "%s: choose the attacking unit to lose a step (%s of %s strength lost)", code,
                                   number_text(lost), number_text(owed) }, rule)
    combat.reduce(p, rule)
  end
end

-- The fields of combat.apply's second argument.
local APPLY_FIELDS = { attackers = "pieces", defenders = "pieces" }

-- The side that owns `units`, checked to be one side for all.
local function one_owner(units, role)
  local side = nil
  for i, p in ipairs(units) do
    local owner = pieces.owner(p)
    if i > 1 and owner ~= side then
      return string.format("the %s belong to more than one side (%s, %s)", role, tostring(side), tostring(owner))
    end
    side = owner
  end
  return nil
end

-- combat.apply(code, {attackers = {...}, defenders = {...}}, rule) -> retreats
-- Applies result `code` to the units: the defender's losses first, then the
-- attacker's (eliminate, steps: the owner choosing which unit loses each
-- step where more than one could), or an exchange. Retreats are not made
-- here: the list returned holds each one still to do, as
-- {side = "attacker" | "defender", units = {...}, hexes = N,
-- instead_steps = M} (M steps the owner may lose instead; 0 for none),
-- the defender's first. Hidden units of both sides are revealed first when
-- the game's [fog] reveals in combat.
function combat.apply(code, units, rule)
  local problem = spec_problem(units, APPLY_FIELDS)
  if problem then argument_error(2, "apply", problem) end
  local attackers, defenders = units.attackers or {}, units.defenders or {}
  problem = one_owner(attackers, "attackers") or one_owner(defenders, "defenders")
  if problem then argument_error(2, "apply", problem) end
  if fog.reveals("combat") then
    kit.reveal(attackers, rule)
    kit.reveal(defenders, rule)
  end
  local result = combat.result(code)
  local retreats = {}
  if result.exchange then
    exchange(attackers, defenders, code, rule)
  else
    take_losses("defender", defenders, result.defender, code, rule, retreats)
    take_losses("attacker", attackers, result.attacker, code, rule, retreats)
  end
  return retreats
end
