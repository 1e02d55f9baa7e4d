-- The Next War in Lebanon: what the views show beside the pieces (not a
-- rule; [view] summary in game.toml). Only what every side may know: the
-- tracks, who is first, the hands' sizes, and each zone's units by side
-- (a count every side sees, 8.0: hidden units are there, unnamed).

local function units_here(zone, side)
  local n = pieces.count(zone, { owner = side }) - pieces.count(zone, HQS_OF[side])
  for _, hq in ipairs(pieces.at(zone, HQS_OF[side])) do n = n + pieces.count(holding_box(hq)) end
  return n
end

function view_summary(side)
  local out = {
    { "Turn %d of %d; the First Player is %S", game.turn(), track.get("last_turn"), vars.first_player },
    { "C2: IDF %d, Insurgent %d; hands: IDF %d chits, Insurgent %d", track.get("idf_c2"), track.get("insurgent_c2"),
      pieces.count(chits_of("idf").hand), pieces.count(chits_of("insurgent").hand) },
    { "VP scored so far: IDF %d, Insurgent %d (the end adds zones and losses, 13.0)", track.get("idf_vp"),
      track.get("insurgent_vp") },
  }
  if vars.syria_in_war then out[#out + 1] = "Syria is in the war (12.1)" end
  if vars.raid_this_turn then out[#out + 1] = "The Insurgent has raided this turn (7.3E)" end
  for _, z in ipairs(vars.lebanese_army_zones) do out[#out + 1] = { "The Lebanese Army holds %L (closed to IDF regulars)", z } end
  for _, z in ipairs(ZONES) do
    local idf, ins = units_here(z, "idf"), units_here(z, "insurgent")
    if idf + ins > 0 then out[z] = { "IDF %d units, Insurgent %d%s", idf, ins, (idf > 0 and ins > 0) and ": both sides" or "" } end
  end
  return out
end
