#include "load/read_room.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>

#include "analysis/huge_pages.h"

namespace sitemaplint {

void reserve_read_room(std::string& buffer, std::size_t size) {
  if (!huge_pages_suit(size) || !huge_pages_wanted()) {
    buffer.reserve(size);
    return;
  }
  constexpr std::uintptr_t kHugePage = kHugePageBytes;
  constexpr std::uintptr_t kPage = 4096;
  buffer.reserve(size + kHugePage);
  advise_huge_pages(buffer.data(), buffer.capacity());
#ifdef MADV_POPULATE_WRITE
  // Advice only: a kernel before 5.14 refuses it, and the pages are faulted in as they are written.
  const auto begin = reinterpret_cast<std::uintptr_t>(buffer.data());
  const std::uintptr_t first_page = (begin + kPage - 1) & ~(kPage - 1);
  const std::uintptr_t first_huge = (begin + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t end = std::min<std::uintptr_t>(first_huge, (begin + size) & ~(kPage - 1));
  if (first_page < end) ::madvise(reinterpret_cast<void*>(first_page), end - first_page, MADV_POPULATE_WRITE);
#endif
}

}  // namespace sitemaplint
