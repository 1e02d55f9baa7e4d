-- The Next War in Lebanon: the Joint Ops hands (4.0, 5.0(5), 6.2; rulings
-- N3, N4, C9, X7, X12). A hand is the owner's alone; the pool is a cup
-- nobody sees into; a played chit goes to its side's open discard.

-- 6.2 (ruling N3) a hand: `drawn` chits drawn blind from the pool (each
-- marked `drawn`, for 7.2A), then `selected` chosen by staff type among the
-- chits left in the pool (ruling X12).
function build_hand(side, drawn, selected, rule)
  local c = chits_of(side)
  for _ = 1, drawn do
    if pieces.count(c.pool) == 0 then break end
    local chit = cup.draw(c.pool, c.hand, rule)
    pieces.mark(chit, "drawn", rule)
  end
  for _ = 1, selected do
    if not select_from_pool(side, rule, "Select a Joint Ops chit", c.hand) then break end
  end
end

-- Ruling X12: `side` selects a chit from its pool by staff (those `allow`
-- lets it, all without it), in secret, into `to`. Returns the chit, or nil
-- when the pool offers none.
function select_from_pool(side, rule, prompt, to, allow)
  local pool = chits_of(side).pool
  local staffs, type_of = {}, {}
  for _, chit in ipairs(pieces.at(pool)) do
    local staff = pieces.value(chit, "staff")
    if not type_of[staff] and (not allow or allow(staff)) then
      type_of[staff] = pieces.type(chit)
      staffs[#staffs + 1] = staff
    end
  end
  if #staffs == 0 then return nil end
  table.sort(staffs)
  local staff = ask(side, rule, { prompt = prompt, options = staffs, secret = true })
  local chit = pieces.top(pool, { type = type_of[staff] })
  pieces.move(chit, to, rule)
  return chit
end

-- 4.0 the first hand: half the C2 drawn blind (rounded up), the rest selected.
function first_hand(side)
  local c2 = c2_level(side)
  local drawn = (c2 + 1) // 2
  build_hand(side, drawn, c2 - drawn, "4.0")
end

-- A chit back to its side's pool, as it was: neither drawn nor kept.
local function to_pool(side, chit, rule)
  if pieces.marked(chit, "drawn") then pieces.unmark(chit, "drawn", rule) end
  if pieces.marked(chit, "kept") then pieces.unmark(chit, "kept", rule) end
  pieces.move(chit, chits_of(side).pool, rule)
end

-- 6.3, ruling X7: a played chit of `staff` leaves the hand for the open
-- discard (a selected one before a drawn one: what 7.2A could show is
-- spent first). Returns the chit.
function play_chit(side, staff, rule)
  local c = chits_of(side)
  local chosen
  for _, chit in ipairs(pieces.at(c.hand)) do
    if pieces.value(chit, "staff") == staff and (not chosen or (pieces.marked(chosen, "drawn") and not pieces.marked(chit, "drawn"))) then
      chosen = chit
    end
  end
  if pieces.marked(chosen, "drawn") then pieces.unmark(chosen, "drawn", rule) end
  pieces.move(chosen, c.discard, rule)
  return chosen
end

-- Whether a side holds a chit of `staff`.
function holds_staff(side, staff)
  for _, chit in ipairs(pieces.at(chits_of(side).hand)) do
    if pieces.value(chit, "staff") == staff then return true end
  end
  return false
end

-- The staffs of the chits in a side's hand, each once, in order.
function staffs_in_hand(side)
  local staffs, seen = {}, {}
  for _, chit in ipairs(pieces.at(chits_of(side).hand)) do
    local staff = pieces.value(chit, "staff")
    if not seen[staff] then
      seen[staff] = true
      staffs[#staffs + 1] = staff
    end
  end
  table.sort(staffs)
  return staffs
end

-- 5.0(5) END OF TURN, rulings N3, N4, C9, X7, X9: each side discards its
-- unplayed chits (but those kept from the Cascading Effects Phase), the
-- played and discarded chits go back to the pool, and the new hand is
-- selected, all but two, and the last two drawn blind, up to the C2; chits
-- planned with a J-5 then join it.
function new_hand(side)
  local c = chits_of(side)
  for _, chit in ipairs(pieces.at(c.hand)) do
    if not pieces.marked(chit, "kept") then to_pool(side, chit, "5.0(5)") end
  end
  for _, chit in ipairs(pieces.at(c.discard)) do to_pool(side, chit, "5.0(5)") end
  local c2 = c2_level(side)
  local drawn = math.min(tables.hand.end_of_turn_drawn, c2)
  build_hand(side, 0, c2 - drawn, "5.0(5)")
  build_hand(side, drawn, 0, "5.0(5)")
  for _, chit in ipairs(pieces.at(c.hand)) do
    if pieces.marked(chit, "kept") then pieces.unmark(chit, "kept", "5.0(5)") end
  end
  for _, chit in ipairs(pieces.at(c.planned)) do pieces.move(chit, c.hand, "14.1") end
end
