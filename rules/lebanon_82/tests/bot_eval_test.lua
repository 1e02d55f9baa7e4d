-- The search bot's reading of each scenario's victory (bot_eval, docs/bots.md).

local function eval(g, side) return g:run(string.format("return bot_eval(%q)", side)) end

test("bot_eval 19.0: Israel's chance grows with the share of Arab units eliminated; reading only", function()
  local g = new_game{ scenario = "position.toml" }
  local hash = g:hash()
  expect_eq(eval(g, "israel"), 0)
  expect_eq(eval(g, "syria"), 1)
  expect_eq(g:hash(), hash)
  -- The test position's one Arab unit on the map (the 47th at 0908), and
  -- a commando brought in beside it; the 47th eliminated: half of them.
  g:run("pieces.move(pieces.top('syrian_setup', { type = 'sy_commando' }), '0909')")
  g:run("pieces.move(pieces.top('0908', { type = 'sy_47' }), 'syrian_eliminated')")
  local israel = eval(g, "israel")
  expect_eq(israel, 0.25)
  expect(math.abs(eval(g, "plo") - (1 - israel)) < 1e-9)
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

test("bot_eval 27.0: Syria's chance grows with the Beirut hexes and Sidon it entered last", function()
  local g = new_game{ scenario = "position_1976.toml" }
  local none = eval(g, "syria")
  g:run("vars.last_entered = { ['0518'] = 'syria', ['0519'] = 'syria', ['0618'] = 'syria' }")
  expect(eval(g, "syria") > none)
  expect(math.abs(eval(g, "syria") - (3 / 7) ^ 2) < 1e-9)
  expect(math.abs(eval(g, "plo") - (1 - (3 / 7) ^ 2)) < 1e-9)
end)
