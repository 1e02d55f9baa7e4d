-- SET-UP: Red's scout face down on the board (placed so: Blue never sees
-- it), Blue's guard face up; Red holds two cards and shows the ace.
function setup()
  pieces.create("scout", "board", nil, { visibility = "owner" })
  pieces.create("guard", "board")
  local ace = pieces.create("ace", "red_hand")
  pieces.set_visibility(ace, "public")
  pieces.create("deuce", "red_hand")
end

-- 1 PLAY: Red decides whether to reveal the scout, or moves it, still face
-- down, to the ridge, or lets Blue's spy see its hand and the scout in
-- secret (only Blue reads what the spy saw; everyone reads that it looked),
-- or flashes the scout (turned face up and down again where it stands:
-- Blue remembers it), and in the last two cases decides again.
function play()
  local scout = pieces.top("board", { type = "scout" })
  local c
  repeat
    c = ask("red", "1", { prompt = "Reveal the scout?", choices = { "Reveal", "Keep hidden", "Creep", "Spy", "Flash" } })
    if c == "Spy" then
      log("1", "Blue's spy looked into %L", "red_hand")
      local hand = pieces.at("red_hand")
      tell("blue", "1", "Blue's spy saw %P and %P in %L, and %P on %L", hand[1], hand[2], "red_hand", scout, "board")
    end
    if c == "Flash" then
      pieces.set_visibility(scout, nil, "1")
      pieces.set_visibility(scout, "owner", "1")
    end
  until c ~= "Spy" and c ~= "Flash"
  if c == "Reveal" then pieces.set_visibility(scout, nil) end
  if c == "Creep" then pieces.move(scout, "ridge", "1") end
end
