-- THE VIEW (not a rule): what the player needs beside the map to decide,
-- so the counter sheet and the tables need not be at hand. Launchers show
-- their CF and rockets their range ([view] label); event markers in play
-- their effect ([view] text). This function adds the Diplomacy Track and
-- the MVP as 10.0 will read them, the standing interception order (ruling
-- I3), and beside each area with an Iron Dome where it fires and at which
-- DR modifier (7.2.2). It only reads the game.

local ORDER_WORDS = { [-1] = "let every rocket fly", [0] = "intercept at DR +0 only", [1] = "intercept at DR +1 or better" }

-- The areas an Iron Dome in each area covers, with the modifier: the
-- inverse of dome_reach (which lists, for a rocket's area, the Iron Dome
-- areas that reach it).
local function coverage()
  local out = {}
  for _, a in ipairs(all_areas()) do
    local reach = dome_reach(a)
    for _, b in ipairs(reach.areas) do
      local list = out[b] or {}
      list[#list + 1] = { area = a, mod = reach.reach[b] }
      out[b] = list
    end
  end
  return out
end
local COVERAGE = coverage()

function view_summary(side)
  local hamas, israel = track.get("hamas_diplomacy"), track.get("israel_diplomacy")
  local band = diplomacy_band(hamas) or "?"
  local out = {
    { "Diplomacy: Hamas at %s, Israel at %s, %d spaces apart; the game ends when they meet (Hamas's marker is in the %s band)",
      space_name(hamas), space_name(israel), israel - hamas, (band:gsub("_", " ")) },
    { "MVP: Israel %d, Hamas %d", track.get("israel_mvp"), track.get("hamas_mvp") },
  }
  local order = vars.intercept_max_mod
  out[#out + 1] = { "Interception order: %s", order == nil and "ask for every rocket" or ORDER_WORDS[order] }
  for _, a in ipairs(all_areas()) do
    local domes = pieces.at(a, IRON_DOME)
    if #domes > 0 then
      local depleted = 0
      for _, d in ipairs(domes) do
        if pieces.face(d) == "depleted" then depleted = depleted + 1 end
      end
      local parts = {}
      for _, c in ipairs(COVERAGE[a] or {}) do parts[#parts + 1] = area_title(c.area) .. " +" .. c.mod end
      out[a] = { "Fires at %s; hits on a modified d10 of 1 or less%s", table.concat(parts, ", "),
                 depleted > 0 and string.format(" (%d depleted: +1 more)", depleted) or "" }
    end
  end
  return out
end
