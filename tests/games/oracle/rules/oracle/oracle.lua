-- SET-UP: the pile shuffled; the keeper draws one card, which only he sees.
function setup()
  deck.shuffle("pile")
  deck.draw("pile", "keeper_hand", "0")
end

local function guess()
  local held = pieces.top("keeper_hand")
  local g = ask("seeker", "1", { prompt = "Which card does the keeper hold?", options = { "sun", "moon", "star" } })
  if g == pieces.type(held) then return "Seeker guessed right", "seeker" end
  return "Seeker guessed wrong", "keeper"
end

local function call_die()
  local g = ask("seeker", "1", { prompt = "Odd or even?", options = { "odd", "even" } })
  local odd = roll("d6", "1") % 2 == 1
  if (g == "odd") == odd then return "Seeker called the die", "seeker" end
  return "Seeker missed the die", "keeper"
end

-- The keeper first passes a few times (decisions for the tree to go
-- through), then the seeker bets: safe wins on 2-6, long shot on a 6
-- (in "bet", and in "rash", where a scripted player takes the long shot).
local function bet()
  for _ = 1, 3 do ask("keeper", "1", { prompt = "Wait", options = { "wait", "yawn" } }) end
  local g = ask("seeker", "1", { prompt = "Which bet?", options = { "long_shot", "safe" } })
  local die = roll("d6", "1")
  if (g == "safe" and die >= 2) or die == 6 then return "Seeker won the bet", "seeker" end
  return "Seeker lost the bet", "keeper"
end

-- place: where the top card of the pile goes, a question that names the
-- piece it moves and offers locations (a bot's policy reads the piece from
-- decision.piece).
local function place()
  local card = pieces.top("pile")
  local to = ask("seeker", "1", { prompt = { "Where does %P go?", card }, piece = card, to = { "pile", "keeper_hand" } })
  if to == "keeper_hand" then return "Seeker handed the card over", "seeker" end
  return "Seeker kept the card", "keeper"
end

-- A long game for bot_eval: the seeker picks 1 or 2 forty times; the sum
-- decides. bot_eval reads the sum so far.
local function long()
  for _ = 1, 40 do
    local n = ask("seeker", "1", { prompt = "How many?", numbers = { 1, 2 } })
    vars.sum = (vars.sum or 0) + n
  end
  if vars.sum >= 70 then return "Seeker reached 70", "seeker" end
  return "Seeker fell short", "keeper"
end

-- Choices worked out from what the seeker cannot see, as rules in the
-- middle of a phase do: the rules read the keeper's card before the seeker
-- decides and trust it after. A search that samples another card into the
-- keeper's hand meets rules that break (tests/bot_test.cc).
local function stale()
  local held = pieces.type(pieces.top("keeper_hand"))
  local g = ask("seeker", "1", { prompt = "Accuse or pass?", options = { "accuse", "pass" } })
  if g == "pass" then return "Seeker passed", "keeper" end
  if pieces.type(pieces.top("keeper_hand")) ~= held then error("the keeper's card changed under the rules") end
  return "Seeker accused", "seeker"
end

-- A choice that changes nothing: the seeker may wait as long as it likes,
-- then acts, winning on a 6. A search that rates waiting higher (the helped
-- oracle's bot_eval does, where playouts are cut) would wait for ever.
local function dither()
  while ask("seeker", "1", { prompt = "Wait or act?", options = { "wait", "act" } }) == "wait" do end
  if roll("d6", "1") == 6 then return "Seeker acted and won", "seeker" end
  return "Seeker acted and lost", "keeper"
end

-- The keeper picks a card in secret, and the rules keep it in vars, where
-- no piece shows it: a search that took the keeper's pick again would
-- always guess right (tests/bot_test.cc).
local CARDS = { "sun", "moon", "star" }
local function secret()
  vars.pick = ask("keeper", "1", { prompt = "Pick a card in secret", options = CARDS, secret = true })
  local g = ask("seeker", "1", { prompt = "Which card did the keeper pick?", options = CARDS })
  if g == vars.pick then return "Seeker guessed right", "seeker" end
  return "Seeker guessed wrong", "keeper"
end

-- The same secret pick, which the rules then show on a track: the seeker
-- sees it, and a search may use it.
local function tell()
  vars.pick = ask("keeper", "1", { prompt = "Pick a card in secret", options = CARDS, secret = true })
  for i, card in ipairs(CARDS) do
    if card == vars.pick then track.set("told", i, "1") end
  end
  local g = ask("seeker", "1", { prompt = "Which card did the keeper pick?", options = CARDS })
  if g == vars.pick then return "Seeker guessed right", "seeker" end
  return "Seeker guessed wrong", "keeper"
end

-- A secret pick among 500, which the track then shows: a draw of it
-- seldom leads to what the seeker sees, so the search takes it as it was.
local function shown()
  local pick = ask("keeper", "1", { prompt = "Pick a number in secret", numbers = { 1, 500 }, secret = true })
  vars.pick = pick
  track.set("told", pick, "1")
  local g = ask("seeker", "1", { prompt = "Odd or even?", options = { "odd", "even" } })
  if (g == "odd") == (pick % 2 == 1) then return "Seeker guessed right", "seeker" end
  return "Seeker guessed wrong", "keeper"
end

-- The keeper's card shown to the seeker, then hidden again in his hand: a
-- search that remembers what its side saw guesses right every time
-- (glimpse). Once the keeper has put it back and drawn again, it cannot
-- (glimpse_lost).
local function glimpse(lost)
  local held = pieces.top("keeper_hand")
  pieces.set_visibility(held, "public", "1")
  pieces.set_visibility(held, nil, "1")
  if lost then
    pieces.move(held, "pile", "1")
    deck.shuffle("pile", "1")
    deck.draw("pile", "keeper_hand", "1")
  end
  return guess()
end

function play()
  local test = game.scenario():match("/(.*)$")
  if test == "glimpse" then return glimpse(false) end
  if test == "glimpse_lost" then return glimpse(true) end
  if test == "guess" then return guess() end
  if test == "die" then return call_die() end
  if test == "bet" or test == "rash" then return bet() end
  if test == "stale" then return stale() end
  if test == "dither" then return dither() end
  if test == "secret" then return secret() end
  if test == "tell" then return tell() end
  if test == "shown" then return shown() end
  if test == "place" then return place() end
  return long()
end
