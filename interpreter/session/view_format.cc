#include "session/view_format.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <variant>

#include "core/bytes.h"
#include "session/json_text.h"

namespace cardboard {

namespace {

nlohmann::json or_null(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

}  // namespace

nlohmann::json value_json(const Value& v) {
  if (v.is_bool()) return v.as_bool();
  if (v.is_int()) return v.as_int();
  if (v.is_number()) return v.as_number();
  if (v.is_string()) return v.as_string();
  if (!v.is_table()) return nullptr;
  const auto& entries = v.as_table().entries;
  bool array = true;
  for (size_t i = 0; i < entries.size() && array; ++i) {
    const auto* k = std::get_if<int64_t>(&entries[i].first);
    array = k && *k == static_cast<int64_t>(i) + 1;
  }
  if (array) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& [k, e] : entries) a.push_back(value_json(e));
    return a;
  }
  nlohmann::json o = nlohmann::json::object();
  for (const auto& [k, e] : entries)
    o[std::holds_alternative<std::string>(k) ? std::get<std::string>(k) : std::to_string(std::get<int64_t>(k))] =
        value_json(e);
  return o;
}

namespace {

nlohmann::json piece_json(const PieceView& p) {
  nlohmann::json j;
  if (p.hidden) {
    j["hidden"] = true;
    if (p.remembered) j["remembered"] = piece_json(*p.remembered);
  } else {
    if (p.id >= 0) j["id"] = p.id;
    j.update({{"name", p.name}, {"type", p.type}, {"face", p.face}, {"label", p.label}});
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [k, v] : p.values) values[k] = value_json(v);
    j["values"] = values;
    if (!p.text.empty()) j["text"] = p.text;
    if (!p.markers.empty()) j["markers"] = p.markers;
    if (!p.counters.empty()) {
      nlohmann::json c = nlohmann::json::object();
      for (const auto& [k, v] : p.counters) c[k] = v;
      j["counters"] = c;
    }
  }
  if (!p.owner.empty()) j["owner"] = p.owner;
  return j;
}

nlohmann::json choice_json(const ChoiceView& c) {
  nlohmann::json j = {{"n", c.n}, {"text", c.text}, {"kind", c.kind}, {"value", c.value}};
  if (!c.note.empty()) j["note"] = c.note;
  if (!c.option.empty()) j["option"] = c.option;
  if (c.piece >= 0) j["piece"] = c.piece;
  if (!c.location.empty()) j[c.kind == "move" ? "to" : "location"] = c.location;
  if (c.has_number) j["number"] = c.number;
  if (!c.shows.empty()) j["shows"] = c.shows;
  return j;
}

// "Turn 3, Player Turn (Syria), Movement" or "Set-up".
std::string position_line(const View& v) {
  std::string out = v.in_setup ? std::string("Set-up") : "Turn " + std::to_string(v.turn);
  if (!v.phase_title.empty()) out += ", " + v.phase_title;
  if (!v.phasing.empty() && v.phasing != v.deciding) out += " (" + v.phasing + "'s phase)";
  if (!v.step_title.empty()) out += ", " + v.step_title;
  return out;
}

}  // namespace

nlohmann::json view_json(const View& v) {
  nlohmann::json j;
  j["game"] = v.game;
  j["scenario"] = v.scenario;
  j["turn"] = v.turn;
  j["in_setup"] = v.in_setup;
  j["phase"] = or_null(v.phase_title);
  j["phase_id"] = or_null(v.phase);
  j["step"] = or_null(v.step_title);
  j["step_id"] = or_null(v.step);
  j["phasing"] = or_null(v.phasing);
  j["deciding"] = or_null(v.deciding);
  j["as"] = or_null(v.reader);
  j["prompt"] = v.decision_open ? nlohmann::json(v.decision.prompt) : nlohmann::json(nullptr);
  j["rule"] = v.decision_open ? nlohmann::json(v.decision.rule) : nlohmann::json(nullptr);
  nlohmann::json choices = nlohmann::json::array();
  for (const auto& c : v.decision.choices) choices.push_back(choice_json(c));
  j["choices"] = choices;
  j["state_hash"] = or_null(v.state_hash);
  j["finished"] = v.finished;
  j["result"] = v.finished ? nlohmann::json(v.result) : nlohmann::json(nullptr);
  j["winner"] = or_null(v.winner);
  nlohmann::json tracks = nlohmann::json::object();
  for (const auto& t : v.tracks) tracks[t.id] = t.value;
  j["tracks"] = tracks;
  nlohmann::json locs = nlohmann::json::array();
  for (const auto& l : v.locations) {
    nlohmann::json e = {{"id", l.id}, {"title", l.title}, {"kind", l.kind}, {"count", l.count}};
    if (l.hidden) {
      e["hidden"] = true;
    } else {
      nlohmann::json pieces = nlohmann::json::array();
      for (const auto& p : l.pieces) pieces.push_back(piece_json(p));
      e["pieces"] = pieces;
    }
    if (!l.summary.empty()) e["summary"] = l.summary;
    locs.push_back(e);
  }
  j["locations"] = locs;
  j["summary"] = v.summary;
  if (!v.summary_error.empty()) j["summary_error"] = v.summary_error;
  // What changes when anything this reader sees changes, and with nothing
  // else: the hash of the rest of the view (nlohmann's objects keep their
  // keys in order, so the text is the same in every process).
  j["view_hash"] = hash_hex(hash_bytes(json_text(j)));
  return j;
}

namespace {

// How a piece reads on the board: its label, then its markers and counters
// ("Grad (CF 2) [suppressed, hits 2]").
std::string piece_text(const PieceView& p) {
  if (p.hidden) return p.remembered ? p.name + " (seen: " + piece_text(*p.remembered) + ")" : p.name;
  std::string out = p.label.empty() ? p.name : p.label;
  std::string extra;
  for (const auto& m : p.markers) extra += (extra.empty() ? "" : ", ") + m;
  for (const auto& [k, n] : p.counters) extra += (extra.empty() ? "" : ", ") + k + " " + std::to_string(n);
  return extra.empty() ? out : out + " [" + extra + "]";
}

// The length of the well-formed UTF-8 sequence at `text[i]` (RFC 3629: no
// overlong form, no surrogate, nothing past U+10FFFF), or 0 where the byte
// starts none.
size_t utf8_length(std::string_view text, size_t i) {
  const auto at = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = at(i);
  size_t n = 0;
  unsigned char low = 0x80, high = 0xbf;  // the second byte's range
  if (b >= 0xc2 && b <= 0xdf) n = 2;
  else if (b >= 0xe0 && b <= 0xef) n = 3, low = b == 0xe0 ? 0xa0 : 0x80, high = b == 0xed ? 0x9f : 0xbf;
  else if (b >= 0xf0 && b <= 0xf4) n = 4, low = b == 0xf0 ? 0x90 : 0x80, high = b == 0xf4 ? 0x8f : 0xbf;
  if (n == 0 || i + n > text.size() || at(i + 1) < low || at(i + 1) > high) return 0;
  for (size_t k = 2; k < n; ++k)
    if (at(i + k) < 0x80 || at(i + k) > 0xbf) return 0;
  return n;
}

}  // namespace

std::string terminal_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      out += (b < 0x20 && b != '\n' && b != '\t') || b == 0x7f ? '?' : text[i];
      continue;
    }
    // A byte that is not UTF-8 (a lone 0x9B opens a sequence on a terminal
    // set to an 8-bit character set), and a C1 control written in UTF-8
    // (U+0080 to U+009F; U+009B opens one too), are '?'.
    const size_t n = utf8_length(text, i);
    if (n == 0 || (n == 2 && b == 0xc2 && static_cast<unsigned char>(text[i + 1]) <= 0x9f)) {
      out += '?';
      if (n) ++i;
      continue;
    }
    out.append(text.substr(i, n));
    i += n - 1;
  }
  return out;
}

std::string view_text(const View& v) {
  std::string out = v.game_title + " - " + v.scenario_title + "\n" + position_line(v) + "\n";
  if (!v.tracks.empty()) {
    out += "  ";
    for (size_t t = 0; t < v.tracks.size(); ++t)
      out += (t ? ", " : "") + v.tracks[t].title + " " + std::to_string(v.tracks[t].value);
    out += "\n";
  }
  for (const auto& line : v.summary) out += "  " + line + "\n";
  if (!v.summary_error.empty()) out += "  (no summary: " + v.summary_error + ")\n";
  for (const auto& l : v.locations) {
    if (l.count == 0 && l.kind != "box" && l.summary.empty()) continue;
    out += "  " + l.title + " (" + std::to_string(l.count) + ")";
    if (l.hidden) {
      out += ": hidden\n";
      if (!l.summary.empty()) out += "      " + l.summary + "\n";
      continue;
    }
    // Group equal pieces: "Haganah Brigades (4) x3".
    std::vector<std::pair<std::string, int>> names;
    for (const auto& p : l.pieces) {
      const std::string n = piece_text(p);
      if (!names.empty() && names.back().first == n) ++names.back().second;
      else names.emplace_back(n, 1);
    }
    out += names.empty() ? "" : ":";
    for (size_t i = 0; i < names.size(); ++i)
      out += (i ? ", " : " ") + names[i].first + (names[i].second > 1 ? " x" + std::to_string(names[i].second) : "");
    out += "\n";
    if (!l.summary.empty()) out += "      " + l.summary + "\n";
    if (l.shows_texts) {
      std::vector<std::string> shown;  // each card's text once
      for (const auto& p : l.pieces) {
        if (p.text.empty() || std::find(shown.begin(), shown.end(), p.name) != shown.end()) continue;
        shown.push_back(p.name);
        out += "      " + p.name + ": " + p.text + "\n";
      }
    }
  }
  return terminal_text(out);
}

std::string decision_text(const View& v) {
  if (v.finished) return terminal_text("Game over: " + v.result + "\n");
  if (!v.decision_open) return "";
  const DecisionView& d = v.decision;
  if (!d.choices_shown) return terminal_text(d.side_title + " is deciding\n");
  std::string out = d.side_title + ": " + d.prompt;
  if (!d.rule.empty()) out += " [" + d.rule + "]";
  out += "\n";
  for (const auto& c : d.choices) {
    out += "  " + std::to_string(c.n) + ". " + c.text;
    if (!c.note.empty()) out += "  [" + c.note + "]";
    out += "\n";
  }
  return terminal_text(out);
}

std::string event_line(const std::string& kind, const std::string& rule, const std::string& text) {
  const bool sequence = kind == "sequence";
  return terminal_text((sequence ? "-- " : "   ") + (rule.empty() || sequence ? "" : "[" + rule + "] ") + text + "\n");
}

}  // namespace cardboard
