-- The Next War in Lebanon: what the enemy sees of a side's units (8.0, 8.1;
-- rulings S1, S2 in README.md). A side's loose units in a zone stand in
-- stacks of at most its C2 Level, bottom first; a TF's units are one stack
-- in its holding box. The enemy sees the top unit of each stack (its face
-- shows its mode, its marker its disruption), nothing of the rest; a battle
-- shows every unit in it (9.0, 8.1 note) until it is over.

-- Recomputes every stack's top on the map: after anything that moves,
-- adds or removes a unit. In a zone the units under a stack's top are the
-- owner's; in a TF box (owner-only) the top is public and the rest as the box.
function refresh_stacks()
  for _, side in ipairs({ "idf", "insurgent" }) do
    local c2 = math.max(c2_level(side), 1)
    pieces.set_stack_visibility(ZONES, UNITS_OF[side], c2, nil, "owner", "8.0")
    local boxes = pieces.at(ZONES, HQS_OF[side])
    for i, hq in ipairs(boxes) do boxes[i] = holding_box(hq) end
    pieces.set_stack_visibility(boxes, UNITS, c2, "public", nil, "8.0")
  end
end

-- 9.0, 8.1 note: the units of a battle are set out in the open.
function reveal_battle(zone)
  for _, side in ipairs({ "idf", "insurgent" }) do
    pieces.set_visibility(units_on_map(side, nil, { zone }), "public", "9.0")
  end
end
