// A large file read on two threads: with cores to spare (--jobs), the read of one large sitemap,
// which comes before any lane can start, takes half the time. Each thread makes its half's pages
// (the kernel zeroes each one on its first touch) and copies its half in.
#pragma once

#include <cstddef>
#include <span>
#include <string>

namespace sitemaplint {

// Whether a file of `size` bytes is read in halves when `threads` threads are free for it.
bool reads_in_halves(std::size_t size, unsigned threads);

// Reads `size` bytes from the start of the regular file `fd` into *out (empty, its capacity
// reserved for them): false with errno set when a read fails or the file is shorter; *out then
// holds what the first half read, or nothing.
bool read_in_halves(int fd, std::size_t size, std::string* out);

// Reads bytes.size() bytes from the start of `fd` into `bytes`, memory already made (a buffer read
// again), the second half on a thread of its own: false with errno set as read_in_halves.
bool read_in_halves(int fd, std::span<char> bytes);

}  // namespace sitemaplint
