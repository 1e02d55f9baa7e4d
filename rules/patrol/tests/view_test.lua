-- The view (view.lua, not a rule) and the numbers beside the search choices.
local H = require("helpers")

test("view: the VP against each ending (7.1, 7.2), and each village's chit and fire support (5.2)", function()
  local g = H.new()
  local s = g:summary("patrol")
  expect_eq(s[1], "Patrol VP 0: 4 wins at the end of any turn, 2 draws after the last turn; steps left 3 (0 loses)")
  local amra, velik = g:run("return map.place('Amra')"), g:run("return map.place('Velik')")
  expect_eq(s[amra], "a chit hides here; fire support +1")   -- 1 hex from the Outpost
  expect_eq(s[velik], "a chit hides here; no fire support")
end)

test("4.1: each search choice says its chance", function()
  local g = H.new()
  H.put_patrol(g, g:run("return map.place('Amra')"))
  g:choose(1)  -- stay
  expect_eq(g:prompt(), "Search: which village?")
  expect_eq(g:choices()[1], "Search Amra (own hex, 2+)")
  expect_eq(g:notes()[1], "5 in 6")
end)
