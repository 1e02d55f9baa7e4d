-- The kit's movement procedures (docs/kit.md#movement): "choose a unit, then
-- a destination", with the legal destinations only. Built into the kernel
-- and run before a kit game's rules; a game or a mod may redefine them.
kit = kit or {}

-- The hexes `unit` may end its move in now: those it can reach by the
-- kit's movement (with `options`), its own hex left out, where it would fit
-- the stacking limit. By location order (map.destinations, in C++); with
-- `costs`, also what each costs ({[hex] = cost}).
function kit.destinations(unit, options, costs)
  return map.destinations(unit, options, costs)
end
local KIT_DESTINATIONS = kit.destinations

-- Whether `unit` has a destination: by a search that stops at the first
-- (map.can_move), unless a game redefined kit.destinations.
local function can_move(unit, options)
  if kit.destinations ~= KIT_DESTINATIONS then return #kit.destinations(unit, options) > 0 end
  return map.can_move(unit, options)
end

-- Moves `unit` to `to` along its cheapest legal path, checking that `to` is
-- one of its destinations; logged as a move citing `rule`. Then reveals the
-- hidden pieces the move brought into contact (kit.reveal_contacts).
function kit.move(unit, to, rule, options)
  local path = map.path(unit, to, options)
  if path == nil or not stacking.fits(to, unit) then
    error(string.format("%s cannot move to %s", pieces.name(unit), to), 2)
  end
  pieces.move(unit, to, rule)
  kit.reveal_contacts(rule)
  return path
end

-- Asks `side` which of `units` moves next (or "done"), then where to; moves
-- it. Units with nowhere to go are not offered. Returns the unit moved, or
-- nil when the side is done or none can move.
function kit.move_one(side, rule, units, options)
  -- Whether each can move at all is a search that stops at its first
  -- destination; only the unit chosen is searched in full.
  local movable = {}
  for _, u in ipairs(units) do
    if can_move(u, options) then movable[#movable + 1] = u end
  end
  if #movable == 0 then return nil end
  local unit = ask(side, rule, { prompt = "Move a unit", pieces = movable, text = "%P at %L", options = { "done" } })
  if unit == "done" then return nil end
  local to = ask(side, rule, { prompt = { "Move %P to", unit }, piece = unit, to = kit.destinations(unit, options) })
  kit.move(unit, to, rule, options)
  return unit
end
