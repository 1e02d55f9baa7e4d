-- Supply: each side in turn checks its units' supply (7.1); a unit out of
-- supply is marked and its owner told why, then the game ends.

-- 7.1 SUPPLY: a unit that traces no path to a source is out of supply.
function supply_phase()
  for _, side in ipairs(game.sides()) do
    for _, u in ipairs(map.pieces(side)) do
      if pieces.kind(u) == "unit" then
        local ok, why = map.in_supply(u)
        if ok then
          pieces.unmark(u, "out_of_supply")
        else
          pieces.mark(u, "out_of_supply", "7.1")
          log("7.1", "%P in %L is out of supply: %s", u, pieces.location(u), why)
        end
      end
    end
  end
  game.finish("supply checked")
end
