#include "load/read_in_halves.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <latch>
#include <thread>

namespace sitemaplint {
namespace {

// Below this, a second thread costs more than it saves (a thread starts in some 50 us; a 4 MiB
// read takes about 1.5 ms).
constexpr std::size_t kHalvesFrom = std::size_t{4} << 20;

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14; older kernels refuse it, and the pages come on first touch
#endif

// Makes the pages of [data, data + size) ready for writing, zeroed, now rather than one fault at
// a time while they are written.
void populate(char* data, std::size_t size) {
  const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto first = reinterpret_cast<std::uintptr_t>(data) & ~(page - 1);
  const auto end = reinterpret_cast<std::uintptr_t>(data) + size;
  if (end > first) ::madvise(reinterpret_cast<void*>(first), end - first, MADV_POPULATE_WRITE);
}

// Reads [offset, offset + size) of `fd` into `data`; false with errno set on an error or an early end.
bool read_at(int fd, char* data, std::size_t size, std::size_t offset) {
  while (size > 0) {
    const ssize_t got = ::pread(fd, data, size, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      if (got == 0) errno = 0;
      return false;
    }
    data += got;
    offset += static_cast<std::size_t>(got);
    size -= static_cast<std::size_t>(got);
  }
  return true;
}

}  // namespace

bool reads_in_halves(std::size_t size, unsigned threads) { return threads >= 2 && size >= kHalvesFrom; }

bool read_in_halves(int fd, std::size_t size, std::string* out) {
  char* const data = out->data();
  const std::size_t half = size / 2;
  // The second half's thread makes its pages while this one sizes the string, which writes every
  // byte (the first half's pages are made then, the second's are found ready); then both read.
  std::latch sized(1);
  bool second_read = false;
  int second_errno = 0;
  std::thread second([&] {
    populate(data + half, size - half);
    sized.wait();
    second_read = read_at(fd, data + half, size - half, half);
    second_errno = errno;
  });
  out->resize(size);
  sized.count_down();
  const bool first_read = read_at(fd, data, half, 0);
  const int first_errno = errno;
  second.join();
  if (first_read && second_read) return true;
  out->clear();
  errno = first_read ? second_errno : first_errno;
  return false;
}

bool read_in_halves(int fd, std::span<char> bytes) {
  const std::size_t half = bytes.size() / 2;
  bool second_read = false;
  int second_errno = 0;
  std::thread second([&] {
    second_read = read_at(fd, bytes.data() + half, bytes.size() - half, half);
    second_errno = errno;
  });
  const bool first_read = read_at(fd, bytes.data(), half, 0);
  const int first_errno = errno;
  second.join();
  if (first_read && second_read) return true;
  errno = first_read ? second_errno : first_errno;
  return false;
}

}  // namespace sitemaplint
