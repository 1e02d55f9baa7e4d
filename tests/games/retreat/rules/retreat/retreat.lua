-- 8 COMBAT: Red fights the battle the test has set up in vars.battle =
-- {attackers, defenders, hex [, retreat] [, advance]}, as often as it is
-- asked to: the kit resolves it on its table (8.1), applies the result
-- (8.2), makes each retreat the result calls for (8.3, with the options
-- `retreat` if given) and lets the attackers advance into the hex when the
-- defenders have left it (8.4, with the options `advance`). The code is
-- kept in vars for the test.

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
    local code = combat.resolve("crt", { attack = combat.strength(attackers, "attack"),
                                         defence = combat.strength(defenders, "defence") }, "8.1")
    vars.code = code
    for _, r in ipairs(combat.apply(code, { attackers = attackers, defenders = defenders }, "8.2")) do
      kit.retreat(r, "8.3", b.retreat)
    end
    kit.advance(attackers, b.hex, "8.4", b.advance)
  end
end
