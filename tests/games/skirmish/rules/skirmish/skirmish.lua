-- Skirmish: each side in turn moves its units one at a time, by the kit.
function movement()
  for _, side in ipairs({ "red", "blue", "green" }) do
    while kit.move_one(side, "3", map.pieces(side)) do end
  end
  game.finish("the move is over")
end
