-- Five decisions, each after a loop of about 300,000 Lua instructions.
function work()
  for round = 1, 5 do
    local s = 0
    for i = 1, 100000 do s = s + i end
    ask("solo", "1", { prompt = "Round " .. round, choices = { "go" } })
  end
  game.finish("done")
end
