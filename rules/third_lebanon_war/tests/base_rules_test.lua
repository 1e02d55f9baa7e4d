-- The base game's tests that still apply to this game: the rules it keeps
-- as they are (the chart's effects, the victory points, the hands' secrecy),
-- run here on this game's scenarios. Each is named in APPLY with the base
-- file it comes from; a base test of a rule this game replaces is not.

local APPLY = {
  victory_test = {
    "13.0: the game ends after its last turn with the score",
    "13.1, ruling X8: at the end both strategy markers, the one chosen and the other, are shown to all",
  },
}

local register = test
for _, file in ipairs({ "victory_test" }) do
  local wanted = {}
  for _, name in ipairs(APPLY[file]) do wanted[name] = true end
  test = function(name, fn)
    if wanted[name] then register("base " .. file .. ": " .. name, fn) end
  end
  require(file)
end
test = register
