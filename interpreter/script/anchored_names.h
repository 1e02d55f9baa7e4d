// Names the kernel looks up by the address of a Lua string: location and
// side ids, printed value keys. Each name is made once as a Lua string and
// kept alive ("anchored") in the state for as long as the state lives, so
// its address is never reused by another string. Lua interns every string up
// to a length (short_string_limit), so any Lua string with the text of a
// short anchored name is that very object: the "north" a rules literal
// passes is the string anchored for location north. A look-up is then a
// comparison of addresses, with no comparison of texts.
//
// Invariant: every address in the map is that of a string anchored in the
// state the map belongs to; a map is per Lua state (an address means
// nothing in another). A name longer than the limit is not in the map (a
// string with its text may be another object): callers look it up by text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <lua.hpp>

namespace cardboard {

// The longest string Lua interns, found by trying (it is a build option of
// the Lua library, LUAI_MAXSHORTLEN, 40 by default).
size_t short_string_limit(lua_State* L);

class AnchoredNames {
 public:
  // The index recorded for the string whose text starts at `s` (as
  // lua_tolstring gives it), or -1.
  int find(const char* s) const {
    if (slots_.empty()) return -1;
    for (size_t i = hash(s);; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.text == s) return slot.index;
      if (!slot.text) return -1;
    }
  }

  // Makes `name` a Lua string, anchors it in the table at `anchors` (its
  // next array element) and records `index` for it when it is short enough
  // to be interned (`limit`: short_string_limit). A name added twice keeps
  // its first index.
  void add(lua_State* L, int anchors, std::string_view name, int index, size_t limit);

 private:
  struct Slot {
    const char* text = nullptr;
    int index = -1;
  };
  size_t hash(const char* s) const {
    // Strings are 8-byte aligned objects: mix the address, keep the top bits.
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(s) * 0x9e3779b97f4a7c15ULL) >> shift_) & mask_;
  }
  void insert(const char* s, int index);

  std::vector<Slot> slots_;  // open addressing, at most half full
  size_t mask_ = 0;
  int shift_ = 64;
  size_t count_ = 0;
};

}  // namespace cardboard
