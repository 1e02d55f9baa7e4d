-- 1 PLAY: the active side draws a card, then rolls or waits.
function play()
  local side = game.active()
  if deck.count("deck") == 0 then deck.reshuffle("discard", "deck", "1") end
  local card = draw("deck", side .. "_hand", "1")
  local choice = ask(side, { prompt = "Roll or wait?", choices = { "roll", "wait" }, rule = "1" })
  if choice == "roll" then
    local total = roll("d6", "1", "race") + pieces.value(card, "bonus")
    local score = track.add(side .. "_score", total, "1")
    log("1", "%s scored %d", game.title(side), total)
    if score >= 10 then game.finish(game.title(side) .. " wins", side) end
  end
  move(card, "discard", "1")
end
