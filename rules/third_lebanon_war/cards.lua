-- Third Lebanon War: the Cascading Effects are cards of a standard 52-card
-- deck (research 4.1), read on the base's chart. A card drawn lies face up
-- on the discard; when the deck is empty the discard is shuffled into it
-- (ruling T13).
function draw_cascading_card(rule)
  if pieces.count("cascading_deck") == 0 then
    deck.reshuffle("cascading_discard", "cascading_deck", rule)
    log(rule, "The Cascading Effects deck is reshuffled")
  end
  local card = deck.draw("cascading_deck", "cascading_discard", rule)
  return pieces.value(card, "suit"), pieces.value(card, "rank"), pieces.name(card)
end
