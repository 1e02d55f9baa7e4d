-- FOG OF WAR (docs/kit.md#fog-of-war): revealing the pieces the fog hides
-- from the enemy, on contact and in combat as the game's [fog] declares.
-- Built into the kernel and run before a kit game's rules; a game or a mod
-- may redefine them (a game whose units are spotted at two hexes, say).
kit = kit or {}

-- Shows each of `units` hidden by the fog (seen by its owner only) to every
-- side: a reveal event, citing the [fog] rule, else `rule`. Returns those
-- revealed.
function kit.reveal(units, rule)
  local shown = {}
  for _, p in ipairs(units) do
    if fog.under(p) and pieces.visibility(p) == "owner" then
      pieces.set_visibility(p, nil, fog.rule() or rule)
      shown[#shown + 1] = p
    end
  end
  return shown
end

-- Reveals every hidden piece that stands in or next to an enemy's hex, when
-- the game's fog reveals on contact. Returns those revealed.
function kit.reveal_contacts(rule)
  if not fog.reveals("contact") then return {} end
  return kit.reveal(fog.contacts(), rule)
end

-- Hides a piece under the fog from the enemy again (a unit that breaks
-- contact, a reinforcement placed face down).
function kit.hide(p, rule)
  pieces.set_visibility(p, "owner", rule)
end
