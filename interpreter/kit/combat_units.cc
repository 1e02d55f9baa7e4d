#include "kit/combat_units.h"

#include "core/printed_values.h"

namespace cardboard {

Result<Value> combat_strength(const GameDef& d, const CombatDef& c, const State& s, const std::vector<int>& pieces,
                              CombatRole role) {
  const std::string& key = role == CombatRole::kAttack ? c.attack : c.defence;
  int64_t whole = 0;
  double real = 0;
  bool integral = true;
  for (int p : pieces) {
    const Value* v = printed_value(d, s.pieces[p], key);
    if (!v) continue;
    if (v->is_int()) {
      if (__builtin_add_overflow(whole, v->as_int(), &whole))
        return rejected("the pieces' '" + key + "' is too large to add up");
    } else if (v->is_number()) {
      real += v->as_number();
      integral = false;
    } else {
      return rejected(d.types[s.pieces[p].type].name + " prints " +
                      (v->is_string() ? "a string" : v->is_bool() ? "a boolean" : "a table") + " as its '" + key +
                      "': a number expected");
    }
  }
  if (integral) return Value(whole);
  return Value(real + static_cast<double>(whole));
}

int64_t steps_left(const GameDef& d, const CombatDef& c, const PieceState& p) {
  // The type's own steps: a face does not change how many a type has (the
  // loader refuses them in on_face).
  const Value* steps = d.types[p.type].values.find(std::string_view(c.steps));
  const int64_t n = steps && steps->is_int() ? steps->as_int() : 1;
  return n - p.face > 1 ? n - p.face : 1;
}

int reduced_face(const GameDef& d, const CombatDef& c, const PieceState& p) {
  const bool more = p.face + 1 < static_cast<int>(d.types[p.type].faces.size());  // the loader makes it so
  return steps_left(d, c, p) > 1 && more ? p.face + 1 : -1;
}

int eliminated_location(const CombatDef& c, int owner) {
  if (c.eliminated_by_side.empty()) return c.eliminated;
  return owner >= 0 && owner < static_cast<int>(c.eliminated_by_side.size()) ? c.eliminated_by_side[owner] : -1;
}

}  // namespace cardboard
