-- 1 CHOOSE: Red chooses; "explode" is a rules error on purpose.
function choose()
  local choice = ask("red", { prompt = "Fine or explode?", choices = { "fine", "explode" }, rule = "1" })
  if choice == "explode" then error("boom") end
end
