-- House rules for Arab Israeli Wars (1948 deckset). This file runs after the
-- base game's scripts in the same sandbox: a global assigned here replaces
-- the base's. See README.md for the rules and the rulings.

-- HOUSE RULE 1, STRONGER LEADERS: each friendly Leader at a front gives +2
-- (not +1) Force to every non-leader unit there. The base's front_force
-- reads LEADER_BONUS at every battle.
LEADER_BONUS = 2

-- HOUSE RULE 2, A WEAKER ARAB START: the Arabs start with 2 (not 3) of the
-- 6 TT at each front. The number is the scenario's [tracks] data; this
-- replaces the base's setup_1948 only to log the right text.
function setup_1948()
  log("1948 Deckset (house rules)", "the Arabs start with 2 TT at each front")
end
