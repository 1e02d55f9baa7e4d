-- 0 WAIT: asks once, so the tests can run Lua while the game waits.
function wait()
  ask("red", "0", { prompt = "Go on?", choices = { "go", "stop" } })
end
