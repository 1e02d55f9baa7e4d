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

-- 1 PLAY: Red decides whether to reveal the scout.
function play()
  local _, i = ask("red", { prompt = "Reveal the scout?", choices = { "Reveal", "Keep hidden" }, rule = "1" })
  if i == 1 then pieces.set_visibility(pieces.at("board", { type = "scout" })[1], nil) end
end
