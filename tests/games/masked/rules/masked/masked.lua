-- SET-UP: Red's scout face down on the board, Blue's guard face up; Red
-- holds two cards and shows the ace.
function setup()
  local scout = pieces.create("scout", "board")
  pieces.set_visibility(scout, "owner")
  pieces.create("guard", "board")
  local ace = pieces.create("ace", "red_hand")
  pieces.set_visibility(ace, "public")
  pieces.create("deuce", "red_hand")
end

-- 1 PLAY: Red decides whether to reveal the scout, or moves it, still face
-- down, to the ridge.
function play()
  local c = ask("red", "1", { prompt = "Reveal the scout?", choices = { "Reveal", "Keep hidden", "Creep" } })
  local scout = pieces.top("board", { type = "scout" })
  if c == "Reveal" then pieces.set_visibility(scout, nil) end
  if c == "Creep" then pieces.move(scout, "ridge", "1") end
end
