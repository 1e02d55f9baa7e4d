-- Hidden information over whole games: at every decision of a game played
-- to its end, neither side's log, nor its view of the other's hand, names a
-- chit that went into the other side's hand or plans (4.0, 5.0(5), 7.2;
-- rulings X7, X10). A chit played is shown to both (its move to the played
-- chits names it, and so does its return to the pool, whose mix is known);
-- a chit drawn, selected or kept stays the owner's. Nor does a side read of
-- a change to a chit it does not see ("a hidden Insurgent chit no longer
-- marked drawn" told the IDF a blind-drawn chit was played, and so what was
-- left in hand).

local OTHER = { idf = "insurgent", insurgent = "idf" }
local BOXES = {
  idf = { "IDF hand", "IDF chits planned (J-5)" },
  insurgent = { "Insurgent hand", "Insurgent chits planned (J-5)" },
}

-- Whether `text` moves or draws a chit into one of `side`'s hidden boxes
-- and names it ("J-1 Administration drawn from ... to IDF hand").
local function names_hidden_chit(text, side)
  -- The piece an event names comes first ("J-1 Administration drawn from");
  -- a box's own title may hold "J-5".
  local subject = text:match("^(.-) %a+ from ") or ""
  for _, box in ipairs(BOXES[side]) do
    if text:find("to " .. box, 1, true) and subject:find("J%-%d") then return true end
  end
  return false
end

for _, scenario in ipairs({ "next_war", "lebanon_2006_optional" }) do
  test("4.0, 7.2, rulings X7, X10: a whole game of " .. scenario .. " keeps each hand from the other side", function()
    local g = new_game{ scenario = scenario, seed = 21 }
    local rand = chooser(21)
    local decisions, seen = 0, { idf = 0, insurgent = 0 }
    while not g:finished() and decisions < 20000 do
      for _, side in ipairs({ "idf", "insurgent" }) do
        local other = OTHER[side]
        local events = g:events(side)
        for i = seen[side] + 1, #events do
          expect(not names_hidden_chit(events[i].text, other), side .. " reads: " .. events[i].text)
          expect(not events[i].text:find("^a hidden .*marked"), side .. " reads: " .. events[i].text)
        end
        seen[side] = #events
        local view = g:summary(side)[other .. "_hand"] or ""
        expect(not view:find("J%-%d"), side .. " sees the other hand: " .. view)
      end
      g:choose(rand(#g:choices()))
      decisions = decisions + 1
    end
    expect(g:finished(), scenario .. " ended")
    -- The referee's log does name them: the check above could fail.
    local named = false
    local marks = false
    for _, e in ipairs(g:events()) do
      named = named or names_hidden_chit(e.text, "idf")
      marks = marks or (e.text:find("marked drawn") ~= nil)
    end
    expect(named, "the referee reads the chits drawn into the IDF hand")
    expect(marks, "the referee reads the marks of drawn chits")
  end)
end
