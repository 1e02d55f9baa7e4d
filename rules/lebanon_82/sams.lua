-- Lebanon '82 13.0-13.1 SURFACE TO AIR MISSILES: six sites, map features
-- shown by a 0-(3)-0 marker (ruling L9), that may shoot down Israeli
-- aircraft support fire within two hexes (ruling L10) of where it is
-- applied (ruling Q8: the defender's hex), once each a combat phase.

-- The active SAM sites, by piece id.
function sam_sites()
  local out = {}
  for _, p in ipairs(map.pieces("syria")) do
    if pieces.type(p) == "sam_site" then out[#out + 1] = p end
  end
  return out
end

-- 13.0 A site destroyed for good, with its Fired chit if it has one.
local function destroy(site, rule)
  local hex = pieces.location(site)
  pieces.move(site, "out_of_play", rule)
  for _, f in ipairs(pieces.at(hex, { type = "fired" })) do pieces.move(f, "fired_chits", rule) end
end

-- 13.0 An Israeli unit in a site's hex destroys it.
function capture_sam(hex)
  for _, s in ipairs(pieces.at(hex, { type = "sam_site" })) do
    log("13.0", "the SAM site at %L is destroyed by the Israeli unit there", hex)
    destroy(s, "13.0")
  end
end

-- 13.0 / 8.4: a site may be bombarded as a target of defence 3.
function special_targets(side)
  if side ~= "israel" then return {} end
  local out = {}
  for _, s in ipairs(sam_sites()) do
    out[#out + 1] = { hex = pieces.location(s), defence = tables.sam.bombard_defence, owner = "syria", site = s }
  end
  return out
end

-- 13.0: Ex or De destroys a bombarded site.
function special_result(side, target, code)
  if code == "Ex" or code == "De" then
    log("13.0", "%s destroys the SAM site at %L", code, target.hex)
    destroy(target.site, "13.0")
  else
    log("13.0", "%s: the SAM site at %L survives", code, target.hex)
  end
end

local function fired(site) return pieces.count(pieces.location(site), { type = "fired" }) > 0 end

local function kills(roll)
  for _, k in ipairs(tables.sam.kills_on) do
    if roll == k then return true end
  end
  return false
end

-- 13.1 FIRING: for each Israeli aircraft marker revealed, Syria may fire
-- each site in range that has not fired this phase; a 1 or 2 shoots it
-- down for good. A Fired chit marks the site until the phase ends.
function support_revealed(c, markers)
  local left = {}
  for _, m in ipairs(markers) do
    local down = false
    if pieces.owner(m) == "israel" and pieces.value(m, "aircraft") then
      for _, s in ipairs(sam_sites()) do
        if not down and not fired(s) and map.distance(pieces.location(s), c.hex) <= tables.sam.envelope then
          local answer = ask("syria", "13.1", { prompt = { "Fire the SAM site at %L at %P?", pieces.location(s), m },
                                                options = { "fire", "hold" } })
          if answer == "fire" then
            pieces.move(pieces.top("fired_chits"), pieces.location(s), "13.1")
            local r = roll("d6", "13.1", "SAM site at %s fires at %s", pieces.location(s), pieces.name(m))
            if kills(r) then
              log("13.1", "%P is shot down", m)
              pieces.move(m, "support_lost", "13.1")
              down = true
            end
          end
        end
      end
    end
    if not down then left[#left + 1] = m end
  end
  return left
end

-- 13.1 The Fired chits come off when the combat phase ends.
function fight(eligible)
  base.fight(eligible)
  for _, s in ipairs(sam_sites()) do
    for _, f in ipairs(pieces.at(pieces.location(s), { type = "fired" })) do pieces.move(f, "fired_chits", "13.1") end
  end
end
