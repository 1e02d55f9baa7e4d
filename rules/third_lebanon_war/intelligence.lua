-- Third Lebanon War: intelligence (8.1, 8.12, 8.2). BEING WRITTEN.

-- The interface the battle calls:
--   evade(side, zone, rule): `side` may play J-2s for its revealed
--   irregular units in `zone` to flip back to Underground (8.12).
function evade(side, zone, rule) end
