-- Golan 1973: the sequence of play and the rules' exceptions. Movement,
-- zones, stacking, the combat table, retreats, supply and the fog are the
-- kit's, declared in game.toml. Section numbers are README.md's.

local ENEMY = { syria = "israel", israel = "syria" }
local OF = { syria = pieces.filter { owner = "syria" }, israel = pieces.filter { owner = "israel" } }  -- a side's units
local UNMOVED = pieces.filter { unmarked = "moved" }
local UNATTACKED = pieces.filter { unmarked = "attacked" }
local UNATTACKED_OF = {
  syria = pieces.filter { owner = "syria", unmarked = "attacked" },
  israel = pieces.filter { owner = "israel", unmarked = "attacked" },
}
-- Each hex's neighbours, listed once (the map never changes): the combat
-- phase asks them of every unit at every attack. Lists to read, not change.
local NEIGHBOURS = {}
for _, hex in ipairs(map.hexes()) do NEIGHBOURS[hex] = map.neighbours(hex) end

-- The side whose phase it is (the phases are named for it).
local function phasing()
  return game.phase():find("^syrian") and "syria" or "israel"
end

-- 3 REINFORCEMENTS: on turns 2 and 3 one Israeli armor crosses the bridge,
-- unless Syria holds it or it is full; it is under the fog like the others.
function reinforcements()
  local unit = pieces.top("israeli_reinforcements")
  if game.turn() < 2 or game.turn() > 3 or not unit then return end
  local bridge = map.place("Bnot Yaakov Bridge")
  if pieces.count(bridge, OF.syria) > 0 or not stacking.fits(bridge, unit) then return end
  pieces.move(unit, bridge, "3")
  kit.hide(unit)
  kit.reveal_contacts("6")
end

-- 8.1 Syria wins at once on reaching the bridge.
local function check_bridge()
  if pieces.count(map.place("Bnot Yaakov Bridge"), OF.syria) > 0 then
    game.finish("Syria reaches the Jordan", "syria")
  end
end

-- 4 MOVEMENT: each unit of the phasing side may move once (4.1-4.3 are the
-- kit's); a unit moved is marked until the phase ends.
function movement()
  local side = phasing()
  while true do
    local u = kit.move_one(side, "4", map.pieces(side, UNMOVED))
    if not u then break end
    pieces.mark(u, "moved")
    if side == "syria" then check_bridge() end
  end
  for _, u in ipairs(map.pieces(side)) do pieces.unmark(u, "moved") end
end

-- 7.1 The hexes where `side` is in supply, as a set: one search of the map.
local function supplied_hexes(side)
  local set = {}
  for _, hex in ipairs(map.supplied(side)) do set[hex] = true end
  return set
end

-- 5 COMBAT: the units able to attack `hex`: next to it, in supply (7.2, in
-- a hex of `supplied`), not in an attack yet this phase.
local function attackers_of(side, hex, supplied)
  local out = {}
  for _, u in ipairs(pieces.at(NEIGHBOURS[hex], UNATTACKED_OF[side])) do
    if supplied[pieces.location(u)] then out[#out + 1] = u end
  end
  return out
end

-- 5.2 A defender in town or rough shifts the odds one column left.
local function shift(hex)
  local t = map.terrain(hex)
  return (t == "town" or t == "rough") and -1 or 0
end

-- 5 One attack on `hex`: 5.1 odds, 5.3 result, 5.4 retreats, 5.5 advance.
local function attack(side, hex, supplied)
  local attackers, defenders = attackers_of(side, hex, supplied), pieces.at(hex, OF[ENEMY[side]])
  for _, u in ipairs(attackers) do pieces.mark(u, "attacked") end
  local code = combat.resolve("crt", {
    attack = combat.strength(attackers, "attack"),
    defence = combat.strength(defenders, "defence"),
    shift = shift(hex),
  }, "5.1")
  for _, r in ipairs(combat.apply(code, { attackers = attackers, defenders = defenders }, "5.3")) do
    kit.retreat(r, "5.4")
  end
  if pieces.count(hex, OF[ENEMY[side]]) == 0 then kit.advance(attackers, hex, "5.5") end
  if side == "syria" then check_bridge() end
end

-- 5 COMBAT: the phasing side picks enemy-held hexes to attack, one at a
-- time, each once, until it passes or has no attack left.
function combat_phase()
  local side = phasing()
  local attacked = {}
  while true do
    local targets, listed, supplied = {}, {}, supplied_hexes(side)
    for _, u in ipairs(map.pieces(side, UNATTACKED)) do
      local at = pieces.location(u)
      if supplied[at] then
        for _, hex in ipairs(NEIGHBOURS[at]) do
          if not listed[hex] and not attacked[hex] and pieces.count(hex, OF[ENEMY[side]]) > 0 then
            listed[hex] = true
            targets[#targets + 1] = hex
          end
        end
      end
    end
    table.sort(targets)
    if #targets == 0 then break end
    local hex = ask(side, "5", { prompt = "Attack a hex", locations = targets, options = { "done" } })
    if hex == "done" then break end
    attacked[hex] = true
    attack(side, hex, supplied)
  end
  for _, u in ipairs(map.pieces(side)) do pieces.unmark(u, "attacked") end
end

-- 7.3 SUPPLY: each unit out of supply loses a step.
function supply()
  for _, side in ipairs({ "syria", "israel" }) do
    local supplied = supplied_hexes(side)
    for _, u in ipairs(map.pieces(side)) do
      if not supplied[pieces.location(u)] then combat.reduce(u, "7.3") end
    end
  end
end

-- 8.2 VICTORY after the last turn: Syria wins holding Nafekh.
function final_victory()
  if pieces.count(map.place("Nafekh"), OF.syria) > 0 then
    game.finish("Syria holds Nafekh", "syria")
  else
    game.finish("Israel holds the Golan", "israel")
  end
end
