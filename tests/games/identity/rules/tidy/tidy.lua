-- 1 ORDERS: up to two, the count kept in vars between decisions.
function orders()
  vars.left = 2
  while vars.left > 0 do
    if ask("red", "1", { prompt = "Spend an order?", options = { "spend", "stop" } }) == "stop" then break end
    vars.left = vars.left - 1
  end
  vars.left = nil
end
