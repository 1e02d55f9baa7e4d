-- TURN SEQUENCE: the six phases of a turn, in the rules' order.

-- The kernel's functions and the constants of aiw.lua used on every turn,
-- as locals (aiw.lua and the kernel's API load before this file).
local pieces_at, pieces_count, pieces_value, pieces_type = pieces.at, pieces.count, pieces.value, pieces.type
local pieces_location = pieces.location
local track_get, track_add, deck_count = track.get, track.add, deck.count
local ask, draw, move, log = ask, draw, move, log
local FRONTS, FRONT_TITLE, OTHER_FRONTS, TT, TT_TRACKS = FRONTS, FRONT_TITLE, OTHER_FRONTS, TT, TT_TRACKS
local UNITS, ISRAELI_REGULARS, deploy_question, transfer_texts = UNITS, ISRAELI_REGULARS, deploy_question, transfer_texts
local current_event, read_event, front_force = current_event, read_event, front_force
local random_front, discard_random = random_front, discard_random
local FRONT_INDEX = { north = 1, central = 2, south = 3 }

-- 1. ARAB PHASE: the Arabs draw 3 cards and deploy each to its printed
-- front; an R card goes to a random front. An empty deck gives no more (A13).
function arab_phase()
  arab_draw(3, "1")
end

function arab_draw(n, rule)
  for _ = 1, n do
    local p = draw("arab_deck", "arab_hand", rule)
    if p == nil then
      log(rule, "the Arab deck is empty")
      return
    end
    local front = pieces_value(p, "front")
    if front == "random" then front = random_front("Notation: R") end
    move(p, front, rule)
  end
end

-- 2. EVENT PHASE: last turn's event goes to the discard; when the event deck
-- is empty its discard is reshuffled into it (A17); one event is drawn and
-- applied (events.lua).
function event_phase()
  local old = current_event()
  if old then move(old, "event_discard", "2") end
  vars.event_front = nil
  if deck_count("event_deck") == 0 then deck.reshuffle("event_discard", "event_deck", "2") end
  local ev = draw("event_deck", "current_event", "2")
  if ev then apply_event(ev) end
end

-- 3. ISRAELI PHASE: the Israelis draw 2 cards (an empty deck gives no more,
-- A13), then deploy every card in hand, one decision a card; Extremists go
-- to a random front without a decision (Card List Notation).
function israeli_phase()
  draw_israeli(2, "3")
  local hand = pieces_at("israeli_hand")
  for i = 1, #hand do deploy_israeli(hand[i]) end
end

function draw_israeli(n, rule)
  for _ = 1, n do
    if draw("israeli_deck", "israeli_hand", rule) == nil then
      log(rule, "the Israeli deck is empty")
      return
    end
  end
end

function deploy_israeli(p)
  local front
  if pieces_value(p, "extremists") then
    front = random_front("Notation: Extremists")
  else
    local _, i = ask("israel", deploy_question(p))
    front = FRONTS[i]
  end
  move(p, front, "3")
end

-- 4. TRANSFER PHASE: one Israeli Regular unit (A3) may move to another
-- front. Each Vehicles card also has one free transfer of its own this turn,
-- and a transfers event adds free transfers for any Regular unit (A4). The
-- player moves units one at a time until "No transfer" or nothing can move.
-- Identical cards at one front make one choice; a Vehicle whose own free
-- transfer is unused is the one moved, and it spends that first.
--
-- The choice list is rebuilt for every question in the same three tables of
-- the step, cleared past its end, so a question creates no table and no new
-- key. They hold nothing between questions: the state is all in the kernel.
function transfer_phase()
  local ev = current_event()
  local left = 1
  if ev and pieces_value(ev, "effect") == "transfers" then left = left + pieces_value(ev, "amount") end
  local used = {}  -- vehicles that spent their own free transfer (this step only)
  local question = { prompt = nil, choices = nil, rule = "4" }
  local texts, movers, types = {}, {}, {}
  while true do
    -- Two choices per card type and front: texts[k], texts[k + 1] move
    -- movers[k] (= movers[k + 1]) to its front's OTHER_FRONTS 1 and 2;
    -- types[k] is the card's type.
    local n = 0
    for fi = 1, 3 do
      local regs = pieces_at(FRONTS[fi], ISRAELI_REGULARS)
      local first = n  -- this front's choices are above `first`
      for j = 1, #regs do
        local p = regs[j]
        local t = pieces_type(p)
        local own = pieces_value(p, "vehicles") and not used[p]
        if left > 0 or own then
          local k = nil
          for m = first + 1, n, 2 do
            if types[m] == t then
              k = m
              break
            end
          end
          if k == nil then
            texts[n + 1], texts[n + 2] = transfer_texts(p, fi)
            movers[n + 1], movers[n + 2] = p, p
            types[n + 1] = t
            n = n + 2
          elseif own and used[movers[k]] then
            movers[k], movers[k + 1] = p, p
          end
        end
      end
    end
    if n == 0 then return end
    texts[n + 1] = "No transfer"
    local k = n + 2
    while texts[k] ~= nil do
      texts[k] = nil
      k = k + 1
    end
    -- The long prompt only when events are recorded; asked at every question,
    -- as a step replayed from a save records only from where it resumes.
    if game.recording() then
      question.prompt = string.format("Transfer Phase: move a Regular unit (%d transfer%s left; each Vehicle also moves once free)",
        left, left == 1 and "" or "s")
    else
      question.prompt = "Transfer Phase: move a Regular unit"
    end
    question.choices = texts
    local _, i = ask("israel", question)
    if i > n then return end
    local p = movers[i]
    if not used[p] and pieces_value(p, "vehicles") then
      used[p] = true
    else
      left = left - 1
    end
    move(p, OTHER_FRONTS[FRONT_INDEX[pieces_location(p)]][2 - i % 2], "4")
  end
end

-- 5. BATTLE PHASE: one battle at each front, North, Central, South. None on
-- the first turn (SETUP) or in a Truce (Card List Notation). Israel winning
-- all three battles extends the Decisive Victory streak; any other turn with
-- a Battle Phase, or a Truce, ends it (A14).
function battle_phase()
  if game.turn() == 1 then
    log("Setup", "no Battle Phase on the first turn")
    return
  end
  local ev = current_event()
  if ev and pieces_value(ev, "truce") then
    log("Notation: Truce", "Truce: no Battle Phase this turn")
    vars.streak = 0
    return
  end
  local effect, aim, side, everywhere, per_unit, flat = read_event(ev)
  local won = 0
  for i = 1, 3 do
    if fight(FRONTS[i], ev, effect, aim, side, everywhere, per_unit, flat) == "israel" then won = won + 1 end
  end
  if won == 3 then vars.streak = vars.streak + 1 else vars.streak = 0 end
end

-- One battle; returns the winning side, or nil for no battle or a stalemate.
function battle(front, ev)
  return fight(front, ev, read_event(ev))
end

-- One battle with the current event `ev` read by read_event (aiw.lua).
function fight(front, ev, effect, aim, side, everywhere, per_unit, flat)
  if effect == "negate_battle" and aim == front then
    log("5", "%s: the battle is negated (%s)", FRONT_TITLE[front], pieces.name(ev))
    return nil
  end
  local il, il_n, ar, ar_n
  if side ~= nil and (everywhere or aim == front) then
    if side == "israel" then
      il, il_n = front_force("israel", front, per_unit, flat)
      ar, ar_n = front_force("arab", front, 0, 0)
    else
      il, il_n = front_force("israel", front, 0, 0)
      ar, ar_n = front_force("arab", front, per_unit, flat)
    end
  else
    il, il_n = front_force("israel", front, 0, 0)
    ar, ar_n = front_force("arab", front, 0, 0)
  end
  if il_n == 0 and ar_n == 0 then
    log("5", "%s: no units, no battle", FRONT_TITLE[front])  -- A12
    return nil
  end
  if effect == "stalemate" and aim == front then
    log("5", "%s: automatic stalemate (%s)", FRONT_TITLE[front], pieces.name(ev))  -- A10
    discard_random("israel", front, "5")
    discard_random("arab", front, "5")
    return nil
  end
  -- A side with no units: the other takes 2 TT (no discard, no totals).
  if il_n == 0 then
    log("5", "%s: Israel has no units; the Arabs take 2 TT", FRONT_TITLE[front])
    track_add(TT[front], 2, "5")
    return "arab"
  end
  if ar_n == 0 then
    log("5", "%s: the Arabs have no units; Israel takes 2 TT", FRONT_TITLE[front])
    track_add(TT[front], -2, "5")
    return "israel"
  end
  if il == ar then
    log("5", "%s: Israel %d, Arabs %d: stalemate", FRONT_TITLE[front], il, ar)
    discard_random("israel", front, "5")
    discard_random("arab", front, "5")
    return nil
  end
  if il > ar then
    log("5", "%s: Israel %d, Arabs %d: Israel won", FRONT_TITLE[front], il, ar)
    track_add(TT[front], -1, "5")
    discard_random("arab", front, "5")
    return "israel"
  end
  log("5", "%s: Israel %d, Arabs %d: the Arabs won", FRONT_TITLE[front], il, ar)
  track_add(TT[front], 1, "5")
  discard_random("israel", front, "5")
  return "arab"
end

-- 6. END PHASE: VICTORY CONDITIONS, checked in this order (R10): Complete
-- Loss (6 Arab TT at a front), Decisive Victory (all battles won two turns
-- in a row), Attrition Victory (no Arab unit card left in the deck or on
-- the table, A13). The step returns the result that ends the game.
function end_phase()
  for i = 1, 3 do
    if track_get(TT_TRACKS[i]) >= 6 then return "Arab victory: complete loss", "arab" end
  end
  if vars.streak >= 2 then return "Israeli decisive victory", "israel" end
  if deck_count("arab_deck") == 0 and pieces_count("north", UNITS.arab) == 0 and
      pieces_count("central", UNITS.arab) == 0 and pieces_count("south", UNITS.arab) == 0 then
    return "Israeli attrition victory", "israel"
  end
end
