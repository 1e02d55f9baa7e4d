-- The Next War in Lebanon: what the enemy sees of a side's units (8.0, 8.1;
-- rulings S1, S2 in README.md). A side's loose units in a zone stand in
-- stacks of at most its C2 Level, bottom first; a TF's units are one stack
-- in its holding box. The enemy sees the top unit of each stack (its face
-- shows its mode, its marker its disruption), nothing of the rest; a battle
-- shows every unit in it (9.0, 8.1 note) until it is over.

-- The visibility a unit should have: nil (its location's) for a stack's
-- top, "owner" for the units under it in a zone; in a TF box (owner-only)
-- "public" for the top, nil for the rest.
local function apply(units, per_stack, in_box)
  for i, u in ipairs(units) do
    local top = i % per_stack == 0 or i == #units
    local want
    if in_box then want = top and "public" or nil else want = (not top) and "owner" or nil end
    if pieces.visibility(u) ~= want then pieces.set_visibility(u, want, "8.0") end
  end
end

-- Recomputes every stack's top on the map: after anything that moves,
-- adds or removes a unit.
function refresh_stacks()
  for _, side in ipairs({ "idf", "insurgent" }) do
    local c2 = math.max(c2_level(side), 1)
    for _, z in ipairs(ZONES) do
      apply(pieces.at(z, UNITS_OF[side]), c2, false)
      for _, hq in ipairs(pieces.at(z, HQS_OF[side])) do
        apply(pieces.at(holding_box(hq), UNITS), c2, true)
      end
    end
  end
end

-- 9.0, 8.1 note: the units of a battle are set out in the open.
function reveal_battle(zone)
  for _, side in ipairs({ "idf", "insurgent" }) do
    for _, u in ipairs(units_on_map(side, nil, { zone })) do
      if pieces.visibility(u) ~= "public" then pieces.set_visibility(u, "public", "9.0") end
    end
  end
end
