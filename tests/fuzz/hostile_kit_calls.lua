
-- Hostile calls of the hex-and-counter kit (fuzz_rules' seed on Golan):
-- values out of range, of the wrong type, or huge, each in a pcall.
local odd = { math.maxinteger, math.mininteger, -1, 0, 0.5, 1e308, 0 / 0, 1 / 0, "", "x", "0101", {}, true }
local function try(f, ...) pcall(f, ...) end
local function hostile_kit()
  local units = map.pieces("syria")
  local u = units[1]
  for _, v in ipairs(odd) do
    try(map.reachable, u, { mp = v })
    try(map.path, u, v, { mp = v })
    try(map.destinations, u, { mp = v })
    try(map.move_cost, u, v, v)
    try(map.adjacent_moves, v)
    try(map.can_move, u, { mp = v })
    try(map.zoc, v, "syria")
    try(map.zoc, "0101", v)
    try(map.hexes, v)
    try(map.pieces, v)
    try(map.supplied, v, { range = v })
    try(map.in_supply, u, { range = v, from = v })
    try(map.sight, v, "0101", { range = v })
    try(map.retreats, u, v, { fewer = v, zones = v })
    try(map.advances, u, v, { hexes = v })
    try(stacking.points, v, v)
    try(stacking.fits, v, { u })
    try(stacking.check, v, "h")
    try(kit.destinations, u, { mp = v })
    try(kit.move, u, v, "h", { mp = v })
    try(kit.hide, v)
    try(kit.reveal, { v }, "h")
    try(combat.column, "crt", v, v, { shift = v })
    try(combat.lookup, "crt", v, v)
    try(combat.result, v)
    try(combat.strength, { v }, "attack")
    try(combat.resolve, "crt", { attack = v, defence = v, shift = v, drm = v }, "h")
    try(combat.apply, v, { attackers = { u }, defenders = { v } }, "h")
    try(combat.reduce, v, "h")
    try(combat.steps, v)
    try(fog.under, v)
    try(fog.reveals, v)
  end
end

local real_reinforcements = reinforcements
function reinforcements()
  hostile_kit()
  real_reinforcements()
end
