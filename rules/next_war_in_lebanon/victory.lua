-- The Next War in Lebanon: how to win (13.0-13.2, 15.6; rulings N20, N21,
-- OQ1, OQ11, OQ12, OQ27). The points of the game's end are added to what
-- each side scored in play (the VP tracks: rocket hits and raids).

-- The Lebanese zones that score (N20, N21): not the northern sanctuary.
local function scoring_zones()
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
    idf = idf + vp.idf.counterforce_insurgent_eliminated * pieces.count("insurgent_eliminated", { kind = "unit" })
    for _, u in ipairs(pieces.at("removed_from_game", { kind = "unit" })) do
      if pieces.value(u, "nation") == "syria" then idf = idf + vp.idf.counterforce_syrian_eliminated end
    end
  else
    idf = idf + vp.idf.countervalue_collateral_damage * track.get("collateral_damage")
  end
  ins = ins + vp.insurgent.idf_eliminated * pieces.count("idf_eliminated", { kind = "unit" })
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

-- Not rules: where the IDF heads for, for the search's sense of direction
-- (a random playout seldom carries a brigade into Lebanon, so moving one
-- looks no better than staying home): the scoring zones it does not
-- control (13.1). The Insurgent, who scores where it stands, has none.
local ZONE = {}
for _, z in ipairs(ZONES) do ZONE[z] = true end
local function goals(side)
  local out = {}
  if side ~= "idf" then return out end
  for _, z in ipairs(scoring_zones()) do
    if controller(z) ~= "idf" then out[#out + 1] = z end
  end
  return out
end

-- Zones from `zone` to the nearest of `targets` (a large number if none
-- is reachable).
local function distance_to(zone, targets)
  local near = math.huge
  for _, t in ipairs(targets) do near = math.min(near, map.distance(zone, t) or math.huge) end
  return near
end

-- For the search bot: where the IDF moves, flies or brings in units, the
-- ORDERED destinations nearest its goals, nearest first, and, where the
-- move may end there ("done", "stop_here"), that after them; the other
-- choices stay out of the search's tree. BOT_MOVE_RULES: the rules of
-- those decisions (7.3A, 7.3B, 7.4B, 15.0); a mod with other moves adds
-- its own. A destination is a zone, a move's `to`, or a `move_to`'s
-- `location`.
BOT_MOVE_RULES = { ["7.3A"] = true, ["7.3B"] = true, ["7.4B"] = true, ["15.0"] = true }
local ORDERED = 3
local ENDS = { done = true, stop_here = true }
local function destination(c)
  if type(c) == "table" then return c.to or (c.option == "move_to" and c.location) or nil end
  return c
end

function bot_order(side, decision)
  if not BOT_MOVE_RULES[decision.rule] then return nil end
  local targets = goals(side)
  if #targets == 0 then return nil end
  local ranked, stop = {}, nil
  for i, c in ipairs(decision.choices) do
    local to = destination(c)
    if ENDS[c] then
      stop = i
    elseif type(to) == "string" and ZONE[to] then
      ranked[#ranked + 1] = { i = i, d = distance_to(to, targets) }
    else
      return nil
    end
  end
  table.sort(ranked, function(a, b) return a.d < b.d or (a.d == b.d and a.i < b.i) end)
  local out = {}
  for k = 1, math.min(ORDERED, #ranked) do out[k] = ranked[k].i end
  if stop then out[#out + 1] = stop end
  return out
end
