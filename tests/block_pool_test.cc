// The Lua allocator's free-list pool (script/block_pool.h): blocks of every
// size class keep their contents through resizes across classes and into and
// out of malloc's range, freed blocks are reused, and blocks never overlap.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "script/block_pool.h"

using cardboard::BlockPool;

namespace {

void fill(void* p, size_t n, unsigned char seed) {
  auto* b = static_cast<unsigned char*>(p);
  for (size_t i = 0; i < n; ++i) b[i] = static_cast<unsigned char>(seed + i);
}

bool holds(const void* p, size_t n, unsigned char seed) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < n; ++i)
    if (b[i] != static_cast<unsigned char>(seed + i)) return false;
  return true;
}

}  // namespace

TEST_CASE("block pool: blocks are 16-byte aligned and never overlap", "[kernel][sandbox]") {
  BlockPool pool;
  std::vector<std::pair<uintptr_t, size_t>> blocks;
  // Enough blocks to fill several slabs, every size from 1 to 300 bytes.
  for (int round = 0; round < 40; ++round)
    for (size_t size = 1; size <= 300; size += 7) {
      void* p = pool.allocate(size);
      REQUIRE(p);
      CHECK(reinterpret_cast<uintptr_t>(p) % 16 == 0);
      blocks.emplace_back(reinterpret_cast<uintptr_t>(p), size);
    }
  std::sort(blocks.begin(), blocks.end());
  for (size_t i = 1; i < blocks.size(); ++i) CHECK(blocks[i - 1].first + blocks[i - 1].second <= blocks[i].first);
  for (auto [p, size] : blocks) pool.release(reinterpret_cast<void*>(p), size);
}

TEST_CASE("block pool: a freed block is reused for the same size class", "[kernel][sandbox]") {
  BlockPool pool;
  void* a = pool.allocate(40);
  pool.release(a, 40);
  CHECK(pool.allocate(33) == a);  // 33..48 bytes share a class
  void* b = pool.allocate(40);
  CHECK(b != a);
  pool.release(b, 40);
  pool.release(a, 33);
}

TEST_CASE("block pool: resizing keeps the contents, within and across classes", "[kernel][sandbox]") {
  BlockPool pool;
  void* p = pool.allocate(20);
  fill(p, 20, 7);
  void* q = pool.resize(p, 20, 30);  // same class: the block stays
  CHECK(q == p);
  CHECK(holds(q, 20, 7));
  void* r = pool.resize(q, 30, 200);  // a larger class
  CHECK(holds(r, 20, 7));
  fill(r, 200, 9);
  void* big = pool.resize(r, 200, 5000);  // into malloc's range
  CHECK(holds(big, 200, 9));
  fill(big, 5000, 3);
  void* bigger = pool.resize(big, 5000, 9000);  // within malloc's range
  CHECK(holds(bigger, 5000, 3));
  void* back = pool.resize(bigger, 9000, 100);  // back into the pool
  CHECK(holds(back, 100, 3));
  void* tiny = pool.resize(back, 100, 8);
  CHECK(holds(tiny, 8, 3));
  pool.release(tiny, 8);
}
