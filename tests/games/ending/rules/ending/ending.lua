-- 1 PLAY: ends the game, or not, as vars.how says.
function play()
  local how = vars.how
  if how == "finish" then
    game.finish("Done", "solo")
    error("not reached: game.finish ends the step")
  elseif how == "return" then
    return "Done", "solo"
  elseif how == "return_no_winner" then
    return "Done"
  elseif how == "return_nil" then
    return nil, "solo"
  elseif how == "return_number" then
    return 42
  elseif how == "return_bad_winner" then
    return "Done", "nobody"
  end
end
