#include "cli/view.h"

#include <map>

#include "core/bytes.h"
#include "core/visibility.h"

namespace cardboard {

namespace {

// Whether `side` sees anything of what a location holds: the location, or a
// piece in it that shows itself (a card shown from a hand).
bool sees_inside(const GameDef& d, const State& s, int loc, int side) {
  if (sees_location(d, loc, side)) return true;
  for (int p : s.contents[loc])
    if (sees_piece(d, s, p, side)) return true;
  return false;
}

int viewer(const Game& g, int side) { return side >= 0 ? side : g.state().pending.side; }

}  // namespace

nlohmann::json view_json(const Game& g, int side) {
  const GameDef& d = g.def();
  const State& s = g.state();
  const int who = viewer(g, side);
  nlohmann::json j;
  j["game"] = d.id;
  j["scenario"] = d.scenario_id;
  j["turn"] = s.position.turn;
  if (!s.position.in_setup && s.position.phase >= 0 && s.position.phase < static_cast<int>(d.sequence.phases.size()))
    j["phase"] = d.sequence.phases[s.position.phase].title;
  else
    j["phase"] = nullptr;
  j["active"] = s.pending.open() ? nlohmann::json(d.sides[s.pending.side].id) : nlohmann::json(nullptr);
  j["as"] = who >= 0 ? nlohmann::json(d.sides[who].id) : nlohmann::json(nullptr);
  j["prompt"] = s.pending.open() ? nlohmann::json(s.pending.prompt) : nlohmann::json(nullptr);
  j["rule"] = s.pending.open() ? nlohmann::json(s.pending.rule) : nlohmann::json(nullptr);
  nlohmann::json choices = nlohmann::json::array();
  // Only the acting side sees the choices: they can reveal its hidden pieces.
  if (s.pending.open() && (who < 0 || who == s.pending.side))
    for (size_t i = 0; i < s.pending.choices.size(); ++i)
      choices.push_back({{"n", i + 1}, {"text", s.pending.choices[i]}});
  j["choices"] = choices;
  j["state_hash"] = hash_hex(s.hash());
  j["finished"] = s.finished;
  j["result"] = s.finished ? nlohmann::json(s.result) : nlohmann::json(nullptr);
  j["winner"] = s.winner >= 0 ? nlohmann::json(d.sides[s.winner].id) : nlohmann::json(nullptr);
  nlohmann::json tracks = nlohmann::json::object();
  for (size_t t = 0; t < d.tracks.size(); ++t) tracks[d.tracks[t].id] = s.tracks[t];
  j["tracks"] = tracks;
  nlohmann::json locs = nlohmann::json::array();
  for (size_t l = 0; l < d.locations.size(); ++l) {
    const auto& c = s.contents[l];
    nlohmann::json e = {{"id", d.locations[l].id}, {"title", d.locations[l].title},
                        {"kind", location_kind_name(d.locations[l].kind)}, {"count", c.size()}};
    if (sees_inside(d, s, static_cast<int>(l), who)) {
      nlohmann::json pieces = nlohmann::json::array();
      for (int p : c) {
        const PieceState& ps = s.pieces[p];
        if (!sees_piece(d, s, p, who)) {
          // Face down: its side shows, not what it is (nor its id, which
          // would tell its type apart).
          nlohmann::json pj = {{"hidden", true}};
          if (ps.owner >= 0) pj["owner"] = d.sides[ps.owner].id;
          pieces.push_back(pj);
          continue;
        }
        nlohmann::json pj = {{"id", p + 1}, {"name", d.types[ps.type].name}, {"type", d.types[ps.type].id}};
        if (ps.owner >= 0) pj["owner"] = d.sides[ps.owner].id;
        if (ps.face) pj["face"] = ps.face;
        if (!ps.markers.empty()) pj["markers"] = ps.markers;
        if (!ps.counters.empty()) {
          nlohmann::json cj = nlohmann::json::object();
          for (const auto& [k, v] : ps.counters) cj[k] = v;
          pj["counters"] = cj;
        }
        pieces.push_back(pj);
      }
      e["pieces"] = pieces;
    } else {
      e["hidden"] = true;
    }
    locs.push_back(e);
  }
  j["locations"] = locs;
  return j;
}

std::string view_text(const Game& g, int side) {
  const GameDef& d = g.def();
  const State& s = g.state();
  const int who = viewer(g, side);
  std::string out = d.title + " - " + d.scenario_title + "\n";
  out += s.position.in_setup ? std::string("Set-up") : "Turn " + std::to_string(s.position.turn);
  if (!s.position.in_setup && s.position.phase >= 0 && s.position.phase < static_cast<int>(d.sequence.phases.size()))
    out += ", " + d.sequence.phases[s.position.phase].title;
  out += "\n";
  if (!d.tracks.empty()) {
    out += "  ";
    for (size_t t = 0; t < d.tracks.size(); ++t)
      out += (t ? ", " : "") + d.tracks[t].title + " " + std::to_string(s.tracks[t]);
    out += "\n";
  }
  for (size_t l = 0; l < d.locations.size(); ++l) {
    const auto& c = s.contents[l];
    const LocationDef& loc = d.locations[l];
    if (c.empty() && loc.kind != LocationKind::kBox) continue;
    out += "  " + loc.title + " (" + std::to_string(c.size()) + ")";
    // At the end of the game what was any one side's to see opens up.
    const int as = s.finished ? -1 : who;
    if (!sees_inside(d, s, static_cast<int>(l), as)) {
      out += ": hidden\n";
      continue;
    }
    // Group equal names: "Haganah Brigades x3".
    std::vector<std::pair<std::string, int>> names;
    for (int p : c) {
      const PieceState& ps = s.pieces[p];
      const std::string n = sees_piece(d, s, p, as) ? d.types[ps.type].name
                            : ps.owner >= 0       ? "hidden " + d.sides[ps.owner].title + " piece"
                                                  : "hidden piece";
      if (!names.empty() && names.back().first == n) ++names.back().second;
      else names.emplace_back(n, 1);
    }
    out += names.empty() ? "" : ":";
    for (size_t i = 0; i < names.size(); ++i)
      out += (i ? ", " : " ") + names[i].first + (names[i].second > 1 ? " x" + std::to_string(names[i].second) : "");
    out += "\n";
  }
  return out;
}

std::string prompt_text(const Game& g, int side) {
  const State& s = g.state();
  if (s.finished) return "Game over: " + s.result + "\n";
  if (!s.pending.open()) return "";
  if (side >= 0 && side != s.pending.side) return g.def().sides[s.pending.side].title + " is deciding\n";
  std::string out = g.def().sides[s.pending.side].title + ": " + s.pending.prompt;
  if (!s.pending.rule.empty()) out += " (" + s.pending.rule + ")";
  out += "\n";
  for (size_t i = 0; i < s.pending.choices.size(); ++i)
    out += "  " + std::to_string(i + 1) + ". " + s.pending.choices[i] + "\n";
  return out;
}

std::string event_line(const std::string& kind, const std::string& rule, const std::string& text) {
  const bool sequence = kind == "sequence";
  return (sequence ? "-- " : "   ") + (rule.empty() || sequence ? "" : "[" + rule + "] ") + text + "\n";
}

std::string events_text(const std::vector<Event>& events, int side) {
  std::string out;
  for (const auto& e : events)
    if (side < 0 || e.visible_to < 0 || e.visible_to == side) out += event_line(event_kind_name(e.kind), e.rule, e.text);
  return out;
}

}  // namespace cardboard
