// gzip inflated: concatenated members as one file (gzip -c a b > c), as zlib reads them. libdeflate
// inflates a whole member about three times as fast as zlib, but only into a buffer known to be
// large enough: the trailer's stated size (ISIZE) says how large, where it can be trusted.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace sitemaplint {

// The gzip magic bytes.
bool is_gzip(std::string_view bytes);

// kFastest: libdeflate, member after member straight into a buffer of the stated size, when that
// size is within the limit and it all holds; zlib (kZlib) otherwise, which decides every error.
// Both give the same bytes, errors and stop on what compressors write and on damaged data
// (tests/gunzip_test.cpp compares them). A hand-made stream can tell them apart: one that uses a
// distance code RFC 1951 reserves (30 or 31), with a CRC made to match, zlib refuses and libdeflate
// inflates.
enum class Inflater { kFastest, kZlib };

struct Inflated {
  std::string bytes;  // what inflated (with an error, up to it)
  bool stopped = false;  // more than `limit` bytes: the rest was not inflated
  std::string error;  // corrupt or truncated gzip
};

// Inflates gzip `data`, stopping just past `limit` bytes of output.
Inflated gunzip_data(std::string_view data, std::size_t limit, Inflater inflater = Inflater::kFastest);

// Inflates gzip `data` into `room`: true when it holds exactly that many bytes, without error.
bool gunzip_exactly_into(std::string_view data, std::span<char> room);

}  // namespace sitemaplint
