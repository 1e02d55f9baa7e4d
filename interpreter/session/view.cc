#include "session/view.h"

#include <algorithm>

#include "core/bytes.h"
#include "core/piece_label.h"
#include "core/printed_values.h"
#include "core/sequence.h"
#include "core/visibility.h"

namespace cardboard {

namespace {

// Whether `reader` sees piece p where it is (kPublicOnly: what every side sees).
bool reader_sees(const GameDef& d, const State& s, int p, int reader) {
  if (reader == kEveryone) return true;
  if (reader == kPublicOnly) {
    for (int side = 0; side < static_cast<int>(d.sides.size()); ++side)
      if (!sees_piece(d, s, p, side)) return false;
    return true;
  }
  return sees_piece(d, s, p, reader);
}

bool reader_sees_location(const GameDef& d, int loc, int reader) {
  if (reader == kEveryone) return true;
  if (reader == kPublicOnly) return d.locations[loc].visibility == Visibility::kPublic;
  return sees_location(d, loc, reader);
}

std::string side_id(const GameDef& d, int side) { return side >= 0 ? d.sides[side].id : std::string(); }

PieceView piece_view(const GameDef& d, const State& s, int p, int reader) {
  const PieceState& ps = s.pieces[p];
  PieceView v;
  v.owner = side_id(d, ps.owner);
  if (!reader_sees(d, s, p, reader)) {
    v.hidden = true;
    const SideDef* owner = ps.owner >= 0 ? &d.sides[ps.owner] : nullptr;
    v.name = owner ? "hidden " + (owner->adjective.empty() ? owner->title : owner->adjective) + " piece" : "hidden piece";
    if (reader >= 0 && knows_piece(d, s, p, reader)) {
      auto seen = std::make_shared<PieceView>(piece_view(d, s, p, kEveryone));
      seen->id = -1;
      v.remembered = std::move(seen);
    }
    return v;
  }
  const PieceTypeDef& t = d.types[ps.type];
  v.id = p + 1;
  v.type = t.id;
  v.name = t.name;
  v.face = ps.face >= 0 && ps.face < static_cast<int>(t.faces.size()) ? t.faces[ps.face] : "";
  v.label = piece_label(d, s, p);
  // As the piece shows them: its face's values in place of the type's.
  for (const auto& [key, value] : t.values.entries)
    if (const auto* k = std::get_if<std::string>(&key)) v.values.emplace_back(*k, *printed_value(d, ps, *k));
  // The printed text is on the front: a card turned over shows none.
  if (!d.view.text.empty() && ps.face == 0)
    if (const Value* text = printed_value(d, ps, d.view.text); text && text->is_string()) v.text = text->as_string();
  v.markers = ps.markers;
  v.counters = ps.counters;
  return v;
}

}  // namespace

View build_view(Game& g, int reader) {
  const GameDef& d = g.def();
  const State& s = g.state();
  View v;
  v.game = d.id;
  v.game_title = d.title;
  v.scenario = d.scenario_id;
  v.scenario_title = d.scenario_title;
  v.reader = reader >= 0 ? d.sides[reader].id : reader == kEveryone ? "*" : "";
  v.turn = s.position.turn;
  v.in_setup = s.position.in_setup;
  if (const PhaseDef* ph = current_phase(d, s.position)) {
    v.phase = ph->id;
    v.phase_title = ph->title;
    if (const StepDef* st = current_step(d, s.position); st && ph->steps.size() > 1) {
      v.step = st->id;
      v.step_title = st->title;
    }
  }
  v.phasing = side_id(d, phasing_side(d, s.position));
  v.decision_open = s.pending.open() && !s.finished;
  if (v.decision_open) {
    v.deciding = side_id(d, s.pending.side);
    DecisionView& dv = v.decision;
    dv.side = v.deciding;
    dv.side_title = d.sides[s.pending.side].title;
    dv.prompt = g.prompt_text(reader == kEveryone ? s.pending.side : reader);
    dv.rule = s.pending.rule;
    dv.choices_shown = reader == kEveryone || reader == s.pending.side;
    if (dv.choices_shown) {
      const int words_for = s.pending.side;
      for (size_t i = 0; i < s.pending.choices.size(); ++i) {
        const Choice& c = s.pending.choices[i];
        ChoiceView cv;
        cv.n = static_cast<int>(i) + 1;
        cv.text = g.choice_text(static_cast<int>(i), words_for);
        cv.note = g.note_text(static_cast<int>(i), words_for);
        cv.kind = choice_kind_name(c.kind());
        cv.option = c.option;
        cv.piece = c.piece >= 0 ? c.piece + 1 : -1;
        cv.location = c.location >= 0 ? d.locations[c.location].id : "";
        cv.has_number = c.has_number;
        cv.number = c.number;
        cv.value = choice_value(c, d);
        for (int loc : c.shows) cv.shows.push_back(d.locations[loc].id);
        dv.choices.push_back(std::move(cv));
      }
    }
  }
  for (size_t t = 0; t < d.tracks.size(); ++t)
    v.tracks.push_back({d.tracks[t].id, d.tracks[t].title, s.tracks[t], d.tracks[t].min, d.tracks[t].max});
  // At the end of the game what was any one side's to see opens up.
  const int as = s.finished && reader >= 0 ? kEveryone : reader;
  for (size_t l = 0; l < d.locations.size(); ++l) {
    const LocationDef& ld = d.locations[l];
    const auto& c = s.contents[l];
    LocationView lv{ld.id, ld.title, location_kind_name(ld.kind), c.size(), false, {}, {}, false};
    // By default texts show where a player reads them, face up in a box (the
    // current event) or a hand; a pile or the board would repeat them by dozens.
    lv.shows_texts = d.view.text_in_given
                         ? std::find(d.view.text_in.begin(), d.view.text_in.end(), static_cast<int>(l)) !=
                               d.view.text_in.end()
                         : ld.kind == LocationKind::kBox || ld.kind == LocationKind::kHand;
    // A location the reader does not see shows what shows itself in it (a
    // card shown from a hand); with nothing showing, only its count.
    bool any = reader_sees_location(d, static_cast<int>(l), as);
    for (int p : c) any = any || reader_sees(d, s, p, as);
    if (!any) {
      lv.hidden = true;
    } else {
      for (int p : c) lv.pieces.push_back(piece_view(d, s, p, as));
    }
    v.locations.push_back(std::move(lv));
  }
  if (auto summary = g.view_summary(reader); summary.ok()) {
    v.summary = std::move(summary->lines);
    for (auto& [loc, line] : summary->locations) v.locations[loc].summary = std::move(line);
  } else {
    v.summary_error = summary.error().message;
  }
  v.finished = s.finished;
  v.result = s.result;
  v.winner = side_id(d, s.winner);
  if (as == kEveryone || s.finished) v.state_hash = hash_hex(s.hash());
  return v;
}

}  // namespace cardboard
