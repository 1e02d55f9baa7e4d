-- The Next War in Lebanon: Cascading Effects (2.7, 5.0(4), 10.1, 12.0, the
-- Cascading Effects Chart in tables.cascading_effects; 15.4, 15.5; rulings
-- N24, OQ10, OQ13, OQ29, X11, X13, X14, X15). A card is a suit and a rank
-- drawn blind from two cups, shown, then put back (drawn with replacement).

EFFECTS = {}

local function is_2006() return vars.rules == "lebanon_2006" end

-- The chart's row of a suit and a rank (1 = Ace ... 13 = King).
local function chart_row(suit, rank)
  for _, row in ipairs(tables.cascading_effects) do
    if row.suit == suit and rank >= row.from and rank <= row.to then return row end
  end
  error("the Cascading Effects Chart has no row for " .. suit .. " " .. rank)
end

local function happened(effect)
  for _, e in ipairs(vars.one_time_effects) do
    if e == effect then return true end
  end
  return false
end

-- A chit gained now joins the hand; in the Cascading Effects Phase it is
-- kept through the End of Turn (ruling C9), drawn or chosen.
local function gained(chit, rule)
  if game.phase() == "cascading_effects" then pieces.mark(chit, "kept", rule) end
end

local function draw_chit(side, rule)
  local c = chits_of(side)
  local chit = cup.draw(c.pool, c.hand, rule)
  if not chit then return end
  pieces.mark(chit, "drawn", rule)
  gained(chit, rule)
end

local function select_chit(side, rule)
  local chit = select_from_pool(side, rule, "Select a Joint Ops chit", chits_of(side).hand)
  if chit then gained(chit, rule) end
end

-- A discard from the hand, of the owner's choice among `keep(chit)`.
local function discard_chosen(side, rule, keep)
  local c = chits_of(side)
  local held = {}
  for _, chit in ipairs(pieces.at(c.hand)) do
    if not keep or keep(chit) then held[#held + 1] = chit end
  end
  if #held == 0 then
    log(rule, "%S has no such chit to discard", side)
    return
  end
  local chit = ask(side, rule, { prompt = "Discard which chit?", pieces = held })
  pieces.move(chit, c.discard, rule)
end

-- 2.7: a card: a suit and a rank drawn blind from the two cups and put
-- back at once. Returns the suit, the rank (1-13) and the card's words. A
-- mod that draws its cards otherwise replaces this function.
function draw_cascading_card(rule)
  local suit_chit = cup.draw("suit_cup", "cascading_draw", rule)
  local rank_chit = cup.draw("rank_cup", "cascading_draw", rule)
  local suit, rank = pieces.value(suit_chit, "suit"), pieces.value(rank_chit, "rank")
  pieces.move(suit_chit, "suit_cup", rule)
  pieces.move(rank_chit, "rank_cup", rule)
  return suit, rank, pieces.name(rank_chit) .. " of " .. suit .. "s"
end

-- 2.7, 5.0(4), 10.1: draws a card and applies its effect. `cause` is nil in
-- the Cascading Effects Phase, or { attacker = side } for collateral damage.
function cascading_effect(rule, cause)
  for _ = 1, 100 do
    local suit, rank, words = draw_cascading_card(rule)
    local row = chart_row(suit, rank)
    local effect = row.effect
    if is_2006() and row.in_2006 == "redraw" then
      log("15.4", "%s: no Syria or Iran in 2006, drawn again", row.summary)
    elseif row.one_time and happened(effect) then
      log("2.7", "Cascading Effect %s: a one-time event that has happened, no event", words)
      return
    else
      if row.one_time then table.insert(vars.one_time_effects, effect) end
      if is_2006() and row.in_2006 then effect = row.in_2006 end
      log(rule, "Cascading Effect %s: %s", words, row.summary)
      EFFECTS[effect](rule, cause or {})
      return
    end
  end
  error("no Cascading Effect in 100 draws")
end

-- 5.0(4) the phase's one card.
function cascading_effects_phase()
  cascading_effect("5.0(4)")
  refresh_stacks()
end

-- Spade A-6, 7-Q; club J-Q: a chit drawn blind into a hand.
EFFECTS.national_level_support = function(rule) draw_chit("idf", rule) end
EFFECTS.insurgency_outside_support = function(rule) draw_chit("insurgent", rule) end

-- Spade K (one time): 1-3 the IDF selects a chit, 4-6 it discards one.
EFFECTS.surprise_media_visit = function(rule)
  if roll("d6", rule, "surprise media visit") <= tables.effect_rolls.surprise_media_visit_select then
    select_chit("idf", rule)
  else
    discard_chosen("idf", rule)
  end
end

-- Heart A-4 (rulings N24, OQ28): the Insurgent may move one of its units, in
-- either mode, from a Lebanese zone to another; no battle follows then.
EFFECTS.infiltrators = function(rule)
  local units = units_on_map("insurgent", nil, LEBANON)
  if #units == 0 then return end
  local choices = { "no_infiltration" }
  for _, u in ipairs(units) do choices[#choices + 1] = { piece = u, option = "infiltrate" } end
  local c = ask("insurgent", rule, { prompt = "Infiltrate which unit?", choices = choices })
  if c == "no_infiltration" then return end
  local here = pieces.location(c.piece)
  local to = {}
  for _, z in ipairs(LEBANON) do
    if z ~= here then to[#to + 1] = z end
  end
  pieces.move(c.piece, ask("insurgent", rule, { prompt = { "%P infiltrates where?", c.piece }, piece = c.piece, to = to }),
              rule)
end

-- Heart 5-Q: only for collateral damage: the battle's attacker discards half
-- his chits (rounded down), of his choice.
EFFECTS.media_reports_civilian_casualties = function(rule, cause)
  if not cause.attacker then
    log(rule, "Not drawn for collateral damage: no effect")
    return
  end
  for _ = 1, pieces.count(chits_of(cause.attacker).hand) // 2 do discard_chosen(cause.attacker, rule) end
end

-- Heart K (one time): no effect.
EFFECTS.un_resolution = function() end

-- Diamond A-2: 1-3 the IDF, 4-6 the Insurgent discards a J-2 or J-6 it holds.
EFFECTS.cyberattack = function(rule)
  local side = roll("d6", rule, "cyberattack") <= tables.effect_rolls.cyberattack_idf and "idf" or "insurgent"
  discard_chosen(side, rule, function(chit)
    local staff = pieces.value(chit, "staff")
    return staff == "J-2" or staff == "J-6"
  end)
end

-- Diamond 3-4 (ruling OQ29): the Insurgent names a Lebanese zone next to its
-- northern sanctuary with no IDF regular unit; IDF regulars never enter it.
EFFECTS.lebanese_army_intervenes = function(rule)
  local zones = {}
  for _, s in ipairs(ZONES) do
    if map.attr(s, "sanctuary") == "insurgent" then
      for _, z in ipairs(map.neighbours(s)) do
        local regulars = #units_on_map("idf", function(u) return pieces.type(u) ~= "idf_sof" end, { z })
        local closed = false
        for _, c in ipairs(vars.lebanese_army_zones) do closed = closed or c == z end
        if map.attr(z, "country") == "lebanon" and regulars == 0 and not closed then zones[#zones + 1] = z end
      end
    end
  end
  if #zones == 0 then
    log(rule, "No zone for the Lebanese Army: no effect")
    return
  end
  local z = ask("insurgent", rule, { prompt = "Where does the Lebanese Army intervene?", locations = zones })
  table.insert(vars.lebanese_army_zones, z)
  log(rule, "IDF regular units may not enter %L for the rest of the game", z)
end

-- 12.1 Syria enters the war (ruling X14): its pieces to the Syria zone, the
-- divisions dispersed, the missiles ready; Syria becomes an Insurgent
-- sanctuary and the Insurgent's C2 rises by one.
local function syria_enters(rule)
  vars.syria_in_war = true
  local syria
  for _, z in ipairs(ZONES) do
    if map.attr(z, "sanctuary") == "syria_when_active" then syria = z end
  end
  for _, p in ipairs(pieces.at("syrian_forces")) do
    pieces.move(p, syria, rule)
    if pieces.face(p) == "combat" then pieces.set_face(p, "dispersed", rule) end
  end
  track.add("insurgent_c2", tables.wider_war.syria_insurgent_c2, rule)
  log(rule, "Syria enters the war")
end

-- Diamond 5-10: 5-6 on a d6 and Syria enters the war, once.
EFFECTS.syrian_intervention = function(rule)
  if vars.syria_in_war then
    log("12.1", "Syria is in the war already: no effect")
    return
  end
  if roll("d6", "12.1", "Syrian intervention") >= tables.effect_rolls.syrian_intervention then syria_enters("12.1") end
end

-- 15.5 (2006, instead of Syrian Intervention): 4-6 on a d6 and every IDF
-- reinforcement enters the IDF sanctuary, once; its units in combat mode.
EFFECTS.israeli_escalation = function()
  if vars.israeli_escalation then
    log("15.5", "Israel has escalated already: no effect")
    return
  end
  if roll("d6", "15.5", "Israeli escalation") < tables.effect_rolls.israeli_escalation then return end
  vars.israeli_escalation = true
  local sanctuary = sanctuaries("idf")[1]
  for _, p in ipairs(pieces.at("idf_reinforcements")) do pieces.move(p, sanctuary, "15.5") end
  log("15.5", "Israel escalates: its reinforcements enter")
end

-- Diamond J-Q: the Insurgent adds a chit of his choice.
EFFECTS.iranian_resupply = function(rule) select_chit("insurgent", rule) end

-- Where a returning Insurgent unit may enter (ruling OQ13): with
-- `friends_only`, a Lebanese zone holding an Insurgent unit and no IDF
-- unit (Uprising); else any zone outside Israel with no IDF unit that the
-- IDF does not control, Syria only while it is in the war (Iran).
local function return_zones(friends_only)
  local out = {}
  for _, z in ipairs(ZONES) do
    local country = map.attr(z, "country")
    local idf_there = count_units("idf", z) > 0
    local ok
    if friends_only then
      ok = country == "lebanon" and not idf_there and count_units("insurgent", z) > 0
    else
      ok = country ~= "israel" and (country ~= "syria" or vars.syria_in_war) and not idf_there and controller(z) ~= "idf"
    end
    if ok then out[#out + 1] = z end
  end
  return out
end

-- A returning unit enters where its owner chooses, in the mode it chooses
-- (rockets and missiles ready).
local function return_unit(u, zones, rule)
  pieces.move(u, ask("insurgent", rule, { prompt = { "%P returns where?", u }, piece = u, to = zones }), rule)
  choose_entry_mode("insurgent", u, rule, "%P returns in which mode?")
end

local function eliminated_insurgents()
  return pieces.at("insurgent_eliminated", UNITS)
end

-- Diamond K (one time), 12.2: every eliminated Insurgent unit returns.
EFFECTS.iranian_intervention = function(rule)
  local zones = return_zones(false)
  if #zones == 0 then return end
  for _, u in ipairs(eliminated_insurgents()) do return_unit(u, zones, "12.2") end
end

-- Club A-4: one eliminated Insurgent unit returns, among friends.
EFFECTS.uprising = function(rule)
  local units, zones = eliminated_insurgents(), return_zones(true)
  if #units == 0 or #zones == 0 then
    log(rule, "No unit or no zone to return to: no effect")
    return
  end
  return_unit(ask("insurgent", rule, { prompt = "Which unit returns?", pieces = units }), zones, rule)
end

-- Club 5-6 (ruling X11): the game two turns shorter; the turn is finished.
EFFECTS.ceasefire = function(rule)
  track.add("last_turn", -2, rule)
end

-- Club 7-8: the Insurgent discards a chit picked at random.
EFFECTS.faction_clash = function(rule)
  local held = pieces.at(chits_of("insurgent").hand)
  if #held == 0 then return end
  pieces.move(pick(held, rule, "faction clash"), chits_of("insurgent").discard, rule)
end

-- Club 9-10: the Insurgent adds a J-4, or any chit when every J-4 is his.
EFFECTS.russian_arms_deal = function(rule)
  local pool = chits_of("insurgent").pool
  local j4 = pieces.top(pool, { type = "insurgent_j4" })
  if j4 then
    pieces.move(j4, chits_of("insurgent").hand, rule)
    gained(j4, rule)
  else
    select_chit("insurgent", rule)
  end
end

-- Club K (one time; ruling OQ10): two automatic rocket hits, 2 VP, then one
-- more Cascading Effect.
EFFECTS.hamas_uprising = function(rule)
  track.add("insurgent_vp", 2, "12.3")
  cascading_effect("12.3")
end
