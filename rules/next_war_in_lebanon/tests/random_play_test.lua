-- Random play through what is written (the set-up, the hands, the Joint
-- Operations Phase with J-1): no rules error, every side's 20 chits of J-1
-- to J-4 kept (16.0), the same game from the same seed (replay_every), in
-- both scenarios.

for _, scenario in ipairs({ "next_war", "lebanon_2006" }) do
  test("random play: " .. scenario .. " to its end, the chits kept", function()
    local stats = random_play{ scenario = scenario, games = 3, seed = 11, max_decisions = 20000, replay_every = 1,
      check = function(g)
        -- No chit is lost or made: pool, hand and discard hold the 20 (a
        -- hand may pass the C2 with chits kept from Cascading Effects, C9).
        for _, side in ipairs({ "idf", "insurgent" }) do
          expect_eq(g:count(side .. "_pool") + g:count(side .. "_hand") + g:count(side .. "_discard"), 20,
                    side .. "'s chits")
        end
      end, every = 7 }
    expect_eq(stats.games, 3)
  end)
end
