-- ask's typed decisions (docs/lua-api.md#ask-side-rule-spec): each kind of
-- choice, its words for each reader, its typed value, what ask returns, and
-- the errors of a faulty spec.

-- A new game whose Red has picked the decision `which` and now faces it.
local function facing(which)
  local g = new_game{ scenario = "one" }
  expect_eq(g:prompt(), "Which decision?")
  g:choose(which)
  return g
end

test("pieces: each piece is a choice named by its name; a hidden one is named only to its side", function()
  local g = facing("pieces")
  expect_eq(g:prompt("red"), "Which scout?")
  expect_eq(g:choices(), { "Scout", "Scout" }, "the referee sees both")
  expect_eq(g:choices("red"), { "Scout", "a hidden Blue unit" })
  expect_eq(g:choices("blue"), { "Scout", "Scout" })
  expect_eq(#g:choice_values(), 2)
  expect(g:choice_values()[1]:find("^piece=%d+$") ~= nil, "a piece's value is its number")
  g:choose(2)
  expect_eq(g:var("got"), "ridge")
  expect_eq(g:var("index"), 2)
end)

test("pieces: the words of a choice never name a hidden piece in the log of the other side", function()
  local g = facing("pieces")
  g:choose(2)
  for _, e in ipairs(g:events("red")) do expect(not e.text:find("Scout") or not e.text:find("Ridge"), e.text) end
end)

test("locations: a template words each location", function()
  local g = facing("locations")
  expect_eq(g:choices("red"), { "Go to Ridge", "Go to Hill" })
  expect_eq(g:choice_values(), { "location=ridge", "location=hill" })
  g:choose("location=hill")
  expect_eq(g:var("got"), "hill")
end)

test("move: a piece and its destinations, worded by the game's move text", function()
  local g = facing("moving")
  expect_eq(g:prompt("red"), "Move Tank where?")
  expect_eq(g:choices("red"), { "Tank: Board to Ridge", "Tank: Board to Hill" })
  expect(g:choice_values()[2]:find("^piece=%d+,to=hill$") ~= nil, g:choice_values()[2])
  g:choose("Tank: Board to Hill")
  expect_eq(g:var("got"), "hill", "a move returns its destination")
end)

test("verb: pieces take the words of the verb's text, options keep theirs", function()
  local g = facing("verb")
  expect_eq(g:choices("red"), { "Attack Scout at Board", "Attack a hidden Blue unit at Ridge", "Hold fast" })
  expect_eq(g:choice_values()[3], "option=hold")
  g:choose("hold")
  expect_eq(g:var("got"), "hold")
  expect_eq(g:var("index"), 3)
end)

test("numbers: each whole number of the range, worded by the template", function()
  local g = facing("numbers")
  expect_eq(g:choices("red"), { "2 rounds", "3 rounds", "4 rounds" })
  expect_eq(g:choice_values(), { "number=2", "number=3", "number=4" })
  g:choose("3 rounds")
  expect_eq(g:var("got"), 3)
end)

test("elements: options, moves, numbers and locations with notes and fields of the rules' own", function()
  local g = facing("elements")
  expect_eq(g:choices("red"), { "Hold fast", "Tank: Board to Hill", "7 shots", "Wait", "Dig in at Ridge" })
  local values = g:choice_values()
  expect_eq(values[1], "option=hold")
  expect_eq(values[3], "number=7")
  expect_eq(values[4], "option=Wait")
  g:choose(2)
  expect_eq(g:var("got"), { piece = "Tank", to = "hill", cost = 2 })
end)

test("elements: an option with a location returns the element, chosen by its typed value", function()
  local g = facing("elements")
  g:choose(g:choice_values()[5])
  expect_eq(g:var("got"), { option = "dig_in", location = "ridge" })
  expect_eq(g:var("index"), 5)
end)

test("notes: a note for each choice of the compact lists, in their order; an option after them has none", function()
  local g = facing("noted")
  expect_eq(g:choices("red"), { "Tank: Board to Ridge", "Tank: Board to Hill", "Hold fast" })
  expect_eq(g:notes("red"), { "2 MP", "3 MP", "" })
  g:choose(2)
  expect_eq(g:var("got"), "hill")
end)

test("mixed: the compact lists come first, in the order of the spec's keys, then the elements", function()
  local g = facing("mixed")
  expect_eq(g:choices("red"), { "Tank", "Hill", "Hold fast", "Wait" })
  g:choose("Wait")
  expect_eq(g:var("got"), "Wait")
  expect_eq(g:var("index"), 4)
end)

test("commas: a value whose option id holds a comma is taken whole, as the views give it", function()
  local g = facing("commas")
  expect_eq(g:choice_values(), { "option=Wait, then fire", "option=Wait" })
  g:choose("option=Wait, then fire")
  expect_eq(g:var("got"), { option = "Wait, then fire" })
  expect_eq(g:var("index"), 1)
end)

test("errors: a faulty spec is a rules error that says what is wrong", function()
  local cases = {
    bad_repeat = "bad choices to 'ask': choice 3 repeats choice 1 (option=hold); choices must differ",
    bad_none = "bad choices to 'ask': none given",
    bad_key = "unknown key 'option'",
    bad_secret = "bad 'secret' to 'ask' (a boolean expected, got string)",
    bad_text = "bad 'text' to 'ask' ('Attack %P' does not fit a location choice, whose values are %L)",
    bad_to = "bad 'to' to 'ask' (the destinations of a 'piece': give the piece)",
    bad_element = "bad choice #1 to 'ask' ('to' needs a 'piece')",
    bad_numbers = "bad 'numbers' to 'ask' ({lowest, highest} integers, lowest first)",
    bad_location = "no such location: 'moon'",
    bad_prompt = "bad prompt to 'ask' (value #1 of the text: number expected, got string)",
    bad_verb = "bad 'verb' to 'ask' (the words of 'attack' in [texts], 'Attack %P at %L', do not fit a location choice, whose values are %L)",
    bad_words = "bad 'options' to 'ask' (the words of 'dig_in' in [texts], 'Dig in at %L', do not fit an option choice, whose values are none)",
    bad_notes = "bad 'notes' to 'ask' (2 notes for 1 choices of pieces, locations, to and numbers)",
    bad_note = "bad note to 'ask'",
    bad_element_words = "bad choice #1 to 'ask' (the words of 'attack' in [texts], 'Attack %P at %L', do not fit a number choice, whose values are %d)",
    bad_shows = "bad choice #1 to 'ask' ('shows' must be a list of locations, got string)",
    bad_shown = "no such location: 'moon'",
  }
  for which, message in pairs(cases) do
    local g = new_game{ scenario = "one" }
    expect_error(function() g:choose(which) end, message)
  end
end)

test("an illegal choice names the open ones", function()
  local g = facing("numbers")
  expect_error(function() g:choose(4) end, "illegal choice 4: 3 choices are open")
  expect_error(function() g:choose("number=9") end, "number=9")
end)

test("secret: the event of a secret decision is its side's alone", function()
  local g = facing("secret")
  g:choose("wait")
  local function chose(side)
    for _, e in ipairs(g:events(side)) do
      if e.text == "Red chose wait" then return true end
    end
    return false
  end
  expect(chose("red"), "Red reads its own choice")
  expect(not chose("blue"), "Blue reads nothing of it")
end)

test("shows: the locations a choice stands for are words: they change neither its value nor the choice", function()
  local g = facing("shown")
  expect_eq(g:choice_values(), { "option=north", "option=south", "option=hold" })
  g:choose("option=north")
  expect_eq(g:var("got"), { option = "north" })
end)
