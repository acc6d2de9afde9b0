#include "tree_memory.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <pugixml.hpp>

namespace sitemaplint {

namespace {

constexpr std::uintptr_t kHugePage = kHugePageBytes;
// pugixml asks for memory as malloc would; its pages are best kept on cache lines of their own.
constexpr std::size_t kAlignment = 64;

}  // namespace

// pugixml's allocation functions are global: they take from this thread's TreeMemory while a
// Scope has one, else from the heap, and give back to the heap only what did not come from a
// TreeMemory (those are unmapped whole). They are installed on the first Scope, before the first
// parse; memory pugixml took from the heap before that is told apart by its address alike.
struct TreeAllocator {
  static inline thread_local TreeMemory* current = nullptr;
  static inline std::mutex live_mutex;
  static inline std::vector<const TreeMemory*> live;  // guarded by live_mutex

  static void* allocate(std::size_t n) {
    if (current) {
      if (void* p = current->take(n)) return p;
    }
    return std::malloc(n);
  }
  static void deallocate(void* p) {
    if (!p) return;
    {
      const std::lock_guard lock(live_mutex);
      for (const TreeMemory* memory : live) {
        if (memory->holds(p)) return;
      }
    }
    std::free(p);
  }
  static void install() {
    static std::once_flag once;
    std::call_once(once, [] { pugi::set_memory_management_functions(&allocate, &deallocate); });
  }
};

namespace {
thread_local std::unique_ptr<TreeMemory> spare;  // given back by this thread's last document
}  // namespace

void TreeMemory::give_back(std::unique_ptr<TreeMemory> memory) {
  if (memory && (!spare || spare->size_ <= memory->size_)) spare = std::move(memory);
}

std::size_t TreeMemory::huge_page_bytes(std::size_t input_size) {
  // A sitemap's tree takes 2 to 2.5 bytes per byte of input.
  return huge_pages_suit(input_size) ? (input_size * 2) & ~(kHugePage - 1) : 0;
}

std::unique_ptr<TreeMemory> TreeMemory::for_input(std::size_t input_size) {
  // A sitemap's tree takes about 2 bytes per byte of input (4 with many short attributes);
  // denser XML overflows to the heap, which is only slower. Rounded to whole huge pages.
  const std::size_t wanted = input_size / 2 * 9 + (std::size_t{4} << 20);
  const std::size_t size = (wanted + kHugePage - 1) & ~(kHugePage - 1);
  if (spare && spare->size_ >= size) {
    spare->used_ = 0;
    return std::move(spare);
  }
  // One huge page more, to start the room on a huge-page boundary.
  const std::size_t mapped = size + kHugePage;
  void* p = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  const auto begin = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t aligned = (begin + kHugePage - 1) & ~(kHugePage - 1);
  // Give back the slack before and after the aligned room.
  if (aligned > begin) ::munmap(p, aligned - begin);
  if (aligned + size < begin + mapped)
    ::munmap(reinterpret_cast<void*>(aligned + size), begin + mapped - aligned - size);
  char* base = reinterpret_cast<char*>(aligned);
  advise_huge_pages(base, std::min(size, huge_page_bytes(input_size)));
  std::unique_ptr<TreeMemory> memory(new TreeMemory(base, size));
  const std::lock_guard lock(TreeAllocator::live_mutex);
  TreeAllocator::live.push_back(memory.get());
  return memory;
}

TreeMemory::~TreeMemory() {
  {
    const std::lock_guard lock(TreeAllocator::live_mutex);
    std::erase(TreeAllocator::live, this);
  }
  ::munmap(base_, size_);
}

void TreeMemory::release_unused() {
  constexpr std::size_t kPage = 4096;
  const std::size_t from = (used_ + kPage - 1) & ~(kPage - 1);
  const std::size_t to = std::min<std::size_t>(size_, (used_ + kHugePage - 1) & ~(kHugePage - 1));
  // Splits the huge page; the pages past the tree go back to the kernel (and read as zero if touched).
  if (from < to) ::madvise(base_ + from, to - from, MADV_DONTNEED);
}

void* TreeMemory::take(std::size_t n) {
  const std::size_t rounded = (n + kAlignment - 1) & ~(kAlignment - 1);
  if (rounded < n || rounded > size_ - used_) return nullptr;
  void* p = base_ + used_;
  used_ += rounded;
  return p;
}

TreeMemory::Scope::Scope(TreeMemory* memory) : previous_(TreeAllocator::current) {
  TreeAllocator::install();
  TreeAllocator::current = memory;
}

TreeMemory::Scope::~Scope() { TreeAllocator::current = previous_; }

}  // namespace sitemaplint
