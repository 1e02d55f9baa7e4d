-- The test API's seeded chooser: the same sequence for the same seed, every
-- value in 1..n, and a refusal of an empty range.
test("chooser: a seeded sequence of picks in range", function()
  local a, b, c = chooser(7), chooser(7), chooser(8)
  local same, differ = true, false
  for _ = 1, 200 do
    local x, y, z = a(6), b(6), c(6)
    expect(x >= 1 and x <= 6 and math.type(x) == "integer", "in 1..6")
    same = same and x == y
    differ = differ or x ~= z
  end
  expect(same, "the same seed gives the same picks")
  expect(differ, "another seed gives other picks")
  expect_eq(a(1), 1)
  expect_error(function() a(0) end, "a positive count expected")
end)

test("chooser: plays a race to its end", function()
  local rand = chooser(3)
  local g = new_game{ scenario = "short", seed = 3 }
  while not g:finished() do g:choose(rand(#g:choices())) end
  expect(g:result() ~= nil, "a result")
end)
