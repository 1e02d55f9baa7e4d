-- Third Lebanon War: the battle mat (seed 002, steps 1-9). BEING WRITTEN.

-- The battle interface the other files call:
--   battle(zone, attacker, opts): a battle in `zone`, `attacker` against
--   the other side; opts.ambush = true when the attacker springs an ambush
--   (11.2) on opts.targets (the units that entered the zone).
function battle(zone, attacker, opts)
  log("9.2", "A battle in %L (not written yet)", zone)
end
