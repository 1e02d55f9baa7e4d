-- THE VIEW (not a rule): what the player needs beside the map. Chits show
-- their strength and VP ([view] label, once revealed or eliminated). This
-- function adds how far the patrol is from each ending (7.1, 7.2) and,
-- beside each village, whether a chit hides there and whether fire support
-- reaches it (5.2). It only reads the game.
function view_summary(side)
  local out = {
    { "Patrol VP %d: %d wins at the end of any turn, %d draws after the last turn; steps left %d (0 loses)",
      track.get("vp"), tables.victory_vp, tables.points_vp, track.get("steps") },
  }
  local outpost = map.place("Outpost")
  for _, name in ipairs(tables.villages) do
    local hex = map.place(name)
    local hidden = pieces.count("hideout_" .. string.lower(name)) > 0
    local support = map.distance(hex, outpost) <= tables.support_range
    out[hex] = { "%s; %s", hidden and "a chit hides here" or "no chit hides here",
                 support and "fire support +1" or "no fire support" }
  end
  return out
end
