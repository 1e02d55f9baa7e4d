-- 1 ORDERS: up to two, the count kept in a local across ask.
function orders()
  local left = 2
  while left > 0 do
    if ask("red", "1", { prompt = "Spend an order?", options = { "spend", "stop" } }) == "stop" then return end
    left = left - 1
  end
end
