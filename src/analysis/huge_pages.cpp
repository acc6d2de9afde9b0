#include "analysis/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

namespace sitemaplint {
namespace {

constexpr std::uintptr_t kHugePage = kHugePageBytes;
// From 512 KiB: each half's line starts of a 10 MB file (650 KB) take one huge page; a smaller
// array's few small pages cost less than zeroing a huge page would.
constexpr std::size_t kRoomFrom = kHugePageBytes / 4;

std::size_t whole_huge_pages(std::size_t bytes) { return (bytes + kHugePage - 1) & ~(kHugePage - 1); }

// The word in force in a THP setting: the one in brackets ("always [madvise] never").
std::string_view in_force(std::string_view setting) {
  const std::size_t open = setting.find('[');
  const std::size_t close = setting.find(']', open);
  if (open == std::string_view::npos || close == std::string_view::npos) return {};
  return setting.substr(open + 1, close - open - 1);
}

std::string first_line(const char* path) {
  std::string line;
  std::ifstream in(path);
  std::getline(in, line);
  return line;
}

}  // namespace

bool huge_pages_pay(std::string_view enabled, std::string_view defrag) {
  return in_force(enabled) == "madvise" && in_force(defrag) != "always";
}

bool huge_pages_wanted() {
  static const bool wanted = [] {
    if (const char* forced = std::getenv("SITEMAPLINT_HUGE_PAGES"); forced && *forced)
      return std::string_view(forced) != "0";
    return huge_pages_pay(first_line("/sys/kernel/mm/transparent_hugepage/enabled"),
                          first_line("/sys/kernel/mm/transparent_hugepage/defrag"));
  }();
  return wanted;
}

void advise_huge_pages(void* data, std::size_t size) {
  if (!huge_pages_wanted()) return;
#ifdef MADV_HUGEPAGE
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t last = (begin + size) & ~(kHugePage - 1);
  if (first >= last) return;
  // Advice only: refused (no THP in this kernel), the pages stay small and nothing else changes.
  ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
  (void)data;
  (void)size;
#endif
}

bool huge_pages_suit(std::size_t input_size) {
  return input_size >= (std::size_t{1} << 20) && input_size < (std::size_t{32} << 20);
}

bool in_huge_room(std::size_t bytes) { return bytes >= kRoomFrom && huge_pages_wanted(); }

void* allocate_room(std::size_t bytes) {
  if (!in_huge_room(bytes)) return ::operator new(bytes);
  // One huge page more than the room, to start it on a boundary; what lies before and after the
  // room is unmapped again.
  const std::size_t room = whole_huge_pages(bytes);
  const std::size_t mapped = room + kHugePage;
  void* p = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  const auto begin = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t start = (begin + kHugePage - 1) & ~std::uintptr_t{kHugePage - 1};
  if (start > begin) ::munmap(p, start - begin);
  if (const std::uintptr_t end = begin + mapped; end > start + room)
    ::munmap(reinterpret_cast<void*>(start + room), end - (start + room));
  advise_huge_pages(reinterpret_cast<void*>(start), room);
  return reinterpret_cast<void*>(start);
}

void free_room(void* room, std::size_t bytes) noexcept {
  if (!in_huge_room(bytes)) {
    ::operator delete(room);
    return;
  }
  ::munmap(room, whole_huge_pages(bytes));
}

}  // namespace sitemaplint
