-- 0 WAIT: asks once, so the tests can run Lua while the game waits.
function wait()
  ask("red", { prompt = "Go on?", choices = { "go", "stop" }, rule = "0" })
end
