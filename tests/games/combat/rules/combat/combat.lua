-- 8 COMBAT: Red fights the battle the test has set up in vars.battle, as
-- often as it is asked to: the kit resolves it on its table (8.1) and
-- applies the result (8.2); the code, what resolve found and the retreats
-- still to make are kept in vars for the test to read.
function battles()
  while ask("red", "8", { prompt = "Fight the battle set up?", options = { "fight", "stop" } }) == "fight" do
    local b = vars.battle
    local code, details = combat.resolve(b.table, {
      attack = combat.strength(b.attackers, "attack"),
      defence = combat.strength(b.defenders, "defence"),
      row = b.row, shift = b.shift, drm = b.drm,
    }, "8.1")
    vars.code = code or false
    vars.details = details
    vars.retreats = code and combat.apply(code, { attackers = b.attackers, defenders = b.defenders }, "8.2") or {}
  end
end
