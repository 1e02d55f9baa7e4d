-- TURN SEQUENCE: the six phases of a turn, in the rules' order.

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
    local front = pieces.value(p, "front")
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
  if deck.count("event_deck") == 0 then deck.reshuffle("event_discard", "event_deck", "2") end
  local ev = draw("event_deck", "current_event", "2")
  if ev then apply_event(ev) end
end

-- 3. ISRAELI PHASE: the Israelis draw 2 cards (an empty deck gives no more,
-- A13), then deploy every card in hand, one decision a card; Extremists go
-- to a random front without a decision (Card List Notation).
function israeli_phase()
  draw_israeli(2, "3")
  local hand = pieces.at("israeli_hand")
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
  if pieces.value(p, "extremists") then
    front = random_front("Notation: Extremists")
  else
    local name = pieces.name(p)
    local _, i = ask("israel", {
      prompt = "Israeli Phase: deploy " .. name,
      choices = { name .. " to North Front", name .. " to Central Front", name .. " to South Front" },
      rule = "3",
    })
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
function transfer_phase()
  local ev = current_event()
  local left = 1
  if ev and pieces.value(ev, "effect") == "transfers" then left = left + pieces.value(ev, "amount") end
  local used = {}  -- vehicles that spent their own free transfer (this step only)
  while true do
    local texts, movers, dests = {}, {}, {}
    for fi = 1, 3 do
      local from = FRONTS[fi]
      local regs = pieces.at(from, ISRAELI_REGULARS)
      local seen = nil
      for j = 1, #regs do
        local p = regs[j]
        local own = pieces.value(p, "vehicles") and not used[p]
        if left > 0 or own then
          local t = pieces.type(p)
          seen = seen or {}
          local k = seen[t]
          if k == nil then
            seen[t] = #texts + 1
            local name = pieces.name(p)
            for ti = 1, 3 do
              if ti ~= fi then
                texts[#texts + 1] = "Move " .. name .. " from " .. FRONT_TITLES[fi] .. " to " .. FRONT_TITLES[ti]
                movers[#movers + 1] = p
                dests[#dests + 1] = FRONTS[ti]
              end
            end
          elseif own and used[movers[k]] then
            movers[k] = p
            movers[k + 1] = p
          end
        end
      end
    end
    if #texts == 0 then return end
    texts[#texts + 1] = "No transfer"
    local prompt = "Transfer Phase: move a Regular unit"
    if game.recording() then
      prompt = string.format("Transfer Phase: move a Regular unit (%d transfer%s left; each Vehicle also moves once free)",
        left, left == 1 and "" or "s")
    end
    local _, i = ask("israel", { prompt = prompt, choices = texts, rule = "4" })
    if i == #texts then return end
    local p = movers[i]
    if pieces.value(p, "vehicles") and not used[p] then
      used[p] = true
    else
      left = left - 1
    end
    move(p, dests[i], "4")
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
  if ev and pieces.value(ev, "truce") then
    log("Notation: Truce", "Truce: no Battle Phase this turn")
    vars.streak = 0
    return
  end
  local won = 0
  for i = 1, 3 do
    if battle(FRONTS[i], ev) == "israel" then won = won + 1 end
  end
  if won == 3 then vars.streak = vars.streak + 1 else vars.streak = 0 end
end

-- One battle; returns the winning side, or nil for no battle or a stalemate.
function battle(front, ev)
  local effect = ev and pieces.value(ev, "effect")
  if effect == "negate_battle" and vars.event_front == front then
    log("5", "%s: the battle is negated (%s)", FRONT_TITLE[front], pieces.name(ev))
    return nil
  end
  local il, il_n = force_total("israel", front, ev)
  local ar, ar_n = force_total("arab", front, ev)
  if il_n == 0 and ar_n == 0 then
    log("5", "%s: no units, no battle", FRONT_TITLE[front])  -- A12
    return nil
  end
  if effect == "stalemate" and vars.event_front == front then
    log("5", "%s: automatic stalemate (%s)", FRONT_TITLE[front], pieces.name(ev))  -- A10
    discard_random("israel", front, "5")
    discard_random("arab", front, "5")
    return nil
  end
  -- A side with no units: the other takes 2 TT (no discard, no totals).
  if il_n == 0 then
    log("5", "%s: Israel has no units; the Arabs take 2 TT", FRONT_TITLE[front])
    track.add(TT[front], 2, "5")
    return "arab"
  end
  if ar_n == 0 then
    log("5", "%s: the Arabs have no units; Israel takes 2 TT", FRONT_TITLE[front])
    track.add(TT[front], -2, "5")
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
    track.add(TT[front], -1, "5")
    discard_random("arab", front, "5")
    return "israel"
  end
  log("5", "%s: Israel %d, Arabs %d: the Arabs won", FRONT_TITLE[front], il, ar)
  track.add(TT[front], 1, "5")
  discard_random("israel", front, "5")
  return "arab"
end

-- 6. END PHASE: VICTORY CONDITIONS, checked in this order (R10): Complete
-- Loss (6 Arab TT at a front), Decisive Victory (all battles won two turns
-- in a row), Attrition Victory (no Arab unit card left in the deck or on
-- the table, A13).
function end_phase()
  for i = 1, 3 do
    if track.get(TT[FRONTS[i]]) >= 6 then game.finish("Arab victory: complete loss", "arab") end
  end
  if vars.streak >= 2 then game.finish("Israeli decisive victory", "israel") end
  if deck.count("arab_deck") == 0 and pieces.count("north", UNITS.arab) == 0 and
      pieces.count("central", UNITS.arab) == 0 and pieces.count("south", UNITS.arab) == 0 then
    game.finish("Israeli attrition victory", "israel")
  end
end
