#include "script/block_pool.h"

#include <cstdlib>
#include <cstring>
#include <new>

namespace cardboard {

BlockPool::~BlockPool() = default;

void* BlockPool::allocate_slow(size_t size) {
  if (!small(size)) return std::malloc(size);
  return carve(size_class(size));
}

void* BlockPool::carve(size_t c) {
  const size_t bytes = (c + 1) * kGrain;
  if (static_cast<size_t>(end_ - cursor_) < bytes) {
    // The slab's tail, too short for this class, is left unused.
    auto slab = std::unique_ptr<std::byte[]>(new (std::nothrow) std::byte[kSlabBytes]);
    if (!slab) return nullptr;
    cursor_ = slab.get();
    end_ = cursor_ + kSlabBytes;
    slabs_.push_back(std::move(slab));
  }
  void* b = cursor_;
  cursor_ += bytes;
  return b;
}

void BlockPool::release_large(void* block) { std::free(block); }

void* BlockPool::resize(void* block, size_t old_size, size_t new_size) {
  if (!small(old_size) && !small(new_size)) return std::realloc(block, new_size);
  if (small(old_size) && small(new_size) && size_class(old_size) == size_class(new_size)) return block;
  void* moved = allocate(new_size);
  if (!moved) return nullptr;
  std::memcpy(moved, block, old_size < new_size ? old_size : new_size);
  release(block, old_size);
  return moved;
}

}  // namespace cardboard
