-- The view (view.lua, not a rule) and the numbers beside the choices: what
-- the player reads instead of the counter sheet and the tables.
local H = require("helpers")

test("view: each Iron Dome area lists where it fires and at which DR modifier (7.2.2)", function()
  local g = H.new()
  H.put(g, "iron_dome", "k2")
  local s = g:summary("israel")
  expect(s.k2 and s.k2:find("Nahal Oz +1", 1, true), s.k2)
  expect(s.k2:find("Netivot +0", 1, true), s.k2)
  expect(s.k2:find("hits on a modified d10 of 1 or less$"), s.k2)
  g:run("pieces.set_face(pieces.top('k2', IRON_DOME), 'depleted')")
  expect(g:summary("israel").k2:find("(1 depleted: +1 more)", 1, true))
end)

test("view: the Diplomacy Track, the MVP and the interception order (3.0, 10.0, ruling I3)", function()
  local g = H.new()
  local s = g:summary("israel")
  expect_eq(s[1], "Diplomacy: Hamas at green 8, Israel at blue 9, 17 spaces apart; the game ends when they meet "
                  .. "(Hamas's marker is in the hamas major band)")
  expect_eq(s[2], "MVP: Israel 0, Hamas 0")
  expect_eq(s[3], "Interception order: ask for every rocket")
  g:run("vars.intercept_max_mod = 1")
  expect_eq(g:summary("israel")[3], "Interception order: intercept at DR +1 or better")
end)

test("7.2.2: each interception choice says the roll it needs", function()
  local g = H.new()
  H.put(g, "iron_dome", "b3")
  H.put(g, "iron_dome", "k2")
  H.flight(g, "qassam_rocket", "b3", { 0 })
  local notes = g:notes()
  expect_eq(notes[1], "hits on a d10 of 1 or less: 2 in 10")   -- Nahal Oz, +0
  expect_eq(notes[2], "hits on a d10 of 0 or less: 1 in 10")   -- Netivot, +1
  expect_eq(notes[#notes], "")                                  -- Let it fly
end)
