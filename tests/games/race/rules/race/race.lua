-- 1 PLAY: the active side draws a card, then rolls or waits.
function play()
  local side = game.phasing()
  if pieces.count("deck") == 0 then deck.reshuffle("discard", "deck", "1") end
  local card = deck.draw("deck", side .. "_hand", "1")
  local choice = ask(side, "1", { prompt = "Roll or wait?", choices = { "roll", "wait" } })
  if choice == "roll" then
    local total = roll("d6", "1", "race") + pieces.value(card, "bonus")
    local score = track.add(side .. "_score", total, "1")
    log("1", "%s scored %d", game.title(side), total)
    if score >= 10 then game.finish(game.title(side) .. " wins", side) end
  end
  pieces.move(card, "discard", "1")
end
