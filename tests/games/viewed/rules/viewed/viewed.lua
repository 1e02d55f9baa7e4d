-- SET-UP: a tank and a hidden spy of Red's, a guard of Blue's on the field;
-- an order face up, one in Red's hand, one used.
function setup()
  pieces.create("tank", "field")
  pieces.create("spy", "field", nil, { visibility = "owner" })
  pieces.create("guard", "field")
  pieces.create("charge", "order")
  pieces.create("hold", "red_hand")
  pieces.create("charge", "used")
end

-- 1 PLAY: Red decides; "Cheat" makes the view function try to change the game.
function play()
  local c = ask("red", "1", { prompt = "Go?", choices = { "Go", "Cheat", "Break" } })
  vars.mode = c
  ask("red", "1", { prompt = "Again?", choices = { "Go" } })
end

-- THE VIEW: Red's attack on the field as its side sees it, and how many
-- pieces each side has there.
function view_summary(side)
  if vars.mode == "Cheat" then track_cheat() end
  if vars.mode == "Break" then error("the view broke") end
  local attack = pieces.sum("field", "attack", { owner = "red" })
  return {
    { "Red attack %d as %s sees it", attack, side or "no side" },
    field = { "%d Red, %d Blue", pieces.count("field", { owner = "red" }), pieces.count("field", { owner = "blue" }) },
  }
end

function track_cheat()
  vars.cheated = true
end
