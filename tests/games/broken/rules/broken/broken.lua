-- 1 CHOOSE: Red chooses; "explode" is a rules error on purpose.
function choose()
  local choice = ask("red", "1", { prompt = "Fine or explode?", choices = { "fine", "explode" } })
  if choice == "explode" then error("boom") end
end
