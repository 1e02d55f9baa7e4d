// Decks and cups: drawing (the top of a deck, a blind random piece of a cup),
// shuffling and reshuffling a discard pile into a deck. Draws honour the
// forced draws a test or a command has queued; one that cannot be honoured
// fails the action as rejected input.
#include <string>

#include "core/decision.h"
#include "script/lua_api.h"
#include "script/runtime.h"
#include "script/sandbox.h"

namespace cardboard {

void emit_draw(Runtime& g, int piece, int from, int to, const std::string& rule);

namespace {

int draw(lua_State* L, bool blind) {
  const int from = check_location(L, 1);
  const int to = check_location(L, 2);
  Runtime& g = runtime_of(L);
  charge_pieces(L, g.state().contents[from].size());
  std::string rule = event_rule(L, 3);
  auto piece = g.draw_from(from, blind);
  if (!piece.ok()) return luaL_error(L, "%s", piece.error().message.c_str());
  if (*piece >= 0) {
    g.state().move(*piece, to);
    emit_draw(g, *piece, from, to, rule);
  }
  push_piece(L, *piece);
  return 1;
}

// deck.draw(deck, to [, rule]) -> the top piece of `deck`, moved to `to`;
// nil when the deck is empty
int l_deck_draw(lua_State* L) { return draw(L, false); }

// cup.draw(cup, to [, rule]) -> a piece of `cup` drawn blindly at random,
// moved to `to`; nil when the cup is empty
int l_cup_draw(lua_State* L) { return draw(L, true); }

// deck.shuffle(deck [, rule])
int l_shuffle(lua_State* L) {
  const int loc = check_location(L, 1);
  Runtime& g = runtime_of(L);
  charge_pieces(L, g.state().contents[loc].size());
  std::string rule = event_rule(L, 2);
  g.state().shuffle(loc);
  if (g.recording()) {
    LazyText t;
    t.format = "%L shuffled";
    t.args = {location_arg(loc)};
    g.emit(Event::Kind::kDraw, std::move(rule), std::move(t));
  }
  return 0;
}

// deck.reshuffle(pile, deck [, rule]) -> how many pieces moved: the pile goes
// into the deck, which is then shuffled.
int l_reshuffle(lua_State* L) {
  const int pile = check_location(L, 1);
  const int deck = check_location(L, 2);
  Runtime& g = runtime_of(L);
  std::string rule = event_rule(L, 3);
  State& s = g.state();
  // Each piece is taken out of the pile's list: its length times its length at most.
  const size_t n = s.contents[pile].size();
  charge_pieces(L, n > 64 ? n * n / 2 + s.contents[deck].size() : n);
  const auto moved = s.contents[pile];
  for (int p : moved) s.move(p, deck);
  s.shuffle(deck);
  if (g.recording()) {
    LazyText t;
    t.format = "%d from %L reshuffled into %L";
    TextArg n;
    n.kind = TextArg::Kind::kInteger;
    n.integer = static_cast<int64_t>(moved.size());
    t.args = {n, location_arg(pile), location_arg(deck)};
    g.emit(Event::Kind::kDraw, std::move(rule), std::move(t));
  }
  lua_pushinteger(L, static_cast<lua_Integer>(moved.size()));
  return 1;
}

}  // namespace

void open_lua_decks(lua_State* L) {
  static const luaL_Reg deck_fns[] = {
      {"draw", l_deck_draw}, {"shuffle", l_shuffle}, {"reshuffle", l_reshuffle}, {nullptr, nullptr}};
  register_module(L, "deck", deck_fns);
  static const luaL_Reg cup_fns[] = {{"draw", l_cup_draw}, {nullptr, nullptr}};
  register_module(L, "cup", cup_fns);
}

}  // namespace cardboard
