-- Tests of the shipped components (README, rulings L2 and M1): the 16
-- launchers and their CFs, and the launch arrows that send eight rockets in
-- ten into the sea from the north of the Strip, nine from the south. (The rules' other tests run on the first proposal's
-- data: rules/reign_of_missiles_first_proposal/tests.)

-- A new game at the first Combat Round: no Iron Dome, the first sea area.
local function new(dice)
  local g = new_game{ scenario = "gaza_2012", seed = 1, dice = dice }
  g:choose("Place no more Iron Domes")
  g:choose(1)
  return g
end

local function choose_prefix(g, prefix)
  for _, c in ipairs(g:choices()) do
    if c:sub(1, #prefix) == prefix then return g:choose(c) end
  end
  error("no choice starts with " .. prefix .. ": " .. table.concat(g:choices(), " | "))
end

test("10.1 ruling L2: the set-up deploys all 16 launchers: 10 Qassam CF 1, 4 Grad CF 2, 2 Fajr-5 CF 1", function()
  local g = new()
  expect_eq(g:count("launcher_cup"), 0)
  local census = g:run([[
    local n = { qassam = 0, grad = 0, fajr5 = 0 }
    for _, a in ipairs(areas_of("gaza")) do
      for _, p in ipairs(pieces.at(a, { has = "launcher" })) do
        local t = pieces.type(p)
        n[t] = n[t] + 1
        if pieces.value(p, "cf") ~= (t == "grad" and 2 or 1) then error("CF of " .. t) end
      end
    end
    return { n.qassam, n.grad, n.fajr5 }
  ]])
  expect_eq(census, { 10, 4, 2 })
end)

test("7.1.1 ruling L2: a CF 1 launcher cannot be suppressed; above 2 the attack costs", function()
  local g = new()
  g:dice{ 2, 1 }
  choose_prefix(g, "Attack Qassam launcher")
  g:choose("F-15")
  expect(g:logged("DR 2, failed", "7.1.1"))
  expect(g:prompt():find("Combat Round", 1, true))
  g:dice{ 3, 1 }
  choose_prefix(g, "Attack Qassam launcher")
  g:choose("F-15")
  expect_eq(g:prompt(), "The attack failed badly: choose the cost")
end)

test("7.1.1 ruling L2: a Grad (CF 2) is suppressed on a DR of 2 and fires one rocket", function()
  local g = new()
  g:dice{ 2, 1 }
  choose_prefix(g, "Attack Grad launcher")
  g:choose("F-15")
  expect(g:logged("DR 2, suppressed", "7.1.1"))
  expect(g:run("local n = 0 for _, a in ipairs(areas_of('gaza')) do n = n + pieces.count(a, { marked = 'suppressed' }) end return n") == 1)
end)

test("7.2 ruling M1: a D10 of 0 or 1 sends a northern rocket to a blue area, of 0 a southern one; the rest go into the sea", function()
  local g = new()
  -- One Grad (CF 2) in North Gaza, one Qassam in Khan Yunis; the rest back in the cup.
  g:run([[
    for _, a in ipairs(areas_of("gaza")) do
      for _, p in ipairs(pieces.at(a, { has = "launcher" })) do pieces.move(p, "launcher_cup") end
    end
    pieces.move(pieces.at("launcher_cup", { type = "grad" })[1], "g1")
    pieces.move(pieces.at("launcher_cup", { type = "qassam" })[1], "g4")
  ]])
  g:dice{ 0, 1, 9 }
  g:run("launch_rockets('7.2')")
  expect_eq(g:at("b1"), { "Grad rocket" })
  expect_eq(g:at("b2"), { "Grad rocket" })
  expect_eq(g:at("s5"), { "Qassam rocket" })
  g:dice{ 2 }
  g:run("pieces.move(pieces.at('g1', { has = 'launcher' })[1], 'launcher_cup') pieces.move(pieces.at('g4', { has = 'launcher' })[1], 'g2')")
  g:run("launch_rockets('7.2')")
  expect_eq(g:at("s3"), { "Qassam rocket" })
  -- Deir al-Balah, in the south: 0 to Eshkol, 1 (a blue area from the north) into the sea.
  g:run("pieces.move(pieces.at('g2', { has = 'launcher' })[1], 'g3')")
  g:dice{ 0 }
  g:run("launch_rockets('7.2')")
  expect_eq(g:at("b4"), { "Qassam rocket" })
  g:dice{ 1 }
  g:run("launch_rockets('7.2')")
  expect_eq(g:at("s5"), { "Qassam rocket", "Qassam rocket" })
end)

test("7.2.1 ruling M1: a rocket launched into the sea is removed without a strike", function()
  local g = new()
  g:run([[
    for _, a in ipairs(areas_of("gaza")) do
      for _, p in ipairs(pieces.at(a, { has = "launcher" })) do pieces.move(p, "launcher_cup") end
    end
    pieces.move(pieces.at("launcher_cup", { type = "qassam" })[1], "g3")
  ]])
  g:dice{ 5 }
  g:choose("End the combat round")
  expect(g:logged("The Qassam rocket crashed harmlessly into the Sea off Deir al-Balah", "7.2.1"))
  expect_eq(g:count("s5"), 0)
  expect_eq(g:track("hamas_mvp"), 0)
end)
