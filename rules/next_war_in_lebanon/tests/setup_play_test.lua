-- The set-up played (4.0, 13.1, 15.0) and the first hands (4.0; ruling N3):
-- what each side is asked, where it may place what, and what each sees.

local H = require("helpers")

-- The choice whose words are `text`, or a failed test.
local function index_of(g, text)
  for i, t in ipairs(g:choices()) do
    if t == text then return i end
  end
  error("no choice '" .. text .. "' among: " .. table.concat(g:choices(), " | "))
end

-- Answers with the choice whose words are `text`.
local function choose_text(g, text)
  g:choose(index_of(g, text))
end

-- The number of the map's zones in which the Lua's lists agree with the data.
local function zone_count(g, list)
  return g:run("return #" .. list)
end

test("13.1, ruling X8: the IDF chooses its strategy in secret; in 2006 it is Counterforce (15.6)", function()
  local g = new_game{ scenario = "next_war" }
  expect_eq(g:side(), "idf")
  expect_eq(g:choices(), { "Counterforce (13.1)", "Countervalue (13.1)" })
  g:choose("countervalue")
  expect_eq(g:count("idf_strategy"), 1)
  expect_eq(g:run("return pieces.type(pieces.at('idf_strategy')[1])"), "strategy_countervalue")
  expect(g:logged("IDF chose its strategy in secret", "13.1"))
  local told = false
  for _, e in ipairs(g:events("insurgent")) do
    if e.text:find("Countervalue") then told = true end
  end
  expect(not told, "the Insurgent reads nothing of the strategy")

  local g2 = new_game{ scenario = "lebanon_2006" }
  expect_eq(g2:run("return pieces.type(pieces.at('idf_strategy')[1])"), "strategy_counterforce")
  expect(g2:prompt():find("Set up") ~= nil, "2006 asks no strategy")
end)

test("4.0: the IDF sets up its TF HQs and units anywhere in Israel, units also in a TF's box up to the C2", function()
  local g = new_game{ scenario = "lebanon_2006" }
  expect_eq(zone_count(g, "ISRAEL"), 5)
  expect_eq(g:side(), "idf")
  -- The one TF HQ of 2006: five zones of Israel, nothing in Lebanon.
  expect_eq(#g:choices(), 5)
  expect(g:choices()[1]:find("IDF Sanctuary") ~= nil)
  g:choose(1)
  -- A unit: the five zones and the HQ's holding box.
  local choices = g:choices()
  expect_eq(#choices, 6)
  expect(choices[6]:find("TF HQ 1 holding box") ~= nil, choices[6])
  -- Six units into the box (C2 6): then the box is full and no longer offered.
  for _ = 1, 6 do g:choose(6) end
  expect_eq(g:count("tf_box_1"), 6)
  expect_eq(#g:choices(), 5)
end)

test("4.0: either mode at set-up; a dispersed unit shows its dispersed face", function()
  local g = new_game{ scenario = "lebanon_2006" }
  while g:prompt() ~= "Set up any unit in dispersed mode?" do g:choose(1) end
  expect_eq(g:choices()[1], "Done")
  local before = g:count("idf_setup")
  expect_eq(before, 0)
  g:choose(2)
  expect_eq(g:run("local n = 0 for _, u in ipairs(pieces.at(ZONES[1], { kind = 'unit' })) do "
                  .. "if pieces.face(u) == 'dispersed' then n = n + 1 end end return n"), 1)
  g:choose(1) -- done
  expect_eq(g:side(), "insurgent")
end)

test("15.0: the Insurgent sets up in Lebanon, at least two units in each zone south of the Litani", function()
  local g = new_game{ scenario = "next_war" }
  g:choose(1) -- strategy
  while g:side() == "idf" do g:choose(1) end
  expect_eq(zone_count(g, "LEBANON"), 15)
  expect_eq(zone_count(g, "SOUTH_OF_LITANI"), 6)
  -- The Insurgent TF HQ: anywhere in Lebanon.
  expect_eq(#g:choices(), 15)
  -- Every unit it can, into the zone it likes best (the northernmost, last):
  -- once the units left just cover the south's minimum, only the zones
  -- short of it are offered.
  local forced = 0
  while g:prompt() ~= "Set up any unit in dispersed mode?" do
    local n = #g:choices()
    if n <= 6 then forced = forced + 1 end
    g:choose(n)
  end
  expect_eq(forced, 12)
  expect_eq(g:run([[local low = 99
    for _, z in ipairs(SOUTH_OF_LITANI) do low = math.min(low, units_in_zone(z, "insurgent")) end
    return low]]), 2)
end)

test("15.0 (2006): all the Insurgent's units start south of the Litani", function()
  local g = new_game{ scenario = "lebanon_2006" }
  while g:side() == "idf" do g:choose(1) end
  expect_eq(#g:choices(), 6) -- the Insurgent TF HQ
  H.set_up(g)
  expect_eq(g:run([[local n = 0
    for _, z in ipairs(SOUTH_OF_LITANI) do n = n + units_in_zone(z, "insurgent") end
    return n]]), 22)
end)

test("4.0, ruling N3: a first hand is half the C2 drawn blind (rounded up), the rest selected by staff", function()
  local g = new_game{ scenario = "next_war", draws = { idf_pool = { "J-1 Administration", "J-1 Administration",
    "J-4 Logistics", "J-4 Logistics" } } }
  while g:prompt() ~= "Select a Joint Ops chit" do g:choose(1) end
  expect_eq(g:side(), "idf")
  expect_eq(g:count("idf_hand"), 4) -- C2 7: four drawn
  expect_eq(g:run("local n = 0 for _, c in ipairs(pieces.at('idf_hand')) do "
                  .. "if pieces.marked(c, 'drawn') then n = n + 1 end end return n"), 4)
  expect_eq(g:choices(), { "J-1", "J-2", "J-3", "J-4" })
  choose_text(g, "J-3")
  choose_text(g, "J-3")
  -- Two J-1s drawn and three in the pool: all five may be in hand.
  choose_text(g, "J-1")
  expect_eq(g:count("idf_hand"), 7)
  expect_eq(g:run("return pieces.count('idf_hand', { type = 'idf_j3' })"), 2)
  -- The Insurgent, C2 5: three drawn, two selected.
  expect_eq(g:side(), "insurgent")
  expect_eq(g:count("insurgent_hand"), 3)
  g:choose(1)
  g:choose(1)
  expect_eq(g:count("insurgent_hand"), 5)
  expect(g:turn() >= 1, "the set-up is over")
end)

test("4.0: a side's hand is its own; the other reads only that chits were drawn", function()
  local g = H.set_up(new_game{ scenario = "next_war" })
  expect_eq(g:count("idf_hand"), 7)
  local names = 0
  for _, e in ipairs(g:events("insurgent")) do
    if e.text:find("J%-%d [A-Z]") and e.text:find("IDF hand") then names = names + 1 end
  end
  expect_eq(names, 0)
end)

test("4.0, 6.2: a side's selections are its secret: the other reads neither what it chose nor what it drew", function()
  local g = H.set_up(new_game{ scenario = "next_war" })
  for _, e in ipairs(g:events("insurgent")) do
    expect(not e.text:find("IDF chose J%-"), e.text)
    expect(not (e.text:find("J%-%d") and e.text:find("IDF hand")), e.text)
  end
  local own = 0
  for _, e in ipairs(g:events("idf")) do
    if e.text:find("IDF chose J%-") then own = own + 1 end
  end
  expect_eq(own, 3) -- C2 7: three selected
end)

test("6.2, ruling X12: a selection offers only the staffs left in the pool", function()
  -- The four IDF J-2s are drawn into the first hand: none is left to select.
  local g = new_game{ scenario = "next_war", draws = { idf_pool = { "J-2 Intelligence", "J-2 Intelligence",
    "J-2 Intelligence", "J-2 Intelligence" } } }
  for _ = 1, 100 do
    if g:prompt() == "Select a Joint Ops chit" then break end
    g:choose(1)
  end
  expect_eq(g:prompt(), "Select a Joint Ops chit")
  expect_eq(g:at("idf_hand"), { "J-2 Intelligence", "J-2 Intelligence", "J-2 Intelligence", "J-2 Intelligence" })
  expect_eq(g:choices(), { "J-1", "J-3", "J-4" })
end)
