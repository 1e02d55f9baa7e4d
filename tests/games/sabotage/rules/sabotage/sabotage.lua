-- Sabotage: rules that misbehave on request (game.toml). Not a game.

local SABOTAGE = { "fine", "explode", "view_error", "view_change", "view_junk", "bot_error", "bot_change", "bot_junk",
                   "win" }

-- 1 PICK: each side in turn picks what goes wrong from now on.
function pick()
  for _, side in ipairs({ "red", "blue" }) do
    local choice = ask(side, "1", { prompt = "What goes wrong?", choices = SABOTAGE })
    if choice == "explode" then error("the step exploded") end
    if choice == "win" then
      game.finish("Sabotage won", side)
      return
    end
    vars.sabotage = choice
    track.add("score", 1, "1")
  end
end

-- What a helper does when the sabotage `kind` names it: raises an error,
-- changes the game, or gives back a function; nil when it behaves.
local function misbehave(kind)
  local wanted = vars.sabotage
  if wanted == kind .. "_error" then error(kind .. " exploded") end
  if wanted == kind .. "_change" then track.add("score", 1, "1") end
  if wanted == kind .. "_junk" then return function() end end
  return nil
end

function view_summary(side)
  return misbehave("view") or { { "%s reads the score: %d", tostring(side), track.get("score") } }
end

function bot_eval(side, result)
  if result then return nil end
  return misbehave("bot") or 0.5
end

function bot_order(side, decision)
  return misbehave("bot") or { #decision.choices }
end

function bot_policy(side, name, decision)
  return misbehave("bot") or 1
end
