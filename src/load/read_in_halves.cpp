#include "load/read_in_halves.h"

#include <unistd.h>

#include <cerrno>
#include <thread>

#include "load/grow_uninitialized.h"

namespace sitemaplint {
namespace {

// Below this, a second thread costs more than it saves (a thread starts in some 50 us; a 4 MiB
// read takes about 1.5 ms).
constexpr std::size_t kHalvesFrom = std::size_t{4} << 20;

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
  // Sized without a byte written (grow_uninitialized.h): each thread reads into its own half, its
  // pages made as the read reaches them. (One thread once zeroed the whole string while the other
  // waited; pages made ahead with MADV_POPULATE_WRITE were no faster, 1.00x-1.04x.)
  grow_uninitialized(*out, size);
  char* const data = out->data();
  const std::size_t half = size / 2;
  bool second_read = false;
  int second_errno = 0;
  std::thread second([&] {
    second_read = read_at(fd, data + half, size - half, half);
    second_errno = errno;
  });
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
