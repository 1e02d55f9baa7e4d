
-- Hostile calls (fuzz_rules' seed): the kernel's functions given values
-- out of their range, of the wrong type, or huge, each in a pcall.
local odd = { math.maxinteger, math.mininteger, -1, 0, 0.5, 1e308, -1e308, 0 / 0, 1 / 0, "", "x", {}, true }
local function try(f, ...) pcall(f, ...) end
local function hostile()
  local p = vars.patrol
  for _, v in ipairs(odd) do
    try(pieces.move, p, v, "h")
    try(pieces.move, v, "cup", "h")
    try(pieces.at, v)
    try(pieces.at, "cup", { type = v })
    try(pieces.count, v, { owner = v })
    try(pieces.value, p, v)
    try(pieces.mark, p, v)
    try(pieces.set_face, p, v)
    try(pieces.set_counter, p, "c", v)
    try(pieces.set_visibility, p, v, "h")
    try(pieces.sum, v, "strength")
    try(track.add, "vp", v, "h")
    try(track.set, v, 1, "h")
    try(roll, v, "h", "h")
    try(roll, "d6", v, "h")
    try(cup.draw, "cup", v, v)
    try(deck.draw, v, "cup", "h")
    try(map.distance, v, "0202")
    try(map.within, "0202", v)
    try(map.path, p, v, { mp = v })
    try(map.reachable, p, { mp = v })
    try(map.nearest, v, { "0202" })
    try(map.line, "0101", v)
    try(game.title, v)
    try(log, "h", v, v)
    try(string.rep, "x", v)
    try(string.format, "%d %s %q", v, v, v)
    try(pick, { v }, "h", "h")
    try(ask, "patrol", "h", { prompt = v, choices = { v } })
  end
end

local real_setup = setup
function setup()
  hostile()
  real_setup()
end
