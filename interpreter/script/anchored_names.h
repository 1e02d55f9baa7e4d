// Names the kernel looks up by the identity of a Lua string: location and
// side ids, printed value keys. Each name is made once as a Lua string and
// kept alive ("anchored") in the state for as long as the state lives, so
// its object is never freed and its address never reused. Lua interns every
// string up to a length (short_string_limit), so any Lua string with the
// text of a short anchored name is that very object: the "north" a rules
// literal passes is the string anchored for location north. A look-up is
// then a comparison of addresses, with no comparison of texts.
//
// The address is lua_topointer's, which the manual promises differs for
// different objects. Only a light userdata could show an object's address
// without being that object, and the rules cannot make one (the kernel's own
// point into its static data, never at a Lua string). So a value found is
// the anchored string itself: no check of its type is needed.
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
  // The index recorded for the Lua value at `idx` when it is an anchored
  // name's string, else -1 (whatever the value is).
  int find(lua_State* L, int idx) const { return find(lua_topointer(L, idx)); }
  // The same by the value's address (lua_topointer).
  int find(const void* object) const {
    if (!object || slots_.empty()) return -1;
    for (size_t i = hash(object);; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.object == object) return slot.index;
      if (!slot.object) return -1;
    }
  }

  // Makes `name` a Lua string, anchors it in the table at `anchors` (its
  // next array element) and records `index` for it when it is short enough
  // to be interned (`limit`: short_string_limit). A name added twice keeps
  // its first index.
  void add(lua_State* L, int anchors, std::string_view name, int index, size_t limit);
  // Anchors the string at `idx` itself in the table at `anchors` and records
  // `index` for it: found then by that object only (its text may be long),
  // for a cache keyed by the strings the rules give.
  void add_object(lua_State* L, int anchors, int idx, int index);

 private:
  struct Slot {
    const void* object = nullptr;
    int index = -1;
  };
  size_t hash(const void* object) const {
    // Objects are 8-byte aligned: mix the address, keep the top bits.
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(object) * 0x9e3779b97f4a7c15ULL) >> shift_) & mask_;
  }
  void insert(const void* object, int index);
  void grow_for_one();  // room for one more, the map at most half full

  std::vector<Slot> slots_;  // open addressing, at most half full
  size_t mask_ = 0;
  int shift_ = 64;
  size_t count_ = 0;
};

}  // namespace cardboard
