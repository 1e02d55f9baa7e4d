-- The Next War in Lebanon: the functions of the sequence of play that no
-- other file holds: C2 Determination and the End of Turn's new hands. The
-- phases' own procedures are in hands.lua, joint_ops.lua, j1-j4.lua,
-- combat.lua, cascading.lua and victory.lua.

-- 5.0(1) C2 DETERMINATION: the side of higher C2 is first, the IDF on a tie.
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
