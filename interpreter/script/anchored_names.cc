#include "script/anchored_names.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

namespace cardboard {

size_t short_string_limit(lua_State* L) {
  // Two strings of the same text made apart are one object when interned.
  // Interning goes by length alone: the first length that is not interned
  // ends the search (256 is far past any Lua build's limit).
  std::string text;
  size_t limit = 0;
  for (size_t n = 1; n <= 256; ++n) {
    text.assign(n, 'a');
    const char* a = lua_pushlstring(L, text.data(), n);
    text.assign(n, 'a');  // another buffer's copy, the same text
    const char* b = lua_pushlstring(L, text.data(), n);
    lua_pop(L, 2);
    if (a != b) break;
    limit = n;
  }
  return limit;
}

void AnchoredNames::add(lua_State* L, int anchors, std::string_view name, int index, size_t limit) {
  anchors = lua_absindex(L, anchors);
  lua_pushlstring(L, name.data(), name.size());
  const void* object = lua_topointer(L, -1);
  lua_rawseti(L, anchors, static_cast<lua_Integer>(lua_rawlen(L, anchors)) + 1);
  if (name.size() > limit || find(object) >= 0) return;
  grow_for_one();
  insert(object, index);
}

void AnchoredNames::grow_for_one() {
  if ((count_ + 1) * 2 <= slots_.size()) return;
  // Grow to twice the room and insert everything again.
  std::vector<Slot> old = std::move(slots_);
  const size_t size = std::max<size_t>(16, std::bit_ceil((count_ + 1) * 4));
  slots_.assign(size, Slot{});
  mask_ = size - 1;
  shift_ = 64 - std::countr_zero(size);
  count_ = 0;
  for (const Slot& slot : old)
    if (slot.object) insert(slot.object, slot.index);
}

void AnchoredNames::add_object(lua_State* L, int anchors, int idx, int index) {
  anchors = lua_absindex(L, anchors);
  const void* object = lua_topointer(L, idx);
  lua_pushvalue(L, idx);
  lua_rawseti(L, anchors, static_cast<lua_Integer>(lua_rawlen(L, anchors)) + 1);
  if (find(object) >= 0) return;
  grow_for_one();
  insert(object, index);
}

void AnchoredNames::insert(const void* object, int index) {
  size_t i = hash(object);
  while (slots_[i].object) i = (i + 1) & mask_;
  slots_[i] = {object, index};
  ++count_;
}

}  // namespace cardboard
