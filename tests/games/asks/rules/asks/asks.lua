-- SET-UP: a Red tank on the board, a Blue scout face up on the board and
-- one face down (Blue's to see) on the ridge.
function setup()
  pieces.create("tank", "board")
  pieces.create("scout", "board")
  pieces.create("scout", "ridge", nil, { visibility = "owner" })
end

local function tank() return pieces.top("board", { type = "tank" }) end
local function scouts() return { pieces.top("board", { type = "scout" }), pieces.top("ridge", { type = "scout" }) } end

-- The decisions to try, by the option id Red picks.
local KINDS = {
  pieces = function() return { prompt = "Which scout?", pieces = scouts() } end,
  locations = function() return { prompt = "Where?", locations = { "ridge", "hill" }, text = "Go to %L" } end,
  moving = function() return { prompt = { "Move %P where?", tank() }, piece = tank(), to = { "ridge", "hill" } } end,
  verb = function() return { pieces = scouts(), verb = "attack", options = { "hold" } } end,
  numbers = function() return { prompt = "How many?", numbers = { 2, 4 }, text = "%d rounds" } end,
  elements = function()
    return { choices = { { option = "hold", note = "costs nothing" }, { piece = tank(), to = "hill", cost = 2 },
                         { number = 7, text = { "%d shots", 7 } }, { text = "Wait" }, { location = "ridge", option = "dig_in" } } }
  end,
  noted = function()
    return { piece = tank(), to = { "ridge", "hill" }, options = { "hold" }, notes = { "2 MP", { "%d MP", 3 } } }
  end,
  bad_notes = function() return { to = { "hill" }, piece = tank(), options = { "hold" }, notes = { "1 MP", "2 MP" } } end,
  bad_note = function() return { to = { "hill" }, piece = tank(), notes = { 3 } } end,
  shown = function()
    return { choices = { { option = "north", shows = { "ridge", "hill" } }, { option = "south", shows = {} }, "hold" } }
  end,
  bad_shows = function() return { choices = { { option = "north", shows = "ridge" } } } end,
  bad_shown = function() return { choices = { { option = "north", shows = { "ridge", "moon" } } } } end,
  mixed = function() return { pieces = { tank() }, locations = { "hill" }, options = { "hold" }, choices = { "Wait" } } end,
  commas = function() return { choices = { { option = "Wait, then fire" }, { option = "Wait" } } } end,
  secret = function() return { prompt = "Your plan?", options = { "hold", "wait" }, secret = true } end,
  bad_secret = function() return { options = { "hold" }, secret = "yes" } end,
  bad_repeat = function() return { options = { "hold", "wait", "hold" } } end,
  bad_none = function() return { prompt = "Nothing?", options = {} } end,
  bad_key = function() return { prompt = "Typo", option = { "hold" } } end,
  bad_text = function() return { locations = { "hill" }, text = "Attack %P" } end,
  bad_to = function() return { to = { "hill" } } end,
  bad_element = function() return { choices = { { to = "hill" } } } end,
  bad_numbers = function() return { numbers = { 5, 1 } } end,
  bad_location = function() return { locations = { "moon" } } end,
  bad_prompt = function() return { prompt = { "%d rounds", "many" }, options = { "hold" } } end,
  bad_verb = function() return { pieces = scouts(), verb = "attack", locations = { "hill" } } end,
  bad_words = function() return { options = { "dig_in" } } end,
  bad_element_words = function() return { choices = { { option = "attack", number = 3 } } } end,
}
local ORDER = { "pieces", "locations", "moving", "verb", "numbers", "elements", "mixed", "commas", "secret", "bad_secret",
                "bad_repeat", "bad_none",
                "bad_key", "bad_text", "bad_to", "bad_element", "bad_numbers", "bad_location", "bad_prompt",
                "bad_verb", "bad_words", "bad_element_words", "noted", "bad_notes", "bad_note", "shown", "bad_shows",
                "bad_shown" }

-- 1 TRY: Red picks a kind, then decides it; a plain value is kept as is, a
-- piece by its name, an element by its fields.
function try()
  local which = ask("red", "1", { prompt = "Which decision?", options = ORDER })
  local value, index = ask("red", "1", KINDS[which]())
  if type(value) == "table" then
    vars.got = { option = value.option, piece = value.piece and pieces.name(value.piece), to = value.to,
                 location = value.location, number = value.number, cost = value.cost }
  elseif which == "pieces" or which == "verb" and type(value) == "number" then
    vars.got = pieces.location(value)
  else
    vars.got = value
  end
  vars.index = index
end
