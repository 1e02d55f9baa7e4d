// [retreat] and [advance] (docs/kit.md#retreat-and-advance): each level of a
// mod chain in turn, the base's first, a later level replacing a key. Every
// key is checked (an option's word, a printed value some piece type has, a
// kind some type is of), each problem at its file:line:column. Runs after
// [combat] is read: a result that retreats units needs somewhere for the
// units that cannot retreat to go.
#include <algorithm>
#include <set>

#include "data/kit_loader.h"
#include "data/kit_words.h"

namespace cardboard {

namespace {

constexpr int64_t kMaxAdvanceHexes = 1000;

class RetreatLoader {
 public:
  RetreatLoader(const GameDef& def, KitDef& kit, Problems& problems) : def_(def), kit_(kit), problems_(problems) {}

  void retreat(const std::string& file, const toml::table& t) {
    RetreatDef& r = kit_.retreat;
    r.declared = true;
    check_keys(file, t, {"blocked", "stacking", "farther"}, "[retreat]", problems_);
    if (int i = read_option(file, t, "blocked", {"eliminate", "steps"}, "[retreat]", problems_); i >= 0)
      r.blocked = static_cast<RetreatDef::Blocked>(i);
    if (int i = read_option(file, t, "stacking", {"continue", "end", "ignore"}, "[retreat]", problems_); i >= 0)
      r.stacking = static_cast<RetreatDef::Stacking>(i);
    boolean(file, t, "farther", "[retreat]", r.farther);
  }

  void advance(const std::string& file, const toml::table& t) {
    AdvanceDef& a = kit_.advance;
    a.declared = true;
    check_keys(file, t, {"hexes", "zones", "kinds", "without"}, "[advance]", problems_);
    if (t.get("hexes")) {
      auto n = get_int(file, t, "hexes", nullptr, 1, kMaxAdvanceHexes);
      if (n.ok()) {
        a.hexes = static_cast<int>(*n);
      } else {
        // get_int names the key alone: say whose it is.
        std::string msg = n.error().message;
        if (msg.starts_with("bad 'hexes'")) msg.insert(11, " in [advance]");
        problems_.add(rejected(msg));
      }
    }
    boolean(file, t, "zones", "[advance]", a.zones);
    kinds(file, t, a.kinds);
    without(file, t, a.without);
  }

  // A result that retreats units eliminates those that cannot (or takes
  // their steps): [combat] must say where they go. combat_loader already
  // says so when some result eliminates or reduces units; this is the case
  // it leaves, a game whose results only retreat.
  void require_eliminated(const std::vector<KitSource>& sources) {
    const CombatDef& c = kit_.combat;
    if (c.eliminated >= 0 || !c.eliminated_by_side.empty()) return;
    const auto loses = [](const CombatEffect& e) { return e.eliminate || e.steps || e.instead_steps; };
    for (const auto& [code, r] : c.results)
      if (r.exchange || loses(r.attacker) || loses(r.defender)) return;  // reported by combat_loader
    for (const auto& [code, r] : c.results) {
      if (!r.attacker.retreat && !r.defender.retreat) continue;
      // The nearest level that gives the result.
      for (size_t i = sources.size(); i-- > 0;) {
        const toml::node* n = (*sources[i].table)["combat_results"][code].node();
        if (!n) continue;
        problems_.add(bad_data(*sources[i].path, n, "[combat] has no 'eliminated', and result '" + code +
                                                        "' retreats units, which are eliminated or lose steps when "
                                                        "they cannot retreat ([retreat] blocked): say where "
                                                        "eliminated units go, eliminated = \"dead\" (a location id, "
                                                        "or a table of side id = location id)"));
        return;
      }
    }
  }

 private:
  // The index of the word `key` gives among `options`; -1 when absent or bad.

  void boolean(const std::string& file, const toml::table& t, const char* key, const char* context, bool& out) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (n->is_boolean()) out = *n->value<bool>();
    else problems_.add(bad_data(file, n, std::string("bad '") + key + "' in " + context + ": true or false "
                                         "expected, got " + type_name(n)));
  }

  // `kinds`: the piece type kinds that may advance, each one some type is of.
  void kinds(const std::string& file, const toml::table& t, std::vector<std::string>& out) {
    const toml::node* n = t.get("kinds");
    if (!n) return;
    const toml::array* a = n->as_array();
    if (!a) {
      problems_.add(bad_data(file, n, "bad 'kinds' in [advance]: an array of piece type kinds expected, such as "
                                      "[\"unit\"], got " + std::string(type_name(n))));
      return;
    }
    std::set<std::string> known;
    for (const auto& type : def_.types) known.insert(type.kind);
    const std::vector<std::string> known_list(known.begin(), known.end());
    out.clear();
    for (const toml::node& e : *a) {
      if (!e.is_string()) {
        problems_.add(bad_data(file, &e, "bad 'kinds' entry in [advance]: a string expected, got " +
                                             std::string(type_name(&e))));
        continue;
      }
      const std::string kind = *e.value<std::string>();
      if (!known.count(kind))
        problems_.add(bad_data(file, &e, with_suggestion("bad 'kinds' entry in [advance]: no piece type is of kind '" +
                                                             kind + "'",
                                                         kind, known_list)));
      out.push_back(kind);
    }
  }

  // `without`: a printed value some piece type has (a slip would let every unit advance).
  void without(const std::string& file, const toml::table& t, std::string& out) {
    const toml::node* n = t.get("without");
    if (!n) return;
    auto v = get_string(file, t, "without");
    if (!v.ok() || v->empty()) {
      problems_.add(bad_data(file, n, "bad 'without' in [advance]: the name of a printed value expected, got " +
                                          std::string(v.ok() ? "an empty string" : type_name(n))));
      return;
    }
    std::set<std::string> keys;
    for (const auto& type : def_.types)
      for (const auto& [k, value] : type.values.entries)
        if (const auto* s = std::get_if<std::string>(&k)) keys.insert(*s);
    if (!keys.count(*v)) {
      problems_.add(bad_data(file, n, with_suggestion("bad 'without' in [advance]: no piece type has the printed "
                                                      "value '" + *v + "'",
                                                      *v, std::vector<std::string>(keys.begin(), keys.end()))));
      return;
    }
    out = *v;
  }

  const GameDef& def_;
  KitDef& kit_;
  Problems& problems_;
};

}  // namespace

void load_retreat(const std::vector<KitSource>& sources, const GameDef& def, KitDef& kit, Problems& problems) {
  RetreatLoader loader(def, kit, problems);
  for (const KitSource& s : sources) {
    for (const char* section : {"retreat", "advance"}) {
      const toml::node* n = s.table->get(section);
      if (!n) continue;
      const toml::table* t = n->as_table();
      if (!t) {
        problems.add(bad_data(*s.path, n, std::string("bad [") + section + "]: a table expected"));
        continue;
      }
      if (section == std::string_view("retreat")) loader.retreat(*s.path, *t);
      else loader.advance(*s.path, *t);
    }
  }
  loader.require_eliminated(sources);
}

}  // namespace cardboard
