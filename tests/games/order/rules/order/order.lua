-- 1 TURN: fold the iteration order of a table with string keys into the
-- state, then the active side chooses left or right and rolls for it.
local NAMES = { "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
                "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
                "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu" }

function turn()
  local side = game.phasing()
  local t = {}
  for i, name in ipairs(NAMES) do t[name .. "_" .. game.turn() .. side] = i end
  local order = {}
  for k in pairs(t) do order[#order + 1] = k end
  local acc = vars.acc or 0
  for _, k in ipairs(order) do acc = (acc * 31 + t[k]) % 1000003 end
  vars.acc = acc
  vars.first = order[1]
  local choice = ask(side, "1", { prompt = "Left or right?", choices = { "left", "right" } })
  track.add(choice, roll("d6", "1", side .. " " .. choice), "1")
end
