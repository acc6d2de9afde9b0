#include "pages/gumbo_arena.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace sitemaplint {
namespace {

// Each allocation starts with a header that says where its memory came from, keeping what follows
// aligned for any type.
constexpr std::size_t kHeader = alignof(std::max_align_t);
constexpr unsigned char kFromArena = 0, kFromMalloc = 1;
constexpr std::size_t kBlockBytes = 256 * 1024;
// A head of 512 KiB (what --pages reads at most) needs a few megabytes of gumbo's memory.
constexpr std::size_t kMaxArenaBytes = 32 * 1024 * 1024;

std::size_t rounded(std::size_t size) { return (size + kHeader - 1) / kHeader * kHeader; }

}  // namespace

void GumboArena::use_for(GumboOptions& options) {
  options.allocator = &GumboArena::allocate;
  options.deallocator = &GumboArena::deallocate;
  options.userdata = this;
}

void* GumboArena::allocate(void* arena_pointer, std::size_t size) {
  auto& arena = *static_cast<GumboArena*>(arena_pointer);
  const std::size_t needed = kHeader + rounded(size);
  if (arena.blocks_.empty() || arena.used_ + needed > arena.sizes_.back()) {
    const std::size_t block = std::max(kBlockBytes, needed);
    if (arena.total_ + block > kMaxArenaBytes) {
      auto* memory = static_cast<unsigned char*>(std::malloc(needed));
      if (!memory) std::abort();  // as gumbo's own allocator does: it cannot report a failure
      memory[0] = kFromMalloc;
      return memory + kHeader;
    }
    arena.blocks_.push_back(std::make_unique<std::byte[]>(block));
    arena.sizes_.push_back(block);
    arena.total_ += block;
    arena.used_ = 0;
  }
  auto* memory = reinterpret_cast<unsigned char*>(arena.blocks_.back().get()) + arena.used_;
  arena.used_ += needed;
  memory[0] = kFromArena;
  return memory + kHeader;
}

void GumboArena::deallocate(void*, void* pointer) {
  if (!pointer) return;
  auto* memory = static_cast<unsigned char*>(pointer) - kHeader;
  if (memory[0] == kFromMalloc) std::free(memory);
}

void GumboArena::reset() {
  if (blocks_.size() > 1) {
    blocks_.resize(1);
    sizes_.resize(1);
    total_ = sizes_.front();
  }
  used_ = 0;
}

GumboArena& thread_gumbo_arena() {
  thread_local GumboArena arena;
  return arena;
}

}  // namespace sitemaplint
