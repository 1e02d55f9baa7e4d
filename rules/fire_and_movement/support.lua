-- Fire & Movement series rules: support fire (8.0-8.6, research
-- rules-gaps.md 1.3 [P]). Markers are pieces of kind "support" printing a
-- `value`; each side keeps its own in its pool between turns, commits them
-- face down into its committed box, and a revealed marker lies in
-- support_used until the turn ends (8.6: once a turn).

-- A folio's: the box holding `side`'s markers ([[locations]] of its game).
function support_pool(side) return side .. "_support" end

-- A folio's: the owner-only box where `side`'s markers wait face down.
function committed_box(side) return side .. "_committed" end

-- A folio's: nil when `side` takes its whole surviving pool this turn (8.1),
-- or the number of markers it draws from it at random.
function support_allotment(side) return nil end

-- A folio's: whether `side` may add `marker` to the combat `c` ({hex =,
-- attackers =, defenders =, committed = {markers so far, both roles}}).
function may_commit(side, marker, c) return true end

-- A folio's: the markers of `c` once revealed, before they count (a SAM
-- fires at them here); returns those that still count.
function support_revealed(c, markers) return markers end

-- 8.1 SUPPORT FIRE MARKER PHASE: each side takes its allotment; markers it
-- does not draw wait in support_withheld until the turn ends.
function support_fire_phase()
  for _, side in ipairs(game.sides()) do
    local n = support_allotment(side)
    local pool = pieces.at(support_pool(side))
    if n ~= nil and n < #pool then
      for i = 1, n do
        local m = pick(pool, "8.1", "%s support fire marker %d of %d", game.title(side), i, n)
        for k, x in ipairs(pool) do
          if x == m then table.remove(pool, k) break end
        end
      end
      -- What is left of the list is what was not drawn.
      for _, m in ipairs(pool) do pieces.move(m, "support_withheld", "8.1") end
    end
    -- A side with no marker at all (none in this scenario) is not named.
    local now = pieces.count(support_pool(side))
    if now > 0 or n ~= nil then
      log("8.1", "%s has %d support fire markers this turn", game.title(side), now)
    end
  end
end

-- 8.3 `sides` commit markers face down to combat `c`, one at a time, each
-- side until it is done; `verb` says which end of the combat they back.
function commit_support(sides, c, verb)
  for _, side in ipairs(sides) do
    while true do
      local offer = {}
      for _, m in ipairs(pieces.at(support_pool(side))) do
        if may_commit(side, m, c) then offer[#offer + 1] = m end
      end
      if #offer == 0 then break end
      local m = ask(side, "8.3", { prompt = { "Support fire %s %L: commit a marker", verb, c.hex }, pieces = offer,
                                    text = "%P", options = { "done" }, secret = true })
      if m == "done" then break end
      -- Face down before it moves, so that no other side reads its name
      -- in the move.
      pieces.set_visibility(m, "owner", "8.3")
      pieces.move(m, committed_box(side), "8.3")
      c.committed[#c.committed + 1] = m
    end
  end
end

-- 8.3 The markers `sides` committed are revealed and counted: their total
-- value after the folio's support_revealed.
function reveal_support(sides, c)
  local shown = {}
  for _, side in ipairs(sides) do
    for _, m in ipairs(pieces.at(committed_box(side))) do
      pieces.set_visibility(m, nil, "8.3")
      pieces.move(m, "support_used", "8.3")
      shown[#shown + 1] = m
    end
  end
  local total = 0
  for _, m in ipairs(support_revealed(c, shown)) do total = total + pieces.value(m, "value") end
  return total
end
