// The game module and the calls that talk to players: ask suspends the rules
// until the side decides, log writes an event, game.* tells where the
// sequence of play stands and ends the game, tables holds the game's data
// tables, frozen (freeze.h) from the start.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/decision.h"
#include "core/sequence.h"
#include "script/lua_api.h"
#include "script/runtime.h"
#include "script/sandbox.h"
#include "script/freeze.h"
#include "script/proxy.h"

namespace cardboard {

namespace {

// ask's upvalues: the keys of its table, as Lua strings made once.
enum AskKey { kPrompt = 1, kChoices, kPieces, kLocations, kPiece, kTo, kNumbers, kOptions, kVerb, kText, kSecret,
              kNotes, kElemOption, kElemLocation, kElemNumber, kElemNote, kElemShows, kKeyCount };
const char* const kAskKeys[] = {"", "prompt", "choices", "pieces", "locations", "piece", "to", "numbers", "options",
                                "verb", "text", "secret", "notes", "option", "location", "number", "note", "shows"};

// The most choices one decision may offer (a numbers range is counted too).
constexpr int kMaxChoices = 10000;

// Where the choices of a decision come from (ChoiceSegment::source), in the
// order they are offered: the compact lists first, then the `choices` elements.
enum Source : uint8_t { kFromPieces, kFromLocations, kFromTo, kFromNumbers, kFromOptions, kFromChoices };
const int kSourceKey[] = {kPieces, kLocations, kTo, kNumbers, kOptions, kChoices};
using Segment = ChoiceSegment;


// The fields of a table, read in one pass: the value of the key keys[i]
// (an ask key) goes to stack slot first + i (nil when absent). Returns
// false, the unknown key left on the top of the stack, when `strict` and
// the table has a key not among them.
//
// The slots must be nil when called (lua_settop fills them so). Keys are
// told apart by the address of their interned strings (the runtime's
// key_strings, anchored in this Lua state: script/anchored_names.h says
// why an address names them).
int key_number(lua_State* L, int idx, const int* keys, int n, const void* const* strings) {
  const void* k = lua_topointer(L, idx);
  int i = 0;
  while (i < n && strings[keys[i]] != k) ++i;
  return i;
}

bool gather(lua_State* L, int t, const int* keys, int n, int first, bool strict) {
  const void* const* strings = runtime_of(L).key_strings().data();
  lua_pushnil(L);
  while (lua_next(L, t)) {
    const int i = key_number(L, -2, keys, n, strings);
    if (i < n) {
      lua_replace(L, first + i);
    } else if (strict) {
      lua_pop(L, 1);
      return false;
    } else {
      lua_pop(L, 1);
    }
  }
  return true;
}

// The keys of ask's spec, in the order of its slots: the order of AskKey.
constexpr int kSpecKeys[] = {kPrompt, kChoices, kPieces, kLocations, kPiece, kTo, kNumbers, kOptions, kVerb, kText,
                             kSecret, kNotes};
constexpr int kSpecSlots = sizeof kSpecKeys / sizeof kSpecKeys[0];
constexpr int kSpec = 3;  // the spec's stack index; its fields follow it
constexpr bool slots_follow_keys() {
  for (int i = 0; i < kSpecSlots; ++i)
    if (kSpecKeys[i] != kPrompt + i) return false;
  return true;
}
static_assert(slots_follow_keys(), "the slot of a spec key is found by arithmetic");
// The stack slot of spec key `key` (kPrompt .. kNotes).
constexpr int slot(int key) { return kSpec + key; }

// The keys of an element of `choices`.
enum ElementSlot { kOptionSlot, kPieceSlot, kToSlot, kLocationSlot, kNumberSlot, kTextSlot, kNoteSlot, kShowsSlot,
                   kElementSlots };
const int kElementKeys[] = {kElemOption, kPiece, kTo, kElemLocation, kElemNumber, kText, kElemNote, kElemShows};

// The most locations one choice may show.
constexpr lua_Integer kMaxShown = 1000;

// An element's `shows` (at idx): an array of locations, checked always and
// kept in `out` only when `words` (a bot's search reads none).
void read_shows(lua_State* L, int idx, int n, std::vector<int32_t>& out, bool words) {
  if (lua_type(L, idx) != LUA_TTABLE)
    luaL_error(L, "bad choice #%d to 'ask' ('shows' must be a list of locations, got %s)", n, luaL_typename(L, idx));
  make_raw_readable(L, idx);
  const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, idx));
  if (count > kMaxShown) luaL_error(L, "bad choice #%d to 'ask' ('shows' lists %I locations; %I at most)", n, count, kMaxShown);
  for (lua_Integer i = 1; i <= count; ++i) {
    lua_rawgeti(L, idx, i);
    const int loc = check_location(L, lua_gettop(L));
    if (words) out.push_back(loc);
    lua_pop(L, 1);
  }
}

// Reads one element of `choices` (at idx) into c: a string is an option
// whose id is the string; a table has option, piece, location or to,
// number, text, note and shows fields (and any others for the rules' own
// use). Its words are read into c.text, c.note and c.shows only when `words`.
void read_element(lua_State* L, int idx, int n, Choice& c, bool words) {
  c.option.clear();
  c.piece = c.location = -1;
  c.has_number = false;
  c.text.clear();
  c.note.clear();
  c.shows.clear();
  if (lua_type(L, idx) == LUA_TSTRING) {
    // An option named by its id, which reads as game.toml's [texts] words
    // for it, or as itself.
    size_t len = 0;
    const char* s = lua_tolstring(L, idx, &len);
    c.option.assign(s, len);
    return;
  }
  if (lua_type(L, idx) != LUA_TTABLE)
    luaL_error(L, "bad choice #%d to 'ask' (a string or a table expected, got %s)", n, luaL_typename(L, idx));
  make_raw_readable(L, idx);
  const int f = lua_gettop(L) + 1;
  lua_settop(L, f + kElementSlots - 1);  // nil slots
  gather(L, idx, kElementKeys, kElementSlots, f, false);
  if (lua_type(L, f + kOptionSlot) == LUA_TSTRING) {
    size_t len = 0;
    const char* s = lua_tolstring(L, f + kOptionSlot, &len);
    c.option.assign(s, len);
  } else if (!lua_isnil(L, f + kOptionSlot)) {
    luaL_error(L, "bad choice #%d to 'ask' ('option' must be a string, got %s)", n, luaL_typename(L, f + kOptionSlot));
  }
  if (!lua_isnil(L, f + kPieceSlot)) c.piece = check_piece(L, f + kPieceSlot);
  const bool has_to = !lua_isnil(L, f + kToSlot);
  if (has_to) {
    if (c.piece < 0) luaL_error(L, "bad choice #%d to 'ask' ('to' needs a 'piece')", n);
    c.location = check_location(L, f + kToSlot);
  }
  if (!lua_isnil(L, f + kLocationSlot)) {
    if (has_to || c.piece >= 0)
      luaL_error(L, "bad choice #%d to 'ask' (a piece goes 'to' a location; 'location' is a choice of a location alone)", n);
    c.location = check_location(L, f + kLocationSlot);
  }
  if (!lua_isnil(L, f + kNumberSlot)) {
    int isnum = 0;
    c.number = lua_tointegerx(L, f + kNumberSlot, &isnum);
    if (!isnum) luaL_error(L, "bad choice #%d to 'ask' ('number' must be an integer)", n);
    c.has_number = true;
  }
  if (!lua_isnil(L, f + kTextSlot)) {
    read_text_field(L, f + kTextSlot, "ask", "choice text", words ? &c.text : nullptr);
    // A choice with nothing typed is an option named by its text.
    if (c.option.empty() && c.piece < 0 && c.location < 0 && !c.has_number) {
      if (lua_type(L, f + kTextSlot) != LUA_TSTRING)
        luaL_error(L, "bad choice #%d to 'ask' (a choice with a text table needs an 'option' id)", n);
      size_t len = 0;
      const char* s = lua_tolstring(L, f + kTextSlot, &len);
      c.option.assign(s, len);
    }
  }
  if (!lua_isnil(L, f + kNoteSlot)) read_text_field(L, f + kNoteSlot, "ask", "choice note", words ? &c.note : nullptr);
  if (!lua_isnil(L, f + kShowsSlot)) read_shows(L, f + kShowsSlot, n, c.shows, words);
  if (c.option.empty() && c.piece < 0 && c.location < 0 && !c.has_number)
    luaL_error(L, "bad choice #%d to 'ask' (an option, a piece, a location or a number expected)", n);
  lua_settop(L, f - 1);
}

// The rules' template for the compact lists (`text`), with the values of a
// choice of kind k as its arguments: piece (P, its location L), location
// (L), move (P, from L, to L), number (d).
void apply_template(lua_State* L, Choice& c, const GameDef& d, const State& s) {
  if (lua_isnil(L, slot(kText))) return;
  // check_template checked the format against the choice's values.
  size_t len = 0;
  const char* f = lua_tolstring(L, slot(kText), &len);
  c.text.format.assign(f, len);
  c.text.args.clear();
  switch (c.kind()) {
    case ChoiceKind::kPiece:
      c.text.args.push_back(piece_arg(d, s, c.piece));
      c.text.args.push_back(location_arg(s.pieces[c.piece].location));
      break;
    case ChoiceKind::kLocation: c.text.args.push_back(location_arg(c.location)); break;
    case ChoiceKind::kMove:
      c.text.args.push_back(piece_arg(d, s, c.piece));
      c.text.args.push_back(location_arg(s.pieces[c.piece].location));
      c.text.args.push_back(location_arg(c.location));
      break;
    case ChoiceKind::kNumber: {
      TextArg a;
      a.kind = TextArg::Kind::kInteger;
      a.integer = c.number;
      c.text.args.push_back(a);
      break;
    }
    case ChoiceKind::kOption: break;
  }
}

// Checks the template `text` of the spec against the kinds of its compact
// lists (`kinds`: a bit per ChoiceKind).
void check_template(lua_State* L, unsigned kinds) {
  const int t = slot(kText);
  if (lua_isnil(L, t) || kinds == 0) return;
  if (lua_type(L, t) != LUA_TSTRING) luaL_error(L, "bad 'text' to 'ask' (a format string expected, got %s)", luaL_typename(L, t));
  const std::vector<ArgClass>& parsed = format_classes(L, t, "ask", "'text'");
  for (ChoiceKind k : {ChoiceKind::kPiece, ChoiceKind::kLocation, ChoiceKind::kMove, ChoiceKind::kNumber})
    if ((kinds >> static_cast<unsigned>(k) & 1u) && !words_fit(parsed, k))
      luaL_error(L, "bad 'text' to 'ask' ('%s' does not fit a %s choice, whose values are %s)", lua_tostring(L, t),
                 choice_kind_name(k), choice_values_text(k));
}

// Checks game.toml's words for option `id`, when they take values, against
// the kinds of choice it is given to (`kinds`: a bit per ChoiceKind; an
// option alone has no values). `what` names the choice in the message.
void check_option_words(lua_State* L, const std::string& id, unsigned kinds, const char* what) {
  const GameDef& def = runtime_of(L).def();
  if (def.texts_with_values.empty()) return;
  const auto found = def.texts_with_values.find(id);
  if (found == def.texts_with_values.end() || (kinds & ~found->second) == 0) return;
  const std::string& text = def.texts.find(id)->second;
  for (ChoiceKind k : {ChoiceKind::kOption, ChoiceKind::kPiece, ChoiceKind::kLocation, ChoiceKind::kMove,
                       ChoiceKind::kNumber})
    if ((kinds >> static_cast<unsigned>(k) & 1u) && !(found->second >> static_cast<unsigned>(k) & 1u))
      luaL_error(L, "bad %s to 'ask' (the words of '%s' in [texts], '%s', do not fit a%s %s choice, whose values are %s)",
                 what, id.c_str(), text.c_str(), k == ChoiceKind::kOption ? "n" : "", choice_kind_name(k),
                 choice_values_text(k));
}

// The spec's `notes`: a text for each choice of its compact lists, in their
// order (a move's cost beside each of its destinations), read into the
// notes only when `words` (a bot's search reads none). Checked always: a
// list no longer than those choices, of texts.
void read_notes(lua_State* L, Decision& d, bool words) {
  const int t = slot(kNotes);
  if (lua_isnil(L, t)) return;
  if (lua_type(L, t) != LUA_TTABLE) luaL_error(L, "bad 'notes' to 'ask' (a list of texts expected, got %s)", luaL_typename(L, t));
  make_raw_readable(L, t);
  size_t compact = 0;
  for (const Segment& seg : runtime_of(L).choice_layout())
    if (seg.source != kFromOptions && seg.source != kFromChoices) compact += static_cast<size_t>(seg.count);
  const size_t n = lua_rawlen(L, t);
  if (n > compact)
    luaL_error(L, "bad 'notes' to 'ask' (%d notes for %d choices of pieces, locations, to and numbers)",
               static_cast<int>(n), static_cast<int>(compact));
  if (!words) return;
  size_t k = 0;
  for (const Segment& seg : runtime_of(L).choice_layout()) {
    for (int i = 0; i < seg.count; ++i, ++k) {
      if (seg.source == kFromOptions || seg.source == kFromChoices || k >= n) continue;
      lua_rawgeti(L, t, static_cast<lua_Integer>(k + 1));
      if (!lua_isnil(L, -1)) read_text_field(L, lua_gettop(L), "ask", "note", &d.choices[k].note);
      lua_pop(L, 1);
    }
  }
}

// Reads the choices of `spec` into d.choices and their layout into
// rt.choice_layout(); the words (texts, notes, the template) only when `words`.
void read_choices(lua_State* L, Decision& d, bool words) {
  Runtime& rt = runtime_of(L);
  const GameDef& def = rt.def();
  rt.choice_layout().clear();
  size_t n = 0;
  std::string verb;
  if (lua_type(L, slot(kVerb)) == LUA_TSTRING) verb = lua_tostring(L, slot(kVerb));
  else if (!lua_isnil(L, slot(kVerb)))
    luaL_error(L, "bad 'verb' to 'ask' (a string expected, got %s)", luaL_typename(L, slot(kVerb)));
  unsigned compact = 0;  // a bit per kind of the compact lists
  auto next_choice = [&]() -> Choice& {
    if (n >= static_cast<size_t>(kMaxChoices)) luaL_error(L, "bad choices to 'ask': more than %d", kMaxChoices);
    if (n >= d.choices.size()) d.choices.emplace_back();
    Choice& c = d.choices[n++];
    c.option = verb;
    c.piece = c.location = -1;
    c.has_number = false;
    c.text.clear();
    c.note.clear();
    c.shows.clear();
    return c;
  };
  auto list = [&](uint8_t source, int key, const char* what) {
    const int t = slot(key);
    if (lua_isnil(L, t)) return;
    if (lua_type(L, t) != LUA_TTABLE)
      luaL_error(L, "bad '%s' to 'ask' (a list of %s expected, got %s)", kAskKeys[key], what, luaL_typename(L, t));
    // A constant list of locations (FRONTS) is read and checked at its first
    // ask, then found by its address (frozen_location_lists), unopened: the
    // slot keeps the frozen table, which push_chosen reads through.
    const bool of_locations = source == kFromLocations || source == kFromTo;
    auto& known = rt.frozen_location_lists();
    const void* table = of_locations ? lua_topointer(L, t) : nullptr;
    const auto it = of_locations ? known.find(table) : known.end();
    const bool frozen = it == known.end() && make_raw_readable(L, t) == ProxyKind::kFrozen;
    const int count = it != known.end() ? static_cast<int>(it->second.size()) : static_cast<int>(lua_rawlen(L, t));
    int piece = -1;
    if (source == kFromTo) {
      if (lua_isnil(L, slot(kPiece))) luaL_error(L, "bad 'to' to 'ask' (the destinations of a 'piece': give the piece)");
      piece = check_piece(L, slot(kPiece));
    }
    if (it != known.end()) {
      for (int loc : it->second) {
        Choice& c = next_choice();
        c.piece = piece;
        c.location = loc;
      }
    } else {
      const bool constant = frozen && of_locations;
      std::vector<int> locations;
      for (int i = 1; i <= count; ++i) {
        lua_rawgeti(L, t, i);
        Choice& c = next_choice();
        switch (source) {
          case kFromPieces: c.piece = check_piece(L, lua_gettop(L)); break;
          case kFromLocations: c.location = check_location(L, lua_gettop(L)); break;
          case kFromTo:
            c.piece = piece;
            c.location = check_location(L, lua_gettop(L));
            break;
          case kFromOptions: {
            if (lua_type(L, -1) != LUA_TSTRING)
              luaL_error(L, "bad 'options' to 'ask' (option ids are strings, #%d is %s)", i, luaL_typename(L, -1));
            size_t len = 0;
            const char* s = lua_tolstring(L, -1, &len);
            c.option.assign(s, len);
            check_option_words(L, c.option, 1u << static_cast<unsigned>(ChoiceKind::kOption), "'options'");
            break;
          }
          default: break;
        }
        if (constant) locations.push_back(c.location);
        lua_pop(L, 1);
      }
      if (constant) known.emplace(table, std::move(locations));
    }
    if (count > 0) {
      rt.choice_layout().push_back({source, count, 0, it != known.end()});
      if (source != kFromOptions)
        compact |= 1u << static_cast<unsigned>(source == kFromPieces ? ChoiceKind::kPiece
                                               : source == kFromTo   ? ChoiceKind::kMove
                                                                     : ChoiceKind::kLocation);
    }
  };
  list(kFromPieces, kPieces, "pieces");
  list(kFromLocations, kLocations, "locations");
  list(kFromTo, kTo, "locations");
  if (const int t = slot(kNumbers); !lua_isnil(L, t)) {
    if (lua_type(L, t) != LUA_TTABLE) luaL_error(L, "bad 'numbers' to 'ask' ({lowest, highest} expected, got %s)", luaL_typename(L, t));
    make_raw_readable(L, t);
    lua_rawgeti(L, t, 1);
    lua_rawgeti(L, t, 2);
    int ok1 = 0, ok2 = 0;
    const lua_Integer lo = lua_tointegerx(L, -2, &ok1), hi = lua_tointegerx(L, -1, &ok2);
    if (!ok1 || !ok2 || lo > hi) luaL_error(L, "bad 'numbers' to 'ask' ({lowest, highest} integers, lowest first)");
    if (hi - lo >= kMaxChoices) luaL_error(L, "bad 'numbers' to 'ask': more than %d choices", kMaxChoices);
    lua_pop(L, 2);
    for (lua_Integer v = lo; v <= hi; ++v) {
      Choice& c = next_choice();
      c.option.clear();  // a verb is for pieces and locations
      c.number = v;
      c.has_number = true;
    }
    rt.choice_layout().push_back({kFromNumbers, static_cast<int>(hi - lo + 1), lo});
    compact |= 1u << static_cast<unsigned>(ChoiceKind::kNumber);
  }
  list(kFromOptions, kOptions, "option ids");
  if (const int t = slot(kChoices); !lua_isnil(L, t)) {
    if (lua_type(L, t) != LUA_TTABLE) luaL_error(L, "bad 'choices' to 'ask' (a list expected, got %s)", luaL_typename(L, t));
    make_raw_readable(L, t);
    const int count = static_cast<int>(lua_rawlen(L, t));
    for (int i = 1; i <= count; ++i) {
      lua_rawgeti(L, t, i);
      Choice& c = next_choice();
      read_element(L, lua_gettop(L), i, c, words);
      if (!c.option.empty() && c.text.empty()) {
        char what[32];
        std::snprintf(what, sizeof what, "choice #%d", i);
        check_option_words(L, c.option, 1u << static_cast<unsigned>(c.kind()), what);
      }
      lua_pop(L, 1);
    }
    if (count > 0) rt.choice_layout().push_back({kFromChoices, count});
  }
  d.choices.resize(n);
  if (n == 0) luaL_error(L, "bad choices to 'ask': none given (pieces, locations, to, numbers, options or choices)");
  check_template(L, compact);
  if (!verb.empty()) check_option_words(L, verb, compact & ~(1u << static_cast<unsigned>(ChoiceKind::kNumber)), "'verb'");
  if (words && compact != 0) {
    size_t k = 0;
    for (const Segment& seg : rt.choice_layout()) {
      for (int i = 0; i < seg.count; ++i, ++k)
        if (seg.source != kFromOptions && seg.source != kFromChoices) apply_template(L, d.choices[k], def, rt.state());
    }
  }
  read_notes(L, d, words);
}

// A decision's choices must differ in their typed fields. Lists are short;
// a long one is checked through a sorted copy.
void check_distinct(lua_State* L, const Decision& d) {
  const auto& ch = d.choices;
  auto key = [](const Choice& c) { return std::tie(c.option, c.piece, c.location, c.has_number, c.number); };
  int a = -1, b = -1;
  if (ch.size() <= 32) {
    for (size_t i = 1; i < ch.size() && a < 0; ++i)
      for (size_t j = 0; j < i; ++j)
        if (ch[i].same_value(ch[j])) {
          a = static_cast<int>(j);
          b = static_cast<int>(i);
          break;
        }
  } else {
    std::vector<int> order(ch.size());
    for (size_t i = 0; i < ch.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int x, int y) { return key(ch[x]) < key(ch[y]); });
    for (size_t i = 1; i < order.size() && a < 0; ++i)
      if (ch[order[i]].same_value(ch[order[i - 1]])) a = std::min(order[i], order[i - 1]), b = std::max(order[i], order[i - 1]);
  }
  if (a >= 0)
    luaL_error(L, "bad choices to 'ask': choice %d repeats choice %d (%s); choices must differ", b + 1, a + 1,
               choice_value(ch[b], runtime_of(L).def()).c_str());
}

// push_choice_result's work. `in_slots`: called from ask, whose stack holds
// each list, made raw-readable, in its field's slot after the spec: the
// element is read there, with no look-up of the field by name.
void push_chosen(lua_State* L, int spec, int choice, bool in_slots) {
  spec = lua_absindex(L, spec);
  Runtime& rt = runtime_of(L);
  int k = choice;
  for (const Segment& seg : rt.choice_layout()) {
    if (k >= seg.count) {
      k -= seg.count;
      continue;
    }
    const int key = kSourceKey[seg.source];
    if (seg.source == kFromNumbers) {
      lua_pushinteger(L, seg.first + k);
    } else if (in_slots) {
      // Raw-readable, or a constant list of locations left frozen, read
      // through its __index (its contents).
      if (seg.frozen) lua_geti(L, slot(key), k + 1);
      else lua_rawgeti(L, slot(key), k + 1);
    } else {
      lua_pushstring(L, kAskKeys[key]);
      lua_rawget(L, spec);
      make_raw_readable(L, -1);
      lua_rawgeti(L, -1, k + 1);
      lua_remove(L, -2);
    }
    lua_pushinteger(L, choice + 1);
    return;
  }
  lua_pushnil(L);
  lua_pushinteger(L, choice + 1);
}

// ask(side, rule, {prompt =, pieces =, locations =, piece =, to =, numbers =,
//   options =, choices =, verb =, text =}) -> value, index
// Suspends the rules until `side` takes one of the choices (core/decision.h);
// returns the chosen element of `choices`, or the piece, location, number or
// option id of a compact list, and its 1-based index among all the choices,
// which come in the order of the keys above.
int l_ask(lua_State* L) {
  Runtime& rt = runtime_of(L);
  const int side = check_side(L, 1);
  // A decider answers from the typed fields: the words, and the rule
  // reference a player reads, are kept only for a player or for the log.
  // Both are checked either way.
  const bool words = !rt.has_decider() || rt.recording();
  Decision& d = rt.spare_decision();
  if (words) d.rule = opt_rule(L, 2);
  else if (!lua_isnoneornil(L, 2)) luaL_checklstring(L, 2, nullptr);  // opt_rule's check
  luaL_checktype(L, kSpec, LUA_TTABLE);
  lua_settop(L, kSpec);
  make_raw_readable(L, kSpec);
  lua_settop(L, kSpec + kSpecSlots);  // nil slots
  if (!gather(L, kSpec, kSpecKeys, kSpecSlots, kSpec + 1, true))
    return luaL_error(L, "bad argument #3 to 'ask' (unknown key '%s': prompt, pieces, locations, piece, to, numbers, "
                         "options, choices, verb, text, secret or notes)",
                      luaL_tolstring(L, -1, nullptr));
  if (!lua_isyieldable(L)) return luaL_error(L, "ask can only be called from a step of the sequence of play");
  if (!lua_isnil(L, slot(kSecret)) && !lua_isboolean(L, slot(kSecret)))
    return luaL_error(L, "bad 'secret' to 'ask' (a boolean expected, got %s)", luaL_typename(L, slot(kSecret)));
  // A secret decision's event is its side's alone (the others read nothing).
  rt.set_secret_decision(lua_toboolean(L, slot(kSecret)));
  // The decision is written into the runtime's spare one, whose buffers keep
  // their room from the last decision, then swapped in.
  d.side = side;
  if (!words) d.rule.clear();
  d.prompt.clear();
  read_choices(L, d, words);
  check_distinct(L, d);
  if (!lua_isnil(L, slot(kPrompt))) read_text_field(L, slot(kPrompt), "ask", "prompt", words ? &d.prompt : nullptr);
  swap(rt.state().pending, d);
  if (rt.has_decider()) {
    const int i = rt.decide();
    if (i >= 0) {
      if (rt.take_choice(i) < 0) return luaL_error(L, "the decider chose %d of %d choices", i + 1, static_cast<int>(rt.spare_decision().choices.size()));
      // Each decision starts a fresh budget, as a resume by act() does, so a
      // game replayed by a decider meets the same limits as when it was played.
      rt.sandbox().reset_budget();
      push_chosen(L, kSpec, i, true);
      return 2;
    }
    if (!words) {
      // Left to a player after all (a save's recorded decisions ran out):
      // read the words now.
      Decision& pending = rt.state().pending;
      pending.rule = opt_rule(L, 2);
      read_choices(L, pending, true);
      if (!lua_isnil(L, slot(kPrompt))) read_text_field(L, slot(kPrompt), "ask", "prompt", &pending.prompt);
    }
  }
  lua_settop(L, kSpec);
  rt.set_choices(luaL_ref(L, LUA_REGISTRYINDEX));  // pops the spec
  return lua_yield(L, 0);
}

// log(rule, format, ...): an event, its text a lazy text (core/lazy_text.h)
// made for each reader. The format and values are checked whether or not
// the game records events.
int l_log(lua_State* L) {
  refuse_while_loading(L);
  Runtime& rt = runtime_of(L);
  std::string rule = event_rule(L, 1);
  LazyText text;
  read_lazy_text(L, 2, lua_gettop(L), "log", rt.recording() ? &text : nullptr);
  rt.emit(Event::Kind::kLog, std::move(rule), std::move(text));
  return 0;
}

// tell(side, rule, format, ...): an event only `side` reads (every reader
// once the game is over), in which the pieces it names are named to that
// side even where it does not see them: what a side learns in secret (an
// intelligence chit showing it the enemy's hand). It is a reveal, so an
// undo between people stops before it.
int l_tell(lua_State* L) {
  refuse_while_loading(L);
  Runtime& rt = runtime_of(L);
  const int side = check_side(L, 1);
  std::string rule = event_rule(L, 2);
  LazyText text;
  read_lazy_text(L, 3, lua_gettop(L), "tell", rt.recording() ? &text : nullptr);
  for (TextArg& a : text.args)
    if (a.kind == TextArg::Kind::kPiece && side < 32) a.seen_by |= uint32_t{1} << side;
  rt.emit(Event::Kind::kReveal, std::move(rule), std::move(text), side);
  return 0;
}

// game.turn() -> the turn number (0 during set-up)
int l_turn(lua_State* L) {
  refuse_while_loading(L);
  lua_pushinteger(L, runtime_of(L).state().position.turn);
  return 1;
}

// game.phase() -> the current phase's id, or nil during set-up and the end
int l_phase(lua_State* L) {
  refuse_while_loading(L);
  Runtime& g = runtime_of(L);
  const PhaseDef* ph = current_phase(g.def(), g.state().position);
  if (ph) lua_pushstring(L, ph->id.c_str());
  else lua_pushnil(L);
  return 1;
}

// game.step() -> the current step's id, or nil during set-up and the end
int l_step(lua_State* L) {
  refuse_while_loading(L);
  Runtime& g = runtime_of(L);
  const StepDef* st = current_step(g.def(), g.state().position);
  if (st) lua_pushstring(L, st->id.c_str());
  else lua_pushnil(L);
  return 1;
}

// game.phasing() -> the side whose phase it is (a phase repeated per side), else nil
int l_phasing(lua_State* L) {
  refuse_while_loading(L);
  Runtime& g = runtime_of(L);
  push_side(L, phasing_side(g.def(), g.state().position));
  return 1;
}

// game.impulse() -> the 1-based repeat of the current phase
int l_impulse(lua_State* L) {
  refuse_while_loading(L);
  lua_pushinteger(L, runtime_of(L).state().position.repeat + 1);
  return 1;
}

// game.finish(result [, winner]): ends the game at once. The result is a short
// text ("Israeli decisive victory"); winner a side id or nil.
int l_finish(lua_State* L) {
  Runtime& g = runtime_of(L);
  size_t len = 0;
  const char* result = luaL_checklstring(L, 1, &len);
  const int winner = opt_side(L, 2);
  if (!lua_isyieldable(L)) return luaL_error(L, "game.finish can only be called from a step of the sequence of play");
  g.finish(std::string(result, len), winner);
  // No object with a destructor is alive here: the yield is a C++ exception,
  // and a frame with one to run costs the unwinder a second pass.
  return lua_yield(L, 0);
}

// game.sides() -> array of side ids in their declared order
int l_sides(lua_State* L) {
  const auto& sides = runtime_of(L).def().sides;
  lua_createtable(L, static_cast<int>(sides.size()), 0);
  for (size_t i = 0; i < sides.size(); ++i) {
    lua_pushstring(L, sides[i].id.c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// game.allied(a, b) -> whether sides a and b are one side or allies
int l_allied(lua_State* L) {
  lua_pushboolean(L, runtime_of(L).def().allied(check_side(L, 1), check_side(L, 2)));
  return 1;
}

// game.title(id) -> the title of a side, location or track, or the printed name of a piece type
int l_title(lua_State* L) {
  const GameDef& d = runtime_of(L).def();
  const std::string id = luaL_checkstring(L, 1);
  int i;
  if ((i = d.find_location(id)) >= 0) lua_pushstring(L, d.locations[i].title.c_str());
  else if ((i = d.find_side(id)) >= 0) lua_pushstring(L, d.sides[i].title.c_str());
  else if ((i = d.find_type(id)) >= 0) lua_pushstring(L, d.types[i].name.c_str());
  else if ((i = d.find_track(id)) >= 0) lua_pushstring(L, d.tracks[i].title.c_str());
  else return luaL_argerror(L, 1, lua_pushfstring(L, "nothing is named '%s'", id.c_str()));
  return 1;
}

// game.scenario() -> the scenario's id
int l_scenario(lua_State* L) {
  lua_pushstring(L, runtime_of(L).def().scenario_id.c_str());
  return 1;
}

// game.last_turn() -> the scenario's printed length, or nil when it has none
int l_last_turn(lua_State* L) {
  const int n = runtime_of(L).def().last_turn;
  if (n > 0) lua_pushinteger(L, n);
  else lua_pushnil(L);
  return 1;
}

}  // namespace

void push_choice_result(lua_State* L, int spec, int choice) { push_chosen(L, spec, choice, false); }

void open_lua_game(lua_State* L) {
  // The key strings stay alive as the closure's upvalues: their addresses
  // name them in gather() (they are short: interned, the only strings with
  // their texts).
  auto& strings = runtime_of(L).key_strings();
  static_assert(kKeyCount <= std::tuple_size_v<std::remove_reference_t<decltype(strings)>>);
  for (int k = 1; k < kKeyCount; ++k) {
    lua_pushstring(L, kAskKeys[k]);
    strings[k] = lua_topointer(L, -1);
  }
  lua_pushcclosure(L, l_ask, kKeyCount - 1);
  lua_setglobal(L, "ask");
  lua_register(L, "log", l_log);
  lua_register(L, "tell", l_tell);
  static const luaL_Reg fns[] = {{"turn", l_turn},         {"phase", l_phase},       {"step", l_step},
                                 {"phasing", l_phasing},   {"impulse", l_impulse},   {"finish", l_finish},
                                 {"sides", l_sides},       {"title", l_title},       {"scenario", l_scenario},
                                 {"last_turn", l_last_turn}, {"allied", l_allied},   {nullptr, nullptr}};
  register_module(L, "game", fns);
  Runtime& rt = runtime_of(L);
  push_value(L, rt.def().tables.is_table() ? rt.def().tables : Value(Table{}));
  freeze_data(L, -1, "tables");
  lua_setglobal(L, "tables");
}

}  // namespace cardboard
