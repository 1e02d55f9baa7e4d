-- The Next War in Lebanon: how to win (13.0-13.2, 15.6; rulings N20, N21,
-- OQ1, OQ11, OQ12, OQ27). The points of the game's end are added to what
-- each side scored in play (the VP tracks: rocket hits and raids).

-- The Lebanese zones that score (N20, N21): not the northern sanctuary.
function scoring_zones()
  local out = {}
  for _, z in ipairs(LEBANON) do
    if map.attr(z, "sanctuary") ~= "insurgent" then out[#out + 1] = z end
  end
  return out
end

-- The IDF's strategy, its marker's type without "strategy_".
local function strategy()
  local marker = pieces.at("idf_strategy")[1]
  return marker and pieces.type(marker):sub(#"strategy_" + 1) or "counterforce"
end

-- 13.2: an IDF unit the Insurgent scores as reduced (a mod without reduced
-- faces replaces it).
function counts_as_reduced(u)
  return pieces.value(u, "reduced") == true
end

-- 13.1, 13.2 the points the end of the game would add now, for the IDF
-- and the Insurgent (nothing changes).
local function end_points()
  local vp = tables.vp
  local idf, ins = 0, 0
  for _, z in ipairs(scoring_zones()) do
    if controller(z) == "idf" then idf = idf + vp.idf.controlled_lebanese_zone
    else ins = ins + vp.insurgent.zone_not_idf_controlled end
  end
  if strategy() == "counterforce" then
    idf = idf + vp.idf.counterforce_insurgent_eliminated * pieces.count("insurgent_eliminated", UNITS)
    for _, u in ipairs(pieces.at("removed_from_game", UNITS)) do
      if pieces.value(u, "nation") == "syria" then idf = idf + vp.idf.counterforce_syrian_eliminated end
    end
  else
    idf = idf + vp.idf.countervalue_collateral_damage * track.get("collateral_damage")
  end
  ins = ins + vp.insurgent.idf_eliminated * pieces.count("idf_eliminated", UNITS)
  ins = ins + vp.insurgent.idf_reduced * #units_on_map("idf", counts_as_reduced)
  return idf, ins
end

-- 13.1, 13.2 the points of the end, added to the tracks; the winner.
function final_score()
  local idf, ins = end_points()
  local plan = strategy()
  -- The strategy is shown at the end (13.1), and with it the marker not
  -- chosen (ruling X8), so the Insurgent can check the choice.
  for _, box in ipairs({ "idf_strategy", "idf_strategy_markers" }) do
    for _, marker in ipairs(pieces.at(box)) do pieces.set_visibility(marker, "public", "13.1") end
  end
  track.add("idf_vp", idf, "13.1")
  track.add("insurgent_vp", ins, "13.2")
  log("13.0", "The IDF followed the %s strategy: IDF %d VP, Insurgent %d VP", plan, track.get("idf_vp"), track.get("insurgent_vp"))
  if track.get("idf_vp") > track.get("insurgent_vp") then return "The IDF wins", "idf" end
  if track.get("idf_vp") < track.get("insurgent_vp") then return "The Insurgent wins", "insurgent" end
  return "A tie: the Insurgent wins (ruling OQ27)", tables.vp.tie.winner
end

-- 13.0 at the end of the last turn.
function final_victory()
  local result, winner = final_score()
  game.finish(result, winner)
end

-- 5.0(5) the game ends after the last turn of the track last_turn (15.0;
-- shortened by a ceasefire, ruling X11).
function end_of_turn_check()
  if game.turn() >= track.get("last_turn") then
    local result, winner = final_score()
    game.finish(result, winner)
  end
end

-- For the search bot (docs/bots.md): the margin the end would give now
-- (the points scored and those of the end), as a chance of winning. Ten
-- VP change it from a half to about three quarters.
-- At the end the kernel reads the winner (nil).
function bot_eval(side, result)
  if result then return nil end
  local idf, ins = end_points()
  local margin = track.get("idf_vp") + idf - track.get("insurgent_vp") - ins
  local idf_chance = 1 / (1 + math.exp(-margin / 10))
  if side == "idf" then return idf_chance end
  return 1 - idf_chance
end
