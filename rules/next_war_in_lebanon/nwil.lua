-- The Next War in Lebanon: the functions the sequence of play names.
--
-- MOST OF THE TURN'S PROCEDURES ARE NOT WRITTEN YET. Written: the set-up and
-- the hands (setup.lua, hands.lua), the Joint Operations Phase with J-1
-- (joint_ops.lua, j1.lua), the Cascading Effects (cascading.lua) and the
-- End of Turn's new hands. The functions
-- below that only log are still to write. The game's data (map.toml,
-- counters.toml, tables.toml, the scenarios) and its rulings (README.md)
-- are complete; the rules are the next piece of work on this branch.

-- 5.0(1) C2 DETERMINATION: the side of higher C2 is first, the IDF on a tie.
-- (A reading of the tracks only; the player turns do not use it yet.)
function c2_determination()
  local first = "idf"
  if track.get("insurgent_c2") > track.get("idf_c2") then first = "insurgent" end
  vars.first_player = first
  log("5.0(1)", "%S is the First Player (C2 %d against %d)", first, track.get("idf_c2"), track.get("insurgent_c2"))
end

-- 5.0(5) END OF TURN: both sides' new chits (hands.lua), the IDF first.
function end_of_turn_chits()
  new_hand("idf")
  new_hand("insurgent")
  vars.raid_this_turn = false
end
