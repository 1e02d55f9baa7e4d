-- Lebanon '82: the sequence of play (research rules-gaps.md 1.3 [P] 4.1).
-- PROCEDURES ARE NOT WRITTEN YET: every function below only logs its phase.
-- The data (map, counters, CRT, terrain costs, zones, stacking, retreat) is
-- in game.toml, counters.toml, regions.toml and map.toml; the rulings are in
-- README.md.

local function todo(rule, what)
  log(rule, "%s: not written yet", what)
end

-- 10.3-10.5, 20.1-20.2, 25.1-25.2 set-up (placements, random draws).
function setup() todo("10.3", "set-up") end

-- 4.1 Support Fire Marker Phase (8.1, 22.0, 26.0).
function support_fire_phase() todo("8.1", "support fire allotment") end

-- 5.0 movement, 11.0-11.3 reinforcements and landings, 17.0 exemptions.
function movement_phase() todo("5.0", "movement") end

-- 7.0 combat, 8.3-8.4 support fire and bombardment, 12.0, 13.0-13.1, 14.0.
function combat_phase() todo("7.0", "combat") end

-- 4.1 mobile movement: mobile units that did not move (ruling Q14).
function mobile_movement_phase() todo("4.1", "mobile movement") end

-- 4.1 mobile combat: units that moved in the mobile movement phase.
function mobile_combat_phase() todo("4.1", "mobile combat") end

-- 18.0 / 23.0 end of turn: markers back, Fired chits off, length check.
function turn_end() todo("18.0", "end of turn") end

-- 19.0-19.1, 24.0, 27.0 victory.
function final_victory()
  todo("19.0", "victory")
  game.finish("procedures not written yet")
end
