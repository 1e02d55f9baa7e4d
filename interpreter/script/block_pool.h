// A free-list allocator for the small blocks a Lua state allocates and frees
// by the thousand in every game: tables, closures, short strings. Lua tells
// the old size of a block on every free and resize, so blocks need no header:
// sizes round up to 16-byte classes up to 256 bytes, carved from 64 KiB slabs
// that live as long as the pool; larger blocks go to malloc. One pool serves
// one Lua state, which runs on one thread at a time, so there is no locking.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace cardboard {

class BlockPool {
 public:
  BlockPool() = default;
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;
  ~BlockPool();

  // nullptr when the system is out of memory. A block of a free list is
  // taken or given back inline: the Lua state does it a few hundred times
  // in every game.
  void* allocate(size_t size) {
    if (small(size)) {
      const size_t c = size_class(size);
      if (FreeBlock* b = free_[c]) {
        free_[c] = b->next;
        return b;
      }
    }
    return allocate_slow(size);
  }
  void release(void* block, size_t size) {
    if (!block) return;
    if (!small(size)) {
      release_large(block);
      return;
    }
    auto* b = static_cast<FreeBlock*>(block);
    const size_t c = size_class(size);
    b->next = free_[c];
    free_[c] = b;
  }
  // realloc's contract: the contents up to the smaller size are kept; on
  // failure the old block is untouched and nullptr is returned.
  void* resize(void* block, size_t old_size, size_t new_size);

 private:
  static constexpr size_t kGrain = 16;
  static constexpr size_t kLargestSmall = 256;
  static constexpr size_t kSlabBytes = 64 << 10;
  struct FreeBlock {
    FreeBlock* next;
  };
  static bool small(size_t size) { return size <= kLargestSmall; }
  static size_t size_class(size_t size) { return (size - 1) / kGrain; }
  void* allocate_slow(size_t size);  // a large block, or a small one carved from a slab
  void release_large(void* block);
  void* carve(size_t size_class);

  std::array<FreeBlock*, kLargestSmall / kGrain> free_{};
  std::vector<std::unique_ptr<std::byte[]>> slabs_;
  std::byte* cursor_ = nullptr;
  std::byte* end_ = nullptr;
};

}  // namespace cardboard
