-- 8 COMBAT: Red fights the battle the test has set up in vars.battle, as
-- often as it is asked to: the kit resolves it on its table (8.1) and
-- applies the result (8.2); the code, what resolve found and the retreats
-- still to make are kept in vars for the test to read.

-- The units of a list still in play: not in their eliminated box.
local function present(units)
  local out = {}
  for _, p in ipairs(units) do
    if pieces.location(p) ~= combat.eliminated_box(p) then out[#out + 1] = p end
  end
  return out
end

function battles()
  while ask("red", "8", { prompt = "Fight the battle set up?", options = { "fight", "stop" } }) == "fight" do
    local b = vars.battle
    local attackers, defenders = present(b.attackers), present(b.defenders)
    local code, details = combat.resolve(b.table, {
      attack = combat.strength(attackers, "attack"),
      defence = combat.strength(defenders, "defence"),
      row = b.row, shift = b.shift, drm = b.drm,
    }, "8.1")
    vars.code = code or false
    vars.details = details
    vars.retreats = code and combat.apply(code, { attackers = attackers, defenders = defenders }, "8.2") or {}
  end
end
