-- The Next War in Lebanon: the optional chits (14.0; rulings N11, N22, N23,
-- X9), in play in the scenarios whose var optional_j5_j6 is true. J-5 plans
-- two chits for the next turn; J-6 jams the enemy's chits, networks a
-- battle (combat.lua) or, for the Insurgent, defends Syria's air space
-- (j4.lua).


-- 14.1 (N23, X9): select two chits (never a J-5) for next turn; they wait
-- in the owner's planned box and join the hand at End of Turn.
ACTIONS.plan = {
  targets = function(side) return pieces.at(chits_of(side).pool) end,
  play = function(side, rule)
    for _ = 1, 2 do
      if not select_from_pool(side, rule, "Plan which chit for next turn?", chits_of(side).planned,
                              function(staff) return staff ~= "J-5" end) then return end
    end
  end,
}

-- 14.2A: a die for the J-6 played and one for each more J-6 its side adds;
-- returns the number of dice.
function information_warfare_dice(side, rule)
  local dice = 1
  while holds_staff(side, "J-6") do
    if ask(side, rule, { prompt = "Add another J-6?", options = { "add_j6", "no_more" } }) == "no_more" then break end
    play_chit(side, "J-6", rule)
    dice = dice + 1
  end
  return dice
end

-- 14.2A: with the J-6 played and any more added, a d6 each; every 5-6
-- removes an enemy chit picked at random from its hand.
ACTIONS.information_warfare = {
  targets = function(side) return pieces.at(chits_of(enemy_of(side)).hand) end,
  play = function(side, rule)
    local enemy = enemy_of(side)
    local results = { roll(information_warfare_dice(side, rule) .. "d6", rule, "information warfare") }
    for k = 2, #results do
      local held = pieces.at(chits_of(enemy).hand)
      if results[k] >= tables.information_warfare.hit_on and #held > 0 then
        pieces.move(pick(held, rule, "a jammed chit"), chits_of(enemy).discard, rule)
      end
    end
  end,
}
