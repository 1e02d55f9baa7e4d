-- The search bot's reading of each scenario's victory (bot_eval, docs/bots.md).

local function eval(g, side) return g:run(string.format("return bot_eval(%q)", side)) end

test("bot_eval 19.0, 18.0: Israel's value grows with the Arab units eliminated, the turns left and its approach; reading only", function()
  local g = new_game{ scenario = "position.toml" }
  local hash = g:hash()
  -- No Arab unit lost, all 30 turns left, the Israelis more than 20 hexes
  -- from the one Arab unit on the map (the 47th at 0908).
  expect_eq(eval(g, "israel"), 0.25)
  expect_eq(eval(g, "syria"), 0.75)
  expect_eq(g:hash(), hash)
  -- A commando brought in beside it; the 47th eliminated: half of them.
  g:run("pieces.move(pieces.top('syrian_setup', { type = 'sy_commando' }), '0909')")
  g:run("pieces.move(pieces.top('0908', { type = 'sy_47' }), 'syrian_eliminated')")
  local israel = eval(g, "israel")
  expect(math.abs(israel - (0.65 * 0.5 + 0.25)) < 1e-9)
  expect(math.abs(eval(g, "plo") - (1 - israel)) < 1e-9)
  -- Israeli losses bring the last turn nearer (18.0): worth less.
  g:run("track.set('end_turn', 24)")
  expect(math.abs(eval(g, "israel") - (israel - 0.25 * 6 / 30)) < 1e-9)
  -- One of the two Israeli units 4 hexes from the commando: half of them
  -- 16/20 of the way.
  g:run("pieces.move(pieces.top('3425'), '0913')")
  expect(math.abs(eval(g, "israel") - (israel - 0.05 + 0.1 * (16 / 20) / 2)) < 1e-9)
  -- At the end the winner decides.
  expect_eq(g:run("return bot_eval('israel', 'Israel wins')"), nil)
end)

test("bot_eval 24.0: the chance of Israel's victory roll with its modifiers, ties rolled again", function()
  local g = new_game{ scenario = "position_2006.toml" }
  -- Israel +2 (its units at Tyre and Bent Jubail), PLO +0: of the 36 rolls,
  -- 26 win, 4 tie (rolled again) and 6 lose: 26 of 32.
  expect_eq(eval(g, "israel"), 26 / 32)
  -- A PLO unit eliminated (Israel +1), an Israeli unit depleted (PLO +1):
  -- still two up.
  g:run("eliminate(pieces.at('0518')[1], '7.6', 'israel')")
  g:run("lose_step(pieces.at('3418')[1], '7.6', 'plo')")
  expect_eq(eval(g, "israel"), 26 / 32)
  expect_eq(eval(g, "plo"), 6 / 32)
  expect_eq(eval(g, "syria"), 0.5)
end)

test("bot_eval 27.0: Syria's value grows with the Beirut hexes and Sidon it entered last, the PLO's losses and its approach", function()
  local g = new_game{ scenario = "position_1976.toml" }
  -- The 47th one hex from Sidon, nothing entered, no PLO unit lost.
  local near = 0.1 * (1 - 1 / 20)
  expect(math.abs(eval(g, "syria") - near) < 1e-9)
  g:run("vars.last_entered = { ['0518'] = 'syria', ['0519'] = 'syria', ['0618'] = 'syria' }")
  expect(math.abs(eval(g, "syria") - (0.45 * 3 / 7 + near)) < 1e-9)
  expect(math.abs(eval(g, "plo") - (1 - 0.45 * 3 / 7 - near)) < 1e-9)
  -- The one PLO unit eliminated: every PLO unit lost.
  g:run("pieces.move(pieces.top('2312'), 'plo_eliminated')")
  expect(math.abs(eval(g, "syria") - (0.45 * 3 / 7 + 0.45 + near)) < 1e-9)
end)

local function order(g, side, rule, choices)
  local list = {}
  for _, c in ipairs(choices) do list[#list + 1] = string.format("%q", c) end
  return g:run(string.format("return bot_order(%q, { rule = %q, choices = { %s } })", side, rule, table.concat(list, ", ")))
end

test("bot_order: a side that must attack tries the three destinations nearest its goals, nearest first", function()
  local g = new_game{ scenario = "position_1976.toml" }
  local hash = g:hash()
  -- 27.0: Syria heads for Sidon (1820) and Beirut; ties keep the rules' order.
  local far, near = "0101", "1819"
  expect(g:run("return map.distance('1819', '1820')") == 1)
  expect(g:run("return map.distance('1919', '1820')") == 2)
  expect(g:run("return map.distance('1817', '1820')") == 3)
  expect_eq(order(g, "syria", "5.0", { far, "1817", near, "1919" }), { 3, 4, 2 })
  expect_eq(g:hash(), hash)
  -- Sidon entered last by Syria: it is no longer a goal; Beirut is.
  g:run("vars.last_entered = { ['1820'] = 'syria' }")
  expect_eq(order(g, "syria", "5.0", { "1819", "0619" }), { 2, 1 })
  -- Not a choice of hexes, a retreat, a side with no goals: every choice.
  expect_eq(order(g, "syria", "5.0", { "1819", "done" }), nil)
  expect_eq(order(g, "syria", "7.7", { "1819", far }), nil)
  expect_eq(order(g, "plo", "5.0", { "1819", far }), nil)
  -- 19.0: Israel heads for the Arab units (the 47th at 0908); 2006 has no goals.
  local g82 = new_game{ scenario = "position.toml" }
  expect_eq(order(g82, "israel", "5.0", { "3425", "0909", "1010" }), { 2, 3, 1 })
  expect_eq(order(g82, "syria", "5.0", { "3425", "0909" }), nil)
  expect_eq(order(new_game{ scenario = "position_2006.toml" }, "israel", "5.0", { "3418", "0518" }), nil)
end)

local function policy(g, side, name, rule, choices)
  local list = {}
  for _, c in ipairs(choices) do list[#list + 1] = string.format("%q", c) end
  return g:run(string.format("return bot_policy(%q, %q, { rule = %q, choices = { %s } })",
    side, name, rule, table.concat(list, ", ")))
end

test("bot_policy hold: 2006's PLO moves no unit (5.0, 4.1) and attacks no hex (7.0); the rest is left to chance", function()
  local g = new_game{ scenario = "position_2006.toml" }
  local hash = g:hash()
  expect_eq(policy(g, "plo", "hold", "5.0", { "11", "12", "done" }), 3)
  expect_eq(policy(g, "plo", "hold", "4.1", { "done", "11" }), 1)
  expect_eq(policy(g, "plo", "hold", "7.0", { "3418", "2925", "done" }), 3)
  -- Israel's decisions, those where "done" is not offered, and other rules
  -- (a retreat, 7.7; the attackers joined, 7.0 with "attack") are nil.
  expect_eq(policy(g, "israel", "hold", "5.0", { "done", "11" }), nil)
  expect_eq(policy(g, "plo", "hold", "7.0", { "11", "attack" }), nil)
  expect_eq(policy(g, "plo", "hold", "7.7", { "3418", "2925" }), nil)
  expect_eq(g:hash(), hash)
  -- A script the game does not have is an error that names it.
  local ok, err = pcall(function() return policy(g, "plo", "charge", "5.0", { "done" }) end)
  expect(not ok and tostring(err):find("no scripted player 'charge'", 1, true) ~= nil)
end)

test("bot_policy hold: in 1982 the PLO holds nothing (left to chance)", function()
  local g = new_game{ scenario = "position.toml" }
  expect_eq(policy(g, "plo", "hold", "5.0", { "11", "done" }), nil)
end)
