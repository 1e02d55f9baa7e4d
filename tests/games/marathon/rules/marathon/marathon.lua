-- Marathon: a fixture game that never ends before the scenario's last turn.

-- 1 MARCH: red picks a pace and rolls a die for the miles.
function march()
  local pace, i = ask("red", "1", { prompt = "Pace?", choices = { "fast", "steady", "slow" } })
  local miles = roll("d6", "1", "march") + (3 - i)
  track.add("red_miles", miles, "1")
  log("1", "Red marched %d miles at a %s pace", miles, pace)
end

-- 2 FORAGE: blue draws the weather, picks a direction and rolls.
function forage()
  if pieces.count("weather") == 0 then deck.reshuffle("past", "weather", "2") end
  local card = deck.draw("weather", "past", "2")
  local dir, i = ask("blue", "2", { prompt = "Forage where?", choices = { "north", "south", "east" } })
  local miles = roll("d6", "2", "forage") + i + pieces.value(card, "miles")
  track.add("blue_miles", miles, "2")
  log("2", "Blue foraged %s for %d miles", dir, miles)
end

-- 3 GAMBLE: the side of the turn's parity bets; "explode" is a rules error on purpose.
function gamble()
  local side = (game.turn() % 2 == 1) and "red" or "blue"
  local bet = ask(side, "3", { prompt = "Bet?", choices = { "low", "high", "explode" } })
  if bet == "explode" then error("the gamble exploded") end
  local d = roll("d6", "3", "gamble")
  if (bet == "high") == (d >= 4) then track.add(side .. "_miles", d, "3") end
end

-- 4 END: the side with more miles wins.
function at_end()
  local r, b = track.get("red_miles"), track.get("blue_miles")
  if r > b then game.finish("Red wins", "red")
  elseif b > r then game.finish("Blue wins", "blue")
  else game.finish("a draw") end
end
