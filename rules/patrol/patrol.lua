-- Patrol: the rules. Section numbers are those of README.md.

-- 1 THE MAP: a village's hex and its hideout box ("Amra" -> "0202", "hideout_amra").
local function village_hex(name) return map.place(name) end
local function hideout(name) return "hideout_" .. string.lower(name) end

-- The name players read for a hex: "Amra (0202)", or just "0303" (its title).
local function hex_name(hex) return game.title(hex) end

-- The patrol unit and its hex (set-up keeps the piece's id in vars.patrol).
local function the_patrol()
  return vars.patrol, pieces.location(vars.patrol)
end

-- 2 SET-UP: one chit drawn blind from the cup into each village's hideout.
function setup()
  vars.patrol = pieces.at(map.place("Outpost"), { type = "patrol" })[1]
  for _, name in ipairs(tables.villages) do
    cup.draw("cup", hideout(name), "2")
  end
end

-- 3 MOVEMENT: the patrol picks an objective (a village or the Outpost) and
-- follows the cheapest path to it (3.1) as far as its MP take it. What a
-- step costs (3.2 terrain, 3.3 the river and the bridge) is the kit's data
-- in game.toml; the whole path is priced with no limit on its MP. Each
-- objective is a move of the patrol to its hex, so a player can point at it.
function movement()
  local patrol, here = the_patrol()
  local choices = { { text = "Stay in " .. hex_name(here) } }
  local objectives = { "Outpost" }
  for _, name in ipairs(tables.villages) do objectives[#objectives + 1] = name end
  for _, name in ipairs(objectives) do
    local hex = map.place(name)
    if hex ~= here then
      local path, cost = map.path(patrol, hex, { mp = math.huge })
      choices[#choices + 1] = { piece = patrol, to = hex, path = path,
                                text = string.format("Head for %s (%d MP away)", hex_name(hex), cost) }
    end
  end
  local choice = ask("patrol", "3", { prompt = "Movement: where does the patrol head?", choices = choices })
  if not choice.path then return end
  local mp, at = pieces.value(patrol, "movement"), here
  for i = 2, #choice.path do
    local step = map.move_cost(patrol, choice.path[i - 1], choice.path[i])
    if step > mp then break end
    mp = mp - step
    at = choice.path[i]
  end
  pieces.move(patrol, at, "3")
end

-- 4.1 The villages the patrol can search: its own hex or an adjacent
-- village hex (the rolls needed are tables.search_*), if its hideout holds a chit.
function search_targets()
  local _, here = the_patrol()
  local targets = {}
  for _, name in ipairs(tables.villages) do
    local hex = village_hex(name)
    if pieces.count(hideout(name)) > 0 then
      if hex == here then
        table.insert(targets, 1, { text = string.format("Search %s (own hex, %d+)", name, tables.search_own_hex),
                                   note = { "%d in 6", 7 - tables.search_own_hex },
                                   village = name, need = tables.search_own_hex })
      elseif map.adjacent(here, hex) then
        targets[#targets + 1] = { text = string.format("Search %s (adjacent, %d+)", name, tables.search_adjacent),
                                  note = { "%d in 6", 7 - tables.search_adjacent },
                                  village = name, need = tables.search_adjacent }
      end
    end
  end
  return targets
end

-- 5 FIGHT: d6, +1 fire support within 2 hexes of the Outpost (5.2); more
-- than the chit's strength eliminates it for its VP (5.1); otherwise the
-- patrol loses a step and the chit slips back into the cup (5.3).
function fight(chit, name)
  local hex = village_hex(name)
  local support = map.distance(hex, map.place("Outpost")) <= tables.support_range and 1 or 0
  local total = roll("d6", "5", "fight at " .. name) + support
  local strength = pieces.value(chit, "strength")
  if total > strength then
    pieces.move(chit, "eliminated", "5.1")
    track.add("vp", pieces.value(chit, "vp"), "5.1")
    log("5.1", "Patrol fought %d against %s %d at %s: eliminated", total, pieces.name(chit), strength, name)
  else
    track.add("steps", -1, "5.3")
    pieces.move(chit, "cup", "5.3")
    log("5.3", "Patrol fought %d against %s %d at %s: lost a step, the chit escaped", total,
        pieces.name(chit), strength, name)
  end
end

-- 4 SEARCH: choose a village to search, or none; a success reveals the chit
-- (4.2): Nothing is cleared, any other chit is fought (5).
function search()
  local targets = search_targets()
  if #targets == 0 then return end
  targets[#targets + 1] = { text = "No search" }
  local choice = ask("patrol", "4", { prompt = "Search: which village?", choices = targets })
  if not choice.village then return end
  local name = choice.village
  if roll("d6", "4.1", "search " .. name) < choice.need then
    log("4.1", "Patrol searched %s and found nothing", name)
    return
  end
  local chit = pieces.at(hideout(name))[1]
  pieces.move(chit, village_hex(name), "4.2")
  if pieces.value(chit, "strength") == 0 then
    pieces.move(chit, "eliminated", "4.2")
    log("4.2", "Patrol cleared %s", name)
  else
    fight(chit, name)
  end
end

-- 6 INFILTRATION (automatic): if the cup holds a chit and a village without
-- the patrol has an empty hideout, a d6 of 5+ draws a chit blind from the
-- cup into one such village, picked at random.
function infiltration()
  local _, here = the_patrol()
  local empty = {}
  for _, name in ipairs(tables.villages) do
    if pieces.count(hideout(name)) == 0 and village_hex(name) ~= here then empty[#empty + 1] = name end
  end
  if #empty == 0 or pieces.count("cup") == 0 then return end
  if roll("d6", "6", "infiltration") < tables.infiltration then return end
  local name = pick(empty, "6", "village infiltrated")
  cup.draw("cup", hideout(name), "6")
  log("6", "Insurgents infiltrated %s", name)
end

-- 7.1 VICTORY CHECK at the end of every turn.
function victory_check()
  if track.get("steps") == 0 then return "Insurgents win: the patrol is destroyed", "insurgents" end
  if track.get("vp") >= tables.victory_vp then return "Patrol wins: the valley is secured", "patrol" end
end

-- 7.2 END OF THE GAME after the last turn.
function final_victory()
  if track.get("vp") >= tables.points_vp then return "Draw: the valley stays contested" end
  return "Insurgents win: the patrol ran out of time", "insurgents"
end
