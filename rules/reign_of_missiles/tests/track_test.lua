-- Tests of ruling D3, the Diplomacy Track's boxes as shipped: white 0 and
-- the white 1s one box each, the light spaces (2-6) two, the dark spaces
-- (7-10) ten (tables.toml), so box -51 is green 10 and box 51 blue 10. The rules of 3.0, 4.1, 4.2,
-- 5.0, 6.0 and 10.0 read a marker's printed number; a marker moves a box a
-- space. (The rules' other tests run on the first proposal's data:
-- rules/reign_of_missiles_first_proposal/tests.)

-- A new game at its first decision (the 10.2 Iron Domes), the dice given.
local function new(dice)
  return new_game{ scenario = "gaza_2012", seed = 1, dice = dice }
end

local function set(g, hamas, israel)
  g:run(string.format("track.set('hamas_diplomacy', %d) track.set('israel_diplomacy', %d)", hamas, israel))
end

test("3.0 ruling D3: each box lies in a printed space; the track ends at green 10 and blue 10", function()
  local g = new()
  local cases = { { 0, 0 }, { 1, 1 }, { -1, -1 }, { 2, 2 }, { 3, 2 }, { 4, 3 }, { 11, 6 }, { -11, -6 }, { 12, 7 },
                  { 21, 7 }, { -22, -8 }, { -31, -8 }, { 32, 9 }, { 41, 9 }, { 42, 10 }, { 51, 10 }, { -51, -10 } }
  for _, c in ipairs(cases) do
    expect_eq(g:run(string.format("return printed_number(%d)", c[1])), c[2], "box " .. c[1])
  end
  expect_eq(g:run("return TRACK_END"), 51)
  expect_eq(g:run("return space_name(-22)"), "green 8 (box -22)")
  expect_eq(g:run("return space_name(1)"), "white 1 (box 1)")
end)

test("10.1, 10.2 ruling D3: the markers start in green 8 and blue 9, 63 boxes apart", function()
  local g = new()
  expect_eq({ g:track("hamas_diplomacy"), g:track("israel_diplomacy") }, { -22, 41 })
  expect_eq(g:run("return diplomacy_number('hamas')"), 8)
  expect_eq(g:run("return diplomacy_number('israel')"), 9)
end)

test("3.0 ruling D3: a marker moves a box a space and stops at the track's end", function()
  local g = new()
  g:run("move_diplomacy('israel', -1, '7.1.1')")
  expect_eq(g:track("israel_diplomacy"), 40)
  expect_eq(g:run("return diplomacy_number('israel')"), 9)
  set(g, -50, 30)
  g:run("move_diplomacy('hamas', -3, '4.2')")
  expect_eq(g:track("hamas_diplomacy"), -51)
end)

test("10.0 ruling D3: the bands are read by printed number", function()
  local g = new()
  local function met_in(box, israel_mvp, hamas_mvp)
    set(g, box, box)
    g:run(string.format("track.set('israel_mvp', %d) track.set('hamas_mvp', %d)", israel_mvp, hamas_mvp))
    return g:run("return { game_result() }")
  end
  expect_eq(met_in(2, 3, 0), { "Substantive Israeli Victory", "israel" })   -- blue 2
  expect_eq(met_in(1, 3, 0), { "Stalemate" })                               -- white 1
  expect_eq(met_in(-6, 0, 3), { "Substantive Hamas Victory", "hamas" })     -- green 4
  expect_eq(met_in(-12, 0, 3), { "Decisive Hamas Victory", "hamas" })       -- green 7
  expect_eq(met_in(11, 3, 0), { "Substantive Israeli Victory", "israel" })  -- blue 6
  expect_eq(met_in(12, 3, 0), { "Decisive Israeli Victory", "israel" })     -- blue 7
  expect_eq(met_in(12, 3, 3), { "Stalemate" })                              -- equal MVP
end)

test("4.1, 4.2 ruling D3: the support events check the printed 10 space, not the track's end", function()
  local g = new()
  set(g, -22, 41)                               -- blue 9: US support moves it on
  g:run("apply_event(2, 0)")
  expect_eq(g:track("israel_diplomacy"), 42)
  g:run("apply_event(2, 0)")                    -- now in the 10 space: no event, but it counts (R5)
  expect_eq(g:track("israel_diplomacy"), 42)
  expect(g:logged("the Israeli marker is already in the 10 space", "4.1"))
  set(g, -42, 42)                               -- green 10 (box -42): Egyptian support is no event
  g:run("apply_event(1, 0)")
  expect_eq(g:track("hamas_diplomacy"), -42)
  expect(g:logged("the Hamas marker is already in the 10 space", "4.2"))
end)

test("6.0 ruling D3: the determination adds the printed number; an increase stops at the track's end", function()
  local g = new()
  -- To turn 2 (no launcher on the map, so no rocket flies): events D6 2,
  -- D10 4 (no event); launchers D10 0; assets D10 3 + blue 9 = 12.
  for _, a in ipairs({ "g1", "g2", "g3", "g4" }) do
    g:run(string.format("for _, p in ipairs(pieces.at(%q, { has = 'launcher' })) do pieces.move(p, 'launcher_cup') end", a))
  end
  g:choose("Place no more Iron Domes")
  g:choose(1)
  g:run("track.set('hamas_diplomacy', -50)")
  g:dice{ 2, 4, 0, 3 }
  for _ = 1, 3 do g:choose("End the combat round") end
  expect_eq(g:prompt(), "Asset determination 12: increase it?")
  local choices = table.concat(g:choices(), "|")
  expect(choices:find("move the Hamas marker 1 space left", 1, true), choices)
  expect(not choices:find("move the Hamas marker 2 spaces left", 1, true), choices)
end)
