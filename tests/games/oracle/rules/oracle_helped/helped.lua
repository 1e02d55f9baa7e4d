-- How well the seeker is doing: the sum so far against the 70 it needs,
-- over the forty picks; at the end, the result. In dither, waiting rated
-- high, so that the search would wait for ever.
function bot_eval(side, result)
  -- dither: waiting looks good wherever a playout is cut.
  if game.scenario():match("/(.*)$") == "dither" then
    if result then return nil end
    return side == "seeker" and 0.9 or 0.1
  end
  local sum = vars.sum or 0
  local v = math.min(1, sum / 80)
  if side == "seeker" then return v end
  return 1 - v
end

-- The choices worth trying, best first: a 2 before a 1; in the bet, the
-- long shot only (a test that what it leaves out is never tried).
function bot_order(side)
  local test = game.scenario():match("/(.*)$")
  if side ~= "seeker" then return nil end
  if test == "long" then return { 2, 1 } end
  if test == "bet" then return { 1 } end
  return nil
end
