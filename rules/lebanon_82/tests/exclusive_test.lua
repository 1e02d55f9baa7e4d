-- Lebanon '82: a test of every exclusive rule (10.0-27.0) and of each
-- ruling of README.md on them, with forced dice. Most start from the test
-- position (position.toml: no set-up asked) and set the board with g:run.

local function run(g, code, ...) return g:run(string.format(code, ...)) end

-- The first piece of `type` in `loc`.
local function piece(g, type_id, loc)
  return run(g, "return pieces.at(%q, { type = %q })[1]", loc, type_id)
end

local function move(g, p, to) run(g, "pieces.move(%d, %q)", p, to) end

-- The game at the test position, waiting for the 96th's landing decision
-- of turn 1's Israeli Movement Phase.
local function position(dice)
  return new_game{ scenario = "position.toml", dice = dice }
end

-- The choices' values as one string, to look for one.
local function values(g) return " " .. table.concat(g:choice_values(), " ") .. " " end

test("10.1 Israel is the first player; ruling L18: Syria in 1976", function()
  local g = position()
  expect_eq(g:phase(), "first_movement")
  expect_eq(g:side(), "israel")
  local h = new_game{ scenario = "1976" }
  expect_eq(h:side(), "syria")
  expect(h:prompt():find("Set up", 1, true), h:prompt())
end)

test("10.3 Israeli set-up: each division in its own sector inside Israel; the 880 anywhere but the 91st's", function()
  local g = new_game{ scenario = "1982" }
  -- No 91 for the 880; each sector says where it lies (issue 61.6).
  expect_eq(g:choices(), { "the 36's sector, columns 36-38, rows 18-21 (12 hexes)",
                           "the 162's sector, columns 28-38, rows 13-17 (39 hexes)",
                           "the 90's sector, columns 26-31, rows 04-12 (54 hexes)",
                           "the 252's sector, columns 32-38, rows 04-12 (63 hexes)" })
  expect_eq(g:choice_values(), { "option=36", "option=162", "option=90", "option=252" })
  g:choose("option=90")
  -- The first unit set up is a 91st armour: only hexes of sector 91 (rows 22-25 of columns 36-38).
  for _, v in ipairs(g:choice_values()) do
    local hex = v:match("to=(%d+)")
    expect(hex, v)
    expect_eq(run(g, "return sector(%q)", hex), "91")
  end
  -- Set up every unit on its first legal hex; the 880 ends in sector 90.
  while g:prompt() and g:prompt():find("Set up", 1, true) and g:side() == "israel" do g:choose(1) end
  local where = run(g, [[local out = {}
    for _, u in ipairs(map.pieces('israel')) do
      if pieces.value(u, 'division') == '880' then out[#out + 1] = sector(pieces.location(u)) end
    end
    return table.concat(out, ' ')]])
  expect_eq(where, "90 90")
  expect_eq(g:count("israeli_setup"), 0)
  expect_eq(g:count("amphibious"), 2)                              -- 10.3 the 96th waits in its box
end)

test("10.4 Syrian set-up: the 47th, the 82nd and ten commandos inside the envelope of 0908, the rest in any", function()
  local g = new_game{ scenario = "1982" }
  g:choose("option=36")
  while g:side() == "israel" do g:choose(1) end
  expect_eq(g:side(), "syria")
  local placed = 0
  while g:side() == "syria" do
    for _, v in ipairs(g:choice_values()) do
      local hex = v:match("to=(%d+)")
      local d = run(g, "return map.distance(%q, '0908')", hex)
      if placed < 12 then expect(d <= 2, ("unit %d offered %s, %d from 0908"):format(placed + 1, hex, d)) end
    end
    -- Ruling Q12: the site's own hex is in the envelope.
    if placed == 0 then expect(values(g):find("to=0908 ", 1, true), values(g)) end
    g:choose(#g:choices())
    placed = placed + 1
  end
  expect_eq(placed, 14)
  expect_eq(g:count("syrian_setup"), 0)
end)

test("10.5 PLO set-up: a unit drawn at random from the cup into each listed area; the rest out of play", function()
  local g = new_game{ scenario = "1982" }
  g:choose("option=36")
  while g:side() ~= "plo" do g:choose(1) end
  -- First entry: within three hexes of Tyre (2925), land of Lebanon.
  for _, v in ipairs(g:choice_values()) do
    local hex = v:match("location=(%d+)")
    expect(run(g, "return map.distance(%q, '2925')", hex) <= 3, v)
    expect_eq(run(g, "return region(%q)", hex), "L")
  end
  g:draws("plo_cup", { "plo_3" })
  g:choose(1)
  expect(g:logged("PLO 3-3-3 drawn from PLO cup", "10.5"))
  while g:side() == "plo" and g:prompt():find("PLO unit", 1, true) do g:choose(1) end
  expect_eq(g:count("plo_cup"), 0)
  expect_eq(run(g, "return pieces.count('out_of_play', { owner = 'plo' })"), 0)  -- 20 placed of 20
  expect_eq(run(g, "return #units_of('plo')"), 20)
  expect_eq(run(g, "return pieces.count('0818', { owner = 'plo' })"), 1)        -- Beirut Airport
end)

-- From the test position's first decision, nobody lands or moves: to the
-- Israeli Combat Phase's first question.
local function to_israeli_combat(g)
  g:choose("done")   -- 11.2 no landing
  g:choose("done")   -- no move
  expect_eq(g:phase(), "first_combat")
end

-- `side` attacks `hex` with `units` (piece ids) and no support fire from
-- anybody: the defender's sides answer "done" while they are asked.
local function attack(g, hex, units)
  g:choose("location=" .. hex)
  for _, u in ipairs(units) do g:choose("piece=" .. u) end
  -- 7.0: "attack" closes the list while other units could still join.
  if g:prompt():find("with", 1, true) then g:choose("attack") end
  while g:prompt() and g:prompt():find("commit a marker", 1, true) do g:choose("done") end
end

test("11.1-11.2 a landing from the Amphibious box on an empty coastal hex, not Beirut; the unit moves no more", function()
  local g = position()
  local armour = piece(g, "il_armour_96", "amphibious")
  g:choose("piece=" .. armour)
  local v = values(g)
  expect(v:find("to=2423", 1, true), v)                 -- the coast south of Sidon
  expect(not v:find("to=0618", 1, true), v)             -- Beirut
  expect(not v:find("to=0719", 1, true), v)             -- the PLO HQ, a Beirut hex
  expect(not v:find("to=3425", 1, true), v)             -- a friendly unit's hex
  expect(not v:find("to=1712", 1, true), v)             -- inland
  g:choose("piece=" .. armour .. ",to=2423")
  expect_eq(run(g, "return pieces.location(%d)", armour), "2423")
  g:choose("done")                                       -- the 4-2-5 stays in the box (11.2 note)
  expect_eq(g:count("amphibious"), 1)
  -- Movement: the landed unit is not offered (it ended its movement there).
  expect(not values(g):find("piece=" .. armour .. " ", 1, true), values(g))
end)

test("11.4, ruling L7: a unit landed in the Mobile Movement Phase may attack in the Mobile Combat Phase", function()
  local g = position()
  local plo = piece(g, "plo_2", "plo_cup")
  move(g, plo, "2524")
  local armour = piece(g, "il_armour_96", "amphibious")
  g:choose("done")                                       -- no landing in the Movement Phase
  g:choose("done")                                       -- no move
  g:choose("done")                                       -- no attack
  expect_eq(g:phase(), "first_mobile_movement")
  g:choose("piece=" .. armour)
  g:choose("piece=" .. armour .. ",to=2423")
  g:choose("done")                                       -- the 4-2-5 stays
  g:choose("done")                                       -- no mobile move
  expect_eq(g:phase(), "first_mobile_combat")
  expect(values(g):find("location=2524", 1, true), values(g))
end)

-- The 96th's armour lands on a PLO unit placed at 2423 (11.3); returns
-- the game at the Israeli player's next question and the armour.
local function land_on_enemy(dice)
  local g = position(dice)
  move(g, piece(g, "plo_2", "plo_cup"), "2423")
  local armour = piece(g, "il_armour_96", "amphibious")
  g:choose("piece=" .. armour)
  g:choose("piece=" .. armour .. ",to=2423")
  return g, armour
end

test("11.3 a landing on an enemy must attack it; an attack that does not clear the hex sends it back to the box", function()
  local g, armour = land_on_enemy()
  expect(g:logged("must attack it", "11.3"))
  g:choose("done")
  g:choose("done")
  expect_eq(g:phase(), "first_combat")
  expect(g:logged("2423 must be attacked", "11.3"))
  -- The landing force is chosen already, and no other unit can join: to support fire.
  expect(g:prompt():find("Support fire against 2423", 1, true), g:prompt())
  while g:prompt():find("commit a marker", 1, true) do g:choose("done") end
  -- 8 against 3 on the Clear row (+5), a 6: no effect; the PLO unit stays.
  g:dice({ 6 })
  g:choose("done")
  expect(g:logged("returns to the Amphibious box", "11.3"), "back to the box")
  expect_eq(run(g, "return pieces.location(%d)", armour), "amphibious")
end)

test("11.3, ruling Q9: a landing that clears the hex stays ashore for good and does not advance", function()
  local g, armour = land_on_enemy()
  g:choose("done")
  g:choose("done")
  g:dice({ 1 })                                   -- +5 on Clear, a 1: D2
  while g:prompt():find("commit a marker", 1, true) do g:choose("done") end
  expect(g:logged("D2", "7.6"))
  g:choose("retreat")                             -- the PLO retreats two hexes
  if g:prompt():find("Retreat", 1, true) then g:choose(1) end
  expect_eq(run(g, "return pieces.location(%d)", armour), "2423")
  expect_eq(run(g, "return pieces.marked(%d, 'ashore')", armour), true)
  expect_eq(run(g, "return may_advance(%d)", armour), false)
end)

test("11.3, ruling Q9: a landing force that must retreat cannot: it depletes and goes back to the box", function()
  local g = position()
  move(g, piece(g, "plo_2", "plo_cup"), "2423")
  local infantry = piece(g, "il_infantry_96", "amphibious")
  g:choose("piece=" .. infantry)
  g:choose("piece=" .. infantry .. ",to=2423")
  g:choose("done")
  g:choose("done")
  g:dice({ 5 })                                   -- 4 against 3 (+1) on Clear, a 5: A2
  while g:prompt():find("commit a marker", 1, true) do g:choose("done") end
  expect(g:logged("A2: a landing force cannot retreat to the sea", "11.3"))
  expect_eq(run(g, "return pieces.face(%d)", infantry), "depleted")
  expect_eq(run(g, "return pieces.location(%d)", infantry), "amphibious")
end)

test("11.3, ruling R-11.3: a unit landed on an enemy attacks that hex only; each landing is fought in turn", function()
  local g = position()
  -- A second coastal hex next to 2423, each with a PLO unit.
  local other = run(g, [[for _, h in ipairs(landing_hexes()) do
      if map.adjacent(h, "2423") and pieces.count(h) == 0 then return h end
    end]])
  expect(other)
  move(g, piece(g, "plo_2", "plo_cup"), "2423")
  move(g, piece(g, "plo_2", "plo_cup"), other)
  local armour = piece(g, "il_armour_96", "amphibious")
  local infantry = piece(g, "il_infantry_96", "amphibious")
  g:choose("piece=" .. armour)
  g:choose("piece=" .. armour .. ",to=2423")
  g:choose("piece=" .. infantry)
  g:choose("piece=" .. infantry .. ",to=" .. other)
  expect_eq(run(g, "return may_attack_from(%d, %q)", infantry, "2423"), false)
  expect_eq(run(g, "return may_attack_from(%d, %q)", infantry, other), true)
  g:choose("done")                                       -- no move
  expect(g:logged("2423 must be attacked", "11.3"))
  -- The infantry next door is not asked to join: straight to support fire.
  expect(g:prompt():find("Support fire against 2423", 1, true), g:prompt())
  while g:prompt():find("commit a marker", 1, true) do g:choose("done") end
  g:dice({ 6, 6 })                                       -- neither attack clears its hex
  g:choose("done")
  expect_eq(run(g, "return pieces.location(%d)", armour), "amphibious")
  -- Then the infantry's own hex, still with its landing force in it.
  expect(g:logged(other .. " must be attacked", "11.3"))
  expect(g:logged("Israel attacks " .. other, "7.0"))
  expect_eq(run(g, "return pieces.location(%d)", infantry), "amphibious")
end)

test("12.0, ruling Q1: a PLO unit in a bastion is attacked on the Clear row and ignores Ex; the attacker still loses", function()
  local g = position()
  local plo = piece(g, "plo_2", "plo_cup")
  move(g, plo, "2923")                                  -- Shemli
  local a = run(g, "return pieces.at('3425')[1]")
  move(g, a, "2924")
  to_israeli_combat(g)
  g:dice({ 4 })                                         -- +5 on the Clear row, a 4: Ex
  attack(g, "2923", { a })
  expect(g:logged("on the clear row", "7.6"), "the Clear row")
  expect(g:logged("is immune to Ex", "7.5"))
  expect_eq(run(g, "return pieces.face(%d)", plo), "full")
  expect_eq(run(g, "return pieces.face(%d)", a), "depleted")
end)

test("12.0, ruling Q1: only De harms a PLO unit in a bastion, and the Clear row's De removes it; 20.2 note: bastions are not in effect in 2006", function()
  local g = position()
  local plo = piece(g, "plo_2", "plo_cup")
  move(g, plo, "2923")
  local units = run(g, "return pieces.at('3425')")
  local a, b = units[1], units[2]
  move(g, a, "2924")
  move(g, b, "3023")
  to_israeli_combat(g)
  g:dice({ 1 })                                         -- +13, the +10 column, a 1: De
  attack(g, "2923", { a, b })
  -- Q1's effect: on Shemli's own Town row the same roll is D3, to which the
  -- unit is immune (12.0); no roll there could remove it.
  expect(g:logged("on the clear row: column +10, roll 1: De", "7.6"))
  expect_eq(run(g, "return pieces.location(%d)", plo), "plo_eliminated")
  local h = new_game{ scenario = "position_2006.toml" }
  expect_eq(h:run("return bastions_in_effect()"), false)
  expect_eq(h:run("return immune(pieces.at('3020')[1], 'Ex')"), false)
end)

test("13.0 an Israeli unit entering a SAM site's hex destroys it for good", function()
  local g = position()
  local a = run(g, "return pieces.at('3425')[1]")
  move(g, a, "1511")
  expect_eq(run(g, "return #sam_sites()"), 2)
  run(g, "entered(%d, '1510')", a)
  expect_eq(run(g, "return #sam_sites()"), 1)
  expect(g:logged("the SAM site at Jeb Jannine (1510) is destroyed", "13.0"))
end)

test("13.1 a SAM site fires at an aircraft marker within two hexes: a 1 shoots it down, and the site has fired", function()
  local g = position()
  local a = run(g, "return pieces.at('3425')[1]")
  move(g, a, "0907")                                    -- next to the 47th at 0908
  local air = piece(g, "il_air_4", "israel_support")
  to_israeli_combat(g)
  g:choose("location=0908")
  g:choose("piece=" .. a)
  g:choose("piece=" .. air)                             -- committed face down
  -- The Arab sides do not see which marker it is.
  for _, e in ipairs(g:events("syria")) do expect(not e.text:find("Air +4", 1, true), e.text) end
  g:choose("done")
  while g:prompt():find("commit a marker", 1, true) do g:choose("done") end
  expect_eq(g:side(), "syria")
  expect(g:prompt():find("Fire the SAM site at 0908", 1, true), g:prompt())
  g:dice({ 1, 6 })                                      -- the SAM's 1, then the combat's 6
  g:choose("fire")
  expect(g:logged("is shot down", "13.1"))
  expect_eq(run(g, "return pieces.location(%d)", air), "support_lost")
  expect_eq(g:count("fired_chits"), 5)                 -- a Fired chit on the site
  -- 8 against 6 (+2) on the 0908 row without the +4.
  expect(g:logged("8 against 6", "7.6"), "the marker does not count")
end)

test("13.1 a SAM roll of 3 to 6 misses: the marker counts; 13.0 a site is bombarded at defence 3 and Ex destroys it", function()
  local g = position()
  local air = piece(g, "il_air_4", "israel_support")
  to_israeli_combat(g)
  g:choose("bombard")
  g:choose("location=1510")
  g:choose("piece=" .. air)
  g:choose("done")
  expect(g:prompt():find("Fire the SAM site at Jeb Jannine (1510)", 1, true), g:prompt())
  g:dice({ 3, 1 })                                      -- a miss; then +1 on 1510's row, a 1
  g:choose("fire")
  expect(not g:logged("is shot down"))
  expect(g:logged("4 against 3", "8.4"))
  expect_eq(run(g, "return #sam_sites()"), 1)
end)

test("14.0 support fire coordination: one Syrian marker at most for a combat of PLO units only", function()
  local g = position()
  local plo = piece(g, "plo_2", "plo_cup")
  move(g, plo, "2423")
  local a = run(g, "return pieces.at('3425')[1]")
  move(g, a, "2524")
  to_israeli_combat(g)
  g:choose("location=2423")
  g:choose("piece=" .. a)
  g:choose("done")                                      -- Israel commits nothing
  expect_eq(g:side(), "syria")
  expect_eq(#g:choices(), 3)                            -- the +4, the +3, done
  g:choose(1)
  -- After one Syrian marker, Syria is not asked again: the PLO is.
  expect_eq(g:side(), "plo")
  expect(run(g, "return may_commit('syria', pieces.at('syria_support')[1], { committed = pieces.at('syria_committed'), attackers = {}, defenders = pieces.at('2423') })") == false)
end)

test("16.0, ruling L11: a 0-attack PLO unit may attack", function()
  local g = position()
  local zero = piece(g, "plo_0", "plo_cup")
  move(g, zero, "3325")
  run(g, "return true")
  expect_eq(run(g, "return #attackers_for('plo', '3425', { %d })", zero), 1)
end)

test("18.0, rulings L12, Q3: an Israeli depletion shortens the game a turn, an elimination two; Syrian losses lengthen it up to 30", function()
  local g = position()
  local a = run(g, "return pieces.at('3425')[1]")
  run(g, "lose_step(%d, '7.6', 'syria')", a)
  expect_eq(g:track("end_turn"), 29)
  run(g, "lose_step(%d, '7.6', 'syria')", a)             -- depleted, then eliminated: 3 in all
  expect_eq(g:track("end_turn"), 27)
  local s = piece(g, "sy_commando", "syrian_setup")
  move(g, s, "0907")
  run(g, "eliminate(%d, '7.6', 'israel')", s)
  expect_eq(g:track("end_turn"), 29)
  local t = piece(g, "sy_commando", "syrian_setup")
  move(g, t, "0909")
  run(g, "eliminate(%d, '7.6', 'israel')", t)
  expect_eq(g:track("pressure_tally"), 31)                -- the tally runs on,
  expect_eq(g:track("end_turn"), 30)                      -- the end turn stops at 30
  expect_eq(g:track("syrian_kills"), 1)                   -- 19.1 the elimination was Syria's
end)

test("18.0 note: PLO losses do not move the end; ruling C2: the game ends at once when the turn is past the end", function()
  local g = position()
  local p = piece(g, "plo_2", "plo_cup")
  move(g, p, "2423")
  run(g, "eliminate(%d, '7.6', 'israel')", p)
  expect_eq(g:track("end_turn"), 30)
  run(g, "track.set('pressure_tally', 1); track.set('end_turn', 1)")
  -- Turn 1 is the last: the game goes on to its end, then ends.
  while not g:finished() do g:choose("done") end
  expect_eq(g:turn(), 1)
  expect_eq(select(1, g:result()), "The Arabs win: Arab units survive the last turn (19.0)")
end)

test("19.0, ruling L13: Israel wins the moment the last Arab unit on the map is eliminated", function()
  local g = position()
  local a = run(g, "return pieces.at('3425')[1]")
  local b = run(g, "return pieces.at('3425')[2]")
  move(g, a, "0907")
  move(g, b, "0909")
  to_israeli_combat(g)
  g:dice({ 1 })                                            -- 16 against 6 (+10) on Clear, a 1: De
  attack(g, "0908", { a, b })
  expect(g:finished())
  expect_eq(table.pack(g:result())[2], "israel")
end)

test("19.1, rulings L14, Q4: three players: the PLO's Beirut hexes against the SAM sites, then Israeli eliminations", function()
  local function finish(setup)
    local g = new_game{ scenario = "position_three.toml" }
    run(g, "track.set('end_turn', 1); track.set('pressure_tally', 1)")
    if setup then run(g, setup) end
    while not g:finished() do g:choose("done") end
    return table.pack(g:result())
  end
  -- No Israeli in Beirut: the PLO holds 6 > 2 sites.
  expect_eq(finish()[2], "plo")
  -- Israelis last entered five Beirut hexes: 1 held, 1 free, 2 sites: Syria.
  expect_eq(finish("vars.last_entered = { ['0518'] = 'israel', ['0519'] = 'israel', ['0618'] = 'israel', ['0619'] = 'israel', ['0718'] = 'israel' }" ..
                   " for _, h in ipairs({ '0518', '0519', '0618', '0619', '0718' }) do pieces.create('il_infantry_91', h) end")[2], "syria")
  -- Two held, two free, two sites: a tie, decided by eliminations (the PLO's 1 to 0), else Syria.
  local four = "for _, h in ipairs({ '0518', '0519', '0618', '0619' }) do pieces.create('il_infantry_91', h) end "
  expect_eq(finish(four .. "track.set('plo_kills', 1)")[2], "plo")
  expect_eq(finish(four)[2], "syria")
end)

test("20.1 each Israeli unit of 2006 next to its division; ruling R-20.1: as near as it can be when all such hexes are taken", function()
  local g = new_game{ scenario = "2006" }
  expect(g:prompt():find("Set up 36 Armour", 1, true), g:prompt())
  -- A hex of Israel whose six neighbours are land of Israel, walled in by PLO units.
  local hex = run(g, [[for _, h in ipairs(map.hexes()) do
      local n = map.neighbours(h)
      local inside = region(h) == "I" and #n == 6
      for _, x in ipairs(n) do inside = inside and region(x) == "I" and map.terrain(x) ~= "sea" end
      if inside then return h end
    end]])
  expect(hex)
  run(g, [[local cup = pieces.at("plo_cup")
    for i, x in ipairs(map.neighbours(%q)) do pieces.move(cup[i], x) end]], hex)
  g:choose("piece=1,to=" .. hex)
  -- The second 36th unit: no hex next to the first is empty, so those two away.
  expect(g:prompt():find("Set up 36", 1, true), g:prompt())
  local values = g:choice_values()
  expect(#values > 0)
  for _, v in ipairs(values) do
    expect_eq(run(g, "return map.distance(%q, %q)", hex, v:match("to=(%d+)")), 2)
  end
  -- Set up next to an empty hex of Israel, the third goes next to the
  -- second again: the rule itself where it can be kept.
  local second
  for _, v in ipairs(values) do
    local h = v:match("to=(%d+)")
    if not second and run(g, [[for _, x in ipairs(map.neighbours(%q)) do
        if region(x) == "I" and map.terrain(x) ~= "sea" and pieces.count(x, { kind = "unit" }) == 0 then return true end
      end
      return false]], h) then
      second = h
      g:choose(v)
    end
  end
  expect(second)
  expect(g:prompt():find("Set up 36", 1, true), g:prompt())
  for _, v in ipairs(g:choice_values()) do
    expect(run(g, "return map.adjacent(%q, %q)", second, v:match("to=(%d+)")), v)
  end
end)

test("20.0, ruling Q13: in 2006 only the land south and east of the Litani (and Israel) is in play", function()
  local g = new_game{ scenario = "position_2006.toml" }
  expect_eq(g:run("return { in_play('2925'), in_play('2514'), in_play('3519'), in_play('2518'), in_play('1820'), in_play('0708') }"),
            { true, true, true, false, false, false })     -- Tyre, Marjayoun, Israel; Nabatiya, Sidon, Zahle
  -- A PLO unit on the south bank at Qasmiyeh's neighbour cannot move across the river.
  local p = g:run("return pieces.at('3020')[1]")
  run(g, "pieces.move(%d, '2624')", p)
  for _, hex in ipairs(g:run(("return move_destinations(%d)"):format(p))) do
    expect(g:run(("return in_play(%q)"):format(hex)), hex)
  end
  expect_eq(position():run("return in_play('0708')"), true)  -- the whole map in 1982
end)

test("20.0, ruling Q13: in 2006 a move passes through hexes in play only, not only ends in one", function()
  local g = new_game{ scenario = "position_2006.toml" }
  local armour = g:run("return pieces.at('2925')[1]")
  -- Below the hexes north of Qaraoun that are out of play (rows 4-7 of
  -- columns 18-23), with in-play hexes beyond them to the north-east.
  move(g, armour, "2108")
  local outside = run(g, [[local outside = {}
    for _, hex in ipairs(map.destinations(%d)) do
      for _, step in ipairs(map.path(%d, hex)) do
        if not in_play(step) then outside[#outside + 1] = hex break end
      end
    end
    return outside]], armour, armour)
  expect(#outside > 0, "the kit alone would pass out of play")
  -- The rules' moves go around, or not at all.
  local ends, first = {}, nil
  for _, hex in ipairs(g:run(("return move_destinations(%d)"):format(armour))) do
    ends[hex] = true
    first = first or hex
    local path = run(g, "return map.path(%d, %q, movement_options(%d))", armour, hex, armour)
    for _, step in ipairs(path) do expect(run(g, "return in_play(%q)", step), hex .. " through " .. step) end
  end
  local around = 0
  for _, hex in ipairs(outside) do
    if ends[hex] then around = around + 1 end
  end
  expect(around < #outside, "some hexes are out of reach without the detour")
  -- Moved to one of them, the unit goes there.
  g:run(("move_unit(%d, %q, '5.0')"):format(armour, first))
  expect_eq(g:run(("return pieces.location(%d)"):format(armour)), first)
end)

-- The cost for `unit` of its cheapest move to `hex` (the kit's costs and
-- the rules' exceptions, as its moves are offered), or nil.
local function move_cost(g, unit, hex)
  return run(g, "return map.reachable(%d, movement_options(%d))[%q]", unit, unit, hex)
end

test("20.2 note, rulings L20, L5: where bastions are not in effect a bastion costs no +1: Alras Jouaiya is an ordinary town", function()
  local g = new_game{ scenario = "position_2006.toml" }
  local plo = g:run("return pieces.at('3020')[1]")              -- a PLO 2-3-3 at Qana: 3 points
  run(g, "pieces.move(%d, '3219')", plo)
  expect_eq(move_cost(g, plo, "3119"), 2, "2006: rough, as the hexes around it")
  -- From Qana: the road to 3120 (1), then Alras Jouaiya (2): all 3 points.
  run(g, "pieces.move(%d, '3020')", plo)
  expect_eq(move_cost(g, plo, "3119"), 3)
  local ends = " " .. table.concat(g:run(("return move_destinations(%d)"):format(plo)), " ") .. " "
  expect(ends:find(" 3119 ", 1, true), ends)
  -- 1982: bastions in effect, the +1 stays (10.2), and Qana is a point short.
  local h = position()
  local other = piece(h, "plo_2", "plo_cup")
  move(h, other, "3219")
  expect_eq(move_cost(h, other, "3119"), 3, "1982: rough and the bastion's +1")
  move(h, other, "3020")
  expect_eq(move_cost(h, other, "3119"), nil)
  -- 1976 (25.2 note): Ein Hilweh is an ordinary town in clear; the coast road from Sidon costs 1 as ever.
  local k = new_game{ scenario = "position_1976.toml" }
  local brigade = k:run("return pieces.at('1819')[1]")
  run(k, "pieces.move(%d, '2020')", brigade)
  expect_eq(move_cost(k, brigade, "1921"), 1, "1976: clear")
  run(k, "pieces.move(%d, '1820')", brigade)
  expect_eq(move_cost(k, brigade, "1921"), 1, "1976: along the road")
  move(h, other, "2020")
  expect_eq(move_cost(h, other, "1921"), 2, "1982: clear and the bastion's +1")
end)

test("19.1, ruling Q4: a joint attack's eliminations go to the side with more attack strength; a tie to Syria", function()
  local g = position()
  local brigade = g:run("return pieces.at('0908')[1]")            -- 7 attack
  local commando = piece(g, "sy_commando", "syrian_setup")         -- 2
  move(g, commando, "0907")
  local two = piece(g, "plo_2", "plo_cup")                          -- 2
  move(g, two, "2423")
  local zero = piece(g, "plo_0", "plo_cup")                         -- 0
  move(g, zero, "2424")
  expect_eq(run(g, "return credit({ %d, %d })", brigade, two), "syria")
  expect_eq(run(g, "return credit({ %d, %d })", zero, two), "plo")
  expect_eq(run(g, "return credit({ %d, %d })", two, commando), "syria")   -- 2 against 2
end)

test("22.0, ruling L3: in 2006 Israel draws seven of its fourteen markers at random on turns 1 to 5", function()
  local g = new_game{ scenario = "position_2006.toml" }
  expect_eq(g:count("israel_support"), 7)
  expect_eq(g:count("support_withheld"), 7)
  expect(g:logged("Israel has 7 support fire markers this turn", "8.1"))
  expect_eq(g:run("return support_allotment('israel')"), 7)
end)

test("23.0 the 24-hour news cycle: each elimination of either side shortens 2006 by a turn; depletions do not", function()
  local g = new_game{ scenario = "position_2006.toml" }
  local a = g:run("return pieces.at('2925')[1]")
  run(g, "lose_step(%d, '7.6', 'plo')", a)
  expect_eq(g:track("end_turn"), 30)
  run(g, "lose_step(%d, '7.6', 'plo')", a)
  expect_eq(g:track("end_turn"), 29)
  run(g, "eliminate(pieces.at('0518')[1], '7.6', 'israel')")
  expect_eq(g:track("end_turn"), 28)
end)

test("24.0, rulings L16, L17, Q5: the victory roll with its modifiers; a tie is rolled again", function()
  local g = new_game{ scenario = "position_2006.toml" }
  -- Israel at Tyre and Bent Jubail (+1 each, towns), a PLO unit eliminated
  -- (+1); the unit at Bent Jubail depleted (PLO +1).
  run(g, "eliminate(pieces.at('0518')[1], '7.6', 'israel')")
  run(g, "lose_step(pieces.at('3418')[1], '7.6', 'plo')")
  run(g, "track.set('end_turn', 1)")
  g:dice({ 3, 5, 6, 1 })                                  -- 3+3 against 5+1: a tie; then 6+3 against 1+1
  while not g:finished() do g:choose("done") end
  expect(g:logged("modifiers: Israel +3, PLO +1", "24.0"))
  expect(g:logged("a tie: both roll again", "24.0"))
  expect_eq(table.pack(g:result())[2], "israel")
end)

test("25.1 in 1976 Syria sets up on the north or east map edge outside the Golan, two commandos drawn", function()
  local g = new_game{ scenario = "1976" }
  expect_eq(g:count("syrian_setup"), 4)
  for _, v in ipairs(g:choice_values()) do
    local hex = v:match("to=(%d+)")
    expect(hex:sub(1, 2) == "01" or hex:sub(3, 4) == "01", hex)
    expect(g:run(("return region(%q)"):format(hex)) ~= "G", hex)
  end
end)

test("25.0, ruling R-S1: Syria and the PLO are enemies in 1976, allies in 1982", function()
  expect_eq(new_game{ scenario = "1976" }:run("return game.allied('syria', 'plo')"), false)
  expect_eq(position():run("return game.allied('syria', 'plo')"), true)
end)

test("27.0, ruling Q6: Syria wins the moment it was last to enter every Beirut hex and Sidon", function()
  local g = new_game{ scenario = "position_1976.toml" }
  run(g, "vars.last_entered = { ['0518'] = 'syria', ['0519'] = 'syria', ['0618'] = 'syria', ['0619'] = 'syria', ['0718'] = 'syria', ['0719'] = 'syria' }")
  local s = g:run("return pieces.at('1819')[1]")
  g:choose("piece=" .. s)
  g:choose("piece=" .. s .. ",to=1820")
  expect(g:finished())
  expect_eq(select(1, g:result()), "Syria wins: it holds Beirut and Sidon (27.0)")
end)

test("random play: every scenario plays to its end", function()
  for _, s in ipairs({ "1982", "1982_three_players", "2006", "1976" }) do
    local r = random_play{ scenario = s, games = 2, seed = 7, max_decisions = 20000 }
    expect_eq(r.games, 2)
    local line = {}
    for k, n in pairs(r.outcomes) do line[#line + 1] = ("%s x%d"):format(k, n) end
    table.sort(line)
    print(("%s: %s"):format(s, table.concat(line, "; ")))
  end
end)
