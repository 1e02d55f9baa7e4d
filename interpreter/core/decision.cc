#include "core/decision.h"

#include <charconv>

#include "core/state.h"
#include "core/visibility.h"

namespace cardboard {

const char* choice_kind_name(ChoiceKind k) {
  switch (k) {
    case ChoiceKind::kOption: return "option";
    case ChoiceKind::kPiece: return "piece";
    case ChoiceKind::kLocation: return "location";
    case ChoiceKind::kMove: return "move";
    case ChoiceKind::kNumber: return "number";
  }
  return "option";
}

ChoiceKind Choice::kind() const {
  if (piece >= 0) return location >= 0 ? ChoiceKind::kMove : ChoiceKind::kPiece;
  if (location >= 0) return ChoiceKind::kLocation;
  if (has_number) return ChoiceKind::kNumber;
  return ChoiceKind::kOption;
}

std::string choice_value(const Choice& c, const GameDef& d) {
  std::string out;
  auto add = [&](const char* key, const std::string& v) {
    if (!out.empty()) out += ',';
    out += key;
    out += '=';
    out += v;
  };
  if (!c.option.empty()) add("option", c.option);
  if (c.piece >= 0) add("piece", std::to_string(c.piece + 1));
  if (c.location >= 0) add(c.piece >= 0 ? "to" : "location", d.locations[c.location].id);
  if (c.has_number) add("number", std::to_string(c.number));
  return out;
}

Result<Choice> parse_choice_value(std::string_view text, const GameDef& d) {
  Choice c;
  bool to = false, location = false;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find(',', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view part = text.substr(pos, end - pos);
    pos = end + 1;
    const size_t eq = part.find('=');
    if (eq == std::string_view::npos || eq == 0)
      return rejected("bad choice '" + std::string(text) + "': expected key=value parts such as piece=12,to=0402");
    const std::string_view key = part.substr(0, eq), value = part.substr(eq + 1);
    auto integer = [&](int64_t& out) {
      const auto r = std::from_chars(value.data(), value.data() + value.size(), out);
      return r.ec == std::errc() && r.ptr == value.data() + value.size() && !value.empty();
    };
    if (key == "option" && c.option.empty() && !value.empty()) {
      c.option = value;
    } else if (key == "piece" && c.piece < 0) {
      int64_t p = 0;
      if (!integer(p) || p < 1 || p > 0x7fffffff) return rejected("bad choice '" + std::string(text) + "': a piece is a number from 1");
      c.piece = static_cast<int32_t>(p - 1);
    } else if ((key == "to" || key == "location") && !to && !location) {
      c.location = d.find_location(value);
      if (c.location < 0) return rejected("bad choice '" + std::string(text) + "': no such location: '" + std::string(value) + "'");
      (key == "to" ? to : location) = true;
    } else if (key == "number" && !c.has_number) {
      if (!integer(c.number)) return rejected("bad choice '" + std::string(text) + "': a number is an integer");
      c.has_number = true;
    } else {
      return rejected("bad choice '" + std::string(text) + "': unknown or repeated key '" + std::string(key) +
                      "' (option, piece, to, location, number)");
    }
  }
  if (to && c.piece < 0) return rejected("bad choice '" + std::string(text) + "': 'to' needs a piece");
  if (location && c.piece >= 0) return rejected("bad choice '" + std::string(text) + "': a piece goes 'to' a location");
  return c;
}

TextArg piece_arg(const GameDef& d, const State& s, int piece) {
  TextArg a;
  a.kind = TextArg::Kind::kPiece;
  a.integer = piece;
  if (piece < 0 || piece >= static_cast<int>(s.pieces.size())) return a;
  const PieceState& p = s.pieces[piece];
  a.type = p.type;
  a.owner = p.owner;
  for (int side = 0; side < static_cast<int>(d.sides.size()) && side < 32; ++side)
    if (sees_piece(d, s, piece, side)) a.seen_by |= uint32_t{1} << side;
  return a;
}

TextArg location_arg(int location) {
  TextArg a;
  a.kind = TextArg::Kind::kLocation;
  a.integer = location;
  return a;
}

LazyText choice_lazy_text(const Choice& c, const GameDef& d, const State& s) {
  if (!c.text.empty()) return c.text;
  LazyText t;
  const auto templ = c.option.empty() ? d.texts.end() : d.texts.find(c.option);
  const bool own = templ != d.texts.end();
  switch (c.kind()) {
    case ChoiceKind::kOption:
      t.format = own ? templ->second : c.option;
      if (!own) {
        // The id itself, with any '%' kept as it is.
        std::string escaped;
        for (char ch : c.option) escaped += ch == '%' ? "%%" : std::string(1, ch);
        t.format = escaped;
      }
      break;
    case ChoiceKind::kPiece:
      t.format = own ? templ->second : "%P";
      t.args.push_back(piece_arg(d, s, c.piece));
      t.args.push_back(location_arg(s.pieces[c.piece].location));
      break;
    case ChoiceKind::kLocation:
      t.format = own ? templ->second : "%L";
      t.args.push_back(location_arg(c.location));
      break;
    case ChoiceKind::kMove: {
      const auto move = d.texts.find("move");
      t.format = own ? templ->second : move != d.texts.end() ? move->second : "Move %P from %L to %L";
      t.args.push_back(piece_arg(d, s, c.piece));
      t.args.push_back(location_arg(s.pieces[c.piece].location));
      t.args.push_back(location_arg(c.location));
      break;
    }
    case ChoiceKind::kNumber: {
      t.format = own ? templ->second : "%d";
      TextArg n;
      n.kind = TextArg::Kind::kInteger;
      n.integer = c.number;
      t.args.push_back(n);
      break;
    }
  }
  return t;
}

std::string choice_text(const Choice& c, const GameDef& d, const State& s, int reader) {
  return render(choice_lazy_text(c, d, s), d, reader);
}

namespace {

struct ChoiceValues {
  ArgClass classes[3];
  size_t count;
};
ChoiceValues values_of(ChoiceKind k) {
  switch (k) {
    case ChoiceKind::kPiece: return {{ArgClass::kPiece, ArgClass::kLocation}, 2};
    case ChoiceKind::kLocation: return {{ArgClass::kLocation}, 1};
    case ChoiceKind::kMove: return {{ArgClass::kPiece, ArgClass::kLocation, ArgClass::kLocation}, 3};
    case ChoiceKind::kNumber: return {{ArgClass::kInteger}, 1};
    case ChoiceKind::kOption: break;
  }
  return {{}, 0};
}

}  // namespace

bool words_fit(const std::vector<ArgClass>& classes, ChoiceKind k) {
  const ChoiceValues v = values_of(k);
  if (classes.size() > v.count) return false;
  for (size_t i = 0; i < classes.size(); ++i)
    if (!(classes[i] == v.classes[i] || classes[i] == ArgClass::kAny ||
          (classes[i] == ArgClass::kNumber && v.classes[i] == ArgClass::kInteger)))
      return false;
  return true;
}

const char* choice_values_text(ChoiceKind k) {
  switch (k) {
    case ChoiceKind::kPiece: return "%P (the piece) and %L (its location)";
    case ChoiceKind::kLocation: return "%L";
    case ChoiceKind::kMove: return "%P, %L (from) and %L (to)";
    case ChoiceKind::kNumber: return "%d";
    case ChoiceKind::kOption: break;
  }
  return "none";
}

}  // namespace cardboard
