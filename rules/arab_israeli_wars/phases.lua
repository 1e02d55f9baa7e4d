-- TURN SEQUENCE: the six phases of a turn, in the rules' order.

-- 1. ARAB PHASE: the Arabs draw 3 cards and deploy each to its printed
-- front; an R card goes to a random front. An empty deck gives no more (A13).
function arab_phase()
  arab_draw(3, "1")
end

function arab_draw(n, rule)
  for _ = 1, n do
    local p = deck.draw("arab_deck", "arab_hand", rule)
    if p == nil then
      log(rule, "the Arab deck is empty")
      return
    end
    local front = pieces.value(p, "front")
    if front == "random" then front = random_front("Notation: R") end
    pieces.move(p, front, rule)
  end
end

-- 2. EVENT PHASE: last turn's event goes to the discard; when the event deck
-- is empty its discard is reshuffled into it (A17); one event is drawn and
-- applied (events.lua).
function event_phase()
  local old = current_event()
  if old then pieces.move(old, "event_discard", "2") end
  vars.event_front = nil
  if pieces.count("event_deck") == 0 then deck.reshuffle("event_discard", "event_deck", "2") end
  local ev = deck.draw("event_deck", "current_event", "2")
  if ev then apply_event(ev) end
end

-- 3. ISRAELI PHASE: the Israelis draw 2 cards (an empty deck gives no more,
-- A13), then deploy every card in hand, one decision a card, oldest first
-- (R12); Extremists go to a random front without a decision (Card List
-- Notation). The loop's list is the hand as the phase found it: the cards
-- still to deploy are those still in hand, so the state says where it stands.
function israeli_phase()
  draw_israeli(2, "3")
  for _, p in ipairs(pieces.at("israeli_hand")) do deploy_israeli(p) end
end

function draw_israeli(n, rule)
  for _ = 1, n do
    if deck.draw("israeli_deck", "israeli_hand", rule) == nil then
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
    front = ask("israel", "3", { prompt = { "Israeli Phase: deploy %P", p }, locations = FRONTS })
  end
  pieces.move(p, front, "3")
end

-- 4. TRANSFER PHASE: one Israeli Regular unit (A3) may move to another
-- front. Each Vehicles card also has one free transfer of its own this turn,
-- and a transfers event adds free transfers for any Regular unit (A4). The
-- player picks a unit, then its front, one transfer at a time, until "No
-- transfer" or nothing can move. Identical cards at one front are one
-- choice; a Vehicle whose own free transfer is unused is the one offered,
-- and it spends that first. Between decisions the transfers left are
-- vars.transfers_left and the Vehicles that spent their own are
-- vars.moved_free (piece -> true).
function transfer_phase()
  local ev = current_event()
  local extra = ev and pieces.value(ev, "effect") == "transfers" and pieces.value(ev, "amount") or 0
  vars.transfers_left = 1 + extra
  while transfer_one() do end
  vars.transfers_left = nil
  vars.moved_free = nil
end

-- The units that may transfer now: at each front, one card of each type,
-- the one with its own free transfer first (A4).
function transferable(left, moved)
  local units = {}
  for _, front in ipairs(FRONTS) do
    local first = #units + 1
    for _, p in ipairs(pieces.at(front, ISRAELI_REGULARS)) do
      local own = pieces.value(p, "vehicles") and not moved[p]
      if left > 0 or own then
        local t, k = pieces.type(p), first
        while k <= #units and pieces.type(units[k]) ~= t do k = k + 1 end
        if k > #units then
          units[k] = p
        elseif own and not (pieces.value(units[k], "vehicles") and not moved[units[k]]) then
          units[k] = p
        end
      end
    end
  end
  return units
end

-- Asks for one transfer and makes it; false when none can be made or the
-- player ends the phase.
function transfer_one()
  local left, moved = vars.transfers_left, vars.moved_free or {}
  local units = transferable(left, moved)
  if #units == 0 then return false end
  local unit = ask("israel", "4", {
    prompt = { "Transfer Phase: move a Regular unit (%d transfer%s left; each Vehicle also moves once free)", left,
               left == 1 and "" or "s" },
    pieces = units, text = "%P from %L", options = { "no_transfer" },
  })
  if unit == "no_transfer" then return false end
  local from = pieces.location(unit)
  local to = ask("israel", "4", { prompt = { "Transfer Phase: move %P from %L to", unit, from }, piece = unit,
                                   to = OTHER_FRONTS[from] })
  if pieces.value(unit, "vehicles") and not moved[unit] then
    moved[unit] = true
    vars.moved_free = moved
  else
    vars.transfers_left = left - 1
  end
  pieces.move(unit, to, "4")
  return true
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
  for _, front in ipairs(FRONTS) do
    if battle(front, ev) == "israel" then won = won + 1 end
  end
  if won == 3 then vars.streak = vars.streak + 1 else vars.streak = 0 end
end

-- One battle at `front` with the current event `ev`; returns the winning
-- side, or nil for no battle or a stalemate.
function battle(front, ev)
  local effect = ev and pieces.value(ev, "effect")
  local aimed = ev and vars.event_front == front
  if effect == "negate_battle" and aimed then
    log("5", "%L: the battle is negated (%P)", front, ev)
    return nil
  end
  local il, il_n = force_total("israel", front, ev)
  local ar, ar_n = force_total("arab", front, ev)
  if il_n == 0 and ar_n == 0 then
    log("5", "%L: no units, no battle", front)  -- A12
    return nil
  end
  if effect == "stalemate" and aimed then
    log("5", "%L: automatic stalemate (%P)", front, ev)  -- A10
    discard_random("israel", front, "5")
    discard_random("arab", front, "5")
    return nil
  end
  -- A side with no units: the other takes 2 TT (no discard, no totals).
  if il_n == 0 then
    log("5", "%L: Israel has no units; the Arabs take 2 TT", front)
    track.add(TT[front], 2, "5")
    return "arab"
  end
  if ar_n == 0 then
    log("5", "%L: the Arabs have no units; Israel takes 2 TT", front)
    track.add(TT[front], -2, "5")
    return "israel"
  end
  if il == ar then
    log("5", "%L: Israel %d, Arabs %d: stalemate", front, il, ar)
    discard_random("israel", front, "5")
    discard_random("arab", front, "5")
    return nil
  end
  if il > ar then
    log("5", "%L: Israel %d, Arabs %d: Israel won", front, il, ar)
    track.add(TT[front], -1, "5")
    discard_random("arab", front, "5")
    return "israel"
  end
  log("5", "%L: Israel %d, Arabs %d: the Arabs won", front, il, ar)
  track.add(TT[front], 1, "5")
  discard_random("israel", front, "5")
  return "arab"
end

-- 6. END PHASE: VICTORY CONDITIONS, checked in this order (R10): Complete
-- Loss (6 Arab TT at a front), Decisive Victory (all battles won two turns
-- in a row), Attrition Victory (no Arab unit card left in the deck or on
-- the table, A13). The step returns the result that ends the game.
function end_phase()
  for _, front in ipairs(FRONTS) do
    if track.get(TT[front]) >= 6 then return "Arab victory: complete loss", "arab" end
  end
  if vars.streak >= 2 then return "Israeli decisive victory", "israel" end
  if pieces.count("arab_deck") == 0 and pieces.count("north", UNITS.arab) == 0 and
      pieces.count("central", UNITS.arab) == 0 and pieces.count("south", UNITS.arab) == 0 then
    return "Israeli attrition victory", "israel"
  end
end
