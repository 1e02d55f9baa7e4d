#include "core/printed_values.h"

namespace cardboard {

const Table* face_values(const PieceTypeDef& t, int face) {
  if (t.on_face.empty() || face < 0 || face >= static_cast<int>(t.faces.size())) return nullptr;
  const auto it = t.on_face.find(t.faces[face]);
  return it == t.on_face.end() ? nullptr : &it->second;
}

const Value* printed_value(const GameDef& d, const PieceState& p, std::string_view key) {
  const PieceTypeDef& t = d.types[p.type];
  if (const Table* own = face_values(t, p.face))
    if (const Value* v = own->find(key)) return v;
  return t.values.find(key);
}

}  // namespace cardboard
