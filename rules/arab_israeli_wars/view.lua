-- THE VIEW (not a rule): what the player needs beside the board to decide,
-- so the card lists need not be at hand. Cards show their Force ([view]
-- label in game.toml) and the current event and the hand their notes
-- ([view] text). This function adds each front's Force Totals as the next
-- battle would count them (5. Battle Phase, with the current event) and the
-- progress of each victory condition (6. End Phase). It only reads the game.
local function cards(n) return n == 1 and "1 card" or n .. " cards" end

function view_summary(side)
  local ev = current_event()
  local out = {}
  local most, most_front = -1, nil
  for _, front in ipairs(FRONTS) do
    local il, il_n = force_total("israel", front, ev)
    local ar, ar_n = force_total("arab", front, ev)
    local tt = track.get(TT[front])
    if tt > most then most, most_front = tt, front end
    out[front] = { "Force Totals: Israel %d (%s), Arabs %d (%s); Arab TT %d of 6", il, cards(il_n), ar, cards(ar_n), tt }
  end
  local arab_left = pieces.count("arab_deck")
  for _, front in ipairs(FRONTS) do arab_left = arab_left + pieces.count(front, UNITS.arab) end
  out[1] = { "To win: the Arabs need 6 TT at a front (most: %d, %L); Israel, all 3 battles won two turns "
             .. "running (streak %d of 2) or no Arab unit card left (%d)", most, most_front, vars.streak or 0, arab_left }
  if ev and pieces.value(ev, "effect") ~= nil and vars.event_front then
    out[2] = { "The current event's front: %L", vars.event_front }
  end
  return out
end
