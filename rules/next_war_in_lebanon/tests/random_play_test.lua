-- Random play through what is written (the set-up, the hands, the Joint
-- Operations Phase, combat, the Cascading Effects): no rules error, every
-- side's chits kept (16.0: 20 of J-1 to J-4, 24 with the optional J-5 and
-- J-6), the same game from the same seed (replay_every), in the four
-- scenarios.

local CHITS = { next_war = 20, lebanon_2006 = 20, next_war_optional = 24, lebanon_2006_optional = 24 }

for _, scenario in ipairs({ "next_war", "lebanon_2006", "next_war_optional", "lebanon_2006_optional" }) do
  test("random play: " .. scenario .. " to its end, the chits kept", function()
    local stats = random_play{ scenario = scenario, games = 3, seed = 11, max_decisions = 20000, replay_every = 1,
      check = function(g)
        -- No chit is lost or made: pool, hand and discard hold the 20 (a
        -- hand may pass the C2 with chits kept from Cascading Effects, C9).
        for _, side in ipairs({ "idf", "insurgent" }) do
          expect_eq(g:count(side .. "_pool") + g:count(side .. "_hand") + g:count(side .. "_discard")
                    + g:count(side .. "_planned"), CHITS[scenario], side .. "'s chits")
        end
      end, every = 7 }
    expect_eq(stats.games, 3)
  end)
end
