-- How well the seeker is doing: the sum so far against the 70 it needs,
-- over the forty picks; at the end, the result. In dither, waiting rated
-- high, so that the search would wait for ever.
function bot_eval(side, result)
  -- dither: waiting looks good wherever a playout is cut.
  if game.scenario():match("/(.*)$") == "dither" then
    if result then return nil end
    return side == "seeker" and 0.9 or 0.1
  end
  -- The other games keep no sum: their ends go by the winner.
  if result and vars.sum == nil then return nil end
  local sum = vars.sum or 0
  local v = math.min(1, sum / 80)
  if side == "seeker" then return v end
  return 1 - v
end

-- The choices worth trying, best first, found in the decision it is
-- given: a 2 before a 1; in the bet, the long shot only (a test that what
-- it leaves out is never tried).
function bot_order(side, decision)
  local test = game.scenario():match("/(.*)$")
  if side ~= "seeker" then return nil end
  if decision.rule ~= "1" then error("not the decision the rules asked") end
  local function find(value)
    for i, c in ipairs(decision.choices) do
      if c == value then return i end
    end
    error("no choice " .. tostring(value))
  end
  if test == "long" then return { find(2), find(1) } end
  if test == "bet" then return { find("long_shot") } end
  return nil
end

-- Scripted players for the policy bot: "safe" takes the safe bet (and the
-- keeper yawns), "reckless" the long shot (and the keeper waits), "any"
-- leaves every decision to chance, "peek" guesses the
-- card in the keeper's hand as its own game holds it (sampled: it cannot
-- know it), "read_pick" names the card (or the number's parity) the keeper
-- picked in secret as its own game's vars hold it (drawn: it cannot know
-- it either, unless the track shows it), "place" hands the pile's top
-- card over, checking that the decision names it. Each checks the
-- decision it is given.
function bot_policy(side, name, decision)
  if decision.rule ~= "1" or #decision.choices < 2 then error("not the decision the rules asked") end
  if name == "any" then return nil end
  -- place: the question names the card it moves, the pile's top in the
  -- bot's own game; its choices are the locations.
  if name == "place" then
    if math.type(decision.piece) ~= "integer" or pieces.location(decision.piece) ~= "pile" then
      error("decision.piece is " .. tostring(decision.piece))
    end
    return 2
  end
  if decision.piece ~= nil then error("decision.piece where the question names no piece") end
  local want
  if name == "safe" then want = side == "seeker" and "safe" or "yawn" end
  if name == "reckless" then want = side == "seeker" and "long_shot" or "wait" end
  if name == "peek" then want = pieces.type(pieces.top("keeper_hand")) end
  if name == "read_pick" then want = vars.pick end
  if name == "read_pick" and math.type(vars.pick) == "integer" then want = vars.pick % 2 == 1 and "odd" or "even" end
  if not want then error("no policy '" .. name .. "'") end
  for i, c in ipairs(decision.choices) do
    if c == want then return i end
  end
  return nil
end
