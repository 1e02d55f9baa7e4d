// Decks and cups: drawing (from the top of a deck, blindly from a cup),
// shuffling, reshuffling a discard pile, returning pieces. Draws honor the
// forced draws a test or tutorial has queued.
#include <string>

#include "script/game.h"
#include "script/lua_api.h"

namespace cardboard {

void emit_draw(Game& g, int piece, int from, int to, const std::string& rule);

namespace {

// draw(source, to [, rule]) -> piece id, or nil when the source is empty.
// source is a deck (top card) or a cup (a blind random piece).
int l_draw(lua_State* L) {
  const int from = check_location(L, 1);
  const int to = check_location(L, 2);
  Game& g = game_of(L);
  charge_pieces(L, g.state().contents[from].size());
  const int piece = g.draw_from(from);
  if (piece >= 0) {
    g.mutable_state().move(piece, to);
    emit_draw(g, piece, from, to, event_rule(L, 3));
  }
  push_piece(L, piece);
  return 1;
}

// deck.shuffle(deck [, rule])
int l_shuffle(lua_State* L) {
  const int loc = check_location(L, 1);
  Game& g = game_of(L);
  charge_pieces(L, g.state().contents[loc].size());
  g.mutable_state().shuffle(loc);
  std::string rule = event_rule(L, 2);
  if (g.record_events()) g.emit(Event::Kind::kDraw, std::move(rule), g.def().locations[loc].title + " shuffled");
  return 0;
}

// deck.count(deck) -> integer
int l_count(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(game_of(L).state().contents[check_location(L, 1)].size()));
  return 1;
}

// deck.reshuffle(pile, deck [, rule]) -> how many pieces moved: the pile goes
// into the deck, which is then shuffled.
int l_reshuffle(lua_State* L) {
  const int pile = check_location(L, 1);
  const int deck = check_location(L, 2);
  Game& g = game_of(L);
  State& s = g.mutable_state();
  // Each piece is taken out of the pile's list: its length times its length at most.
  const size_t n = s.contents[pile].size();
  charge_pieces(L, n > 64 ? n * n / 2 + s.contents[deck].size() : n);
  const auto moved = s.contents[pile];
  for (int p : moved) s.move(p, deck);
  s.shuffle(deck);
  std::string rule = event_rule(L, 3);
  if (g.record_events())
    g.emit(Event::Kind::kDraw, std::move(rule),
           std::to_string(moved.size()) + " from " + g.def().locations[pile].title + " reshuffled into " +
               g.def().locations[deck].title);
  lua_pushinteger(L, static_cast<lua_Integer>(moved.size()));
  return 1;
}

// deck.put_bottom(p, deck [, rule])
int l_put_bottom(lua_State* L) {
  const int p = check_piece(L, 1);
  const int deck = check_location(L, 2);
  Game& g = game_of(L);
  const int from = g.state().pieces[p].location;
  charge_pieces(L, g.state().contents[deck].size() + (from >= 0 ? g.state().contents[from].size() : 0));
  g.mutable_state().move_to_bottom(p, deck);
  return 0;
}

}  // namespace

void open_lua_decks(lua_State* L) {
  lua_register(L, "draw", l_draw);
  static const luaL_Reg deck_fns[] = {{"draw", l_draw},           {"shuffle", l_shuffle},
                                      {"count", l_count},         {"reshuffle", l_reshuffle},
                                      {"put_bottom", l_put_bottom}, {nullptr, nullptr}};
  register_module(L, "deck", deck_fns);
  static const luaL_Reg cup_fns[] = {{"draw", l_draw}, {"count", l_count}, {nullptr, nullptr}};
  register_module(L, "cup", cup_fns);
  // cup.put(p, cup [, rule]) is a move: reuse the global.
  lua_getglobal(L, "cup");
  lua_getglobal(L, "move");
  lua_setfield(L, -2, "put");
  lua_pop(L, 1);
}

}  // namespace cardboard
