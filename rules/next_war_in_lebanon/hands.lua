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
    local staffs, seen = {}, {}
    for _, chit in ipairs(pieces.at(c.pool)) do
      local staff = pieces.value(chit, "staff")
      if not seen[staff] then
        seen[staff] = pieces.type(chit)
        staffs[#staffs + 1] = staff
      end
    end
    if #staffs == 0 then break end
    table.sort(staffs)
    local staff = ask(side, rule, { prompt = "Select a Joint Ops chit", options = staffs })
    pieces.move(pieces.top(c.pool, { type = seen[staff] }), c.hand, rule)
  end
end

-- 4.0 the first hand: half the C2 drawn blind (rounded up), the rest selected.
function first_hand(side)
  local c2 = track.get(side .. "_c2")
  local drawn = (c2 + 1) // 2
  build_hand(side, drawn, c2 - drawn, "4.0")
end
