// Transparent huge pages (2 MiB), where they pay: whether the kernel gives them on request, which
// buffers suit them, and an allocator for the large arrays a lint writes front to back. Each page
// of 4 KiB touched for the first time is a trap into the kernel (on a virtual machine, often one
// into the host too: on one, 15 us a page, against under a microsecond in a huge page); the input's
// bytes and the tree (tree_memory.h, load/read_room.h) and the arrays below are written once, front
// to back, so where a huge page fills they are asked for in huge pages. The rule is measured, kind
// by kind and size by size, in bench/README.md.
#pragma once

#include <cstddef>
#include <new>
#include <string_view>
#include <type_traits>
#include <utility>

namespace sitemaplint {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// Asks the kernel to back the whole huge pages inside [data, data + size) with transparent huge
// pages. Only pages not yet touched are affected, so call it before the bytes are first written,
// and only over bytes that will all be written: a huge page is zeroed whole on first touch (a 1-URL
// sitemap's run took 12% more CPU with its tree's few KiB in a huge page of 2 MiB).
// A no-op where the kernel offers none (THP "never", another OS), for less than one huge page, and
// where huge pages are not wanted (huge_pages_wanted).
void advise_huge_pages(void* data, std::size_t size);

// Whether asking for huge pages (MADV_HUGEPAGE) pays under the kernel's THP settings, `enabled`
// and `defrag` as /sys/kernel/mm/transparent_hugepage/ words them ("always [madvise] never", the
// one in force in brackets): only where they are given on request ("madvise"; with "always" every
// large mapping has them unasked, and the advice would only add defrag's stalls; with "never",
// none), and not where every huge page fault may stall to compact memory (defrag "always").
bool huge_pages_pay(std::string_view enabled, std::string_view defrag);

// Whether large buffers are asked for in huge pages: as the kernel's THP settings say
// (huge_pages_pay), or as SITEMAPLINT_HUGE_PAGES says ("0": never, anything else: always), worked
// out once per process. The rule is measured, kind by kind and size by size, in bench/README.md.
bool huge_pages_wanted();

// Whether the buffers of an input of `input_size` bytes are asked for in huge pages (when wanted at
// all): from 1 MiB, where its tree fills one, to 32 MiB. Measured with huge pages against without,
// runs on files of 1 to 25 MB took 0.75x to 1.08x the CPU, most of them less; on files of 50 MB,
// 0.90x to 1.19x, half of them more (the kernel's time for each fresh huge page grew with the
// memory a run took).
bool huge_pages_suit(std::size_t input_size);

// An allocator for large arrays a lint writes front to back beside its tree (the pre-scan's line
// starts, the pages kept for the checks across the set): from 512 KiB of room, an array gets a
// mapping of its own that starts on a huge-page boundary, in huge pages where they are wanted. A
// 10 MB sitemap fills most of a huge page with each, and in small pages the two took 600 of its
// 1,169 page faults. Not for an array that fills a small part of one (duplicate-loc's URL keys,
// 400 KB there): a huge page is zeroed whole, and the run holds all of it.
// Whether an allocation of `bytes` is made in a huge-page room: from 512 KiB, where huge pages are
// wanted (huge_pages_wanted). The same answer for the same size throughout a process.
bool in_huge_room(std::size_t bytes);
// Room for `bytes`, in huge pages where in_huge_room says; else from operator new.
void* allocate_room(std::size_t bytes);
// Gives back what allocate_room(bytes) gave.
void free_room(void* room, std::size_t bytes) noexcept;

template <typename T>
struct HugeRoomAllocator {
  using value_type = T;
  HugeRoomAllocator() = default;
  template <typename U>
  HugeRoomAllocator(const HugeRoomAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(allocate_room(n * sizeof(T))); }
  // An element made without a value (resize()) is left as its room has it, not written: the arrays
  // are written front to back by their owners, and a later lane's pages are written into the first
  // lane's room before resize() counts them in (page_facts.cpp). For types whose objects any bytes
  // make (trivially copyable), as every element type here is.
  template <typename U>
  void construct(U*) noexcept {
    static_assert(std::is_trivially_copyable_v<U> && std::is_trivially_destructible_v<U>);
  }
  template <typename U, typename... Args>
  void construct(U* at, Args&&... args) {
    ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
  }
  void deallocate(T* room, std::size_t n) noexcept { free_room(room, n * sizeof(T)); }
  template <typename U>
  bool operator==(const HugeRoomAllocator<U>&) const {
    return true;
  }
};

}  // namespace sitemaplint
