#include "core/piece_label.h"

#include "core/lazy_text.h"
#include "core/printed_values.h"

namespace cardboard {

Result<std::vector<LabelPart>> parse_label(std::string_view pattern) {
  std::vector<LabelPart> parts;
  std::string literal;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if ((c == '{' || c == '}') && i + 1 < pattern.size() && pattern[i + 1] == c) {
      literal += c;
      ++i;
      continue;
    }
    if (c == '}') return rejected("a '}' without its '{' (write '}}' for a brace)");
    if (c != '{') {
      literal += c;
      continue;
    }
    const size_t close = pattern.find('}', i + 1);
    if (close == std::string_view::npos) return rejected("an unclosed '{' (write '{{' for a brace)");
    const std::string key(pattern.substr(i + 1, close - i - 1));
    if (key.empty() || key.find('{') != std::string::npos) return rejected("a '{}' without a key inside");
    if (!literal.empty()) parts.push_back({false, std::move(literal)});
    literal.clear();
    parts.push_back({true, key});
    i = close;
  }
  if (!literal.empty()) parts.push_back({false, std::move(literal)});
  return parts;
}

bool label_fits(const std::vector<LabelPart>& parts, const PieceTypeDef& t) {
  for (const LabelPart& p : parts)
    if (p.is_key && p.text != "name" && p.text != "face" && !t.values.find(std::string_view(p.text))) return false;
  return true;
}

std::string value_text(const Value& v) {
  if (v.is_int()) return std::to_string(v.as_int());
  if (v.is_number()) return number_text(v.as_number());
  if (v.is_bool()) return v.as_bool() ? "true" : "false";
  if (v.is_string()) return v.as_string();
  return "";
}

std::string piece_label(const GameDef& d, const State& s, int p) {
  const PieceState& ps = s.pieces[p];
  const PieceTypeDef& t = d.types[ps.type];
  const std::vector<LabelPart>* parts = !t.label.empty() ? &t.label : nullptr;
  if (!parts && !d.view.label.empty() && label_fits(d.view.label, t)) parts = &d.view.label;
  if (!parts) return t.name;
  std::string out;
  for (const LabelPart& part : *parts) {
    if (!part.is_key) out += part.text;
    else if (part.text == "name") out += t.name;
    else if (part.text == "face") out += ps.face >= 0 && ps.face < static_cast<int>(t.faces.size()) ? t.faces[ps.face] : "";
    else if (const Value* v = printed_value(d, ps, part.text)) out += value_text(*v);
  }
  return out;
}

}  // namespace cardboard
