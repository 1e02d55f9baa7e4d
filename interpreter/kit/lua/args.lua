-- The argument checks the kit's procedures share (combat.lua, retreat.lua),
-- in kit.args. Runs first of the kit's Lua (the files run by name).
kit = kit or {}
kit.args = {}

-- "bad argument #n to 'fn' (what)", raised at the caller of the procedure
-- that calls this.
function kit.args.error(n, fn, what)
  error(string.format("bad argument #%d to '%s' (%s)", n, fn, what), 3)
end

-- The problem with table `spec` given the type each field must have, or
-- nil: "number", "string", "boolean"; "integer"; "count" (a whole number
-- from 0 to 1000) or "hexes" (from 1 to 1000); "pieces" (an array of
-- pieces). `required` names the fields that must be there.
function kit.args.problem(spec, fields, required)
  if type(spec) ~= "table" then return "table expected, got " .. type(spec) end
  local names = {}
  for name in pairs(fields) do names[#names + 1] = name end
  for key, value in pairs(spec) do
    local want = fields[key]
    if not want then
      return string.format("unknown field '%s' (%s)", tostring(key), table.concat(names, ", "))
    end
    if want == "integer" then
      if math.type(value) ~= "integer" then
        return string.format("%s: a whole number expected, got %s", key, math.type(value) or type(value))
      end
    elseif want == "count" or want == "hexes" then
      local low = want == "count" and 0 or 1
      if math.type(value) ~= "integer" or value < low or value > 1000 then
        return string.format("%s: a whole number from %d to 1000 expected, got %s", key, low, tostring(value))
      end
    elseif want == "pieces" then
      if type(value) ~= "table" then return string.format("%s: an array of pieces expected, got %s", key, type(value)) end
      for i, p in ipairs(value) do
        if math.type(p) ~= "integer" then
          return string.format("%s[%d]: piece expected, got %s", key, i, math.type(p) or type(p))
        end
      end
    elseif type(value) ~= want then
      return string.format("%s: %s expected, got %s", key, want, type(value))
    end
  end
  for _, name in ipairs(required or {}) do
    if spec[name] == nil then return string.format("missing field '%s'", name) end
  end
  return nil
end
