// The skeleton game `cardboard init NAME` writes: a page of TOML and Lua
// with a sequence of play, a die roll, a deck draw, a decision and a victory
// check, its README and its scripted tests. @NAME@ stands for the game's id
// and @TITLE@ for its title; docs/guide.md walks through these files.
#pragma once

namespace cardboard::init_templates {

// rules/NAME/game.toml
inline constexpr const char* kGameToml = R"tpl(# @TITLE@: the components and the sequence of play (docs/toml.md lists
# every key). Two sides take turns: each draws an order card, then attacks
# with the cards in hand or holds them; 3 victory points win.
[game]
title = "@TITLE@"
scripts = ["@NAME@.lua"]

[[sides]]
id = "north"
title = "North"

[[sides]]
id = "south"
title = "South"

[[locations]]
id = "orders"
title = "Orders deck"
kind = "deck"            # face down, shuffled at the start, draw takes the top

[[locations]]
id = "discard"
title = "Discard pile"
kind = "pile"

[[locations]]
id = "north_hand"
title = "North hand"
kind = "hand"            # seen by its owner only
owner = "north"

[[locations]]
id = "south_hand"
title = "South hand"
kind = "hand"
owner = "south"

[[tracks]]
id = "north_vp"
title = "North VP"
min = 0
max = 10

[[tracks]]
id = "south_vp"
title = "South VP"
min = 0
max = 10

[[piece_types]]
name = "Assault"
kind = "card"
deck = "orders"          # 4 copies are put in the orders deck
copies = 4
strength = 2             # a printed value: pieces.value(card, "strength")

[[piece_types]]
name = "Probe"
kind = "card"
deck = "orders"
copies = 4
strength = 1

[[piece_types]]
name = "Supply"
kind = "card"
deck = "orders"
copies = 4
strength = 0

[tables]
to_hit = 6               # an attack hits on d6 + strength >= to_hit
victory_points = 3       # VP that win at the end of a turn

# What the views show beside the cards: each card's strength, and the
# lines view_summary gives each side (docs/concepts/views.md).
[view]
label = "{name} ({strength})"
summary = "view_summary"

# The words of the choices whose ids the rules give (ask's options).
[texts]
attack = "Attack"
hold = "Hold"

[sequence]
at_end = "final_victory_check"   # after the scenario's last turn

[[sequence.phases]]
id = "action"
title = "Action Phase"
rule = "2"
repeat = "each_side"     # once for North, then once for South

[[sequence.phases.steps]]
id = "draw"
title = "Draw"
rule = "2.1"
run = "draw_order"

[[sequence.phases.steps]]
id = "attack"
title = "Attack or hold"
rule = "2.2"
run = "attack_or_hold"

[[sequence.phases]]
id = "victory"
title = "Victory Check"
rule = "3"
run = "victory_check"
)tpl";

// rules/NAME/NAME.lua
inline constexpr const char* kRulesLua = R"tpl(-- @TITLE@: the rules, in the order of the rules document (README.md).
-- Every function the sequence of play names in game.toml is a global here;
-- everything else is local. All game state lives in the kernel (pieces,
-- tracks, vars): a Lua variable is neither saved nor undone.

-- 2.1 DRAW: the phasing side draws the top order card. An empty deck is
-- refilled from the discard pile first.
function draw_order()
  local side = game.phasing()
  if pieces.count("orders") == 0 then deck.reshuffle("discard", "orders", "2.1") end
  local card = deck.draw("orders", side .. "_hand", "2.1")
  if not card then log("2.1", "%S found no card to draw", side) end
end

-- 2.2 ATTACK OR HOLD: the side attacks with every card in hand (d6 + their
-- strength; to_hit or more scores 1 VP, and the cards are discarded), or
-- holds them for a stronger attack later.
function attack_or_hold()
  local side = game.phasing()
  local hand = side .. "_hand"
  local strength = pieces.sum(hand, "strength")
  local choice = ask(side, "2.2", {
    prompt = { "Attack with strength %d, or hold?", strength },
    choices = { { option = "attack", note = hit_chance(strength) }, "hold" },
  })
  if choice == "hold" then return end
  local total = roll("d6", "2.2", "attack") + strength
  if total >= tables.to_hit then
    track.add(side .. "_vp", 1, "2.2")
    log("2.2", "%S attacked with %d: a hit", side, total)
  else
    log("2.2", "%S attacked with %d: a miss", side, total)
  end
  for _, card in ipairs(pieces.at(hand)) do pieces.move(card, "discard", "2.2") end
end

-- The chance that an attack with `strength` hits, as a choice's note says it.
function hit_chance(strength)
  local need = math.max(1, tables.to_hit - strength)
  if need > 6 then return "cannot hit" end
  return string.format("hits on a d6 of %d+: %d in 6", need, 7 - need)
end

-- THE VIEW (not a rule): what a side reads beside the board. It runs for
-- that side and sees only what it sees: its own hand, not the other's.
function view_summary(side)
  local out = { { "%d VP win at the end of a turn", tables.victory_points } }
  if side then
    out[side .. "_hand"] = { "strength %d: an attack %s", pieces.sum(side .. "_hand", "strength"),
                             hit_chance(pieces.sum(side .. "_hand", "strength")) }
  end
  return out
end

-- 3 VICTORY CHECK: at the end of a turn, a side with victory_points VP and
-- more than the other wins.
function victory_check()
  local north, south = track.get("north_vp"), track.get("south_vp")
  local needed = tables.victory_points
  if north >= needed and north > south then return "North wins", "north" end
  if south >= needed and south > north then return "South wins", "south" end
end

-- 3.1 END OF THE GAME: after the last turn, more VP wins; equal VP is a draw.
function final_victory_check()
  local north, south = track.get("north_vp"), track.get("south_vp")
  if north > south then return "North wins on points", "north" end
  if south > north then return "South wins on points", "south" end
  return "Draw"
end
)tpl";

// rules/NAME/README.md
inline constexpr const char* kReadme = R"tpl(# @TITLE@

A skeleton game written by `cardboard init @NAME@`: two sides take turns
drawing order cards and attacking with them. Change it into your own game;
the authors' guide (docs/guide.md) walks through every part.

Files:

- `game.toml`: sides, locations, tracks, cards, tables and the sequence of play
- `@NAME@.lua`: the rules, one function per step, with the rule numbers
  below, and the view: what each side reads beside the board (`[view]` in
  game.toml, docs/concepts/views.md)
- `tests/@NAME@_test.lua`: the scripted tests (`cardboard test @NAME@`)
- `../../scenarios/@NAME@/basic.toml`: the basic scenario (`cardboard play @NAME@/basic`)

## Rules

1. **Set-up.** The orders deck holds 4 Assault (strength 2), 4 Probe
   (strength 1) and 4 Supply (strength 0), shuffled. South starts with a
   Probe in hand. The game lasts 8 turns.
2. **Action Phase**, North then South:
   1. *Draw.* Draw the top order card into your hand. An empty deck is first
      refilled with the discard pile, shuffled; if both are empty, draw nothing.
   2. *Attack or hold.* Either hold your cards, or attack: roll a d6 and add
      the strength of every card in your hand; 6 or more scores 1 VP. Discard
      your hand after an attack.
3. **Victory Check.** At the end of a turn, a side with 3 VP or more and more
   VP than the other wins.
   1. *End of the game.* After turn 8, the side with more VP wins; equal VP is a draw.

## Rulings

- The strength of the hand is counted when the side decides, and shown in the prompt.

## Coverage

| rule | test |
|---|---|
| 2.1 draw, empty deck | `3.1 end of the game: equal VP after the last turn is a draw` |
| 2.2 attack: hit | `2.2 attack: d6 + strength reaching to_hit scores 1 VP and discards the hand` |
| 2.2 attack: miss | `2.2 attack: a total under to_hit misses` |
| 2.2 hold | `2.2 hold: the cards stay in hand` |
| 3 victory check | `3 victory: 3 VP and more than the other side win at the end of the turn` |
| 3.1 end of the game | `3.1 end of the game: equal VP after the last turn is a draw` |
| whole game | `whole game: random games end with a known result` |
| the view (not a rule) | `view: each side reads its own hand's strength and chance, not the other's` |
)tpl";

// rules/NAME/tests/NAME_test.lua
inline constexpr const char* kTestLua = R"tpl(-- Scripted tests of @TITLE@, run by `cardboard test @NAME@`. Each test
-- starts a game with forced draws and dice, takes the decisions and checks
-- the exact outcome. Names start with the rule they prove.

-- North's first card is forced to Assault (strength 2); a forced 4 makes 6: a hit.
test("2.2 attack: d6 + strength reaching to_hit scores 1 VP and discards the hand", function()
  local g = new_game{ scenario = "basic", draws = { orders = { "Assault" } } }
  expect_eq(g:side(), "north")
  expect_eq(g:prompt(), "Attack with strength 2, or hold?")
  expect_eq(g:choices(), { "Attack", "Hold" })
  expect_eq(g:choice_values(), { "option=attack", "option=hold" })
  g:dice{ 4 }
  g:choose("attack")
  expect_eq(g:track("north_vp"), 1)
  expect_eq(g:count("north_hand"), 0)
  expect_eq(g:at("discard"), { "Assault" })
  expect(g:logged("North attacked with 6: a hit", "2.2"))
  expect_eq(g:unused_dice(), 0)
end)

-- A forced 3 with an Assault makes 5: a miss, and the card is discarded all the same.
test("2.2 attack: a total under to_hit misses", function()
  local g = new_game{ scenario = "basic", draws = { orders = { "Assault" } } }
  g:dice{ 3 }
  g:choose("attack")
  expect_eq(g:track("north_vp"), 0)
  expect_eq(g:at("discard"), { "Assault" })
  expect(g:logged("North attacked with 5: a miss", "2.2"))
end)

-- Holding keeps the card; South then draws to the Probe it starts with.
test("2.2 hold: the cards stay in hand", function()
  local g = new_game{ scenario = "basic", draws = { orders = { "Assault", "Supply" } } }
  g:choose("hold")
  expect_eq(g:at("north_hand"), { "Assault" })
  expect_eq(g:side(), "south")
  expect_eq(g:at("south_hand"), { "Probe", "Supply" })
  expect_eq(g:prompt(), "Attack with strength 1, or hold?")
end)

-- North at 2 VP hits for the 3rd; South holds; the Victory Check ends the game.
test("3 victory: 3 VP and more than the other side win at the end of the turn", function()
  local g = new_game{ scenario = "basic", draws = { orders = { "Assault" } } }
  g:run("track.set('north_vp', 2)")
  g:dice{ 6 }
  g:choose("attack")
  expect(not g:finished(), "the check comes at the end of the turn")
  g:choose("hold")
  expect(g:finished())
  expect_eq({ g:result() }, { "North wins", "north" })
end)

-- Nobody attacks for 8 turns: the deck runs out, and the end is a draw.
test("3.1 end of the game: equal VP after the last turn is a draw", function()
  local g = new_game{ scenario = "basic" }
  while not g:finished() do g:choose("hold") end
  expect_eq(g:turn(), 8)
  expect_eq({ g:result() }, { "Draw" })
  expect(g:logged("North found no card to draw", "2.1"))
end)

-- The view: North sees its Assault's strength and chance; South sees its
-- Probe, and nothing of North's hand.
test("view: each side reads its own hand's strength and chance, not the other's", function()
  local g = new_game{ scenario = "basic", draws = { orders = { "Assault" } } }
  expect_eq(g:notes(), { "hits on a d6 of 4+: 3 in 6", "" })
  local north, south = g:summary("north"), g:summary("south")
  expect_eq(north[1], "3 VP win at the end of a turn")
  expect_eq(north.north_hand, "strength 2: an attack hits on a d6 of 4+: 3 in 6")
  expect_eq(south.south_hand, "strength 1: an attack hits on a d6 of 5+: 2 in 6")
  expect_eq(south.north_hand, nil)
end)

-- Whole games at random: each ends with a known result and winner, and
-- positions with equal state hashes have the same future (state a later
-- decision needs is kept in vars, not in a local across ask).
test("whole game: random games end with a known result", function()
  random_play{ scenario = "basic", games = 50, transpositions = true,
               results = { ["North wins"] = "north", ["South wins"] = "south", ["North wins on points"] = "north",
                           ["South wins on points"] = "south", ["Draw"] = false } }
end)
)tpl";

// scenarios/NAME/basic.toml
inline constexpr const char* kScenarioToml = R"tpl(# The basic game: 8 turns; South, who acts second, starts with a Probe.
[scenario]
game = "@NAME@"
title = "Basic game"
turns = 8

[[pieces]]
type = "probe"
at = "south_hand"
)tpl";

}  // namespace cardboard::init_templates
