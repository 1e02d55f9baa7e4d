-- Fire & Movement series rules: combat (7.0-7.9) and bombardment (8.4),
-- research rules-gaps.md 1.3 [P]. The table is the folio's [combat_tables]
-- entry CRT; its results are the series' legend (game.toml).

-- A folio's: the id of its Combat Results Table.
CRT = "crt"

-- A folio's: hexside features no attack crosses (ruling Q11: a lake).
NO_ATTACK_ACROSS = {}

-- A folio's: the CRT row of the terrain of `hex` (7.0 step 5).
function terrain_row(hex) return map.terrain(hex) end

-- A folio's: whether `unit` ignores result `code` (a fortification, 7.5).
function immune(unit, code) return false end

-- A folio's: whether `unit` may advance after combat (7.9).
function may_advance(unit) return true end

-- A folio's: `unit` was "depleted" or "eliminated", the loss inflicted by
-- side `by` (nil when no side did). Called after every loss.
function on_loss(unit, what, by) end

-- A folio's: what `side` may bombard besides enemy units (8.4): a list of
-- {hex =, defence =} (a SAM site).
function special_targets(side) return {} end

-- A folio's: the result `code` of a bombardment of a special target.
function special_result(side, target, code) end

-- A folio's: the attacks `side` must make this phase before any other, as
-- a list of {hex =, units = {...}}, the units in the hex that owe its
-- attack (an amphibious landing); one moved off by then owes nothing.
function forced_attacks(side) return {} end

-- A folio's: called after an attack or bombardment `c` is over.
function after_attack(c) end

-- Whether `unit` is still in play (not in its eliminated box).
function alive(unit)
  local at = pieces.location(unit)
  return at ~= nil and at ~= combat.eliminated_box(unit)
end

function alive_list(units)
  local out = {}
  for _, u in ipairs(units) do
    if alive(u) then out[#out + 1] = u end
  end
  return out
end

-- One step lost (7.6: depleted, or eliminated when already depleted).
function lose_step(unit, rule, by)
  local r = combat.reduce(unit, rule)
  on_loss(unit, r == "eliminated" and "eliminated" or "depleted", by)
end

function eliminate(unit, rule, by)
  combat.eliminate(unit, rule)
  on_loss(unit, "eliminated", by)
end

-- The side credited with losses the `units` inflict: the owner of the most
-- attack strength among them; a tie goes to the side declared first.
function credit(units)
  local best, best_strength = nil, -1
  for _, side in ipairs(game.sides()) do
    local mine = {}
    for _, u in ipairs(units) do
      if pieces.owner(u) == side then mine[#mine + 1] = u end
    end
    if #mine > 0 then
      local s = combat.strength(mine, "attack")
      if s > best_strength then best, best_strength = side, s end
    end
  end
  return best
end

-- The sides owning `units`, in the game's side order.
function owners(units)
  local out = {}
  for _, side in ipairs(game.sides()) do
    for _, u in ipairs(units) do
      if pieces.owner(u) == side then
        out[#out + 1] = side
        break
      end
    end
  end
  return out
end

-- The unit of `units` that `side` chooses (the only one without asking).
function choose_unit(side, units, prompt, rule)
  if #units == 1 then return units[1] end
  return ask(side, rule, { prompt = prompt, pieces = units, text = "%P at %L" })
end

-- 7.0 step 5: whether row `a` is more defensive than row `b`: its column
-- of an even fight lies farther left.
function more_defensive(a, b)
  return combat.column(CRT, 0, 0, { row = a }) < combat.column(CRT, 0, 0, { row = b })
end

-- 7.0 step 5: the terrain's row, or the River row when every attacker
-- attacks across a river and that row is more defensive.
function crt_row(hex, attackers)
  local row = terrain_row(hex)
  if #attackers == 0 then return row end
  for _, u in ipairs(attackers) do
    if map.hexside(pieces.location(u), hex) ~= "river" then return row end
  end
  if more_defensive("river", row) then return "river" end
  return row
end

-- "1 hex", "2 hexes".
local function hexes_text(n) return n == 1 and "1 hex" or (n .. " hexes") end

-- 7.7 RETREAT: `unit` retreats `n` hexes, its owner choosing the end; one
-- that cannot depletes instead. The kit finds the legal ends (farther each
-- hex, no enemy, no enemy zone, no prohibited ground, not ending stacked).
function retreat_unit(unit, n, by)
  local ends = {}
  for _, e in ipairs(map.retreats(unit, n)) do
    if may_enter(unit, e.id) then ends[#ends + 1] = e end
  end
  if #ends == 0 then
    log("7.7", "%P cannot retreat %s: it is depleted instead", unit, hexes_text(n))
    lose_step(unit, "7.7", by)
    return
  end
  local to = ends[1].id
  if #ends > 1 then
    local hexes = {}
    for i, e in ipairs(ends) do hexes[i] = e.id end
    to = ask(pieces.owner(unit), "7.7", { prompt = { "Retreat %P %s to", unit, hexes_text(n) }, piece = unit, to = hexes })
  end
  log("7.7", "%P retreats %s to %L", unit, hexes_text(n), to)
  pieces.move(unit, to, "7.7")
  entered(unit, to)
end

-- 7.8 STIFF RESISTANCE for the defender: each defending unit told to
-- retreat may deplete instead.
function defender_retreat(c, n, code)
  for _, u in ipairs(alive_list(c.defenders)) do
    local choice = ask(pieces.owner(u), "7.8", { prompt = { "%s: retreat %P %s, or deplete it instead", code, u, hexes_text(n) },
                                                 options = { "retreat", "deplete" } })
    if choice == "deplete" then lose_step(u, "7.8", c.by_attack) else retreat_unit(u, n, c.by_attack) end
  end
end

-- 7.8 STIFF RESISTANCE for the attacker: one attacking unit depletes and
-- then none retreats; or every attacker retreats.
function attacker_retreat(c, n, code)
  local left = alive_list(c.attackers)
  if #left == 0 then return end
  local choice = ask(c.side, "7.8", { prompt = { "%s: the attackers retreat %s, or one depletes instead", code, hexes_text(n) },
                                      options = { "retreat", "deplete" } })
  if choice == "deplete" then
    lose_step(choose_unit(c.side, left, { "%s: choose the attacking unit to deplete", code }, "7.8"), "7.8", c.by_defence)
  else
    for _, u in ipairs(left) do
      if alive(u) then retreat_unit(u, n, c.by_defence) end
    end
  end
end

-- 7.6 The defender's part of result `code`.
function defender_result(c, code)
  local effect = combat.result(code).defender
  for _, u in ipairs(alive_list(c.defenders)) do
    if immune(u, code) then
      log("7.5", "%P is immune to %s", u, code)
    elseif effect.eliminate then
      eliminate(u, "7.6", c.by_attack)
    else
      for _ = 1, effect.steps do
        if alive(u) then lose_step(u, "7.6", c.by_attack) end
      end
    end
  end
  local effect_retreat = effect.retreat
  if effect_retreat > 0 then
    local movable = {}
    for _, u in ipairs(alive_list(c.defenders)) do
      if not immune(u, code) then movable[#movable + 1] = u end
    end
    defender_retreat({ defenders = movable, by_attack = c.by_attack }, effect_retreat, code)
  end
end

-- 7.6 The attacker's part of result `code`: every step is one unit the
-- attacker chooses (Ex, (A)).
function attacker_result(c, code)
  local effect = combat.result(code).attacker
  if effect.eliminate then
    for _, u in ipairs(alive_list(c.attackers)) do eliminate(u, "7.6", c.by_defence) end
    return
  end
  for _ = 1, effect.steps do
    local left = alive_list(c.attackers)
    if #left == 0 then break end
    lose_step(choose_unit(c.side, left, { "%s: choose the attacking unit to deplete", code }, "7.6"), "7.6", c.by_defence)
  end
  if effect.retreat > 0 then attacker_retreat(c, effect.retreat, code) end
end

-- 7.9 ADVANCE AFTER COMBAT: when no enemy is left in the hex, one
-- surviving attacker may move in, each attacking side offered its own.
function advance(c)
  if enemy_in(c.side, c.hex) then return end
  for _, side in ipairs(owners(c.attackers)) do
    local offer = {}
    for _, u in ipairs(alive_list(c.attackers)) do
      if pieces.owner(u) == side and pieces.location(u) ~= c.hex and may_advance(u)
          and may_enter(u, c.hex) and #map.advances(u, c.hex) > 0 then
        offer[#offer + 1] = u
      end
    end
    if #offer > 0 then
      local u = ask(side, "7.9", { prompt = { "Advance into %L", c.hex }, pieces = offer, text = "%P at %L",
                                   options = { "done" } })
      if u ~= "done" then
        log("7.9", "%P advances into %L", u, c.hex)
        pieces.move(u, c.hex, "7.9")
        entered(u, c.hex)
        return
      end
    end
  end
end

-- The player of `side`'s enemy in combat `c`: the sides of the player who
-- owns the defenders (a player's allies may back them with support fire).
function defending_sides(c)
  local owner = c.target_owner
  return players()[player_of(owner)] or { owner }
end

-- 8.3 The sides of the player attacking in combat `c`: as for the
-- defence, a player's allies may back the attack with support fire.
function attacking_sides(c)
  return players()[player_of(c.side)] or { c.side }
end

-- 7.0 steps 2-6: support fire, the differential, the row, the roll and
-- the result of combat `c` = {side =, hex =, attackers =, defenders =,
-- target_owner =, committed = {}}.
function resolve(c)
  local attack_sides, defence_sides = attacking_sides(c), defending_sides(c)
  commit_support(attack_sides, c, "against")
  commit_support(defence_sides, c, "to defend")
  local attack = combat.strength(c.attackers, "attack") + reveal_support(attack_sides, c)
  local defence = combat.strength(c.defenders, "defence") + reveal_support(defence_sides, c)
  c.by_attack = credit(c.attackers) or c.side
  c.by_defence = c.target_owner
  local code = combat.resolve(CRT, { attack = attack, defence = defence, row = crt_row(c.hex, c.attackers) }, "7.6")
  defender_result(c, code)
  attacker_result(c, code)
  advance(c)
  after_attack(c)
end

-- Whether `unit` may attack `hex` from where it stands: next to it (or in
-- it, after a landing) and not across a hexside no attack crosses.
function may_attack_from(unit, hex)
  local at = pieces.location(unit)
  if at == hex then return true end
  return map.adjacent(at, hex) and not NO_ATTACK_ACROSS[map.hexside(at, hex) or ""]
end

-- The hexes a unit may attack `hex` from (7.0: next to it, or in it after a
-- landing); a folio whose units reach farther replaces this. The map never
-- changes, so each hex's list is made once, when the rules load; the list
-- returned is that one, to read and not to change.
local REACH = {}
for _, hex in ipairs(map.hexes()) do
  REACH[hex] = map.neighbours(hex)
  table.insert(REACH[hex], hex)
end
function attack_reach(hex) return REACH[hex] end

-- Whether one of `ready` (units able to attack, by location) may attack `hex`.
local function attackable(hex, ready)
  for _, from in ipairs(attack_reach(hex)) do
    local here = ready[from]  -- most of the reach holds no ready unit: no empty table made for it
    if here then
      for _, u in ipairs(here) do
        if may_attack_from(u, hex) then return true end
      end
    end
  end
  return false
end

-- The units of `side` among `eligible` that may still attack `hex` (any
-- hex when it is nil).
function attackers_for(side, hex, eligible)
  local out = {}
  for _, u in ipairs(eligible) do
    if pieces.owner(u) == side and alive(u) and not pieces.marked(u, "attacked")
        and (hex == nil or may_attack_from(u, hex)) then
      out[#out + 1] = u
    end
  end
  return out
end

-- 7.0 step 1: `side` adds attackers from `offer` one at a time; allied
-- sides of the same player may then add theirs. Returns them all.
function gather_attackers(side, hex, chosen, eligible)
  local sides = { side }
  for _, s in ipairs(phasing_sides()) do
    if s ~= side and game.allied(s, side) then sides[#sides + 1] = s end
  end
  for _, s in ipairs(sides) do
    while true do
      local offer = {}
      for _, u in ipairs(attackers_for(s, hex, eligible)) do
        local taken = false
        for _, x in ipairs(chosen) do taken = taken or x == u end
        if not taken then offer[#offer + 1] = u end
      end
      if #offer == 0 then break end
      local options = #chosen > 0 and { "attack" } or nil
      local prompt = s == side and { "Attack %L with", hex } or { "Join the attack on %L with", hex }
      local u = ask(s, "7.0", { prompt = prompt, pieces = offer, text = "%P at %L", options = options })
      if u == "attack" then break end
      chosen[#chosen + 1] = u
    end
  end
  return chosen
end

-- The enemy units of `side` in `hex`.
function defenders_in(side, hex)
  local out = {}
  for _, u in ipairs(pieces.at(hex, { kind = "unit" })) do
    if not game.allied(side, pieces.owner(u)) then out[#out + 1] = u end
  end
  return out
end

-- 7.0, 8.4: the hexes attacked or bombarded this phase, kept in the game's
-- state (vars) so that a position's state says everything about it.
function struck(hex)
  local s = vars.struck
  return s ~= nil and s[hex] == true
end

function strike(hex)
  local s = vars.struck or {}
  s[hex] = true
  vars.struck = s
end

-- One attack by `side` on `hex` with `attackers` (7.0).
function attack(side, hex, attackers)
  strike(hex)
  for _, u in ipairs(attackers) do pieces.mark(u, "attacked") end
  local defenders = defenders_in(side, hex)
  log("7.0", "%s attacks %L", game.title(side), hex)
  resolve({ side = side, hex = hex, attackers = attackers, defenders = defenders, committed = {},
            target_owner = pieces.owner(defenders[1]) })
end

-- 8.4 The hexes `side` may bombard now, sorted, and the special targets
-- among them by hex: enemy units' hexes and special targets not yet struck
-- this phase (an enemy unit's hex is bombarded as such).
function bombard_targets(side)
  local targets, special = {}, {}
  for _, u in ipairs(enemy_units(side)) do
    local hex = pieces.location(u)
    if not struck(hex) and special[hex] == nil then
      special[hex] = false
      targets[#targets + 1] = hex
    end
  end
  for _, t in ipairs(special_targets(side)) do
    if not struck(t.hex) and special[t.hex] == nil then
      special[t.hex] = t
      targets[#targets + 1] = t.hex
    end
  end
  table.sort(targets)
  return targets, special
end

-- Whether a special target of `side` is not yet struck this phase.
local function special_target_left(side)
  for _, t in ipairs(special_targets(side)) do
    if not struck(t.hex) then return true end
  end
  return false
end

-- 8.4 BOMBARDMENT by `side`: markers alone against an enemy hex not yet
-- attacked this phase, or a special target. No marker committed, no attack.
-- Returns whether a bombardment was made.
function bombard(side)
  local targets, special = bombard_targets(side)
  local hex = ask(side, "8.4", { prompt = "Bombard a hex", locations = targets, options = { "cancel" } })
  if hex == "cancel" then return false end
  local target = special[hex] or {}
  local defenders = special[hex] and {} or defenders_in(side, hex)
  local c = { side = side, hex = hex, attackers = {}, defenders = defenders, committed = {},
              target_owner = #defenders > 0 and pieces.owner(defenders[1]) or target.owner }
  log("8.4", "%s bombards %L", game.title(side), hex)
  commit_support({ side }, c, "against")
  if #c.committed == 0 then
    log("8.4", "no marker committed: no bombardment")
    return false
  end
  -- Only a bombardment made closes the hex to ground attack this phase.
  strike(hex)
  local defence_sides = target.defence and {} or defending_sides(c)
  commit_support(defence_sides, c, "to defend")
  local attack = reveal_support({ side }, c)
  local defence = (target.defence or combat.strength(defenders, "defence")) + reveal_support(defence_sides, c)
  c.by_attack = side
  local code = combat.resolve(CRT, { attack = attack, defence = defence, row = crt_row(hex, {}) }, "8.4")
  -- 8.4: what the result does to the attacker is ignored.
  if target.defence then special_result(side, target, code) else defender_result(c, code) end
  after_attack(c)
  return true
end

-- 7.0 / 4.1 one player's combat: its sides in turn attack hexes next to
-- their `eligible` units, or bombard, each hex once and each unit once. A
-- bombardment given up (cancelled, or no marker committed) is offered
-- again only after an attack or a bombardment (ruling R-8.4: trying again
-- at once changes nothing, and the phase must end).
function fight(eligible)
  vars.struck = nil
  for _, side in ipairs(phasing_sides()) do
    vars.bombard_given_up = nil
    for _, f in ipairs(forced_attacks(side)) do
      -- The units that owe the attack and are still there to make it (an
      -- earlier attack of the list may have moved them).
      local owing = {}
      for _, u in ipairs(f.units) do
        if alive(u) and pieces.location(u) == f.hex and not pieces.marked(u, "attacked") then owing[#owing + 1] = u end
      end
      if #owing > 0 and not struck(f.hex) and #defenders_in(side, f.hex) > 0 then
        log("11.3", "%L must be attacked", f.hex)
        attack(side, f.hex, gather_attackers(side, f.hex, owing, eligible))
      end
    end
    while true do
      local targets, seen = {}, {}
      -- Each hex once, whether it is a target or not: its other units
      -- change neither answer.
      local ready = {}
      for _, u in ipairs(attackers_for(side, nil, eligible)) do
        local at = pieces.location(u)
        ready[at] = ready[at] or {}
        table.insert(ready[at], u)
      end
      -- An enemy hex not yet struck is also a target for bombardment (8.4).
      local unstruck = false
      for _, e in ipairs(enemy_units(side)) do
        local hex = pieces.location(e)
        if not seen[hex] then
          seen[hex] = true
          if not struck(hex) then
            unstruck = true
            if attackable(hex, ready) then targets[#targets + 1] = hex end
          end
        end
      end
      table.sort(targets)
      local options = { "done" }
      if not vars.bombard_given_up and pieces.count(support_pool(side)) > 0
          and (unstruck or special_target_left(side)) then
        options = { "bombard", "done" }
      end
      if #targets == 0 and #options == 1 then break end
      local choice = ask(side, "7.0", { prompt = "Attack a hex", locations = targets, options = options })
      if choice == "done" then break end
      if choice == "bombard" then
        vars.bombard_given_up = not bombard(side) or nil
      else
        vars.bombard_given_up = nil
        attack(side, choice, gather_attackers(side, choice, {}, eligible))
      end
    end
  end
  for _, side in ipairs(phasing_sides()) do
    for _, u in ipairs(units_of(side)) do
      if pieces.marked(u, "attacked") then pieces.unmark(u, "attacked") end
    end
  end
  vars.struck = nil
  vars.bombard_given_up = nil
end

-- 7.0 COMBAT PHASE: any unit of the player may attack.
function combat_phase()
  local eligible = {}
  for _, side in ipairs(phasing_sides()) do
    for _, u in ipairs(units_of(side)) do eligible[#eligible + 1] = u end
  end
  fight(eligible)
end

-- 4.1 MOBILE COMBAT PHASE: only the units that moved in the Mobile
-- Movement Phase; then the player's turn is over and its marks come off.
function mobile_combat_phase()
  local eligible = {}
  for _, side in ipairs(phasing_sides()) do
    for _, u in ipairs(units_of(side)) do
      if pieces.marked(u, "mobile_moved") then eligible[#eligible + 1] = u end
    end
  end
  fight(eligible)
  clear_marks(phasing_sides())
end
